"""The fast embedder of an index: a model2vec static model (one vector per token, averaged; no transformer, no torch).

The default index model is one, shipped in the package (``c2llm.search.encoder.SHIPPED_STATIC_MODEL``, trained on
code by staticmodel/): a unit embeds in microseconds, so a first index is ready in seconds and a one-shot
``c2llm search`` needs no torch. Any other model2vec folder (a ``config.json`` with ``"model_type": "model2vec"``)
also works as ``--model``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import threading
from array import array
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ModelLoadError
from .model_key import model_key
from .query_vectors import ROW_CODES, TensorFile, divided, float16, float32, mean, norm

if TYPE_CHECKING:
    import numpy as np
    from model2vec import StaticModel

# the dimensionality of the default models (model2vec's default: 0.8376 nDCG@10 on the dev split with the distilled
# model, 0.8340 at 128, 0.8220 unreduced, with an earlier ranking)
PCA_DIMS = 256
MODEL2VEC_MAX_LENGTH = 512  # model2vec's default when a folder's config.json names none
MODEL2VEC_NORM_EPSILON = 1e-32  # added to a norm by model2vec's normalisation
UNIT_NORM_FLOOR = 1e-12  # the smallest norm StaticEncoder divides by (an empty text stays a zero vector)


def is_static_model(model: str) -> bool:
    """Whether ``model`` is a local model2vec folder."""
    try:
        config = json.loads((Path(model).expanduser() / "config.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(config, dict) and config.get("model_type") == "model2vec"


class StaticVectors:
    """A model2vec static model at inference: each text's token vectors averaged, as ``StaticModel.encode`` computes
    them (the tokenizer without special tokens, the unknown token dropped, truncation at ``max_length`` tokens, the
    optional per-token weights and vocabulary mapping, the folder's normalisation). Importing model2vec (it imports
    joblib) and its constructor (it sorts and copies the vocabulary) cost 0.2 s of a 0.5 s one-shot search; the
    vectors are the same (tests/test_static_model.py compares them with model2vec's). The tensors are read when a
    batch first needs them; :meth:`encode_without_numpy` reads only a query's rows.

    Raises:
        ValueError: the folder has a vector count other than its vocabulary's and no mapping (as model2vec does).
    """

    def __init__(self, tensors: TensorFile, tokenizer, *, max_length: int | None = None, normalize: bool = False):
        rows, vocabulary = tensors.shape("embeddings")[0], tokenizer.get_vocab_size()
        if "mapping" not in tensors.tensors and rows != vocabulary:
            raise ValueError(f"{rows} vectors for a vocabulary of {vocabulary} tokens")
        self.tensors, self.tokenizer, self.max_length, self.normalize = tensors, tokenizer, max_length, normalize
        tokenizer.no_padding()
        if max_length is None:
            tokenizer.no_truncation()
        else:
            tokenizer.enable_truncation(max_length)
        self.unk_id = _unknown_token_id(tokenizer)
        self._cut: int | None = None
        # plain float rows, no weights or mapping: what encode_without_numpy computes
        self.plain = (tensors.dtype("embeddings") in ROW_CODES
                      and not {"weights", "mapping"} & set(tensors.tensors))

    @property
    def dim(self) -> int:
        return self.tensors.shape("embeddings")[1]

    @functools.cached_property
    def arrays(self) -> dict:
        """The folder's tensors as numpy arrays (``embeddings``, and ``weights`` / ``mapping`` when it has them)."""
        import safetensors

        with safetensors.safe_open(self.tensors.path, framework="numpy") as tensors:
            return {name: tensors.get_tensor(name) for name in tensors.keys()}

    def _char_cut(self) -> int:
        # model2vec cuts a text to max_length x the median token length in characters before tokenizing
        if self._cut is None:
            import statistics  # (its import, fractions and decimal, is not paid by a short query)

            self._cut = self.max_length * int(statistics.median(len(token) for token in self.tokenizer.get_vocab()))
        return self._cut

    def _token_ids(self, texts: list[str]) -> list[list[int]]:
        if self.max_length is not None and any(len(text) > self.max_length for text in texts):
            texts = [text[:self._char_cut()] for text in texts]  # a text of max_length characters is never cut
        return [[i for i in encoding.ids if i != self.unk_id]
                for encoding in self.tokenizer.encode_batch_fast(texts, add_special_tokens=False)]

    def encode(self, texts: list[str]) -> np.ndarray:
        """One vector per text, in the embedding's float type."""
        import numpy as np

        ids = self._token_ids(texts)
        embedding, weights, mapping = (self.arrays.get(name) for name in ("embeddings", "weights", "mapping"))
        dtype = np.float32 if embedding.dtype == np.int8 else embedding.dtype
        out = np.zeros((len(ids), self.dim), dtype=dtype)
        if mapping is None and weights is None:  # texts of one length in one array (model2vec's batching)
            buckets: dict[int, list[int]] = {}
            for number, row in enumerate(ids):
                if row:
                    buckets.setdefault(len(row), []).append(number)
            for rows in buckets.values():
                out[rows] = embedding[np.array([ids[r] for r in rows], dtype=np.int64)].mean(axis=1)
        else:
            for number, row in enumerate(ids):
                if row:
                    vectors = embedding[row if mapping is None else mapping[row]]
                    if weights is not None:
                        vectors = vectors * weights[row][:, None]
                    out[number] = vectors.mean(axis=0)
        if not self.normalize:
            return out
        wide = out.astype(np.float32)
        return (wide / (np.linalg.norm(wide, axis=1, keepdims=True) + MODEL2VEC_NORM_EPSILON)).astype(out.dtype)

    def encode_without_numpy(self, texts: list[str]) -> list[list[float]]:
        """What :meth:`encode` gives a :attr:`plain` folder, bit for bit, as lists of floats: the rows the texts use
        read from the file, the arithmetic replayed in Python (:mod:`c2llm.search.query_vectors`)."""
        ids = self._token_ids(texts)
        rows = self.tensors.rows("embeddings", [i for row in ids for i in row])
        half = self.tensors.dtype("embeddings") == "F16"
        out = []
        for row in ids:
            vector = mean([rows[i] for i in row]) if row else [0.0] * self.dim
            vector = float16(vector) if half else vector
            if self.normalize:
                vector = divided(vector, float32([norm(vector) + float32([MODEL2VEC_NORM_EPSILON])[0]])[0])
                vector = float16(vector) if half else vector
            out.append(vector)
        return out


def _unknown_token_id(tokenizer) -> int | None:
    """The id of the unknown token, which model2vec drops from every text (its ``_get_unk_token_id``)."""
    if hasattr(tokenizer.model, "unk_token"):  # WordPiece, BPE, WordLevel
        token = tokenizer.model.unk_token
        return None if token is None else tokenizer.token_to_id(token)
    return json.loads(tokenizer.to_str())["model"].get("unk_id")  # Unigram


def load_folder(folder: Path) -> StaticVectors | None:
    """A model2vec folder of model2vec's own layout (``model.safetensors`` with ``embeddings``, ``tokenizer.json``,
    ``config.json``), read with tokenizers and the safetensors header; ``None`` for any other layout."""
    from tokenizers import Tokenizer

    weights_file, tokenizer_file, config_file = (folder / name for name in
                                                 ("model.safetensors", "tokenizer.json", "config.json"))
    if not (weights_file.is_file() and tokenizer_file.is_file() and config_file.is_file()):
        return None
    tensors = TensorFile(weights_file)
    if "embeddings" not in tensors.tensors:
        return None
    config = json.loads(config_file.read_text(encoding="utf-8"))
    return StaticVectors(tensors, Tokenizer.from_file(os.fspath(tokenizer_file)),
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
        import numpy as np

        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = np.asarray(self.model.encode(texts), dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.maximum(norms, UNIT_NORM_FLOOR)  # cosine by dot product, as the store expects

    def encode_documents(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 embeddings of code units."""
        return self._encode(texts)

    def encode_queries(self, texts: list[str]) -> np.ndarray | list[array]:
        """Normalised float32 embeddings of queries: for a plain folder (:attr:`StaticVectors.plain`, the default
        model's), ``array('f')`` rows computed without numpy, the bits :meth:`encode_documents` gives."""
        model = self.model
        if not (isinstance(model, StaticVectors) and model.plain):
            return self._encode(texts)
        floor = float32([UNIT_NORM_FLOOR])[0]
        return [array("f", divided(vector, max(norm(vector), floor)))
                for vector in model.encode_without_numpy(texts)]
