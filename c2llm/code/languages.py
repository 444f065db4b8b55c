"""The language table: one row per language, the single source of what the project knows about a kind of file.

A row says how to recognise the language (file extensions and special file names), whether it is code (for "code
first" ranking), its comment syntax, and, for languages with a tree-sitter grammar wheel, which syntax nodes are
definitions and how to read their names. Parsing itself lives in :mod:`c2llm.code.parsing`; this module only
describes.

Adding a language is adding a row (and its grammar wheel to ``setup.cfg``); nothing else branches on language names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from pathlib import PurePosixPath
from typing import Any

Node = Any  # a tree_sitter.Node; kept loose so this module imports without tree-sitter
NameReader = Callable[[Node], "str | None"]
Predicate = Callable[[Node], bool]

TEXT = "text"  # the language of files no row claims


class Role(str, Enum):
    """What a definition node is. Containers (class, module, namespace) qualify the names of what they hold."""

    FUNCTION = "function"  # a method when its nearest container is a class
    METHOD = "method"  # always a method (Go receivers, C++ `Type::f`, Lua `T:f`)
    CLASS = "class"  # class-like: its functions are methods
    MODULE = "module"  # reported as a class, but its functions stay functions (Elixir modules)
    NAMESPACE = "namespace"  # only qualifies names; not a definition of its own


# --------------------------------------------------------------------------------------------------------------------
# Name readers and predicates: small functions the rows point at, instead of per-language branches in the parser
# --------------------------------------------------------------------------------------------------------------------

_GENERIC_ARGS = re.compile(r"<[^<>]*>")  # Stack<T>, Map<K, V> (applied until none is left, for nesting)


def _text(node: Node | None) -> str | None:
    return None if node is None else node.text.decode("utf-8", "replace")


def qualified(text: str) -> str:
    """A name as the project writes it: ``.``-separated (``a::B`` and ``a\\B`` too), no generic arguments, quotes
    (``'key': function``) or whitespace."""
    previous = None
    while previous != text:
        previous, text = text, _GENERIC_ARGS.sub("", text)
    return re.sub(r"\s+", "", text.replace("::", ".").replace("\\", ".")).strip(".'\"`")


def by_field(*names: str) -> NameReader:
    """The text of the first of these fields the node has."""

    def read(node: Node) -> str | None:
        for name in names:
            child = node.child_by_field_name(name)
            if child is not None:
                return qualified(_text(child))
        return None

    return read


def constant(name: str) -> NameReader:
    """A fixed name, for definitions the grammar does not name (Swift ``init``)."""
    return lambda node: name


def first_child(node_type: str) -> NameReader:
    """The text of the first named child of this type (for grammars without a name field)."""

    def read(node: Node) -> str | None:
        return next((qualified(_text(c)) for c in node.named_children if c.type == node_type), None)

    return read


def declarator_name(node: Node) -> str | None:
    """C/C++: follow the ``declarator`` fields (pointer, reference, function declarators) down to the name."""
    current = node.child_by_field_name("declarator")
    while current is not None and current.type.endswith("declarator"):
        inner = current.child_by_field_name("declarator")
        current = inner if inner is not None else next(
            (c for c in reversed(current.named_children) if "declarator" in c.type or "identifier" in c.type), None)
    return None if current is None else qualified(_text(current))


def c_type_name(node: Node) -> str | None:
    """C/C++ struct, union or enum: its tag, or the typedef name of an anonymous one (``typedef struct {...} t;``)."""
    name = node.child_by_field_name("name")
    if name is None and node.parent is not None and node.parent.type == "type_definition":
        name = node.parent.child_by_field_name("declarator")
    return None if name is None else qualified(_text(name))


def go_method_name(node: Node) -> str | None:
    """Go: ``func (s *Stack[T]) Push(...)`` -> ``Stack.Push``."""
    name, receiver = _text(node.child_by_field_name("name")), _text(node.child_by_field_name("receiver"))
    types = re.findall(r"[A-Za-z_]\w*", re.sub(r"\[.*\]", "", receiver or ""))
    return None if not name else f"{types[-1]}.{name}" if types else name


def _lua_name(node: Node) -> str:
    return qualified(_text(node).replace(":", "."))


def lua_function_name(node: Node) -> str | None:
    """Lua: ``function M.push`` -> ``M.push``, ``function M:size`` -> ``M.size``."""
    name = node.child_by_field_name("name")
    return None if name is None else _lua_name(name)


def lua_assigned_name(node: Node) -> str | None:
    """Lua: ``M.pop = function(...)`` is named by what it is assigned to."""
    targets = next((c for c in node.named_children if c.type == "variable_list"), None)
    return None if targets is None or targets.named_child_count != 1 else _lua_name(targets)


def js_assigned_name(node: Node) -> str | None:
    """JavaScript ``obj.f = function () {}`` is named by the property it is assigned to (``f = ...`` by ``f``)."""
    left = node.child_by_field_name("left")
    return by_field("property")(left) or by_field("left")(node)


def elixir_call_name(node: Node) -> str | None:
    """Elixir ``def name(args) when guard``, ``def name, do: ...``, ``defmodule A.B``: the first argument's head."""
    arguments = next((c for c in node.named_children if c.type == "arguments"), None)
    head = arguments.named_children[0] if arguments is not None and arguments.named_child_count else None
    if head is not None and head.type == "binary_operator":  # a guard: `name(args) when ...`
        head = head.child_by_field_name("left")
    if head is not None and head.type == "call":
        head = head.child_by_field_name("target")
    return None if head is None or head.type not in ("identifier", "alias") else qualified(_text(head))


def haskell_instance_name(node: Node) -> str | None:
    """Haskell ``instance Show (Tree a)`` is named by its type, like a Rust impl: its functions read ``Tree.show``."""
    stack = [node.child_by_field_name("patterns")]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        if current.type == "name":
            return _text(current)
        stack.extend(reversed(current.named_children))
    return by_field("name")(node)


def has_field(name: str) -> Predicate:
    return lambda node: node.child_by_field_name(name) is not None


def field_is(name: str, *types: str) -> Predicate:
    """The field exists and is one of ``types``."""

    def check(node: Node) -> bool:
        child = node.child_by_field_name(name)
        return child is not None and child.type in types

    return check


def has_child(*types: str) -> Predicate:
    return lambda node: any(child.type in types for child in node.named_children)


def calls(*targets: str) -> Predicate:
    """Elixir: a call whose target is one of these macros (``def``, ``defmodule`` ...)."""
    names = frozenset(targets)
    return lambda node: _text(node.child_by_field_name("target")) in names


def c_qualified_function(node: Node) -> bool:
    """C++ ``double Circle::area() {...}``: a method defined outside its class."""
    current = node.child_by_field_name("declarator")
    while current is not None:
        if current.type == "qualified_identifier":
            return True
        current = current.child_by_field_name("declarator")
    return False


def lua_assigns_function(node: Node) -> bool:
    values = next((c for c in node.named_children if c.type == "expression_list"), None)
    return values is not None and values.named_child_count == 1 and values.named_children[0].type == \
        "function_definition"


# --------------------------------------------------------------------------------------------------------------------
# Rows
# --------------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grammar:
    """A tree-sitter grammar wheel: ``module.entry()`` returns the language pointer. ``dialects`` maps a file
    extension to another entry of the same wheel (``.tsx`` -> ``language_tsx``)."""

    module: str
    entry: str = "language"
    dialects: tuple[tuple[str, str], ...] = ()

    def entry_for(self, path: str = "") -> str:
        suffix = PurePosixPath(path).suffix.lower()
        return dict(self.dialects).get(suffix, self.entry)


@dataclass(frozen=True)
class Rule:
    """Nodes of these types are definitions with this role (when ``when`` holds); ``name`` reads their name, and a
    node it gives no name (an anonymous class, a callback) is just code."""

    node_types: frozenset[str]
    role: Role
    name: NameReader = by_field("name")
    when: Predicate | None = None


def rule(role: Role, *node_types: str, name: NameReader | None = None, when: Predicate | None = None) -> Rule:
    return Rule(frozenset(node_types), role, name or by_field("name"), when)


def functions(*node_types: str, **options: Any) -> Rule:
    return rule(Role.FUNCTION, *node_types, **options)


def classes(*node_types: str, **options: Any) -> Rule:
    return rule(Role.CLASS, *node_types, **options)


@dataclass(frozen=True)
class Language:
    """One language. ``code`` marks programming languages (for "code first" ranking); rows without a grammar are
    still recognised (``language_of``) and chunked into line windows."""

    name: str
    extensions: tuple[str, ...] = ()
    filenames: tuple[str, ...] = ()  # whole file names (Dockerfile, Makefile, Gemfile)
    code: bool = True
    line_comment: str | None = None
    block_comment: tuple[str, str] | None = None
    grammar: Grammar | None = None
    rules: tuple[Rule, ...] = ()
    # nodes that wrap one definition and belong to it: decorators, `export`, `template <...>`, `type (...)` in Go
    wrappers: frozenset[str] = frozenset()
    # siblings directly above a definition that belong to it: Rust `#[attr]`, TS member decorators, Elixir `@doc`
    prefixes: frozenset[str] = frozenset()
    # adjacent definitions with one name are one (Haskell equations and signature, Elixir function clauses)
    merge_clauses: bool = False

    @property
    def parsed(self) -> bool:
        return self.grammar is not None

    @cached_property
    def _rules_by_type(self) -> Mapping[str, tuple[Rule, ...]]:
        table: dict[str, list[Rule]] = {}
        for entry in self.rules:
            for node_type in entry.node_types:
                table.setdefault(node_type, []).append(entry)
        return {node_type: tuple(entries) for node_type, entries in table.items()}

    def rule_for(self, node: Node) -> Rule | None:
        """The first rule that claims ``node``, if any."""
        for entry in self._rules_by_type.get(node.type, ()):
            if entry.when is None or entry.when(node):
                return entry
        return None


_C_BLOCK = ("/*", "*/")
_C_STYLE = {"line_comment": "//", "block_comment": _C_BLOCK}
_HASH = {"line_comment": "#"}
_JS_FUNCTIONS = ("function_declaration", "generator_function_declaration", "method_definition")
_JS_FUNCTION_VALUES = ("arrow_function", "function_expression", "function", "generator_function")
_JS_RULES = (
    functions(*_JS_FUNCTIONS),
    # `const f = () => ...`, class fields `f = () => ...`, `{ f: function () {} }`, `obj.f = function () {}`
    functions("variable_declarator", when=field_is("value", *_JS_FUNCTION_VALUES)),
    functions("field_definition", "public_field_definition", name=by_field("property", "name"),
              when=field_is("value", *_JS_FUNCTION_VALUES)),
    functions("pair", name=by_field("key"), when=field_is("value", *_JS_FUNCTION_VALUES)),
    functions("assignment_expression", name=js_assigned_name, when=field_is("right", *_JS_FUNCTION_VALUES)),
    classes("class_declaration", "class"),
)
_JS_WRAPPERS = frozenset({"export_statement", "lexical_declaration", "variable_declaration", "expression_statement"})
_C_TYPES = classes("struct_specifier", "union_specifier", "enum_specifier", name=c_type_name, when=has_field("body"))
_ELIXIR_FUNCTIONS = ("def", "defp", "defmacro", "defmacrop", "defguard", "defguardp", "defdelegate", "defn", "defnp")

LANGUAGES: tuple[Language, ...] = (
    # ---- code with a grammar --------------------------------------------------------------------------------------
    Language(
        "python", (".py", ".pyi", ".pyw"), **_HASH,
        grammar=Grammar("tree_sitter_python"),
        rules=(functions("function_definition"), classes("class_definition")),
        wrappers=frozenset({"decorated_definition"}),
    ),
    Language(
        "javascript", (".js", ".mjs", ".cjs", ".jsx"), **_C_STYLE,
        grammar=Grammar("tree_sitter_javascript"),
        rules=_JS_RULES, wrappers=_JS_WRAPPERS, prefixes=frozenset({"decorator"}),
    ),
    Language(
        "typescript", (".ts", ".mts", ".cts", ".tsx"), **_C_STYLE,
        grammar=Grammar("tree_sitter_typescript", "language_typescript", dialects=((".tsx", "language_tsx"),)),
        rules=_JS_RULES + (
            functions("function_signature", "method_signature", "abstract_method_signature"),
            classes("abstract_class_declaration", "interface_declaration", "enum_declaration"),
            rule(Role.NAMESPACE, "internal_module", "module"),
        ),
        wrappers=_JS_WRAPPERS | {"ambient_declaration"}, prefixes=frozenset({"decorator"}),
    ),
    Language(
        "go", (".go",), **_C_STYLE,
        grammar=Grammar("tree_sitter_go"),
        rules=(
            functions("function_declaration", "method_elem"),
            rule(Role.METHOD, "method_declaration", name=go_method_name),
            classes("type_spec"),
        ),
        wrappers=frozenset({"type_declaration"}),
    ),
    Language(
        "java", (".java",), **_C_STYLE,
        grammar=Grammar("tree_sitter_java"),
        rules=(
            functions("method_declaration", "constructor_declaration", "compact_constructor_declaration",
                      "annotation_type_element_declaration"),
            classes("class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
                    "annotation_type_declaration"),
        ),
    ),
    Language(
        "rust", (".rs",), **_C_STYLE,
        grammar=Grammar("tree_sitter_rust"),
        rules=(
            functions("function_item", "function_signature_item", "macro_definition"),
            classes("struct_item", "enum_item", "union_item", "trait_item"),
            classes("impl_item", name=by_field("type")),  # `impl fmt::Display for Stack<T>`: methods read Stack.fmt
            rule(Role.MODULE, "mod_item", when=has_field("body")),
        ),
        prefixes=frozenset({"attribute_item"}),
    ),
    Language(
        "c", (".c", ".h"), **_C_STYLE,
        grammar=Grammar("tree_sitter_c"),
        rules=(functions("function_definition", name=declarator_name), _C_TYPES),
        wrappers=frozenset({"type_definition"}),
    ),
    Language(
        "cpp", (".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp"), **_C_STYLE,
        grammar=Grammar("tree_sitter_cpp"),
        rules=(
            rule(Role.METHOD, "function_definition", name=declarator_name, when=c_qualified_function),
            functions("function_definition", name=declarator_name),
            _C_TYPES,
            classes("class_specifier", name=c_type_name, when=has_field("body")),
            rule(Role.NAMESPACE, "namespace_definition"),
        ),
        wrappers=frozenset({"template_declaration", "type_definition"}),
    ),
    Language(
        "csharp", (".cs", ".csx"), **_C_STYLE,
        grammar=Grammar("tree_sitter_c_sharp"),
        rules=(
            functions("method_declaration", "constructor_declaration", "destructor_declaration",
                      "operator_declaration", "local_function_statement"),
            classes("class_declaration", "struct_declaration", "interface_declaration", "enum_declaration",
                    "record_declaration"),
            rule(Role.NAMESPACE, "namespace_declaration"),
        ),
    ),
    Language(
        "kotlin", (".kt", ".kts"), **_C_STYLE,
        grammar=Grammar("tree_sitter_kotlin"),
        rules=(
            functions("function_declaration"),
            functions("secondary_constructor", name=constant("constructor")),
            classes("class_declaration", "object_declaration", "companion_object"),  # a companion may be unnamed
        ),
    ),
    Language(
        "scala", (".scala", ".sc"), **_C_STYLE,
        grammar=Grammar("tree_sitter_scala"),
        rules=(
            functions("function_definition", "function_declaration"),
            classes("class_definition", "object_definition", "trait_definition", "enum_definition"),
        ),
    ),
    Language(
        "swift", (".swift",), **_C_STYLE,
        grammar=Grammar("tree_sitter_swift"),
        rules=(
            functions("function_declaration", "protocol_function_declaration"),
            functions("init_declaration", name=constant("init")),
            functions("deinit_declaration", name=constant("deinit")),
            classes("class_declaration", "protocol_declaration"),  # class, struct, enum, actor and extension
        ),
    ),
    Language(
        "php", (".php", ".phtml"), **_C_STYLE,
        grammar=Grammar("tree_sitter_php", "language_php"),
        rules=(
            functions("function_definition", "method_declaration"),
            classes("class_declaration", "interface_declaration", "trait_declaration", "enum_declaration"),
            rule(Role.NAMESPACE, "namespace_definition", when=has_field("body")),
        ),
    ),
    Language(
        "ruby", (".rb", ".rake", ".gemspec"), ("Rakefile", "Gemfile"), line_comment="#",
        block_comment=("=begin", "=end"),
        grammar=Grammar("tree_sitter_ruby"),
        rules=(functions("method", "singleton_method"), classes("class", "module")),
    ),
    Language(
        "elixir", (".ex", ".exs"), **_HASH,
        grammar=Grammar("tree_sitter_elixir"),
        rules=(
            functions("call", name=elixir_call_name, when=calls(*_ELIXIR_FUNCTIONS)),
            rule(Role.MODULE, "call", name=elixir_call_name, when=calls("defmodule", "defprotocol", "defimpl")),
        ),
        prefixes=frozenset({"unary_operator"}),  # @doc, @spec, @impl
        merge_clauses=True,
    ),
    Language(
        "haskell", (".hs", ".lhs"), line_comment="--", block_comment=("{-", "-}"),
        grammar=Grammar("tree_sitter_haskell"),
        rules=(
            functions("function", "bind", "signature"),
            classes("data_type", "newtype", "class"),
            classes("instance", name=haskell_instance_name),
        ),
        merge_clauses=True,
    ),
    Language(
        "lua", (".lua",), line_comment="--", block_comment=("--[[", "]]"),
        grammar=Grammar("tree_sitter_lua"),
        rules=(
            rule(Role.METHOD, "function_declaration", name=lua_function_name,
                 when=field_is("name", "method_index_expression")),
            functions("function_declaration", name=lua_function_name),
            functions("assignment_statement", name=lua_assigned_name, when=lua_assigns_function),
        ),
        wrappers=frozenset({"variable_declaration"}),
    ),
    Language(
        "zig", (".zig", ".zon"), line_comment="//",
        grammar=Grammar("tree_sitter_zig"),
        rules=(
            functions("function_declaration"),
            # `const Stack = struct {...}`: a container bound to a name
            classes("variable_declaration", name=first_child("identifier"),
                    when=has_child("struct_declaration", "enum_declaration", "union_declaration",
                                   "opaque_declaration")),
        ),
    ),
    Language(
        "bash", (".sh", ".bash", ".zsh", ".ksh", ".bats"), (".bashrc", ".bash_profile", ".profile", ".zshrc"),
        **_HASH,
        grammar=Grammar("tree_sitter_bash"),
        rules=(functions("function_definition"),),
    ),
    # ---- code without a grammar here: recognised, chunked by line windows ------------------------------------------
    Language("sql", (".sql",), line_comment="--", block_comment=_C_BLOCK),
    Language("perl", (".pl", ".pm"), **_HASH),
    Language("r", (".r",), **_HASH),
    Language("julia", (".jl",), line_comment="#", block_comment=("#=", "=#")),
    Language("vue", (".vue",), block_comment=("<!--", "-->")),
    Language("svelte", (".svelte",), block_comment=("<!--", "-->")),
    Language("dockerfile", (".dockerfile",), ("Dockerfile", "Containerfile"), **_HASH),
    Language("makefile", (".mk", ".mak"), ("Makefile", "GNUmakefile", "makefile"), **_HASH),
    Language("terraform", (".tf", ".tfvars", ".hcl"), line_comment="#", block_comment=_C_BLOCK),
    # ---- not code ---------------------------------------------------------------------------------------------------
    Language("markdown", (".md", ".markdown", ".mdx"), code=False, block_comment=("<!--", "-->")),
    Language("rst", (".rst",), code=False),
    Language(TEXT, (".txt",), code=False),
    Language("html", (".html", ".htm", ".xhtml"), code=False, block_comment=("<!--", "-->")),
    Language("xml", (".xml", ".xsd", ".xsl", ".svg"), code=False, block_comment=("<!--", "-->")),
    Language("css", (".css", ".scss", ".sass", ".less"), code=False, block_comment=_C_BLOCK),
    Language("json", (".json", ".jsonl", ".json5", ".ipynb"), code=False),
    Language("yaml", (".yaml", ".yml"), code=False, **_HASH),
    Language("toml", (".toml",), code=False, **_HASH),
    Language("ini", (".ini", ".cfg", ".conf", ".properties"), code=False, **_HASH),
    Language("protobuf", (".proto",), code=False, **_C_STYLE),
    Language("csv", (".csv", ".tsv"), code=False),
)


def _index() -> tuple[dict[str, Language], dict[str, str], dict[str, str]]:
    by_name: dict[str, Language] = {}
    by_extension: dict[str, str] = {}
    by_filename: dict[str, str] = {}
    for language in LANGUAGES:
        if language.name in by_name:
            raise ValueError(f"language {language.name!r} has two rows")
        by_name[language.name] = language
        for extension in language.extensions:
            if by_extension.setdefault(extension, language.name) != language.name:
                raise ValueError(f"extension {extension} claimed by {by_extension[extension]} and {language.name}")
        for filename in language.filenames:
            by_filename[filename] = language.name
    return by_name, by_extension, by_filename


_BY_NAME, EXTENSIONS, FILENAMES = _index()  # EXTENSIONS: ".py" -> "python"; FILENAMES: "Dockerfile" -> "dockerfile"
PARSED_LANGUAGES = tuple(language.name for language in LANGUAGES if language.parsed)
CODE_LANGUAGES = frozenset(language.name for language in LANGUAGES if language.code)


def get_language(name: str) -> Language:
    """The row of a language name (``"text"`` for unknown files is a row too)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"Unknown language {name!r}; known: {', '.join(sorted(_BY_NAME))}") from None


def language_of(path: str) -> str:
    """The language of a file from its name (``Dockerfile``, ``Makefile`` ...) or extension; ``"text"`` if unknown."""
    pure = PurePosixPath(path)
    return FILENAMES.get(pure.name) or EXTENSIONS.get(pure.suffix.lower(), TEXT)
