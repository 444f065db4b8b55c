"""Near-duplicate units: normalised token hashes, then token structure, then the embedding as a second signal.

Stages, cheapest first; a pair is reported by the first stage that finds it:

1. ``exact-copy``: the same Type-1 token sequence (layout and comments ignored);
2. ``renamed-copy``: the same Type-2 sequence (identifiers and literals abstracted);
3. ``near-copy``: a Type-3 copy (renamed, statements inserted, deleted or changed), found by its structure alone: a
   candidate among the units sharing the most MinHash LSH bands of their Type-2 token trigrams
   (:mod:`c2llm.clones.lsh`) whose trigram Jaccard (:func:`c2llm.clones.tokens.shape_jaccard`) reaches :attr:`NearRule.structure`. No
   model takes part, so the stage works with any index and with ``--no-semantic``: renaming moves an embedding
   more than the token structure, and an embedding gate lost every renamed-and-edited copy;
4. ``semantic-copy``: among a unit's nearest neighbours by embedding cosine, a pair whose cosine reaches
   :attr:`NearRule.cosine` and whose trigram Jaccard reaches the lower :attr:`NearRule.jaccard`: the model's
   evidence lets through copies edited beyond the structure threshold. Both thresholds are calibrated together per
   model by :mod:`c2llm.clones.calibrate` (a fixed default otherwise). A cosine alone accepts functions of the same
   module that only share vocabulary, so the tokens still confirm.

Units whose Type-2 hash is left out (data tables, prose) take no part in stages 3 and 4: their abstracted trigrams
match any other table's. Only units worth reporting take part (:class:`DetectSettings`): functions, methods and code
windows of at least ``min_lines`` non-blank lines and ``min_tokens`` tokens (jscpd's defaults, 5 and 50), not prose
or data files. The index's units never overlap, so no unit is paired with a part of itself.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..search.units import Unit
from .lsh import band_keys
from .settings import NEIGHBOURS, STRUCTURE_JACCARD, DetectSettings
from .tokens import (
    Kind,
    lex_checked,
    sequence_hash,
    shape,
    shape_jaccard,
    shingles,
    type1_sequence,
    type2_sequence,
)

METHODS = ("exact-copy", "renamed-copy", "near-copy", "semantic-copy")
# Not code, or not worth a finding: prose and data files, and a class's header lines (its methods are units).
SKIPPED_LANGUAGES = frozenset({"text", "markdown", "rst", "json", "yaml", "toml", "ini"})
SKIPPED_KINDS = frozenset({"class"})


@dataclass(frozen=True)
class NearRule:
    """When a candidate pair that no hash joins is a copy, from its Type-2 token-trigram Jaccard
    (:func:`~c2llm.clones.tokens.shape_jaccard`) and, where there is a model, its embedding cosine:

    * a ``near-copy`` when ``jaccard >= self.structure`` (the structure alone);
    * else a ``semantic-copy`` when ``cosine >= self.cosine and jaccard >= self.jaccard``.

    ``jaccard = 0`` makes the second part a cosine-only rule; ``cosine = -1`` lets the tokens decide among the
    nearest neighbours; ``structure = math.inf`` turns the first part off."""

    cosine: float
    jaccard: float
    structure: float = STRUCTURE_JACCARD

    def method(self, cosine: float | None, jaccard: float) -> str | None:
        """``"near-copy"``, ``"semantic-copy"`` or ``None`` (not a copy) for one pair (``cosine``: ``None``
        without a model)."""
        if jaccard >= self.structure:
            return "near-copy"
        if cosine is not None and cosine >= self.cosine and jaccard >= self.jaccard:
            return "semantic-copy"
        return None

    def accepts(self, cosine, jaccard):
        """Whether pairs with these scores are copies by either part (numbers or numpy arrays)."""
        return (jaccard >= self.structure) | ((cosine >= self.cosine) & (jaccard >= self.jaccard))

    def describe(self) -> str:
        return (f"token-trigram Jaccard >= {self.structure:.3f} (near copy), or cosine >= {self.cosine:.3f} and "
                f"Jaccard >= {self.jaccard:.3f} (semantic copy)")


@dataclass(frozen=True)
class Fingerprint:
    """What the hash stages compare: the Type-1 and Type-2 hashes and the token count, and the MinHash band keys of
    the Type-2 trigrams under which the near-copy stage finds candidates (:mod:`c2llm.clones.lsh`). ``type2`` is
    ``None`` (and ``bands`` empty) where abstracting identifiers and literals would leave nothing to compare: data
    tables (mostly literals) and fragments that do not lex cleanly (a window inside a long string is prose: all its
    words would become ``ID``)."""

    type1: str
    type2: str | None
    tokens: int
    bands: tuple[int, ...] = ()


MAX_LITERAL_SHARE = 0.5  # more literals than identifiers: a data table, not code (for the Type-2 stage)


def fingerprint(text: str, language: str) -> Fingerprint:
    """The hashes of a code fragment's normalised token sequences."""
    tokens, clean = lex_checked(text, language)
    literals = sum(token.kind is Kind.LITERAL for token in tokens)
    words = literals + sum(token.kind is Kind.IDENTIFIER for token in tokens)
    code_like = clean and literals <= MAX_LITERAL_SHARE * words
    if not code_like:
        return Fingerprint(sequence_hash(type1_sequence(tokens)), None, len(tokens))
    type2 = type2_sequence(tokens)
    return Fingerprint(sequence_hash(type1_sequence(tokens)), sequence_hash(type2), len(tokens),
                       band_keys(shingles(type2)))


@dataclass(frozen=True)
class ClonePair:
    """Two units found to be copies: ``a`` sorts before ``b`` (path, then line)."""

    a: Unit
    b: Unit
    similarity: float  # the embedding cosine; without a model, 1.0 for hashes and the Jaccard for near copies
    method: str
    jaccard: float | None = None  # the token-trigram Jaccard of a near or semantic copy

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
        self._shapes: dict[int, Counter] = {}  # token trigrams, lexed only for units that become candidates
        self._bands: dict[int, list[int]] | None = None  # see _band_index
        self._groups: dict[tuple[str, str, str], list[int]] | None = None  # see hash_matches

    def _shape(self, index: int) -> Counter:
        if index not in self._shapes:
            unit = self.units[index]
            self._shapes[index] = shape(unit.text, unit.language)
        return self._shapes[index]

    def code_like(self, index: int) -> bool:
        """Whether a unit's token trigrams say anything: not a data table or prose (see :class:`Fingerprint`), whose
        abstracted trigrams (``LIT , LIT``, ``ID ID ID``) match those of any other table or paragraph."""
        return self.fingerprints[self.units[index].content_hash].type2 is not None

    def _same_group(self, i: int, j: int) -> bool:
        """Whether two units are copies of one hash group: the hash stages already pair each with the group's first
        occurrence, so a near-copy pair between them would repeat it."""
        a, b = (self.fingerprints[self.units[index].content_hash] for index in (i, j))
        return a.type1 == b.type1 or (a.type2 is not None and a.type2 == b.type2)

    def jaccard(self, i: int, j: int) -> float:
        """The token-trigram Jaccard of units ``i`` and ``j``."""
        return shape_jaccard(self._shape(i), self._shape(j))

    def _band_index(self) -> dict[int, list[int]]:
        """The units under each MinHash band key of their fingerprints (:mod:`c2llm.clones.lsh`)."""
        if self._bands is None:
            bands: dict[int, list[int]] = defaultdict(list)
            for index, unit in enumerate(self.units):
                for key in self.fingerprints[unit.content_hash].bands:
                    bands[key].append(index)
            self._bands = bands
        return self._bands

    def structure_neighbours(self, bands: Sequence[int], count: int, exclude: int | None = None) -> list[int]:
        """The ``count`` units sharing the most of these MinHash band keys (a fingerprint's ``bands``), best first:
        the units whose Type-2 token trigrams are most alike, the near-copy candidates that embeddings miss when a
        copy's identifiers were renamed (a model reads them as words, and its cosine drops). ``exclude``: a unit of
        this detector that is the probe itself."""
        index = self._band_index()
        shared = Counter(unit for key in bands for unit in index.get(key, ()))
        shared.pop(exclude, None)
        return [unit for unit, _ in shared.most_common(count)]

    def hash_matches(self, language: str, own: Fingerprint, limit: int) -> list[tuple[int, str]]:
        """(index, ``exact-copy`` or ``renamed-copy``) of up to ``limit`` units of ``language`` with ``own``'s Type-1,
        else Type-2 hash (a corpus side of :func:`c2llm.clones.known.match_known`)."""
        if self._groups is None:
            self._groups = defaultdict(list)
            for index, unit in enumerate(self.units):
                found = self.fingerprints[unit.content_hash]
                self._groups["type1", unit.language, found.type1].append(index)
                if found.type2 is not None:
                    self._groups["type2", unit.language, found.type2].append(index)
        matches: dict[int, str] = {}
        for method, column in (("exact-copy", "type1"), ("renamed-copy", "type2")):
            value = getattr(own, column)
            for index in self._groups.get((column, language, value), []) if value is not None else []:
                matches.setdefault(index, method)
        return list(matches.items())[:limit]

    def nearest(self, vector: np.ndarray, threshold: float, count: int) -> list[tuple[int, float]]:
        """(index, cosine) of the ``count`` units most similar to ``vector`` at or above ``threshold``."""
        if self.vectors is None or not len(self.units):
            return []
        scores = self.vectors @ vector
        return [(index, float(scores[index])) for index in nearest(scores, threshold, count)]

    def cosines(self, keys: list[int], vector: np.ndarray) -> dict[int, float]:
        """The cosine of each unit of ``keys`` with ``vector`` (empty without vectors)."""
        if self.vectors is None:
            return {}
        return {key: float(self.vectors[key] @ vector) for key in keys}

    def unit(self, index: int) -> Unit:
        return self.units[index]

    def shape_of(self, index: int) -> Counter:
        """Unit ``index``'s bag of Type-2 token trigrams (lexed once)."""
        return self._shape(index)

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

    def _near_pairs(self, rule: NearRule, focus: Callable[[Unit], bool], neighbours: int, block: int = 1024
                    ) -> dict[tuple[int, int], tuple[str, float | None, float]]:
        """Index pairs accepted by ``rule``, with their method, cosine (``None`` without vectors) and Jaccard.
        Candidates of each focused unit: its ``neighbours`` nearest units by shared token-trigram MinHash bands
        (:meth:`structure_neighbours`), and with vectors its ``neighbours`` most similar units at or above the rule's
        cosine (a weak model at a low threshold would otherwise pair everything with everything); the rule then
        decides. Rows are the focused units only, so a ``--base`` scan costs (changed units x all units), not all
        pairs."""
        rows = [index for index, unit in enumerate(self.units) if focus(unit) and self.code_like(index)]
        found: dict[tuple[int, int], tuple[str, float | None, float]] = {}
        for start in range(0, len(rows), block):
            chunk = rows[start:start + block]
            scores = None
            if self.vectors is not None:
                scores = self.vectors[chunk] @ self.vectors.T
                scores[np.arange(len(chunk)), chunk] = -np.inf  # a unit is not its own copy
            for row, i in enumerate(chunk):
                candidates = self.structure_neighbours(self.fingerprints[self.units[i].content_hash].bands,
                                                       neighbours, exclude=i)
                if scores is not None:
                    candidates += nearest(scores[row], rule.cosine, neighbours)
                for j in dict.fromkeys(candidates):
                    key = (min(i, j), max(i, j))
                    if key in found or not self.code_like(j) or self._same_group(i, j):
                        continue
                    cosine = None if scores is None else float(scores[row, j])
                    jaccard = self.jaccard(i, j)
                    method = rule.method(cosine, jaccard)
                    if method is not None:
                        found[key] = (method, cosine, jaccard)
        return found

    def pairs(self, rule: NearRule | None = None, focus: Callable[[Unit], bool] | None = None,
              neighbours: int = NEIGHBOURS) -> list[ClonePair]:
        """Clone pairs: exact, renamed, near, then semantic copies, most similar first within each.

        Args:
            rule: The rule of the near-copy and semantic-copy stages; ``None`` runs the hash stages only (without
                vectors, the semantic part of the rule is not used).
            focus: Report only pairs with at least one unit for which this is true (``--base``); default: all.
            neighbours: Each unit's candidates: its this many nearest units by token structure (shared MinHash
                bands of the trigrams), and as many by cosine.
        """
        focus = focus or (lambda unit: True)
        hashed = self._hash_pairs(focus)
        near = self._near_pairs(rule, focus, neighbours) if rule is not None else {}
        result = []
        for (i, j), method in hashed.items():
            similarity = float(self.vectors[i] @ self.vectors[j]) if self.vectors is not None else 1.0
            result.append(ClonePair(*_ordered(self.units[i], self.units[j]), round(similarity, 4), method))
        for (i, j), (method, cosine, jaccard) in near.items():
            if (i, j) not in hashed:
                result.append(ClonePair(*_ordered(self.units[i], self.units[j]),
                                        round(jaccard if cosine is None else cosine, 4), method, round(jaccard, 4)))
        return sorted(result, key=lambda p: (METHODS.index(p.method), -p.similarity, p.a.path, p.a.start_line,
                                             p.b.path, p.b.start_line))

    def matches(self, text: str, language: str, vector: np.ndarray | None = None, rule: NearRule | None = None,
                k: int = 10) -> list[tuple[Unit, float, str]]:
        """Units that a code fragment (not in the index) duplicates, at most ``k``: hash matches first, then the
        near and semantic copies that ``rule`` accepts among the ``k`` units nearest to it by token structure and (with ``vector``) its ``k`` nearest units by cosine, most similar first. Each comes with its cosine
        (its Jaccard without a vector) and its method."""
        probe = fingerprint(text, language)
        scores = None if vector is None or self.vectors is None else self.vectors @ vector.astype(np.float32)
        found: list[tuple[Unit, float, str]] = []
        for index, unit in enumerate(self.units):
            own = self.fingerprints[unit.content_hash]
            method = "exact-copy" if own.type1 == probe.type1 else "renamed-copy" if (
                own.type2 is not None and own.type2 == probe.type2) else None
            if method:
                found.append((unit, 1.0 if scores is None else float(scores[index]), method))
        if rule is None or probe.type2 is None:  # a data table or prose: its token shape says nothing
            return found[:k]
        seen = {id(unit) for unit, _, _ in found}
        probe_shape = shape(text, language)
        candidates = self.structure_neighbours(probe.bands, k)
        if scores is not None:
            candidates += nearest(scores, rule.cosine, k)
        near = []
        for index in dict.fromkeys(candidates):
            if id(self.units[index]) in seen or not self.code_like(index):
                continue
            jaccard = shape_jaccard(probe_shape, self._shape(index))
            cosine = None if scores is None else float(scores[index])
            method = rule.method(cosine, jaccard)
            if method is not None:
                near.append((self.units[index], jaccard if cosine is None else cosine, method))
        near.sort(key=lambda match: (METHODS.index(match[2]), -match[1]))
        return (found + near)[:k]


def nearest(scores: np.ndarray, threshold: float, count: int) -> list[int]:
    """The indices of the ``count`` highest ``scores`` at or above ``threshold``, best first."""
    candidates = np.flatnonzero(scores >= threshold)
    return candidates[np.argsort(-scores[candidates], kind="stable")][:count].tolist()


def overlaps(unit: Unit, lines: set[int]) -> bool:
    """Whether any of ``lines`` (1-based) falls inside the unit."""
    return any(line in lines for line in range(unit.start_line, unit.end_line + 1))
