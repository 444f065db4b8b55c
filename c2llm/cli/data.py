"""``c2llm data build`` (a recipe's Hub datasets -> training tables), ``c2llm mine`` (pairs from source trees) and
``c2llm negatives`` (hard negatives for a table)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..data.manifest import MANIFEST
from ..data.mining import DEFAULT_FRACTIONS, LANGUAGES, STDLIB_EXCLUDED_DIRS, MiningSettings
from ..data.negative_settings import DEFAULT_RELATIVE_MARGIN, SAMPLINGS, NegativeSettings  # without torch / datasets
from ..errors import ConfigError, UserError
from .flags import (
    EXIT_OK,
    add_batch_size,
    add_json,
    add_list,
    add_max_seq_length,
    add_no_progress,
    add_out,
    add_output_dir,
    add_seed,
    add_model,
    command,
    default_of,
    positive_int,
)


def register(subparsers) -> None:
    data = command(subparsers, "data", "training data from a recipe of Hub datasets (docs/data.md)", [
        "c2llm data build --recipe paper --output-dir data/c2llm",
        "c2llm data build --recipe paper --dry-run",
    ])
    steps = data.add_subparsers(dest="data_command", metavar="<subcommand>", required=True,
                                parser_class=type(data))
    build = command(steps, "build", f"build a recipe: decontaminated tables with mined hard negatives + {MANIFEST}", [
        "c2llm data build --recipe paper --output-dir data/c2llm",
        "c2llm data build --recipe paper --dry-run                  # revisions, columns, row counts; writes nothing",
        "c2llm data build --recipe heldout --output-dir data/heldout --bm25",
        "c2llm data build --recipe my.yaml --mirror /data/hf-mirror --output-dir data/mine",
    ])
    build.add_argument("--recipe", required=True, metavar="NAME_OR_FILE",
                       help="a shipped recipe (paper, heldout) or a recipe YAML file")
    add_output_dir(build, help=f"folder for <name>/<language>.parquet and {MANIFEST} (required unless --dry-run)")
    build.add_argument("--mirror", metavar="DIR", help="read DIR/<org>/<name>/ (as `hf download --repo-type dataset "
                       "--local-dir` writes it) instead of the Hub")
    teacher = build.add_mutually_exclusive_group()
    teacher.add_argument("--teacher", metavar="PATH_OR_ID", help="mine negatives with this SentenceTransformer "
                         "(default: the recipe's)")
    teacher.add_argument("--bm25", action="store_true", help="mine negatives with BM25 whatever the recipe says")
    add_seed(build, default=None, help="override the recipe's seed")
    build.add_argument("--dry-run", action="store_true", help="list each source's resolved revision, columns and "
                       "row count; write nothing")
    add_json(build, "print the manifest (or the dry-run table) as JSON")
    add_no_progress(build)
    build.set_defaults(run=run_build)

    mine = command(subparsers, "mine", "mine (docstring -> code) pairs from source trees into train/dev/test jsonl", [
        "c2llm mine ~/src/myrepo --output-dir data/myrepo",
        "c2llm mine src/ --languages go rust --max-pairs 10000 --output-dir data/mined",
    ])
    mine.add_argument("sources", nargs="+", metavar="SRC", help="source folders or files to mine")
    add_output_dir(mine, required=True, help="folder for train/dev/test.jsonl and stats.json")
    add_list(mine, "--languages", choices=LANGUAGES, metavar="LANG", shown_default=LANGUAGES,
             help="languages to mine")
    add_seed(mine)
    mine.add_argument("--max-pairs", type=positive_int, metavar="N", help="keep at most N pairs (a seeded sample)")
    add_list(mine, "--fractions", type=float, metavar="SHARE", shown_default=DEFAULT_FRACTIONS,
             help="train dev test shares")
    add_list(mine, "--exclude-dirs", metavar="NAME", help=f"folder names to skip (default: "
             f"{', '.join(sorted(STDLIB_EXCLUDED_DIRS))} inside the stdlib, none elsewhere); give '' to mine everything")
    mine.add_argument("--min-query-words", type=int, default=default_of(MiningSettings, "min_query_words"),
                      help="skip functions whose query (docstring) has fewer words")
    mine.add_argument("--min-code-lines", type=int, default=default_of(MiningSettings, "min_code_lines"),
                      help="skip functions with fewer lines")
    add_no_progress(mine)
    mine.set_defaults(run=run_mine)

    negatives = command(subparsers, "negatives", "add hard negatives negative_1..K to a (query, positive) table", [
        "c2llm negatives --dataset data/train.jsonl --bm25 --out data/train_neg.jsonl",
        "c2llm negatives --dataset data/train.jsonl --model outputs/c2llm-demo/model --num-negatives 7 "
        "--out data/train_neg.parquet",
    ])
    negatives.add_argument("--dataset", type=Path, required=True, metavar="FILE",
                           help="jsonl / json / parquet / csv with query, positive (and optional language)")
    add_out(negatives, required=True, help="output table (format from its suffix)")
    negatives.add_argument("--num-negatives", type=int, default=default_of(NegativeSettings, "num_negatives"),
                           metavar="K", help="negatives per row")
    miner = negatives.add_mutually_exclusive_group(required=True)
    miner.add_argument("--bm25", action="store_true", help="mine with BM25 over code-aware tokens")
    add_model(miner, required=False, help="mine with this SentenceTransformer folder or id")
    negatives.add_argument("--range-min", type=int, default=default_of(NegativeSettings, "range_min"),
                           help="first usable candidate rank")
    negatives.add_argument("--range-max", type=int, default=default_of(NegativeSettings, "range_max"),
                           help="candidate ranks below this")
    negatives.add_argument("--sampling", choices=SAMPLINGS, default=default_of(NegativeSettings, "sampling"),
                           help="top: the first K of the window; random: K of them, seeded")
    add_seed(negatives)
    negatives.add_argument("--mix-languages", action="store_true", help="mine across languages, not within each")
    negatives.add_argument("--relative-margin", type=float, help="--model only: skip candidates above positive - "
                           f"|positive| * this (default: {DEFAULT_RELATIVE_MARGIN} unless "
                           "--absolute-margin is given)")
    negatives.add_argument("--absolute-margin", type=float,
                           help="--model only: skip candidates scoring above positive - this")
    negatives.add_argument("--max-score", type=float, help="--model only: skip candidates scoring above this "
                           "(F2LLM: 0.8)")
    add_batch_size(negatives, default=default_of(NegativeSettings, "batch_size"),
                   help="--model only: encoding batch size")
    add_max_seq_length(negatives, help="--model only: token limit (default: the model's own)")
    negatives.add_argument("--query-prompt", help="--model only: raw query prompt (default: the model's own)")
    negatives.add_argument("--document-prompt", help="--model only: raw document prompt (default: the model's own)")
    add_no_progress(negatives)
    negatives.set_defaults(run=run_negatives)


def run_build(args: argparse.Namespace) -> int:
    import json

    from ..data.build import BuildOptions, build, dry_run
    from ..data.recipe import load_recipe

    recipe = load_recipe(args.recipe)
    mirror = Path(args.mirror) if args.mirror else None
    if args.dry_run:
        with _datasets_progress_bars(not args.no_progress):
            rows = dry_run(recipe, mirror, progress=not args.no_progress)
        if args.json:
            print(json.dumps(rows, indent=2))
        else:
            print("| source | language | hub | revision | rows | columns |\n|---|---|---|---|---|---|")
            for row in rows:
                print(f"| {row['source']} | {row['language']} | {row['hub']} | {row['revision']} | {row['rows']:,} | "
                      f"{', '.join(row['columns'])} |")
        return EXIT_OK
    if not args.output_dir:
        raise ConfigError("output_dir", "required (unless --dry-run)")
    options = BuildOptions(output_dir=Path(args.output_dir), mirror=mirror, teacher=args.teacher, bm25=args.bm25,
                           seed=args.seed, progress=not args.no_progress)
    with _datasets_progress_bars(False):  # one bar per source is enough
        manifest = build(recipe, options)
    if args.json:
        print(json.dumps(manifest.data, indent=2))
    tokens = manifest.data["estimated_tokens"]
    print(f"{args.output_dir}: {manifest.data['rows']:,} rows in {len(manifest.outputs)} tables; dropped "
          f"{manifest.data['dropped']}; estimated tokens per epoch: {tokens['pairs']:,} (pairs), "
          f"{tokens['with_negatives']:,} (with {tokens['train_negatives']} negatives)", file=sys.stderr)
    return EXIT_OK


def run_mine(args: argparse.Namespace) -> int:
    from ..data.mining import mine_pairs, split_by_file, write_dataset

    for source in args.sources:
        if not Path(source).exists():
            raise UserError(f"SRC: no such file or folder: {source}")
    output_dir = Path(args.output_dir)
    if output_dir.exists() and not output_dir.is_dir():
        raise UserError(f"--output-dir: not a folder: {output_dir}")
    fractions = tuple(args.fractions or DEFAULT_FRACTIONS)
    try:
        split_by_file([], fractions)
    except ValueError:
        raise UserError(f"--fractions: expected 3 non-negative numbers summing to 1, got {list(fractions)}") from None
    exclude_dirs = None if args.exclude_dirs is None else [name for name in args.exclude_dirs if name.strip()]
    pairs, stats = mine_pairs(
        args.sources,
        languages=args.languages or list(LANGUAGES),
        exclude_dirs=exclude_dirs,
        settings=MiningSettings(min_query_words=args.min_query_words, min_code_lines=args.min_code_lines),
        max_pairs=args.max_pairs,
        seed=args.seed,
        progress=not args.no_progress,
    )
    splits = split_by_file(pairs, fractions, args.seed)
    stats["settings"]["fractions"] = list(fractions)
    written = write_dataset(splits, stats, output_dir)
    sizes = ", ".join(f"{split} {len(split_pairs)}" for split, split_pairs in splits.items())
    print(f"{len(pairs)} pairs ({sizes}) in {stats['seconds']} s -> {written['stats'].parent}", file=sys.stderr)
    return EXIT_OK


_MODEL_ONLY = ("relative_margin", "absolute_margin", "max_score", "max_seq_length", "query_prompt", "document_prompt")


@contextmanager
def _datasets_progress_bars(enabled: bool) -> Iterator[None]:
    """Turn the ``datasets`` progress bars off for a block (when not ``enabled``) and restore them afterwards."""
    import datasets

    was_disabled = datasets.are_progress_bars_disabled()
    if not enabled:
        datasets.disable_progress_bars()
    try:
        yield
    finally:
        if not enabled and not was_disabled:
            datasets.enable_progress_bars()


def run_negatives(args: argparse.Namespace) -> int:
    from ..data.negatives import add_negatives_to_file

    if args.bm25:
        given = [name for name in _MODEL_ONLY if getattr(args, name) is not None]
        if given:
            raise UserError(f"--{given[0].replace('_', '-')}: only with --model")
    relative = args.relative_margin
    if relative is None and args.absolute_margin is None and not args.bm25:
        relative = DEFAULT_RELATIVE_MARGIN
    settings = NegativeSettings(
        num_negatives=args.num_negatives,
        range_min=args.range_min,
        range_max=args.range_max,
        sampling=args.sampling,
        seed=args.seed,
        per_language=not args.mix_languages,
        relative_margin=relative,
        absolute_margin=args.absolute_margin,
        max_score=args.max_score,
        batch_size=args.batch_size,
        show_progress=not args.no_progress,
    )
    model = None
    if args.model is not None:
        from ..build import load_model

        try:
            model = load_model(args.model, max_seq_length=args.max_seq_length)
        except Exception as error:
            raise UserError(f"--model: cannot load {args.model!r} ({type(error).__name__}: {error})") from None
    with _datasets_progress_bars(settings.show_progress):
        report = add_negatives_to_file(args.dataset, args.out, settings, model=model, query_prompt=args.query_prompt,
                                       document_prompt=args.document_prompt)
    print(f"{args.out}: {report.summary()}", file=sys.stderr)
    return EXIT_OK
