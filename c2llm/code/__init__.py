"""What the project knows about source code, in one place: the language table (:mod:`.languages`), tree-sitter
parsing and definitions (:mod:`.parsing`), and reading source files as text (:mod:`.files`)."""

from .files import READ_SKIP_REASONS, SkipFile, read_code_file
from .languages import (
    CODE_LANGUAGES,
    EXTENSIONS,
    FILENAMES,
    LANGUAGES,
    PARSED_LANGUAGES,
    TEXT,
    Grammar,
    Language,
    Role,
    Rule,
    get_language,
    language_of,
)
from .parsing import (
    KINDS,
    MAX_ERROR_SHARE,
    Definition,
    Parsed,
    definitions,
    error_share,
    parse,
    parser,
    parses_cleanly,
    walk,
)

__all__ = [
    "CODE_LANGUAGES", "EXTENSIONS", "FILENAMES", "KINDS", "LANGUAGES", "MAX_ERROR_SHARE", "PARSED_LANGUAGES",
    "READ_SKIP_REASONS", "TEXT", "Definition", "Grammar", "Language", "Parsed", "Role", "Rule", "SkipFile",
    "definitions", "error_share", "get_language", "language_of", "parse", "parser", "parses_cleanly",
    "read_code_file", "walk",
]
