"""Generated clones of real functions: the labelled positives of ``c2llm dupes calibrate`` and of the clone benchmark.

The clone types are those of SourcererCC and NiCad (Roy & Cordy's taxonomy):

* Type-1: the same code with other layout and comments (spaces after commas, blank lines, comments added);
* Type-2: identifiers (parameters, local variables, the function's own name) renamed consistently and literals
  changed;
* Type-3: statements inserted, deleted or swapped with a neighbour (one to three edits).

And the copies people make, for the benchmark of edited copies: a function pasted under another name
(:func:`renamed_function`), and a renamed copy with a share of its lines edited (:func:`edit_lines`: statements of
other functions inserted, statements deleted, tokens of statements changed).

Every copy is rewritten from lexer tokens or parser nodes, never by regular expressions over text, and is parsed again:
a copy that no longer parses is rejected (``None``), so benchmarks never score broken code. Functions are dedented
first (see :func:`prepare`).
"""

from __future__ import annotations

import ast
import random
import re
import textwrap
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from ..code import PARSED_LANGUAGES, get_language, parser, parses_cleanly, walk
from .tokens import Kind, Token, lex

CLONE_TYPES = ("type1", "type2", "type3")
# Statements inserted by Type-3 copies: the kind of line people add to a copied function (logging, a counter).
_INSERTED = {
    "python": ['print("checkpoint")', "retries = 0", 'logger.debug("entering")', "assert True"],
    "go": ['fmt.Println("checkpoint")', 'log.Printf("entering")'],
    "java": ['System.out.println("checkpoint");', 'LOG.debug("entering");', "int retries = 0;"],
    "javascript": ['console.log("checkpoint");', "let retries = 0;"],
    "typescript": ['console.log("checkpoint");', "let retries = 0;"],
    "rust": ['println!("checkpoint");', "let retries = 0;"],
}
_DECLARES = re.compile(r"parameter|declarator|declaration|function_item|pattern|expression_list")
_TREE_SITTER_STATEMENT = re.compile(r"(_statement|let_declaration|local_variable_declaration|short_var_declaration)$")


def prepare(code: str) -> str:
    """A function's text as clones are made from it: dedented, trailing whitespace removed."""
    return textwrap.dedent(code).strip("\n").rstrip()


def parses(code: str, language: str) -> bool:
    """Whether ``code`` parses without errors (``ast`` for Python, tree-sitter otherwise)."""
    if language == "python":
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ast.parse(code)
            return True
        except (SyntaxError, ValueError, RecursionError):
            return False
    if language not in PARSED_LANGUAGES:
        return True
    return parses_cleanly(code, language)


def _line_comment(language: str) -> str | None:
    """The line-comment marker of a language from the :mod:`c2llm.code` table (``None``: it has none, or the name is
    unknown)."""
    try:
        return get_language(language).line_comment
    except KeyError:
        return None


def _rewrite(code: str, replacements: Sequence[tuple[int, int, str]]) -> str:
    """Replace character spans ``(start, end, new)`` (non-overlapping) in ``code``."""
    out, position = [], 0
    for start, end, new in sorted(replacements):
        out.append(code[position:start])
        out.append(new)
        position = end
    out.append(code[position:])
    return "".join(out)


def _checked(copy: str, original: str, language: str) -> str | None:
    """The copy if it differs from the original and parses (when the original does)."""
    if copy == original or (parses(original, language) and not parses(copy, language)):
        return None
    return copy


# ------------------------------------------------------------------------------------------------------------ Type-1


def type1_copy(code: str, language: str, rng: random.Random) -> str | None:
    """Same tokens, other layout: a space after some commas, comments at the end of some lines, blank lines."""
    code = prepare(code)
    tokens = lex(code, language)
    marker = _line_comment(language)
    replacements = [(t.end, t.end, " ") for t in tokens if t.text == "," and rng.random() < 0.5]
    lines = code.split("\n")
    # lines ending in a token that closes a statement: a comment or blank line after them cannot land in a string
    ends = {t.end for t in tokens if t.text in ("<NEWLINE>", ";", "{", "}", ":") or t.text == "<NEWLINE>"}
    ends |= {t.start for t in tokens if t.text == "<NEWLINE>"}
    offset = 0
    for line in lines[:-1]:
        offset += len(line)
        if offset in ends and marker and rng.random() < 0.4:
            replacements.append((offset, offset, f"  {marker} note {rng.randrange(100)}"))
        elif offset in ends and rng.random() < 0.3:
            replacements.append((offset, offset, "\n"))
        offset += 1
    if not replacements and marker:
        first_line_end = len(lines[0])
        replacements.append((first_line_end, first_line_end, f"  {marker} copied"))
    return _checked(_rewrite(code, replacements), code, language)


# ------------------------------------------------------------------------------------------------------------ Type-2


def _python_locals(code: str) -> set[str]:
    """Names a Python function binds: its own name, parameters, assignment and loop targets."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg) and node.arg not in ("self", "cls"):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _renameable(tokens: Sequence[Token], code: str, language: str) -> set[str]:
    if language == "python":
        return _python_locals(code)
    # tree-sitter: identifiers where they are declared (parameters, variables, the function's name), not the
    # library names the function merely calls
    tree = parser(language).parse(code.encode("utf-8"))
    return {node.text.decode("utf-8") for node in walk(tree.root_node)
            if node.type == "identifier" and node.parent is not None and _DECLARES.search(node.parent.type)}


def _new_literal(text: str, rng: random.Random) -> str | None:
    """Another literal of the same kind, or ``None`` if the literal is left alone (raw strings, hex numbers...)."""
    if re.fullmatch(r"\d+", text):
        return str(int(text) + rng.randint(1, 9))
    if re.fullmatch(r"\d+\.\d+", text):
        return f"{float(text) + rng.randint(1, 9):.2f}"
    match = re.fullmatch(r"([a-zA-Z]{0,2})(\"\"\"|'''|\"|'|`)(.*)\2", text, re.DOTALL)
    if match and "f" not in match.group(1).lower() and "r" not in match.group(1).lower() and "{" not in text:
        prefix, quote, _ = match.groups()
        return f"{prefix}{quote}value {rng.randrange(1000)}{quote}"
    return None


def type2_copy(code: str, language: str, rng: random.Random) -> str | None:
    """Consistently renamed local identifiers and changed literals."""
    code = prepare(code)
    tokens = lex(code, language)
    names = sorted(_renameable(tokens, code, language))
    mapping = {name: f"{rng.choice(('val', 'item', 'tmp', 'node', 'arg'))}_{index}" for index, name in
               enumerate(rng.sample(names, len(names)))}
    replacements = []
    for previous, token in zip([None, *tokens], tokens):
        attribute = previous is not None and previous.text in (".", "::", "->")  # obj.name is not the local name
        if token.kind is Kind.IDENTIFIER and token.text in mapping and not attribute:
            replacements.append((token.start, token.end, mapping[token.text]))
        elif token.kind is Kind.LITERAL and rng.random() < 0.7:
            new = _new_literal(token.text, rng)
            if new is not None:
                replacements.append((token.start, token.end, new))
    return _checked(_rewrite(code, replacements), code, language)


# ------------------------------------------------------------------------------------------------------------ Type-3


@dataclass(frozen=True)
class _Statement:
    """A one-line statement: its line (0-based), and the block it belongs to (for deletes and swaps)."""

    line: int
    block: int


def _python_statements(code: str) -> list[_Statement]:
    tree = ast.parse(code)
    statements = []
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or isinstance(node, ast.Module):
                continue
            for stmt in block:
                simple = not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For,
                                               ast.While, ast.With, ast.Try, ast.AsyncFor, ast.AsyncWith))
                docstring = isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(
                    stmt.value.value, str)
                if simple and not docstring and stmt.lineno == stmt.end_lineno:
                    statements.append(_Statement(stmt.lineno - 1, id(block)))
    return statements


def _tree_sitter_statements(code: str, language: str) -> list[_Statement]:
    tree = parser(language).parse(code.encode("utf-8"))
    lines = code.split("\n")
    statements = []
    for node in walk(tree.root_node):
        if not _TREE_SITTER_STATEMENT.search(node.type) or node.start_point[0] != node.end_point[0]:
            continue
        row = node.start_point[0]
        if lines[row].strip() == node.text.decode("utf-8").strip():  # the statement is its whole line
            statements.append(_Statement(row, node.parent.id if node.parent else 0))
    return statements


def _statements(code: str, language: str) -> list[_Statement]:
    """The one-line statements of prepared code (none for a language without a statement list or code that does
    not parse)."""
    if language not in _INSERTED:
        return []
    try:
        return _python_statements(code) if language == "python" else _tree_sitter_statements(code, language)
    except SyntaxError:
        return []


def type3_copy(code: str, language: str, rng: random.Random, max_edits: int = 3, *,
               share: float | None = None) -> str | None:
    """One to ``max_edits`` statement edits: insert a new statement, delete one, or swap two neighbours. With
    ``share``, a number of edits proportional to the function's one-line statements instead (at least 2): the
    larger edits a copy gets over years of maintenance."""
    code = prepare(code)
    statements = _statements(code, language)
    if not statements:
        return None
    lines = code.split("\n")
    by_block: dict[int, list[int]] = {}
    for statement in statements:
        by_block.setdefault(statement.block, []).append(statement.line)
    deleted: set[int] = set()
    inserted: dict[int, list[str]] = {}
    swapped: dict[int, int] = {}
    edits = rng.randint(1, max_edits) if share is None else max(2, round(share * len(statements)))
    for _ in range(edits):
        statement = rng.choice(statements)
        line = statement.line
        siblings = sorted(by_block[statement.block])
        indent = lines[line][: len(lines[line]) - len(lines[line].lstrip())]
        operation = rng.choice(("insert", "delete", "swap"))
        touched = line in deleted or line in swapped
        if operation == "delete" and not touched and len([s for s in siblings if s not in deleted]) > 1:
            deleted.add(line)
        elif operation == "swap" and not touched:
            after = [s for s in siblings if s == line + 1 and s not in deleted and s not in swapped]
            if after:
                swapped[line], swapped[after[0]] = after[0], line
        else:
            inserted.setdefault(line, []).append(indent + rng.choice(_INSERTED[language]))
    out = []
    for index in range(len(lines)):
        if index not in deleted:
            out.append(lines[swapped.get(index, index)])
        out.extend(inserted.get(index, []))
    return _checked("\n".join(out), code, language)


def borrowable_statements(code: str, max_lines: int = 4) -> list[str]:
    """Statements of a Python function that could be pasted into another (dedented; up to ``max_lines`` lines, no
    nested definitions or docstrings): the material of :func:`insert_statements`."""
    code = prepare(code)
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    lines = code.split("\n")
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for stmt in ast.walk(node):
            if stmt is node or not isinstance(stmt, ast.stmt) or isinstance(
                    stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            docstring = isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            if not docstring and stmt.end_lineno - stmt.lineno < max_lines:
                found.append(textwrap.dedent("\n".join(lines[stmt.lineno - 1:stmt.end_lineno])))
    return [text for text in found if parses(text, "python")]


def insert_statements(code: str, rng: random.Random, statements: Sequence[str], count: int = 2) -> str | None:
    """``count`` statements (taken from ``statements``, e.g. other functions' :func:`borrowable_statements`) inserted
    after random one-line statements of a Python function, at their indentation: the edit of someone who copies a
    function and adds to it, with real code rather than a fixed list of lines."""
    code = prepare(code)
    places = _statements(code, "python")
    if not places or not statements:
        return None
    lines = code.split("\n")
    inserted: dict[int, list[str]] = {}
    for _ in range(count):
        line = rng.choice(places).line
        indent = lines[line][: len(lines[line]) - len(lines[line].lstrip())]
        inserted.setdefault(line, []).extend(indent + text for text in rng.choice(statements).split("\n"))
    out = []
    for index, line in enumerate(lines):
        out.append(line)
        out.extend(inserted.get(index, []))
    return _checked("\n".join(out), code, "python")


def renamed_function(code: str, rng: random.Random) -> str | None:
    """A Python function pasted under another name (every use of its name, recursive calls included), layout and
    comments changed as :func:`type1_copy` does."""
    code = prepare(code)
    tokens = lex(code, "python")
    name = next((token.text for previous, token in zip(tokens, tokens[1:])
                 if previous.text == "def" and token.kind is Kind.IDENTIFIER), None)
    if name is None:
        return None
    new = f"{name}_{rng.choice(('copy', 'v2', 'impl', 'local'))}"
    renamed = _rewrite(code, [(t.start, t.end, new) for t in tokens if t.kind is Kind.IDENTIFIER and t.text == name])
    return type1_copy(renamed, "python", rng)


_OPERATORS = {"+": "-", "-": "+", "<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "and": "or",
              "or": "and", "*": "//"}


def _modified(line: str, rng: random.Random, names: Sequence[str]) -> str | None:
    """One token of a one-line Python statement changed: a literal, an operator, or a name replaced by another name
    of the function."""
    tokens = [token for token in lex(line.strip(), "python") if not token.text.startswith("<")]
    choices = [t for t in tokens if t.kind is Kind.LITERAL or t.text in _OPERATORS or (
        t.kind is Kind.IDENTIFIER and len(names) > 1)]
    if not choices:
        return None
    token = rng.choice(choices)
    if token.kind is Kind.LITERAL:
        new = _new_literal(token.text, rng)
    elif token.text in _OPERATORS:
        new = _OPERATORS[token.text]
    else:
        new = rng.choice([name for name in names if name != token.text])
    if new is None:
        return None
    indent = line[: len(line) - len(line.lstrip())]
    return indent + _rewrite(line.strip(), [(token.start, token.end, new)])


def edit_lines(code: str, rng: random.Random, share: float, donors: Sequence[str]) -> str | None:
    """A Python function with about ``share`` of its non-blank lines edited (at least one), each edit one of:
    insert a one-line statement of another function (``donors``, e.g. their :func:`borrowable_statements`) after a
    statement, at its indentation; delete a one-line statement (never the last of its block); change one token of a
    one-line statement (:func:`_modified`). ``None`` when the function has no one-line statement or the copy does
    not parse."""
    code = prepare(code)
    statements = _statements(code, "python")
    donors = [text for text in donors if "\n" not in text]
    if not statements or not donors:
        return None
    lines = code.split("\n")
    names = sorted({t.text for t in lex(code, "python") if t.kind is Kind.IDENTIFIER})
    by_block: dict[int, list[int]] = {}
    for statement in statements:
        by_block.setdefault(statement.block, []).append(statement.line)
    deleted: set[int] = set()
    changed: dict[int, str] = {}
    inserted: dict[int, list[str]] = {}
    edits = max(1, round(share * sum(1 for line in lines if line.strip())))
    for _ in range(edits):
        statement = rng.choice(statements)
        line = statement.line
        operation = rng.choice(("insert", "delete", "modify"))
        touched = line in deleted or line in changed
        alive = [other for other in by_block[statement.block] if other not in deleted]
        if operation == "delete" and not touched and len(alive) > 1:
            deleted.add(line)
            continue
        if operation == "modify" and not touched:
            new = _modified(lines[line], rng, names)
            if new is not None:
                changed[line] = new
                continue
        indent = lines[line][: len(lines[line]) - len(lines[line].lstrip())]
        inserted.setdefault(line, []).append(indent + rng.choice(donors))
    out = []
    for index, line in enumerate(lines):
        if index not in deleted:
            out.append(changed.get(index, line))
        out.extend(inserted.get(index, []))
    return _checked("\n".join(out), code, "python")


def clone(code: str, language: str, clone_type: str, rng: random.Random) -> str | None:
    """A generated clone of one of :data:`CLONE_TYPES`, or ``None`` if this function cannot give one."""
    makers = {"type1": type1_copy, "type2": type2_copy, "type3": type3_copy}
    return makers[clone_type](code, language, rng)
