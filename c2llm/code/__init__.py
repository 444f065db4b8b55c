"""What the project knows about source code, in one place: the language table (:mod:`.languages`), tree-sitter
parsing and definitions (:mod:`.parsing`), syntax-aware chunks for search (:mod:`.chunks`), and reading source files
as text (:mod:`.files`)."""

from .chunks import CHUNK_CHARS, CHUNK_KINDS, CHUNK_LINES, Chunk, chunks, embedding_text
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
from .parsing import KINDS, Definition, Parsed, definitions, error_share, parse, parser, parses_cleanly, walk

__all__ = [
    "CHUNK_CHARS", "CHUNK_KINDS", "CHUNK_LINES", "CODE_LANGUAGES", "EXTENSIONS", "FILENAMES", "KINDS", "LANGUAGES",
    "PARSED_LANGUAGES", "READ_SKIP_REASONS", "TEXT", "Chunk", "Definition", "Grammar", "Language", "Parsed", "Role",
    "Rule", "SkipFile", "chunks", "definitions", "embedding_text", "error_share", "get_language", "language_of",
    "parse", "parser", "parses_cleanly", "read_code_file", "walk",
]
