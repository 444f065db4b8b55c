"""Retrieval for coding assistants (RAG): ranked code chunks from a repository index, within a token budget.

Example::

    from c2llm.rag import retrieve, format_context

    chunks = retrieve(".", "where are retries with backoff implemented?", token_budget=3000, k=8)
    for chunk in chunks:
        print(chunk.path, chunk.start_line, chunk.end_line, round(chunk.score, 3), chunk.tokens)
    prompt = format_context(chunks) + "\\n\\nQuestion: ..."

Chunks are the index's units (functions, methods, class headers, line windows; :mod:`c2llm.search.units`), ranked by
the index's search (hybrid by default, ranked with the ``units`` profile of :mod:`c2llm.search.ranking`: every
passage on its own merit, without the page-of-files steps of ``c2llm search``; on an index still embedding, units without a vector yet are ranked by their
keywords alone and their chunks say so: ``embedded`` is ``False``). They are taken best first while they fit in
``token_budget``; a chunk that does not fit is skipped for smaller ones further down (at most ``k`` chunks), and when
even the best one is larger than the whole budget it is cut to its first lines that fit (skipped if not even its
first line fits). Tokens are
counted with the Qwen2.5 tokenizer (that of C2LLM and Qwen2.5-Coder, built offline; :mod:`c2llm.qwen_tokenizer`) unless
``count_tokens`` is given (e.g. your LLM's tokenizer). The settings of LangChain and LlamaIndex for a C2LLM model are
in docs/rag.md.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import UserError
from .search.index import Index
from .search.ranking import ranking_profile

DEFAULT_TOKEN_BUDGET = 4_000
CANDIDATES = 50  # hits fetched from the index before the budget is applied
# passages for a model: each on its own merit, not a page of distinct files (docs/search.md, "Ranking profiles")
RAG_PROFILE = "units"


@dataclass(frozen=True)
class Chunk:
    """One retrieved piece of code: where it is, how well it matched, its text and its size in tokens."""

    path: str
    start_line: int
    end_line: int
    score: float
    text: str
    name: str
    language: str
    tokens: int
    embedded: bool | None = None  # as Hit.embedded: False when the unit had no vector yet (None in keyword mode)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@lru_cache(maxsize=1)
def _qwen_tokenizer():
    from .qwen_tokenizer import build_qwen2_tokenizer

    return build_qwen2_tokenizer()


def qwen_token_count(text: str) -> int:
    """Tokens of ``text`` for the Qwen2.5 tokenizer (no special tokens)."""
    return len(_qwen_tokenizer()(text, add_special_tokens=False)["input_ids"])


def _cut_to_budget(text: str, budget: int, count_tokens: Callable[[str], int]) -> tuple[str, int]:
    """The longest prefix of whole lines of ``text`` within ``budget`` tokens (binary search over line counts)."""
    lines = text.split("\n")
    low, high = 0, len(lines)
    while low < high:
        middle = (low + high + 1) // 2
        if count_tokens("\n".join(lines[:middle])) <= budget:
            low = middle
        else:
            high = middle - 1
    cut = "\n".join(lines[:low])
    return cut, low


def retrieve(index_or_root: Index | str | os.PathLike[str], query: str, *, token_budget: int = DEFAULT_TOKEN_BUDGET,
             k: int = 10, mode: str = "hybrid", lang: str | None = None, path_glob: str | None = None,
             count_tokens: Callable[[str], int] | None = None, ranking: str = RAG_PROFILE) -> list[Chunk]:
    """Ranked chunks for ``query`` whose texts fit together in ``token_budget`` tokens.

    Args:
        index_or_root: An open :class:`~c2llm.search.index.Index`, or the folder of an existing index (opened and
            closed here; it is not updated: run ``c2llm index`` first).
        query: What to look for, in words or code.
        token_budget: Most tokens of all chunk texts together.
        k: Most chunks.
        mode, lang, path_glob: As :meth:`Index.search <c2llm.search.index.Index.search>`.
        count_tokens: Token counter of the consuming LLM (default: Qwen2.5's).
        ranking: A ranking profile of :data:`~c2llm.search.ranking.RANKING_PROFILES`: ``units`` (each passage on its
            own merit, the profile tuned for one-function answers) or ``files`` (``c2llm search``'s page of files).

    Returns:
        Chunks best first; ``score`` is the search score of the mode used.

    Raises:
        UserError: ``token_budget`` or ``k`` below 1, no index in the folder, an empty query.
    """
    if token_budget < 1:
        raise UserError(f"token_budget: expected a positive number of tokens, got {token_budget}")
    if k < 1:
        raise UserError(f"k: expected a positive number of chunks, got {k}")
    count_tokens = count_tokens or qwen_token_count
    try:
        settings = ranking_profile(ranking)
    except ValueError as error:
        raise UserError(f"ranking: {error}") from None
    search = {"k": max(k, CANDIDATES), "mode": mode, "lang": lang, "path_glob": path_glob, "ranking": settings}
    if isinstance(index_or_root, Index):
        hits = index_or_root.search(query, **search)
    else:
        with Index.open(Path(index_or_root), create=False) as index:
            hits = index.search(query, **search)
    chunks: list[Chunk] = []
    left = token_budget
    for hit in hits:
        if len(chunks) == k or left == 0:
            break
        unit, text = hit.unit, hit.unit.text
        tokens = count_tokens(text)
        end_line = unit.end_line
        if tokens > left:
            if chunks:
                continue  # a smaller chunk further down may still fit
            text, lines = _cut_to_budget(text, left, count_tokens)
            if lines == 0:
                continue
            tokens, end_line = count_tokens(text), unit.start_line + lines - 1
        chunks.append(Chunk(unit.path, unit.start_line, end_line, float(hit.score), text, unit.name, unit.language,
                            tokens, hit.embedded))
        left -= tokens
    return chunks


def format_context(chunks: list[Chunk]) -> str:
    """Chunks as a prompt section: a ``path:start-end`` header and a fenced code block each."""
    return "\n\n".join(f"{chunk.path}:{chunk.start_line}-{chunk.end_line}\n```{chunk.language}\n{chunk.text}\n```"
                       for chunk in chunks)
