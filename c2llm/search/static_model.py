"""The fast embedder of an index: a model2vec static model (one vector per token, averaged; no transformer, no torch).

The default index model is distilled once, on first use, from the offline all-MiniLM-L6-v2 with model2vec's
``distill`` (every token of the vocabulary through the transformer, PCA to 256 dimensions, Zipf weighting) into
``~/.cache/c2llm/static/``: about 30 s on 2 cores, then a unit embeds in microseconds, so a first index is ready in
seconds and a one-shot ``c2llm search`` needs no torch. Any other model2vec folder (a ``config.json`` with
``"model_type": "model2vec"``) also works as ``--model``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ModelLoadError
from .model_key import model_key

if TYPE_CHECKING:
    from model2vec import StaticModel

STATIC_CACHE = Path(os.environ.get("C2LLM_CACHE", Path.home() / ".cache" / "c2llm")) / "static"
# model2vec's default: 0.8376 nDCG@10 on the dev split, 0.8340 at 128, 0.8220 unreduced (with an earlier ranking)
PCA_DIMS = 256


def is_static_model(model: str) -> bool:
    """Whether ``model`` is a local model2vec folder."""
    try:
        config = json.loads((Path(model).expanduser() / "config.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(config, dict) and config.get("model_type") == "model2vec"


def distilled(teacher: str, name: str | None = None) -> str:
    """The static model distilled from the SentenceTransformer folder ``teacher`` (``name``: how its folder is
    called, default the teacher's), made once and kept in ``STATIC_CACHE`` (written to a temporary folder and
    renamed, so a killed distillation leaves nothing)."""
    digest = hashlib.sha256(f"{Path(teacher).resolve()}\0{PCA_DIMS}".encode()).hexdigest()[:8]
    target = STATIC_CACHE / f"{name or Path(teacher).name}-static{PCA_DIMS}-{digest}"
    if (target / "config.json").exists():
        return str(target)
    try:
        from model2vec.distill import distill
    except ImportError as error:
        raise ModelLoadError(f"cannot distill the static index model ({error}); pip install model2vec skeletoken, "
                             "or pass --model PATH_OR_ID") from None
    print(f"distilling a static model from {name or Path(teacher).name} once, into {target} (about 30 s)",
          file=sys.stderr)
    partial = target.with_name(f"{target.name}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    distill(model_name=teacher, pca_dims=PCA_DIMS).save_pretrained(str(partial))
    try:
        partial.rename(target)
    except OSError:  # another process finished first: keep its copy
        shutil.rmtree(partial, ignore_errors=True)
    return str(target)


def load_folder(folder: Path) -> StaticModel | None:
    """A model2vec folder of model2vec's own layout (``model.safetensors`` with ``embeddings``, ``tokenizer.json``,
    ``config.json``) loaded as ``StaticModel.from_pretrained`` loads it, without importing ``model2vec.persistence``
    (it imports huggingface_hub's Hub client: 0.27 s of a one-shot search); ``None`` for any other layout."""
    import safetensors
    from model2vec.model import DEFAULT_MAX_LENGTH, StaticModel
    from tokenizers import Tokenizer

    weights_file, tokenizer_file, config_file = (folder / name for name in
                                                 ("model.safetensors", "tokenizer.json", "config.json"))
    if not (weights_file.is_file() and tokenizer_file.is_file() and config_file.is_file()):
        return None
    with safetensors.safe_open(weights_file, framework="numpy") as tensors:
        names = set(tensors.keys())
        if "embeddings" not in names:
            return None
        embeddings, weights, mapping = (tensors.get_tensor(name) if name in names else None
                                        for name in ("embeddings", "weights", "mapping"))
    config = json.loads(config_file.read_text(encoding="utf-8"))
    return StaticModel(vectors=embeddings, tokenizer=Tokenizer.from_file(os.fspath(tokenizer_file)), config=config,
                       normalize=config.get("normalize", False), weights=weights, token_mapping=mapping,
                       max_length=config.get("max_length", DEFAULT_MAX_LENGTH))


class StaticEncoder:
    """Encodes documents and queries with a model2vec static model (same interface as
    :class:`c2llm.search.encoder.Encoder`; static models take no prompts)."""

    document_prompt = query_prompt = ""

    def __init__(self, model: str, **_options):
        self.model_id, self.key = model, model_key(model)
        self._model: StaticModel | None = None
        self._lock = threading.Lock()

    def embed_key(self, text: str) -> str:
        """Cache key of a document's embedding: model and text."""
        return hashlib.blake2b(f"{self.key}\0\0{text}".encode(), digest_size=16).hexdigest()

    @property
    def model(self) -> StaticModel:
        with self._lock:
            if self._model is None:
                from model2vec import StaticModel

                try:
                    self._model = load_folder(Path(self.model_id)) or StaticModel.from_pretrained(self.model_id)
                except Exception as error:  # a broken or partial folder
                    raise ModelLoadError(f"--model {self.model_id}: cannot load this model2vec folder "
                                         f"({str(error).strip().splitlines()[0] if str(error).strip() else error!r})"
                                         ) from error
            return self._model

    @property
    def dimension(self) -> int:
        return int(self.model.dim)

    def _encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = np.asarray(self.model.encode(texts, show_progress_bar=False), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-12)  # cosine by dot product, as the store expects

    def encode_documents(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 embeddings of code units."""
        return self._encode(texts)

    def encode_queries(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 embeddings of queries."""
        return self._encode(texts)
