"""Add hard negatives (``negative_1..negative_K``) to a (query, positive) training file.

Two miners, with the same candidate window and output:

* **model**: a SentenceTransformer (any folder or id; C2LLM folders are loaded with ``trust_remote_code=True``) through
  :func:`sentence_transformers.util.mine_hard_negatives`, with the model's own ``"query"`` / ``"document"`` prompts
  (``encode_query`` / ``encode_document``) and a relative margin (default 0.05, NV-Retriever's TopK-PercPos) that
  drops candidates scored too close to the positive: likely false negatives.
* **BM25**: ``bm25s`` over the code-aware tokens of :func:`c2llm.bm25.code_tokenize`. Candidates with a
  zero score (no shared token) are not lexically hard and are never used.

For every query, the candidates are the other rows' positives, ranked by the miner; texts that differ only in
whitespace count as one document. The query's own positive(s) (all of them when the same query text has several) and
their duplicates are removed first; the remaining candidates at ranks ``range_min <= rank < range_max`` (0-based)
form the window, from which the ``K`` best (``sampling="top"``) or ``K`` random ones (``sampling="random"``, seeded)
are taken, in rank order. The model miner first drops candidates over ``max_score`` or within the margins, then
counts the window among the rest (sentence-transformers' order). F2LLM's settings (``c2llm data build``'s default):
``--num-negatives 24 --range-min 5 --range-max 100 --sampling top --max-score 0.8 --relative-margin 0.05``. When a ``language`` column exists, negatives come from rows of the same language
(``per_language``), as training batches do.

Rows that cannot get ``K`` negatives are **dropped and counted**, so every written row has exactly the columns
``negative_1..negative_K`` that :func:`c2llm.data.training.load_training_data` expects. Rows with a missing or empty
``query`` / ``positive`` are dropped as ``c2llm.data.training`` would drop them, repeated (query, positive) pairs are kept once,
and existing negative columns are replaced. The output keeps ``query``, ``positive``, ``language`` and ``group`` (other
columns, such as the miner's ``path`` and ``name``, are not needed for training and are dropped).

A ``group`` column (rows of one group are each other's matches: the solutions of one problem) also keeps a query's
negatives out of its group. BM25 never ranks them; sentence-transformers' dense miner cannot exclude them up front, so a
row whose K model-mined negatives include one of its group is dropped and counted (``same_group``).

Command line::

    c2llm negatives --dataset data/train.jsonl --out data/train_with_negatives.jsonl --num-negatives 7 --bm25
    c2llm negatives --dataset data/train.jsonl --out data/train_with_negatives.jsonl --num-negatives 7 \\
        --model outputs/c2llm-demo/model --range-min 10 --range-max 50 --seed 0
"""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tqdm.auto import tqdm

from ..bm25 import bm25_retrieve
from ..build import load_model
from .negative_settings import NegativeSettings
from .training import GROUP_COLUMN, DataError, clean_dataset, read_table, table_format, write_table

if TYPE_CHECKING:
    from datasets import Dataset
    from sentence_transformers import SentenceTransformer

logger = logging.getLogger(__name__)

# Mines one language group: (queries, positives, each row's `group` value or None) -> per row, K negative texts or
# None (not enough candidates).
GroupMiner = Callable[[list[str], list[str], "list[str] | None"], list[list[str] | None]]


@dataclass
class NegativesReport:
    """Row counts of one run: read, dropped (per reason) and written."""

    rows_read: int = 0
    invalid: int = 0  # missing, empty or non-string query / positive
    duplicates: int = 0  # repeated (query, positive) pairs
    too_few: int = 0  # fewer than K usable candidates in the window
    same_group: int = 0  # model miner: rows left short of K once the negatives of the query's own group were removed
    rows_written: int = 0
    too_few_by_group: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for logs and the CLI."""
        groups = ", ".join(f"{name or '-'} {count}" for name, count in self.too_few_by_group.items() if count)
        return (
            f"{self.rows_read} rows read, {self.rows_written} written; dropped {self.invalid} invalid, "
            f"{self.duplicates} duplicate pairs, {self.too_few} without enough negatives"
            + (f" ({groups})" if groups else "")
            + (f", {self.same_group} of them for negatives of their own group" if self.same_group else "")
        )


# --------------------------------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------------------------------
# Candidate selection (shared by both miners)
# --------------------------------------------------------------------------------------------------------------------


def select_window(candidates: Sequence[int], settings: NegativeSettings, rng: random.Random) -> list[int] | None:
    """``K`` candidates from ranks ``range_min..range_max-1`` of a ranked, positive-free list, in rank order.

    Returns:
        The chosen candidates, or None when the window holds fewer than ``K``.
    """
    window = list(candidates[settings.range_min : settings.range_max])
    if len(window) < settings.num_negatives:
        return None
    if settings.sampling == "top":
        return window[: settings.num_negatives]
    return [window[i] for i in sorted(rng.sample(range(len(window)), settings.num_negatives))]


@contextmanager
def _seeded_global_random(seed: int) -> Iterator[None]:
    """Seed the ``random`` module (sentence-transformers samples with it) and restore its state afterwards."""
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


# --------------------------------------------------------------------------------------------------------------------
# BM25 miner
# --------------------------------------------------------------------------------------------------------------------


def _text_key(text: str) -> str:
    """Texts with the same key are duplicates: identical up to whitespace."""
    return " ".join(text.split())


def _unique_documents(positives: list[str]) -> tuple[list[str], list[int]]:
    """The de-duplicated corpus (first spelling of each text) and, per row, its positive's corpus index."""
    index: dict[str, int] = {}
    corpus: list[str] = []
    row_docs = []
    for text in positives:
        key = _text_key(text)
        if key not in index:
            index[key] = len(corpus)
            corpus.append(text)
        row_docs.append(index[key])
    return corpus, row_docs


def _own_documents(queries: list[str], row_docs: list[int], row_groups: list[str] | None) -> dict[str, set[int]]:
    """Per query text, the corpus documents it must never get as a negative: its own positives (all of them when the
    same query text has several) and, when the rows have a ``group``, every positive of the query's groups."""
    own: dict[str, set[int]] = {}
    for query, doc in zip(queries, row_docs, strict=True):
        own.setdefault(query, set()).add(doc)
    if row_groups is not None:
        docs_of: dict[str, set[int]] = {}
        for doc, group in zip(row_docs, row_groups, strict=True):
            docs_of.setdefault(group, set()).add(doc)
        for query, group in zip(queries, row_groups, strict=True):
            own[query] |= docs_of[group]
    return own


def bm25_group_miner(settings: NegativeSettings) -> GroupMiner:
    """A BM25 miner (``bm25s`` defaults: Lucene variant, k1=1.5, b=0.75) over :func:`c2llm.bm25.code_tokenize` tokens.

    All positives of a query (the same query text may appear with several positives) are excluded from its
    candidates, as are zero-score documents, and, when the rows have a ``group``, the positives of its group.
    """

    def mine(queries: list[str], positives: list[str], row_groups: list[str] | None = None) -> list[list[str] | None]:
        corpus, row_docs = _unique_documents(positives)
        own = _own_documents(queries, row_docs, row_groups)
        unique_queries = list(own)
        k = settings.range_max + max(len(docs) for docs in own.values())
        ranked, scores = bm25_retrieve(corpus, unique_queries, k, show_progress=settings.show_progress)
        rng = random.Random(settings.seed)
        chosen = {}
        progress = tqdm(unique_queries, desc="choosing BM25 negatives", disable=not settings.show_progress)
        for row, query in enumerate(progress):
            candidates = [
                int(doc)
                for doc, score in zip(ranked[row], scores[row], strict=True)
                if score > 0 and int(doc) not in own[query]
            ]
            picked = select_window(candidates, settings, rng)
            chosen[query] = None if picked is None else [corpus[doc] for doc in picked]
        return [chosen[query] for query in queries]

    return mine


# --------------------------------------------------------------------------------------------------------------------
# Model miner
# --------------------------------------------------------------------------------------------------------------------

SAME_GROUP: list[str] = []  # a row whose mined negatives include one of its own group (no K left: dropped, counted)


def model_group_miner(
    model: SentenceTransformer,
    settings: NegativeSettings,
    *,
    query_prompt: str | None = None,
    document_prompt: str | None = None,
) -> GroupMiner:
    """A dense miner: :func:`sentence_transformers.util.mine_hard_negatives` with ``output_format="n-tuple"``.

    Args:
        model: The embedding model. Queries go through ``encode_query`` and documents through ``encode_document``,
            so the model's ``"query"`` / ``"document"`` prompts apply (C2LLM: the task instruction and
            ``"Retrieved Answer:"``).
        settings: Window, sampling, margins and batch size.
        query_prompt: A raw query prompt that replaces the model's own.
        document_prompt: A raw document prompt that replaces the model's own.
    """
    from datasets import Dataset
    from sentence_transformers.util import mine_hard_negatives

    def mine(queries: list[str], positives: list[str], row_groups: list[str] | None = None) -> list[list[str] | None]:
        corpus, row_docs = _unique_documents(positives)  # one spelling per text, as for BM25
        canonical = [corpus[doc] for doc in row_docs]
        pairs = Dataset.from_dict({"query": queries, "positive": canonical})
        with _seeded_global_random(settings.seed):
            mined = mine_hard_negatives(
                pairs,
                model,
                anchor_column_name="query",
                positive_column_name="positive",
                range_min=settings.range_min,
                range_max=settings.range_max,
                relative_margin=settings.relative_margin,
                absolute_margin=settings.absolute_margin,
                max_score=settings.max_score,
                num_negatives=settings.num_negatives,
                sampling_strategy=settings.sampling,
                query_prompt=query_prompt,
                corpus_prompt=document_prompt,
                output_format="n-tuple",
                batch_size=settings.batch_size,
                verbose=settings.show_progress,
            )
        # The output has one record per distinct (query, positive) pair, grouped by query: map them back to rows.
        rows_of: dict[tuple[str, str], list[int]] = {}
        for row, pair in enumerate(zip(queries, canonical, strict=True)):
            rows_of.setdefault(pair, []).append(row)
        result: list[list[str] | None] = [None] * len(queries)
        for record in mined:
            for row in rows_of[(record["query"], record["positive"])]:
                result[row] = [record[name] for name in settings.columns]
        if row_groups is not None:  # sentence-transformers cannot exclude them up front: a row holding one is short
            doc_index = {_text_key(text): doc for doc, text in enumerate(corpus)}
            own = _own_documents(queries, row_docs, row_groups)
            for row, found in enumerate(result):
                if found is not None and any(doc_index.get(_text_key(text)) in own[queries[row]] for text in found):
                    result[row] = SAME_GROUP
        return result

    return mine


# --------------------------------------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------------------------------------


def _unique_pairs(dataset: Dataset) -> list[int]:
    """Row indices of the first occurrence of every (query, positive) pair."""
    seen: set[tuple[str, str]] = set()
    keep = []
    for row, pair in enumerate(zip(dataset["query"], dataset["positive"], strict=True)):
        if pair not in seen:
            seen.add(pair)
            keep.append(row)
    return keep


def _groups(dataset: Dataset, per_language: bool) -> dict[str, list[int]]:
    """Row indices per language (one group when there is no ``language`` column or ``per_language`` is off)."""
    if not per_language or "language" not in dataset.column_names:
        return {"": list(range(len(dataset)))}
    groups: dict[str, list[int]] = {}
    for row, language in enumerate(dataset["language"]):
        groups.setdefault("" if language is None else str(language), []).append(row)
    return groups


def add_hard_negatives(
    dataset: Dataset, miner: GroupMiner, settings: NegativeSettings, *, source: str = "dataset"
) -> tuple[Dataset, NegativesReport]:
    """Validate the rows, mine ``K`` negatives per row (per language group), and build the output dataset.

    Args:
        dataset: Rows with ``query`` and ``positive`` (and optionally ``language``; other columns are dropped).
        miner: :func:`bm25_group_miner` or :func:`model_group_miner`.
        settings: The settings the miner was built with (for ``K`` and grouping).
        source: Name used in error messages (the file path).

    Returns:
        ``query``, ``positive``, ``negative_1..negative_K`` (and ``language`` and ``group``), in input order, and the
        row counts.

    Raises:
        DataError: Missing columns, no usable rows, or no row got ``K`` negatives (the message names ``source``).
    """
    report = NegativesReport(rows_read=len(dataset))
    dataset, report.invalid = clean_dataset(dataset, source, num_negatives=0)
    keep = _unique_pairs(dataset)
    report.duplicates = len(dataset) - len(keep)
    dataset = dataset.select(keep)
    negatives: list[list[str] | None] = [None] * len(dataset)
    for name, rows in _groups(dataset, settings.per_language).items():
        if len(rows) - 1 < settings.range_min + settings.num_negatives:  # too few other documents for any row
            logger.warning("%s: %d %s rows, too few for any negatives: dropped", source, len(rows), name or "all")
        else:
            group = dataset.select(rows)
            row_groups = list(group[GROUP_COLUMN]) if GROUP_COLUMN in group.column_names else None
            found = miner(list(group["query"]), list(group["positive"]), row_groups)
            for row, row_negatives in zip(rows, found, strict=True):
                report.same_group += row_negatives is SAME_GROUP
                negatives[row] = None if row_negatives is SAME_GROUP else row_negatives
        report.too_few_by_group[name] = sum(negatives[row] is None for row in rows)
    kept = [row for row, found in enumerate(negatives) if found is not None]
    report.too_few = len(dataset) - len(kept)
    if not kept:
        raise DataError(
            f"{source}: no row got {settings.num_negatives} negatives from ranks {settings.range_min}.."
            f"{settings.range_max - 1}; lower range_min / num_negatives or raise range_max (or mine across languages)"
        )
    output = dataset.select(kept)
    for i, column in enumerate(settings.columns):
        output = output.add_column(column, [negatives[row][i] for row in kept])
    extra = [column for column in ("language", GROUP_COLUMN) if column in output.column_names]
    report.rows_written = len(output)
    return output.select_columns(["query", "positive", *settings.columns, *extra]), report


def add_negatives_to_file(
    input_path: str | os.PathLike[str],
    output_path: str | os.PathLike[str],
    settings: NegativeSettings,
    *,
    model: str | os.PathLike[str] | SentenceTransformer | None = None,
    max_seq_length: int | None = None,
    query_prompt: str | None = None,
    document_prompt: str | None = None,
) -> NegativesReport:
    """Read ``input_path``, add hard negatives, write ``output_path`` atomically.

    Args:
        input_path: jsonl / json / parquet / csv with ``query``, ``positive`` and optional ``language``.
        output_path: Destination; its suffix picks the format.
        settings: Window, sampling and model options.
        model: None for BM25, else a SentenceTransformer or the path / id of one (``trust_remote_code=True``).
        max_seq_length: Model token limit while mining (None keeps the model's own).
        query_prompt: Raw query prompt replacing the model's ``"query"`` prompt.
        document_prompt: Raw document prompt replacing the model's ``"document"`` prompt.
    """
    table_format(Path(output_path))  # fail before the (slow) mining
    dataset = read_table(input_path)
    if model is None:
        miner = bm25_group_miner(settings)
    else:
        model = load_model(model, max_seq_length=max_seq_length)
        miner = model_group_miner(model, settings, query_prompt=query_prompt, document_prompt=document_prompt)
    output, report = add_hard_negatives(dataset, miner, settings, source=str(input_path))
    write_table(output, output_path)
    logger.info("%s -> %s: %s", input_path, output_path, report.summary())
    return report
