"""What ``c2llm dupes`` compares and reports by default, without numpy, the index or the lexers: ``c2llm --help``
reads these defaults, and the detector and the scan use them."""

from __future__ import annotations

from dataclasses import dataclass

NEIGHBOURS = 5  # near-copy candidates per unit and kind of evidence (shared token trigrams, embedding cosine)
# The near-copy stage's Type-2 token-trigram Jaccard, with no model and no calibration: chosen on the calibration
# half of python -m bench.edited_clones (renamed copies with 5-30 % of their lines edited, against hard non-clones).
STRUCTURE_JACCARD = 0.73
CALIBRATION_FUNCTIONS = 200  # the repository's own functions mutated to calibrate the near-copy rule
CALIBRATION_SEED = 0


@dataclass(frozen=True)
class DetectSettings:
    """Which units take part."""

    min_lines: int = 5
    min_tokens: int = 50
