"""Reading a recipe source (:class:`c2llm.data.recipe.SourceSpec`) as (query, positive) pairs, one language at a time.

Everything goes through ``datasets.load_dataset(..., streaming=True)``: from the Hub at the pinned revision, or, with
a mirror folder, from ``<mirror>/<org>/<name>/``, the folder ``hf download ORG/NAME --repo-type dataset --local-dir
<mirror>/ORG/NAME`` writes (its README's ``configs:`` and its data folders resolve exactly as on the Hub). The
revision of a mirror is the commit ``hf download`` recorded in ``.cache/huggingface/download/*.metadata``.

* ``beir``: the ``split`` qrels (``query-id`` / ``corpus-id`` or ``query_id`` / ``corpus_id``, optional ``score``)
  joined to the ``queries`` and ``corpus`` tables (``_id``, ``text``). Those tables have one split of their own
  (``queries`` / ``corpus``) or per-split ones; a ``partition`` column, when present, must equal the split: a
  training pair never uses a query or document of another partition.
* ``pairs``: one row per pair, the columns named by the recipe; ``skip_first`` rows per language are dropped.

Each drop is counted by reason (:data:`DROP_REASONS`).
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import UserError
from .recipe import SourceSpec

QRELS_SPELLINGS = (("query-id", "corpus-id"), ("query_id", "corpus_id"))
_SHA = re.compile(r"^[0-9a-f]{40}$")

DROP_REASONS = {
    "qrels_score": "qrels row scoring below min_score",
    "missing_query": "qrels names a query id absent from the queries table",
    "missing_document": "qrels names a document id absent from the corpus table",
    "query_not_train_partition": "query of another partition than the split",
    "document_not_train_partition": "document of another partition than the split",
    "mteb_eval_rows": "row that mteb scores (skip_first)",
    "empty": "missing, empty or non-string query or positive",
    "duplicate": "repeated (query, positive) pair",
    "test_query_match": "query or positive equal to an MTEB(Code) test query",
    "test_document_match": "query or positive equal to an MTEB(Code) test relevant document",
    "test_near_duplicate": "query or positive a MinHash near-duplicate of an MTEB(Code) test text",
    "cap": "over the source's max_rows (seeded sample)",
    "too_few_negatives": "fewer than the stored number of hard negatives in the window",
}


class SourceError(UserError, ValueError):
    """A source that cannot be read as the recipe says; the message names the dataset, config and column."""


@dataclass
class LanguagePairs:
    """The pairs of one (source, language), in the dataset's order, and what was dropped on the way."""

    language: str
    queries: list[str] = field(default_factory=list)
    positives: list[str] = field(default_factory=list)
    dropped: Counter = field(default_factory=Counter)

    def add(self, query: Any, positive: Any) -> None:
        if not (isinstance(query, str) and query.strip() and isinstance(positive, str) and positive.strip()):
            self.dropped["empty"] += 1
            return
        self.queries.append(query)
        self.positives.append(positive)


# --------------------------------------------------------------------------------------------------------------------
# Where a dataset is read from
# --------------------------------------------------------------------------------------------------------------------


class HubReader:
    """Opens the tables of a source from the Hub (streaming, at the pinned revision) or from a mirror folder."""

    def __init__(self, mirror: str | Path | None = None):
        self.mirror = None if mirror is None else Path(mirror)
        if self.mirror is not None and not self.mirror.is_dir():
            raise SourceError(f"--mirror: not a folder: {self.mirror}")

    def location(self, spec: SourceSpec) -> str:
        """The ``load_dataset`` path: the mirror folder of ``spec.hub`` or the Hub id."""
        if self.mirror is None:
            return spec.hub
        folder = self.mirror / spec.hub
        if not folder.is_dir():
            raise SourceError(
                f"--mirror: {folder} not found; download it with: hf download {spec.hub} --repo-type dataset "
                f"--revision {spec.revision} --local-dir {folder}"
            )
        return str(folder)

    def resolve_revision(self, spec: SourceSpec) -> str:
        """The commit read: the mirror's recorded download commit, or the Hub's commit for ``spec.revision``.

        Raises:
            SourceError: The mirror holds another commit than the recipe pins.
        """
        if self.mirror is None:
            from huggingface_hub import HfApi

            try:
                return HfApi().dataset_info(spec.hub, revision=spec.revision).sha
            except Exception as error:
                raise SourceError(f"{spec.hub}@{spec.revision}: cannot resolve the revision ({error})") from error
        commits = set()
        for metadata in (Path(self.location(spec)) / ".cache" / "huggingface" / "download").rglob("*.metadata"):
            first = metadata.read_text().split("\n", 1)[0].strip()
            if first:
                commits.add(first)
        if len(commits) > 1:
            raise SourceError(f"{self.location(spec)}: files of several commits {sorted(commits)}; download again")
        commit = commits.pop() if commits else "unknown"
        if commit != "unknown" and _SHA.match(spec.revision) and commit != spec.revision:
            raise SourceError(f"{self.location(spec)}: the mirror holds commit {commit}, the recipe pins "
                              f"{spec.hub}@{spec.revision}; download the pinned revision")
        return commit

    def splits(self, spec: SourceSpec, config: str | None, data_dir: str | None = None):
        """The splits of one config (or data folder): an ``IterableDatasetDict``."""
        from datasets import load_dataset

        kwargs: dict[str, Any] = {"streaming": True}
        if self.mirror is None:
            kwargs["revision"] = spec.revision
        if data_dir is not None:
            kwargs["data_dir"] = data_dir
        where = f"{spec.hub}" + (f" config {config!r}" if config else "") + (f" data_dir {data_dir!r}" if data_dir
                                                                             else "")
        try:
            return load_dataset(self.location(spec), name=config, **kwargs)
        except SourceError:
            raise
        except Exception as error:  # datasets raises several types for a missing config, folder or file
            raise SourceError(f"{where}: cannot be opened ({type(error).__name__}: {error})") from error

    def table(self, spec: SourceSpec, table: str, language: str, split: str, *, own_split: bool = False):
        """One split of a table: ``split`` itself, or (``own_split``) the table's only split when it has no
        ``split`` (BEIR ``queries`` / ``corpus`` configs have a split of their own name)."""
        config = spec.config(table, language)
        data_dir = spec.folder(language)
        splits = self.splits(spec, config, data_dir)
        if split in splits:
            return splits[split]
        if own_split and len(splits) == 1:
            return next(iter(splits.values()))
        name = f"{spec.hub}" + (f" config {config!r}" if config else "") + (f" data_dir {data_dir!r}" if data_dir
                                                                            else "")
        raise SourceError(f"{name}: no split {split!r} (splits: {', '.join(splits)})")


# --------------------------------------------------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------------------------------------------------


def _require(row: dict, columns: tuple[str, ...], where: str) -> None:
    missing = [column for column in columns if column not in row]
    if missing:
        raise SourceError(f"{where}: no column(s) {missing} (columns: {', '.join(row)})")


def _qrels_columns(row: dict, where: str) -> tuple[str, str]:
    for query_column, document_column in QRELS_SPELLINGS:
        if query_column in row and document_column in row:
            return query_column, document_column
    raise SourceError(f"{where}: no qrels columns query-id/corpus-id or query_id/corpus_id (columns: "
                      f"{', '.join(row)})")


def _texts(rows, ids: set[str], split: str | None, where: str) -> tuple[dict[str, str], set[str]]:
    """``_id -> text`` of the wanted ids, and (with ``split``) the wanted ids left out for another ``partition``."""
    texts: dict[str, str] = {}
    other_partition: set[str] = set()
    for row in rows:
        _require(row, ("_id", "text"), where)
        key = str(row["_id"])
        if key not in ids:
            continue
        if split is not None and row.get("partition") not in (None, split):
            other_partition.add(key)
            continue
        texts[key] = row["text"]
    return texts, other_partition


def read_beir(spec: SourceSpec, language: str, reader: HubReader, *, train: bool = True) -> LanguagePairs:
    """The (query, relevant document) pairs of the ``spec.split`` qrels, in qrels order.

    With ``train``, queries and documents must belong to the split's ``partition`` (positives, and so the negatives
    mined among them, come only from training documents); test sets (``train=False``) are read as mteb reads them,
    whatever the partition.
    """
    result = LanguagePairs(language)
    qrels_table = reader.table(spec, "qrels", language, spec.split)
    where = f"{spec.hub} config {spec.config('qrels', language)!r} split {spec.split!r}"
    links: list[tuple[str, str]] = []
    columns: tuple[str, str] | None = None
    for row in qrels_table:
        if columns is None:
            columns = _qrels_columns(row, where)
        score = row.get("score", 1)
        if score is None or score < spec.min_score:
            result.dropped["qrels_score"] += 1
            continue
        links.append((str(row[columns[0]]), str(row[columns[1]])))
    partition = spec.split if train else None
    queries, other_queries = _texts(reader.table(spec, "queries", language, spec.split, own_split=True),
                                    {q for q, _ in links}, partition,
                                    f"{spec.hub} config {spec.config('queries', language)!r}")
    corpus, other_documents = _texts(reader.table(spec, "corpus", language, spec.split, own_split=True),
                                     {d for _, d in links}, partition,
                                     f"{spec.hub} config {spec.config('corpus', language)!r}")
    for query_id, document_id in links:
        if query_id in other_queries:
            result.dropped["query_not_train_partition"] += 1
        elif query_id not in queries:
            result.dropped["missing_query"] += 1
        elif document_id in other_documents:
            result.dropped["document_not_train_partition"] += 1
        elif document_id not in corpus:
            result.dropped["missing_document"] += 1
        else:
            result.add(queries[query_id], corpus[document_id])
    return result


def read_pairs(spec: SourceSpec, language: str, reader: HubReader) -> LanguagePairs:
    """The rows of a flat ``pairs`` source, in the dataset's order (``skip_first`` dropped, ``first_rows`` kept)."""
    result = LanguagePairs(language)
    rows = reader.table(spec, "pairs", language, spec.split)
    where = (f"{spec.hub}" + (f" config {spec.config('pairs', language)!r}" if spec.configs.get("pairs") else "")
             + (f" data_dir {spec.folder(language)!r}" if spec.data_dir else "") + f" split {spec.split!r}")
    query_column, positive_column = spec.columns["query"], spec.columns["positive"]
    strip = "strip_docstring" in spec.transforms
    for index, row in enumerate(rows):
        if index == 0:
            _require(row, (query_column, positive_column), where)
        if spec.first_rows is not None and index >= spec.first_rows:
            break
        if index < spec.skip_first:
            result.dropped["mteb_eval_rows"] += 1
            continue
        query, positive = row[query_column], row[positive_column]
        if strip and isinstance(query, str) and isinstance(positive, str):
            positive = strip_docstring(positive, query)
        result.add(query, positive)
    return result


def read_source(spec: SourceSpec, language: str, reader: HubReader, *, train: bool = True) -> LanguagePairs:
    """The pairs of one language of a source (or test set)."""
    if spec.layout == "beir":
        pairs = read_beir(spec, language, reader, train=train)
        if "strip_docstring" in spec.transforms:
            pairs.positives = [strip_docstring(p, q) for q, p in zip(pairs.queries, pairs.positives, strict=True)]
        return pairs
    return read_pairs(spec, language, reader)


def count_rows(spec: SourceSpec, language: str, reader: HubReader) -> tuple[int, list[str]]:
    """Rows of the table that holds the pairs (the qrels split for ``beir``) and its columns, for ``--dry-run``.

    Raises:
        SourceError: The table lacks the columns the recipe reads (qrels ids, or ``columns``).
    """
    table_name = "qrels" if spec.layout == "beir" else "pairs"
    table = reader.table(spec, table_name, language, spec.split)
    where = (f"{spec.hub}" + (f" config {spec.config(table_name, language)!r}" if spec.config(table_name, language)
                              else "") + (f" data_dir {spec.folder(language)!r}" if spec.data_dir else "")
             + f" split {spec.split!r}")
    count, columns = 0, []
    for row in table:
        if not columns:
            columns = list(row)
            if spec.layout == "beir":
                _qrels_columns(row, where)
            else:
                _require(row, (spec.columns["query"], spec.columns["positive"]), where)
        count += 1
    return count, columns


# --------------------------------------------------------------------------------------------------------------------
# Transforms
# --------------------------------------------------------------------------------------------------------------------

_BLOCK_COMMENT = re.compile(r"/\*[\s\S]*?\*/[ \t]*\n?")
_LINE_COMMENTS = re.compile(r"(?:^[ \t]*(?://|#)[^\n]*\n)+", re.MULTILINE)


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def strip_docstring(code: str, docstring: str) -> str:
    """``code`` without its documentation: the docstring statement of a Python function or class (found with
    ``ast``), else the first comment block (``/* */``, ``//`` or ``#`` lines) whose words start with the docstring's
    first words. Code without either is returned unchanged."""
    lines = code.splitlines(keepends=True)
    try:
        tree = ast.parse(textwrap.dedent(code))
    except SyntaxError:
        tree = None
    if tree is not None and tree.body and isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                    ast.ClassDef)):
        body = tree.body[0].body
        first = body[0] if body else None
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
                and first.lineno > tree.body[0].lineno and len(body) > 1):
            return "".join(lines[: first.lineno - 1] + lines[first.end_lineno :])
    head = _words(docstring)[:40]
    if head:
        for pattern in (_BLOCK_COMMENT, _LINE_COMMENTS):
            for match in pattern.finditer(code):
                if _words(match.group(0)).startswith(head[: max(1, min(len(head), 40))]):
                    return code[: match.start()] + code[match.end() :]
    return code
