"""The GPU check: the suite, the main job and the 0.5B throughputs on one CUDA GPU, in one command under 8 minutes.

    make gpu-check                     # python3 -m bench.gpu_check --out bench/results/gpu_check.json

What runs (the suite and the main job side by side, since the suite is mostly CPU work; the timings alone after):

1. versions, the GPU and its measured bf16 matmul peak (the best large square ``torch.mm``);
2. the test suite with CUDA visible (pytest-xdist when installed);
3. the main job, ``python train_sentence_transformers.py`` with its CUDA defaults (bf16, activation checkpointing,
   left padding): it passes when trained nDCG@10 >= untrained + 0.10;
4. training steps at the Qwen2.5-Coder-0.5B shape with the paper preset (LoRA r=64 with PMA trained in full, bf16
   autocast, activation checkpointing, batch 32 with 7 hard negatives, length 1024): steps/s and model FLOP
   utilisation, PMA against last-token pooling in the same model code (stock sentence-transformers pooling is not
   trained here: its sdpa mask leaves left-padding rows empty, the cause of the NaN gradients, see docs/gpu.md);
5. ``SentenceTransformer.encode`` at the 0.5B shape in bf16, 512 tokens: tokens/s and the fraction of the matmul
   peak, PMA against stock sentence-transformers last-token and mean pooling.

Weights are random (nothing can be downloaded there): throughput does not depend on their values. Results go to
``--out`` (a tracked file: the GPU, the versions, every figure and each goal met or not); the exit code is 0 only
when every goal is met.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET_SECONDS = 480  # the whole check, on one H100 or H200
GOAL_LEARNS = 0.10  # main job: trained nDCG@10 >= untrained + this
GOAL_ENCODE_PEAK_FRACTION = {"0.5b": 0.35, "7b": 0.45}  # PMA encode FLOP/s, end to end, over the bf16 matmul peak
GOAL_PMA_OVER_STOCK = 0.97  # PMA encode >= this x stock sentence-transformers in the same run
GOAL_TRAIN_SPEEDUP = 4.0  # packed paper-preset training >= this x TODAY_TRAIN_STEPS_PER_S
GOAL_TRAIN_MFU = 0.20  # and model FLOP utilisation on real tokens >= this
GOAL_REAL_SHARE = 0.98  # real tokens / tokens the backbone computes, in every timed batch
TODAY_TRAIN_STEPS_PER_S = 0.225  # PMA, paper preset, padded: the H200 run of 2026-11-28 (commit 3d3399b)
PARTS = ("suite", "main_job", "train_0.5b", "encode_0.5b", "encode_7b")
SUMMARY = re.compile(r"(\d+) (passed|failed|errors?|skipped)")


class CheckError(Exception):
    """The check cannot run here (no CUDA, a missing package); printed as one ``error:`` line, exit 2."""


# ------------------------------------------------------------------------------------------------ pure parts


def pytest_counts(output: str) -> dict[str, int]:
    """The counts of pytest's closing line (``3 failed, 120 passed, 2 skipped in 80.1s``)."""
    lines = [line for line in output.splitlines() if " in " in line and SUMMARY.search(line)]
    if not lines:
        return {}
    counts = {}
    for number, word in SUMMARY.findall(lines[-1]):
        counts["errors" if word.startswith("error") else word] = int(number)
    return counts


def learns(results: dict) -> dict:
    """The main job's goal from its results.json: trained nDCG@10 >= untrained + GOAL_LEARNS."""
    before = (results.get("before") or {}).get("ndcg_at_10")
    after = (results.get("after") or {}).get("ndcg_at_10")
    met = before is not None and after is not None and after >= before + GOAL_LEARNS
    return {"before": before, "after": after, "goal": f"after >= before + {GOAL_LEARNS}", "met": met}


def model_flop_utilisation(step_flops: float, seconds_per_step: float, peak_tflops: float) -> float:
    """Useful model FLOPs per second over the peak: a training step counts 3x its forward (no recomputation)."""
    return 3.0 * step_flops / seconds_per_step / (peak_tflops * 1e12)


def merged_padding(step: list[dict]) -> tuple[int, int]:
    """Real and computed tokens of one training step's tokenized columns: the query column is embedded on its own and
    the document columns merged into one batch padded to the widest of them (sentence-transformers' ``embed_columns``
    for MultipleNegativesRankingLoss), so every document costs the longest document's width."""
    masks = [features["attention_mask"] for features in step]
    real = sum(int(mask.sum()) for mask in masks)
    width = max(mask.shape[1] for mask in masks[1:])
    return real, masks[0].numel() + sum(mask.shape[0] for mask in masks[1:]) * width


def grouped_padding(step: list[dict]) -> tuple[int, int]:
    """Real and computed tokens of one step under the training loss's like-length groups, one column's size each
    (``c2llm.training.length_grouping``)."""
    from c2llm.training.length_grouping import length_groups

    groups, _ = length_groups(step, len(step[0]["attention_mask"]), "left", 0)
    masks = [features["attention_mask"] for features in step]
    return sum(int(mask.sum()) for mask in masks), sum(group["attention_mask"].numel() for group in groups)


def missing_packages(requirements: list[str]) -> list[str]:
    """The distributions of ``requirements`` (``name>=x`` lines) not installed in this interpreter."""
    from importlib.metadata import PackageNotFoundError, distribution

    missing = []
    for requirement in requirements:
        name = re.split(r"[<>=!~;\[ ]", requirement.strip(), maxsplit=1)[0]
        try:
            distribution(name)
        except PackageNotFoundError:
            missing.append(name)
    return missing


def requirements(extra: str | None = None, setup_cfg: Path = ROOT / "setup.cfg") -> list[str]:
    """install_requires, or one extra's lines, as setup.cfg lists them."""
    import configparser

    parser = configparser.ConfigParser()
    parser.read(setup_cfg)
    text = parser["options"]["install_requires"] if extra is None else parser["options.extras_require"][extra]
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def files_importing(modules: list[str], folders: list[Path]) -> list[str]:
    """The test files (relative to ROOT) that import one of ``modules`` at module level.

    A machine may lack a dev-only package too large to carry there (Ray, mteb's polars, the MiniLM weights); the files
    that import it cannot be collected, so the suite leaves them out and the report names them. A test that imports it
    in its body after ``pytest.importorskip`` is skipped; one that imports it without fails, as it should."""
    if not modules:
        return []
    pattern = re.compile(rf"^(?:import|from)\s+(?:{'|'.join(map(re.escape, modules))})\b", re.MULTILINE)
    return sorted(str(path.relative_to(ROOT)) for folder in folders for path in folder.rglob("test_*.py")
                  if pattern.search(path.read_text(errors="replace")))


def module_name(distribution: str) -> str:
    """The import name of a dev requirement's distribution (``qdrant-client`` -> ``qdrant_client``)."""
    return distribution.lower().replace("-", "_")


# ----------------------------------------------------------------------------------------------- GPU parts


def matmul_peak_tflops(n: int = 8192, repeats: int = 20) -> float:
    """The measured bf16 peak: ``repeats`` square n x n products between two synchronisations."""
    import torch

    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    best = 0.0
    for _ in range(3):
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(repeats):
            a @ b
        torch.cuda.synchronize()
        best = max(best, 2 * n**3 * repeats / (time.perf_counter() - start) / 1e12)
    return best


def environment() -> dict:
    import peft
    import sentence_transformers
    import torch
    import transformers

    from c2llm.provenance import source_commit

    return {
        "gpu": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "transformers": transformers.__version__,
        "sentence_transformers": sentence_transformers.__version__,
        "peft": peft.__version__,
        "python": sys.version.split()[0],
        "cores": os.cpu_count(),
        "code": source_commit(),
        "bf16_matmul_tflops": round(matmul_peak_tflops(), 1),
    }


def start_suite(log: Path, leave_out: list[str]) -> subprocess.Popen:
    """The whole suite but ``leave_out`` in the background, over the cores the main job leaves (pytest-xdist when
    installed)."""
    import importlib.util

    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += [f"--ignore={path}" for path in leave_out]
    if importlib.util.find_spec("xdist"):
        command += ["-n", str(max(1, (os.cpu_count() or 4) - 4))]
    return subprocess.Popen(command, cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT)


def main_job(work: Path, timeout: float) -> dict:
    out = work / "demo-results.json"
    command = [sys.executable, "train_sentence_transformers.py", "--output-dir", str(work / "demo"), "--out", str(out),
               "--no-progress"]
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"met": False, "error": f"timed out after {timeout:.0f} s"}
    (work / "main-job.log").write_text(done.stdout + done.stderr)
    row = {"exit_code": done.returncode, "seconds": round(time.perf_counter() - start, 1)}
    if done.returncode != 0 or not out.exists():
        return {**row, "met": False, "error": done.stderr.strip().splitlines()[-1:]}
    results = json.loads(out.read_text())
    return {**row, **learns(results), "train_seconds": results.get("train_seconds"),
            "bm25": (results.get("bm25") or {}).get("ndcg_at_10")}


def paper_batches(pairs, steps: int, batch: int = 32, negatives: int = 7, seed: int = 0) -> list[list[list[str]]]:
    """``steps`` batches of the paper's shape: queries, positives and ``negatives`` other functions per row."""
    import random

    rng = random.Random(seed)
    batches = []
    for _ in range(steps):
        rows = rng.sample(pairs, batch * (1 + negatives))
        columns = [[p.query for p in rows[:batch]], [p.positive for p in rows[:batch]]]
        columns += [[p.positive for p in rows[batch * k : batch * (k + 1)]] for k in range(1, negatives + 1)]
        batches.append(columns)
    return batches


def synchronize(device: str) -> None:
    import torch

    if device == "cuda":
        torch.cuda.synchronize()


def on_device(features: dict, device: str) -> dict:
    """A tokenized batch with its tensors on ``device`` (other entries, such as the modality, as they are)."""
    import torch

    return {k: v.to(device, non_blocking=True) if isinstance(v, torch.Tensor) else v for k, v in features.items()}


def train_throughput(work: Path, pairs, peak: float, warmup: int = 3, steps: int = 8, repeats: int = 2,
                     shape: str = "0.5b", device: str = "cuda", batch: int = 32, bf16: bool = True) -> dict:
    """Paper-preset steps/s of PMA, packed against today's padded path (``pack_sequences=False``) on the same batches
    in the same order; the two alternate (A B B A ...), medians reported. Model FLOP utilisation counts real tokens.
    ``bf16=False`` (fp32) is for CPU tests: bf16 matmuls on a CPU without AMX are slower than fp32."""
    import statistics

    import torch

    from c2llm.bench import common
    from c2llm.training.config import TrainConfig
    from c2llm.training.trainer import make_loss, prepare_model_for_training

    config = TrainConfig(preset="paper", backbone="random-0.5b", dataset=["-"], output_dir=str(work))
    common.prepare_pipelines(["pma"], shape, work / "train")
    dtype = torch.bfloat16 if bf16 else torch.float32
    model = common.load_pipeline("pma", work / "train", shape, dtype, config.max_seq_length, device)
    # tokenized once, outside the timing (a collator's work)
    features = [[model.preprocess(column) for column in columns]
                for columns in paper_batches(pairs, warmup + steps, batch=batch)]
    lengths = [n for step in features[warmup:] for f in step for n in f["attention_mask"].sum(dim=1).tolist()]
    prepare_model_for_training(model, config)
    model.train()
    loss_fn = make_loss(model, config, distributed=False)  # the product's loss (like-length groups)
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=config.learning_rate)
    ways = {"packed": True, "padded (before)": False}
    seconds: dict[str, list[float]] = {way: [] for way in ways}
    computed = dict.fromkeys(ways, 0)
    for repeat in range(repeats):
        for way in ways if repeat % 2 == 0 else list(ways)[::-1]:
            model[0].model.config.pack_sequences = ways[way]
            for index, step in enumerate(features):
                if index == warmup:
                    synchronize(device)
                    start = time.perf_counter()
                with common.TokenCounter(model) as counter, torch.autocast(device, dtype=dtype, enabled=bf16):
                    loss = loss_fn([on_device(f, device) for f in step], None)
                loss.backward()
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                if index >= warmup and repeat == 0:
                    computed[way] += counter.computed
            synchronize(device)
            seconds[way].append((time.perf_counter() - start) / steps)
            if not torch.isfinite(loss):
                raise CheckError(f"paper-preset training ({way}) gave a non-finite loss")
    model[0].model.config.pack_sequences = True
    step_flops = common.forward_flops(model[0].model.config.backbone_config, lengths) / steps
    rows = {}
    for way in ways:
        per_step = statistics.median(seconds[way])
        rows[way] = {"steps_per_s": round(1 / per_step, 3),
                     "mfu_real_tokens": round(model_flop_utilisation(step_flops, per_step, peak), 3),
                     "real_token_fraction": round(sum(lengths) / computed[way], 3)}
    packed = rows["packed"]
    speedup = packed["steps_per_s"] / TODAY_TRAIN_STEPS_PER_S
    met = (speedup >= GOAL_TRAIN_SPEEDUP and packed["mfu_real_tokens"] >= GOAL_TRAIN_MFU
           and packed["real_token_fraction"] >= GOAL_REAL_SHARE)
    del model, loss_fn, optimizer
    if device == "cuda":
        torch.cuda.empty_cache()
    return {"shape": shape, "preset": "paper", "batch": batch, "hard_negatives": 7, "max_seq_length": 1024,
            "timed_steps": steps, "repeats": repeats, "rows": rows,
            "packed_over_padded": round(packed["steps_per_s"] / rows["padded (before)"]["steps_per_s"], 2),
            "packed_over_2026_11_28": round(speedup, 2),
            "goal": f"packed >= {GOAL_TRAIN_SPEEDUP}x {TODAY_TRAIN_STEPS_PER_S} steps/s, mfu_real_tokens >= "
                    f"{GOAL_TRAIN_MFU}, real_token_fraction >= {GOAL_REAL_SHARE}", "met": met}


def in_memory_model(shape: str, device: str, seed: int = 0):
    """A random C2LLM model (PMA) of ``shape`` in bf16, built on ``device``: a 7B folder would cost tens of GB of disk
    and minutes to write and read back, and throughput does not depend on the weights."""
    import torch

    from c2llm.bench import common
    from c2llm.build import build_c2llm

    with torch.device(device):
        model = build_c2llm(common.qwen2_config(shape, len(common.tokenizer())), embedding_method="pma",
                            pma_num_heads=common.SHAPES[shape]["pma_num_heads"], dtype=torch.bfloat16,
                            attn_implementation="sdpa", seed=seed)
    return model.eval()


def encoders(model) -> dict:
    """What each row runs on a tokenized batch: C2LLM packed, C2LLM padded (today's path), and stock
    sentence-transformers mean pooling over the same backbone (its only path without flash-attn: padded sdpa)."""
    from sentence_transformers.sentence_transformer.modules import Pooling

    stock = Pooling(model.config.backbone_config.hidden_size, pooling_mode="mean").to(model.device)

    def c2llm(pack: bool):
        def run(features: dict):
            model.config.pack_sequences = pack
            return model(**features).sentence_embedding
        return run

    def stock_mean(features: dict):
        states = model.backbone(**features).last_hidden_state
        return stock({"token_embeddings": states, "attention_mask": features["attention_mask"]})["sentence_embedding"]

    return {"pma (packed)": c2llm(True), "pma (padded, before)": c2llm(False),
            "stock sentence-transformers mean (sdpa, padded)": stock_mean}


def encode_pass(run, batches: list, tokenize, device: str) -> list:
    """One pass over ``batches`` (texts when ``tokenize`` is given: end to end; tokenized on-device batches: model
    only). Nothing waits for the GPU inside the loop, so tokenizing a batch overlaps computing the one before."""
    outputs = []
    for batch in batches:
        features = on_device(tokenize(batch), device) if tokenize is not None else batch
        outputs.append(run(features))
    synchronize(device)
    return outputs


def encode_throughput(texts: list[str], peak: float, shape: str = "0.5b", batch_size: int = 128,
                      max_seq_length: int = 512, repeats: int = 2, device: str = "cuda", goal: float = 0.35,
                      work: Path | None = None) -> dict:
    """bf16 encoding of code texts with their real length mix at ``max_seq_length``: for each row, tokens/s end to end
    (tokenizing included) and model only, the fraction of the measured peak, the real share of computed tokens and
    the peak memory; with ``work``, also ``SentenceTransformer.encode`` of the saved PMA pipeline, as a user calls it.
    Batches are sorted by length, as sentence-transformers sorts them."""
    import statistics

    import torch

    from c2llm.bench import common

    tokenizer = common.tokenizer()
    tokenizer.padding_side = "left"

    def tokenize(batch: list[str]) -> dict:
        return dict(tokenizer(batch, padding=True, truncation=True, max_length=max_seq_length, return_tensors="pt"))

    ordered = sorted(texts, key=len, reverse=True)
    batches = [ordered[start:start + batch_size] for start in range(0, len(ordered), batch_size)]
    start = time.perf_counter()
    on_cpu = [tokenize(batch) for batch in batches]
    tokenize_seconds = time.perf_counter() - start  # tokenizing alone: the rate no end-to-end row can pass
    tokenized = [on_device(features, device) for features in on_cpu]
    lengths = [n for features in tokenized for n in features["attention_mask"].sum(dim=1).tolist()]
    model = in_memory_model(shape, device)
    flops = common.forward_flops(model.config.backbone_config, lengths)
    rows = {}
    with torch.inference_mode():
        for name, run in encoders(model).items():
            encode_pass(run, batches[:2], tokenize, device)  # warm-up
            if device == "cuda":
                torch.cuda.reset_peak_memory_stats()
            timings: dict[str, list[float]] = {"end_to_end": [], "model_only": []}
            for _ in range(repeats):
                for mode, (inputs, tokenizing) in {"end_to_end": (batches, tokenize),
                                                   "model_only": (tokenized, None)}.items():
                    with common.TokenCounter(model) as counter:
                        start = time.perf_counter()
                        outputs = encode_pass(run, inputs, tokenizing, device)
                        timings[mode].append(time.perf_counter() - start)
            row = {}
            for mode, values in timings.items():
                seconds = statistics.median(values)
                row[f"tokens_per_s_{mode}"] = round(sum(lengths) / seconds)
                row[f"peak_fraction_{mode}"] = round(flops / seconds / 1e12 / peak, 3)
            row["real_token_fraction"] = round(sum(lengths) / counter.computed, 3)
            row["peak_memory_gib"] = round(torch.cuda.max_memory_allocated() / 2**30, 2) if device == "cuda" else None
            row["finite"] = bool(all(torch.isfinite(output).all() for output in outputs))
            rows[name] = row
        if work is not None:  # the user's call, through the saved pipeline
            common.prepare_pipelines(["pma"], shape, work)
            pipeline = common.load_pipeline("pma", work, shape, torch.bfloat16, max_seq_length, device).eval()
            pipeline.encode(texts[: batch_size * 2], batch_size=batch_size)
            timings = []
            for _ in range(repeats):
                synchronize(device)
                start = time.perf_counter()
                pipeline.encode(texts, batch_size=batch_size, convert_to_tensor=True)
                synchronize(device)
                timings.append(time.perf_counter() - start)
            seconds = statistics.median(timings)
            rows["pma, SentenceTransformer.encode"] = {"tokens_per_s_end_to_end": round(sum(lengths) / seconds),
                                                       "peak_fraction_end_to_end": round(flops / seconds / 1e12 / peak,
                                                                                         3)}
            del pipeline
    del model
    if device == "cuda":
        torch.cuda.empty_cache()
    packed, stock = rows["pma (packed)"], rows["stock sentence-transformers mean (sdpa, padded)"]
    over_stock = packed["peak_fraction_end_to_end"] / max(stock["peak_fraction_end_to_end"], 1e-9)
    met = (packed["peak_fraction_end_to_end"] >= goal and over_stock >= GOAL_PMA_OVER_STOCK and packed["finite"]
           and packed["real_token_fraction"] >= GOAL_REAL_SHARE)
    return {"shape": shape, "dtype": "bf16", "max_seq_length": max_seq_length, "texts": len(texts),
            "real_tokens": sum(lengths), "batch_size": batch_size,
            "tokenizing_tokens_per_s": round(sum(lengths) / tokenize_seconds),
            "tokenizing_limits": sum(lengths) / tokenize_seconds < packed["tokens_per_s_model_only"], "rows": rows,
            "packed_over_stock": round(over_stock, 2),
            "goal": f"pma (packed) peak_fraction_end_to_end >= {goal}, >= {GOAL_PMA_OVER_STOCK}x stock, "
                    f"real_token_fraction >= {GOAL_REAL_SHARE}", "met": met}


def throughputs(work: Path, peak: float) -> dict:
    """The training and encoding parts, in this order (the suite may still run beside them)."""
    from c2llm.bench import common

    # The fast tokenizer encodes a batch's texts on all cores only when allowed (the suite's environment forbids it):
    # on one core it is slower than the 0.5B shape computes on an H100 or H200 (encode's `tokenizing_tokens_per_s`).
    os.environ["TOKENIZERS_PARALLELISM"] = "true"
    pairs = common.code_pairs(4096, seed=0)
    texts = [pair.positive for pair in pairs]
    return {"train_0.5b": train_throughput(work, pairs, peak),
            "encode_0.5b": encode_throughput(texts, peak, "0.5b", goal=GOAL_ENCODE_PEAK_FRACTION["0.5b"],
                                             work=work / "encode"),
            "encode_7b": encode_throughput(texts[:1024], peak, "7b", batch_size=64, repeats=1,
                                           goal=GOAL_ENCODE_PEAK_FRACTION["7b"])}


# ---------------------------------------------------------------------------------------------------- main


def padding(out: Path, warmup: int = 3, steps: int = 8, batch: int = 32) -> dict:
    """The share of real tokens in what the check's timed training steps compute: sentence-transformers' merged
    forward (``merged_padding``), each column alone, and the training loss's like-length groups (``grouped_padding``);
    on the CPU: tokenizing needs no GPU, and every shape shares the Qwen2.5 tokenizer."""
    import torch

    from c2llm.bench import common
    from c2llm.training.config import TrainConfig

    work = Path(tempfile.mkdtemp(prefix="c2llm-gpu-check-padding-"))
    common.prepare_pipelines(["pma"], "small", work)
    max_seq_length = TrainConfig(preset="paper", backbone="random-0.5b", dataset=["-"],
                                 output_dir=str(work)).max_seq_length
    model = common.load_pipeline("pma", work, "small", torch.float32, max_seq_length)
    batches = paper_batches(common.code_pairs(4096, seed=0), warmup + steps, batch=batch)[warmup:]
    tokenized = [[model.preprocess(column) for column in columns] for columns in batches]
    real, computed = (sum(column) for column in zip(*map(merged_padding, tokenized), strict=True))
    # each column on its own (sentence-transformers' column_merging_disabled): padded to its own longest text
    per_column = sum(features["attention_mask"].numel() for step in tokenized for features in step)
    grouped = sum(grouped_padding(step)[1] for step in tokenized)
    report = {"steps": steps, "batch": batch, "hard_negatives": 7, "max_seq_length": max_seq_length,
              "real_tokens": real, "computed_tokens": computed, "real_token_fraction": round(real / computed, 3),
              "computed_tokens_per_column": per_column, "real_token_fraction_per_column": round(real / per_column, 3),
              "computed_tokens_grouped": grouped, "real_token_fraction_grouped": round(real / grouped, 3)}
    write_json(out, report)
    return report


def run(out: Path, budget: float = BUDGET_SECONDS, logs: Path | None = None, throughput_only: bool = False) -> dict:
    started = time.perf_counter()
    missing = missing_packages(requirements())
    if missing:
        raise CheckError(f"not installed: {' '.join(missing)} (bring their wheels: docs/gpu.md)")
    dev_missing = missing_packages(requirements("dev"))
    leave_out = files_importing([module_name(name) for name in dev_missing],
                                [ROOT / folder for folder in ("tests", "bench/tests", "staticmodel/tests")])
    import torch

    if not torch.cuda.is_available():
        raise CheckError(f"no CUDA device is visible to torch {torch.__version__}")
    work = Path(tempfile.mkdtemp(prefix="c2llm-gpu-check-"))
    report: dict = {"environment": environment()}
    if throughput_only:  # the timings alone, with no suite sharing the GPU and the cores
        report.update(throughputs(work, report["environment"]["bf16_matmul_tflops"]))
        report["seconds"] = round(time.perf_counter() - started, 1)
        report["met"] = all(report[key]["met"] for key in PARTS[2:])
        write_json(out, report)
        return report
    suite_log = work / "pytest.log"
    suite = start_suite(suite_log, leave_out)
    try:
        report["main_job"] = main_job(work, timeout=max(60.0, budget * 0.5))
        report.update(throughputs(work, report["environment"]["bf16_matmul_tflops"]))
        suite.wait(timeout=max(10.0, budget - (time.perf_counter() - started)))
    except subprocess.TimeoutExpired:
        pass  # the suite ran out of the budget: its counts say how far it got
    finally:
        if suite.poll() is None:  # never left running behind the check
            suite.kill()
            suite.wait()
    output = suite_log.read_text(errors="replace")
    counts = pytest_counts(output)
    report["suite"] = {**counts, "exit_code": suite.returncode, "dev_packages_missing": dev_missing,
                       "files_left_out": leave_out,
                       "failures": [line for line in output.splitlines() if line.startswith(("FAILED", "ERROR"))],
                       "met": suite.returncode == 0 and counts.get("passed", 0) > 0}
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["within_budget"] = report["seconds"] <= budget
    report["met"] = all(report[key]["met"] for key in PARTS) and report["within_budget"]
    if logs is not None:  # the suite's and the main job's whole output, beside the report
        logs.mkdir(parents=True, exist_ok=True)
        for name in ("pytest.log", "main-job.log"):
            if (work / name).exists():
                (logs / name).write_bytes((work / name).read_bytes())
    write_json(out, report)
    return report


def write_json(out: Path, report: dict) -> None:
    from c2llm.atomic import atomic_write_text

    atomic_write_text(out, json.dumps(report, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.gpu_check", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "gpu_check.json")
    parser.add_argument("--budget", type=float, default=BUDGET_SECONDS, help="seconds for the whole check")
    parser.add_argument("--logs", type=Path, help="a folder for the suite's and the main job's whole output")
    parser.add_argument("--throughput-only", action="store_true",
                        help="only the 0.5B training and encoding timings, with nothing else on the GPU or the cores")
    parser.add_argument("--padding", action="store_true",
                        help="only the real-token share of the timed training steps (runs on CPU)")
    args = parser.parse_args(argv)
    if args.padding:
        report = padding(args.out)
        print(f"real tokens {report['real_tokens']:,} of {report['computed_tokens']:,} computed merged "
              f"({report['real_token_fraction']}), {report['computed_tokens_grouped']:,} grouped "
              f"({report['real_token_fraction_grouped']}); results: {args.out}")
        return 0
    try:
        report = run(args.out, args.budget, args.logs, args.throughput_only)
    except CheckError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for key in [key for key in PARTS if key in report]:
        print(f"{key}: {'met' if report[key]['met'] else 'NOT met'}  {json.dumps(report[key])[:300]}")
    print(f"{report['seconds']} s (budget {args.budget:.0f} s); results: {args.out}")
    return 0 if report["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
