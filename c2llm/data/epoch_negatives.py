"""A fresh draw of the hard negatives a row trains on, every epoch (F2LLM's 7 of 24).

A built folder stores ``negative_1..negative_S`` (``S`` = 24 in the paper recipe); training uses ``K`` (7) of them.
:class:`EpochNegatives` is a ``datasets`` transform that replaces the stored columns by ``negative_1..negative_K``
drawn without replacement for each row, from a generator seeded by ``(seed, epoch, row)``: the draw differs from
epoch to epoch, and a rerun (or a resumed run) sees the same draw. The trainer sets :attr:`EpochNegatives.epoch` at
the start of every epoch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

ROW_COLUMN = "row"  # the row's index in its table: part of the draw's seed, dropped by the transform


@dataclass
class EpochNegatives:
    """Draws ``k`` of the ``stored`` negatives per row and epoch (see the module doc)."""

    stored: int
    k: int
    seed: int
    epoch: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.k <= self.stored:
            raise ValueError(f"cannot draw {self.k} of {self.stored} stored negatives")

    def choice(self, row: int, epoch: int | None = None) -> list[int]:
        """The 1-based indices of the negatives row ``row`` trains on in ``epoch`` (default: the current one)."""
        rng = np.random.default_rng([self.seed, self.epoch if epoch is None else epoch, row])
        return sorted(int(i) + 1 for i in rng.choice(self.stored, size=self.k, replace=False))

    def __call__(self, batch: dict[str, list[Any]]) -> dict[str, list[Any]]:
        """The ``datasets`` transform: ``query``, ``positive`` and the drawn ``negative_1..negative_k``."""
        out = {"query": batch["query"], "positive": batch["positive"]}
        draws = [self.choice(row) for row in batch[ROW_COLUMN]]
        for slot in range(self.k):
            out[f"negative_{slot + 1}"] = [batch[f"negative_{draw[slot]}"][i] for i, draw in enumerate(draws)]
        return out
