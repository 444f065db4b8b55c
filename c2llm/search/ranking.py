"""Hybrid ranking: fusion of the dense and keyword candidate lists, then a small ranking layer.

Fusion forms (chosen on the dev split of ``c2llm bench search``, never on its test split; docs/search.md):

* ``linear`` (the default): ``cosine + keyword_weight * bm25 / max_bm25`` over the union of both candidate lists,
  every candidate scored by both sides (a keyword candidate's cosine is computed exactly; a dense candidate that the
  keyword side did not return counts 0). Scores keep their magnitudes, so a weak keyword side only nudges.
* ``rrf``: reciprocal rank fusion ``sum(weight / (60 + rank))``; kept for comparison, since with a strong dense side
  and a weaker keyword one it can score below dense alone.

Ranking layer: units in test files are multiplied by ``test_factor``, and the n-th hit of one file by
``file_decay ** (n - 1)``, so that one file does not fill the whole page (off by default: it lowered nDCG@10 on the
dev split, where a query's neighbours in its file are often the next best answers).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

RRF_K = 60
_TEST_PATH = re.compile(r"(^|/)(tests?|__tests__|testing)/|(^|/)test_[^/]*$|_test\.\w+$|\.(test|spec)\.\w+$"
                        r"|Tests?\.(java|kt|cs)$|(^|/)conftest\.py$")


@dataclass(frozen=True)
class RankingSettings:
    """How hybrid scores are formed and re-ranked (the defaults are the dev-split choice)."""

    fusion: str = "linear"  # "linear" | "rrf"
    keyword_weight: float = 0.2  # linear: weight of the max-normalised BM25; rrf: weight of the keyword ranks
    test_factor: float = 0.7  # multiplies the score of units in test files (1 = off)
    # the n-th hit of one file is multiplied by file_decay ** (n - 1); off (1) because 0.9 and 0.8 lowered nDCG@10
    # on the dev split (bench/results/search_quality_dev.json)
    file_decay: float = 1.0
    candidates: int = 100  # candidates taken from each side
    # query words found in more than this share of the units are left out of the keyword match (1 = keep all): they
    # barely move BM25 yet make the match scan most of the index (docs/search.md, "Keyword pruning")
    keyword_max_share: float = 0.1


def is_test_path(path: str) -> bool:
    """Whether a path looks like a test file (``tests/``, ``test_x.py``, ``x_test.go``, ``x.spec.ts``, ...)."""
    return bool(_TEST_PATH.search(path))


def fuse(dense: dict[int, float], keyword: dict[int, float], settings: RankingSettings) -> dict[int, float]:
    """Hybrid scores of the union of both candidate sets (``dense`` must hold a cosine for every candidate that has a
    vector; see :meth:`c2llm.search.index.Index.search`)."""
    if settings.fusion == "rrf":
        scores: Counter = Counter()
        for weight, side in ((1.0, dense), (settings.keyword_weight, keyword)):
            for rank, unit_id in enumerate(sorted(side, key=side.get, reverse=True), start=1):
                scores[unit_id] += weight / (RRF_K + rank)
        return dict(scores)
    if settings.fusion != "linear":
        raise ValueError(f"unknown fusion {settings.fusion!r}; expected 'linear' or 'rrf'")
    top = max(keyword.values(), default=0.0)
    return {unit_id: dense.get(unit_id, 0.0) + settings.keyword_weight * (keyword.get(unit_id, 0.0) / top if top
                                                                          else 0.0)
            for unit_id in dense.keys() | keyword.keys()}


def rerank(scores: dict[int, float], paths: dict[int, str], settings: RankingSettings) -> list[tuple[int, float]]:
    """Apply the ranking layer (test files, repeated files) and sort, best first. Scores that are not all positive
    are shifted to be, so that a factor below 1 always lowers a unit's rank."""
    if not scores:
        return []
    shift = max(0.0, 1e-6 - min(scores.values()))
    adjusted = {unit_id: (score + shift) * (settings.test_factor if is_test_path(paths[unit_id]) else 1.0)
                for unit_id, score in scores.items()}
    ranked, seen = [], Counter()
    for unit_id in sorted(adjusted, key=lambda i: (-adjusted[i], i)):
        ranked.append((unit_id, adjusted[unit_id] * settings.file_decay ** seen[paths[unit_id]]))
        seen[paths[unit_id]] += 1
    return sorted(ranked, key=lambda item: (-item[1], item[0]))
