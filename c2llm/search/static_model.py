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
MODEL2VEC_MAX_LENGTH = 512  # model2vec's default when a folder's config.json names none


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


class StaticVectors:
    """A model2vec static model at inference: each text's token vectors averaged, as ``StaticModel.encode`` computes
    them (the tokenizer without special tokens, the unknown token dropped, truncation at ``max_length`` tokens, the
    optional per-token weights and vocabulary mapping, the folder's normalisation). Importing model2vec (it imports
    joblib) and its constructor (it sorts and copies the vocabulary) cost 0.2 s of a 0.5 s one-shot search; the
    vectors are the same (tests/test_static_model.py compares them with model2vec's).

    Raises:
        ValueError: the folder has a vector count other than its vocabulary's and no mapping (as model2vec does).
    """

    def __init__(self, embedding: np.ndarray, tokenizer, *, weights: np.ndarray | None = None,
                 mapping: np.ndarray | None = None, max_length: int | None = None, normalize: bool = False):
        if mapping is None and len(embedding) != tokenizer.get_vocab_size():
            raise ValueError(f"{len(embedding)} vectors for a vocabulary of {tokenizer.get_vocab_size()} tokens")
        self.embedding, self.tokenizer, self.weights, self.mapping = embedding, tokenizer, weights, mapping
        self.max_length, self.normalize = max_length, normalize
        tokenizer.no_padding()
        if max_length is None:
            tokenizer.no_truncation()
        else:
            tokenizer.enable_truncation(max_length)
        self.unk_id = _unknown_token_id(tokenizer)
        self._cut: int | None = None

    @property
    def dim(self) -> int:
        return int(self.embedding.shape[1])

    def _char_cut(self) -> int:
        # model2vec cuts a text to max_length x the median token length in characters before tokenizing
        if self._cut is None:
            lengths = [len(token) for token in self.tokenizer.get_vocab()]
            self._cut = self.max_length * int(np.median(lengths))
        return self._cut

    def encode(self, texts: list[str]) -> np.ndarray:
        """One vector per text, in the embedding's float type."""
        if self.max_length is not None and any(len(text) > self.max_length for text in texts):
            texts = [text[:self._char_cut()] for text in texts]  # a text of max_length characters is never cut
        ids = [[i for i in encoding.ids if i != self.unk_id]
               for encoding in self.tokenizer.encode_batch_fast(texts, add_special_tokens=False)]
        dtype = np.float32 if self.embedding.dtype == np.int8 else self.embedding.dtype
        out = np.zeros((len(ids), self.dim), dtype=dtype)
        if self.mapping is None and self.weights is None:  # texts of one length in one array (model2vec's batching)
            buckets: dict[int, list[int]] = {}
            for number, row in enumerate(ids):
                if row:
                    buckets.setdefault(len(row), []).append(number)
            for rows in buckets.values():
                out[rows] = self.embedding[np.array([ids[r] for r in rows], dtype=np.int64)].mean(axis=1)
        else:
            for number, row in enumerate(ids):
                if row:
                    vectors = self.embedding[row if self.mapping is None else self.mapping[row]]
                    if self.weights is not None:
                        vectors = vectors * self.weights[row][:, None]
                    out[number] = vectors.mean(axis=0)
        if not self.normalize:
            return out
        wide = out.astype(np.float32)
        return (wide / (np.linalg.norm(wide, axis=1, keepdims=True) + 1e-32)).astype(out.dtype)


def _unknown_token_id(tokenizer) -> int | None:
    """The id of the unknown token, which model2vec drops from every text (its ``_get_unk_token_id``)."""
    if hasattr(tokenizer.model, "unk_token"):  # WordPiece, BPE, WordLevel
        token = tokenizer.model.unk_token
        return None if token is None else tokenizer.token_to_id(token)
    return json.loads(tokenizer.to_str())["model"].get("unk_id")  # Unigram


def load_folder(folder: Path) -> StaticVectors | None:
    """A model2vec folder of model2vec's own layout (``model.safetensors`` with ``embeddings``, ``tokenizer.json``,
    ``config.json``), read with safetensors and tokenizers; ``None`` for any other layout."""
    import safetensors
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
    return StaticVectors(embeddings, Tokenizer.from_file(os.fspath(tokenizer_file)), weights=weights, mapping=mapping,
                         max_length=config.get("max_length", MODEL2VEC_MAX_LENGTH),
                         normalize=config.get("normalize", False))


def _model2vec_load(model: str) -> StaticModel:
    from model2vec import StaticModel

    return StaticModel.from_pretrained(model)


class StaticEncoder:
    """Encodes documents and queries with a model2vec static model (same interface as
    :class:`c2llm.search.encoder.Encoder`; static models take no prompts)."""

    document_prompt = query_prompt = ""

    def __init__(self, model: str, **_options):
        self.model_id, self.key = model, model_key(model)
        self._model: StaticVectors | StaticModel | None = None
        self._lock = threading.Lock()

    def embed_key(self, text: str) -> str:
        """Cache key of a document's embedding: model and text."""
        return hashlib.blake2b(f"{self.key}\0\0{text}".encode(), digest_size=16).hexdigest()

    @property
    def model(self) -> StaticVectors | StaticModel:
        """The folder read by :func:`load_folder`, else whatever model2vec loads (another layout, a Hub id)."""
        with self._lock:
            if self._model is None:
                try:
                    self._model = load_folder(Path(self.model_id)) or _model2vec_load(self.model_id)
                except Exception as error:  # a broken or partial folder
                    reason = (str(error).strip().splitlines() or [repr(error)])[0]
                    raise ModelLoadError(f"--model {self.model_id}: cannot load this model2vec folder ({reason})"
                                         ) from error
            return self._model

    @property
    def dimension(self) -> int:
        return int(self.model.dim)

    def _encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = np.asarray(self.model.encode(texts), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, 1e-12)  # cosine by dot product, as the store expects

    def encode_documents(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 embeddings of code units."""
        return self._encode(texts)

    def encode_queries(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 embeddings of queries."""
        return self._encode(texts)
