"""Pretrained decoders as C2LLM backbones (Qwen2.5-Coder-0.5B-Instruct, SmolLM2-135M-Instruct) on POJ-104, beside
all-MiniLM-L6-v2: zero-shot, and fine-tuned with the paper's LoRA recipe through ``c2llm train``.

The folders come from ``c2llm backbone --source NAME`` (``make backbone-qwen``, ``make backbone-smollm2``). Every
row uses the POJ-104 subsets of ``bench.poj104 finetune`` (the same seeded 1,200-program test subset and 320-program
valid subset, the same pair files with a BM25 hard negative and one problem per batch), so the rows pair with its
MiniLM rows over problems. A fine-tuned row's checkpoint is chosen on valid; the test subset is scored once.

Jobs (each writes its row to ``bench/results/decoders.json``, atomically; each resumes):

* ``zero-shot --model DIR --label L``: the folder as built (PMA freshly initialised: an untrained head);
* ``finetune --backbone DIR --label L --steps N``: ``c2llm train`` with LoRA r 64 / alpha 32 on every linear layer,
  PMA trained in full, lr 1e-4, left padding; a killed run is continued with ``--resume`` from its last checkpoint
  (``--save-steps``), and each checkpoint's valid score is kept once computed;
* ``packing --model DIR``: packed against padded embeddings of the real weights (grouped KV heads);
* ``encode --model DIR``: encode tokens/s, packed against padded against stock sentence-transformers mean pooling on
  the same programs, and PMA's share of the time;
* ``table``: the Markdown table of docs/decoders.md.

    python -m bench.decoders --threads 2 finetune --backbone models/smollm2-c2llm-init --label smollm2-135m --steps 80
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.poj104 import (
    DATA,
    RESULTS as POJ104_RESULTS,
    WORK_DIR,
    _encode_subset,
    _subset,
    build_pair_file,
    load,
    paired_difference,
    per_problem_stats,
    seed_average,
    subset_indices,
)

RESULTS = Path("bench/results/decoders.json")
FORMAT = 1
# the paper's recipe (research note §2.1): LoRA r 64 / alpha 32 on every linear layer, PMA in full, lr 1e-4
RECIPE = {"lora_r": 64, "lora_alpha": 32, "learning_rate": 1e-4, "warmup_ratio": 0.1, "hard_negatives": 1,
          "padding_side": "left", "temperature": 0.05}
TRAIN_LENGTH = 128  # documents are cut here for training; programs are encoded at --max-seq-length


def command_line() -> str:
    return shlex.join(["python", "-m", "bench.decoders", *sys.argv[1:]])


def read_results(path: Path = RESULTS) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.is_file() else {"format": FORMAT, "rows": {}}


def write_row(key: str, row: dict[str, Any], path: Path = RESULTS) -> None:
    """Merge one row into the results file, atomically."""
    from c2llm.atomic import atomic_write_text
    from c2llm.bench.common import machine_info
    from c2llm.provenance import source_commit

    results = read_results(path)
    results["format"] = FORMAT
    results["rows"][key] = {**row, "code": source_commit(), "machine": machine_info()}
    atomic_write_text(path, json.dumps(results, indent=2) + "\n")
    print(f"wrote {path} ({key})", file=sys.stderr)


def subsets(args: argparse.Namespace):
    """The valid and test subsets of ``bench.poj104 finetune`` (same seeds and sizes: rows pair over problems)."""
    valid, test = load("valid", args.data), load("test", args.data)
    return (_subset(valid, subset_indices(valid.problems, args.valid_per_problem, args.subset_seed)),
            _subset(test, subset_indices(test.problems, args.test_per_problem, args.subset_seed)))


def scored(vectors: np.ndarray, problems: list[str]) -> dict[str, Any]:
    """MAP@R and R-precision with their bootstrap intervals over problems, and the per-problem figures."""
    from c2llm.evaluation.clones import clone_query_scores, problem_bootstrap

    ap, rp = clone_query_scores(vectors, problems)
    return {"map_at_r": round(float(ap.mean()), 4),
            "map_at_r_ci95": [round(x, 4) for x in problem_bootstrap(ap, problems)],
            "r_precision": round(float(rp.mean()), 4),
            "r_precision_ci95": [round(x, 4) for x in problem_bootstrap(rp, problems)],
            "per_problem": {"map_at_r": per_problem_stats(ap, problems),
                            "r_precision": per_problem_stats(rp, problems)}}


def zero_shot(args: argparse.Namespace) -> None:
    import torch

    torch.set_num_threads(args.threads)
    _, (texts, problems) = subsets(args)
    vectors, seconds = _encode_subset(args.model, texts, args.max_seq_length)
    write_row(f"zero-shot-{args.label}", {
        "model": f"{args.label}, as built by c2llm backbone (untrained head)", "kind": "zero-shot",
        "tuned_on": "nothing", "test_subset": f"{args.test_per_problem} programs x {len(set(problems))} problems "
        f"(seed {args.subset_seed})", "max_seq_length": args.max_seq_length, "threads": args.threads,
        "encode_seconds": round(seconds, 1), "command": command_line(), **scored(vectors, problems)}, args.out)


def train_command(args: argparse.Namespace, data: Path, run_dir: Path) -> list[str]:
    return ["c2llm", "train", "--backbone", str(args.backbone), "--dataset", str(data), "--output-dir", str(run_dir),
            "--lora-r", str(RECIPE["lora_r"]), "--lora-alpha", str(RECIPE["lora_alpha"]),
            "--learning-rate", str(RECIPE["learning_rate"]), "--warmup-ratio", str(RECIPE["warmup_ratio"]),
            "--padding-side", RECIPE["padding_side"], "--max-steps", str(args.steps), "--batch-size",
            str(args.batch_size), "--max-seq-length", str(args.train_max_seq_length), "--num-hard-negatives",
            str(args.hard_negatives), "--save-steps", str(args.save_steps), "--seed", str(args.seed),
            "--no-eval", "--no-progress", *(["--activation-checkpointing"] if args.activation_checkpointing else [])]


POOLING_NAMES = {"pma": "PMA", "mean": "mean pooling", "last_token": "last-token pooling with EOS"}


def folder_pooling(backbone: str | Path) -> str:
    """The pooling a ``c2llm backbone`` folder was built with (its ``embedding_method``)."""
    config = Path(backbone) / "config.json"
    if not config.is_file():
        raise SystemExit(f"error: {backbone}: not a folder of c2llm backbone (no config.json)")
    return json.loads(config.read_text())["embedding_method"]


def batch_variant(hard_negatives: int, train_length: int, separator: str) -> str:
    """What a run changed from the recipe's batch (hard negatives, training length), for its key (``-``) and its
    name (``, ``): runs sized for a slower backbone get rows of their own."""
    parts = []
    if hard_negatives != RECIPE["hard_negatives"]:
        parts.append(f"{hard_negatives} hard negatives" if separator == ", " else f"hn{hard_negatives}")
    if train_length != TRAIN_LENGTH:
        parts.append(f"training length {train_length}" if separator == ", " else f"L{train_length}")
    return "".join(separator + part for part in parts)


def run_variant(args: argparse.Namespace, separator: str) -> str:
    return batch_variant(args.hard_negatives, args.train_max_seq_length, separator)


def run_key(args: argparse.Namespace, pooling: str) -> str:
    return (f"finetune-{args.label}{'' if pooling == 'pma' else '-' + pooling}-s{args.seed}-{args.steps}steps"
            f"{run_variant(args, '-')}")


def run_training(command: list[str], run_dir: Path, threads: int) -> None:
    """``c2llm train``, continued from its last checkpoint when an earlier run was killed."""
    resume = (run_dir / "checkpoints").is_dir()
    env = {**os.environ, "OMP_NUM_THREADS": str(threads)}
    print(f"{'resuming' if resume else 'starting'}: {shlex.join(command)}", file=sys.stderr)
    done = subprocess.run([sys.executable, "-m", "c2llm", *command[1:], *(["--resume"] if resume else [])], env=env,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"error: {shlex.join(command)}: exit {done.returncode}")


def finetune(args: argparse.Namespace) -> None:
    """Train (or continue) the run, score every checkpoint on valid once, the chosen one on test once."""
    import torch

    from c2llm.evaluation.clones import clone_query_scores

    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    (valid_texts, valid_problems), (test_texts, test_problems) = subsets(args)
    pair_count = args.steps * args.batch_size
    data = Path(args.work_dir) / "finetune-data" / f"pairs-n{pair_count}-s{args.seed}-grouped.jsonl"
    info_path = data.with_suffix(".json")
    if not info_path.exists():
        info = build_pair_file(load("train", args.data), data, pair_count, args.seed, groups=True)
        info_path.write_text(json.dumps(info, indent=2) + "\n")
    pooling = folder_pooling(args.backbone)
    key = run_key(args, pooling)
    run_dir = Path(args.work_dir) / "decoders" / key
    command = train_command(args, data, run_dir)
    if not (run_dir / "model").is_dir():
        run_training(command, run_dir, args.threads)
    results = json.loads((run_dir / "results.json").read_text())
    training = {**RECIPE, "hard_negatives": args.hard_negatives, "seed": args.seed, "steps": args.steps,
                "batch_size": args.batch_size, "max_seq_length": args.train_max_seq_length, "distinct_problems": True,
                "train_loss": round(results["train_loss"], 4), "train_seconds": results["train_seconds"],
                "steps_timed": results["steps_this_run"],  # a resumed run times only its own steps
                "seconds_per_step": round(results["train_seconds"] / results["steps_this_run"], 1),
                "threads": args.threads, "activation_checkpointing": args.activation_checkpointing,
                "pooling": pooling, "backbone_label": args.label}
    fields = {"model": f"{args.label} + C2LLM recipe (LoRA r 64 / alpha 32, {POOLING_NAMES[pooling]}), "
                       f"seed {args.seed}, {args.steps} steps{run_variant(args, ', ')}",
              "train_command": shlex.join(command).replace(str(Path(args.work_dir)), "<work-dir>"),
              "command": command_line()}
    if args.no_score:
        write_row(key, {**fields, "kind": "trained with c2llm train on train pairs; not scored", "training": training,
                        "wall_seconds": round(time.perf_counter() - started, 1)}, args.out)
        return
    history_path = run_dir / "valid_history.json"
    history = json.loads(history_path.read_text()) if history_path.is_file() else {}
    checkpoints = sorted((run_dir / "checkpoints").glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[1]))
    for checkpoint in checkpoints:
        if checkpoint.name not in history:
            vectors, seconds = _encode_subset(str(checkpoint), valid_texts, args.max_seq_length)
            score = float(clone_query_scores(vectors, valid_problems)[0].mean())
            history[checkpoint.name] = {"step": int(checkpoint.name.split("-")[1]), "valid_map_at_r": round(score, 4),
                                        "encode_seconds": round(seconds, 1)}
            history_path.write_text(json.dumps(history, indent=2) + "\n")
            print(f"{key} {checkpoint.name}: valid MAP@R {score:.4f}", file=sys.stderr)
    chosen = max(history.values(), key=lambda entry: entry["valid_map_at_r"])
    vectors, seconds = _encode_subset(str(run_dir / "checkpoints" / f"checkpoint-{chosen['step']}"), test_texts,
                                      args.max_seq_length)
    write_row(key, {
        **fields, "kind": "fine-tuned with c2llm train on train pairs; checkpoint chosen on a valid subset",
        "tuned_on": f"train ({pair_count} pairs), valid subset (step)",
        "test_subset": f"{args.test_per_problem} programs x {len(set(test_problems))} problems (seed "
                       f"{args.subset_seed})",
        "training": {**training, "valid_history": sorted(history.values(), key=lambda entry: entry["step"]),
                     "chosen_step": chosen["step"]},
        "max_seq_length": args.max_seq_length, "encode_seconds": round(seconds, 1), "threads": args.threads,
        "wall_seconds": round(time.perf_counter() - started, 1), **scored(vectors, test_problems)}, args.out)


def packing(args: argparse.Namespace) -> None:
    """Packed against padded embeddings of the folder's real weights, on a batch of POJ-104 programs of mixed
    lengths (grouped KV heads, PMA over the padded layout)."""
    import torch

    from c2llm.build import load_model

    torch.set_num_threads(args.threads)
    _, (texts, _) = subsets(args)
    texts = texts[:: max(1, len(texts) // args.texts)][: args.texts]
    model = load_model(args.model, max_seq_length=args.max_seq_length, device="cpu")
    c2llm_model = model[0].model
    out = {}
    for packed in (True, False):
        c2llm_model.config.pack_sequences = packed
        began = time.perf_counter()
        out[packed] = model.encode_document(texts, batch_size=len(texts), convert_to_numpy=True)
        out[f"seconds-{packed}"] = time.perf_counter() - began
    a, b = out[True], out[False]
    cosine = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    lengths = model.preprocess(texts)["attention_mask"].sum(1).tolist()
    write_row(f"packing-{args.label}", {
        "model": args.label, "texts": len(texts), "max_seq_length": args.max_seq_length,
        "real_tokens": int(sum(lengths)), "padded_tokens": len(texts) * max(lengths),
        "max_abs_diff": float(np.abs(a - b).max()), "min_cosine": round(float(cosine.min()), 8),
        "seconds_packed": round(out["seconds-True"], 2), "seconds_padded": round(out["seconds-False"], 2),
        "threads": args.threads, "command": command_line()}, args.out)


def encode_speed(args: argparse.Namespace) -> None:
    """Encode tokens/s of the folder on the same POJ-104 programs: the product (PMA, packed), the same pipeline
    padded, and stock sentence-transformers mean pooling over the same backbone weights (``Transformer`` ->
    ``Pooling``); and PMA's own share of the packed pipeline's time (the head timed alone on the batches' states)."""
    import statistics
    import tempfile

    import torch
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.base.modules import Transformer
    from sentence_transformers.sentence_transformer.modules import Pooling

    from c2llm.build import load_model

    torch.set_num_threads(args.threads)
    _, (texts, _) = subsets(args)
    texts = texts[:: max(1, len(texts) // args.texts)][: args.texts]
    model = load_model(args.model, max_seq_length=args.max_seq_length, device="cpu")
    c2llm_model = model[0].model
    real_tokens = int(model.preprocess(texts)["attention_mask"].sum())
    with tempfile.TemporaryDirectory(prefix="c2llm-stock-") as stock_dir:
        c2llm_model.backbone.save_pretrained(stock_dir)
        model.tokenizer.save_pretrained(stock_dir)
        transformer = Transformer(stock_dir, max_seq_length=args.max_seq_length,
                                  model_kwargs={"dtype": torch.float32, "attn_implementation": "sdpa"},
                                  processor_kwargs={"padding_side": "left"})
        stock = SentenceTransformer(modules=[transformer, Pooling(transformer.get_embedding_dimension(), "mean")],
                                    device="cpu")

    def run_pma(packed: bool):
        c2llm_model.config.pack_sequences = packed
        return model.encode(texts, batch_size=args.batch_size, convert_to_numpy=True)

    variants = {"c2llm PMA, packed": lambda: run_pma(True), "c2llm PMA, padded": lambda: run_pma(False),
                "sentence-transformers mean pooling (stock)": lambda: stock.encode(
                    texts, batch_size=args.batch_size, convert_to_numpy=True)}
    times: dict[str, list[float]] = {name: [] for name in variants}
    for repeat in range(args.repeats):  # A B C, then C B A: drift in the machine's speed hits every variant alike
        for name in (list(variants) if repeat % 2 == 0 else list(variants)[::-1]):
            began = time.perf_counter()
            variants[name]()
            times[name].append(time.perf_counter() - began)
    c2llm_model.config.pack_sequences = True
    head_seconds = 0.0
    with torch.no_grad():
        for start in range(0, len(texts), args.batch_size):
            features = model.preprocess(texts[start:start + args.batch_size])
            states = torch.randn(*features["input_ids"].shape, c2llm_model.config.backbone_config.hidden_size)
            began = time.perf_counter()
            c2llm_model.pool(states, features["attention_mask"])
            head_seconds += time.perf_counter() - began
    medians = {name: statistics.median(values) for name, values in times.items()}
    packed = medians["c2llm PMA, packed"]
    write_row(f"encode-{args.label}", {
        "model": args.label, "texts": len(texts), "real_tokens": real_tokens, "max_seq_length": args.max_seq_length,
        "batch_size": args.batch_size, "repeats": args.repeats, "threads": args.threads,
        "variants": {name: {"seconds": round(medians[name], 2), "tokens_per_s": round(real_tokens / medians[name], 1),
                            "all_seconds": [round(t, 2) for t in times[name]]} for name in variants},
        "packed_over_padded": round(medians["c2llm PMA, padded"] / packed, 3),
        "packed_over_stock": round(medians["sentence-transformers mean pooling (stock)"] / packed, 3),
        "pma_head_seconds": round(head_seconds, 4), "pma_head_share": round(head_seconds / packed, 5),
        "command": command_line()}, args.out)


def explain(args: argparse.Namespace) -> None:
    """``c2llm explain``'s report for the first program of the first ``--programs`` problems of the test subset,
    with the document prompt the rows are encoded with."""
    import torch

    from c2llm.atomic import atomic_write_text
    from c2llm.build import load_model
    from c2llm.explain import pma_attention, write_report

    torch.set_num_threads(args.threads)
    _, (texts, problems) = subsets(args)
    first = [problems.index(problem) for problem in sorted(set(problems), key=problems.index)][:args.programs]
    model = load_model(args.model, max_seq_length=args.max_seq_length)
    attentions = pma_attention(model, [texts[i] for i in first], model.prompts["document"])
    write_report(attentions, args.output_dir, label=f"PMA attention of {args.label} on POJ-104 programs")
    atomic_write_text(Path(args.output_dir) / "programs.json", json.dumps({
        "programs": [f"test subset #{i} (problem {problems[i]})" for i in first], "prompt": "document",
        "max_seq_length": args.max_seq_length, "command": command_line()}, indent=2) + "\n")


def fmt(value: float, interval: list[float] | None = None) -> str:
    text = f"{100 * value:.2f}"
    return text + (f" [{100 * interval[0]:.2f}, {100 * interval[1]:.2f}]" if interval else "")


# bench.poj104's all-MiniLM-L6-v2 rows on the same test subset: zero-shot, and fine-tuned (full, mean pooling, one
# problem per batch): the recipe at 90 steps on one thread, 180 and 480 (C2LLM-0.5B's training time) on two, and
# 150 steps of C2LLM-0.5B's CPU-sized batch
MINILM_ROWS = ("finetune-untrained", "finetune-mean-s0-90steps-distinct", "finetune-mean-s0-180steps-distinct",
               "finetune-mean-s0-480steps-distinct", "finetune-mean-s0-150steps-distinct-hn0-L64")
# a MiniLM run sized to a decoder's training time from an earlier run's seconds a step lands within this share of it:
# seconds a step drift with the machine (the 480-step run was sized at 7.9 s a step and ran at 9.7)
WALL_TIME_TOLERANCE = 0.25


def scored_rows(results: dict[str, Any], poj104: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The decoders' scored rows, then the MiniLM rows they are compared with."""
    rows = {key: row for key, row in sorted(results["rows"].items()) if "map_at_r" in row}
    return {**rows, **{key: poj104["rows"][key] for key in MINILM_ROWS if key in poj104.get("rows", {})}}


def training_seconds(training: dict[str, Any]) -> float:
    """The run's training time; a resumed run timed only its last steps, so its time is their pace times all steps."""
    return training["train_seconds"] * training["steps"] / training.get("steps_timed", training["steps"])


def train_minutes(row: dict[str, Any]) -> str:
    training = row.get("training") or {}
    if "train_seconds" not in training:
        return "-"
    estimated = "~" if training.get("steps_timed", training["steps"]) < training["steps"] else ""
    return f"{estimated}{training_seconds(training) / 60:.0f} ({training.get('threads', 1)} thr.)"


def table(results: dict[str, Any], poj104: dict[str, Any]) -> str:
    """The Markdown table of the POJ-104 rows (MAP@R x 100 on the test subset, 95 % bootstrap over problems), the
    MiniLM rows of bench.poj104 beside them."""
    lines = ["| row | steps | training minutes | MAP@R x 100 [95% CI] |", "|---|---|---|---|"]
    for row in scored_rows(results, poj104).values():
        steps = (row.get("training") or {}).get("steps", 0)
        lines.append(f"| {row['model']} | {steps} | {train_minutes(row)} | "
                     f"{fmt(row['map_at_r'], row['map_at_r_ci95'])} |")
    return "\n".join(lines)


def same_batch(decoder: dict[str, Any], minilm: dict[str, Any]) -> bool:
    """Whether a MiniLM row trained the decoder row's batch: steps, hard negatives and training length."""
    ours, theirs = decoder.get("training") or {}, minilm.get("training") or {}
    return bool(ours) and (ours["steps"], ours.get("hard_negatives", 1), ours["max_seq_length"]) == (
        theirs.get("steps"), theirs.get("hard_negatives", 1),
        theirs.get("train_max_seq_length", theirs.get("max_seq_length")))


def same_wall_time(decoder: dict[str, Any], minilm: dict[str, Any]) -> bool:
    """Whether a MiniLM row trained as long as the decoder row on as many threads (within WALL_TIME_TOLERANCE)."""
    ours, theirs = decoder.get("training") or {}, minilm.get("training") or {}
    if "train_seconds" not in ours or "train_seconds" not in theirs:
        return False
    if ours.get("threads", 1) != theirs.get("threads", 1):
        return False
    return abs(training_seconds(ours) - training_seconds(theirs)) <= WALL_TIME_TOLERANCE * training_seconds(ours)


def basis(decoder: dict[str, Any], minilm: dict[str, Any]) -> str | None:
    """What a MiniLM row has in common with a fine-tuned decoder row, if it is one to compare with."""
    if same_batch(decoder, minilm):
        return "equal steps (same batch)"
    return "equal training time" if same_wall_time(decoder, minilm) else None


def paired(results: dict[str, Any], poj104: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Each decoder row minus the MiniLM rows it is compared with, paired over the test subset's problems: zero-shot
    against zero-shot; fine-tuned against MiniLM fine-tuned at equal steps (the same batch) and at equal training
    time (on as many threads)."""
    rows = scored_rows(results, poj104)
    out = []
    for key, row in rows.items():
        if key in MINILM_ROWS:
            continue
        if key.startswith("zero-shot"):
            others = [(k, "untrained") for k in MINILM_ROWS[:1] if k in rows]
        else:
            others = [(k, why) for k in MINILM_ROWS[1:] if k in rows and (why := basis(row, rows[k]))]
        out.extend((key, other, why, paired_difference(row["per_problem"]["map_at_r"],
                                                       rows[other]["per_problem"]["map_at_r"]))
                   for other, why in others)
    return out


def pooling_runs(results: dict[str, Any]) -> dict[tuple[str, int], dict[str, dict[int, dict[str, Any]]]]:
    """The scored fine-tuned rows by (backbone label and batch variant, steps), then pooling, then seed. Rows written
    before the pooling was recorded all trained PMA folders (``c2llm backbone``'s default)."""
    runs: dict[tuple[str, int], dict[str, dict[int, dict[str, Any]]]] = {}
    for key, row in results["rows"].items():
        training = row.get("training", {})
        if "map_at_r" not in row or not key.startswith("finetune-"):
            continue
        label = training.get("backbone_label", key.removeprefix("finetune-").rsplit("-s", 1)[0])
        label += batch_variant(training.get("hard_negatives", 1), training.get("max_seq_length", TRAIN_LENGTH), ", ")
        runs.setdefault((label, training["steps"]), {}).setdefault(training.get("pooling", "pma"), {})[
            training["seed"]] = row
    return runs


def pooling_paired(results: dict[str, Any]) -> list[tuple[str, int, str, list[int], dict[str, Any]]]:
    """PMA minus each other pooling trained with the same backbone, steps and recipe: per problem the mean over the
    seeds both poolings ran, paired over the test subset's problems."""
    out = []
    for (label, steps), by_pooling in sorted(pooling_runs(results).items()):
        for other in ("mean", "last_token"):
            seeds = sorted(set(by_pooling.get("pma", {})) & set(by_pooling.get(other, {})))
            if seeds:
                average = {pooling: seed_average([by_pooling[pooling][seed]["per_problem"]["map_at_r"]
                                                  for seed in seeds]) for pooling in ("pma", other)}
                out.append((label, steps, other, seeds, paired_difference(average["pma"], average[other])))
    return out


def pooling_table(results: dict[str, Any]) -> str:
    lines = ["| backbone, steps | PMA minus | seeds | MAP@R difference x 100 [95% CI, paired over problems] | "
             "problems won |", "|---|---|---|---|---|"]
    for label, steps, other, seeds, diff in pooling_paired(results):
        lines.append(f"| {label}, {steps} | {POOLING_NAMES[other]} | {', '.join(map(str, seeds))} | "
                     f"{fmt(diff['difference'], diff['ci95'])} | {diff['wins']} of {diff['problems']} |")
    return "\n".join(lines)


def paired_table(results: dict[str, Any], poj104: dict[str, Any]) -> str:
    rows = scored_rows(results, poj104)
    lines = ["| decoder row | minus | compared at | MAP@R difference x 100 [95% CI, paired over problems] | "
             "problems won |", "|---|---|---|---|---|"]
    for key, other, why, diff in paired(results, poj104):
        lines.append(f"| {rows[key]['model']} | {rows[other]['model']} | {why} | "
                     f"{fmt(diff['difference'], diff['ci95'])} | {diff['wins']} of {diff['problems']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.decoders", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--work-dir", default=str(WORK_DIR))
    parser.add_argument("--valid-per-problem", type=int, default=20)
    parser.add_argument("--test-per-problem", type=int, default=50)
    parser.add_argument("--subset-seed", type=int, default=0)
    parser.add_argument("--max-seq-length", type=int, default=256, help="encoding length (the MiniLM rows' 256)")
    jobs = parser.add_subparsers(dest="job", required=True)
    job = jobs.add_parser("zero-shot")
    job.add_argument("--model", required=True)
    job.add_argument("--label", required=True)
    job.set_defaults(run=zero_shot)
    job = jobs.add_parser("finetune")
    job.add_argument("--backbone", required=True, help="a folder of c2llm backbone")
    job.add_argument("--label", required=True)
    job.add_argument("--seed", type=int, default=0)
    job.add_argument("--steps", type=int, default=80)
    job.add_argument("--batch-size", type=int, default=16)
    job.add_argument("--train-max-seq-length", type=int, default=TRAIN_LENGTH)
    job.add_argument("--hard-negatives", type=int, default=RECIPE["hard_negatives"],
                     help="hard negatives per pair (0: in-batch negatives only, a cheaper step)")
    job.add_argument("--save-steps", type=int, default=20, help="a killed run loses at most this many steps")
    job.add_argument("--no-score", action="store_true", help="train only: record the run, score nothing")
    job.add_argument("--activation-checkpointing", action="store_true",
                     help="recompute activations in the backward pass (Qwen at 16 pairs does not fit 24 GiB without)")
    job.set_defaults(run=finetune)
    job = jobs.add_parser("packing")
    job.add_argument("--model", required=True)
    job.add_argument("--label", required=True)
    job.add_argument("--texts", type=int, default=16)
    job.set_defaults(run=packing)
    job = jobs.add_parser("encode")
    job.add_argument("--model", required=True)
    job.add_argument("--label", required=True)
    job.add_argument("--texts", type=int, default=64)
    job.add_argument("--batch-size", type=int, default=16)
    job.add_argument("--repeats", type=int, default=2)
    job.set_defaults(run=encode_speed)
    job = jobs.add_parser("explain")
    job.add_argument("--model", required=True)
    job.add_argument("--label", required=True)
    job.add_argument("--programs", type=int, default=3)
    job.add_argument("--output-dir", required=True)
    job.set_defaults(run=explain)
    job = jobs.add_parser("table")
    job.set_defaults(run=lambda args: print(table(read_results(args.out), read_results(POJ104_RESULTS)) + "\n\n"
                                            + paired_table(read_results(args.out), read_results(POJ104_RESULTS))
                                            + "\n\n" + pooling_table(read_results(args.out))))
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
