"""``c2llm dupes``: near-duplicate units of an indexed tree (:mod:`c2llm.clones`), and ``c2llm dupes calibrate``,
the per-model near-copy rule (a cosine and a token-trigram Jaccard threshold)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .flags import (
    EXIT_FAILED,
    EXIT_OK,
    add_json,
    add_no_progress,
    add_out,
    add_seed,
    command,
    fail,
    positive_float,
    positive_int,
)

FORMATS = ("text", "json", "sarif")


def register(subparsers) -> None:
    dupes = command(subparsers, "dupes", "near-duplicate code in an indexed tree (exit 1 on findings); "
                    "'c2llm dupes calibrate [PATH]' calibrates the near-copy rule", [
                        "c2llm dupes .",
                        "c2llm dupes . --base origin/main --format sarif --out dupes.sarif",
                        "c2llm dupes . --baseline dupes-baseline.json --fail-on new",
                        "c2llm dupes . --baseline dupes-baseline.json --update-baseline",
                        "c2llm dupes calibrate .",
                        "c2llm dupes calibrate . --min-precision 0.99   # fewer false alarms, lower recall",
                        "c2llm dupes . --no-semantic --json     # hash stages only: no model",
                    ], description=(
                        "Near-duplicate functions, methods and code windows of a tree, found over its index "
                        "(c2llm index; built or updated first): exact copies and renamed copies by a normalised "
                        "token hash (no model); near copies among each unit's nearest neighbours by embedding, "
                        "accepted when the cosine and the Jaccard of the token trigrams both reach the model's "
                        "calibrated thresholds (run 'c2llm dupes calibrate PATH' once per model; a strict fixed "
                        "default otherwise, and the output says which). Exit codes: 0 no findings, 1 findings, "
                        "2 usage error."))
    dupes.add_argument("words", nargs="*", metavar="[calibrate] PATH",
                       help="the folder to scan (default: .); 'calibrate PATH' derives and stores the near-copy "
                       "rule")
    dupes.add_argument("--model", metavar="PATH_OR_ID", help="model of a new index; an existing index must have been "
                       "built with it (default: the index's own model, or all-MiniLM-L6-v2 for a new index)")
    dupes.add_argument("--base", metavar="REF", help="report only pairs with a side overlapping lines added since REF "
                       "(git diff -U0 REF...HEAD); the whole tree is still searched for the other side")
    dupes.add_argument("--baseline", type=Path, metavar="FILE", help="JSON file of accepted pairs (a missing file is "
                       "empty)")
    dupes.add_argument("--update-baseline", action="store_true", help="write every pair found to --baseline, exit 0")
    dupes.add_argument("--fail-on", choices=("any", "new"), default="any",
                       help="exit 1 on any pair (default) or only on pairs not in --baseline")
    dupes.add_argument("--format", choices=FORMATS, default="text", help="text (default), json or sarif (2.1.0)")
    add_json(dupes, "same as --format json")
    add_out(dupes, help="write the report here (default: standard output)")
    dupes.add_argument("--threshold", type=positive_float, metavar="COSINE",
                       help="cosine threshold of the near-copy rule (default: the calibrated one)")
    dupes.add_argument("--jaccard", type=float, metavar="J", help="token-trigram Jaccard threshold of the "
                       "near-copy rule, 0 to 1 (default: the calibrated one; 0: cosine alone)")
    dupes.add_argument("--neighbours", type=positive_int, default=5, metavar="N",
                       help="near-copy candidates per unit: its N most similar units by cosine (default: 5)")
    dupes.add_argument("--no-semantic", action="store_true", help="hash stages only: no model, no embeddings")
    dupes.add_argument("--no-update", action="store_true", help="use the index as it is (do not update it first)")
    dupes.add_argument("--min-lines", type=positive_int, default=5, metavar="N",
                       help="units with fewer non-blank lines are ignored (default: 5)")
    dupes.add_argument("--min-tokens", type=positive_int, default=50, metavar="N",
                       help="units with fewer tokens are ignored (default: 50)")
    dupes.add_argument("--functions", type=positive_int, default=200, metavar="N",
                       help="calibrate only: functions sampled for the labelled set (default: 200)")
    dupes.add_argument("--min-precision", type=positive_float, metavar="P",
                       help="calibrate only: the rule with the best recall whose precision on the labelled set is at "
                       "least P (default: the rule with the best F1)")
    add_seed(dupes)
    add_no_progress(dupes)
    dupes.set_defaults(run=run_dupes)


def _target(words: list[str]) -> tuple[bool, Path]:
    """(calibrate?, root) from the positionals."""
    calibrating = bool(words) and words[0] == "calibrate"
    rest = words[1:] if calibrating else words
    if len(rest) > 1:
        fail(f"PATH: expected one folder, got {len(rest)}: {' '.join(rest)}")
    return calibrating, Path(rest[0] if rest else ".")


def _open(root: Path, args: argparse.Namespace):
    from ..search.index import Index

    index = Index.open(root, model=args.model)
    try:
        if not args.no_update:
            index.update(progress=not args.no_progress, embed=not args.no_semantic)
    except BaseException:
        index.close()
        raise
    return index


def run_dupes(args: argparse.Namespace) -> int:
    from ..clones.detect import DetectSettings

    calibrating, root = _target(args.words)
    settings = DetectSettings(min_lines=args.min_lines, min_tokens=args.min_tokens)
    if calibrating:
        if args.no_semantic:
            fail("--no-semantic: calibration needs the model")
        if args.min_precision is not None and not 0 < args.min_precision <= 1:
            fail(f"--min-precision: expected a precision in (0, 1], got {args.min_precision}")
        return _calibrate(root, args, settings)
    if args.min_precision is not None:
        fail("--min-precision: only for 'c2llm dupes calibrate'")
    if args.json:
        if args.format == "sarif":
            fail("--json: conflicts with --format sarif (give one of them)")
        args.format = "json"
    if args.update_baseline and not args.baseline:
        fail("--update-baseline needs --baseline FILE")
    if args.fail_on == "new" and not args.baseline:
        fail("--fail-on new needs --baseline FILE (the accepted pairs)")
    if args.threshold is not None and not 0 < args.threshold <= 1:
        fail(f"--threshold: expected a cosine in (0, 1], got {args.threshold}")
    if args.jaccard is not None and not 0 <= args.jaccard <= 1:
        fail(f"--jaccard: expected a Jaccard in [0, 1], got {args.jaccard}")
    from ..clones.baseline import write_baseline
    from ..clones.report import to_json, to_sarif, to_text
    from ..clones.scan import ScanOptions, scan

    options = ScanOptions(base=args.base, baseline=args.baseline, cosine=args.threshold, jaccard=args.jaccard,
                          semantic=not args.no_semantic, neighbours=args.neighbours, settings=settings)
    with _open(root, args) as index:
        report = scan(index, options)
    if args.update_baseline:
        count = write_baseline(args.baseline, report.pairs)
        print(f"wrote {count} accepted pair(s) to {args.baseline}", file=sys.stderr)
        return EXIT_OK
    if args.format == "text":
        output = to_text(report)
    else:
        output = json.dumps(to_json(report) if args.format == "json" else to_sarif(report), indent=1) + "\n"
    if args.out:
        from ..atomic import atomic_write_text

        atomic_write_text(args.out, output)
        print(to_text(report).splitlines()[-1], file=sys.stderr)
    else:
        sys.stdout.write(output)
    findings = report.new_pairs if args.fail_on == "new" else report.pairs
    return EXIT_FAILED if findings else EXIT_OK


def _calibrate(root: Path, args: argparse.Namespace, settings) -> int:
    from ..clones.scan import calibrate_index

    with _open(root, args) as index:
        calibration, path = calibrate_index(index, functions=args.functions, seed=args.seed,
                                            min_precision=args.min_precision, settings=settings)
    if args.json or args.format == "json":
        print(json.dumps({**calibration.__dict__, "file": str(path)}, indent=1))
    else:
        alone = calibration.cosine_only
        print(f"near-copy rule for {calibration.model} ({calibration.objective}): {calibration.rule.describe()}\n"
              f"on {calibration.positives} generated clones and {calibration.negatives} non-clones of "
              f"{calibration.functions} functions: precision {calibration.precision:.3f}, recall "
              f"{calibration.recall:.3f}, F1 {calibration.f1:.3f} (cosine alone, best F1: >= {alone['threshold']:.3f}, "
              f"precision {alone['precision']:.3f}, recall {alone['recall']:.3f}, F1 {alone['f1']:.3f})\n"
              f"stored in {path}")
    return EXIT_OK
