"""Retrieval evaluation: dense SentenceTransformer models and a code-aware BM25 baseline on the same data.

Two routes, with the same metric definitions:

* **BEIR folders** (``corpus.jsonl``, ``queries.jsonl``, ``qrels/<split>.tsv``), evaluated here: dense retrieval with
  ``encode_query`` / ``encode_document``, cosine similarity and the top 100 documents per query, or BM25 (``bm25s``)
  over identifier-split, lowercased tokens.
* **mteb tasks** (optional extra ``mteb``), evaluated by ``mteb.evaluate`` with the C2LLM per-task query prompts and
  the ``"Retrieved Answer:"`` document prompt, at the official settings (max_seq_length 2048, left padding).

Metrics are those of mteb: nDCG@10 (main score), MAP@100 and Recall@k come from ``pytrec_eval`` (trec_eval's
definitions, graded relevance for nDCG), MRR@10 follows ``mteb._evaluators.retrieval_metrics.mrr``.

Command line::

    python -m c2llm_tools.evaluation --model PATH --bm25 --beir data/my-split --out results.json
    python -m c2llm_tools.evaluation --model PATH --mteb-benchmark "MTEB(Code, v1)"
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import re
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm.auto import tqdm

from .atomic import atomic_write_text
from .prompts import DEFAULT_MAX_SEQ_LENGTH as OFFICIAL_MAX_SEQ_LENGTH
from .prompts import DOCUMENT_PROMPT, QUERY_INSTRUCTIONS, query_prompt, sentence_transformers_prompts

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

logger = logging.getLogger(__name__)

MAIN_METRIC = "ndcg_at_10"
METRICS = ("ndcg_at_10", "mrr_at_10", "recall_at_1", "recall_at_10", "recall_at_100", "map_at_100")
TOP_K = 100
DEFAULT_TOKEN_BUDGET = 4096  # padded tokens per encoding batch (see encode_by_token_budget)
OFFICIAL_PADDING_SIDE = "left"
MTEB_CODE_BENCHMARK = "MTEB(Code, v1)"
QRELS_HEADER = ("query-id", "corpus-id", "score")
RESULTS_FORMAT = "c2llm-retrieval-results/1"

# pytrec_eval measure -> our (mteb) metric name
_PYTREC_MEASURES = {
    "ndcg_cut_10": "ndcg_at_10",
    "map_cut_100": "map_at_100",
    "recall_1": "recall_at_1",
    "recall_10": "recall_at_10",
    "recall_100": "recall_at_100",
}


class BeirFormatError(ValueError):
    """A BEIR folder is missing a file or has a bad line; the message names the file and the line."""


# --------------------------------------------------------------------------------------------------------------------
# BEIR folders
# --------------------------------------------------------------------------------------------------------------------


@dataclass
class BeirData:
    """One split of a BEIR-format retrieval dataset.

    Attributes:
        queries: Query id -> query text. Only queries with at least one qrels line (as in mteb).
        corpus: Document id -> ``{"title": str, "text": str}``.
        qrels: Query id -> {document id -> relevance grade}; grades > 0 are relevant, 0 means judged non-relevant.
        name: Task name used in results (the folder name when loaded from disk).
        split: Split name, e.g. ``"test"``.
        dropped_queries: How many queries of ``queries.jsonl`` had no qrels and were dropped.
        languages: mteb language codes written in results (empty for plain BEIR folders).
    """

    queries: dict[str, str]
    corpus: dict[str, dict[str, str]]
    qrels: dict[str, dict[str, int]]
    name: str = "beir"
    split: str = "test"
    dropped_queries: int = 0
    languages: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for qid, docs in self.qrels.items():
            if qid not in self.queries:
                raise ValueError(f"qrels name query {qid!r}, which is not among the queries")
            for cid in docs:
                if cid not in self.corpus:
                    raise ValueError(f"qrels of query {qid!r} name document {cid!r}, which is not in the corpus")

    def document_ids_and_texts(self) -> tuple[list[str], list[str]]:
        """Document ids and the texts a model reads (title and text joined, as mteb does)."""
        ids = list(self.corpus)
        return ids, [document_text(self.corpus[cid]) for cid in ids]

    def query_ids_and_texts(self) -> tuple[list[str], list[str]]:
        """Ids and texts of the evaluated queries (those with qrels), in file order."""
        ids = [qid for qid in self.queries if qid in self.qrels]
        return ids, [self.queries[qid] for qid in ids]


def document_text(document: str | Mapping[str, str]) -> str:
    """The text of one corpus entry as mteb builds it: ``title + " " + text``, stripped (a plain string as is)."""
    if isinstance(document, str):
        return document.strip()
    title = document.get("title") or ""
    if title:
        return (title + " " + document["text"]).strip()
    return document["text"].strip()


def _file_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Yield (1-based line number, decoded line without its line break), with an error naming a bad line."""
    if not path.is_file():
        raise BeirFormatError(f"{path}: file not found")
    with path.open("rb") as handle:
        for lineno, raw in enumerate(handle, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise BeirFormatError(f"{path}:{lineno}: not valid UTF-8 ({exc.reason})") from None
            yield lineno, line.rstrip("\r\n")


def _string_field(record: dict[str, Any], key: str, path: Path, lineno: int, *, required: bool = True) -> str:
    """Read a string field of a JSON line (integer ids are accepted and turned into strings)."""
    if key not in record or record[key] is None:
        if required:
            raise BeirFormatError(f"{path}:{lineno}: missing field {key!r}")
        return ""
    value = record[key]
    if key == "_id" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise BeirFormatError(f"{path}:{lineno}: field {key!r} must be a string, got {type(value).__name__}")
    return value


def _read_jsonl(path: Path, *, with_title: bool) -> dict[str, dict[str, str]]:
    """Read ``corpus.jsonl`` or ``queries.jsonl`` into id -> {"text", ["title"]}, checking every line."""
    records: dict[str, dict[str, str]] = {}
    first_seen: dict[str, int] = {}
    for lineno, line in _file_lines(path):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BeirFormatError(f"{path}:{lineno}: invalid JSON ({exc.msg} at column {exc.colno})") from None
        if not isinstance(record, dict):
            raise BeirFormatError(f"{path}:{lineno}: expected a JSON object, got {type(record).__name__}")
        item_id = _string_field(record, "_id", path, lineno)
        if item_id in first_seen:
            raise BeirFormatError(f"{path}:{lineno}: duplicate _id {item_id!r} (first on line {first_seen[item_id]})")
        first_seen[item_id] = lineno
        entry = {"text": _string_field(record, "text", path, lineno)}
        if with_title:
            entry["title"] = _string_field(record, "title", path, lineno, required=False)
        records[item_id] = entry
    return records


def _read_qrels(path: Path, queries: Mapping[str, Any], corpus: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """Read ``qrels/<split>.tsv`` (tab-separated, with header), checking every id against queries and corpus."""
    qrels: dict[str, dict[str, int]] = {}
    for lineno, line in _file_lines(path):
        if lineno == 1:
            if tuple(column.strip() for column in line.split("\t")) != QRELS_HEADER:
                raise BeirFormatError(f"{path}:1: expected the header {'<TAB>'.join(QRELS_HEADER)!r}, got {line!r}")
            continue
        if not line.strip():
            continue
        qid, cid, grade = _parse_qrels_line(line, path, lineno)
        if qid not in queries:
            raise BeirFormatError(f"{path}:{lineno}: unknown query id {qid!r} (not in queries.jsonl)")
        if cid not in corpus:
            raise BeirFormatError(f"{path}:{lineno}: unknown corpus id {cid!r} (not in corpus.jsonl)")
        if cid in qrels.get(qid, {}):
            raise BeirFormatError(f"{path}:{lineno}: duplicate judgement for query {qid!r} and document {cid!r}")
        qrels.setdefault(qid, {})[cid] = grade
    if not qrels:
        raise BeirFormatError(f"{path}: no relevance judgements (empty qrels)")
    return qrels


def _parse_qrels_line(line: str, path: Path, lineno: int) -> tuple[str, str, int]:
    """Split one qrels line into (query id, corpus id, integer grade)."""
    columns = line.split("\t")
    if len(columns) != 3:
        raise BeirFormatError(f"{path}:{lineno}: expected 3 tab-separated columns, got {len(columns)}: {line!r}")
    qid, cid, grade = (column.strip() for column in columns)
    try:
        return qid, cid, int(grade)
    except ValueError:
        raise BeirFormatError(f"{path}:{lineno}: score must be an integer, got {grade!r}") from None


def load_beir(folder: str | os.PathLike[str], split: str = "test") -> BeirData:
    """Load and validate one split of a BEIR-format folder.

    Args:
        folder: Folder with ``corpus.jsonl`` (``_id``, optional ``title``, ``text``), ``queries.jsonl`` (``_id``,
            ``text``) and ``qrels/<split>.tsv`` (header ``query-id<TAB>corpus-id<TAB>score``).
        split: Which qrels file to read.

    Returns:
        The data, with queries that have no qrels dropped (and counted in ``dropped_queries``), as mteb does.

    Raises:
        BeirFormatError: A file is missing, or a line is invalid; the message names the file and the line.
    """
    root = Path(folder)
    corpus_path, queries_path = root / "corpus.jsonl", root / "queries.jsonl"
    qrels_path = root / "qrels" / f"{split}.tsv"
    if not qrels_path.is_file():
        available = sorted(path.stem for path in (root / "qrels").glob("*.tsv"))
        raise BeirFormatError(f"{qrels_path}: file not found (available splits: {', '.join(available) or 'none'})")
    corpus = _read_jsonl(corpus_path, with_title=True)
    if not corpus:
        raise BeirFormatError(f"{corpus_path}: no documents (empty corpus)")
    all_queries = {qid: record["text"] for qid, record in _read_jsonl(queries_path, with_title=False).items()}
    if not all_queries:
        raise BeirFormatError(f"{queries_path}: no queries")
    qrels = _read_qrels(qrels_path, all_queries, corpus)
    queries = {qid: text for qid, text in all_queries.items() if qid in qrels}
    dropped = len(all_queries) - len(queries)
    if dropped:
        logger.info("%s: dropped %d of %d queries without qrels in split %r", root, dropped, len(all_queries), split)
    return BeirData(queries, corpus, qrels, name=root.resolve().name, split=split, dropped_queries=dropped)


def _corpus_record(doc_id: str, document: str | Mapping[str, str]) -> dict[str, str]:
    """A corpus.jsonl record from either a plain text or a {"title", "text"} mapping."""
    if isinstance(document, str):
        return {"_id": doc_id, "title": "", "text": document}
    return {"_id": doc_id, "title": document.get("title") or "", "text": document["text"]}


def write_beir(
    folder: str | os.PathLike[str],
    queries: Mapping[str, str],
    corpus: Mapping[str, str | Mapping[str, str]],
    qrels: Mapping[str, Mapping[str, int]],
    split: str = "test",
) -> Path:
    """Write a BEIR-format folder; every file is written atomically (temporary file + ``os.replace``).

    Args:
        folder: Target folder (created if needed). Existing ``corpus.jsonl`` / ``queries.jsonl`` are replaced; other
            splits' qrels files are kept.
        queries: Query id -> text.
        corpus: Document id -> text, or -> ``{"title": ..., "text": ...}``.
        qrels: Query id -> {document id -> integer grade}.
        split: Name of the qrels file, ``qrels/<split>.tsv``.

    Returns:
        The folder path.

    Raises:
        ValueError: Empty corpus or qrels, or qrels naming an unknown query or document.
    """
    if not corpus:
        raise ValueError("write_beir: empty corpus")
    if not qrels or not any(qrels.values()):
        raise ValueError("write_beir: empty qrels")
    for qid, docs in qrels.items():
        if qid not in queries:
            raise ValueError(f"write_beir: qrels name unknown query id {qid!r}")
        unknown = [cid for cid in docs if cid not in corpus]
        if unknown:
            raise ValueError(f"write_beir: qrels of query {qid!r} name unknown corpus ids {unknown[:5]!r}")
        unwritable = [item for item in (qid, *docs) if any(char in str(item) for char in "\t\r\n")]
        if unwritable:
            raise ValueError(f"write_beir: ids cannot contain tabs or line breaks (qrels are TSV): {unwritable[:5]!r}")
    root = Path(folder)
    corpus_lines = (json.dumps(_corpus_record(str(cid), doc), ensure_ascii=False) for cid, doc in corpus.items())
    query_lines = (json.dumps({"_id": str(qid), "text": text}, ensure_ascii=False) for qid, text in queries.items())
    qrels_lines = [f"{qid}\t{cid}\t{int(grade)}" for qid, docs in qrels.items() for cid, grade in docs.items()]
    atomic_write_text(root / "corpus.jsonl", "".join(line + "\n" for line in corpus_lines))
    atomic_write_text(root / "queries.jsonl", "".join(line + "\n" for line in query_lines))
    atomic_write_text(root / "qrels" / f"{split}.tsv", "\n".join(["\t".join(QRELS_HEADER), *qrels_lines]) + "\n")
    return root


# --------------------------------------------------------------------------------------------------------------------
# Metrics
# --------------------------------------------------------------------------------------------------------------------


def _pytrec_eval() -> Any:
    """Import pytrec_eval (the trec_eval binding mteb uses) with an actionable error."""
    try:
        import pytrec_eval
    except ImportError as exc:
        raise ImportError(
            "Retrieval metrics need pytrec_eval, as in mteb: pip install pytrec-eval-terrier (or pip install mteb)"
        ) from exc
    return pytrec_eval


def mrr_at_k(qrels: Mapping[str, Mapping[str, int]], run: Mapping[str, Mapping[str, float]], k: int) -> list[float]:
    """Reciprocal rank of the first relevant document within the top ``k``, per query of ``qrels``.

    Same definition as mteb (``mteb._evaluators.retrieval_metrics.mrr``): documents sorted by (score, id)
    descending, which is trec_eval's tie-break, and grade > 0 means relevant.
    """
    values = []
    for qid, judged in qrels.items():
        ranked = sorted(run.get(qid, {}).items(), key=lambda item: (item[1], item[0]), reverse=True)[:k]
        relevant = {cid for cid, grade in judged.items() if grade > 0}
        values.append(next((1.0 / rank for rank, (cid, _) in enumerate(ranked, start=1) if cid in relevant), 0.0))
    return values


def compute_metrics(
    qrels: Mapping[str, Mapping[str, int]], run: Mapping[str, Mapping[str, float]]
) -> dict[str, float]:
    """Mean retrieval metrics over the queries of ``qrels``.

    Args:
        qrels: Query id -> {document id -> grade}.
        run: Query id -> {document id -> score} (the retrieved documents, e.g. the top 100). A query of ``qrels``
            missing from ``run`` scores 0.

    Returns:
        ``main_score`` (= nDCG@10) and the metrics of :data:`METRICS`, each in [0, 1].
    """
    if not qrels:
        raise ValueError("compute_metrics: empty qrels")
    clean_qrels = {str(qid): {str(cid): int(grade) for cid, grade in docs.items()} for qid, docs in qrels.items()}
    clean_run = {str(qid): {str(cid): float(score) for cid, score in docs.items()} for qid, docs in run.items()}
    measures = {"ndcg_cut.10", "map_cut.100", "recall.1,10,100"}
    per_query = _pytrec_eval().RelevanceEvaluator(clean_qrels, measures).evaluate(clean_run)
    totals = dict.fromkeys(_PYTREC_MEASURES.values(), 0.0)
    for qid in clean_qrels:
        for measure, name in _PYTREC_MEASURES.items():
            totals[name] += per_query.get(qid, {}).get(measure, 0.0)
    scores = {name: total / len(clean_qrels) for name, total in totals.items()}
    mrr = mrr_at_k(clean_qrels, clean_run, 10)
    scores["mrr_at_10"] = sum(mrr) / len(mrr)
    return {"main_score": scores[MAIN_METRIC], **{name: scores[name] for name in METRICS}}


# --------------------------------------------------------------------------------------------------------------------
# Dense retrieval
# --------------------------------------------------------------------------------------------------------------------


def load_model(
    model: str | os.PathLike[str] | SentenceTransformer,
    *,
    max_seq_length: int | None = None,
    padding_side: str | None = None,
) -> SentenceTransformer:
    """Load a folder or Hub id with :func:`c2llm_tools.build.load_model` or take an instance, and apply the settings.

    Args:
        model: Local folder, Hub id or SentenceTransformer instance (changed in place when settings are given).
        max_seq_length: Token limit; ``None`` keeps the model's own.
        padding_side: ``"left"`` or ``"right"``; ``None`` keeps the tokenizer's own.
    """
    from sentence_transformers import SentenceTransformer

    if not isinstance(model, SentenceTransformer):
        from .build import load_model as load_pretrained

        model = load_pretrained(model)
    if max_seq_length is not None:
        model.max_seq_length = max_seq_length
    if padding_side is not None:
        model.tokenizer.padding_side = padding_side
    return model


def model_name(model: str | os.PathLike[str] | SentenceTransformer, name: str | None = None) -> str:
    """A display name: ``name`` if given, else the path or id, else the model card's id."""
    if name:
        return name
    if isinstance(model, (str, os.PathLike)):
        return str(model)
    card = model.model_card_data
    card_name = card.model_name or card.model_id or card.base_model
    if card_name:
        return card_name
    config = getattr(getattr(model[0], "model", None), "config", None)
    return getattr(config, "_name_or_path", None) or type(model).__name__


def task_prompts(task: str, *, mteb_parity: bool = False) -> tuple[str, str]:
    """(query prompt, document prompt) of C2LLM for one MTEB(Code) task name."""
    return query_prompt(task, mteb_parity=mteb_parity), DOCUMENT_PROMPT


def token_budget_batches(lengths: Sequence[int], token_budget: int) -> list[list[int]]:
    """Indices in batches of similar token length, longest first, each holding at most ``token_budget`` padded tokens
    (count x longest); an input longer than the budget gets a batch of its own."""
    batches: list[list[int]] = []
    for index in sorted(range(len(lengths)), key=lambda i: -lengths[i]):
        if batches and (len(batches[-1]) + 1) * lengths[batches[-1][0]] <= token_budget:
            batches[-1].append(index)
        else:
            batches.append([index])
    return batches


def budget_batches_for(model: SentenceTransformer, texts: list[str], token_budget: int) -> list[list[int]]:
    """The token-budget batches of ``texts`` under ``model``'s tokenizer and truncation length."""
    ids = model.tokenizer(texts, add_special_tokens=False, truncation=True, max_length=model.max_seq_length)
    return token_budget_batches([len(row) for row in ids["input_ids"]], token_budget)


def encode_by_token_budget(
    model: SentenceTransformer, encode: Any, texts: list[str], token_budget: int, show_progress_bar: bool = True
) -> Any:
    """``encode(texts)`` in token-budget batches instead of a fixed batch size: short texts go in big batches, long
    ones in small, with little padding. ``bench/encode_throughput.py`` measures it against batches of 32 on
    standard-library code (docs/benchmarks.md)."""
    import torch

    embeddings: list[Any] = [None] * len(texts)
    for batch in tqdm(budget_batches_for(model, texts, token_budget), desc="Batches", disable=not show_progress_bar):
        encoded = encode([texts[i] for i in batch], batch_size=len(batch), convert_to_tensor=True,
                         show_progress_bar=False)
        for row, index in enumerate(batch):
            embeddings[index] = encoded[row]
    return torch.stack(embeddings)


def dense_search(
    model: SentenceTransformer,
    data: BeirData,
    *,
    query_prompt: str | None = None,
    document_prompt: str | None = None,
    batch_size: int = 32,
    token_budget: int | None = DEFAULT_TOKEN_BUDGET,
    top_k: int = TOP_K,
    show_progress_bar: bool = True,
) -> dict[str, dict[str, float]]:
    """Rank the corpus for every query by cosine similarity and keep the top ``top_k``.

    Queries go through ``encode_query`` and documents through ``encode_document``: with ``None`` prompts these
    apply the model's own ``"query"`` / ``"document"`` prompts (if any), otherwise the given strings. Batches hold
    ``token_budget`` padded tokens (see :func:`encode_by_token_budget`); ``token_budget=None`` uses
    sentence-transformers' fixed ``batch_size`` instead.

    Returns:
        Query id -> {document id -> cosine score}.
    """
    from functools import partial

    from sentence_transformers import util

    query_ids, query_texts = data.query_ids_and_texts()
    doc_ids, doc_texts = data.document_ids_and_texts()
    encode_query = partial(model.encode_query, prompt=query_prompt)
    encode_document = partial(model.encode_document, prompt=document_prompt)
    if token_budget is None:
        kwargs = {"batch_size": batch_size, "show_progress_bar": show_progress_bar, "convert_to_tensor": True}
        query_embeddings, doc_embeddings = encode_query(query_texts, **kwargs), encode_document(doc_texts, **kwargs)
    else:
        query_embeddings = encode_by_token_budget(model, encode_query, query_texts, token_budget, show_progress_bar)
        doc_embeddings = encode_by_token_budget(model, encode_document, doc_texts, token_budget, show_progress_bar)
    hits = util.semantic_search(
        query_embeddings.float(), doc_embeddings.float(), top_k=min(top_k, len(doc_ids)), score_function=util.cos_sim
    )
    return {
        qid: {doc_ids[hit["corpus_id"]]: float(hit["score"]) for hit in query_hits}
        for qid, query_hits in zip(query_ids, hits, strict=True)
    }


def evaluate_model(
    model: str | os.PathLike[str] | SentenceTransformer,
    data: BeirData | str | os.PathLike[str],
    *,
    query_prompt: str | None = None,
    document_prompt: str | None = None,
    batch_size: int = 32,
    name: str | None = None,
    show_progress_bar: bool = True,
) -> dict[str, float]:
    """Dense retrieval metrics of one model on one BEIR split.

    Args:
        model: SentenceTransformer instance, or a folder / id loaded with ``trust_remote_code=True``.
        data: A :class:`BeirData`, or a BEIR folder (its ``test`` split).
        query_prompt: Prompt text before each query; ``None`` uses the model's own ``"query"`` prompt.
        document_prompt: Prompt text before each document; ``None`` uses the model's own ``"document"`` prompt.
        batch_size: Encoding batch size.
        name: Label for the log line.
        show_progress_bar: Show encoding progress bars.

    Returns:
        ``main_score`` and the metrics of :data:`METRICS` (nDCG@10, MRR@10, Recall@1/10/100, MAP@100), in [0, 1].
    """
    data = data if isinstance(data, BeirData) else load_beir(data)
    model = load_model(model)
    logger.info(
        "Dense retrieval: %s on %s (%d queries, %d documents)",
        model_name(model, name),
        data.name,
        len(data.qrels),
        len(data.corpus),
    )
    run = dense_search(
        model,
        data,
        query_prompt=query_prompt,
        document_prompt=document_prompt,
        batch_size=batch_size,
        show_progress_bar=show_progress_bar,
    )
    return compute_metrics(data.qrels, run)


# --------------------------------------------------------------------------------------------------------------------
# BM25
# --------------------------------------------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+")  # runs of letters/digits: splits on punctuation, whitespace and underscores
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def code_tokenize(text: str) -> list[str]:
    """Code-aware BM25 tokens: split on non-alphanumerics (so snake_case too) and camelCase, then lowercase.

    Example: ``"def parseHTTPResponse(raw_bytes):"`` -> ``["def", "parse", "http", "response", "raw", "bytes"]``.
    """
    tokens = []
    for word in _WORD.findall(text):
        tokens.extend(part.lower() for part in _CAMEL_BOUNDARY.sub(" ", word).split())
    return tokens


def bm25_search(data: BeirData, *, top_k: int = TOP_K, show_progress_bar: bool = True) -> dict[str, dict[str, float]]:
    """Rank the corpus for every query with BM25 (``bm25s`` defaults: Lucene variant, k1=1.5, b=0.75).

    Returns:
        Query id -> {document id -> BM25 score} for the top ``top_k`` documents (zero scores included, as mteb).
    """
    import bm25s

    query_ids, query_texts = data.query_ids_and_texts()
    doc_ids, doc_texts = data.document_ids_and_texts()
    retriever = bm25s.BM25()
    retriever.index([code_tokenize(text) for text in doc_texts], show_progress=show_progress_bar)
    indices, scores = retriever.retrieve(
        [code_tokenize(text) for text in query_texts], k=min(top_k, len(doc_ids)), show_progress=show_progress_bar
    )
    return {
        qid: {doc_ids[int(index)]: float(score) for index, score in zip(indices[row], scores[row], strict=True)}
        for row, qid in enumerate(query_ids)
    }


def evaluate_bm25(data: BeirData | str | os.PathLike[str], *, show_progress_bar: bool = True) -> dict[str, float]:
    """BM25 retrieval metrics on one BEIR split (same metric code as :func:`evaluate_model`)."""
    data = data if isinstance(data, BeirData) else load_beir(data)
    return compute_metrics(data.qrels, bm25_search(data, show_progress_bar=show_progress_bar))


# --------------------------------------------------------------------------------------------------------------------
# Results: mteb-like entries, JSON file, table
# --------------------------------------------------------------------------------------------------------------------


def result_entry(model: str, data: BeirData, metrics: Mapping[str, float], evaluation_time: float) -> dict[str, Any]:
    """One result in mteb's TaskResult layout (``scores: {split: [{main_score, ..., hf_subset, languages}]}``)."""
    return {
        "model_name": model,
        "task_name": data.name,
        "dataset_revision": None,
        "mteb_version": None,
        "evaluation_time": evaluation_time,
        "scores": {data.split: [{**metrics, "hf_subset": "default", "languages": list(data.languages)}]},
        "num_queries": len(data.qrels),
        "num_documents": len(data.corpus),
        "dropped_queries": data.dropped_queries,
        "source": "c2llm_tools.evaluation",
    }


def _json_safe(value: Any) -> Any:
    """Replace NaN / infinity (mteb reports NaN for some nAUC scores) by None, so the file is strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {str(key): _json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(item) for item in value]
    return value


def write_results(path: str | os.PathLike[str], results: Sequence[Mapping[str, Any]]) -> Path:
    """Write result entries to a JSON file atomically (strict JSON: NaN becomes null)."""
    target = Path(path)
    payload = {"format": RESULTS_FORMAT, "results": _json_safe(list(results))}
    atomic_write_text(target, json.dumps(payload, indent=2, ensure_ascii=False, allow_nan=False) + "\n")
    return target


def read_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Read result entries written by :func:`write_results`."""
    payload = json.loads(Path(path).read_text(encoding="utf-8"))
    if payload.get("format") != RESULTS_FORMAT:
        raise ValueError(f"{path}: not a results file of format {RESULTS_FORMAT!r}")
    return payload["results"]


def _mean_scores(entry: Mapping[str, Any]) -> tuple[str, dict[str, float]]:
    """The first split of an entry and each metric averaged over its subsets (languages), like the leaderboard."""
    split, subsets = next(iter(entry["scores"].items()))
    means = {}
    for metric in ("main_score", *METRICS):
        values = [subset[metric] for subset in subsets if isinstance(subset.get(metric), (int, float))]
        means[metric] = sum(values) / len(values) if values else math.nan
    return split, means


def format_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """A Markdown table of result entries, one row per model x task, metrics x 100."""
    headers = ["model", "task", "split", "nDCG@10", "MRR@10", "R@1", "R@10", "R@100", "MAP@100"]
    lines = [headers]
    for entry in rows:
        split, means = _mean_scores(entry)
        cells = [f"{100 * means[metric]:.2f}" for metric in METRICS]
        lines.append([str(entry.get("model_name")), str(entry.get("task_name")), split, *cells])
    widths = [max(len(line[i]) for line in lines) for i in range(len(headers))]
    rendered = [
        "| " + " | ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)) + " |" for line in lines
    ]
    rendered.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(rendered)


# --------------------------------------------------------------------------------------------------------------------
# mteb (optional extra)
# --------------------------------------------------------------------------------------------------------------------


def _import_mteb() -> Any:
    """Import mteb with an actionable error."""
    try:
        import mteb
    except ImportError as exc:
        message = "The mteb path needs the optional extra: pip install 'c2llm[mteb]' (or: pip install mteb)"
        raise ImportError(message) from exc
    return mteb


def local_mteb_task(
    folder: str | os.PathLike[str],
    name: str,
    split: str = "test",
    *,
    languages: Sequence[str] = ("eng-Latn",),
) -> Any:
    """Wrap a BEIR folder as an mteb ``AbsTaskRetrieval``, so the mteb path runs offline.

    Args:
        folder: BEIR folder, validated with :func:`load_beir`.
        name: Task name. Prompts are looked up by it: use an MTEB(Code) name (e.g. ``"CosQA"``) to get that task's
            C2LLM prompt, any other name falls back to the ``"query"`` / ``"document"`` prompts.
        split: The qrels split to evaluate.
        languages: mteb language codes of the task (e.g. ``"python-Code"``).

    Returns:
        An mteb task instance whose ``load_data`` reads the folder.
    """
    _import_mteb()
    from datasets import Dataset
    from mteb.abstasks.retrieval import AbsTaskRetrieval
    from mteb.abstasks.task_metadata import TaskMetadata

    data = load_beir(folder, split)
    metadata = TaskMetadata(
        name=name,
        description=f"Local BEIR folder {Path(folder).resolve()}",
        reference=None,
        dataset={"path": str(Path(folder).resolve()), "revision": "local"},
        type="Retrieval",
        category="t2t",
        modalities=["text"],
        eval_splits=[split],
        eval_langs=list(languages),
        main_score=MAIN_METRIC,
        date=None,
        domains=["Programming"],
        task_subtypes=["Code retrieval"],
        license="not specified",
        annotations_creators="derived",
        dialect=[],
        sample_creation="found",
        bibtex_citation="",
    )

    class LocalBeirRetrieval(AbsTaskRetrieval):
        """A BEIR folder as an mteb retrieval task."""

        def load_data(self, num_proc: int | None = None, **kwargs: Any) -> None:
            """Build the mteb v2 dataset layout from the folder's data."""
            if self.data_loaded:
                return
            corpus = Dataset.from_list(
                [{"id": cid, "title": doc["title"], "text": doc["text"]} for cid, doc in data.corpus.items()]
            )
            queries = Dataset.from_list([{"id": qid, "text": text} for qid, text in data.queries.items()])
            split_data = {"corpus": corpus, "queries": queries, "relevant_docs": data.qrels, "top_ranked": None}
            self.dataset = {"default": {split: split_data}}
            self.data_loaded = True

    LocalBeirRetrieval.metadata = metadata
    return LocalBeirRetrieval()


def mteb_tasks(names: Sequence[str] | None = None, benchmark: str | None = None) -> list[Any]:
    """mteb task objects by task names or by benchmark name (e.g. ``"MTEB(Code, v1)"``)."""
    mteb = _import_mteb()
    if benchmark:
        return list(mteb.get_benchmark(benchmark).tasks)
    return list(mteb.get_tasks(tasks=list(names or [])))


@contextmanager
def _temporary_settings(
    model: SentenceTransformer, prompts: dict[str, str], max_seq_length: int | None, padding_side: str | None
) -> Iterator[None]:
    """Set the prompts, max_seq_length and padding side for one evaluation and restore them afterwards."""
    saved = (model.max_seq_length, model.tokenizer.padding_side, dict(model.prompts))
    try:
        load_model(model, max_seq_length=max_seq_length, padding_side=padding_side)
        model.prompts = prompts
        yield
    finally:
        model.max_seq_length, model.tokenizer.padding_side, model.prompts = saved


def evaluate_mteb(
    model: str | os.PathLike[str] | SentenceTransformer,
    tasks: Sequence[Any],
    *,
    prompts: Mapping[str, str] | None = None,
    mteb_parity: bool = False,
    max_seq_length: int | None = OFFICIAL_MAX_SEQ_LENGTH,
    padding_side: str | None = OFFICIAL_PADDING_SIDE,
    batch_size: int = 32,
    name: str | None = None,
    show_progress_bar: bool = True,
) -> list[dict[str, Any]]:
    """Evaluate a model with ``mteb.evaluate``, with C2LLM prompts and the official settings.

    mteb's SentenceTransformer wrapper looks a prompt up, for each task and side, as ``"<Task>-query"`` /
    ``"<Task>-document"``, then ``"<Task>"``, then ``"<TaskType>-query"``, ..., then ``"query"`` / ``"document"``,
    and encodes with ``encode_query`` / ``encode_document`` and that prompt. Keys naming tasks unknown to mteb's
    registry are dropped (with a warning), so local tasks with other names use ``"query"`` / ``"document"``.

    Args:
        model: SentenceTransformer instance (settings restored afterwards) or a folder / id.
        tasks: mteb task objects, or task names.
        prompts: Prompt dict in that key format; default: the paper's prompts of all 12 MTEB(Code) tasks plus the
            default ``"query"`` / ``"document"`` prompts (:func:`c2llm_tools.prompts.sentence_transformers_prompts`).
        mteb_parity: With the default prompts, use mteb's exact strings (see :mod:`c2llm_tools.prompts`).
        max_seq_length: Token limit (official: 2048); ``None`` keeps the model's own.
        padding_side: Tokenizer padding side (official: ``"left"``); ``None`` keeps the tokenizer's own.
        batch_size: Encoding batch size.
        name: Model name in the results.
        show_progress_bar: Show progress bars.

    Returns:
        One result entry per task, in the layout of :func:`result_entry` (with all of mteb's score keys).
    """
    mteb = _import_mteb()
    from mteb.models.sentence_transformer_wrapper import SentenceTransformerEncoderWrapper

    display_name = model_name(model, name)
    model = load_model(model)
    task_objects = [mteb.get_task(task) if isinstance(task, str) else task for task in tasks]
    prompt_dict = dict(prompts) if prompts is not None else sentence_transformers_prompts(mteb_parity=mteb_parity)
    with _temporary_settings(model, prompt_dict, max_seq_length, padding_side):
        wrapper = SentenceTransformerEncoderWrapper(model)  # takes the prompts from model.prompts
        result = mteb.evaluate(
            wrapper,
            task_objects,
            cache=None,
            encode_kwargs={"batch_size": batch_size},
            show_progress_bar=show_progress_bar,
        )
    return [_mteb_entry(display_name, task_result) for task_result in result.task_results]


def _mteb_entry(model: str, task_result: Any) -> dict[str, Any]:
    """Our result entry from an mteb ``TaskResult``."""
    return {
        "model_name": model,
        "task_name": task_result.task_name,
        "dataset_revision": task_result.dataset_revision,
        "mteb_version": task_result.mteb_version,
        "evaluation_time": task_result.evaluation_time,
        "scores": _json_safe(task_result.scores),
        "source": "mteb",
    }


# --------------------------------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------------------------------


def _positive_int(text: str) -> int:
    """argparse type: an integer > 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _existing_dir(text: str) -> Path:
    """argparse type: an existing folder."""
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"not a folder: {text!r}")
    return path


def _task_list(text: str) -> list[str]:
    """argparse type: comma-separated task names."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"expected comma-separated task names, got {text!r}")
    return names


def build_parser() -> argparse.ArgumentParser:
    """The ``evaluate`` command line."""
    parser = argparse.ArgumentParser(
        prog="python -m c2llm_tools.evaluation",
        description="Retrieval evaluation (nDCG@10, MRR@10, Recall@1/10/100, MAP@100) of SentenceTransformer models "
        "and a code-aware BM25 baseline, on BEIR folders or mteb tasks.",
    )
    parser.add_argument(
        "--model",
        action="extend",
        nargs="+",
        default=[],
        metavar="PATH_OR_ID",
        help="SentenceTransformer folder or id (trust_remote_code=True); repeatable",
    )
    parser.add_argument("--bm25", action="store_true", help="also evaluate the BM25 baseline (BEIR folders only)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--beir", action="extend", nargs="+", type=_existing_dir, metavar="DIR", help="BEIR-format folder(s)"
    )
    source.add_argument("--mteb-tasks", type=_task_list, metavar="NAME,...", help="mteb task names (needs mteb)")
    source.add_argument("--mteb-benchmark", metavar="NAME", help=f"mteb benchmark, e.g. {MTEB_CODE_BENCHMARK!r}")
    parser.add_argument("--split", default="test", help="qrels split of the BEIR folders (default: test)")
    parser.add_argument(
        "--task-prompt",
        choices=sorted(QUERY_INSTRUCTIONS),
        metavar="NAME",
        help="BEIR: use the C2LLM query prompt of this MTEB(Code) task and 'Retrieved Answer:' for "
        "documents (default: the model's own 'query'/'document' prompts)",
    )
    parser.add_argument("--mteb-parity", action="store_true", help="use mteb's exact C2LLM prompt strings")
    parser.add_argument(
        "--max-seq-length",
        type=_positive_int,
        metavar="N",
        help=f"token limit (default: {OFFICIAL_MAX_SEQ_LENGTH} for mteb, the model's own for BEIR)",
    )
    parser.add_argument(
        "--padding-side",
        choices=["left", "right"],
        help=f"tokenizer padding side (default: {OFFICIAL_PADDING_SIDE} for mteb, the model's own for BEIR)",
    )
    parser.add_argument("--batch-size", type=_positive_int, default=32, metavar="N", help="encoding batch size")
    parser.add_argument("--out", type=Path, metavar="FILE", help="write results JSON here (atomically)")
    return parser


def _check_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Cross-argument checks argparse cannot express."""
    if not args.model and not args.bm25:
        parser.error("argument --model: give at least one --model, or --bm25")
    if args.bm25 and not args.beir:
        parser.error("argument --bm25: only with --beir (mteb publishes its own BM25 baseline, mteb/baseline-bm25s)")
    if args.task_prompt and not args.beir:
        parser.error("argument --task-prompt: only with --beir (mteb tasks get their own per-task prompt)")


def _run_beir(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Evaluate every model (and BM25) on every BEIR folder."""
    try:
        datasets = [load_beir(folder, args.split) for folder in args.beir]
    except BeirFormatError as exc:
        parser.error(f"argument --beir: {exc}")
    prompts = task_prompts(args.task_prompt, mteb_parity=args.mteb_parity) if args.task_prompt else (None, None)
    results = []
    for model_ref in args.model:
        model = load_model(model_ref, max_seq_length=args.max_seq_length, padding_side=args.padding_side)
        for data in datasets:
            start = time.perf_counter()
            metrics = evaluate_model(
                model,
                data,
                query_prompt=prompts[0],
                document_prompt=prompts[1],
                batch_size=args.batch_size,
                name=model_ref,
            )
            results.append(result_entry(model_ref, data, metrics, time.perf_counter() - start))
    if args.bm25:
        for data in datasets:
            start = time.perf_counter()
            metrics = evaluate_bm25(data)
            results.append(result_entry("bm25", data, metrics, time.perf_counter() - start))
    return results


def _run_mteb(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Evaluate every model on the mteb tasks or benchmark."""
    try:
        tasks = mteb_tasks(args.mteb_tasks, args.mteb_benchmark)
    except (KeyError, ValueError) as exc:
        flag = "--mteb-benchmark" if args.mteb_benchmark else "--mteb-tasks"
        parser.error(f"argument {flag}: {exc.args[0] if exc.args else exc}")
    max_seq_length = args.max_seq_length or OFFICIAL_MAX_SEQ_LENGTH
    padding_side = args.padding_side or OFFICIAL_PADDING_SIDE
    results = []
    for model_ref in args.model:
        results.extend(
            evaluate_mteb(
                model_ref,
                tasks,
                mteb_parity=args.mteb_parity,
                max_seq_length=max_seq_length,
                padding_side=padding_side,
                batch_size=args.batch_size,
                name=model_ref,
            )
        )
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``evaluate`` command line; prints a table and optionally writes the results JSON."""
    parser = build_parser()
    args = parser.parse_args(argv)
    _check_args(parser, args)
    handler = logging.StreamHandler()
    handler.setLevel(logging.INFO)  # libraries that log at DEBUG (bm25s) stay quiet
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", handlers=[handler])
    try:
        results = _run_beir(parser, args) if args.beir else _run_mteb(parser, args)
    except ImportError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ConnectionError as exc:
        print(
            f"error: {exc}\nmteb tasks download their data from the Hugging Face Hub; offline, evaluate a BEIR folder "
            "(--beir) or wrap it with local_mteb_task().",
            file=sys.stderr,
        )
        return 2
    if args.out:
        write_results(args.out, results)
        print(f"wrote {args.out}")
    print(format_table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
