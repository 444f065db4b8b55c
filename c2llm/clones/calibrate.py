"""``c2llm dupes calibrate``: the semantic part of the near-copy rule for the index's model (a cosine threshold
and a token-trigram Jaccard threshold, chosen together), derived from a labelled set built out of the repository's own functions and
stored with the index.

The labelled set (:func:`labelled_pairs`), per sampled function:

* positives: a Type-3 copy (statements inserted, deleted or swapped) and a renamed Type-3 copy (the same edits on top
  of a Type-2 rename) of the function: the clones the hash stages cannot find;
* negatives: one hard negative (another function of the same file, of similar length) and two random functions of
  other files: real repositories hold far more unrelated pairs than copies, so negatives outnumber positives.

Every pair gets two scores: the embedding cosine and the Jaccard of the Type-2 token trigrams. :func:`best_rule`
searches all pairs of thresholds (every distinct cosine times every distinct Jaccard) for the
:class:`~c2llm.clones.detect.NearRule` ``cosine >= c and jaccard >= j`` with the best F1, or, with a minimum
precision, the best recall at that precision. The grid contains the cosine-only rule (``j = 0``) and the
Jaccard-only rule (``c`` below every score), so on the labelled set the chosen rule is at least as good as either
score alone. It is stored in ``ROOT/.c2llm/dupes.json`` under the model's key, so that every later ``c2llm dupes``
with the same model uses it. Without a calibration a fixed, strict default (:data:`DEFAULT_RULE`) is used and the
output says so. The part that needs no model (a near copy by token structure alone,
:data:`~c2llm.clones.settings.STRUCTURE_JACCARD`) works uncalibrated; a calibration only raises it to its own
Jaccard when that is higher.
"""

from __future__ import annotations

import datetime
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..atomic import atomic_write
from ..errors import UserError
from ..search.units import Unit
from .detect import NearRule
from .mutate import prepare, type2_copy, type3_copy
from .settings import STRUCTURE_JACCARD
from .tokens import shape, shape_jaccard

# Only a fallback, every model has its own scale: codedupes' semantic gate (0.92) and half the token trigrams.
DEFAULT_RULE = NearRule(cosine=0.92, jaccard=0.5)
CALIBRATION_FILE = "dupes.json"  # inside the index folder ROOT/.c2llm/
VERSION = 2  # 1: a cosine threshold alone


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
    """A calibrated near-copy rule and how well it separates the labelled set.

    Attributes:
        cosine, jaccard: The rule's two thresholds (:class:`~c2llm.clones.detect.NearRule`).
        objective: ``"best F1"`` or ``"best recall at precision >= P"``.
        precision, recall, f1: The rule on the labelled set.
        cosine_only: The best-F1 cosine threshold alone and its precision, recall and F1, for comparison.
    """

    model: str
    cosine: float
    jaccard: float
    objective: str
    precision: float
    recall: float
    f1: float
    cosine_only: dict
    positives: int
    negatives: int
    functions: int
    seed: int
    created: str

    @property
    def rule(self) -> NearRule:
        return calibrated_rule(self.cosine, self.jaccard)


def calibrated_rule(cosine: float, jaccard: float) -> NearRule:
    """The rule of a calibration: the semantic part as calibrated; the near-copy Jaccard is the default's, raised to
    the calibrated Jaccard when that is higher (a calibration only tightens the part that needs no model)."""
    return NearRule(cosine, jaccard, max(STRUCTURE_JACCARD, jaccard))


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


def pair_jaccards(pairs: Sequence[LabelledPair]) -> np.ndarray:
    """Token-trigram Jaccard of every pair, each distinct text lexed once."""
    shapes: dict[tuple[str, str], Counter] = {}
    for pair in pairs:
        for text in (pair.a, pair.b):
            if (text, pair.language) not in shapes:
                shapes[text, pair.language] = shape(text, pair.language)
    return np.array([shape_jaccard(shapes[pair.a, pair.language], shapes[pair.b, pair.language])
                     for pair in pairs])


def _check_labels(labels: np.ndarray) -> int:
    positives = int(labels.sum())
    if positives == 0 or positives == len(labels):
        raise CalibrationError("the labelled set needs both clones and non-clones")
    return positives


@dataclass(frozen=True)
class _Cuts:
    """Every threshold on one score over some pairs: accepting the pairs down to each distinct score."""

    cut: np.ndarray  # the lowest accepted score
    below: np.ndarray  # the next lower score (nan: none)
    true_positives: np.ndarray
    accepted: np.ndarray


def _cuts(scores: np.ndarray, labels: np.ndarray) -> _Cuts:
    order = np.argsort(-scores, kind="stable")
    sorted_scores, sorted_labels = scores[order], labels[order]
    true_positives = np.cumsum(sorted_labels)
    ends = np.flatnonzero(np.append(sorted_scores[1:] != sorted_scores[:-1], True))  # a cut cannot split ties
    below = np.append(sorted_scores[1:], np.nan)[ends]
    return _Cuts(sorted_scores[ends], below, true_positives[ends], ends + 1)


def _metrics(true_positives: np.ndarray, accepted: np.ndarray, positives: int):
    precision = true_positives / accepted
    recall = true_positives / positives
    with np.errstate(invalid="ignore", divide="ignore"):
        f1 = np.where(true_positives > 0, 2 * precision * recall / (precision + recall), 0.0)
    return precision, recall, f1


def _between(cut: float, below: float, floor: float) -> float:
    """A threshold halfway between the lowest accepted score and the next lower one (``floor``: none lower)."""
    return floor if np.isnan(below) else float((cut + below) / 2)


def best_threshold(scores: Sequence[float], labels: Sequence[int]) -> tuple[float, float, float, float]:
    """The threshold (``score >= t`` is a clone) with the best F1, placed halfway between the lowest score it
    accepts and the next lower score; ties go to the higher threshold (fewer false alarms).

    Returns:
        ``(threshold, precision, recall, f1)``.
    """
    scores, labels = np.asarray(scores, dtype=float), np.asarray(labels, dtype=int)
    positives = _check_labels(labels)
    cuts = _cuts(scores, labels)
    precision, recall, f1 = _metrics(cuts.true_positives, cuts.accepted, positives)
    best = int(np.argmax(f1 > f1.max() - 1e-12))  # the first (highest) cut with the best F1
    threshold = _between(cuts.cut[best], cuts.below[best], float(cuts.cut[best]) - 1e-3)
    return threshold, float(precision[best]), float(recall[best]), float(f1[best])


def best_rule(cosines: Sequence[float], jaccards: Sequence[float], labels: Sequence[int],
              min_precision: float | None = None) -> tuple[NearRule, float, float, float]:
    """The semantic part of a :class:`NearRule` (no near-copy part) with the best F1 on a labelled set, or with ``min_precision`` the best recall among
    the rules whose precision reaches it. Every distinct cosine is tried as the cosine threshold, and for each, every
    distinct Jaccard of the pairs it accepts. Ties go to the higher precision, then the higher thresholds; each
    threshold lies halfway between the lowest accepted score and the next lower one (``-1`` and ``0`` when the rule
    accepts every cosine or every Jaccard).

    Returns:
        ``(rule, precision, recall, f1)`` on the labelled set.

    Raises:
        CalibrationError: one class only, or no rule reaches ``min_precision``.
    """
    cosines, jaccards = np.asarray(cosines, dtype=float), np.asarray(jaccards, dtype=float)
    labels = np.asarray(labels, dtype=int)
    positives = _check_labels(labels)
    cosine_cuts = _cuts(cosines, labels)
    best_key, best = None, None
    for cut, below in zip(cosine_cuts.cut, cosine_cuts.below):
        inside = cosines >= cut
        cuts = _cuts(jaccards[inside], labels[inside])
        precision, recall, f1 = _metrics(cuts.true_positives, cuts.accepted, positives)
        feasible = cuts.true_positives > 0
        if min_precision is not None:
            feasible &= precision >= min_precision - 1e-12
        if not feasible.any():
            continue
        goals = (recall, f1) if min_precision is not None else (f1, recall)
        keys = [np.round(goals[0], 12), np.round(goals[1], 12), np.round(precision, 12), cuts.cut]
        candidates = np.flatnonzero(feasible)
        index = candidates[np.lexsort([key[candidates] for key in reversed(keys)])[-1]]
        key = (*(float(k[index]) for k in keys[:3]), float(cut), float(cuts.cut[index]))
        if best_key is None or key > best_key:
            best_key = key
            best = (_between(cut, below, -1.0), _between(cuts.cut[index], cuts.below[index], 0.0),
                    float(precision[index]), float(recall[index]), float(f1[index]))
    if best is None:
        raise CalibrationError(f"no rule reaches precision {min_precision} on the labelled set; lower "
                               "--min-precision")
    cosine, jaccard, precision, recall, f1 = best
    return NearRule(cosine, jaccard, structure=math.inf), precision, recall, f1  # the semantic part alone


def objective_name(min_precision: float | None) -> str:
    return "best F1" if min_precision is None else f"best recall at precision >= {min_precision:g}"


def calibrate(units: Sequence[Unit], encode_documents: Callable[[list[str]], np.ndarray], model: str, *,
              functions: int = 200, seed: int = 0, min_precision: float | None = None) -> Calibration:
    """Build the labelled set from ``units``, score it with the model and the tokens, and pick the rule."""
    pairs = labelled_pairs(units, functions=functions, seed=seed)
    cosines, jaccards = pair_scores(pairs, encode_documents), pair_jaccards(pairs)
    labels = [pair.label for pair in pairs]
    rule, precision, recall, f1 = best_rule(cosines, jaccards, labels, min_precision)
    alone = best_threshold(cosines, labels)
    return Calibration(model=model, cosine=round(rule.cosine, 4), jaccard=round(rule.jaccard, 4),
                       objective=objective_name(min_precision), precision=round(precision, 4),
                       recall=round(recall, 4), f1=round(f1, 4),
                       cosine_only=dict(zip(("threshold", "precision", "recall", "f1"),
                                            (round(value, 4) for value in alone))),
                       positives=sum(labels), negatives=len(labels) - sum(labels),
                       functions=min(functions, len(units)), seed=seed,
                       created=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"))


def calibration_path(store_dir: str | Path) -> Path:
    return Path(store_dir) / CALIBRATION_FILE


def _read(path: Path, *, replacing: bool = False) -> dict:
    """The calibration file's content (empty if missing). ``replacing``: a file of an older version is dropped
    (``c2llm dupes calibrate`` replaces it) instead of refused."""
    if not path.exists():
        return {"version": VERSION, "models": {}}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CalibrationError(f"{path}: unreadable calibration file ({error}); delete it and run "
                               "'c2llm dupes calibrate' again") from error
    if isinstance(data, dict) and isinstance(data.get("version"), int) and data["version"] < VERSION:
        if replacing:
            return {"version": VERSION, "models": {}}
        raise CalibrationError(f"{path}: a version-{data['version']} calibration (a cosine threshold alone); run "
                               "'c2llm dupes calibrate' again for the near-copy rule")
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("models"), dict):
        raise CalibrationError(f"{path}: not a version-{VERSION} calibration file; delete it and calibrate again")
    return data


def save_calibration(store_dir: str | Path, calibration: Calibration) -> Path:
    """Store (or replace) the calibration of one model, keeping the others' (those of an older version are
    dropped)."""
    path = calibration_path(store_dir)
    data = _read(path, replacing=True)
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


def rule_for(store_dir: str | Path, model: str) -> tuple[NearRule, str, str | None]:
    """The near-copy rule for ``model``, where it comes from (``"calibrated"`` or ``"default"``) and, when
    calibrated, its objective."""
    calibration = load_calibration(store_dir, model)
    if calibration is None:
        return DEFAULT_RULE, "default", None
    return calibration.rule, "calibrated", calibration.objective
