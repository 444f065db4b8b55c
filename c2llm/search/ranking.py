"""Hybrid ranking: fusion of the dense and keyword candidate lists, then a ranking layer of small named steps.

Every step and its default was measured on the development split of semble's benchmark (``python -m
bench.semble_dev``; never on its held-out repositories) with the package benchmark as a second check; the
ablation table is in docs/search.md. In order:

1. :func:`query_kind`: a bare identifier (``HTTPAdapter``, ``field_validator``, ``Sinatra::Base``) is a *symbol*
   query; a text that describes what one function does, as a docstring does ("parse a jsonl file", "Return the
   first item of a sequence."), a *description*; anything else *text*. It decides how strong a definition match is,
   whether paths are matched, and which profile ranks a description (below). (A separate fusion weight for symbol
   queries, as semble has, moved nothing on the development split.)
2. :func:`fuse`: ``cosine + weight * bm25 / max_bm25`` over the union of both lists (a keyword candidate's cosine is
   exact; a unit without a vector yet counts 0 on the dense side).
3. :func:`boost_definitions`: the unit that *defines* a queried symbol (its parsed name, or a definition line in a
   window) gains ``definition_boost`` x the best score; identifiers inside a sentence (``StateManager``,
   ``safeParse``) gain ``embedded_symbol_strength`` (half) of it. Definitions found by name outside the candidates join them.
4. :func:`boost_path_terms`: words of a text query that match the file's stem or folder by prefix ("config" /
   "configuration", "alias" / "aliases.py") add ``path_boost`` x the best score x the share of words matched, and
   ``named_file_boost`` more when their stems are every word of the file stem: ``command.rb``, not
   ``unused_routes_command.rb``, for "Rails command dispatch and subcommand routing".
5. :func:`boost_file_coherence`: the best unit of each file gains a share of the file's summed evidence, so a file
   that answers with several units ranks above a lone lucky unit (94% of the benchmark's targets are whole files).
6. :func:`boost_term_coverage`: the best unit of each file gains ``coverage_boost`` x the best score x the share of
   the text query's words (Snowball stems) found in its candidate units or its path: a file that answers every part
   of "session drivers for server-side session storage" beats one that matches "session" alone.
7. :func:`path_prior`: tests, examples, vendored / legacy / compat copies, package re-export files, type declaration
   stubs and non-code files (docs, templates, data) are multiplied down: the real code comes first.
8. :func:`select_top`: the k best with the n-th unit of one file multiplied by ``file_decay ** (n - 1)``, so that one
   file does not fill the page.

The two kinds of question want different pages. A file-level question ("how the router dispatches subcommands";
semble's benchmark, whose targets are whole files) wants one unit per file and the file-level steps; a question for
one function (the package benchmark's docstrings) wants every good unit, siblings in one file included: there the
file-level steps cost 0.15 nDCG@10 (saturation and coherence push the second good function of a file down, and path
words and identifiers named in a docstring point at callers as often as at the function). So the settings hold both:
a *description* query is ranked with :data:`UNIT_LEVEL` applied (``unit_level_descriptions``), any other with the
file-level steps. Three profiles (:data:`RANKING_PROFILES`): ``auto`` (that rule; the default of ``c2llm search``
and the MCP tools), and ``files`` and ``units`` (one page shape for every query; ``units`` is the default of
:func:`c2llm.rag.retrieve`, where each hit is a passage given to a model). docs/search.md, "Ranking profiles", has
the measurements.
"""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import Protocol

import Stemmer

from ..bm25 import CACHED_WORD_CHARS
from ..code import CODE_LANGUAGES
from .imperatives import IMPERATIVES

RRF_K = 60
QUERY_KINDS = ("symbol", "description", "text")


@dataclass(frozen=True)
class RankingSettings:
    """How hybrid scores are formed and re-ranked (the defaults are the development-split choice)."""

    fusion: str = "linear"  # "linear" | "rrf"
    keyword_weight: float = 0.3  # weight of the max-normalised BM25 (rrf: of the keyword ranks)
    definition_boost: float = 2.0  # x the best score, for a unit defining the queried symbol (0 = off)
    embedded_symbol_strength: float = 0.5  # share of definition_boost for an identifier inside a sentence (0 = off)
    path_boost: float = 0.4  # x the best score x share of query words in the file stem / folder (0 = off)
    named_file_boost: float = 0.6  # added to path_boost when query words name every word of the stem (0 = off)
    file_coherence: float = 0.2  # x the best score x the file's summed share, to each file's best unit (0 = off)
    coverage_boost: float = 0.2  # x the best score x share of query words in a file's units, to its best (0 = off)
    test_factor: float = 0.7  # multiplies units in test files (1 = off)
    example_factor: float = 0.5  # examples/, demo/, benchmarks/, docs/ code
    legacy_factor: float = 0.5  # vendor/, third_party/, compat/, legacy/, deprecated/, v1/ copies
    package_file_factor: float = 0.7  # __init__.py, package-info.java: re-exports and metadata
    declaration_factor: float = 0.7  # .d.ts, .pyi, .h stubs: types, not behaviour
    non_code_factor: float = 0.3  # documentation, templates, configuration and data files
    file_decay: float = 0.2  # the n-th unit of one file is multiplied by file_decay ** (n - 1) (1 = off)
    candidates: int = 200  # candidates taken from each side
    # query words found in more than this share of the units are left out of the keyword match (1 = keep all): they
    # barely move BM25 yet make the match scan most of the index (docs/search.md, "Keyword pruning")
    keyword_max_share: float = 0.3
    unit_level_descriptions: bool = True  # rank a description query (query_kind) with UNIT_LEVEL applied


# Every step of the ranking layer switched off (fusion alone): the ablations' baseline.
LAYER_OFF = {"definition_boost": 0.0, "embedded_symbol_strength": 0.0, "path_boost": 0.0, "named_file_boost": 0.0,
             "file_coherence": 0.0, "coverage_boost": 0.0,
             "test_factor": 1.0, "example_factor": 1.0, "legacy_factor": 1.0, "package_file_factor": 1.0,
             "declaration_factor": 1.0, "non_code_factor": 1.0, "file_decay": 1.0, "unit_level_descriptions": False}


def without_layer(settings: RankingSettings) -> RankingSettings:
    """``settings`` with the ranking layer off: fusion alone, no boosts, priors or decay."""
    return replace(settings, **LAYER_OFF)


# Chosen on the package benchmark's dev packages (python -m bench.search quality --split dev): lighter keyword
# weight, no embedded-identifier or path boosts, no file coherence, query-word coverage or saturation, package files
# not lowered.
UNIT_LEVEL = {"keyword_weight": 0.15, "embedded_symbol_strength": 0.0, "path_boost": 0.0, "named_file_boost": 0.0,
              "file_coherence": 0.0, "coverage_boost": 0.0, "file_decay": 1.0, "package_file_factor": 1.0}
RANKING_PROFILES = {"auto": RankingSettings(), "files": RankingSettings(unit_level_descriptions=False),
                    "units": RankingSettings(**UNIT_LEVEL)}
DEFAULT_PROFILE = "auto"


def ranking_profile(name: str) -> RankingSettings:
    """The settings of a named profile (:data:`RANKING_PROFILES`)."""
    try:
        return RANKING_PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown ranking profile {name!r}; expected one of {', '.join(RANKING_PROFILES)}") from None


class Candidate(Protocol):
    """What the ranking layer reads of a unit (:class:`c2llm.search.units.Unit`): where it is and what it defines."""

    path: str
    name: str
    kind: str
    language: str
    text: str


# --------------------------------------------------------------------------------------------------- the query

# A bare identifier: namespace-qualified (a.b, A::B, a->b, A\B), leading underscore, an inner capital or
# underscore (getUser, field_validator), or a leading capital (URL, Base). Plain lower-case words are text.
_SYMBOL_QUERY = re.compile(
    r"[A-Za-z_][A-Za-z0-9_]*(?:(?:::|\\|->|\.)[A-Za-z_][A-Za-z0-9_]*)+"
    r"|_[A-Za-z0-9_]*|[A-Za-z][A-Za-z0-9]*[A-Z_][A-Za-z0-9_]*|[A-Z][A-Za-z0-9]*"
)
# Identifiers inside a sentence: PascalCase with a second capital, camelCase, snake_case with a letter on each side.
_EMBEDDED_SYMBOL = re.compile(r"\b(?:[A-Z][a-z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]+"
                              r"|[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])\b")
_NAMESPACE_SEPARATORS = re.compile(r"::|\\|->|\.")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_WORDS = re.compile(r"[A-Za-z0-9]+")
_CAMEL_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z]|\d|\b)|[A-Z]?[a-z]+|[A-Z]+|\d+")
_STOPWORDS = frozenset(
    "a an and are as at be by can do does for from get gets has have how if in into is it its not of on or that the "
    "their them then there this to use used uses using was what when where which who why will with code function "
    "functions method methods class classes file files implementation implement implements handle handles handling"
    .split())
MIN_PREFIX = 3  # shorter words match too much ("re" would match every "request")
# what follows a verb that opens a description: its object's determiner or pronoun, or a condition ("Check if")
_OBJECT_OPENERS = frozenset("a an the all any each every this that these those its their his her our your my one some "
                            "no if whether it them itself".split())
_SENTENCE_END = re.compile(r"[A-Za-z0-9)\]`'\"*]\.(?:\s|$)")  # a full stop after a word ("Node.js" has none)


def _is_verb_form(word: str) -> bool:
    """Whether a word is one of :data:`IMPERATIVES` or its third person ("returns", "matches", "applies")."""
    word = word.lower()
    return (word in IMPERATIVES or (word.endswith("s") and word[:-1] in IMPERATIVES)
            or (word.endswith("es") and word[:-2] in IMPERATIVES)
            or (word.endswith("ies") and word[:-3] + "y" in IMPERATIVES))


def query_kind(query: str) -> str:
    """``symbol`` for a bare identifier; ``description`` for a text that describes what one function does, as a
    docstring does: written as sentences (a full stop after a word), or opening with a verb (imperative or third
    person) and its object ("parse a jsonl file", "Returns the first item"); ``text`` otherwise ("how the router
    dispatches subcommands", "session drivers for server-side storage": a verb that may be a noun, "filter handler",
    is not enough)."""
    stripped = query.strip()
    if _SYMBOL_QUERY.fullmatch(stripped):
        return "symbol"
    if len(stripped.split()) < 2:  # one word is no description, full stop or not ("HTTPAdapter.", "read_config.")
        return "text"
    words = _WORD.findall(stripped)
    opens_with_verb = len(words) > 1 and _is_verb_form(words[0]) and words[1].lower() in _OBJECT_OPENERS
    return "description" if opens_with_verb or _SENTENCE_END.search(stripped) else "text"


def settings_for(query: str, settings: RankingSettings) -> RankingSettings:
    """The settings that rank ``query``: ``settings`` with :data:`UNIT_LEVEL` applied to a description (when
    ``unit_level_descriptions``), else ``settings``."""
    if settings.unit_level_descriptions and query_kind(query) == "description":
        return replace(settings, **UNIT_LEVEL)
    return settings


def queried_symbols(query: str) -> set[str]:
    """The names the query asks for: a symbol query's last name part and the whole qualified name, or the
    identifiers inside a sentence."""
    stripped = query.strip()
    if query_kind(stripped) == "symbol":
        return {stripped, _NAMESPACE_SEPARATORS.split(stripped)[-1]}
    return set(_EMBEDDED_SYMBOL.findall(query))


def split_words(text: str) -> list[str]:
    """Lower-case word parts of identifiers and paths: ``HTTPClientPool_v2`` -> http, client, pool, v2."""
    return [part.lower() for word in _WORDS.findall(text) for part in _CAMEL_PART.findall(word)]


def query_terms(query: str) -> set[str]:
    """The words of a text query worth matching against paths."""
    return {word for word in split_words(query) if len(word) >= MIN_PREFIX and word not in _STOPWORDS}


# ---------------------------------------------------------------------------------------------------- fusion


def fuse(dense: dict[int, float], keyword: dict[int, float], settings: RankingSettings) -> dict[int, float]:
    """Hybrid scores of the union of both candidate sets (``dense`` holds a cosine for every candidate that has a
    vector; see :meth:`c2llm.search.index.Index.candidates`)."""
    weight = settings.keyword_weight
    if settings.fusion == "rrf":
        scores: Counter = Counter()
        for side_weight, side in ((1.0, dense), (weight, keyword)):
            for rank, unit_id in enumerate(sorted(side, key=side.get, reverse=True), start=1):
                scores[unit_id] += side_weight / (RRF_K + rank)
        return dict(scores)
    if settings.fusion != "linear":
        raise ValueError(f"unknown fusion {settings.fusion!r}; expected 'linear' or 'rrf'")
    top = max(keyword.values(), default=0.0)
    return {unit_id: dense.get(unit_id, 0.0) + weight * (keyword.get(unit_id, 0.0) / top if top else 0.0)
            for unit_id in dense.keys() | keyword.keys()}


# ----------------------------------------------------------------------------------------------- the boosts

_DEFINITION_KEYWORDS = ("class", "module", "defmodule", "def", "defp", "interface", "struct", "enum", "trait", "type",
                        "func", "function", "object", "fn", "fun", "package", "namespace", "protocol", "record",
                        "typedef", "impl", "union", "macro_rules!", "defmacro", "local function", "abstract class",
                        "data class", "case class", "newtype", "data", "const", "let", "var")


@functools.lru_cache(maxsize=256)
def _definition_line(name: str) -> re.Pattern[str]:
    keywords = "|".join(re.escape(keyword) for keyword in _DEFINITION_KEYWORDS)
    return re.compile(rf"(?:^|(?<=\s))(?:{keywords})\s+(?:[A-Za-z_][A-Za-z0-9_]*(?:\.|::))*{re.escape(name)}"
                      rf"(?=\s|[<({{:\[;=]|$)", re.MULTILINE)


def defines(candidate: Candidate, names: Iterable[str]) -> bool:
    """Whether the unit defines one of ``names``: its parsed name ends with it, or (a line window of a language
    without a parser) one of its lines is a definition of it."""
    if candidate.kind != "window":
        last = _NAMESPACE_SEPARATORS.split(candidate.name)[-1]
        return any(last == name or candidate.name == name for name in names)
    return any(_definition_line(_NAMESPACE_SEPARATORS.split(name)[-1]).search(candidate.text) for name in names)


def boost_definitions(scores: dict[int, float], candidates: dict[int, Candidate], names: set[str],
                      strength: float, settings: RankingSettings) -> None:
    """Add ``definition_boost x strength x best score`` to every unit defining a queried name (in place); a unit
    missing from ``scores`` (found by name outside the candidates) joins with the boost alone. The file named after
    the symbol (``Base`` in ``base.rb``) gets half as much again: it is the definition, not a redeclaration."""
    if not names or not settings.definition_boost or not strength:
        return
    unit = settings.definition_boost * strength * _scale(scores)
    lowered = {_NAMESPACE_SEPARATORS.split(name)[-1].lower() for name in names}
    for unit_id, candidate in candidates.items():
        if defines(candidate, names):
            stem = PurePosixPath(candidate.path).stem.lower()
            named_file = stem in lowered or stem.replace("_", "") in lowered or stem.rstrip("s") in lowered
            scores[unit_id] = scores.get(unit_id, 0.0) + unit * (1.5 if named_file else 1.0)


def _scale(scores: dict[int, float]) -> float:
    """What a boost is a multiple of: the best score, or 1 when none is positive (a multiple of a negative best
    would push the boosted units down)."""
    best = max(scores.values(), default=0.0)
    return best if best > 0 else 1.0


def _prefix_match(word: str, part: str) -> bool:
    shorter, longer = sorted((word, part), key=len)
    return len(shorter) >= MIN_PREFIX and longer.startswith(shorter)


@functools.lru_cache(maxsize=65536)
def path_terms(path: str) -> frozenset[str]:
    """The words of a file's stem and its folder's name."""
    pure = PurePosixPath(path)
    return frozenset(split_words(pure.stem) + split_words(pure.parent.name))


@functools.lru_cache(maxsize=65536)
def stem_stems(path: str) -> frozenset[str]:
    """The Snowball stems of the words of a file's stem alone (``unused_routes_command.rb``: unus, rout, command)."""
    return frozenset(stems(split_words(PurePosixPath(path).stem)))


def boost_path_terms(scores: dict[int, float], candidates: dict[int, Candidate], terms: set[str],
                     settings: RankingSettings) -> None:
    """Add ``best score x matched share x path_boost`` to units whose file stem or folder matches query words by
    prefix, ``x (path_boost + named_file_boost)`` when the Snowball stems of the query's words include every one
    of the file stem's (in place). A query word in a long stem is weak evidence (many files of a folder hold
    "command"); a stem the query spells out is the file it names. Stems, not prefixes, decide that: "model" does not
    name ``mod.rs``, nor "library" ``lib.rs``."""
    if not terms or not (settings.path_boost or settings.named_file_boost) or not scores:
        return
    best = _scale(scores)
    wanted = stems(terms)
    matches: dict[str, int] = {}  # per path: the candidates of one file share it
    for unit_id in scores:
        path = candidates[unit_id].path
        if path not in matches:
            parts = path_terms(path)
            matches[path] = sum(1 for term in terms if any(_prefix_match(term, part) for part in parts))
        matched = matches[path]
        if matched:
            named = bool(stem_stems(path)) and stem_stems(path) <= wanted
            boost = settings.path_boost + (settings.named_file_boost if named else 0.0)
            scores[unit_id] += best * boost * matched / len(terms)


def boost_file_coherence(scores: dict[int, float], candidates: dict[int, Candidate],
                         settings: RankingSettings) -> None:
    """Give each file's best unit ``file_coherence x best score x file sum / largest file sum`` (in place)."""
    if not settings.file_coherence or not scores:
        return
    totals: Counter = Counter()
    best: dict[str, int] = {}
    for unit_id, score in scores.items():
        path = candidates[unit_id].path
        totals[path] += max(score, 0.0)
        if path not in best or score > scores[best[path]]:
            best[path] = unit_id
    largest = max(totals.values())
    if largest <= 0:
        return
    unit = settings.file_coherence * _scale(scores)
    for path, unit_id in best.items():
        scores[unit_id] += unit * totals[path] / largest


_STEMMERS = threading.local()  # a PyStemmer stemmer keeps state between calls: one per thread (the MCP server)
# ASCII characters other than letters and digits as spaces: str.split then finds the words _WORDS finds, faster
_NOT_WORD_ASCII = {code: " " for code in range(128) if not chr(code).isalnum()}
_WORD_STEMS: dict[str, frozenset[str]] = {}  # each word's part stems, kept across searches (bounded below)
WORD_STEMS_KEPT = 65_536


def _stemmer() -> Stemmer.Stemmer:
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = Stemmer.Stemmer("english")
    return stemmer


def stems(words: Iterable[str]) -> set[str]:
    """Snowball (English) stems of words: "routing" and "routes" are both "rout"."""
    return set(_stemmer().stemWords(list(words)))


def _word_stems(words: Iterable[str]) -> dict[str, frozenset[str]]:
    """The stems of each word's lower-cased camelCase parts; the words not seen before stemmed in one call (one word
    at a time was most of a one-shot search's ranking)."""
    found = {word: _WORD_STEMS.get(word) for word in words}
    new = [word for word, word_stems in found.items() if word_stems is None]
    parts = [(word.lower(),) if word.isalpha() and word[1:].islower()  # "format", "Format": one part, no regex
             else [part.lower() for part in _CAMEL_PART.findall(word)] for word in new]
    distinct = list({part for word_parts in parts for part in word_parts})
    stem_of = dict(zip(distinct, _stemmer().stemWords(distinct)))
    for word, word_parts in zip(new, parts):
        found[word] = frozenset(map(stem_of.__getitem__, word_parts))
    if len(_WORD_STEMS) + len(new) > WORD_STEMS_KEPT:
        _WORD_STEMS.clear()
    if len(new) <= WORD_STEMS_KEPT:
        _WORD_STEMS.update((word, found[word]) for word in new if len(word) <= CACHED_WORD_CHARS)  # not a blob's
    return found


@functools.lru_cache(maxsize=8192)
def _unit_words(path: str, text: str) -> frozenset[str]:
    # the distinct words of path + text (code repeats its identifiers: each is split and stemmed once)
    joined = f"{path} {text}"
    if joined.isascii():
        return frozenset(joined.translate(_NOT_WORD_ASCII).split())
    return frozenset(_WORDS.findall(joined))


def boost_term_coverage(scores: dict[int, float], candidates: dict[int, Candidate], terms: set[str],
                        settings: RankingSettings) -> None:
    """Give each file's best unit ``coverage_boost x best score x share of the query's word stems found in the
    file's candidate units (and its path)`` (in place)."""
    if not terms or not settings.coverage_boost or not scores:
        return
    wanted = stems(terms)
    words = {unit_id: _unit_words(candidates[unit_id].path, candidates[unit_id].text) for unit_id in scores}
    hits = {word: found for word, word_stems in _word_stems(frozenset().union(*words.values())).items()
            if (found := word_stems & wanted)}
    found: dict[str, set[str]] = {}
    best: dict[str, int] = {}
    for unit_id, score in scores.items():
        path = candidates[unit_id].path
        found.setdefault(path, set()).update(*(hits[word] for word in hits.keys() & words[unit_id]))
        if path not in best or score > scores[best[path]]:
            best[path] = unit_id
    unit = settings.coverage_boost * _scale(scores)
    for path, unit_id in best.items():
        scores[unit_id] += unit * len(found[path]) / len(wanted)


# ------------------------------------------------------------------------------------------------ the priors

_TEST_PATH = re.compile(
    # test folders, and the test-file names of each language's convention: test_x.*, x_test.*, x.test.*, XTest.java
    r"(^|/)(tests?|__tests__|testing|spec|specs|testdata|fixtures?)/|(^|/)test_[^/]*\.\w+$"
    r"|_(test|spec)\.\w+$"
    r"|\.(test|spec)\.\w+$|(Tests?|Spec|Suite)\.(java|kt|cs|swift|scala|php)$|(^|/)conftest\.py$")
_EXAMPLE_PATH = re.compile(r"(^|/)(_?examples?|samples?|demos?|benchmarks?|benches|docs?|tutorials?)/")
_LEGACY_PATH = re.compile(r"(^|/)(vendor(ed)?|_vendor|third[_-]?party|external|deps|compat|_compat|legacy|deprecated"
                          r"|v1|old|single_include|amalgamation)/")
# files that declare a package rather than implement it (Rust's mod.rs and TypeScript's index.ts are ordinary
# source files by their language's rules: many hold the module's own code)
_PACKAGE_FILES = frozenset({"__init__.py", "package-info.java", "module-info.java"})
_DECLARATION_PATH = re.compile(r"\.d\.ts$|\.pyi$")


def is_test_path(path: str) -> bool:
    """Whether a path looks like a test file (``tests/``, ``test_x.py``, ``x_test.go``, ``x.spec.ts``, ...)."""
    return bool(_TEST_PATH.search(path))


@functools.lru_cache(maxsize=65536)
def _path_factor(path: str, settings: RankingSettings) -> float:
    factor = 1.0
    if is_test_path(path):
        factor *= settings.test_factor
    if _EXAMPLE_PATH.search(path):
        factor *= settings.example_factor
    if _LEGACY_PATH.search(path):
        factor *= settings.legacy_factor
    if PurePosixPath(path).name in _PACKAGE_FILES:
        factor *= settings.package_file_factor
    if _DECLARATION_PATH.search(path):
        factor *= settings.declaration_factor
    return factor


def path_prior(candidate: Candidate, settings: RankingSettings) -> float:
    """The factor a unit's score is multiplied by for where it lives and what language it is in."""
    factor = _path_factor(candidate.path, settings)
    return factor if candidate.language in CODE_LANGUAGES else factor * settings.non_code_factor


# ---------------------------------------------------------------------------------------------- the selection


def select_top(scores: dict[int, float], candidates: dict[int, Candidate], k: int | None,
               settings: RankingSettings) -> list[tuple[int, float]]:
    """Best first, the n-th unit of one file multiplied by ``file_decay ** (n - 1)``; the first ``k`` (all when
    None). Scores that are not all positive are shifted to be, so that a factor below 1 always lowers a unit."""
    if not scores:
        return []
    shift = max(0.0, 1e-6 - min(scores.values()))
    ranked, seen = [], Counter()
    for unit_id in sorted(scores, key=lambda i: (-scores[i], i)):
        path = candidates[unit_id].path
        ranked.append((unit_id, (scores[unit_id] + shift) * settings.file_decay ** seen[path]))
        seen[path] += 1
    ranked.sort(key=lambda item: (-item[1], item[0]))
    return ranked if k is None else ranked[:k]


def rank(query: str, dense: dict[int, float], keyword: dict[int, float], candidates: dict[int, Candidate],
         settings: RankingSettings, k: int | None = None) -> list[tuple[int, float]]:
    """The whole hybrid ranking of one query. ``candidates`` describes every unit of ``dense`` and ``keyword`` and
    may hold more: units defining a queried name found outside both lists (:func:`queried_symbols`)."""
    kind = query_kind(query)
    settings = settings_for(query, settings)
    scores = fuse(dense, keyword, settings)
    names = queried_symbols(query)
    strength = 1.0 if kind == "symbol" else settings.embedded_symbol_strength
    boost_definitions(scores, candidates, names, strength, settings)
    terms = query_terms(query) if kind != "symbol" else set()  # a symbol query's words name no path
    boost_path_terms(scores, candidates, terms, settings)
    boost_file_coherence(scores, candidates, settings)
    boost_term_coverage(scores, candidates, terms, settings)
    shift = max(0.0, 1e-6 - min(scores.values(), default=0.0))  # priors are factors: keep every score positive
    scores = {unit_id: (score + shift) * path_prior(candidates[unit_id], settings) for unit_id, score in scores.items()}
    return select_top(scores, candidates, k, settings)
