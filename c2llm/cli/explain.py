"""``c2llm explain``: what a model's PMA attends to (per head: entropy, last/first-token and prompt weight, top
tokens), verdicts against attention collapse and positional bias, a heat map and histograms. The work is done by
:mod:`c2llm.explain`."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from .flags import (
    EXIT_OK,
    add_batch_size,
    add_json,
    add_max_seq_length,
    add_model,
    add_output_dir,
    add_seed,
    command,
    existing_dir,
    existing_file,
    positive_int,
)

EXAMPLES = [
    "c2llm explain --model outputs/c2llm-demo/model --text 'Return the sum of two numbers.' --output-dir outputs/explain",
    ("c2llm explain --model outputs/c2llm-demo/model --beir outputs/c2llm-demo/data/test-beir --max-texts 200 "
    "--output-dir outputs/explain --json"),
    "c2llm explain --model M --texts queries.txt --prompt-name document --output-dir outputs/explain",
]


def register(subparsers) -> None:
    parser = command(subparsers, "explain", "what PMA attends to: per-head attention, verdicts, heat map", EXAMPLES,
                     description="PMA's attention per head over each text's tokens, from the model's own pooling "
                     "code: entropy as a fraction of the uniform entropy, weight on the last / first token and on the "
                     "prompt, top tokens; per head a verdict: collapse (median entropy fraction >= 0.95, a mean "
                     "pool), last/first-token bias (median weight on that token >= 0.9, an EOS/CLS pool) or "
                     "selective. Writes attention.{json,md}, heatmap.png (the first text) and histograms.png into "
                     "--output-dir.")
    add_model(parser)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--text", action="append", metavar="TEXT", help="a text to explain (repeatable)")
    source.add_argument("--texts", type=existing_file, metavar="FILE", help="a file with one text per line")
    source.add_argument("--beir", type=existing_dir, metavar="DIR",
                        help="a BEIR folder: its queries (query prompt) and documents (document prompt)")
    parser.add_argument("--prompt-name", default="query", metavar="NAME",
                        help="the model's prompt put before --text/--texts ('none' for no prompt)")
    parser.add_argument("--max-texts", type=positive_int, default=500, metavar="N",
                        help="explain a seeded sample of at most N texts")
    add_seed(parser, help="seed of the sample")
    add_max_seq_length(parser)
    add_batch_size(parser)
    add_output_dir(parser, required=True, help="folder for attention.{json,md}, heatmap.png, histograms.png")
    add_json(parser, "print the summary as JSON instead of a table")
    parser.set_defaults(run=run)


def texts_and_prompts(args: argparse.Namespace, prompts: dict[str, str]) -> tuple[list[str], list[str]]:
    """The texts to explain and the prompt before each."""
    from ..errors import ConfigError

    def prompt(name: str, flag: str) -> str:
        if name == "none":
            return ""
        if name not in prompts:
            raise ConfigError(flag.lstrip("-"), f"the model has no prompt {name!r}; it has {sorted(prompts) or 'none'}")
        return prompts[name]

    if args.beir is not None:
        from ..evaluation.beir import load_beir

        data = load_beir(args.beir)
        _, queries = data.query_ids_and_texts()
        _, documents = data.document_ids_and_texts()
        texts = queries + documents  # with the prompts encode_query / encode_document apply (none if unset)
        chosen = [prompts.get("query", "")] * len(queries) + [prompts.get("document", "")] * len(documents)
    else:
        if args.text is not None:
            texts = list(args.text)
        else:
            texts = [line for line in Path(args.texts).read_text(encoding="utf-8").splitlines() if line.strip()]
            if not texts:
                raise ConfigError("texts", f"{args.texts} has no non-empty line")
        chosen = [prompt(args.prompt_name, "--prompt-name")] * len(texts)
    if len(texts) > args.max_texts:  # a seeded sample, kept in source order
        keep = sorted(random.Random(args.seed).sample(range(len(texts)), args.max_texts))
        texts, chosen = [texts[i] for i in keep], [chosen[i] for i in keep]
    return texts, chosen


def run(args: argparse.Namespace) -> int:
    from ..build import load_model
    from ..explain import markdown, pma_attention, pma_module, write_report

    model = load_model(args.model, max_seq_length=args.max_seq_length)
    pma_module(model)  # refuse a model without PMA before reading any text
    texts, prompts = texts_and_prompts(args, model.prompts)
    attentions = pma_attention(model, texts, prompts, batch_size=args.batch_size)
    summary = write_report(attentions, args.output_dir, label=f"PMA attention of {Path(args.model).name}")
    print(json.dumps(summary, indent=2) if args.json else markdown(summary))
    return EXIT_OK
