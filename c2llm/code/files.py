"""Reading source files as text: UTF-8 with ``\\n`` line endings, or a :class:`SkipFile` saying why not.

Shared by the training-data miner (:mod:`c2llm.data.mining`), the search index (:mod:`c2llm.search.files`) and the
clone benchmarks.
"""

from __future__ import annotations

from pathlib import Path

READ_SKIP_REASONS = ("unreadable", "too_large", "binary", "not_utf8")  # the reasons :func:`read_code_file` gives
DEFAULT_MAX_FILE_BYTES = 2_000_000  # bigger source files are almost always generated or minified


class SkipFile(Exception):
    """A file that is left out; ``reason`` says why (:data:`READ_SKIP_REASONS`, or a caller's own reasons)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_code_file(path: Path, max_bytes: int = DEFAULT_MAX_FILE_BYTES) -> str:
    """Read a source file as UTF-8 text with ``\\n`` line endings.

    Raises:
        SkipFile: ``unreadable``, ``too_large``, ``binary`` (contains NUL bytes) or ``not_utf8``.
    """
    try:
        if path.stat().st_size > max_bytes:
            raise SkipFile("too_large")
        data = path.read_bytes()
    except OSError as error:
        raise SkipFile("unreadable") from error
    if b"\x00" in data:
        raise SkipFile("binary")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SkipFile("not_utf8") from error
    return text.replace("\r\n", "\n").replace("\r", "\n")
