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
    import bm25s

    retriever = bm25s.BM25()
    retriever.index([code_tokenize(text) for text in documents], show_progress=show_progress)
    return retriever.retrieve(
        [code_tokenize(text) for text in queries], k=min(k, len(documents)), show_progress=show_progress
    )
