"""``c2llm dupes --against CORPUS``: units of the scanned tree that copy units of known-code corpora.

The stages of :mod:`c2llm.clones.detect`, one side in the tree and the other in a corpus: the same Type-1 tokens
(``exact-copy``), the same Type-2 tokens (``renamed-copy``), or, among a unit's ``neighbours`` corpus units nearest by
token structure (shared MinHash bands of the trigrams) and its ``neighbours`` most similar corpus units by embedding
cosine, a candidate that the :class:`~c2llm.clones.detect.NearRule` accepts (``near-copy`` by structure,
``semantic-copy`` with the model). Both sides must be of the same language: cross-language matches are not reported
(nothing here measured how well they would be found).

A corpus is :class:`KnownCode`: a :class:`~c2llm.clones.detect.Detector` over units in memory, or an
:class:`IndexedCorpus`, a corpus index queried unit by unit (hash and band lookups, its vector store) and never read
whole, so that a corpus of a million functions answers a commit in seconds once its fingerprints are stored
(:func:`fingerprint_index`, the first scan).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from tqdm.auto import tqdm

from ..search.index import Index
from ..search.units import Unit
from .detect import (
    METHODS,
    SKIPPED_KINDS,
    SKIPPED_LANGUAGES,
    Detector,
    Fingerprint,
    NearRule,
    eligible,
    fingerprint,
)
from .lsh import pack, unpack
from .settings import NEIGHBOURS, DetectSettings
from .tokens import shape, shape_jaccard

FINGERPRINTS_VERSION = 2  # bump when the lexer, the normalisation or the bands change: stored ones are then dropped
FINGERPRINT_BATCH = 2000  # units fingerprinted per transaction: a killed first scan resumes from the last batch


class KnownCode(Protocol):
    """What the scan asks of a corpus; ``key`` identifies a corpus unit (an index in a detector, a unit id in an
    index)."""

    def hash_matches(self, language: str, own: Fingerprint, limit: int) -> list[tuple[int, str]]:
        """(key, ``exact-copy`` or ``renamed-copy``) of up to ``limit`` units with the same Type-1, else Type-2
        hash."""
        ...

    def structure_neighbours(self, bands: tuple[int, ...], count: int) -> list[int]:
        """Keys of the ``count`` units nearest by token structure (shared MinHash band keys)."""
        ...

    def nearest(self, vector: np.ndarray, threshold: float, count: int) -> list[tuple[int, float]]:
        """(key, cosine) of the ``count`` units nearest by cosine at or above ``threshold`` (none without
        vectors)."""
        ...

    def cosines(self, keys: list[int], vector: np.ndarray) -> dict[int, float]:
        """The cosine of each unit of ``keys`` with ``vector`` (empty without vectors)."""
        ...

    def unit(self, key: int) -> Unit: ...

    def code_like(self, key: int) -> bool: ...

    def shape_of(self, key: int): ...


@dataclass(frozen=True)
class KnownMatch:
    """A unit of the scanned tree (``unit``) that copies a unit of a corpus (``known``), and what the corpus's
    metadata says about that unit."""

    unit: Unit
    known: Unit
    corpus: str  # the corpus's label (its folder name)
    similarity: float  # the embedding cosine; without a model, 1.0 for hashes and the Jaccard for near copies
    method: str
    jaccard: float | None = None  # the token-trigram Jaccard of a near or semantic copy
    metadata: dict[str, str] = field(default_factory=dict, hash=False)

    @property
    def key(self) -> tuple[str, str, str, str]:
        """What identifies a match in a baseline file: the unit's path and name, the corpus unit's
        ``corpus:path`` and name."""
        return (self.unit.path, self.unit.name, f"{self.corpus}:{self.known.path}", self.known.name)


class IndexedCorpus:
    """A corpus index as :class:`KnownCode`: each probe is a few SQL lookups (Type-1 and Type-2 hashes, MinHash band
    keys) and one query of the index's vector store; only the candidates' texts are read and lexed. Units that
    :class:`~c2llm.clones.settings.DetectSettings` leaves out are never candidates."""

    def __init__(self, index: Index, settings: DetectSettings, semantic: bool):
        self.index, self.settings, self.semantic = index, settings, semantic
        self._units: dict[int, Unit] = {}
        self._prints: dict[int, Fingerprint] = {}
        self._shapes: dict[int, object] = {}

    def _load(self, ids: list[int]) -> list[int]:
        """Read the units and fingerprints of ``ids`` not read yet; the ids of units taking part, in order."""
        missing = [key for key in ids if key not in self._units]
        if missing:
            self._units.update(self.index.units_with_ids(missing))
            for key, (type1, type2, tokens, bands) in self.index.fingerprints(missing).items():
                self._prints[key] = Fingerprint(type1, type2, tokens, unpack(bands))
        return [key for key in ids if key in self._units and key in self._prints
                and self._prints[key].tokens >= self.settings.min_tokens and eligible(self._units[key], self.settings)]

    def hash_matches(self, language: str, own: Fingerprint, limit: int) -> list[tuple[int, str]]:
        found: dict[int, str] = {}
        for method, column in (("exact-copy", "type1"), ("renamed-copy", "type2")):
            value = getattr(own, column)
            if value is not None:
                for key in self._load(self.index.fingerprint_matches(column, value, language, 4 * limit)):
                    found.setdefault(key, method)
        return list(found.items())[:limit]

    def structure_neighbours(self, bands: tuple[int, ...], count: int) -> list[int]:
        return self._load(self.index.band_neighbours(list(bands), 2 * count))[:count]

    def nearest(self, vector: np.ndarray, threshold: float, count: int) -> list[tuple[int, float]]:
        if not self.semantic:
            return []
        hits = dict((key, cosine) for key, cosine in self.index.nearest_units(vector, 2 * count)
                    if cosine >= threshold)
        return [(key, hits[key]) for key in self._load(list(hits))[:count]]

    def cosines(self, keys: list[int], vector: np.ndarray) -> dict[int, float]:
        if not self.semantic:
            return {}
        return {key: float(row @ vector) for key, row in self.index.vectors_of(keys).items()}

    def unit(self, key: int) -> Unit:
        return self._units[key]

    def code_like(self, key: int) -> bool:
        return self._prints[key].type2 is not None

    def shape_of(self, key: int):
        if key not in self._shapes:
            self._shapes[key] = shape(self._units[key].text, self._units[key].language)
        return self._shapes[key]

    def size(self) -> int:
        """How many units of the corpus take part: fingerprinted, with enough tokens, of a kind and language that
        are compared (``min_lines`` is checked on the candidates only)."""
        return self.index.fingerprinted_units(FINGERPRINTS_VERSION, self.settings.min_tokens, sorted(SKIPPED_KINDS),
                                              sorted(SKIPPED_LANGUAGES))


def fingerprint_index(index: Index, *, progress: bool = True) -> int:
    """Fingerprint every unit of an index that has no current fingerprint, :data:`FINGERPRINT_BATCH` units per
    transaction (a killed run resumes where it stopped), then drop the fingerprints of units removed or changed.
    Returns how many units were fingerprinted."""
    done = 0
    with tqdm(desc="fingerprinting", unit="unit", disable=not progress) as bar:
        while batch := index.unfingerprinted(FINGERPRINTS_VERSION, FINGERPRINT_BATCH):
            rows = []
            for unit_id, unit in batch.items():
                found = fingerprint(unit.text, unit.language)
                rows.append((unit_id, unit.content_hash, found.type1, found.type2, found.tokens,
                             pack(found.bands) if found.bands else None))
            index.put_unit_fingerprints(rows, FINGERPRINTS_VERSION, prune=False)
            done += len(rows)
            bar.update(len(rows))
    index.put_unit_fingerprints([], FINGERPRINTS_VERSION)  # prune
    return done


def match_known(scanned: Detector, corpus: KnownCode, label: str, describe: Callable[[Unit], dict[str, str]],
                rule: NearRule | None, focus: Callable[[Unit], bool], neighbours: int = NEIGHBOURS
                ) -> list[KnownMatch]:
    """The matches of the focused units of ``scanned`` in ``corpus``: every hash match (at most ``neighbours`` per
    unit), then the near and semantic copies among the remaining candidates: the ``neighbours`` corpus units nearest
    by token structure and, when both sides have vectors, the ``neighbours`` nearest by cosine.

    Args:
        rule: The near-copy rule; ``None`` runs the hash stages only.
        describe: The metadata of a corpus unit.
    """
    found: list[KnownMatch] = []
    for i, unit in enumerate(scanned.units):
        if not focus(unit):
            continue
        own = scanned.fingerprints[unit.content_hash]
        vector = None if scanned.vectors is None else scanned.vectors[i]
        hashed = corpus.hash_matches(unit.language, own, neighbours)
        candidates, nearest = [], []
        if rule is not None and scanned.code_like(i):  # data tables and prose: their token shapes say nothing
            candidates = corpus.structure_neighbours(own.bands, neighbours)
            nearest = corpus.nearest(vector, rule.cosine, neighbours) if vector is not None else []
        cosines = dict(nearest)
        if vector is not None:
            keys = [key for key, _ in hashed] + candidates
            cosines |= corpus.cosines([key for key in keys if key not in cosines], vector)
        for key, method in hashed:
            cosine = cosines.get(key)
            found.append(KnownMatch(unit, corpus.unit(key), label, 1.0 if cosine is None else round(cosine, 4),
                                    method, metadata=describe(corpus.unit(key))))
        taken = {key for key, _ in hashed}
        for key in dict.fromkeys([*candidates, *(key for key, _ in nearest)]):
            if key in taken or corpus.unit(key).language != unit.language or not corpus.code_like(key):
                continue
            jaccard = shape_jaccard(scanned.shape_of(i), corpus.shape_of(key))
            cosine = cosines.get(key)
            method = rule.method(cosine, jaccard)
            if method is not None:
                found.append(KnownMatch(unit, corpus.unit(key), label, round(jaccard if cosine is None else cosine, 4),
                                        method, round(jaccard, 4), describe(corpus.unit(key))))
    return found


def sort_matches(matches: list[KnownMatch]) -> list[KnownMatch]:
    """Exact, renamed, near, then semantic copies; most similar first; then by place."""
    return sorted(matches, key=lambda m: (METHODS.index(m.method), -m.similarity, m.unit.path, m.unit.start_line,
                                          m.corpus, m.known.path, m.known.start_line))
