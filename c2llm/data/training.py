"""Training data: (query, positive, negative_1..K) rows from local files, Hub datasets or the stdlib miner.

Rows with a missing, empty or non-string text are dropped and counted; a file without the required columns is
rejected with an error naming it. Batches are drawn from one group at a time (the paper groups by dataset and
programming language), so the training set is a `DatasetDict` keyed by `<source>/<language>`. An optional `group`
column names the rows that must never share a batch (:mod:`c2llm.training.groups`); its values are kept as strings.
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from datasets import Dataset, DatasetDict, Value, load_dataset

from ..atomic import atomic_write
from ..errors import UserError

logger = logging.getLogger(__name__)

REQUIRED_COLUMNS = ("query", "positive")
GROUP_COLUMN = "group"  # rows sharing its value never share a batch (two clones would be each other's negatives)
_NEGATIVE = re.compile(r"^negative_(\d+)$")
LOCAL_FORMATS = {".jsonl": "json", ".json": "json", ".parquet": "parquet", ".csv": "csv"}


class DataError(UserError, ValueError):
    """Training data that cannot be used; the message names the file or dataset."""


@dataclass
class DataReport:
    """What was loaded and what was dropped, per source."""

    rows: dict[str, int] = field(default_factory=dict)
    dropped: dict[str, int] = field(default_factory=dict)


def negative_columns(column_names: list[str]) -> list[str]:
    """`negative_1..negative_K` in numeric order."""
    found = [(int(m.group(1)), name) for name in column_names if (m := _NEGATIVE.match(name))]
    return [name for _, name in sorted(found)]


def table_format(path: Path) -> str:
    """The ``datasets`` builder name of a local table, from its suffix."""
    if path.suffix.lower() not in LOCAL_FORMATS:
        raise DataError(f"{path}: unsupported file type {path.suffix!r}; use {', '.join(LOCAL_FORMATS)}")
    return LOCAL_FORMATS[path.suffix.lower()]


def _check_json_lines(path: Path) -> None:
    """``datasets`` reports a bad JSON line without its number: find it first, and refuse an empty file."""
    empty = True
    with path.open("rb") as file:
        for lineno, raw in enumerate(file, 1):
            if not raw.strip():
                continue
            empty = False
            try:
                record = json.loads(raw.decode("utf-8").strip())
            except UnicodeDecodeError:
                raise DataError(f"{path}:{lineno}: invalid JSON (not UTF-8)") from None
            except json.JSONDecodeError as error:
                raise DataError(f"{path}:{lineno}: invalid JSON ({error.msg} at column {error.colno})") from None
            if not isinstance(record, dict):
                raise DataError(f"{path}:{lineno}: expected a JSON object, got {type(record).__name__}")
    if empty:
        raise DataError(f"{path}: empty file")


def read_table(path: str | os.PathLike[str]) -> Dataset:
    """A local jsonl / json / parquet / csv file as a ``Dataset``.

    Raises:
        DataError: The file is missing, of an unsupported type, empty or unreadable; the message names the file
            (and the line, for JSON lines).
    """
    path = Path(path)
    builder = table_format(path)
    if not path.is_file():
        raise DataError(f"{path}: no such file")
    if path.suffix.lower() == ".jsonl":
        _check_json_lines(path)
    elif path.stat().st_size == 0:
        raise DataError(f"{path}: empty file")
    try:
        return load_dataset(builder, data_files=str(path), split="train")
    except Exception as error:  # datasets wraps parse errors in several types
        raise DataError(f"{path}: cannot be read ({type(error).__name__}: {error})") from error


def write_table(dataset: Dataset, path: str | os.PathLike[str]) -> Path:
    """Write jsonl (also for ``.json``) / parquet / csv atomically (:func:`c2llm.atomic.atomic_write`), so a crash
    never leaves a half-written file at ``path``."""
    path = Path(path)
    builder = table_format(path)
    if builder == "json":
        return atomic_write(path, lambda file: dataset.to_json(file, lines=True, force_ascii=False), mode="wb")
    if builder == "parquet":
        return atomic_write(path, dataset.to_parquet, mode="wb")
    return atomic_write(path, lambda file: dataset.to_csv(file, index=False), mode="wb")


def read_dataset(source: str, split: str = "train") -> Dataset:
    """A local table (:func:`read_table`) or a Hub dataset id (its ``split``)."""
    path = Path(source)
    if path.suffix.lower() in LOCAL_FORMATS or path.exists():
        return read_table(path)
    try:
        return load_dataset(source, split=split)
    except Exception as error:
        raise DataError(f"{source}: not a local file and not loadable from the Hub ({error})") from error


def _valid_row(row: dict, columns: list[str]) -> bool:
    texts = all(isinstance(row[c], str) and row[c].strip() for c in columns)
    return texts and (GROUP_COLUMN not in row or bool((row[GROUP_COLUMN] or "").strip()))  # groups are text here


def _groups_as_text(dataset: Dataset, source: str) -> Dataset:
    """The `group` column as text (7 and "7" are one group: the batch sampler compares values as text); a missing
    group stays missing (the row is dropped). Anything but a string or an integer is refused, naming its row."""
    groups = []
    for row, value in enumerate(dataset[GROUP_COLUMN], start=1):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
            raise DataError(f"{source} row {row}: column '{GROUP_COLUMN}' must hold a string or an integer, "
                            f"got {type(value).__name__}")
        groups.append(None if value is None else str(value))
    return dataset.remove_columns(GROUP_COLUMN).add_column(GROUP_COLUMN, groups, feature=Value("string"))


def clean_dataset(dataset: Dataset, source: str, num_negatives: int | None) -> tuple[Dataset, int]:
    """Keep `query`, `positive`, up to `num_negatives` negative columns (all if None) and `group` (as text); drop
    bad rows: a missing, empty or non-string text, or a missing or empty group."""
    missing = [c for c in REQUIRED_COLUMNS if c not in dataset.column_names]
    if missing:
        raise DataError(
            f"{source}: missing column(s) {missing}; expected query, positive and optional negative_1..negative_K, "
            f"found {dataset.column_names}"
        )
    negatives = negative_columns(dataset.column_names)
    if num_negatives is not None:
        if num_negatives > len(negatives):
            logger.warning("%s: %d hard negatives requested, %d available", source, num_negatives, len(negatives))
        negatives = negatives[:num_negatives]
    keep = [*REQUIRED_COLUMNS, *negatives]
    if GROUP_COLUMN in dataset.column_names:
        dataset = _groups_as_text(dataset, source)
    extra = [c for c in dataset.column_names if c not in keep and c not in ("language", GROUP_COLUMN)]
    dataset = dataset.remove_columns(extra)
    before = len(dataset)
    dataset = dataset.filter(_valid_row, fn_kwargs={"columns": keep}, desc=f"checking {Path(source).name}")
    if len(dataset) == 0:
        raise DataError(f"{source}: no usable rows (all {before} have a missing, empty or non-string text"
                        + (" or group)" if GROUP_COLUMN in dataset.column_names else ")"))
    return dataset, before - len(dataset)


def group_by_language(dataset: Dataset, source: str) -> dict[str, Dataset]:
    """One dataset per programming language when a `language` column exists (batches stay homogeneous)."""
    name = Path(source).stem if Path(source).suffix else source.replace("/", "__")
    if "language" not in dataset.column_names:
        return {name: dataset}
    groups = {}
    for language in sorted({language or "unknown" for language in dataset["language"]}):
        subset = dataset.filter(
            lambda row, lang=language: (row["language"] or "unknown") == lang, desc=f"grouping {language}"
        )
        groups[f"{name}/{language}"] = subset.remove_columns("language")
    return groups


def load_training_data(sources: list[str], num_negatives: int | None = None) -> tuple[DatasetDict, DataReport]:
    """Read, validate and group every source. All groups share the same columns (negatives trimmed to the fewest)."""
    report, groups = DataReport(), {}
    for source in sources:
        dataset, dropped = clean_dataset(read_dataset(source), source, num_negatives)
        report.rows[source], report.dropped[source] = len(dataset), dropped
        if dropped:
            logger.warning("%s: dropped %d bad row(s) (missing, empty or non-string text, or no group)", source,
                           dropped)
        for name, group in group_by_language(dataset, source).items():
            if name in groups:
                raise DataError(f"{source}: its group name {name!r} is already taken by another source; rename the file")
            groups[name] = group
    fewest = min(len(negative_columns(d.column_names)) for d in groups.values())
    for name, dataset in groups.items():
        extra = negative_columns(dataset.column_names)[fewest:]
        groups[name] = dataset.remove_columns(extra) if extra else dataset
    return DatasetDict(groups), report
