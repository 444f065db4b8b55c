"""``c2llm dupes``: near-duplicate units of an indexed tree (:mod:`c2llm.clones`), and ``c2llm dupes calibrate``,
the per-model near-copy rule (a cosine and a token-trigram Jaccard threshold)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..clones.settings import (
    CALIBRATION_FUNCTIONS,
    CALIBRATION_SEED,
    NEIGHBOURS,
    STRUCTURE_JACCARD,
    DetectSettings,
)
from ..errors import UserError
from ..search.encoder import SHIPPED_STATIC_MODEL
from .flags import (
    EXIT_FAILED,
    EXIT_OK,
    add_json,
    add_list,
    add_model,
    add_no_progress,
    add_out,
    add_seed,
    command,
    default_of,
    positive_float,
    positive_int,
)

FORMATS = ("text", "json", "sarif")  # how this command writes its report (c2llm.clones.report has one writer each)
FAIL_ON = ("any", "new")


def register(subparsers) -> None:
    dupes = command(subparsers, "dupes", "near-duplicate code in an indexed tree (exit 1 on findings); "
                    "'c2llm dupes calibrate [PATH]' calibrates the near-copy rule", [
                        "c2llm dupes .",
                        "c2llm dupes . --base origin/main --format sarif --out dupes.sarif",
                        "c2llm dupes . --baseline dupes-baseline.json --fail-on new",
                        "c2llm dupes . --baseline dupes-baseline.json --update-baseline",
                        "c2llm dupes calibrate .",
                        "c2llm dupes calibrate . --min-precision 0.99   # fewer false alarms, lower recall",
                        "c2llm dupes . --no-semantic --json     # hashes and token structure: no model",
                        "c2llm dupes . --against known/ --base origin/main --format sarif --out known.sarif",
                    ], description=(
                        "Near-duplicate functions, methods and code windows of a tree, found over its index "
                        "(c2llm index; built or updated first): exact copies and renamed copies by a normalised "
                        "token hash (no model); near copies (renamed, statements edited) by the Jaccard of their "
                        "abstracted token trigrams, no model and no calibration needed; semantic copies among each "
                        "unit's nearest neighbours by embedding, accepted when the cosine and a lower Jaccard both "
                        "reach the model's thresholds ('c2llm dupes calibrate PATH' fits them to the model; a "
                        "strict default otherwise, and the output says which). With --against CORPUS, units that copy "
                        "the units of known-code corpora instead (indexed the same way; metadata in "
                        "CORPUS/c2llm-corpus.jsonl). Exit codes: 0 no findings, 1 findings, 2 usage error."))
    dupes.add_argument("words", nargs="*", metavar="[calibrate] PATH",
                       help="the folder to scan (default: .); 'calibrate PATH' derives and stores the near-copy "
                       "rule")
    add_model(dupes, required=False, help="model of a new index; an existing index must have been built with it "
              f"(default: the index's own model, or the shipped static model {SHIPPED_STATIC_MODEL} for a new index)")
    dupes.add_argument("--base", metavar="REF", help="report only pairs with a side overlapping lines added since REF "
                       "(git diff -U0 REF...HEAD); the whole tree is still searched for the other side")
    add_list(dupes, "--against", metavar="CORPUS", help="report units that copy units of these known-code folders "
             "(each indexed like PATH, with PATH's model; advisory ids, licences and severities from "
             "CORPUS/c2llm-corpus.jsonl) instead of copies inside PATH")
    dupes.add_argument("--baseline", type=Path, metavar="FILE", help="JSON file of accepted pairs (a missing file is "
                       "empty)")
    dupes.add_argument("--update-baseline", action="store_true", help="write every pair found to --baseline, exit 0")
    dupes.add_argument("--fail-on", choices=FAIL_ON, default=FAIL_ON[0],
                       help="exit 1 on any pair or only on pairs not in --baseline")
    dupes.add_argument("--format", choices=FORMATS, default=FORMATS[0], help="text, json or sarif (2.1.0)")
    add_json(dupes, "same as --format json")
    add_out(dupes, help="write the report here (default: standard output)")
    dupes.add_argument("--structure", type=positive_float, metavar="J",
                       help="token-trigram Jaccard at which a pair is a near copy, with no model "
                       f"(default: {STRUCTURE_JACCARD}, or the calibrated semantic Jaccard when higher)")
    dupes.add_argument("--threshold", type=positive_float, metavar="COSINE",
                       help="cosine threshold of the semantic-copy rule (default: the calibrated one)")
    dupes.add_argument("--jaccard", type=float, metavar="J", help="token-trigram Jaccard threshold of the "
                       "semantic-copy rule, 0 to 1 (default: the calibrated one; 0: cosine alone)")
    dupes.add_argument("--neighbours", type=positive_int, default=NEIGHBOURS, metavar="N",
                       help="candidates per unit: its N nearest units by shared token trigrams and N by cosine")
    dupes.add_argument("--no-semantic", action="store_true", help="no model, no embeddings: the hash and "
                       "token-structure stages only")
    dupes.add_argument("--no-update", action="store_true", help="use the index as it is (do not update it first)")
    dupes.add_argument("--min-lines", type=positive_int, default=default_of(DetectSettings, "min_lines"), metavar="N",
                       help="units with fewer non-blank lines are ignored")
    dupes.add_argument("--min-tokens", type=positive_int, default=default_of(DetectSettings, "min_tokens"),
                       metavar="N", help="units with fewer tokens are ignored")
    dupes.add_argument("--functions", type=positive_int, default=CALIBRATION_FUNCTIONS,
                       metavar="N", help="calibrate only: functions sampled for the labelled set")
    dupes.add_argument("--min-precision", type=positive_float, metavar="P",
                       help="calibrate only: the rule with the best recall whose precision on the labelled set is at "
                       "least P (default: the rule with the best F1)")
    add_seed(dupes, default=CALIBRATION_SEED, help="calibrate only: seed of the sample")
    add_no_progress(dupes)
    dupes.set_defaults(run=run_dupes)


def _target(words: list[str]) -> tuple[bool, Path]:
    """(calibrate?, root) from the positionals."""
    calibrating = bool(words) and words[0] == "calibrate"
    rest = words[1:] if calibrating else words
    if len(rest) > 1:
        raise UserError(f"PATH: expected one folder, got {len(rest)}: {' '.join(rest)}")
    return calibrating, Path(rest[0] if rest else ".")


def run_dupes(args: argparse.Namespace) -> int:
    calibrating, root = _target(args.words)
    settings = DetectSettings(min_lines=args.min_lines, min_tokens=args.min_tokens)
    if calibrating:
        if args.against:
            raise UserError("--against: not with 'c2llm dupes calibrate' (calibrate PATH itself; its rule is used)")
        if args.no_semantic:
            raise UserError("--no-semantic: calibration needs the model")
        if args.min_precision is not None and not 0 < args.min_precision <= 1:
            raise UserError(f"--min-precision: expected a precision in (0, 1], got {args.min_precision}")
        return _calibrate(root, args, settings)
    if args.min_precision is not None:
        raise UserError("--min-precision: only for 'c2llm dupes calibrate'")
    if args.json:
        if args.format == "sarif":
            raise UserError("--json: conflicts with --format sarif (give one of them)")
        args.format = "json"
    if args.update_baseline and not args.baseline:
        raise UserError("--update-baseline needs --baseline FILE")
    if args.fail_on == "new" and not args.baseline:
        raise UserError("--fail-on new needs --baseline FILE (the accepted pairs)")
    if args.threshold is not None and not 0 < args.threshold <= 1:
        raise UserError(f"--threshold: expected a cosine in (0, 1], got {args.threshold}")
    if args.jaccard is not None and not 0 <= args.jaccard <= 1:
        raise UserError(f"--jaccard: expected a Jaccard in [0, 1], got {args.jaccard}")
    if args.structure is not None and not 0 < args.structure <= 1:
        raise UserError(f"--structure: expected a Jaccard in (0, 1], got {args.structure}")
    from ..clones.scan import ScanOptions, scan_known, scan_tree

    options = ScanOptions(base=args.base, baseline=args.baseline, structure=args.structure, cosine=args.threshold,
                          jaccard=args.jaccard, semantic=not args.no_semantic, neighbours=args.neighbours,
                          settings=settings)
    opening = {"model": args.model, "update": not args.no_update, "progress": not args.no_progress}
    report = (scan_known(root, args.against, options, **opening) if args.against
              else scan_tree(root, options, **opening))
    return _write(report, args)


def _write(report, args: argparse.Namespace) -> int:
    """The report in the asked format, to --out or standard output; the exit code."""
    from ..clones.baseline import write_baseline
    from ..clones.report import KnownReport, known_to_json, known_to_sarif, known_to_text, to_json, to_sarif, to_text

    known = isinstance(report, KnownReport)
    text, as_json, as_sarif = (known_to_text, known_to_json, known_to_sarif) if known else (to_text, to_json,
                                                                                            to_sarif)
    if args.update_baseline:
        count = write_baseline(args.baseline, report.pairs)
        print(f"wrote {count} accepted {'match(es)' if known else 'pair(s)'} to {args.baseline}", file=sys.stderr)
        return EXIT_OK
    if args.format == "text":
        output = text(report)
    else:
        output = json.dumps(as_json(report) if args.format == "json" else as_sarif(report), indent=1) + "\n"
    if args.out:
        from ..atomic import atomic_write_text

        atomic_write_text(args.out, output)
        print(text(report).splitlines()[-1], file=sys.stderr)
    else:
        sys.stdout.write(output)
    findings = report.new_pairs if args.fail_on == "new" else report.pairs
    return EXIT_FAILED if findings else EXIT_OK


def _calibrate(root: Path, args: argparse.Namespace, settings) -> int:
    from ..clones.scan import calibrate_index, open_index

    with open_index(root, args.model, update=not args.no_update, progress=not args.no_progress) as index:
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
