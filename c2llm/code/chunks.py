"""One file cut into contiguous, size-bounded chunks along its syntax, for search (semble-style).

The chunker walks the syntax tree top-down. A node that fits the budget (``CHUNK_CHARS`` and ``CHUNK_LINES``) is one
piece; a larger one is cut between its children (a class between its methods, a function between its statements),
each child taking the comments and attributes directly above it. Adjacent pieces of the same parent are then merged
back up to the budget, so small siblings (imports, constants, short functions) share a chunk while a large class
gives one chunk per few methods. A file without a grammar, or one that mostly fails to parse, is cut into line
windows.

Chunks cover every non-blank line of the file exactly once, in order; each is trimmed of blank edge lines, and its
text is its lines exactly as in the file. This module does not know about any index: a chunk is plain data.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate

from .languages import get_language, language_of
from .parsing import Definition, Node, Parsed, error_share, last_row, leading_row, parse

CHUNK_CHARS = 1_500  # default budget of one chunk's text, in characters ...
CHUNK_LINES = 60  # ... and in lines (an overlong line is a chunk of its own)
# A piece this short (fewer non-blank lines, at most this many characters) does not stand alone, even past the
# budget: the head of a split definition (`class A {`) joins its first piece, a tail (`return x`) the piece before.
SHORT_LINES, SHORT_CHARS = 3, 240
MAX_ERROR_SHARE = 0.5  # above this share of rows in syntax errors a file is cut into line windows
MAX_DEPTH = 200  # below this depth of the tree (long `else if` chains nest) the rest is cut into line windows
CHUNK_KINDS = ("function", "method", "class", "code", "window")


@dataclass(frozen=True)
class Chunk:
    """A piece of a file. Lines are 1-based and inclusive. ``names`` are the qualified names of the outermost
    definitions wholly inside the chunk, else of the definition it starts or is a part of; ``kind`` is the first
    one's kind, ``"code"`` for parsed code outside definitions, ``"window"`` for line windows."""

    path: str
    start_line: int
    end_line: int
    language: str
    names: tuple[str, ...]
    kind: str
    text: str

    @property
    def name(self) -> str | None:
        """The names as one string (``"add, mul"``), ``None`` if the chunk holds no definition."""
        return ", ".join(self.names) or None


def embedding_text(chunk: Chunk) -> str:
    """What gets embedded for a chunk: its path, its definitions' names and its text (the path and names lift dense
    retrieval: +0.045 nDCG@10 measured)."""
    return "\n".join(part for part in (chunk.path, chunk.name, chunk.text) if part)


class _Lines:
    """A file's lines and the budget, with prefix sums so that sizing any line range is O(1)."""

    def __init__(self, text: str, max_chars: int, max_lines: int) -> None:
        self.max_chars, self.max_lines = max_chars, max_lines
        self.lines = text.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()  # the final newline ends the last line; it does not start one
        self._chars = [0, *accumulate(len(line) + 1 for line in self.lines)]
        self._blank = [not line.strip() for line in self.lines]
        self._non_blank = [0, *accumulate(not blank for blank in self._blank)]

    def __len__(self) -> int:
        return len(self.lines)

    def fits(self, start: int, end: int) -> bool:
        return end - start + 1 <= self.max_lines and self._chars[end] - self._chars[start - 1] - 1 <= self.max_chars

    def blank(self, line: int) -> bool:
        return self._blank[line - 1]

    def is_short(self, start: int, end: int) -> bool:
        """Too short to stand alone (see ``SHORT_LINES``)."""
        non_blank = self._non_blank[end] - self._non_blank[start - 1]
        return non_blank < SHORT_LINES and self._chars[end] - self._chars[start - 1] <= SHORT_CHARS

    def trim(self, start: int, end: int) -> tuple[int, int] | None:
        """The range without its blank edge lines; ``None`` if it is all blank."""
        while start <= end and self._blank[start - 1]:
            start += 1
        while end >= start and self._blank[end - 1]:
            end -= 1
        return (start, end) if start <= end else None

    def text(self, start: int, end: int) -> str:
        return "\n".join(self.lines[start - 1 : end])


@dataclass(frozen=True)
class _Piece:
    """A range of lines that is not cut further, and the definitions it lies in (outermost first)."""

    start: int
    end: int
    owners: tuple[Definition, ...] = ()


def _windows(lines: _Lines, start: int, end: int, owners: tuple[Definition, ...] = ()) -> Iterator[_Piece]:
    """Lines ``start..end`` in windows within the budget; a window that must be cut ends at a blank line when one
    lies in its second half, so paragraphs and blocks tend to stay whole."""
    while start <= end:
        stop = start
        while stop < end and lines.fits(start, stop + 1):
            stop += 1
        if stop < end:
            blank = next((line for line in range(stop, (start + stop) // 2, -1) if lines.blank(line)), None)
            stop = blank or stop
        yield _Piece(start, stop, owners)
        start = stop + 1


class _Cutter:
    """Cuts a parsed file into pieces along its syntax tree."""

    def __init__(self, parsed: Parsed, lines: _Lines) -> None:
        self.parsed, self.lines = parsed, lines

    def pieces(self, node: Node, start: int, end: int, owners: tuple[Definition, ...] = (),
               depth: int = 0) -> Iterator[_Piece]:
        """Lines ``start..end`` (which hold ``node`` and what belongs to it above) as pieces within the budget."""
        owner = self.parsed.definition_of.get(node.id)
        if owner is not None and (not owners or owners[-1] != owner):
            owners += (owner,)
        if self.lines.fits(start, end):
            yield _Piece(start, end, owners)
            return
        parts = self._children(node, start, end) if depth < MAX_DEPTH else []
        if not parts:  # a leaf too large for the budget (a long string, a table of data), or a very deep tree
            yield from _windows(self.lines, start, end, owners)
            return
        for part_start, part_end, children in parts:
            if self.lines.fits(part_start, part_end):
                yield _Piece(part_start, part_end, owners)
            else:  # the largest child is cut, and takes the lines of the small ones on its first and last line
                largest = max(children, key=lambda child: child.end_point[0] - child.start_point[0])
                yield from self.pieces(largest, part_start, part_end, owners, depth + 1)

    def _children(self, node: Node, start: int, end: int) -> list[tuple[int, int, list[Node]]]:
        """Lines ``start..end`` partitioned between the named children of ``node``: each child from the first line of
        what belongs to it (comments, attributes) to the line before the next child. A child that starts on the last
        line of the one before (`class A {` and its body, `} else {`) begins on the next line; one that lies within
        it, and the clauses of one definition (Haskell equations), join it. Lines before the first child go to it,
        lines after the last to the last."""
        parts: list[list] = []  # [first line, last line, children]
        for child in node.named_children:
            if child.end_byte == child.start_byte:  # a token that error recovery inserted
                continue
            first, last = child.start_point[0] + 1, last_row(child) + 1
            definition = self.parsed.definition_of.get(child.id)
            if parts and (last <= parts[-1][1] or definition is not None and
                          definition == self.parsed.definition_of.get(parts[-1][2][-1].id)):
                parts[-1][1] = max(parts[-1][1], last)
                parts[-1][2].append(child)
                continue
            if parts and first <= parts[-1][1]:
                parts.append([parts[-1][1] + 1, last, [child]])
                continue
            lead = leading_row(child, self.parsed.language) + 1
            while parts and parts[-1][0] >= lead:  # comments and attributes that belong to this child
                parts.pop()
            parts.append([max(lead, parts[-1][1] + 1) if parts else lead, last, [child]])
        if not parts:
            return []
        parts[0][0] = start
        for part, following in zip(parts, parts[1:]):
            part[1] = following[0] - 1
        parts[-1][1] = max(parts[-1][1], end)
        return [(first, last, children) for first, last, children in parts]


def _merge(lines: _Lines, pieces: Iterator[_Piece]) -> list[_Piece]:
    """Adjacent pieces of the same definition merged up to the budget; then short pieces glued to their definition's
    neighbouring piece past the budget: a head to the first piece of the same or a nested definition, a tail to the
    piece before it of the same definition."""
    merged: list[_Piece] = []
    for piece in pieces:
        trimmed = lines.trim(piece.start, piece.end)
        if trimmed is None:
            continue
        piece = _Piece(*trimmed, piece.owners)
        if merged:
            previous = merged[-1]
            fits = previous.owners == piece.owners and lines.fits(previous.start, piece.end)
            head = piece.owners[: len(previous.owners)] == previous.owners and lines.is_short(previous.start,
                                                                                             previous.end)
            if fits or head:
                merged[-1] = _Piece(previous.start, piece.end, piece.owners)
                continue
        merged.append(piece)
    glued: list[_Piece] = []
    for piece in merged:
        if glued and glued[-1].owners == piece.owners and lines.is_short(piece.start, piece.end):
            glued[-1] = _Piece(glued[-1].start, piece.end, piece.owners)
        else:
            glued.append(piece)
    return glued


def _names(definitions: tuple[Definition, ...], starts: list[int], piece: _Piece) -> list[Definition]:
    """What a chunk holds: the outermost definitions wholly inside it; else the one that starts in it and goes on
    after it; else the one it is a part of."""
    inside = definitions[bisect.bisect_left(starts, piece.start) : bisect.bisect_right(starts, piece.end)]
    whole: list[Definition] = []
    for definition in inside:
        if definition.end_line <= piece.end and (not whole or definition.start_line > whole[-1].end_line):
            whole.append(definition)
    return whole or list(inside[:1]) or list(piece.owners[-1:])


def chunks(path: str, text: str, language: str | None = None, *, max_chars: int = CHUNK_CHARS,
           max_lines: int = CHUNK_LINES) -> list[Chunk]:
    """Cut one file into chunks.

    Args:
        path: The file's path (POSIX, relative to the indexed root); it is recorded in every chunk and picks the
            language (and the TSX dialect) unless ``language`` is given.
        text: The file's text with ``\\n`` line ends.
        language: A language name of the table, to override the one of ``path``.
        max_chars: Budget of one chunk's text in characters.
        max_lines: Budget of one chunk in lines.

    Returns:
        The chunks in line order, covering every non-blank line once; empty for a blank file.
    """
    language = language or language_of(path)
    lines = _Lines(text, max_chars, max_lines)
    if not len(lines):
        return []
    parsed = parse(text, language, path) if get_language(language).parsed else None
    if parsed is None or error_share(parsed.root) > MAX_ERROR_SHARE:
        pieces = _merge(lines, _windows(lines, 1, len(lines)))
        return [Chunk(path, p.start, p.end, language, (), "window", lines.text(p.start, p.end)) for p in pieces]
    pieces = _merge(lines, _Cutter(parsed, lines).pieces(parsed.root, 1, len(lines)))
    starts = [definition.start_line for definition in parsed.definitions]
    result = []
    for piece in pieces:
        held = _names(parsed.definitions, starts, piece)
        kind = held[0].kind if held else "code"
        result.append(Chunk(path, piece.start, piece.end, language, tuple(d.name for d in held), kind,
                            lines.text(piece.start, piece.end)))
    return result
