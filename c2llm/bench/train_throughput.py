"""Training throughput and peak memory: C2LLM PMA vs stock last-token pooling, and MNRL vs cached MNRL at a large batch.

    c2llm bench train --quick               # smoke test (~1-2 min)
    c2llm bench train                       # full: small shape, fp32
    c2llm bench train --shape 20m --dtypes fp32 bf16

From Python: ``run(TrainBenchSettings(quick=True))``. A training step is a plain loop with the real
sentence-transformers loss objects: tokenize a batch of real (docstring, function) pairs from the standard library,
loss forward (+ backward, inside the loss for the cached one), `loss.backward()`, AdamW step. Each run is a fresh
process (`python -m c2llm.bench.train_throughput --child SPEC`, so that its peak RSS is its own) that does
`warmup_steps` untimed steps and `steps` timed steps on the same batches as every other run; runs are interleaved
(ABCD, DCBA, ...) `repeats` times, and medians are reported.

Runs are `PIPELINE[@right]:LOSS:BATCH`, e.g. `pma:mnrl:32`, `st-lasttoken:mnrl:32`, `pma:cached16:128`:
PIPELINE as in c2llm/bench/common.py (`pma` = C2LLM with PMA, `st-lasttoken` = stock `Pooling` over the same
backbone), `@right` switches to right padding (default left, C2LLM's), LOSS is `mnrl` (MultipleNegativesRankingLoss)
or `cachedN` (CachedMultipleNegativesRankingLoss with mini_batch_size N).

Results go to `<output_dir>/train_throughput.{md,json}` (`train_throughput_quick.*` with `quick`); `output_dir`
defaults to bench/results in the current directory.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from . import common

common.setup()  # before torch / transformers are imported

import torch

from .settings import RUN_PATTERN, TrainBenchSettings

MODULE = "c2llm.bench.train_throughput"
GOAL_PMA_THROUGHPUT = 0.95  # PMA training throughput >= 95% of stock last-token pooling's


def parse_run(run: str) -> dict:
    """`pma@right:cached16:128` -> its pipeline, padding side, loss, mini-batch size and batch size."""
    match = RUN_PATTERN.fullmatch(run)
    return {"pipeline": match["pipeline"], "padding_side": "right" if match["right"] else "left",
            "loss": "cached" if match["mini"] else "mnrl",
            "mini_batch_size": int(match["mini"]) if match["mini"] else None,
            "batch_size": int(match["batch"])}


# ---------------------------------------------------------------------------------------------------- the child


def make_loss(model, run: dict, scale: float):
    """The real sentence-transformers loss object of a run."""
    from sentence_transformers.sentence_transformer.losses import (
        CachedMultipleNegativesRankingLoss,
        MultipleNegativesRankingLoss,
    )

    if run["loss"] == "cached":
        return CachedMultipleNegativesRankingLoss(model, scale=scale, mini_batch_size=run["mini_batch_size"])
    return MultipleNegativesRankingLoss(model, scale=scale)


def train_step(model, loss_fn, optimizer, queries: list[str], documents: list[str], autocast) -> dict:
    """One step (tokenize, forward, backward, AdamW); returns its time and token counts."""
    start = time.perf_counter()
    features = [model.preprocess(queries), model.preprocess(documents)]
    with autocast():
        loss = loss_fn(features, None)
    loss.backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    seconds = time.perf_counter() - start
    masks = [f["attention_mask"] for f in features]
    return {
        "seconds": seconds, "loss": float(loss.detach()),
        "real_tokens": int(sum(m.sum() for m in masks)), "padded_tokens": int(sum(m.numel() for m in masks)),
        "lengths": [n for m in masks for n in m.sum(dim=1).tolist()],
    }


def child_main(spec_path: str) -> None:
    """One run in a fresh process: load the pipeline in fp32, train `warmup + steps` steps, print a JSON summary."""
    spec = json.loads(Path(spec_path).read_text())
    run, args = parse_run(spec["run"]), SimpleNamespace(**spec["args"])
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    pairs = json.loads(Path(spec["pairs_path"]).read_text())
    model = common.load_pipeline(run["pipeline"], Path(spec["workdir"]), spec["shape"], torch.float32,
                                 args.max_seq_length)
    model.tokenizer.padding_side = run["padding_side"]
    model.train()
    loss_fn = make_loss(model, run, args.scale)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate, weight_decay=0.01)
    if spec["dtype"] == "bf16":
        autocast = lambda: torch.autocast("cpu", dtype=torch.bfloat16)
    else:
        autocast = contextlib.nullcontext
    gc.collect()
    load_peak, after_load = common.hwm_mb(), common.current_rss_mb()
    reset = common.reset_peak_rss()

    batch, steps = run["batch_size"], []
    for step in range(args.warmup_steps + args.steps):
        rows = [pairs[(step * batch + i) % len(pairs)] for i in range(batch)]  # same batches in every run
        result = train_step(model, loss_fn, optimizer, [r[0] for r in rows], [r[1] for r in rows], autocast)
        result["warmup"] = step < args.warmup_steps
        steps.append(result)
    train_peak = common.hwm_mb() if reset else None
    print(json.dumps({
        "steps": steps,
        "rss_after_load_mb": after_load,  # excludes memory-mapped weights not touched yet
        "load_peak_mb": load_peak,
        "train_peak_mb": train_peak,  # weights + gradients + AdamW states + activations + the Python/torch baseline
        "process_peak_mb": max(load_peak, train_peak or 0.0, common.peak_rss_mb()),
        "trainable_params": sum(p.numel() for p in model.parameters() if p.requires_grad),
    }))


# --------------------------------------------------------------------------------------------------- the parent


def summarize(run: str, dtype: str, outputs: list[dict], config, peak: dict) -> dict:
    """Medians over repetitions of one run's timed steps."""
    per_repeat = []
    for output in outputs:
        timed = [s for s in output["steps"] if not s["warmup"]]
        seconds = sum(s["seconds"] for s in timed)
        real = sum(s["real_tokens"] for s in timed)
        flops = 3 * sum(common.forward_flops(config, s["lengths"]) for s in timed)  # forward + backward = 3x forward
        per_repeat.append({
            "seconds_per_step": seconds / len(timed), "tokens_per_second": real / seconds,
            "gflops": flops / seconds / 1e9,
            "padded_over_real": sum(s["padded_tokens"] for s in timed) / real,
            "train_peak_mb": output["train_peak_mb"], "process_peak_mb": output["process_peak_mb"],
            "final_loss": timed[-1]["loss"],
        })
    summary = {key: common.median([r[key] for r in per_repeat if r[key] is not None]) for key in per_repeat[0]}
    summary["peak_fraction"] = summary["gflops"] / peak[dtype]["gflops"]
    return {"run": run, "dtype": dtype, **parse_run(run), **summary, "repeats": per_repeat,
            "trainable_params": outputs[0]["trainable_params"]}


def paired_ratio(outputs: dict, a: str, b: str, key: str = "tokens_per_second") -> float | None:
    """Median over repetitions of a/b of a per-repetition metric (repetition i of a and b ran back to back)."""
    if a not in outputs or b not in outputs:
        return None
    values = []
    for out_a, out_b in zip(outputs[a], outputs[b]):
        values.append(per_run_metric(out_a, key) / per_run_metric(out_b, key))
    return common.median(values)


def per_run_metric(output: dict, key: str) -> float:
    timed = [s for s in output["steps"] if not s["warmup"]]
    if key == "tokens_per_second":
        return sum(s["real_tokens"] for s in timed) / sum(s["seconds"] for s in timed)
    return output[key]


def render_markdown(info: dict, peak: dict, summaries: list[dict], goals: list[list], args) -> str:
    out = ["# Training throughput: C2LLM PMA vs stock pooling, MNRL vs cached MNRL", "",
           common.machine_header(info, args.command or common.command_line()),
           f"- model: shape {args.shape} ({json.dumps(common.SHAPES[args.shape])}), real Qwen2.5 tokenizer, random "
           f"weights, fp32 master weights, AdamW lr {args.learning_rate}; data: stdlib (docstring, function) pairs, "
           f"max_seq_length {args.max_seq_length}; {args.warmup_steps} warm-up + {args.steps} timed steps per run, "
           f"{args.repeats} interleaved runs per configuration, medians", "",
           "## Matmul peak (square torch.mm)", "",
           common.markdown_table(["dtype", "peak GFLOP/s"], [[d, f"{p['gflops']:.1f}"] for d, p in peak.items()]),
           "", "## Runs", ""]
    rows = [[s["run"], s["dtype"], s["padding_side"], f"{s['seconds_per_step']:.2f}", f"{s['tokens_per_second']:,.0f}",
             f"{s['padded_over_real']:.2f}", f"{s['gflops']:.1f}", f"{100 * s['peak_fraction']:.1f}%",
             f"{s['train_peak_mb']:,.0f}" if s["train_peak_mb"] == s["train_peak_mb"] else "-",
             f"{s['process_peak_mb']:,.0f}", f"{s['final_loss']:.3f}"] for s in summaries]
    out.append(common.markdown_table(
        ["run", "dtype", "padding", "s/step", "tokens/s", "padded/real", "GFLOP/s", "% of peak",
         "train peak RSS MiB", "process peak RSS MiB", "last loss"], rows))
    out += ["", "## Goals and comparisons", "", common.markdown_table(["dtype", "check", "measured", "verdict"], goals),
            "", "tokens/s counts real (non-padding) query + document tokens. GFLOP/s = 3 x forward FLOPs of the real "
            "tokens (see docs/benchmarks.md) per second; the cached loss runs one extra no-grad forward that is not "
            "counted. Train peak RSS: peak RSS (VmHWM) of the run's process, reset after the model is loaded: weights, "
            "gradients, AdamW states, activations and ~0.6 GiB of Python/torch; process peak also covers loading.", ""]
    return "\n".join(out)


def comparisons(dtype: str, outputs: dict, summaries: dict, args) -> list[list]:
    """Goal checks (PMA vs last-token) and the MNRL vs cached MNRL comparison, from paired ratios."""
    goals, b, lb, mb = [], args.batch_size, args.large_batch_size, args.mini_batch_size
    pma, last = f"pma:mnrl:{b}", f"st-lasttoken:mnrl:{b}"
    ratio = paired_ratio(outputs, pma, last)
    if ratio is not None:
        goals.append([dtype, f"PMA / stock lasttoken tokens/s ({pma} vs {last}; >= 0.95)", f"{ratio:.3f}",
                      "pass" if ratio >= GOAL_PMA_THROUGHPUT else "FAIL"])
        memory = summaries[pma]["train_peak_mb"] / summaries[last]["train_peak_mb"]
        goals.append([dtype, "PMA / stock lasttoken train peak RSS", f"{memory:.3f}", ""])
    plain, cached = f"pma:mnrl:{lb}", f"pma:cached{mb}:{lb}"
    ratio = paired_ratio(outputs, cached, plain)
    if ratio is not None:
        goals.append([dtype, f"cached / plain MNRL tokens/s ({cached} vs {plain})", f"{ratio:.3f}", ""])
        memory = summaries[cached]["train_peak_mb"] / summaries[plain]["train_peak_mb"]
        goals.append([dtype, "cached / plain MNRL train peak RSS", f"{memory:.3f}", ""])
    for run in args.runs:  # right-padding variants against their left-padded twin
        if "@right" in run and run.replace("@right", "") in outputs:
            ratio = paired_ratio(outputs, run, run.replace("@right", ""))
            goals.append([dtype, f"right / left padding tokens/s ({run})", f"{ratio:.3f}", ""])
    return goals


def run(settings: TrainBenchSettings) -> dict:
    """Run the benchmark, print its progress and tables, write ``<output_dir>/<name>.{md,json}``; returns the JSON
    payload (with ``paths``, the two files written, added)."""
    args = settings
    if args.threads:
        torch.set_num_threads(args.threads)
    info = common.machine_info()
    peak = {d: common.matmul_peak(common.torch_dtype(d), args.peak_sizes, 3) for d in args.dtypes}
    print(f"machine: {info['cpu']}, {info['usable_cores']} cores; matmul peak "
          + ", ".join(f"{d} {p['gflops']:.0f} GFLOP/s" for d, p in peak.items()), flush=True)

    needed = max(parse_run(r)["batch_size"] for r in args.runs) * (args.warmup_steps + args.steps)
    pairs = [[p.query, p.positive] for p in common.code_pairs(needed, seed=args.seed)]
    config = common.qwen2_config(args.shape, len(common.tokenizer()))
    child_args = {k: getattr(args, k) for k in ("max_seq_length", "steps", "warmup_steps", "learning_rate", "scale",
                                                 "threads", "seed")}
    summaries, goals = [], []
    if args.work_dir:
        Path(args.work_dir).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="c2llm-bench-", dir=args.work_dir) as tmp:
        workdir = Path(tmp)
        pipelines = list(dict.fromkeys(parse_run(r)["pipeline"] for r in args.runs))
        common.prepare_pipelines(pipelines, args.shape, workdir, seed=args.seed)
        pairs_path = workdir / "pairs.json"
        pairs_path.write_text(json.dumps(pairs))
        print(f"{len(pairs)} pairs; runs: {', '.join(args.runs)}", flush=True)
        for dtype in args.dtypes:
            outputs = {run: [] for run in args.runs}
            for repeat in range(args.repeats):
                for run in common.alternating_order(args.runs, repeat):
                    spec = {"run": run, "dtype": dtype, "shape": args.shape, "workdir": str(workdir),
                            "pairs_path": str(pairs_path), "args": child_args}
                    outputs[run].append(common.run_child(MODULE, spec, workdir / "run-spec.json"))
                    tps = per_run_metric(outputs[run][-1], "tokens_per_second")
                    print(f"  {dtype} {run:24s} repeat {repeat + 1}: {tps:,.0f} tokens/s, train peak "
                          f"{outputs[run][-1]['train_peak_mb']:,.0f} MiB", flush=True)
            by_run = {run: summarize(run, dtype, outputs[run], config, peak) for run in args.runs}
            summaries += by_run.values()
            goals += comparisons(dtype, outputs, by_run, args)

    markdown = render_markdown(info, peak, summaries, goals, args)
    payload = {"machine": info, "args": args.to_dict(), "matmul_peak": peak, "runs": summaries, "comparisons": goals}
    md_path, json_path = common.write_report(args.name, markdown, payload, args.output_dir)
    print("\n" + markdown)
    print(f"\nwritten: {md_path}, {json_path}")
    return {**payload, "paths": [str(md_path), str(json_path)]}


if __name__ == "__main__":  # internal: python -m c2llm.bench.train_throughput --child SPEC (see common.run_child)
    child_main(common.child_spec_path(sys.argv[1:], MODULE))
