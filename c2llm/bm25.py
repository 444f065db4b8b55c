"""BM25 over code-aware tokens (``bm25s``): the baseline of every evaluation and the hard-negative miner."""

from __future__ import annotations

import functools
import re

_WORD = re.compile(r"[^\W_]+")  # runs of letters/digits: splits on punctuation, whitespace and underscores
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def code_tokenize(text: str) -> list[str]:
    """Code-aware BM25 tokens: split on non-alphanumerics (so snake_case too) and camelCase, then lowercase.

    Example: ``"def parseHTTPResponse(raw_bytes):"`` -> ``["def", "parse", "http", "response", "raw", "bytes"]``.
    """
    tokens: list[str] = []
    for word in _WORD.findall(text):
        tokens.extend(_cached_parts(word) if len(word) <= CACHED_WORD_CHARS else word_parts(word))
    return tokens


CACHED_WORD_CHARS = 64  # longer runs (base64, minified code) are split each time: the cache holds words, not blobs


def word_parts(word: str) -> tuple[str, ...]:
    """The lower-cased camelCase parts of one alphanumeric run."""
    return tuple(part.lower() for part in _CAMEL_BOUNDARY.sub(" ", word).split())


_cached_parts = functools.lru_cache(maxsize=65536)(word_parts)  # code repeats its words: each is split once


def bm25_retrieve(documents: list[str], queries: list[str], k: int, *, show_progress: bool = True):
    """The ``k`` best documents of every query by BM25 (``bm25s`` defaults: Lucene variant, k1=1.5, b=0.75) over
    :func:`code_tokenize` tokens.

    Returns:
        ``(indices, scores)``: arrays of shape (len(queries), min(k, len(documents))), best first; zero scores
        included.
    """
    bm25s = _import_bm25s()
    retriever = bm25s.BM25(backend="numpy")
    retriever.index([code_tokenize(text) for text in documents], show_progress=show_progress)
    return retriever.retrieve(
        [code_tokenize(text) for text in queries], k=min(k, len(documents)), show_progress=show_progress,
        backend_selection="numpy",  # "auto" picks JAX wherever it is imported
    )


def _import_bm25s():
    """``bm25s`` imported without JAX. Its ``selection`` module imports ``jax`` when installed and runs a top-k with
    it at import, and JAX then takes 75% of the GPU's memory: a CUDA training run that reports the BM25 baseline, or
    other processes on the GPU, would run out. An application that imported JAX itself keeps it."""
    import sys

    block = "jax" not in sys.modules and "bm25s" not in sys.modules
    if block:
        sys.modules["jax"] = None  # type: ignore[assignment]  # `import jax` raises ImportError: bm25s goes without
    try:
        import bm25s
    finally:
        if block and sys.modules.get("jax", False) is None:
            del sys.modules["jax"]
    return bm25s
