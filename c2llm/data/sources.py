"""Reading a recipe source (:class:`c2llm.data.recipe.SourceSpec`) as (query, positive) pairs, one language at a time.

Everything goes through ``datasets.load_dataset(..., streaming=True)``: from the Hub at the pinned revision, or, with
a mirror folder, from ``<mirror>/<org>/<name>/``, the folder ``hf download ORG/NAME --repo-type dataset --local-dir
<mirror>/ORG/NAME`` writes (its README's ``configs:`` and its data folders resolve exactly as on the Hub). The
revision of a mirror is the commit ``hf download`` recorded in ``.cache/huggingface/download/*.metadata``; a recipe
pin (a full commit, or a short one of 4 to 39 hex digits) must be that commit or its prefix. A mirror without those
records cannot be checked: it is read with a warning and its revision is recorded as ``unknown``.

A row ``datasets`` cannot parse stops the read with a :class:`SourceError` naming the file and the 1-based line
(:mod:`c2llm.data.filecheck` finds it); so does a missing column (naming the file of the first row).

* ``beir``: the ``split`` qrels (``query-id`` / ``corpus-id`` or ``query_id`` / ``corpus_id``, optional ``score``)
  joined to the ``queries`` and ``corpus`` tables (``_id``, ``text``). Those tables have one split of their own
  (``queries`` / ``corpus``) or per-split ones; a ``partition`` column, when present, must equal the split: a
  training pair never uses a query or document of another partition.
* ``pairs``: one row per pair, the columns named by the recipe; ``skip_first`` rows per language are dropped.

Each drop is counted by reason (:data:`DROP_REASONS`).
"""

from __future__ import annotations

import ast
import contextvars
import logging
import re
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import UserError
from .filecheck import find_problem, first_line, has_rows
from .recipe import SourceSpec

logger = logging.getLogger(__name__)

QRELS_SPELLINGS = (("query-id", "corpus-id"), ("query_id", "corpus_id"))
_COMMIT_PIN = re.compile(r"^[0-9a-fA-F]{4,40}$")  # a full or short commit; anything else is a branch or tag
DOWNLOAD_RECORDS = ".cache/huggingface/download"
# datasets' loaders log an error before raising one about a file; while c2llm reads, it reports that error itself
_LOADER_LOGGERS = ("datasets.packaged_modules.json.json", "datasets.packaged_modules.csv.csv",
                   "datasets.packaged_modules.parquet.parquet")
_READING = contextvars.ContextVar("c2llm_reading", default=False)

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


class _LoaderErrors(logging.Filter):
    """Drops the error records of ``datasets``' file loaders while c2llm reads (it raises its own error instead)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (_READING.get() and record.levelno >= logging.ERROR)


def _quiet_loaders() -> None:
    for name in _LOADER_LOGGERS:
        loader_logger = logging.getLogger(name)
        if not any(isinstance(f, _LoaderErrors) for f in loader_logger.filters):
            loader_logger.addFilter(_LoaderErrors())


def _split_files(builder: Any, split: str | None) -> list[str]:
    """The data files of ``split`` (of every split when None) of a ``datasets`` builder, in the order they are read."""
    return [str(file) for name, files in (builder.config.data_files or {}).items()
            if split is None or str(name) == split for file in files]


def _files_text(files: list[str]) -> str:
    return ", ".join(files[:3]) + (f" and {len(files) - 3} more" if len(files) > 3 else "")


class Rows:
    """The rows of one split, as ``datasets`` streams them; a row it cannot parse raises a :class:`SourceError`
    naming the file and line (see :meth:`HubReader.malformed`)."""

    def __init__(self, reader: HubReader, spec: SourceSpec, config: str | None, data_dir: str | None, split: str,
                 dataset: Any):
        self.reader, self.spec, self.config, self.data_dir, self.split = reader, spec, config, data_dir, split
        self.dataset = dataset
        self.where = reader.describe(spec, config, data_dir) + f" split {split!r}"

    def __iter__(self):
        iterator = None
        while True:
            token = _READING.set(True)
            try:
                if iterator is None:
                    iterator = iter(self.dataset)
                row = next(iterator)
            except StopIteration:
                return
            except SourceError:
                raise
            except Exception as error:  # pyarrow, pandas, json or datasets errors about a file's contents
                found, files = self.reader.malformed(self.spec, self.config, self.data_dir, self.split, self.where)
                raise found or SourceError(f"{self.where}: cannot be read ({type(error).__name__}: "
                                           f"{first_line(error)})" + (f"; files: {_files_text(files)}" if files
                                                                      else "")) from error
            finally:
                _READING.reset(token)
            yield row

    def first_file(self) -> str | None:
        """The file the first row comes from: the first of the split's files that holds a row."""
        builder, files = self.reader.data_files(self.spec, self.config, self.data_dir, self.split)
        if len(files) > 1:
            return next((file for file in files if has_rows(file, builder)), files[0])
        return files[0] if files else None

    def missing(self, message: str) -> SourceError:
        """A missing-column error: ``where: file: message``."""
        try:
            file = self.first_file()
        except Exception:  # the message without the file rather than another error
            file = None
        return SourceError(f"{self.where}: " + (f"{file}: " if file else "") + message)


class HubReader:
    """Opens the tables of a source from the Hub (streaming, at the pinned revision) or from a mirror folder."""

    def __init__(self, mirror: str | Path | None = None):
        self.mirror = None if mirror is None else Path(mirror)
        if self.mirror is not None and not self.mirror.is_dir():
            raise SourceError(f"--mirror: not a folder: {self.mirror}")
        self._commits: dict[str, str | None] = {}
        _quiet_loaders()

    @staticmethod
    def describe(spec: SourceSpec, config: str | None, data_dir: str | None) -> str:
        """``org/name config 'c' data_dir 'd'``: the table in messages."""
        return f"{spec.hub}" + (f" config {config!r}" if config else "") + (f" data_dir {data_dir!r}" if data_dir
                                                                            else "")

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

        A pin of 4 to 40 hex digits is a commit: the mirror's commit must equal it or start with it. A mirror without
        download records is read with one warning (per folder) and resolves to ``"unknown"``.

        Raises:
            SourceError: The mirror holds another commit than the recipe pins, or files of several commits.
        """
        if self.mirror is None:
            from huggingface_hub import HfApi

            key = f"{spec.hub}@{spec.revision}"
            if key not in self._commits:  # looked up once per reader
                try:
                    self._commits[key] = HfApi().dataset_info(spec.hub, revision=spec.revision).sha
                except Exception as error:
                    raise SourceError(f"{key}: cannot resolve the revision ({error})") from error
            return self._commits[key]
        folder = self.location(spec)
        commit = self._mirror_commit(folder, spec)
        if commit is None:
            return "unknown"
        if _COMMIT_PIN.match(spec.revision) and not commit.lower().startswith(spec.revision.lower()):
            raise SourceError(f"{folder}: the mirror holds commit {commit}, the recipe pins "
                              f"{spec.hub}@{spec.revision}; download the pinned revision")
        return commit

    def _mirror_commit(self, folder: str, spec: SourceSpec) -> str | None:
        """The commit ``hf download`` recorded in ``folder``, or None (warned once) when it recorded none."""
        if folder not in self._commits:
            commits = set()
            for metadata in (Path(folder) / DOWNLOAD_RECORDS).rglob("*.metadata"):
                first = metadata.read_text().split("\n", 1)[0].strip()
                if first:
                    commits.add(first)
            if len(commits) > 1:
                raise SourceError(f"{folder}: files of several commits {sorted(commits)}; download again")
            self._commits[folder] = commits.pop() if commits else None
            if self._commits[folder] is None:
                logger.warning("%s: no download records (%s/*.metadata), so its revision cannot be checked against "
                               "%s@%s; recorded as 'unknown'", folder, DOWNLOAD_RECORDS, spec.hub, spec.revision)
        return self._commits[folder]

    def data_files(self, spec: SourceSpec, config: str | None, data_dir: str | None,
                   split: str | None = None) -> tuple[str, list[str]]:
        """The ``datasets`` builder (``json``, ``csv``, ``parquet`` ...) of a config and the files of ``split`` (of
        every split when None), in the order they are read."""
        builder = self._builder(spec, config, data_dir)
        return builder.name, _split_files(builder, split)

    def _builder(self, spec: SourceSpec, config: str | None, data_dir: str | None):
        from datasets import load_dataset_builder

        kwargs: dict[str, Any] = {}
        if self.mirror is None:
            kwargs["revision"] = spec.revision
        if data_dir is not None:
            kwargs["data_dir"] = data_dir
        return load_dataset_builder(self.location(spec), name=config, **kwargs)

    def malformed(self, spec: SourceSpec, config: str | None, data_dir: str | None, split: str | None,
                  where: str) -> tuple[SourceError | None, list[str]]:
        """After ``datasets`` failed to read a table: the error ``where: file:line: what`` of the first malformed row
        of its files (of ``split``, or of every split), or None when none is found; and the files checked."""
        try:
            builder = self._builder(spec, config, data_dir)
            files = _split_files(builder, split)
        except Exception:
            return None, []
        for file in files:
            try:
                problem = find_problem(file, builder.name, builder.config)
            except Exception:  # a file that cannot be checked: the caller's message
                problem = None
            if problem is not None:
                line, message = problem
                at = f"{file}:{line}" if line is not None else file
                return SourceError(f"{where}: {at}: {message}"), files
        return None, files

    def splits(self, spec: SourceSpec, config: str | None, data_dir: str | None = None):
        """The splits of one config (or data folder): an ``IterableDatasetDict``."""
        from datasets import load_dataset

        kwargs: dict[str, Any] = {"streaming": True}
        if self.mirror is None:
            kwargs["revision"] = spec.revision
        if data_dir is not None:
            kwargs["data_dir"] = data_dir
        where = self.describe(spec, config, data_dir)
        token = _READING.set(True)
        try:
            return load_dataset(self.location(spec), name=config, **kwargs)
        except SourceError:
            raise
        except Exception as error:  # datasets raises several types for a missing config, folder or file
            found, _ = self.malformed(spec, config, data_dir, None, where)
            raise found or SourceError(f"{where}: cannot be opened ({type(error).__name__}: {error})") from error
        finally:
            _READING.reset(token)

    def table(self, spec: SourceSpec, table: str, language: str, split: str, *, own_split: bool = False):
        """One split of a table: ``split`` itself, or (``own_split``) the table's only split when it has no
        ``split`` (BEIR ``queries`` / ``corpus`` configs have a split of their own name)."""
        config = spec.config(table, language)
        data_dir = spec.folder(language)
        splits = self.splits(spec, config, data_dir)
        if split in splits:
            return Rows(self, spec, config, data_dir, split, splits[split])
        if own_split and len(splits) == 1:
            only = next(iter(splits))
            return Rows(self, spec, config, data_dir, only, splits[only])
        raise SourceError(f"{self.describe(spec, config, data_dir)}: no split {split!r} (splits: {', '.join(splits)})")


# --------------------------------------------------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------------------------------------------------


def _require(row: dict, columns: tuple[str, ...], rows: Rows) -> None:
    missing = [column for column in columns if column not in row]
    if missing:
        raise rows.missing(f"no column(s) {missing} (columns: {', '.join(row)})")


def _qrels_columns(row: dict, rows: Rows) -> tuple[str, str]:
    for query_column, document_column in QRELS_SPELLINGS:
        if query_column in row and document_column in row:
            return query_column, document_column
    raise rows.missing(f"no qrels columns query-id/corpus-id or query_id/corpus_id (columns: {', '.join(row)})")


def _texts(rows: Rows, ids: set[str], split: str | None) -> tuple[dict[str, str], set[str]]:
    """``_id -> text`` of the wanted ids, and (with ``split``) the wanted ids left out for another ``partition``."""
    texts: dict[str, str] = {}
    other_partition: set[str] = set()
    checked = False
    for row in rows:
        if not checked:
            _require(row, ("_id", "text"), rows)
            checked = True
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
    links: list[tuple[str, str]] = []
    columns: tuple[str, str] | None = None
    for row in qrels_table:
        if columns is None:
            columns = _qrels_columns(row, qrels_table)
        score = row.get("score", 1)
        if score is None or score < spec.min_score:
            result.dropped["qrels_score"] += 1
            continue
        links.append((str(row[columns[0]]), str(row[columns[1]])))
    partition = spec.split if train else None
    queries, other_queries = _texts(reader.table(spec, "queries", language, spec.split, own_split=True),
                                    {q for q, _ in links}, partition)
    corpus, other_documents = _texts(reader.table(spec, "corpus", language, spec.split, own_split=True),
                                     {d for _, d in links}, partition)
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
    query_column, positive_column = spec.columns["query"], spec.columns["positive"]
    strip = "strip_docstring" in spec.transforms
    for index, row in enumerate(rows):
        if index == 0:
            _require(row, (query_column, positive_column), rows)
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
    count, columns = 0, []
    for row in table:
        if not columns:
            columns = list(row)
            if spec.layout == "beir":
                _qrels_columns(row, table)
            else:
                _require(row, (spec.columns["query"], spec.columns["positive"]), table)
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
