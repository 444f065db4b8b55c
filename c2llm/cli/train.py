"""``c2llm train``: the training run of ``python train_sentence_transformers.py`` (the same flags, the same run)."""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..data.manifest import MANIFEST
from ..training.config import TrainConfig
from ..training.presets import DEMO_BACKBONE, PADDING_SIDES, POOLINGS, PRESETS, STDLIB
from .flags import (
    EXIT_OK,
    CommandParser,
    add_batch_size,
    add_list,
    add_max_seq_length,
    add_no_progress,
    add_out,
    add_output_dir,
    add_seed,
    command,
)

EXAMPLES = [
    "c2llm train                                   # CPU demo: random small Qwen2, stdlib pairs, no network",
    "c2llm train --max-steps 2 --output-dir outputs/smoke",
    "c2llm train --preset paper --backbone Qwen/Qwen2.5-Coder-0.5B-Instruct --dataset train.jsonl \\\n"
    "      --output-dir outputs/c2llm-0.5b",
    "c2llm train --preset paper --dataset data/c2llm --output-dir outputs/c2llm-0.5b   # `c2llm data build` output",
    "torchrun --nproc_per_node 8 train_sentence_transformers.py --preset paper ...   # DDP, negatives gathered",
]


def add_train_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of a training run: one per field of :class:`c2llm.training.config.TrainConfig`, default from the field
    (tests/test_cli_defaults.py checks the one-to-one match)."""
    bool_flag, default = argparse.BooleanOptionalAction, TrainConfig
    parser.add_argument("--preset", choices=sorted(PRESETS), default=default.preset, help="defaults that other flags override")
    parser.add_argument("--backbone", help=f"Hub id or local path of the backbone (or a C2LLM folder), or {DEMO_BACKBONE!r}")
    add_list(parser, "--dataset", help=f"jsonl/parquet/csv files or Hub dataset ids, or {STDLIB!r}, or one folder "
             f"built by `c2llm data build` (read through its {MANIFEST})")
    parser.add_argument("--eval-beir", help="BEIR folder to evaluate on before/after training (default: demo test split)")
    add_output_dir(parser, default=default.output_dir, help="run folder: model/, results.json, checkpoints/")
    parser.add_argument("--pooling", choices=POOLINGS, default=default.pooling, help="embedding method")
    parser.add_argument("--padding-side", choices=PADDING_SIDES, default=default.padding_side, help="tokenizer padding side")
    parser.add_argument("--pma-num-heads", type=int)
    parser.add_argument("--compressed-dim", type=int, help="PMA output size (default: the backbone hidden size)")
    parser.add_argument("--epochs", type=float)
    parser.add_argument("--max-steps", type=int, default=default.max_steps, help="stop after this many optimizer steps (-1: run the "
                        "epochs)")
    add_batch_size(parser, default=None, type=int,
                   help="per device; in-batch negatives are gathered across devices")
    parser.add_argument("--learning-rate", type=float)
    parser.add_argument("--warmup-ratio", type=float)
    add_max_seq_length(parser, help="token limit of training inputs")
    parser.add_argument("--num-hard-negatives", type=int, help="negative_1..K columns used per row (paper: 7)")
    parser.add_argument("--temperature", type=float, default=default.temperature, help="InfoNCE temperature (scale = 1/temperature)")
    parser.add_argument("--cached-loss", action="store_true", help="CachedMultipleNegativesRankingLoss (GradCache)")
    parser.add_argument("--mini-batch-size", type=int, default=default.mini_batch_size, help="GradCache mini-batch size")
    parser.add_argument("--lora-r", type=int, help="LoRA rank on the backbone's linear layers (0 = full training)")
    parser.add_argument("--lora-alpha", type=int, default=default.lora_alpha, help="LoRA scaling numerator (scale = alpha / r)")
    parser.add_argument("--freeze-embeddings", action=bool_flag, default=None,
                        help="keep the token embeddings fixed (demo default: random embeddings then stay equally "
                        "informative for tokens never seen in training)")
    parser.add_argument("--adapter-only", action="store_true", help="save the LoRA adapter instead of merging it")
    parser.add_argument("--merge-last", type=int, default=default.merge_last, help="final model = weighted average of the last N "
                        "checkpoints (0: no averaging)")
    add_list(parser, "--merge-weights", type=float, help="one weight per merged checkpoint, e.g. 0.1 0.2 0.3 0.4")
    parser.add_argument("--save-steps", type=int)
    parser.add_argument("--resume", action="store_true", help="continue from the last checkpoint in --output-dir")
    parser.add_argument("--bf16", action=bool_flag, default=None, help="default: on with CUDA")
    parser.add_argument("--activation-checkpointing", action=bool_flag, default=None, help="default: on with CUDA")
    parser.add_argument("--attn-implementation", help="sdpa (default), eager or flash_attention_2 (default with CUDA "
                        "when flash-attn is installed)")
    parser.add_argument("--deepspeed", help="DeepSpeed config JSON for multi-GPU runs, e.g. configs/deepspeed_zero2.json")
    parser.add_argument("--max-train-pairs", type=int, help="cap the mined demo training pairs")
    parser.add_argument("--no-eval", dest="evaluate", action="store_false", help="skip the before/after evaluation")
    add_out(parser, help="also write results.json to this file (e.g. docs/results/demo.json)")
    add_seed(parser, default=default.seed)


def register(subparsers) -> None:
    parser = command(subparsers, "train", "train a C2LLM embedder (SentenceTransformerTrainer, InfoNCE)", EXAMPLES)
    add_train_flags(parser)
    add_no_progress(parser)  # how the run is shown, not what it does: not a TrainConfig field
    parser.set_defaults(run=run)


@contextmanager
def no_progress_bars() -> Iterator[None]:
    """Every tqdm bar of the block hidden: the trainer's, the evaluation's, datasets' and the Hub's are all tqdm
    subclasses, and some pass ``disable=False`` themselves, so the bar's constructor is what is overridden."""
    from tqdm import std

    original = std.tqdm.__init__

    def hidden(self, *args, **kwargs):
        kwargs["disable"] = True
        original(self, *args, **kwargs)

    std.tqdm.__init__ = hidden
    try:
        yield
    finally:
        std.tqdm.__init__ = original


def run(args: argparse.Namespace) -> int:
    from contextlib import nullcontext

    from ..training.trainer import run as train

    config = to_config(args, args.argv[1:])
    with no_progress_bars() if getattr(args, "no_progress", False) else nullcontext():
        results = train(config)
    if results.get("after") is not None:
        rows = [("untrained", results["before"]), ("trained", results["after"]), ("BM25", results["bm25"])]
        print("\n| model | nDCG@10 | MRR@10 |\n|---|---|---|")
        for name, scores in rows:
            if scores:
                print(f"| {name} | {scores['ndcg_at_10']:.4f} | {scores['mrr_at_10']:.4f} |")
    if results:
        output_dir = Path(config.output_dir)
        print(f"\nmodel: {output_dir / results['model_dir']}\nresults: {output_dir / 'results.json'}")
    return EXIT_OK


def to_config(args: argparse.Namespace, argv: list[str]) -> TrainConfig:
    """The :class:`c2llm.training.config.TrainConfig` of parsed ``c2llm train`` flags; ``argv`` is recorded as the
    command."""
    settings = {key: value for key, value in vars(args).items()
                if key not in ("command", "run", "argv", "no_progress")}
    return TrainConfig(**settings, extra={"command": shlex.join(["c2llm", "train", *argv])})


def parse_config(argv: list[str]) -> TrainConfig:
    """A :class:`c2llm.training.config.TrainConfig` from ``c2llm train`` flags (for scripts and tests that hold an
    argv)."""
    parser = CommandParser(prog="c2llm train")
    add_train_flags(parser)
    return to_config(parser.parse_args(argv), argv)
