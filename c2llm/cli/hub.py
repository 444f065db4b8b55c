"""``c2llm verify``, ``c2llm export``, ``c2llm convert``: check a model folder for the Hub, publish it, and bring an
official checkpoint into this package's layout."""

from __future__ import annotations

import argparse
import json

from ..errors import ConfigError
from ..hub.official_parity import DTYPES as PARITY_DTYPES
from ..hub.official_parity import verify_against_official
from ..layout import DEFAULT_LICENSE, PLACEHOLDER_ID
from ..prompts import DEFAULT_MAX_SEQ_LENGTH
from .flags import (
    EXIT_FAILED,
    EXIT_OK,
    add_json,
    add_list,
    add_max_seq_length,
    add_model,
    add_output_dir,
    command,
    default_of,
    existing_dir,
)


def register(subparsers) -> None:
    verify = command(subparsers, "verify", "check a model folder for the Hub: layout, weights, a fresh-process load; "
                     "or a conversion against the official code", [
        "c2llm verify --model outputs/c2llm-demo/model",
        "c2llm verify --model outputs/c2llm-demo/model --no-load --json",
        "c2llm verify --against-official downloads/C2LLM-0.5B                       # converts it, then compares",
        "c2llm verify --against-official downloads/C2LLM-0.5B --model models/c2llm-0.5b --dtype bfloat16",
        "c2llm verify --against-official downloads/C2LLM-0.5B --official-python ~/venvs/transformers4/bin/python",
    ])
    add_model(verify, required=False, help="the model folder (e.g. <training output>/model); with "
              "--against-official, the converted folder (default: the snapshot converted into a temporary folder)")
    verify.add_argument("--model-id", help="Hub repo id ORG/NAME for the upload command")
    verify.add_argument("--against-official", metavar="DIR", type=existing_dir,
                        help="an official C2LLM snapshot with its own modeling_c2llm.py: embed sample texts with its "
                        "code (in a subprocess) and with ours, and compare the L2-normalised vectors")
    verify.add_argument("--dtype", choices=list(PARITY_DTYPES), default=default_of(verify_against_official, "dtype"),
                        help="--against-official: the dtype both run in (float32: max |diff| <= 1e-4; bfloat16: "
                        "cosine >= 0.999)")
    verify.add_argument("--official-python", metavar="PYTHON",
                        help="--against-official: the interpreter of the official code, e.g. a venv with "
                        "transformers<5 (default: this one)")
    _add_report_flags(verify)
    verify.set_defaults(run=run_verify)

    export = command(subparsers, "export", "write a Hub-ready copy of a model folder with its card, verify it, push it", [
        "c2llm export --model outputs/c2llm-demo/model --output-dir hub/c2llm-demo --model-id me/c2llm-demo",
        "c2llm export --model outputs/c2llm-demo/model --output-dir hub/c2llm-demo --push me/c2llm-demo",
    ])
    add_model(export, help="the model folder (e.g. <training output>/model)")
    add_output_dir(export, required=True, help="the Hub-ready folder to write (copy + fixes + card)")
    export.add_argument("--model-id", help="Hub repo id ORG/NAME for the card and the upload command")
    export.add_argument("--push", metavar="ORG/NAME", help="upload the verified folder to this repo")
    export.add_argument("--results", help="results.json of the training run, for the card (default: the run's own)")
    export.add_argument("--base-model", help="Hub id of the backbone, for the card")
    export.add_argument("--license", default=DEFAULT_LICENSE, help="licence id for the card")
    add_list(export, "--card-datasets", metavar="ID", help="Hub dataset ids named in the card's front matter")
    export.add_argument("--private", action="store_true", help="create the repo private when pushing")
    export.add_argument("--overwrite", action="store_true", help="replace --output-dir even if it is not a model folder")
    _add_report_flags(export)
    export.set_defaults(run=run_export)

    convert = command(subparsers, "convert", "convert an official C2LLM or CodeFuse-CGE checkpoint into this package's "
                      "layout", [
        "c2llm convert --model downloads/C2LLM-0.5B --output-dir models/c2llm-0.5b",
    ])
    add_model(convert, help="folder of an official C2LLM checkpoint (e.g. a C2LLM-0.5B download) or of a CodeFuse-CGE one")
    add_output_dir(convert, required=True, help="output folder in this package's layout")
    add_max_seq_length(convert, help=f"max_seq_length of the converted model (default: {DEFAULT_MAX_SEQ_LENGTH})")
    convert.set_defaults(run=run_convert)


def _add_report_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-load", action="store_true", help="skip the fresh-process load (static checks only)")
    add_json(parser, "print the report as JSON")


def _print_report(report, as_json: bool) -> int:
    print(json.dumps(report.to_dict(), indent=2) if as_json else report.format())
    return EXIT_OK if report.ok else EXIT_FAILED


def run_verify(args: argparse.Namespace) -> int:
    if args.against_official:
        if args.model_id or args.no_load:
            raise ConfigError("against_official", "compares with the official code only: drop --model-id and --no-load")
        report = verify_against_official(args.against_official, args.model, dtype=args.dtype,
                                         python=args.official_python)
        return _print_report(report, args.json)
    if not args.model:
        raise ConfigError("model", "required (or --against-official DIR)")
    from ..hub.verify import verify

    return _print_report(verify(args.model, model_id=args.model_id, load=not args.no_load), args.json)


def run_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..hub.export import export
    from ..hub.push import push, push_preflight

    folder = Path(args.output_dir).resolve()
    if args.push:  # fail before any slow work when a push cannot happen
        push_preflight(args.push, folder)
    report = export(args.model, args.output_dir, args.model_id or args.push or PLACEHOLDER_ID,
                    results_json=args.results, base_model=args.base_model, license=args.license,
                    datasets=args.card_datasets, overwrite=args.overwrite, load=not args.no_load)
    status = _print_report(report, args.json)
    if status == EXIT_OK and args.push:
        print(f"pushed: {push(folder, args.push, private=args.private or None)}")
    return status


def run_convert(args: argparse.Namespace) -> int:
    from ..hub.convert import convert

    out = convert(args.model, args.output_dir, max_seq_length=args.max_seq_length or DEFAULT_MAX_SEQ_LENGTH)
    print(f"converted: {out}\nnext: c2llm export --model {out} --output-dir <hub folder> --model-id ORG/NAME")
    return EXIT_OK
