"""``c2llm dupes calibrate``: the similarity threshold of the semantic stage, derived per model from a labelled set
built out of the repository's own functions, and stored with the index.

The labelled set (:func:`labelled_pairs`), per sampled function:

* positives: a Type-3 copy (statements inserted, deleted or swapped) and a renamed Type-3 copy (the same edits on top
  of a Type-2 rename) of the function: the clones the hash stages cannot find;
* negatives: one hard negative (another function of the same file, of similar length) and two random functions of
  other files: real repositories hold far more unrelated pairs than copies, so negatives outnumber positives.

The threshold maximises F1 on that set (:func:`best_threshold`); it is stored in ``ROOT/.c2llm/dupes.json`` under the
model's key, so that every later ``c2llm dupes`` with the same model uses it. Without a calibration a fixed default
(:data:`DEFAULT_THRESHOLD`) is used and the output says so.
"""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..atomic import atomic_write
from ..errors import UserError
from ..search.units import Unit
from .mutate import prepare, type2_copy, type3_copy

DEFAULT_THRESHOLD = 0.92  # codedupes' semantic gate; only a fallback, every model has its own scale
CALIBRATION_FILE = "dupes.json"  # inside the index folder ROOT/.c2llm/
VERSION = 1


class CalibrationError(UserError):
    """Too few functions to calibrate on, or an unreadable calibration file."""


@dataclass(frozen=True)
class LabelledPair:
    """Two code texts, whether they are clones (1) or not (0), and how the pair was made."""

    a: str
    b: str
    language: str
    label: int
    source: str  # "type1" | "type2" | "type3" | "type2+type3" | "hard-negative" | "random-negative"


@dataclass(frozen=True)
class Calibration:
    """A calibrated threshold and how well it separates the labelled set."""

    model: str
    threshold: float
    precision: float
    recall: float
    f1: float
    positives: int
    negatives: int
    functions: int
    seed: int
    created: str


def _similar_length(unit: Unit, other: Unit, ratio: float = 1.5) -> bool:
    a, b = len(unit.text), len(other.text)
    return max(a, b) <= ratio * min(a, b)


def hard_negative(unit: Unit, candidates: Sequence[Unit], rng: random.Random) -> Unit | None:
    """Another function of the same file of similar length (different text), if any."""
    same_file = [other for other in candidates if other.path == unit.path and other.text != unit.text
                 and _similar_length(unit, other)]
    return rng.choice(same_file) if same_file else None


def labelled_pairs(units: Sequence[Unit], *, functions: int = 200, seed: int = 0) -> list[LabelledPair]:
    """The calibration set from ``units`` (functions/methods already filtered by size); see the module docstring.

    Raises:
        CalibrationError: fewer than 20 usable functions (or no two files for random negatives).
    """
    rng = random.Random(seed)
    pool = [unit for unit in units if unit.kind in ("function", "method")]
    if len(pool) < 20 or len({unit.path for unit in pool}) < 2:
        raise CalibrationError(f"calibration needs at least 20 functions in 2 files of at least the minimum size; "
                               f"found {len(pool)} in {len({unit.path for unit in pool})} file(s)")
    sample = rng.sample(pool, min(functions, len(pool)))
    pairs = []
    for unit in sample:
        original = prepare(unit.text)
        copy = type3_copy(original, unit.language, rng)
        if copy is not None:
            pairs.append(LabelledPair(original, copy, unit.language, 1, "type3"))
        renamed = type2_copy(original, unit.language, rng)
        renamed_copy = type3_copy(renamed, unit.language, rng) if renamed is not None else None
        if renamed_copy is not None:
            pairs.append(LabelledPair(original, renamed_copy, unit.language, 1, "type2+type3"))
        hard = hard_negative(unit, pool, rng)
        if hard is not None:
            pairs.append(LabelledPair(original, prepare(hard.text), unit.language, 0, "hard-negative"))
        others = [other for other in rng.sample(pool, min(len(pool), 8)) if other.path != unit.path][:2]
        pairs.extend(LabelledPair(original, prepare(other.text), unit.language, 0, "random-negative")
                     for other in others)
    if not any(pair.label for pair in pairs):
        raise CalibrationError("no function could be copied with statement edits (no one-line statements found)")
    return pairs


def pair_scores(pairs: Sequence[LabelledPair], encode_documents: Callable[[list[str]], np.ndarray]) -> np.ndarray:
    """Cosine similarity of every pair, each distinct text encoded once (vectors are L2-normalised)."""
    texts = sorted({text for pair in pairs for text in (pair.a, pair.b)})
    position = {text: index for index, text in enumerate(texts)}
    vectors = encode_documents(texts)
    return np.array([float(vectors[position[pair.a]] @ vectors[position[pair.b]]) for pair in pairs])


def best_threshold(scores: Sequence[float], labels: Sequence[int]) -> tuple[float, float, float, float]:
    """The threshold (``score >= t`` is a clone) with the best F1, placed halfway between the lowest score it
    accepts and the next lower score; ties go to the higher threshold (fewer false alarms).

    Returns:
        ``(threshold, precision, recall, f1)``.
    """
    scores, labels = np.asarray(scores, dtype=float), np.asarray(labels, dtype=int)
    positives = int(labels.sum())
    if positives == 0 or positives == len(labels):
        raise CalibrationError("the labelled set needs both clones and non-clones")
    order = np.argsort(-scores, kind="stable")
    sorted_scores, sorted_labels = scores[order], labels[order]
    best = (-1.0, 0.0, 0.0, 0.0, 0)
    true_positives = 0
    for rank in range(len(sorted_scores)):
        true_positives += sorted_labels[rank]
        if rank + 1 < len(sorted_scores) and sorted_scores[rank + 1] == sorted_scores[rank]:
            continue  # a threshold cannot split equal scores
        precision, recall = true_positives / (rank + 1), true_positives / positives
        f1 = 2 * precision * recall / (precision + recall) if true_positives else 0.0
        if f1 > best[0] + 1e-12:
            best = (f1, precision, recall, sorted_scores[rank], rank)
    f1, precision, recall, cut, rank = best
    below = sorted_scores[rank + 1] if rank + 1 < len(sorted_scores) else cut - 1e-3
    return float((cut + below) / 2), float(precision), float(recall), float(f1)


def calibrate(units: Sequence[Unit], encode_documents: Callable[[list[str]], np.ndarray], model: str, *,
              functions: int = 200, seed: int = 0) -> Calibration:
    """Build the labelled set from ``units``, score it with the model, and pick the threshold."""
    pairs = labelled_pairs(units, functions=functions, seed=seed)
    scores = pair_scores(pairs, encode_documents)
    labels = [pair.label for pair in pairs]
    threshold, precision, recall, f1 = best_threshold(scores, labels)
    return Calibration(model=model, threshold=round(threshold, 4), precision=round(precision, 4),
                       recall=round(recall, 4), f1=round(f1, 4), positives=sum(labels),
                       negatives=len(labels) - sum(labels), functions=min(functions, len(units)), seed=seed,
                       created=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"))


def calibration_path(store_dir: str | Path) -> Path:
    return Path(store_dir) / CALIBRATION_FILE


def _read(path: Path) -> dict:
    if not path.exists():
        return {"version": VERSION, "models": {}}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CalibrationError(f"{path}: unreadable calibration file ({error}); delete it and run "
                               "'c2llm dupes calibrate' again") from error
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("models"), dict):
        raise CalibrationError(f"{path}: not a version-{VERSION} calibration file; delete it and calibrate again")
    return data


def save_calibration(store_dir: str | Path, calibration: Calibration) -> Path:
    """Store (or replace) the calibration of one model, keeping the others'."""
    path = calibration_path(store_dir)
    data = _read(path)
    data["models"][calibration.model] = asdict(calibration)
    return atomic_write(path, lambda handle: json.dump(data, handle, indent=1, sort_keys=True))


def load_calibration(store_dir: str | Path, model: str) -> Calibration | None:
    """The stored calibration of ``model``, or ``None``."""
    entry = _read(calibration_path(store_dir))["models"].get(model)
    if entry is None:
        return None
    try:
        return Calibration(**entry)
    except TypeError as error:
        raise CalibrationError(f"{calibration_path(store_dir)}: bad entry for {model}; calibrate again") from error


def threshold_for(store_dir: str | Path, model: str) -> tuple[float, str]:
    """The threshold to use for ``model`` and where it comes from (``"calibrated"`` or ``"default"``)."""
    calibration = load_calibration(store_dir, model)
    return (calibration.threshold, "calibrated") if calibration else (DEFAULT_THRESHOLD, "default")

