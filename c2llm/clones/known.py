"""``c2llm dupes --against CORPUS``: units of the scanned tree that copy units of known-code corpora.

The stages of :mod:`c2llm.clones.detect`, one side in the tree and the other in a corpus: the same Type-1 tokens
(``exact-copy``), the same Type-2 tokens (``renamed-copy``), or, among a unit's ``neighbours`` corpus units nearest
by token structure (shared MinHash bands of the trigrams) and its ``neighbours`` most similar corpus units by embedding cosine, a candidate that the
:class:`~c2llm.clones.detect.NearRule` accepts (``near-copy`` by structure, ``semantic-copy`` with the model). Both
sides must be of the same language: cross-language matches are not reported (nothing here measured how well they
would be found).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..search.units import Unit
from .detect import METHODS, Detector, NearRule, nearest
from .settings import NEIGHBOURS


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


def _hash_groups(detector: Detector, attribute: str) -> dict[tuple[str, str], list[int]]:
    """Corpus unit indices by (language, hash)."""
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for index, unit in enumerate(detector.units):
        value = getattr(detector.fingerprints[unit.content_hash], attribute)
        if value is not None:
            groups[unit.language, value].append(index)
    return groups


def match_known(scanned: Detector, corpus: Detector, label: str, describe: Callable[[Unit], dict[str, str]],
                rule: NearRule | None, focus: Callable[[Unit], bool], neighbours: int = NEIGHBOURS
                ) -> list[KnownMatch]:
    """The matches of the focused units of ``scanned`` in ``corpus``: every hash match (at most ``neighbours`` per
    unit), then the near and semantic copies among the remaining candidates: the ``neighbours`` corpus units nearest
    by token structure (:meth:`Detector.structure_neighbours`) and, when both sides have vectors, the
    ``neighbours`` nearest by cosine.

    Args:
        rule: The near-copy rule; ``None`` runs the hash stages only.
        describe: The metadata of a corpus unit.
    """
    groups = {method: _hash_groups(corpus, attribute) for method, attribute in (("exact-copy", "type1"),
                                                                               ("renamed-copy", "type2"))}
    semantic = scanned.vectors is not None and corpus.vectors is not None and len(corpus.units)
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
        if rule is None or not scanned.code_like(i):  # data tables and prose: their token shapes say nothing
            continue
        candidates = corpus.structure_neighbours(own.bands, neighbours)
        if scores is not None:
            candidates += nearest(scores, rule.cosine, neighbours)
        for j in dict.fromkeys(candidates):
            if j in taken or corpus.units[j].language != unit.language or not corpus.code_like(j):
                continue
            jaccard = scanned.jaccard_with(i, corpus, j)
            cosine = None if scores is None else float(scores[j])
            method = rule.method(cosine, jaccard)
            if method is not None:
                found.append(KnownMatch(unit, corpus.units[j], label, round(jaccard if cosine is None else cosine, 4),
                                        method, round(jaccard, 4), describe(corpus.units[j])))
    return found


def sort_matches(matches: list[KnownMatch]) -> list[KnownMatch]:
    """Exact, renamed, near, then semantic copies; most similar first; then by place."""
    return sorted(matches, key=lambda m: (METHODS.index(m.method), -m.similarity, m.unit.path, m.unit.start_line,
                                          m.corpus, m.known.path, m.known.start_line))
