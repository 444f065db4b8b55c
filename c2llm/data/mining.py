"""Mine (docstring -> code) retrieval pairs from any source tree, offline.

A pair is a documented function or method: ``query`` is the first paragraph of its docstring or doc comment, and
``positive`` is the function's code with that documentation removed (otherwise retrieval would be string matching).
Python is parsed with the standard library's ``ast``; Go, Java, JavaScript, TypeScript and Rust with the per-language
tree-sitter grammars of :mod:`c2llm.code` (the grammar wheels, which work offline).

Pairs are de-duplicated on (query, code) and split into train/dev/test **by file**, with a hash of the file path, so
functions of one file never leak across splits. Files that cannot be mined (binary, non-UTF-8, syntax errors,
unreadable, too large) are skipped and counted in the stats.

Example:
    c2llm mine "$(python -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')" --output-dir data
"""

from __future__ import annotations

import ast
import hashlib
import html
import json
import os
import random
import re
import sysconfig
import textwrap
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from ..atomic import atomic_write
from ..code import EXTENSIONS as CODE_EXTENSIONS
from ..code.files import DEFAULT_MAX_FILE_BYTES, SkipFile, read_code_file
from ..code.parsing import last_row, parser, walk

LANGUAGES = ("python", "go", "java", "javascript", "typescript", "rust")
# Suffixes mined, from the language table of :mod:`c2llm.code`: the six languages above, less Python stubs (``.pyi``,
# no bodies to pair with their docs) and ``.pyw`` scripts, which the miner has never read.
EXTENSIONS = {suffix: language for suffix, language in CODE_EXTENSIONS.items()
              if language in LANGUAGES and suffix not in (".pyi", ".pyw")}
SPLITS = ("train", "dev", "test")
DEFAULT_FRACTIONS = (0.8, 0.1, 0.1)
# Directories left out of the standard library by default: tests, the IDLE app, and third-party packages.
STDLIB_EXCLUDED_DIRS = frozenset({"test", "tests", "idlelib", "site-packages"})
SKIP_REASONS = ("unreadable", "too_large", "binary", "not_utf8", "syntax_error")


@dataclass(frozen=True)
class Pair:
    """One mined (query, code) pair."""

    query: str
    positive: str
    language: str
    path: str
    name: str


@dataclass(frozen=True)
class _Documented:
    """A documented function found by an extractor, before filtering."""

    name: str
    doc: str  # documentation text without comment markers
    code: str  # source with the documentation removed, dedented


@dataclass
class MiningSettings:
    """Filters applied to every documented function."""

    min_query_words: int = 3
    min_code_lines: int = 4
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES


@dataclass
class _Stats:
    """Counters collected while mining (turned into the ``stats.json`` dict)."""

    files: Counter = field(default_factory=Counter)  # files mined, per language
    skipped: Counter = field(default_factory=lambda: Counter({reason: 0 for reason in SKIP_REASONS}))
    files_with_parse_errors: int = 0  # tree-sitter files that parsed with errors (their clean functions are kept)
    functions: int = 0
    documented: int = 0
    filtered: Counter = field(default_factory=lambda: Counter(test_name=0, short_query=0, short_code=0))
    duplicates: int = 0


# --------------------------------------------------------------------------------------------------------------------
# Documentation text
# --------------------------------------------------------------------------------------------------------------------

# A line that starts a new section of a docstring: tags, field lists, doctests, code fences, "Args:"-style headers.
_SECTION_START = re.compile(
    r"^\s*(@\w+|:\w+|>>>|```|#+\s|(Args|Arguments|Parameters|Params|Returns?|Yields?|Raises|Throws|Examples?|Notes?|"
    r"See Also|Attributes|Todo|Warnings?)\s*:?\s*$)",
    re.IGNORECASE,
)
_JAVADOC_INLINE = re.compile(r"\{@\w+\s*([^}]*)\}")  # {@code x}, {@link a.B#c label}
_HTML_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")  # [text](url)
_MD_REF = re.compile(r"\[(`[^`\]]+`)\]")  # [`Foo`] intra-doc link


def _inline_tag_text(match: re.Match[str]) -> str:
    """``{@link a.B#c label}`` -> ``label``; ``{@code x}`` -> ``x``."""
    content = match.group(1).strip()
    if match.group(0).startswith(("{@link", "{@linkplain")) and " " in content:
        return content.split(None, 1)[1]
    return content


def clean_query(doc: str) -> str:
    """The first paragraph of a documentation text, as one line of plain text.

    The paragraph ends at a blank line, a Javadoc ``<p>``, or a line that starts a section (``@param``, ``Args:``,
    ``>>>``, a code fence, ...). Javadoc inline tags, HTML tags and Markdown links are reduced to their text.

    Args:
        doc: Documentation without comment markers.

    Returns:
        The cleaned paragraph; empty if there is none.
    """
    doc = re.split(r"<p\s*/?>", doc, maxsplit=1, flags=re.IGNORECASE)[0]
    lines = []
    for line in doc.strip().splitlines():
        if not line.strip() or _SECTION_START.match(line):
            break
        lines.append(line.strip())
    text = " ".join(lines)
    text = _JAVADOC_INLINE.sub(_inline_tag_text, text)
    text = _HTML_TAG.sub("", text)
    text = _MD_REF.sub(r"\1", _MD_LINK.sub(r"\1", text))
    return " ".join(html.unescape(text).split())


def _strip_block_comment(text: str) -> str:
    """Remove ``/** ... */`` (or ``/* ... */``) delimiters and the leading ``*`` of each line."""
    text = re.sub(r"^/\*+", "", text)
    text = re.sub(r"\*+/$", "", text)
    return "\n".join(re.sub(r"^\s*\*( |$)?", "", line) for line in text.splitlines())


def _strip_line_comments(lines: Iterable[str], marker: str) -> str:
    """Remove a ``//``-style marker (and one following space) from each line."""
    out = []
    for line in lines:
        line = line.strip()[len(marker) :]
        out.append(line[1:] if line.startswith(" ") else line)
    return "\n".join(out)


# --------------------------------------------------------------------------------------------------------------------
# Cutting code out of the source
# --------------------------------------------------------------------------------------------------------------------


def _line_start(src: bytes, offset: int) -> int:
    """Byte offset of the start of the line holding ``offset``."""
    return src.rfind(b"\n", 0, offset) + 1


def _line_end(src: bytes, offset: int) -> int:
    """Byte offset just after the newline that ends the line holding ``offset``."""
    end = src.find(b"\n", offset)
    return len(src) if end < 0 else end + 1


def _whole_lines(src: bytes, start: int, end: int) -> tuple[int, int]:
    """Widen ``[start, end)`` to whole lines when nothing else is on those lines, with any blank lines after it."""
    line_start, line_end = _line_start(src, start), _line_end(src, end)
    if src[line_start:start].strip() or src[end:line_end].strip():
        return start, end
    while line_end < len(src) and not src[line_end : _line_end(src, line_end)].strip():
        line_end = _line_end(src, line_end)
    return line_start, line_end


def _code_text(src: bytes, start: int, end: int, remove: tuple[int, int] | None = None) -> str:
    """The code in ``src[start:end]``, dedented, optionally without the span ``remove`` (a docstring).

    The first line keeps its original indentation (anything else before ``start`` on that line is blanked), so that
    methods dedent like top-level functions.
    """
    prefix = re.sub(rb"\S", b" ", src[_line_start(src, start) : start])
    if remove is None:
        body = src[start:end]
    else:
        cut_start, cut_end = _whole_lines(src, *remove)
        body = src[start:cut_start] + src[cut_end:end]
    text = (prefix + body).decode("utf-8")
    return textwrap.dedent(text).strip("\n").rstrip()


# --------------------------------------------------------------------------------------------------------------------
# Python (ast)
# --------------------------------------------------------------------------------------------------------------------


def extract_python(source: str) -> tuple[int, list[_Documented]]:
    """Documented functions and methods of a Python module, via ``ast``.

    Args:
        source: Module source (``\\n`` line endings).

    Returns:
        The number of functions seen, and the documented ones (decorators included, docstring removed).

    Raises:
        SkipFile: ``syntax_error`` if the module does not parse.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. SyntaxWarning for invalid escape sequences
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        raise SkipFile("syntax_error") from error
    src = source.encode("utf-8")
    line_offsets = [0]
    for line in src.split(b"\n"):
        line_offsets.append(line_offsets[-1] + len(line) + 1)

    def offset(line: int, col: int) -> int:  # ast columns are UTF-8 byte offsets
        return line_offsets[line - 1] + col

    functions = sorted(
        (node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))),
        key=lambda node: (node.lineno, node.col_offset),
    )
    documented = []
    for node in functions:
        doc = ast.get_docstring(node, clean=True)
        if not doc:
            continue
        first = node.decorator_list[0] if node.decorator_list else node
        start = line_offsets[first.lineno - 1]  # whole first line: decorators and indentation included
        end = offset(node.end_lineno, node.end_col_offset)
        doc_node = node.body[0]
        remove = (offset(doc_node.lineno, doc_node.col_offset), offset(doc_node.end_lineno, doc_node.end_col_offset))
        documented.append(_Documented(node.name, doc, _code_text(src, start, end, remove)))
    return len(functions), documented


# --------------------------------------------------------------------------------------------------------------------
# tree-sitter languages
# --------------------------------------------------------------------------------------------------------------------


def _preceding_docs(
    src: bytes, anchor: Any, is_doc: Callable[[Any], bool], skip: frozenset[str], single: bool
) -> tuple[list[Any], Any]:
    """Doc comments directly above ``anchor``, in source order.

    Walks back over siblings of type ``skip`` (attributes, decorators), then collects doc comments as long as each
    touches the next (no blank line) and starts its own line. ``single`` keeps only the nearest one (Javadoc style).

    Returns:
        The doc comment nodes, and the first node of the code (a skipped decorator/attribute, or ``anchor``).
    """
    code_start, below, docs = anchor, anchor, []
    sibling = anchor.prev_named_sibling
    while sibling is not None and sibling.type in skip:
        code_start = below = sibling
        sibling = sibling.prev_named_sibling
    while sibling is not None and is_doc(sibling) and below.start_point[0] - last_row(sibling) <= 1:
        if src[_line_start(src, sibling.start_byte) : sibling.start_byte].strip():
            break  # a trailing comment of the previous line of code
        docs.insert(0, sibling)
        if single:
            break
        below, sibling = sibling, sibling.prev_named_sibling
    return docs, code_start


def _field_text(node: Any, *names: str) -> str | None:
    """Text of the first existing field among ``names``."""
    for name in names:
        child = node.child_by_field_name(name)
        if child is not None:
            return child.text.decode("utf-8")
    return None


def _documented_node(src: bytes, name: str, anchor: Any, doc: str, code_start: Any) -> _Documented:
    """Assemble a tree-sitter match (the doc comment lies outside the code span, so nothing is cut out)."""
    return _Documented(name, doc, _code_text(src, code_start.start_byte, anchor.end_byte))


_GO_DIRECTIVE = re.compile(r"//(go:|line |export |extern |nolint)")  # compiler directives, not documentation


def extract_go(src: bytes, tree: Any) -> tuple[int, list[_Documented]]:
    """Go functions and methods with a doc comment directly above them.

    The doc comment is a run of ``//`` lines or one ``/* */`` block; directives such as ``//go:noinline`` are dropped.
    """
    count, documented = 0, []
    for node in walk(tree.root_node):
        if node.type not in ("function_declaration", "method_declaration") or node.child_by_field_name("body") is None:
            continue
        count += 1
        docs, start = _preceding_docs(src, node, lambda n: n.type == "comment", frozenset(), single=False)
        if not docs or node.has_error:
            continue
        texts = [d.text.decode("utf-8") for d in docs]
        if texts[-1].startswith("/*"):
            doc = _strip_block_comment(texts[-1])
        else:
            lines = [text for text in texts if text.startswith("//") and not _GO_DIRECTIVE.match(text)]
            doc = _strip_line_comments(lines, "//")
        documented.append(_documented_node(src, _field_text(node, "name") or "", node, doc, start))
    return count, documented


def _is_javadoc(node: Any) -> bool:
    """A ``/** ... */`` comment (not ``/**/``)."""
    text = node.text
    return node.type in ("comment", "block_comment") and text.startswith(b"/**") and text != b"/**/"


def extract_java(src: bytes, tree: Any) -> tuple[int, list[_Documented]]:
    """Methods and constructors with a body and a Javadoc comment (annotations are part of the code)."""
    count, documented = 0, []
    for node in walk(tree.root_node):
        if node.type not in ("method_declaration", "constructor_declaration"):
            continue
        if node.child_by_field_name("body") is None:  # abstract and interface methods
            continue
        count += 1
        docs, start = _preceding_docs(src, node, _is_javadoc, frozenset(), single=True)
        if not docs or node.has_error:
            continue
        doc = _strip_block_comment(docs[0].text.decode("utf-8"))
        documented.append(_documented_node(src, _field_text(node, "name") or "", node, doc, start))
    return count, documented


_JS_DECLARATIONS = ("function_declaration", "generator_function_declaration", "method_definition")
_JS_EXPRESSIONS = ("function_expression", "function", "generator_function", "arrow_function")


def _js_name_and_anchor(node: Any) -> tuple[str | None, Any]:
    """Name of a JS/TS function and the statement its JSDoc sits above.

    Declarations and methods are named directly. Function expressions are named by what they are bound to:
    ``const f = ...``, ``key: function ...``, ``obj.f = ...``, or a class field ``f = () => ...``. Anonymous
    callbacks get no name (and are not mined).
    """
    if node.type in _JS_DECLARATIONS:
        name, anchor = _field_text(node, "name"), node
    else:
        parent = node.parent
        if parent is None:
            return None, node
        if parent.type == "variable_declarator" and parent.child_by_field_name("value") == node:
            name, anchor = _field_text(parent, "name"), parent
            if parent.parent is not None and parent.parent.named_child_count == 1:
                anchor = parent.parent  # `const f = ...;` with one declarator
        elif parent.type == "pair" and parent.child_by_field_name("value") == node:
            name, anchor = _field_text(parent, "key"), parent
        elif parent.type in ("field_definition", "public_field_definition"):
            name, anchor = _field_text(parent, "property", "name"), parent
        elif parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
            left = parent.child_by_field_name("left")
            target = left.child_by_field_name("property") if left.type == "member_expression" else left
            name, anchor = target.text.decode("utf-8"), parent
            if parent.parent is not None and parent.parent.type == "expression_statement":
                anchor = parent.parent
        else:
            return None, node
    if anchor.parent is not None and anchor.parent.type == "export_statement":
        anchor = anchor.parent
    return (name.strip("'\"") if name else None), anchor


def extract_javascript(src: bytes, tree: Any) -> tuple[int, list[_Documented]]:
    """JavaScript and TypeScript functions, methods and named function expressions with a JSDoc ``/** */`` comment.

    TypeScript decorators between the comment and the method are part of the code.
    """
    count, documented = 0, []
    for node in walk(tree.root_node):
        if node.type not in _JS_DECLARATIONS + _JS_EXPRESSIONS:
            continue
        name, anchor = _js_name_and_anchor(node)
        if not name:
            continue
        count += 1
        docs, start = _preceding_docs(src, anchor, _is_javadoc, frozenset({"decorator"}), single=True)
        if not docs or anchor.has_error:
            continue
        doc = _strip_block_comment(docs[0].text.decode("utf-8"))
        documented.append(_documented_node(src, name, anchor, doc, start))
    return count, documented


def _is_rust_doc(node: Any) -> bool:
    """An outer doc comment: ``///`` or ``/** */`` (not ``//!``, ``////`` or plain comments)."""
    return node.type in ("line_comment", "block_comment") and any(
        child.type == "outer_doc_comment_marker" for child in node.children
    )


def extract_rust(src: bytes, tree: Any) -> tuple[int, list[_Documented]]:
    """Functions and methods with a body and outer doc comments (``#[...]`` attributes are part of the code)."""
    count, documented = 0, []
    for node in walk(tree.root_node):
        if node.type != "function_item" or node.child_by_field_name("body") is None:
            continue
        count += 1
        docs, start = _preceding_docs(src, node, _is_rust_doc, frozenset({"attribute_item"}), single=False)
        if not docs or node.has_error:
            continue
        parts = []
        for comment in docs:
            if comment.type == "block_comment":
                parts.append(_strip_block_comment(comment.text.decode("utf-8")))
            else:
                text = "".join(c.text.decode("utf-8") for c in comment.children if c.type == "doc_comment")
                parts.append(text[1:].rstrip("\n") if text.startswith(" ") else text.rstrip("\n"))
        doc = "\n".join(parts)
        documented.append(_documented_node(src, _field_text(node, "name") or "", node, doc, start))
    return count, documented


_TREE_SITTER_EXTRACTORS = {
    "go": extract_go,
    "java": extract_java,
    "javascript": extract_javascript,
    "typescript": extract_javascript,
    "rust": extract_rust,
}


# --------------------------------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------------------------------


def stdlib_root() -> Path:
    """The running interpreter's standard library directory."""
    return Path(sysconfig.get_paths()["stdlib"])


def extract_functions(source: str, language: str, filename: str = "") -> tuple[int, list[_Documented], bool]:
    """Run the extractor of ``language`` on one file's source.

    Args:
        source: File text (``\\n`` line endings).
        language: One of ``LANGUAGES``.
        filename: Used to pick the TSX grammar for ``.tsx`` files.

    Returns:
        The number of functions seen, the documented ones, and whether tree-sitter reported parse errors.

    Raises:
        SkipFile: ``syntax_error`` for Python files that do not parse.
    """
    if language == "python":
        count, documented = extract_python(source)
        return count, documented, False
    src = source.encode("utf-8")
    tree = parser(language, filename).parse(src)
    count, documented = _TREE_SITTER_EXTRACTORS[language](src, tree)
    return count, documented, tree.root_node.has_error


def iter_source_files(root: Path, languages: Iterable[str], exclude_dirs: Iterable[str] = ()) -> Iterator[Path]:
    """Source files of the given languages under ``root`` (or ``root`` itself if it is a file), in sorted order.

    Hidden directories, ``__pycache__``, directories named in ``exclude_dirs`` and symlinked directories are skipped.
    """
    wanted = {suffix for suffix, language in EXTENSIONS.items() if language in set(languages)}
    if root.is_file():
        if root.suffix in wanted:
            yield root
        return
    excluded = set(exclude_dirs)
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if not d.startswith(".") and d != "__pycache__" and d not in excluded)
        for name in sorted(files):
            if Path(name).suffix in wanted:
                yield Path(directory) / name


def _pairs_from_file(
    path: Path, rel_path: str, language: str, settings: MiningSettings, stats: _Stats
) -> Iterator[Pair]:
    """Mine one file, updating ``stats``; a file that cannot be mined is counted and yields nothing."""
    try:
        source = read_code_file(path, settings.max_file_bytes)
        count, documented, had_errors = extract_functions(source, language, path.name)
    except SkipFile as skip:
        stats.skipped[skip.reason] += 1
        return
    stats.files[language] += 1
    stats.files_with_parse_errors += had_errors
    stats.functions += count
    stats.documented += len(documented)
    for function in documented:
        query = clean_query(function.doc)
        if function.name.lower().startswith("test"):
            stats.filtered["test_name"] += 1
        elif len(query.split()) < settings.min_query_words:
            stats.filtered["short_query"] += 1
        elif len(function.code.splitlines()) < settings.min_code_lines:
            stats.filtered["short_code"] += 1
        else:
            yield Pair(query, function.code, language, rel_path, function.name)


# --------------------------------------------------------------------------------------------------------------------
# Mining, splitting, writing
# --------------------------------------------------------------------------------------------------------------------


def _pair_key(pair: Pair) -> str:
    """De-duplication key: a hash of (query, code)."""
    return hashlib.sha256(json.dumps([pair.query, pair.positive]).encode("utf-8")).hexdigest()


def _default_excludes(root: Path) -> frozenset[str]:
    """``STDLIB_EXCLUDED_DIRS`` for the standard library or a folder in it, nothing for other roots."""
    return STDLIB_EXCLUDED_DIRS if root.resolve().is_relative_to(stdlib_root().resolve()) else frozenset()


def _file_key(root: Path, path: Path) -> str:
    """The path recorded for a file: relative to its root (the file name if the root is a file), ``/``-separated."""
    return path.name if root.is_file() else path.relative_to(root).as_posix()


def mine_pairs(
    roots: Sequence[str | Path],
    *,
    languages: Iterable[str] = LANGUAGES,
    exclude_dirs: Iterable[str] | None = None,
    settings: MiningSettings | None = None,
    max_pairs: int | None = None,
    seed: int = 0,
    progress: bool = True,
) -> tuple[list[Pair], dict[str, Any]]:
    """Mine de-duplicated pairs from one or more source trees.

    Args:
        roots: Directories (or single files) to mine.
        languages: Languages to mine, from ``LANGUAGES``.
        exclude_dirs: Directory names to skip at any depth. ``None`` means ``STDLIB_EXCLUDED_DIRS`` for roots inside
            the standard library and nothing for other roots; pass ``()`` to mine everything.
        settings: Filters (minimum query words, minimum code lines, maximum file size).
        max_pairs: Keep at most this many pairs, sampled with ``seed`` (source order is kept).
        seed: Seed of the ``max_pairs`` sample.
        progress: Show tqdm progress bars.

    Returns:
        The pairs in source order (first occurrence of each duplicate kept), and the stats dict.
    """
    settings = settings or MiningSettings()
    languages = tuple(languages)
    unknown = sorted(set(languages) - set(LANGUAGES))
    if unknown:
        raise ValueError(f"Unknown language(s) {', '.join(unknown)}; choose from {', '.join(LANGUAGES)}")
    started = time.perf_counter()
    stats = _Stats()
    pairs: list[Pair] = []
    seen: set[str] = set()
    for root in map(Path, roots):
        if not root.exists():
            raise FileNotFoundError(f"Source path does not exist: {root}")
        excludes = _default_excludes(root) if exclude_dirs is None else frozenset(exclude_dirs)
        files = list(iter_source_files(root, languages, excludes))
        for path in tqdm(files, desc=f"mining {root.name or root}", unit="file", disable=not progress):
            rel_path = _file_key(root, path)
            for pair in _pairs_from_file(path, rel_path, EXTENSIONS[path.suffix], settings, stats):
                key = _pair_key(pair)
                if key in seen:
                    stats.duplicates += 1
                    continue
                seen.add(key)
                pairs.append(pair)
    dropped = 0
    if max_pairs is not None and len(pairs) > max_pairs:
        keep = set(random.Random(seed).sample(range(len(pairs)), max_pairs))
        dropped = len(pairs) - max_pairs
        pairs = [pair for index, pair in enumerate(pairs) if index in keep]
    stats_dict = {
        "roots": [str(root) for root in roots],
        "languages": list(languages),
        "settings": asdict(settings) | {"max_pairs": max_pairs, "seed": seed},
        "files_mined": dict(stats.files),
        "files_skipped": dict(stats.skipped),
        "files_with_parse_errors": stats.files_with_parse_errors,
        "functions": stats.functions,
        "documented_functions": stats.documented,
        "filtered": dict(stats.filtered),
        "duplicates": stats.duplicates,
        "dropped_by_max_pairs": dropped,
        "pairs": len(pairs),
        "pairs_per_language": dict(Counter(pair.language for pair in pairs)),
        "seconds": round(time.perf_counter() - started, 2),
    }
    return pairs, stats_dict


def split_of(path: str, fractions: Sequence[float] = DEFAULT_FRACTIONS, seed: int = 0) -> str:
    """The split (``train``/``dev``/``test``) of a file, from a hash of its path and ``seed``."""
    digest = hashlib.sha256(f"{seed}\0{path}".encode("utf-8")).digest()
    position = int.from_bytes(digest[:8], "big") / 2**64
    cumulative = 0.0
    for split, fraction in zip(SPLITS, fractions):
        cumulative += fraction
        if position < cumulative:
            return split
    return SPLITS[-1]


def split_by_file(
    pairs: Iterable[Pair], fractions: Sequence[float] = DEFAULT_FRACTIONS, seed: int = 0
) -> dict[str, list[Pair]]:
    """Assign pairs to train/dev/test by file, so that all pairs of one file land in the same split.

    Args:
        pairs: Mined pairs.
        fractions: Expected train/dev/test shares of the files (non-negative, summing to 1).
        seed: Changes the assignment; the same seed always gives the same split.

    Returns:
        ``{"train": [...], "dev": [...], "test": [...]}``, each in the input order.
    """
    if len(fractions) != len(SPLITS) or any(f < 0 for f in fractions) or abs(sum(fractions) - 1) > 1e-6:
        raise ValueError(f"fractions must be 3 non-negative numbers summing to 1, got {tuple(fractions)}")
    splits: dict[str, list[Pair]] = {split: [] for split in SPLITS}
    for pair in pairs:
        splits[split_of(pair.path, fractions, seed)].append(pair)
    return splits


def write_dataset(splits: dict[str, list[Pair]], stats: dict[str, Any], out_dir: str | Path) -> dict[str, Path]:
    """Write ``train.jsonl``, ``dev.jsonl``, ``test.jsonl`` and ``stats.json`` atomically.

    Each JSONL line has ``query``, ``positive``, ``language``, ``path`` and ``name``. The split sizes (pairs and
    files) are added to ``stats`` before it is written.

    Returns:
        The written paths, keyed by split name and ``"stats"``.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for split, split_pairs in splits.items():

        def write_lines(handle: Any, split_pairs: list[Pair] = split_pairs) -> None:
            for pair in split_pairs:
                handle.write(json.dumps(asdict(pair), ensure_ascii=False) + "\n")

        written[split] = out / f"{split}.jsonl"
        atomic_write(written[split], write_lines)
    stats = stats | {
        "splits": {split: len(split_pairs) for split, split_pairs in splits.items()},
        "split_files": {split: len({pair.path for pair in split_pairs}) for split, split_pairs in splits.items()},
    }
    written["stats"] = out / "stats.json"
    atomic_write(written["stats"], lambda handle: json.dump(stats, handle, indent=2, sort_keys=True))
    return written
