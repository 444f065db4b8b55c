"""Finding the first malformed row of a data file, to say where a table that ``datasets`` cannot read goes wrong.

``datasets`` reports a bad row through pyarrow or pandas, counting rows from the start of a block rather than of the
file, and without naming the file in the exception. When it fails, :func:`find_problem` reads the files itself,
line by line (JSON lines, CSV) or row group by row group (parquet), and returns the first problem with its 1-based
line number in the file. It runs only after a failure, so a clean build pays nothing for it.

* ``json`` (``.jsonl``, ``.json``, ``.ndjson``): every non-blank line must be a JSON object (JSON lines); a file whose
  first line does not parse on its own (or that starts with ``[``) is checked as one JSON document instead.
* ``csv`` (``.csv``, ``.tsv``): a record with more fields than the header (pandas refuses it; fewer are padded), or a
  quoted field left open at the end of the file. The line is the one the record starts on; the data row counts
  records after the header.
* ``parquet``: the file and every row group must be readable.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
from collections.abc import Iterator
from typing import IO, Any

Problem = tuple[int | None, str]  # (1-based line, or None for the whole file; what is wrong)


def open_binary(file: str) -> IO[bytes]:
    """``file`` opened for reading bytes: a local path or a URL ``datasets`` resolved (``hf://``, chained ``::``),
    decompressed by its suffix."""
    import fsspec

    return fsspec.open(file, "rb", compression=None if "::" in file else "infer").open()


def find_problem(file: str, builder: str, options: Any = None) -> Problem | None:
    """The first malformed row of ``file`` read by the ``datasets`` builder ``builder`` (``json``, ``csv``,
    ``parquet``; ``options`` its config: encoding, separator, quote character), or None when none is found (another
    format, or a file that reads cleanly)."""
    encoding = getattr(options, "encoding", None) or "utf-8"
    with open_binary(file) as handle:
        if builder == "json":
            return _json_problem(handle, file, encoding)
        if builder == "csv":
            sep = getattr(options, "sep", None) or getattr(options, "delimiter", None) or ","
            quotechar = getattr(options, "quotechar", None) or '"'
            return _csv_problem(handle, encoding, sep, quotechar)
        if builder == "parquet":
            return _parquet_problem(handle)
    return None


def has_rows(file: str, builder: str) -> bool:
    """Whether ``file`` holds at least one row (a file that cannot be checked counts as holding rows)."""
    try:
        with open_binary(file) as handle:
            if builder == "parquet":
                import pyarrow.parquet as pq

                return pq.ParquetFile(handle).metadata.num_rows > 0
            lines = (line for line in handle if line.strip())
            if builder == "csv":
                next(lines, None)  # the header
            return next(lines, None) is not None
    except Exception:
        return True


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", bool: "true or false", type(None): "null"}.get(type(value), "a number")


def _json_problem(handle: IO[bytes], file: str, encoding: str) -> Problem | None:
    first = None
    for number, raw in enumerate(handle, 1):
        try:
            line = raw.decode(encoding)
        except UnicodeDecodeError as error:
            return number, f"not {encoding} text ({error.reason} at byte {error.start + 1} of the line)"
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.removeprefix("\ufeff")
        if not line.strip():
            continue
        if first is None:
            first = number
            if line.lstrip().startswith("["):
                return _json_document_problem(file, encoding)
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            if number == first:  # perhaps one JSON document over several lines
                return _json_document_problem(file, encoding)
            return number, f"invalid JSON line ({error.msg}: column {error.colno})"
        if not isinstance(value, dict):
            return number, f"a JSON line must be an object, got {_kind(value)}"
    return None


def _json_document_problem(file: str, encoding: str) -> Problem | None:
    with open_binary(file) as handle:
        data = handle.read()
    try:
        text = codecs.decode(data, encoding).removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        return data[: error.start].count(b"\n") + 1, f"not {encoding} text ({error.reason})"
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error.lineno, f"invalid JSON ({error.msg}: column {error.colno})"
    return None


def _csv_problem(handle: IO[bytes], encoding: str, sep: str, quotechar: str) -> Problem | None:
    record_lines: list[str] = []

    def lines(text: IO[str]) -> Iterator[str]:
        for line in text:
            record_lines.append(line)
            yield line

    reader = csv.reader(lines(io.TextIOWrapper(handle, encoding=encoding, newline="")), delimiter=sep,
                        quotechar=quotechar)
    header, row, open_quote = None, 0, None
    while True:
        start = reader.line_num + 1
        record_lines.clear()
        try:
            fields = next(reader)
        except StopIteration:
            if open_quote is not None:  # the last record ran to the end of the file inside quotes
                return open_quote, "a quoted field opened on this line is not closed before the end of the file"
            return None
        except UnicodeDecodeError as error:
            return start, f"not {encoding} text ({error.reason})"
        except csv.Error as error:
            return start, f"invalid CSV ({error})"
        if not fields:  # a blank line
            continue
        open_quote = start if "".join(record_lines).count(quotechar) % 2 else None
        if header is None:
            header = len(fields)
            continue
        row += 1
        if len(fields) > header:
            return start, f"data row {row} (the record starting on this line) has {len(fields)} fields, the header " \
                          f"{header}"


def _parquet_problem(handle: IO[bytes]) -> Problem | None:
    import pyarrow.parquet as pq

    try:
        parquet = pq.ParquetFile(handle)
        for group in range(parquet.num_row_groups):
            parquet.read_row_group(group)
    except Exception as error:
        return None, f"cannot be read as parquet ({first_line(error)})"
    return None


def first_line(error: BaseException, limit: int = 300) -> str:
    """The first line of an exception's message, cut to ``limit`` characters."""
    text = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return text if len(text) <= limit else text[: limit - 3] + "..."
