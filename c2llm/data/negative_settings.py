"""The settings of hard-negative mining (:mod:`c2llm.data.negatives`), apart from the miner.

The miner imports ``datasets`` and torch; ``c2llm --help`` (which shows these defaults) and the recipe loader must not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConfigError

DEFAULT_RELATIVE_MARGIN = 0.05  # model miner only: NV-Retriever's TopK-PercPos (95 %)
SAMPLINGS = ("top", "random")  # how K negatives are taken from the candidate window


@dataclass(frozen=True)
class NegativeSettings:
    """How many negatives to take, from which ranks, and how.

    Attributes:
        num_negatives: ``K``, the number of ``negative_i`` columns written.
        range_min: First candidate rank (0-based, after removing the positives) that may be a negative; skipping the
            very top lowers the risk of false negatives (unlabelled true answers).
        range_max: Candidate ranks ``>= range_max`` are never used. ``range_max - range_min`` must be ``>= K``.
        sampling: One of :data:`SAMPLINGS`: ``"top"`` takes the first ``K`` candidates of the window; ``"random"``
            samples ``K`` of them.
        seed: Seed of the ``"random"`` sampling.
        per_language: Mine within each ``language`` group (when the column exists) instead of across the file.
        relative_margin: Model miner: drop candidates scoring above ``positive - |positive| * relative_margin``.
        absolute_margin: Model miner: drop candidates scoring above ``positive - absolute_margin``.
        max_score: Model miner: drop candidates scoring above this (F2LLM: 0.8 cosine), likely false negatives.
        batch_size: Model miner: encoding batch size.
        show_progress: Progress bars (and sentence-transformers' mining statistics).
    """

    num_negatives: int = 7
    range_min: int = 10
    range_max: int = 50
    sampling: str = "random"
    seed: int = 0
    per_language: bool = True
    relative_margin: float | None = DEFAULT_RELATIVE_MARGIN
    absolute_margin: float | None = None
    max_score: float | None = None
    batch_size: int = 32
    show_progress: bool = True

    def __post_init__(self) -> None:
        if self.num_negatives < 1:
            raise ConfigError("num_negatives", f"must be at least 1, got {self.num_negatives}")
        if self.range_min < 0:
            raise ConfigError("range_min", f"must be >= 0, got {self.range_min}")
        if self.range_max <= self.range_min:
            raise ConfigError("range_max", f"must be > range_min ({self.range_min}), got {self.range_max}")
        if self.range_max - self.range_min < self.num_negatives:
            raise ConfigError(
                "range_max",
                f"ranks {self.range_min}..{self.range_max - 1} hold {self.range_max - self.range_min} candidates, "
                f"fewer than num_negatives ({self.num_negatives})",
            )
        if self.sampling not in SAMPLINGS:
            choices = " or ".join(repr(sampling) for sampling in SAMPLINGS)
            raise ConfigError("sampling", f"must be {choices}, got {self.sampling!r}")
        for name in ("relative_margin", "absolute_margin"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ConfigError(name, f"must be >= 0, got {value}")
        if self.batch_size < 1:
            raise ConfigError("batch_size", f"must be at least 1, got {self.batch_size}")

    @property
    def columns(self) -> list[str]:
        """``negative_1..negative_K``."""
        return [f"negative_{i}" for i in range(1, self.num_negatives + 1)]
