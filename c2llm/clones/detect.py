"""Near-duplicate units: a normalised token hash first (no model), then embedding similarity.

Stages, cheapest first; a pair is reported by the first stage that finds it:

1. ``exact-copy``: the same Type-1 token sequence (layout and comments ignored);
2. ``renamed-copy``: the same Type-2 sequence (identifiers and literals abstracted);
3. ``near-copy``: cosine similarity of the units' embeddings at or above the model's threshold (calibrated by
   :mod:`c2llm.clones.calibrate`; a fixed default otherwise).

Only units worth reporting take part (:class:`DetectSettings`): functions, methods and code windows of at least
``min_lines`` non-blank lines and ``min_tokens`` tokens (jscpd's defaults, 5 and 50), not prose or data files. The
index's units never overlap, so no unit is paired with a part of itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..search.units import Unit
from .tokens import Kind, lex_checked, sequence_hash, type1_sequence, type2_sequence

METHODS = ("exact-copy", "renamed-copy", "near-copy")
# Not code, or not worth a finding: prose and data files, and a class's header lines (its methods are units).
SKIPPED_LANGUAGES = frozenset({"text", "markdown", "rst", "json", "yaml", "toml", "ini"})
SKIPPED_KINDS = frozenset({"class"})


@dataclass(frozen=True)
class DetectSettings:
    """Which units take part."""

    min_lines: int = 5
    min_tokens: int = 50


@dataclass(frozen=True)
class Fingerprint:
    """What the hash stages compare: the Type-1 and Type-2 hashes and the token count. ``type2`` is ``None`` where
    abstracting identifiers and literals would leave nothing to compare: data tables (mostly literals) and fragments
    that do not lex cleanly (a window inside a long string is prose: all its words would become ``ID``)."""

    type1: str
    type2: str | None
    tokens: int


MAX_LITERAL_SHARE = 0.5  # more literals than identifiers: a data table, not code (for the Type-2 stage)


def fingerprint(text: str, language: str) -> Fingerprint:
    """The hashes of a code fragment's normalised token sequences."""
    tokens, clean = lex_checked(text, language)
    literals = sum(token.kind is Kind.LITERAL for token in tokens)
    words = literals + sum(token.kind is Kind.IDENTIFIER for token in tokens)
    code_like = clean and literals <= MAX_LITERAL_SHARE * words
    return Fingerprint(sequence_hash(type1_sequence(tokens)),
                       sequence_hash(type2_sequence(tokens)) if code_like else None, len(tokens))


@dataclass(frozen=True)
class ClonePair:
    """Two units found to be copies: ``a`` sorts before ``b`` (path, then line)."""

    a: Unit
    b: Unit
    similarity: float
    method: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        """What identifies a pair across edits that move lines: the paths and names of both sides."""
        return (self.a.path, self.a.name, self.b.path, self.b.name)


def _ordered(u: Unit, v: Unit) -> tuple[Unit, Unit]:
    return (u, v) if (u.path, u.start_line) <= (v.path, v.start_line) else (v, u)


def eligible(unit: Unit, settings: DetectSettings) -> bool:
    """Whether a unit is code worth reporting (kind, language, size in lines; tokens are checked later)."""
    if unit.kind in SKIPPED_KINDS or unit.language in SKIPPED_LANGUAGES:
        return False
    return sum(1 for line in unit.text.splitlines() if line.strip()) >= settings.min_lines


class Detector:
    """All-pairs clone detection over a fixed list of units (and, optionally, their normalised embeddings).

    Args:
        units: The units to compare (filtered with :func:`eligible` and ``min_tokens``).
        vectors: One L2-normalised row per unit of ``units`` (same order), or ``None`` for the hash stages only.
        settings: Size limits.
        fingerprints: Precomputed fingerprints by content hash (a cache); missing ones are computed.
    """

    def __init__(self, units: Sequence[Unit], vectors: np.ndarray | None = None,
                 settings: DetectSettings | None = None, fingerprints: dict[str, Fingerprint] | None = None):
        self.settings = settings or DetectSettings()
        if vectors is not None and len(vectors) != len(units):
            raise ValueError(f"{len(vectors)} vectors for {len(units)} units")
        self.fingerprints = dict(fingerprints or {})
        keep = []
        for index, unit in enumerate(units):
            if not eligible(unit, self.settings):
                continue
            if unit.content_hash not in self.fingerprints:
                self.fingerprints[unit.content_hash] = fingerprint(unit.text, unit.language)
            if self.fingerprints[unit.content_hash].tokens >= self.settings.min_tokens:
                keep.append(index)
        self.units = [units[index] for index in keep]
        self.vectors = None if vectors is None else np.ascontiguousarray(vectors[keep], dtype=np.float32)

    def _hash_pairs(self, focus: Callable[[Unit], bool]) -> dict[tuple[int, int], str]:
        """Index pairs found by the hash stages (type-1 wins over type-2). Like jscpd, each copy is paired with the
        first occurrence of its group (path and line order), not with every other copy: a group of ``n`` copies
        gives ``n - 1`` pairs, not ``n (n - 1) / 2``."""
        found: dict[tuple[int, int], str] = {}
        exact_copies: set[int] = set()  # reported as exact copies: not again as renamed copies of another first
        for method, attribute in (("exact-copy", "type1"), ("renamed-copy", "type2")):
            groups: dict[str, list[int]] = defaultdict(list)
            for index, unit in enumerate(self.units):
                key = getattr(self.fingerprints[unit.content_hash], attribute)
                if key is not None and index not in exact_copies:
                    groups[key].append(index)
            for first, *copies in groups.values():
                for copy in copies:
                    if method == "exact-copy":
                        exact_copies.add(copy)
                    if focus(self.units[first]) or focus(self.units[copy]):
                        found[(first, copy)] = method
        return found

    def _semantic_pairs(self, threshold: float, focus: Callable[[Unit], bool], neighbours: int,
                        block: int = 1024) -> dict[tuple[int, int], float]:
        """Index pairs whose cosine similarity is at least ``threshold``, at most the ``neighbours`` most similar per
        unit (a weak model at a low threshold would otherwise pair everything with everything). Rows are the focused
        units only, so a ``--base`` scan costs (changed units x all units), not all pairs."""
        assert self.vectors is not None
        rows = [index for index, unit in enumerate(self.units) if focus(unit)]
        found: dict[tuple[int, int], float] = {}
        for start in range(0, len(rows), block):
            chunk = rows[start:start + block]
            scores = self.vectors[chunk] @ self.vectors.T
            scores[np.arange(len(chunk)), chunk] = -np.inf  # a unit is not its own copy
            for row, i in enumerate(chunk):
                candidates = np.flatnonzero(scores[row] >= threshold)
                if len(candidates) > neighbours:
                    candidates = candidates[np.argsort(-scores[row, candidates], kind="stable")[:neighbours]]
                for j in candidates.tolist():
                    found[(min(i, j), max(i, j))] = float(scores[row, j])
        return found

    def pairs(self, threshold: float | None = None, focus: Callable[[Unit], bool] | None = None,
              neighbours: int = 5) -> list[ClonePair]:
        """Clone pairs, most similar first.

        Args:
            threshold: Cosine threshold of the semantic stage; ``None`` (or no vectors) runs the hash stages only.
            focus: Report only pairs with at least one unit for which this is true (``--base``); default: all.
            neighbours: The semantic stage pairs each unit with at most this many others (its most similar).
        """
        focus = focus or (lambda unit: True)
        hashed = self._hash_pairs(focus)
        semantic = (self._semantic_pairs(threshold, focus, neighbours)
                    if threshold is not None and self.vectors is not None else {})
        result = []
        for (i, j), method in hashed.items():
            similarity = float(self.vectors[i] @ self.vectors[j]) if self.vectors is not None else 1.0
            result.append(ClonePair(*_ordered(self.units[i], self.units[j]), round(similarity, 4), method))
        for (i, j), similarity in semantic.items():
            if (i, j) not in hashed:
                result.append(ClonePair(*_ordered(self.units[i], self.units[j]), round(similarity, 4), "near-copy"))
        return sorted(result, key=lambda p: (METHODS.index(p.method), -p.similarity, p.a.path, p.a.start_line,
                                             p.b.path, p.b.start_line))

    def matches(self, text: str, language: str, vector: np.ndarray | None = None, threshold: float | None = None,
                k: int = 10) -> list[tuple[Unit, float, str]]:
        """Units that a code fragment (not in the index) duplicates: hash matches first, then the most similar
        units at or above ``threshold``; at most ``k``."""
        probe = fingerprint(text, language)
        found: list[tuple[Unit, float, str]] = []
        seen: set[int] = set()
        scores = None if vector is None or self.vectors is None else self.vectors @ vector.astype(np.float32)
        for index, unit in enumerate(self.units):
            own = self.fingerprints[unit.content_hash]
            method = "exact-copy" if own.type1 == probe.type1 else "renamed-copy" if (
                own.type2 is not None and own.type2 == probe.type2) else None
            if method:
                found.append((unit, 1.0 if scores is None else float(scores[index]), method))
                seen.add(index)
        if scores is not None and threshold is not None:
            for index in np.argsort(-scores):
                if scores[index] < threshold or len(found) >= k:
                    break
                if int(index) not in seen:
                    found.append((self.units[index], float(scores[index]), "near-copy"))
        return found[:k]


def overlaps(unit: Unit, lines: set[int]) -> bool:
    """Whether any of ``lines`` (1-based) falls inside the unit."""
    return any(line in lines for line in range(unit.start_line, unit.end_line + 1))
