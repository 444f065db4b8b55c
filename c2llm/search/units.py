"""One file cut into search units: its functions, methods and classes through the parsers of :mod:`c2llm.code`
(tree-sitter, the 19 languages of its table), and line windows for the code around them and for every other text
file.

Units never overlap: a class unit holds the class's lines above its first method (name, bases, fields, docstring),
each method is a unit of its own, and functions nested in functions stay inside the outer one. A unit's text is its
lines exactly as in the file (docstrings and comments included), so ``start_line``..``end_line`` show the hit.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..code import MAX_ERROR_SHARE, PARSED_LANGUAGES, Definition, error_share, language_of, parse

WINDOW_LINES = 40  # line windows of text files and of code outside any definition
MIN_WINDOW_CODE_LINES = 3  # code between definitions shorter than this (imports, a constant) is not a unit

KINDS = ("function", "method", "class", "window")


def content_hash(text: str) -> str:
    """The hash that identifies a unit's text (128-bit BLAKE2b, hex)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


@dataclass(frozen=True)
class Unit:
    """One searchable piece of a file. ``path`` is POSIX and relative to the indexed root; lines are 1-based and
    inclusive; ``name`` is qualified (``Class.method``) or ``path:start-end`` for a window."""

    path: str
    start_line: int
    end_line: int
    language: str
    name: str
    kind: str
    text: str
    content_hash: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.content_hash:
            object.__setattr__(self, "content_hash", content_hash(self.text))


def embedding_text(unit: Unit) -> str:
    """What is embedded for a unit: its qualified name (not a window's ``path:start-end``) and its text. The name
    tells a model what the code belongs to (a method's class); the path is left out so that a copy of code elsewhere
    embeds the same (``c2llm dupes``): with the ranking layer, the path added only 0.002 nDCG@10 on the development
    split (docs/search.md)."""
    name = "" if unit.kind == "window" else unit.name
    return "\n".join(part for part in (name, unit.text) if part)


def _window_units(path: str, language: str, lines: list[str], start: int, end: int,
                  min_lines: int = 1) -> list[Unit]:
    """Windows of ``WINDOW_LINES`` over lines ``start..end`` (1-based, inclusive), blank edges trimmed, windows with
    fewer than ``min_lines`` non-blank lines dropped."""
    units = []
    for first in range(start, end + 1, WINDOW_LINES):
        last = min(first + WINDOW_LINES - 1, end)
        while first <= last and not lines[first - 1].strip():
            first += 1
        while last >= first and not lines[last - 1].strip():
            last -= 1
        body = lines[first - 1 : last]
        if sum(1 for line in body if line.strip()) >= min_lines:
            units.append(Unit(path, first, last, language, f"{path}:{first}-{last}", "window", "\n".join(body)))
    return units


def _definition_spans(found: list[Definition], lines: list[str]) -> list[tuple[Definition, int, int]]:
    """Non-overlapping spans: a definition that contains others keeps only its lines above the first of them."""
    spans = []
    for index, definition in enumerate(found):
        end = definition.end_line
        inner = [d for d in found[index + 1 :] if d.start_line <= definition.end_line]
        if inner:
            end = inner[0].start_line - 1
            while end >= definition.start_line and not lines[end - 1].strip():
                end -= 1
            if sum(1 for line in lines[definition.start_line - 1 : end] if line.strip()) < 2:
                continue  # a bare `impl X {` or `class A:` line says nothing its methods do not
        spans.append((definition, definition.start_line, end))
    return spans


def units_of_file(path_relative: str, text: str) -> list[Unit]:
    """Cut one file (its path relative to the root, POSIX; its text with ``\\n`` line ends) into units, in line
    order. Parsed languages give their definitions plus windows over the code between them; a file that does not
    parse, and any other text file, gives windows."""
    language = language_of(path_relative)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    found: list[Definition] = []
    if language in PARSED_LANGUAGES:
        parsed = parse(text, language, path_relative)
        # a mostly broken file reads better as windows than as the fragments a tolerant parser recovers
        if parsed is not None and error_share(parsed.root) <= MAX_ERROR_SHARE:
            found = list(parsed.definitions)
    units: list[Unit] = []
    covered_until = 0  # last line covered by a definition so far
    for definition, start, end in _definition_spans(found, lines):
        if start > covered_until + 1:
            units += _window_units(path_relative, language, lines, covered_until + 1, start - 1, MIN_WINDOW_CODE_LINES)
        units.append(Unit(path_relative, start, end, language, definition.name, definition.kind,
                          "\n".join(lines[start - 1 : end])))
        covered_until = max(covered_until, definition.end_line)
    if covered_until < len(lines):
        units += _window_units(path_relative, language, lines, covered_until + 1, len(lines),
                               MIN_WINDOW_CODE_LINES if found else 1)
    return sorted(units, key=lambda unit: (unit.start_line, unit.end_line))
