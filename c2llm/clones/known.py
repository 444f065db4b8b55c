"""``c2llm dupes --against CORPUS``: units of the scanned tree that copy units of known-code corpora.

The stages of :mod:`c2llm.clones.detect`, one side in the tree and the other in a corpus: the same Type-1 tokens
(``exact-copy``), the same Type-2 tokens (``renamed-copy``), or, among a unit's ``neighbours`` most similar corpus
units by embedding cosine, a candidate that the near-copy rule accepts (``near-copy``). Both sides must be of the same
language: cross-language matches are not reported (nothing here measured how well they would be found).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..search.units import Unit
from .detect import METHODS, Detector, NearRule


@dataclass(frozen=True)
class KnownMatch:
    """A unit of the scanned tree (``unit``) that copies a unit of a corpus (``known``), and what the corpus's
    metadata says about that unit."""

    unit: Unit
    known: Unit
    corpus: str  # the corpus's label (its folder name)
    similarity: float  # the embedding cosine (1.0 for hash matches without a model)
    method: str
    jaccard: float | None = None  # the token-trigram Jaccard of a near copy
    metadata: dict[str, str] = field(default_factory=dict, hash=False)

    @property
    def key(self) -> tuple[str, str, str, str]:
        """What identifies a match in a baseline file: the unit's path and name, the corpus unit's
        ``corpus:path`` and name."""
        return (self.unit.path, self.unit.name, f"{self.corpus}:{self.known.path}", self.known.name)


def _hash_groups(detector: Detector, attribute: str) -> dict[tuple[str, str], list[int]]:
    """Corpus unit indices by (language, hash)."""
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for index, unit in enumerate(detector.units):
        value = getattr(detector.fingerprints[unit.content_hash], attribute)
        if value is not None:
            groups[unit.language, value].append(index)
    return groups


def match_known(scanned: Detector, corpus: Detector, label: str, describe: Callable[[Unit], dict[str, str]],
                rule: NearRule | None, focus: Callable[[Unit], bool], neighbours: int = 5, *,
                token_candidates: bool = True) -> list[KnownMatch]:
    """The matches of the focused units of ``scanned`` in ``corpus``: every hash match (at most ``neighbours`` per
    unit), then the near copies among the remaining candidates: the ``neighbours`` nearest corpus units by cosine
    and (``token_candidates``) by shared token trigrams (:meth:`Detector.token_neighbours`).

    Args:
        rule: The near-copy rule; ``None`` (or a side without vectors) runs the hash stages only.
        describe: The metadata of a corpus unit.
    """
    groups = {method: _hash_groups(corpus, attribute) for method, attribute in (("exact-copy", "type1"),
                                                                               ("renamed-copy", "type2"))}
    semantic = rule is not None and scanned.vectors is not None and corpus.vectors is not None and len(corpus.units)
    found: list[KnownMatch] = []
    for i, unit in enumerate(scanned.units):
        if not focus(unit):
            continue
        own = scanned.fingerprints[unit.content_hash]
        scores = corpus.vectors @ scanned.vectors[i] if semantic else None
        taken: set[int] = set()
        for method, attribute in (("exact-copy", "type1"), ("renamed-copy", "type2")):
            value = getattr(own, attribute)
            for j in groups[method].get((unit.language, value), []) if value is not None else []:
                if j not in taken and len(taken) < neighbours:
                    taken.add(j)
                    found.append(KnownMatch(unit, corpus.units[j], label,
                                            1.0 if scores is None else round(float(scores[j]), 4), method,
                                            metadata=describe(corpus.units[j])))
        if scores is None or own.type2 is None:  # data tables and prose: their token shapes say nothing
            continue
        candidates = np.flatnonzero(scores >= rule.cosine)
        candidates = candidates[np.argsort(-scores[candidates], kind="stable")][:neighbours].tolist()
        if token_candidates:
            candidates += corpus.token_neighbours(scanned.shape_of(i), neighbours)
        for j in dict.fromkeys(candidates):
            if j in taken or corpus.units[j].language != unit.language or not corpus.code_like(j):
                continue
            jaccard = scanned.jaccard_with(i, corpus, j)
            if rule.accepts(float(scores[j]), jaccard):
                found.append(KnownMatch(unit, corpus.units[j], label, round(float(scores[j]), 4), "near-copy",
                                        round(jaccard, 4), describe(corpus.units[j])))
    return found


def sort_matches(matches: list[KnownMatch]) -> list[KnownMatch]:
    """Exact, then renamed, then near copies; most similar first; then by place."""
    return sorted(matches, key=lambda m: (METHODS.index(m.method), -m.similarity, m.unit.path, m.unit.start_line,
                                          m.corpus, m.known.path, m.known.start_line))
