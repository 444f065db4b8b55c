"""BEIR folders (``corpus.jsonl``, ``queries.jsonl``, ``qrels/<split>.tsv``): read with file:line errors, write."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_text
from ..errors import UserError

logger = logging.getLogger(__name__)

QRELS_HEADER = ("query-id", "corpus-id", "score")


class BeirFormatError(UserError, ValueError):
    """A BEIR folder is missing a file or has a bad line; the message names the file and the line."""


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
