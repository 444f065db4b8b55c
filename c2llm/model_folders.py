"""What kind of model folder a path is, read from its ``config.json`` alone, and the folder to load for it.

The one place that answers it; training, the search encoder and the converter all ask here:

* ``package``: this package's layout (``model_type: c2llm`` with a nested ``backbone_config``), loads as it is;
* ``official``: a ``codefuse-ai/C2LLM-*`` release (flat Qwen2 config, ``architectures: [C2LLMForEmbedding]``);
* ``cge``: a ``codefuse-ai/CodeFuse-CGE-*`` release (flat Qwen2 / Phi-3 config, ``CodeFuse_CGE_*`` architectures);
* ``None``: anything else (a plain backbone, a sentence-transformers model, a Hub id, no readable config).

The two release layouts are converted (:func:`c2llm.hub.convert.convert`) before they are loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .layout import CONFIG

PACKAGE, OFFICIAL, CGE = "package", "official", "cge"
CONVERTIBLE = (OFFICIAL, CGE)
# Bumped when a conversion computes other numbers from the same release (2: the official head's projected residual
# and unnormalised output), so that no cached copy or embedding of an earlier conversion is used.
CONVERSION_FORMAT = 2
CONVERTED_CACHE = Path(os.environ.get("C2LLM_CACHE", Path.home() / ".cache" / "c2llm")) / "converted"


def kind_of_config(config: dict) -> str | None:
    """The kind of a parsed ``config.json`` (see the module docstring)."""
    architectures = config.get("architectures") or []
    if "backbone_config" in config:
        return PACKAGE if config.get("model_type") == "c2llm" else None
    if config.get("model_type") == "c2llm" or "C2LLMForEmbedding" in architectures:
        return OFFICIAL
    if any(str(name).startswith("CodeFuse_CGE") for name in architectures):
        return CGE
    return None


def folder_kind(path: str | os.PathLike) -> str | None:
    """The kind of the folder at ``path``; ``None`` when it has no readable ``config.json``."""
    try:
        config = json.loads((Path(path).expanduser() / CONFIG).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return kind_of_config(config) if isinstance(config, dict) else None


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
