"""What ``c2llm dupes`` compares and reports by default, without numpy, the index or the lexers: ``c2llm --help``
reads these defaults, and the detector and the scan use them."""

from __future__ import annotations

from dataclasses import dataclass

NEIGHBOURS = 5  # most near-copies reported per unit
CALIBRATION_FUNCTIONS = 200  # the repository's own functions mutated to calibrate the near-copy rule
CALIBRATION_SEED = 0


@dataclass(frozen=True)
class DetectSettings:
    """Which units take part."""

    min_lines: int = 5
    min_tokens: int = 50
