"""The folder to load for a model argument: the argument itself, or for a release (an official C2LLM or CodeFuse-CGE
checkpoint, :func:`c2llm.layout.folder_kind`) its conversion, made once into the cache.

Training, the search encoder and the official-parity check load through here, so a release works wherever a model
folder does.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from .layout import CONFIG, CONVERSION_FORMAT, CONVERTIBLE, folder_kind

CONVERTED_CACHE = Path(os.environ.get("C2LLM_CACHE", Path.home() / ".cache" / "c2llm")) / "converted"


def loadable_path(model: str) -> str:
    """What to hand to ``SentenceTransformer``: ``model`` itself, or for a release layout its converted copy in
    ``CONVERTED_CACHE`` (converted once; the cache key names the conversion format, so a copy written by an earlier
    converter is never served)."""
    folder = Path(model).expanduser()
    if folder_kind(folder) not in CONVERTIBLE:
        return model
    from .hub.convert import convert

    digest = hashlib.sha256(str(folder.resolve()).encode("utf-8")).hexdigest()[:16]
    target = CONVERTED_CACHE / f"{folder.name}-{digest}-v{CONVERSION_FORMAT}"
    if not (target / CONFIG).exists():
        convert(folder, target)
    return str(target)


def embedding_key(model: str) -> str:
    """What the embeddings of ``model`` depend on beyond its path: the conversion format of a release layout."""
    return f"converted-v{CONVERSION_FORMAT}" if folder_kind(model) in CONVERTIBLE else ""
