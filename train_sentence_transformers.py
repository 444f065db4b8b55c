"""Train a C2LLM code embedder with SentenceTransformerTrainer (the recipe of arXiv 2512.21332).

    python train_sentence_transformers.py            # embedded CPU demo: small random Qwen2, stdlib pairs, no network
    python train_sentence_transformers.py --preset paper --backbone Qwen/Qwen2.5-Coder-0.5B-Instruct \\
        --dataset train.jsonl                        # the paper's recipe on your data
    torchrun --nproc_per_node 8 train_sentence_transformers.py --preset paper ...   # DDP, negatives gathered

Outputs in --output-dir: `model/` (Hub-ready, written atomically), `results.json` (nDCG@10 / MRR@10 before and
after training, with BM25 on the same split), `checkpoints/` (resumable with --resume), `data/` (the mined demo data).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import torch
from transformers import TrainerCallback

DEMO_BACKBONE = "small-qwen2"  # a scaled-down random Qwen2.5-Coder with the real Qwen2.5 tokenizer
STDLIB = "stdlib"  # (docstring -> code) pairs mined from the running interpreter's standard library

PRESETS = {
    # CPU demo: trains from scratch in minutes, so a higher learning rate and short sequences.
    "demo": dict(
        backbone=DEMO_BACKBONE, dataset=[STDLIB], epochs=6, batch_size=32, learning_rate=1e-3, max_seq_length=128,
        lora_r=0, pma_num_heads=8, num_hard_negatives=0, warmup_ratio=0.1, save_steps=100, freeze_embeddings=True,
    ),
    # Paper §4.1: LoRA r=64 / alpha=32 with PMA fully trained, lr 1e-4, 3 epochs, length 1024, 7 hard negatives.
    "paper": dict(
        backbone="Qwen/Qwen2.5-Coder-0.5B-Instruct", dataset=None, epochs=3, batch_size=32, learning_rate=1e-4,
        max_seq_length=1024, lora_r=64, pma_num_heads=32, num_hard_negatives=7, warmup_ratio=0.05, save_steps=500,
        freeze_embeddings=False,
    ),
}

logger = logging.getLogger("train_sentence_transformers")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="demo", help="defaults that other flags override")
    parser.add_argument("--backbone", help=f"Hub id or local path of the backbone (or a C2LLM folder), or {DEMO_BACKBONE!r}")
    parser.add_argument("--dataset", nargs="+", help=f"jsonl/parquet/csv files or Hub dataset ids, or {STDLIB!r}")
    parser.add_argument("--eval-beir", help="BEIR folder to evaluate on before/after training (default: demo test split)")
    parser.add_argument("--output-dir", default="outputs/c2llm-demo")
    parser.add_argument("--pooling", choices=["pma", "mean", "last_token"], default="pma")
    parser.add_argument("--padding-side", choices=["left", "right"], default="left")
    parser.add_argument("--pma-num-heads", type=int)
    parser.add_argument("--compressed-dim", type=int, help="PMA output size (default: the backbone hidden size)")
    parser.add_argument("--epochs", type=float)
    parser.add_argument("--max-steps", type=int, default=-1, help="stop after this many optimizer steps")
    parser.add_argument("--batch-size", type=int, help="per device; in-batch negatives are gathered across devices")
    parser.add_argument("--learning-rate", type=float)
    parser.add_argument("--warmup-ratio", type=float)
    parser.add_argument("--max-seq-length", type=int)
    parser.add_argument("--num-hard-negatives", type=int, help="negative_1..K columns used per row (paper: 7)")
    parser.add_argument("--temperature", type=float, default=0.05, help="InfoNCE temperature (scale = 1/temperature)")
    parser.add_argument("--cached-loss", action="store_true", help="CachedMultipleNegativesRankingLoss (GradCache)")
    parser.add_argument("--mini-batch-size", type=int, default=16, help="GradCache mini-batch size")
    parser.add_argument("--lora-r", type=int, help="LoRA rank on the backbone's linear layers (0 = full training)")
    parser.add_argument("--lora-alpha", type=int, default=32)
    parser.add_argument("--freeze-embeddings", action=argparse.BooleanOptionalAction, default=None,
                        help="keep the token embeddings fixed (demo default: random embeddings then stay equally "
                        "informative for tokens never seen in training)")
    parser.add_argument("--adapter-only", action="store_true", help="save the LoRA adapter instead of merging it")
    parser.add_argument("--merge-last", type=int, default=0, help="final model = weighted average of the last N checkpoints")
    parser.add_argument("--merge-weights", type=lambda s: [float(x) for x in s.split(",")], help="e.g. 0.1,0.2,0.3,0.4")
    parser.add_argument("--save-steps", type=int)
    parser.add_argument("--resume", action="store_true", help="continue from the last checkpoint in --output-dir")
    parser.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=None, help="default: on with CUDA")
    parser.add_argument("--activation-checkpointing", action=argparse.BooleanOptionalAction, default=None,
                        help="default: on with CUDA")
    parser.add_argument("--attn-implementation", help="sdpa (default), eager or flash_attention_2 (default with CUDA "
                        "when flash-attn is installed)")
    parser.add_argument("--deepspeed", help="DeepSpeed config JSON for multi-GPU runs, e.g. configs/deepspeed_zero2.json")
    parser.add_argument("--max-train-pairs", type=int, help="cap the mined demo training pairs")
    parser.add_argument("--no-eval", action="store_true", help="skip the before/after evaluation")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args(argv)
    for key, value in PRESETS[args.preset].items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    if args.dataset is None:
        parser.error("--dataset is required with --preset paper (jsonl/parquet/csv files or Hub dataset ids)")
    if args.merge_weights is not None:
        from c2llm_tools.checkpoints import merge_weights

        try:
            merge_weights(args.merge_last, args.merge_weights)
        except ValueError as error:
            parser.error(str(error))
    if args.adapter_only and not args.lora_r:
        parser.error("--adapter-only needs --lora-r > 0")
    if args.adapter_only and args.merge_last:
        parser.error("--adapter-only cannot be combined with --merge-last (averaging gives full weights)")
    if not 0 <= args.warmup_ratio < 1:
        parser.error(f"--warmup-ratio must be in [0, 1), got {args.warmup_ratio}")
    if args.cached_loss and args.mini_batch_size < 1:
        parser.error("--mini-batch-size must be >= 1")
    return args


# ------------------------------------------------------------------------------------------------------ data


def prepare_stdlib_data(data_dir: Path, seed: int, max_train_pairs: int | None) -> tuple[list[str], Path]:
    """Mine the stdlib once (split by file), write train/dev/test jsonl and the test split as a BEIR folder."""
    from c2llm_tools.evaluation import write_beir
    from c2llm_tools.mining import mine_pairs, split_by_file, stdlib_root, write_dataset

    stats_path = data_dir / "stats.json"
    if not stats_path.exists():
        pairs, stats = mine_pairs([stdlib_root()], languages=["python"], seed=seed)
        splits = split_by_file(pairs, seed=seed)
        if max_train_pairs:
            splits["train"] = splits["train"][:max_train_pairs]
        write_dataset(splits, stats, data_dir)
        for split in ("dev", "test"):
            rows = [json.loads(line) for line in (data_dir / f"{split}.jsonl").read_text().splitlines()]
            queries = {f"q{i}": row["query"] for i, row in enumerate(rows)}
            corpus = {f"d{i}": row["positive"] for i, row in enumerate(rows)}
            write_beir(data_dir / f"{split}-beir", queries, corpus, {f"q{i}": {f"d{i}": 1} for i in range(len(rows))})
    return [str(data_dir / "train.jsonl")], data_dir / "test-beir"


# ----------------------------------------------------------------------------------------------------- model


def is_c2llm_folder(path: str) -> bool:
    config = Path(path) / "config.json"
    return config.is_file() and json.loads(config.read_text()).get("model_type") == "c2llm"


def build_initial_model(args: argparse.Namespace, init_dir: Path):
    """The model before training, saved once to `init_dir` (LoRA adapters and resumed runs refer to it)."""
    from transformers import AutoTokenizer

    from c2llm_tools.build import build_c2llm, load_model, save_model, small_qwen2_config, to_sentence_transformer

    if not (init_dir / "modules.json").exists():
        if is_c2llm_folder(args.backbone):  # continue training a C2LLM model (e.g. a converted official one)
            model = load_model(args.backbone)
        else:
            cuda = torch.cuda.is_available()
            if args.backbone == DEMO_BACKBONE:
                from c2llm_tools.qwen_tokenizer import build_qwen2_tokenizer

                tokenizer = build_qwen2_tokenizer()
                backbone = small_qwen2_config(
                    len(tokenizer), pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id
                )
            else:
                tokenizer = AutoTokenizer.from_pretrained(args.backbone)
                backbone = args.backbone
            hf_model = build_c2llm(
                backbone, embedding_method=args.pooling, compressed_dim=args.compressed_dim,
                pma_num_heads=args.pma_num_heads, padding_side=args.padding_side, seed=args.seed,
                dtype=weights_dtype(args), attn_implementation=attention(args),
            )
            if args.backbone == DEMO_BACKBONE:
                # Token identity must survive the random layers, whose outputs are ~10x the usual 0.02-std
                # embeddings: start the embeddings at unit scale (with --freeze-embeddings they stay random features).
                torch.nn.init.normal_(hf_model.get_input_embeddings().weight, std=1.0)
            model = to_sentence_transformer(hf_model, tokenizer, max_seq_length=args.max_seq_length)
            del hf_model
        save_model(model, init_dir)
        del model
    model = load_model(init_dir, model_kwargs={"attn_implementation": attention(args), "dtype": weights_dtype(args)})
    model.max_seq_length = args.max_seq_length
    return model


def attention(args: argparse.Namespace) -> str:
    """--attn-implementation, else flash-attention 2 on CUDA when flash-attn is installed, else sdpa."""
    if args.attn_implementation:
        return args.attn_implementation
    if torch.cuda.is_available():
        try:
            import flash_attn  # noqa: F401

            return "flash_attention_2"
        except ImportError:
            pass
    return "sdpa"


def weights_dtype(args: argparse.Namespace) -> torch.dtype:
    """bf16 storage only for a frozen LoRA base on CUDA; trained weights stay fp32 (bf16 autocast does the maths)."""
    return torch.bfloat16 if (torch.cuda.is_available() and args.bf16 is not False and args.lora_r) else torch.float32


# -------------------------------------------------------------------------------------------------- training


def training_arguments(args: argparse.Namespace, prompts: dict, distributed: bool):
    from sentence_transformers import SentenceTransformerTrainingArguments
    from sentence_transformers.base.sampler import BatchSamplers, MultiDatasetBatchSamplers

    cuda = torch.cuda.is_available()
    return SentenceTransformerTrainingArguments(
        output_dir=str(Path(args.output_dir) / "checkpoints"),
        num_train_epochs=args.epochs,
        max_steps=args.max_steps,
        per_device_train_batch_size=args.batch_size,
        learning_rate=args.learning_rate,
        warmup_steps=args.warmup_ratio,  # a float below 1 is a ratio of the total steps (transformers 5)
        lr_scheduler_type="cosine",
        weight_decay=0.01,
        adam_beta2=0.98,
        max_grad_norm=1.0,
        bf16=cuda if args.bf16 is None else args.bf16,
        activation_checkpointing=cuda if args.activation_checkpointing is None else args.activation_checkpointing,
        batch_sampler=BatchSamplers.NO_DUPLICATES,  # a duplicate in the batch would be a false negative
        multi_dataset_batch_sampler=MultiDatasetBatchSamplers.PROPORTIONAL,  # each batch from one dataset/language
        prompts=prompts,
        save_strategy="steps",
        save_steps=args.save_steps,
        save_total_limit=max(args.merge_last, 2),
        logging_steps=10,
        report_to="none",
        seed=args.seed,
        use_cpu=not cuda,
        ddp_backend=None if cuda else ("gloo" if distributed else None),
        ddp_find_unused_parameters=False,
        optim="adamw_torch",
        dataloader_drop_last=distributed,
        deepspeed=args.deepspeed,
    )


def make_loss(model, args: argparse.Namespace, distributed: bool):
    from sentence_transformers.sentence_transformer.losses import (
        CachedMultipleNegativesRankingLoss,
        MultipleNegativesRankingLoss,
    )

    scale = 1.0 / args.temperature
    if args.cached_loss:
        return CachedMultipleNegativesRankingLoss(
            model, scale=scale, mini_batch_size=args.mini_batch_size, gather_across_devices=distributed
        )
    return MultipleNegativesRankingLoss(model, scale=scale, gather_across_devices=distributed)


def column_prompts(dataset_names: list[str], columns: list[str], default_query_prompt: str) -> dict:
    """Per-dataset column -> prompt, as in the paper's Table 1: the instruction of the MTEB(Code) task a dataset is
    named after (`CosQA.jsonl` -> CosQA's) or the default query prompt on `query`, "Retrieved Answer:" on documents."""
    from c2llm_tools.prompts import DOCUMENT_PROMPT, QUERY_INSTRUCTIONS, query_prompt

    tasks = {task.lower(): task for task in QUERY_INSTRUCTIONS}
    prompts = {}
    for name in dataset_names:
        task = tasks.get(name.split("/")[0].lower())
        query = query_prompt(task) if task else default_query_prompt
        prompts[name] = {column: (query if column == "query" else DOCUMENT_PROMPT) for column in columns}
    return prompts


class StepCounter(TrainerCallback):
    """Counts the optimizer steps this process runs (a resumed run runs only the remaining ones)."""

    def __init__(self):
        self.steps = 0

    def on_step_end(self, args, state, control, **kwargs):
        self.steps += 1


def check_run_spec(output_dir: Path, args: argparse.Namespace) -> None:
    """The initial model, the mined data and the "before" scores in --output-dir are reused: refuse to reuse them
    for a run that would have built them differently."""
    keys = ("backbone", "dataset", "pooling", "padding_side", "pma_num_heads", "compressed_dim", "seed",
            "max_train_pairs", "eval_beir", "max_seq_length")
    spec = {key: getattr(args, key) for key in keys}
    path = output_dir / "run-spec.json"
    if path.exists():
        saved = json.loads(path.read_text())
        changed = sorted(key for key in keys if saved.get(key) != spec[key])
        if changed:
            was = ", ".join(f"--{key.replace('_', '-')}={saved.get(key)!r}" for key in changed)
            raise SystemExit(f"{output_dir} was set up with {was}; use a new --output-dir for other settings")
    else:
        write_json_atomic(path, spec)


def finish_model(model, args: argparse.Namespace):
    """The final model: optionally the weighted average of the last N checkpoints, LoRA merged unless adapter-only."""
    from c2llm_tools.checkpoints import average_checkpoints, list_checkpoints
    from c2llm_tools.lora import merge_lora

    if args.merge_last:
        checkpoints = list_checkpoints(Path(args.output_dir) / "checkpoints")[-args.merge_last :]
        if len(checkpoints) < args.merge_last:
            raise SystemExit(f"--merge-last {args.merge_last}: only {len(checkpoints)} checkpoint(s) were saved")
        logger.info("Averaging %s", [p.name for p in checkpoints])
        model = average_checkpoints(checkpoints, args.merge_weights)
    elif args.lora_r and not args.adapter_only:
        merge_lora(model[0].model)
    return model


# ------------------------------------------------------------------------------------------------------ main


def evaluate(model, beir_dir: Path | None, label: str) -> dict | None:
    if beir_dir is None:
        return None
    from c2llm_tools.evaluation import evaluate_model

    model.eval()
    with torch.no_grad():
        scores = evaluate_model(model, beir_dir, name=label, batch_size=64)
    logger.info("%s: nDCG@10 %.4f  MRR@10 %.4f", label, scores["ndcg_at_10"], scores["mrr_at_10"])
    return scores


def write_json_atomic(path: Path, payload: dict) -> None:
    from c2llm_tools.atomic import atomic_write_text

    atomic_write_text(path, json.dumps(payload, indent=2) + "\n")


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from accelerate import PartialState
    from sentence_transformers import SentenceTransformerTrainer

    from c2llm_tools.build import save_model
    from c2llm_tools.checkpoints import list_checkpoints
    from c2llm_tools.data import load_training_data, negative_columns
    from c2llm_tools.lora import lora_config
    from c2llm_tools.prompts import query_prompt

    started = time.time()
    cuda = torch.cuda.is_available()
    distributed = int(os.environ.get("WORLD_SIZE", "1")) > 1  # launched by torchrun / accelerate launch
    state = PartialState(cpu=not cuda, **({"backend": "gloo"} if distributed and not cuda else {}))
    output_dir = Path(args.output_dir).resolve()
    output_dir.mkdir(parents=True, exist_ok=True)
    if not args.resume and list_checkpoints(output_dir / "checkpoints"):
        raise SystemExit(f"{output_dir}/checkpoints already has checkpoints: pass --resume or a new --output-dir")
    if state.is_main_process:
        check_run_spec(output_dir, args)

    with state.main_process_first():  # rank 0 mines data and saves the initial model; the others then read them
        sources, beir_dir = list(args.dataset), Path(args.eval_beir) if args.eval_beir else None
        if sources == [STDLIB]:
            sources, default_beir = prepare_stdlib_data(output_dir / "data", args.seed, args.max_train_pairs)
            beir_dir = beir_dir or default_beir
        train_data, report = load_training_data(sources, args.num_hard_negatives)
        model = build_initial_model(args, output_dir / "init-model")

    evaluate_now = state.is_main_process and not args.no_eval
    before = None
    if evaluate_now and beir_dir is not None:  # kept on disk so that a resumed run reports it too
        before_path = output_dir / "before-training.json"
        if not before_path.exists():
            write_json_atomic(before_path, evaluate(model, beir_dir, "before training"))
        before = json.loads(before_path.read_text())
    if args.lora_r:
        model.add_adapter(lora_config(model[0].model, r=args.lora_r, alpha=args.lora_alpha))
        for parameter in model.parameters():  # adapters and the PMA copy are trained: keep an fp32 master
            if parameter.requires_grad:
                parameter.data = parameter.data.float()
    elif args.freeze_embeddings:
        model[0].model.get_input_embeddings().weight.requires_grad_(False)

    columns = ["query", "positive", *negative_columns(next(iter(train_data.values())).column_names)]
    prompts = column_prompts(list(train_data), columns, model.prompts.get("query", query_prompt()))
    step_counter = StepCounter()
    trainer = SentenceTransformerTrainer(
        model=model,
        args=training_arguments(args, prompts, distributed),
        train_dataset=train_data,
        loss=make_loss(model, args, distributed),
        callbacks=[step_counter],
    )
    # the newest checkpoint the trainer finished writing (trainer_state.json comes last): a kill mid-save is harmless
    complete = [p for p in list_checkpoints(output_dir / "checkpoints") if (p / "trainer_state.json").exists()]
    resume_from = str(complete[-1]) if args.resume and complete else None
    train_output = trainer.train(resume_from_checkpoint=resume_from)

    results = {}
    if state.is_main_process:
        model = finish_model(model, args)
        final_dir = save_model(model, output_dir / "model")
        after = evaluate(model, beir_dir, "after training") if evaluate_now else None
        bm25 = None
        if evaluate_now and beir_dir is not None:
            from c2llm_tools.evaluation import evaluate_bm25

            bm25 = evaluate_bm25(beir_dir)
        results = {
            "command": " ".join([Path(sys.argv[0]).name, *(argv if argv is not None else sys.argv[1:])]),
            "preset": args.preset,
            "backbone": args.backbone,
            "pooling": args.pooling,
            "datasets": {name: len(ds) for name, ds in train_data.items()},
            "dropped_rows": report.dropped,
            "global_steps": trainer.state.global_step,
            "steps_this_run": step_counter.steps,
            "train_loss": train_output.training_loss,
            "train_seconds": round(train_output.metrics.get("train_runtime", 0.0), 1),
            "total_seconds": round(time.time() - started, 1),
            "eval_split": str(beir_dir) if beir_dir else None,
            "before": before,
            "after": after,
            "bm25": bm25,
            "model_dir": str(final_dir),
        }
        write_json_atomic(output_dir / "results.json", results)
        if after is not None:
            rows = [("untrained", before), ("trained", after), ("BM25", bm25)]
            print("\n| model | nDCG@10 | MRR@10 |\n|---|---|---|")
            for name, scores in rows:
                if scores:
                    print(f"| {name} | {scores['ndcg_at_10']:.4f} | {scores['mrr_at_10']:.4f} |")
        print(f"\nmodel: {final_dir}\nresults: {output_dir / 'results.json'}")
    # no barrier here: the other ranks may exit while rank 0 merges, saves and evaluates (a 7B can outlast a timeout)
    return results


if __name__ == "__main__":
    main()
