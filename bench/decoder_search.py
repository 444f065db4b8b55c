"""Pretrained decoders on code search: C2LLM-0.5B (Qwen2.5-Coder-0.5B-Instruct + PMA) and SmolLM2 trained with the
paper's LoRA recipe on the ablation's (docstring -> code) pairs, beside all-MiniLM-L6-v2 trained on the same batch
and as shipped. Scored as ``c2llm evaluate --beir`` scores (``c2llm.evaluation.dense.dense_search``, the model's own
query and document prompts, pytrec_eval's nDCG@10) on the ablation's in-domain, ood-python and ood-javascript splits,
with bootstrap and paired intervals over queries.

Data: ``c2llm ablation``'s mined data at its defaults (``<work-dir>/ablation-data``, mined once). Its last
:data:`VALID_PAIRS` training pairs are held back as the valid split (never trained on; the first
:data:`VALID_QUERIES` of them score each checkpoint); training reads the first ``steps x batch`` of the rest, each
row grouped by its docstring so that no batch holds one docstring twice (a false negative).

Jobs (each writes its row to ``bench/results/decoder_search.json``, atomically; each resumes):

* ``finetune --backbone DIR --label L``: a ``c2llm backbone`` folder trained by ``c2llm train`` with
  ``bench.decoders``' recipe (LoRA r 64 / alpha 32 on every linear layer, the folder's pooling head in full, lr 1e-4,
  left padding), continued from its last checkpoint after a kill; each checkpoint's valid score is kept once
  computed, the best one is scored on the test splits once;
* ``minilm``: all-MiniLM-L6-v2 (mean pooling, right padding, every weight trained, ``bench.poj104``'s MiniLM recipe)
  on the same pairs, steps, batch and training length;
* ``shipped --model DIR --label L``: a folder as it is (zero-shot);
* ``table``: the Markdown tables of docs/decoders.md (rows, against MiniLM) and docs/ablation.md (PMA against the
  other poolings).

    python -m bench.decoder_search --threads 2 finetune --backbone outputs/backbones/qwen2.5-coder-0.5b-instruct \\
        --label qwen2.5-coder-0.5b --steps 150 --save-steps 50 --train-max-seq-length 64
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.decoders import (
    POOLING_NAMES,
    RECIPE,
    fmt,
    folder_pooling,
    read_results,
    run_training,
    train_command,
    write_row,
)
from bench.poj104 import WORK_DIR, _minilm_folder, paired_difference, per_problem_stats, seed_average

RESULTS = Path("bench/results/decoder_search.json")
TESTS = ("in-domain", "ood-python", "ood-javascript")
VALID_PAIRS = 200  # bench.frozen_pooling's docstring valid split: the same held-back pairs
VALID_QUERIES = 100  # a checkpoint's valid score reads these (a Qwen encode of 200 is 5 min here)
MINILM_LR = 1e-4  # bench.poj104 finetune's default
MINILM = "all-MiniLM-L6-v2"


def command_line() -> str:
    return shlex.join(["python", "-m", "bench.decoder_search", *sys.argv[1:]])


# ---------------------------------------------------------------------------------------------------------------------
# Data


def ablation_data(work_dir: str | Path) -> Path:
    """``c2llm ablation``'s data folder at its defaults, mined once (reused while its settings are the same)."""
    from c2llm.bench.ablation import AblationSettings, prepare_data

    data_dir = Path(work_dir) / "ablation-data"
    prepare_data(AblationSettings(show_progress=False), data_dir)
    return data_dir


def train_rows(data_dir: Path) -> list[dict[str, str]]:
    return [json.loads(line) for line in (data_dir / "train.jsonl").read_text().splitlines() if line]


def pair_file(data_dir: Path, count: int) -> Path:
    """The first ``count`` training pairs outside the valid split, as ``c2llm train`` reads them (grouped by
    docstring)."""
    from c2llm.atomic import atomic_write_text

    rows = train_rows(data_dir)[:-VALID_PAIRS]
    if count > len(rows):
        raise SystemExit(f"error: --steps x --batch-size = {count} pairs; the ablation's data has {len(rows)} outside "
                         "the valid split")
    path = data_dir / f"search-pairs-n{count}.jsonl"
    if not path.is_file():
        atomic_write_text(path, "".join(
            json.dumps({"query": r["query"], "positive": r["positive"], "group": r["query"]}) + "\n"
            for r in rows[:count]))
    return path


def valid_split(data_dir: Path):
    """The held-back pairs as a retrieval split: each docstring against the code of all of them."""
    from c2llm.evaluation.beir import BeirData

    rows = train_rows(data_dir)[-VALID_PAIRS:][:VALID_QUERIES]
    return BeirData(queries={f"q{i}": r["query"] for i, r in enumerate(rows)},
                    corpus={f"d{i}": {"title": "", "text": r["positive"]} for i, r in enumerate(rows)},
                    qrels={f"q{i}": {f"d{i}": 1} for i in range(len(rows))}, name="valid")


def test_splits(data_dir: Path) -> dict[str, Any]:
    from c2llm.evaluation.beir import load_beir

    return {name: load_beir(data_dir / name) for name in TESTS}


# ---------------------------------------------------------------------------------------------------------------------
# Scores


def split_scores(model, data, threads: int) -> dict[str, Any]:
    """nDCG@10 on one split as ``c2llm evaluate --beir`` computes it, with its bootstrap interval over queries and the
    per-query figures a paired interval needs."""
    from c2llm.evaluation import dense_search, per_query_metrics
    from c2llm.evaluation.clones import problem_bootstrap

    began = time.perf_counter()
    per_query = per_query_metrics(data.qrels, dense_search(model, data, show_progress_bar=False))
    units = sorted(per_query)
    ndcg = np.array([per_query[qid]["ndcg_at_10"] for qid in units])
    return {"ndcg_at_10": round(float(ndcg.mean()), 4),
            "ndcg_at_10_ci95": [round(x, 4) for x in problem_bootstrap(ndcg, units)],
            "queries": len(units), "documents": len(data.corpus),
            "encode_seconds": round(time.perf_counter() - began, 1),
            "threads": threads, "per_query": {"ndcg_at_10": per_problem_stats(ndcg, units)}}


def load(folder: str | Path, max_seq_length: int):
    from c2llm.build import load_model

    return load_model(str(folder), max_seq_length=max_seq_length, device="cpu")


def test_scores(folder: str | Path, data_dir: Path, args: argparse.Namespace) -> dict[str, Any]:
    model = load(folder, args.max_seq_length)
    return {name: split_scores(model, data, args.threads) for name, data in test_splits(data_dir).items()}


def chosen_checkpoint(run_dir: Path, data_dir: Path, args: argparse.Namespace, key: str) -> tuple[Path, list]:
    """Every checkpoint's valid nDCG@10 (kept in the run folder once computed); the best one."""
    history_path = run_dir / "valid_history.json"
    history = json.loads(history_path.read_text()) if history_path.is_file() else {}
    valid = valid_split(data_dir)
    for checkpoint in sorted((run_dir / "checkpoints").glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[1])):
        if checkpoint.name not in history:
            score = split_scores(load(checkpoint, args.max_seq_length), valid, args.threads)
            history[checkpoint.name] = {"step": int(checkpoint.name.split("-")[1]),
                                        "valid_ndcg_at_10": score["ndcg_at_10"],
                                        "encode_seconds": score["encode_seconds"]}
            history_path.write_text(json.dumps(history, indent=2) + "\n")
            print(f"{key} {checkpoint.name}: valid nDCG@10 {score['ndcg_at_10']:.4f}", file=sys.stderr)
    ordered = sorted(history.values(), key=lambda entry: entry["step"])
    chosen = max(ordered, key=lambda entry: entry["valid_ndcg_at_10"])
    return run_dir / "checkpoints" / f"checkpoint-{chosen['step']}", ordered


# ---------------------------------------------------------------------------------------------------------------------
# Jobs


def batch_name(args: argparse.Namespace) -> str:
    return f"s{args.seed}-{args.steps}steps-L{args.train_max_seq_length}"


def minilm_command(args: argparse.Namespace, data: Path, run_dir: Path) -> list[str]:
    return ["c2llm", "train", "--backbone", _minilm_folder(), "--dataset", str(data), "--output-dir", str(run_dir),
            "--pooling", "mean", "--padding-side", "right", "--lora-r", "0", "--no-freeze-embeddings",
            "--learning-rate", str(MINILM_LR), "--warmup-ratio", str(RECIPE["warmup_ratio"]), "--max-steps",
            str(args.steps), "--batch-size", str(args.batch_size), "--max-seq-length", str(args.train_max_seq_length),
            "--num-hard-negatives", "0", "--save-steps", str(args.save_steps), "--seed", str(args.seed), "--no-eval",
            "--no-progress"]


def trained_row(args: argparse.Namespace, key: str, command: list[str], model: str, pooling: str,
                backbone: str) -> None:
    """Train (or continue) the run, choose its checkpoint on valid, score the test splits once, write the row."""
    import torch

    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    data_dir = ablation_data(args.work_dir)
    run_dir = Path(args.work_dir) / "decoder-search" / key
    if not (run_dir / "model").is_dir():
        run_training(command, run_dir, args.threads)
    results = json.loads((run_dir / "results.json").read_text())
    checkpoint, history = chosen_checkpoint(run_dir, data_dir, args, key)
    shown = shlex.join(command).replace(str(Path(args.work_dir)), "<work-dir>")
    write_row(key, {
        "model": model, "backbone": backbone,
        "kind": "fine-tuned with c2llm train on docstring -> code pairs; checkpoint chosen on valid",
        "tuned_on": f"train ({args.steps * args.batch_size} pairs), valid ({VALID_QUERIES} held-back pairs: step)",
        "train_command": shown.replace(_minilm_folder(), f"<{MINILM}>"), "command": command_line(),
        "training": {"pooling": pooling, "seed": args.seed, "steps": args.steps, "batch_size": args.batch_size,
                     "train_max_seq_length": args.train_max_seq_length, "hard_negatives": 0,
                     "train_loss": round(results["train_loss"], 4), "train_seconds": results["train_seconds"],
                     "steps_timed": results["steps_this_run"],  # a resumed run times only its own steps
                     "seconds_per_step": round(results["train_seconds"] / results["steps_this_run"], 1),
                     "threads": args.threads, "valid_history": history,
                     "chosen_step": int(checkpoint.name.split("-")[1])},
        "max_seq_length": args.max_seq_length, "tests": test_scores(checkpoint, data_dir, args),
        "wall_seconds": round(time.perf_counter() - started, 1)}, args.out)


def finetune(args: argparse.Namespace) -> None:
    pooling = folder_pooling(args.backbone)
    key = f"finetune-{args.label}{'' if pooling == 'pma' else '-' + pooling}-{batch_name(args)}"
    data = pair_file(ablation_data(args.work_dir), args.steps * args.batch_size)
    recipe = argparse.Namespace(**{**vars(args), "hard_negatives": 0, "activation_checkpointing": False})
    command = train_command(recipe, data, Path(args.work_dir) / "decoder-search" / key)
    trained_row(args, key, command, f"{args.label} + C2LLM recipe (LoRA r 64 / alpha 32, {POOLING_NAMES[pooling]}), "
                f"seed {args.seed}, {args.steps} steps, training length {args.train_max_seq_length}", pooling,
                args.label)


def minilm(args: argparse.Namespace) -> None:
    key = f"finetune-minilm-mean-{batch_name(args)}"
    data = pair_file(ablation_data(args.work_dir), args.steps * args.batch_size)
    command = minilm_command(args, data, Path(args.work_dir) / "decoder-search" / key)
    trained_row(args, key, command, f"{MINILM}, mean pooling, every weight trained, lr {MINILM_LR}, seed "
                f"{args.seed}, {args.steps} steps, training length {args.train_max_seq_length}", "mean", MINILM)


def shipped(args: argparse.Namespace) -> None:
    import torch

    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    folder = args.model or _minilm_folder()
    write_row(f"shipped-{args.label}", {
        "model": f"{args.label} as it is", "backbone": args.label if args.model else MINILM, "kind": "zero-shot",
        "tuned_on": "nothing", "command": command_line(),
        "max_seq_length": args.max_seq_length, "tests": test_scores(folder, ablation_data(args.work_dir), args),
        "wall_seconds": round(time.perf_counter() - started, 1)}, args.out)


# ---------------------------------------------------------------------------------------------------------------------
# Tables


def table(results: dict[str, Any]) -> str:
    """One line per row: nDCG@10 (x 100) and its 95 % bootstrap interval over queries on each test split."""
    lines = ["| model | training (min) | " + " | ".join(TESTS) + " |", "|---" * (len(TESTS) + 2) + "|"]
    for row in results["rows"].values():
        training = row.get("training")
        minutes = f"{training['train_seconds'] / 60:.1f}" if training else "-"
        cells = [fmt(row["tests"][name]["ndcg_at_10"], row["tests"][name]["ndcg_at_10_ci95"]) for name in TESTS]
        lines.append(f"| {row['model']} | {minutes} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def paired(results: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Every trained decoder row against every MiniLM row (trained on its batch, or as shipped), per test split:
    (decoder key, MiniLM key, split, paired difference over queries)."""
    rows = results["rows"]
    decoders = [key for key in rows if "training" in rows[key] and rows[key]["backbone"] != MINILM]
    peers = [key for key in rows if rows[key]["backbone"] == MINILM]
    return [(key, peer, name, paired_difference(rows[key]["tests"][name]["per_query"]["ndcg_at_10"],
                                                rows[peer]["tests"][name]["per_query"]["ndcg_at_10"]))
            for key in decoders for peer in peers
            if "training" not in rows[peer] or batch_name_of(rows[peer]) == batch_name_of(rows[key])
            for name in TESTS]


def batch_name_of(row: dict[str, Any]) -> str:
    training = row["training"]
    return f"s{training['seed']}-{training['steps']}steps-L{training['train_max_seq_length']}"


def paired_table(results: dict[str, Any]) -> str:
    """The paired differences, with how many queries each side ranks better (most are ties: both rank it first)."""
    lines = ["| model | against | split | difference (nDCG@10 x 100) [95 % paired interval] | queries ahead / behind "
             "(of) |", "|---|---|---|---|---|"]
    rows = results["rows"]
    for key, peer, name, diff in paired(results):
        ours, theirs = (rows[k]["tests"][name]["per_query"]["ndcg_at_10"] for k in (key, peer))
        behind = sum(ours[q][0] < theirs[q][0] for q in ours)
        lines.append(f"| {rows[key]['model']} | {rows[peer]['model']} | {name} | "
                     f"{100 * diff['difference']:+.2f} [{100 * diff['ci95'][0]:+.2f}, {100 * diff['ci95'][1]:+.2f}] | "
                     f"{diff['wins']} / {behind} ({diff['problems']}) |")
    return "\n".join(lines)


def pooling_paired(results: dict[str, Any]) -> list[tuple[str, str, str, list[int], str, dict[str, Any]]]:
    """PMA minus each other pooling trained with the same backbone, steps and training length, per test split: per
    query the mean over the seeds both poolings ran, paired over queries.
    (backbone, batch, other pooling, seeds, split, paired difference)."""
    runs: dict[tuple[str, str], dict[str, dict[int, dict[str, Any]]]] = {}
    for row in results["rows"].values():
        training = row.get("training")
        if training and row["backbone"] != MINILM:
            batch = f"{training['steps']} steps, training length {training['train_max_seq_length']}"
            runs.setdefault((row["backbone"], batch), {}).setdefault(training["pooling"], {})[training["seed"]] = row
    out = []
    for (backbone, batch), by_pooling in sorted(runs.items()):
        for other in ("mean", "last_token"):
            seeds = sorted(set(by_pooling.get("pma", {})) & set(by_pooling.get(other, {})))
            for name in TESTS if seeds else ():
                average = {pooling: seed_average([by_pooling[pooling][seed]["tests"][name]["per_query"]["ndcg_at_10"]
                                                  for seed in seeds]) for pooling in ("pma", other)}
                diff = paired_difference(average["pma"], average[other])
                diff["behind"] = sum(average["pma"][q][0] < average[other][q][0] for q in average["pma"])
                out.append((backbone, batch, other, seeds, name, diff))
    return out


def pooling_table(results: dict[str, Any]) -> str:
    lines = ["| backbone, batch | PMA minus | seeds | split | nDCG@10 difference x 100 [95 % paired interval over "
             "queries] | queries ahead / behind (of) |", "|---|---|---|---|---|---|"]
    for backbone, batch, other, seeds, name, diff in pooling_paired(results):
        lines.append(f"| {backbone}, {batch} | {POOLING_NAMES[other]} | {', '.join(map(str, seeds))} | {name} | "
                     f"{fmt(diff['difference'], diff['ci95'])} | "
                     f"{diff['wins']} / {diff['behind']} ({diff['problems']}) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.decoder_search", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--work-dir", default=str(WORK_DIR))
    parser.add_argument("--max-seq-length", type=int, default=256, help="encoding length")
    jobs = parser.add_subparsers(dest="job", required=True)
    for name in ("finetune", "minilm"):
        job = jobs.add_parser(name)
        if name == "finetune":
            job.add_argument("--backbone", required=True, help="a folder of c2llm backbone")
            job.add_argument("--label", required=True)
        job.add_argument("--seed", type=int, default=0)
        job.add_argument("--steps", type=int, default=150)
        job.add_argument("--batch-size", type=int, default=16)
        job.add_argument("--train-max-seq-length", type=int, default=64)
        job.add_argument("--save-steps", type=int, default=50, help="a killed run loses at most this many steps")
    job = jobs.add_parser("shipped")
    job.add_argument("--model", help=f"a model folder (default: {MINILM})")
    job.add_argument("--label", required=True)
    jobs.add_parser("table")
    args = parser.parse_args(argv)
    if args.job == "table":
        results = read_results(args.out)
        print(table(results) + "\n\n" + paired_table(results) + "\n\n" + pooling_table(results))
        return
    {"finetune": finetune, "minilm": minilm, "shipped": shipped}[args.job](args)


if __name__ == "__main__":
    main()
