"""Parsing with the tree-sitter grammar wheels of the language table, and the definitions of a file.

Every language is parsed the same way: the row's grammar gives the tree, the row's rules say which nodes are
definitions. tree-sitter always returns a tree (it recovers from syntax errors), so a broken file still gives the
definitions it can; :func:`error_share` says how much of a file did not parse.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .languages import Language, Role, get_language

Node = Any  # tree_sitter.Node
# Node types of comments across the grammars of the table (Haskell's `-- |` is a "haddock").
COMMENT_TYPES = frozenset({"comment", "line_comment", "block_comment", "multiline_comment", "haddock"})
KINDS = ("function", "method", "class")
MAX_ERROR_SHARE = 0.5  # above this share of rows in syntax errors, a file's parse is not used (search cuts windows)


@dataclass(frozen=True)
class Definition:
    """A function, method or class of a file: qualified name (``Class.method``) and 1-based inclusive lines, doc
    comments, decorators and attributes directly above it included. Functions nested in functions are part of the
    outer one."""

    name: str
    kind: str  # one of KINDS
    start_line: int
    end_line: int


@dataclass(frozen=True)
class Parsed:
    """A parsed file: its tree, its definitions in source order, and which syntax node (the definition's own node and
    the wrappers around it) stands for which definition."""

    language: Language
    tree: Any  # tree_sitter.Tree
    definitions: tuple[Definition, ...]
    definition_of: dict[int, Definition]  # node id -> definition

    @property
    def root(self) -> Node:
        return self.tree.root_node


@lru_cache(maxsize=None)
def _load(module: str, entry: str) -> Any:
    """A tree-sitter parser for one grammar entry point (imported on first use, then reused)."""
    import importlib

    import tree_sitter

    grammar = importlib.import_module(module)
    return tree_sitter.Parser(tree_sitter.Language(getattr(grammar, entry)()))


def parser(language: str, path: str = "") -> Any:
    """The cached tree-sitter parser of a language (``path`` picks a dialect: ``.tsx`` for TypeScript). One parser
    per grammar is shared, so it is not for concurrent use from several threads.

    Raises:
        ValueError: the language has no grammar.
    """
    row = get_language(language)
    if row.grammar is None:
        raise ValueError(f"No tree-sitter grammar for {language!r}")
    return _load(row.grammar.module, row.grammar.entry_for(path))


def walk(node: Node) -> Iterator[Node]:
    """All named nodes of a tree in source order (iterative: deep trees do not hit the recursion limit)."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.named_children))


def last_row(node: Node) -> int:
    """0-based last row holding text of ``node`` (nodes that end with a newline end at column 0 of the next row)."""
    row, column = node.end_point
    return row - 1 if column == 0 and row > node.start_point[0] else row


def leading_row(node: Node, language: Language) -> int:
    """0-based first row of ``node`` with what belongs to it above: prefix siblings (attributes, member decorators,
    ``@doc``) and comments aligned with it, as long as each ends on the row just above the next."""
    first, column = node, node.start_point[1]
    while True:
        holder, sibling = first, first.prev_named_sibling
        # a first child that starts where its parent starts (Ruby's body_statement) takes what lies above the parent
        while sibling is None and holder.parent is not None and holder.parent.start_point == holder.start_point:
            holder = holder.parent
            sibling = holder.prev_named_sibling
        if sibling is None or last_row(sibling) != first.start_point[0] - 1:
            return first.start_point[0]
        aligned_comment = sibling.type in COMMENT_TYPES and sibling.start_point[1] == column
        if not (aligned_comment or sibling.type in language.prefixes):
            return first.start_point[0]  # code, or a comment that trails code or is indented otherwise
        first = sibling


def _anchor(node: Node, language: Language) -> Node:
    """The outermost wrapper that holds only this definition (decorators, ``export``, one-spec ``type (...)``)."""
    while node.parent is not None and node.parent.type in language.wrappers and not any(
            child != node and language.rule_for(child) is not None for child in node.parent.named_children):
        node = node.parent
    return node


def _find(root: Node, language: Language) -> list[tuple[Definition, list[Node]]]:
    """Definitions under ``root`` with their nodes. Containers are walked into, functions are not."""
    found: list[tuple[Definition, list[Node]]] = []
    stack: list[tuple[Node, str, bool]] = [(root, "", False)]  # (node, qualifier, nearest container is a class)
    while stack:
        node, qualifier, in_class = stack.pop()
        for child in reversed(node.named_children):
            entry = language.rule_for(child)
            name = entry.name(child) if entry is not None else None
            if not name:  # plain code, or an anonymous callback or class: walk on
                stack.append((child, qualifier, in_class))
                continue
            if entry.role is Role.NAMESPACE:
                stack.append((child, f"{qualifier}{name}.", False))
                continue
            if entry.role in (Role.CLASS, Role.MODULE):
                kind = "class"
                stack.append((child, f"{qualifier}{name}.", entry.role is Role.CLASS))
            else:
                kind = "method" if entry.role is Role.METHOD or in_class else "function"
            anchor = _anchor(child, language)
            definition = Definition(qualifier + name, kind, leading_row(anchor, language) + 1, last_row(anchor) + 1)
            found.append((definition, [child, anchor]))
    found.sort(key=lambda item: (item[0].start_line, -item[0].end_line, item[1][0].start_byte))
    return _merge_clauses(found) if language.merge_clauses else found


def _merge_clauses(found: list[tuple[Definition, list[Node]]]) -> list[tuple[Definition, list[Node]]]:
    """Adjacent definitions with one name and kind become one (``size [] = 0`` / ``size (x:xs) = ...``)."""
    merged: list[tuple[Definition, list[Node]]] = []
    for definition, nodes in found:
        if merged and (merged[-1][0].name, merged[-1][0].kind) == (definition.name, definition.kind):
            previous, previous_nodes = merged[-1]
            end = max(previous.end_line, definition.end_line)
            merged[-1] = (Definition(previous.name, previous.kind, previous.start_line, end), previous_nodes + nodes)
        else:
            merged.append((definition, nodes))
    return merged


def parse(text: str, language: str, path: str = "") -> Parsed:
    """Parse one file's text (``\\n`` line ends) and find its definitions.

    Raises:
        ValueError: the language has no grammar.
    """
    row = get_language(language)
    tree = parser(language, path).parse(text.encode("utf-8"))
    found = _find(tree.root_node, row)
    definition_of = {node.id: definition for definition, nodes in found for node in nodes}
    return Parsed(row, tree, tuple(definition for definition, _ in found), definition_of)


def definitions(text: str, language: str, path: str = "") -> list[Definition]:
    """The functions, methods and classes of one file, in source order (containers before what they hold); empty for
    a language without a grammar. ``path`` picks a dialect (``.tsx``)."""
    if not get_language(language).parsed:
        return []
    return list(parse(text, language, path).definitions)


def error_share(root: Node) -> float:
    """The share of a tree's rows that lie in syntax errors (``ERROR`` nodes and missing tokens), 0 when clean."""
    if not root.has_error:
        return 0.0
    rows: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "ERROR" or node.is_missing:
            rows.update(range(node.start_point[0], last_row(node) + 1))
        elif node.has_error:  # only subtrees with an error below them are walked
            stack.extend(node.children)
    total = last_row(root) + 1
    return min(1.0, len(rows) / total) if total else 0.0


def parses_cleanly(text: str, language: str, path: str = "") -> bool:
    """Whether a code fragment parses without any syntax error (False for languages without a grammar)."""
    if not get_language(language).parsed:
        return False
    return not parser(language, path).parse(text.encode("utf-8")).root_node.has_error
