"""Encode throughput of the C2LLM PMA pipeline against stock sentence-transformers pooling on the same backbone.

    c2llm bench encode --quick                  # smoke test: small shape, few texts (~1-2 min)
    c2llm bench encode                          # full: small + 0.5B shapes, bf16 + fp32

From Python: ``run(EncodeSettings(quick=True))``. What is measured, per model shape and dtype, on a fixed sample of
real Python functions from the standard library:

* tokens/s of `SentenceTransformer.encode` (real, non-padding tokens) for each variant:
  `pma` (C2LLM: Transformer -> C2LLMPooling with PMA), `st-lasttoken` / `st-mean` (stock `Pooling` module over the
  same saved Qwen2 backbone), optionally `c2llm-last_token` / `c2llm-mean`, and `<pipeline>+budget[N]` (the same
  pipeline with token-budget batching, N padded tokens per batch, instead of sentence-transformers' default
  batching). Variants run interleaved (ABC, CBA, ABC, ...) and medians are reported; ratios (PMA overhead, budget
  speedup) are medians of per-repetition ratios.
* achieved GFLOP/s of the useful backbone work (see `common.forward_flops`) and its fraction of the machine's
  measured matmul peak (best large square `torch.mm` in the same dtype);
* peak RSS of a fresh process (`python -m c2llm.bench.encode_throughput --child SPEC`) that loads the pipeline and
  encodes its largest batch (`no_rss` skips it).

Results go to `<output_dir>/encode_throughput.{md,json}` (`encode_throughput_quick.*` with `quick`); `output_dir`
defaults to bench/results in the current directory.
"""

from __future__ import annotations

import gc
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from . import common

common.setup()  # before torch / transformers are imported

import numpy as np
import torch

from ..encoding import budget_batches_for, encode_by_token_budget
from .settings import EncodeSettings

MODULE = "c2llm.bench.encode_throughput"
GOAL_PMA_OVERHEAD = 0.02  # PMA may cost at most 2% against stock last-token pooling
GOAL_PEAK_FRACTION = 0.60  # encode at 0.5B shapes in bf16 should reach 60% of the matmul peak


# ---------------------------------------------------------------------------------------------------- batching


def default_batches(texts: list[str], batch_size: int) -> list[list[int]]:
    """The batches `SentenceTransformer.encode` forms: inputs sorted by decreasing *character* length, then cut into
    consecutive groups of `batch_size`."""
    order = np.argsort([-len(text) for text in texts])
    return [order[i : i + batch_size].tolist() for i in range(0, len(order), batch_size)]


def padded_tokens(batches: list[list[int]], lengths: list[int]) -> int:
    """Tokens actually computed (padding included) by a batching."""
    return sum(len(batch) * max(lengths[i] for i in batch) for batch in batches)


def pipeline_of(variant: str) -> str:
    """`pma+budget4096` -> `pma`."""
    return variant.partition("+")[0]


def budget_of(variant: str, args) -> int | None:
    """The token budget of a `+budget` / `+budgetN` variant, None for default batching."""
    batching = variant.partition("+")[2]
    if not batching:
        return None
    return int(batching.removeprefix("budget") or args.token_budget)


def batches_of(variant: str, model, texts: list[str], args) -> list[list[int]]:
    """The batches (lists of input indices) a variant encodes."""
    budget = budget_of(variant, args)
    return default_batches(texts, args.batch_size) if budget is None else budget_batches_for(model, texts, budget)


def encode(model, texts: list[str], variant: str, args) -> torch.Tensor:
    """One full encode pass of `texts` with the variant's batching."""
    budget = budget_of(variant, args)
    if budget is not None:
        return encode_by_token_budget(model, model.encode, texts, budget, show_progress_bar=False)
    return model.encode(texts, batch_size=args.batch_size, convert_to_tensor=True, show_progress_bar=False)


# ------------------------------------------------------------------------------------------------ measurements


def time_variants(models: dict, texts: list[str], variants: list[str], args) -> dict[str, list[float]]:
    """Seconds per full pass, `args.repeats` times per variant, interleaved (ABC, CBA, ...), after a warm-up."""
    warmup = texts[: min(8, len(texts))]
    for variant in variants:
        encode(models[pipeline_of(variant)], warmup, variant, args)
    times = {variant: [] for variant in variants}
    for repeat in range(args.repeats):
        for variant in common.alternating_order(variants, repeat):
            start = time.perf_counter()
            encode(models[pipeline_of(variant)], texts, variant, args)
            times[variant].append(time.perf_counter() - start)
            print(f"    {variant:24s} pass {repeat + 1}: {times[variant][-1]:.2f} s", flush=True)
    return times


def largest_batch(texts: list[str], lengths: list[int], batches: list[list[int]]) -> list[str]:
    """The texts of the largest padded batch of a batching: what sets its peak activation memory."""
    biggest = max(batches, key=lambda batch: len(batch) * max(lengths[i] for i in batch))
    return [texts[i] for i in biggest]


def child_main(spec_path: str) -> None:
    """In a fresh process: load one pipeline, then encode its largest batch; print RSS after load, the peak while
    loading, and the peak while encoding (VmHWM reset after loading)."""
    import json

    spec = json.loads(Path(spec_path).read_text())
    args = SimpleNamespace(**spec["args"])
    if args.threads:
        torch.set_num_threads(args.threads)
    model = common.load_pipeline(
        pipeline_of(spec["variant"]), Path(spec["workdir"]), spec["shape"], common.torch_dtype(spec["dtype"]),
        args.max_seq_length,
    )
    gc.collect()
    load_peak = common.hwm_mb()
    after_load = common.current_rss_mb()
    reset = common.reset_peak_rss()
    encode(model, spec["texts"], spec["variant"], args)
    encode_peak = common.hwm_mb() if reset else None
    print(json.dumps({
        "rss_after_load_mb": after_load,  # excludes memory-mapped weights not touched yet
        "load_peak_mb": load_peak,
        "encode_peak_mb": encode_peak,  # weights actually used + activations + the Python/torch baseline
        "process_peak_mb": max(load_peak, encode_peak or 0.0, common.peak_rss_mb()),
    }))


def measure_rss(variant: str, batch: list[str], shape: str, dtype: str, workdir: Path, args) -> dict:
    """Peak RSS of `variant` encoding `batch` (its largest) in a fresh process (see `child_main`)."""
    spec = {
        "variant": variant, "shape": shape, "dtype": dtype, "workdir": str(workdir), "texts": batch,
        "args": {"max_seq_length": args.max_seq_length, "batch_size": args.batch_size,
                 "token_budget": args.token_budget, "threads": args.threads},
    }
    return common.run_child(MODULE, spec, workdir / "rss-spec.json")


def measure_shape_dtype(shape: str, dtype: str, workdir: Path, texts: list[str], peak: dict, args) -> dict:
    """All variants of one (shape, dtype): timings, FLOP rate, padding, RSS."""
    pipelines = list(dict.fromkeys(pipeline_of(v) for v in args.variants))
    models = {p: common.load_pipeline(p, workdir, shape, common.torch_dtype(dtype), args.max_seq_length)
              for p in pipelines}
    lengths = common.real_lengths(models[pipelines[0]], texts)
    for p in pipelines[1:]:  # every pipeline must see exactly the same tokens
        assert common.real_lengths(models[p], texts) == lengths, f"{p} tokenizes differently from {pipelines[0]}"
    config = models[pipelines[0]][0].model.config
    config = getattr(config, "backbone_config", config)
    flops = common.forward_flops(config, lengths)
    real = sum(lengths)
    batches = {v: batches_of(v, models[pipeline_of(v)], texts, args) for v in args.variants}
    padded = {v: padded_tokens(batches[v], lengths) for v in args.variants}
    print(f"  {shape} {dtype}: {len(texts)} texts, {real} real tokens; padded tokens: "
          + ", ".join(f"{v} {n}" for v, n in padded.items()), flush=True)

    times = time_variants(models, texts, args.variants, args)
    del models
    gc.collect()

    rows = []
    for variant in args.variants:
        seconds = common.median(times[variant])
        budget = budget_of(variant, args)
        row = {
            "shape": shape, "dtype": dtype, "variant": variant,
            "batching": "default" if budget is None else f"token budget {budget}",
            "num_batches": len(batches[variant]),
            "seconds": times[variant], "median_seconds": seconds, "best_seconds": min(times[variant]),
            "real_tokens": real, "padded_tokens": padded[variant],
            "tokens_per_second": real / seconds, "gflops": flops / seconds / 1e9,
            "peak_fraction": flops / seconds / 1e9 / peak[dtype]["gflops"],
        }
        if not args.no_rss:
            row["rss"] = measure_rss(variant, largest_batch(texts, lengths, batches[variant]), shape, dtype, workdir,
                                     args)
        rows.append(row)
    # Per token PMA scores it against one query row per head and adds it to one weighted sum per head (C2LLMPMA)
    pma_flops = 4.0 * common.SHAPES[shape]["pma_num_heads"] * config.hidden_size * real
    return {"shape": shape, "dtype": dtype, "rows": rows, "ratios": paired_ratios(times, args.variants),
            "flops_per_pass": flops, "pma_flops_share": pma_flops / flops, "lengths": lengths}


def paired_ratios(times: dict[str, list[float]], variants: list[str]) -> dict:
    """Medians of per-repetition time ratios (robust to drift): PMA against stock pooling, budget against default."""
    def ratio(a: str, b: str) -> float | None:
        if a in times and b in times:
            return common.median([x / y for x, y in zip(times[a], times[b])])
        return None

    ratios = {  # time ratios: 1.02 = PMA 2% slower
        "pma_vs_st-lasttoken": ratio("pma", "st-lasttoken"),
        "pma_vs_st-mean": ratio("pma", "st-mean"),
        "pma_vs_c2llm-last_token": ratio("pma", "c2llm-last_token"),
    }
    for variant in variants:
        if "+" in variant:  # default time / budget time: > 1 means token-budget batching is faster
            ratios[f"default_vs_{variant}"] = ratio(pipeline_of(variant), variant)
    return {k: v for k, v in ratios.items() if v is not None}


# ------------------------------------------------------------------------------------------------------ report


def render_markdown(info: dict, peak: dict, results: list[dict], args) -> str:
    command = args.command or common.command_line()
    out = ["# Encode throughput: C2LLM PMA vs stock sentence-transformers pooling", "", common.machine_header(
        info, command), f"- data: {args.num_texts} stdlib Python functions (seed {args.seed}), "
        f"max_seq_length {args.max_seq_length}, default batching: batch_size {args.batch_size}, "
        f"+budget: {args.token_budget} padded tokens per batch; {args.repeats} interleaved passes per variant", ""]
    out += ["## Matmul peak (square torch.mm, best of %d)" % args.peak_repeats, ""]
    out.append(common.markdown_table(
        ["dtype", "peak GFLOP/s", *[f"n={n}" for n in args.peak_sizes]],
        [[d, f"{p['gflops']:.1f}", *[f"{p['per_size'][n]:.1f}" for n in args.peak_sizes]] for d, p in peak.items()],
    ))
    out += ["", "## Throughput", ""]
    table = []
    for result in results:
        reference = next((r for r in result["rows"] if r["variant"] == "st-lasttoken"), None)
        for r in result["rows"]:
            rss = r.get("rss") or {}
            table.append([
                r["shape"], r["dtype"], r["variant"], r["num_batches"], f"{r['median_seconds']:.2f}",
                f"{r['best_seconds']:.2f}",
                f"{r['tokens_per_second']:,.0f}",
                f"{reference['median_seconds'] / r['median_seconds']:.3f}" if reference else "-",
                f"{r['padded_tokens'] / r['real_tokens']:.2f}", f"{r['gflops']:.1f}",
                f"{100 * r['peak_fraction']:.1f}%",
                f"{rss['encode_peak_mb']:,.0f}" if rss.get("encode_peak_mb") else "-",
                f"{rss['process_peak_mb']:,.0f}" if rss else "-",
            ])
    out.append(common.markdown_table(
        ["shape", "dtype", "variant", "batches", "median s", "best s", "tokens/s", "speed vs st-lasttoken",
         "padded/real", "GFLOP/s", "% of peak", "encode peak RSS MiB", "process peak RSS MiB"], table))
    out += ["", "## Goals", ""]
    goals = []
    for result in results:
        label = f"{result['shape']} {result['dtype']}"
        ratios = result["ratios"]
        if "pma_vs_st-lasttoken" in ratios:
            cost = ratios["pma_vs_st-lasttoken"] - 1
            share = result["pma_flops_share"]
            if result["shape"] == "0.5b":
                check = "PMA cost vs stock lasttoken pooling (<= 2%)"
                verdict = "pass" if cost <= GOAL_PMA_OVERHEAD else "FAIL"
            else:  # the goal is stated for the real model; small shapes pay PMA's projections proportionally more
                check = f"PMA cost vs stock lasttoken pooling (info: PMA adds {100 * share:.1f}% FLOPs here)"
                verdict = ""
            goals.append([label, check, f"{100 * cost:+.1f}%", verdict])
        if "pma_vs_st-mean" in ratios:
            cost = ratios["pma_vs_st-mean"] - 1
            goals.append([label, "PMA cost vs stock mean pooling (info)", f"{100 * cost:+.1f}%", ""])
        for row in result["rows"]:
            if pipeline_of(row["variant"]) == "pma" and result["shape"] == "0.5b" and result["dtype"] == "bf16":
                goals.append([label, f"PMA encode ({row['batching']} batching), fraction of matmul peak (>= 60%)",
                              f"{100 * row['peak_fraction']:.1f}%",
                              "pass" if row["peak_fraction"] >= GOAL_PEAK_FRACTION else "FAIL"])
        if "pma_vs_c2llm-last_token" in ratios:
            goals.append([label, "PMA cost vs C2LLM last_token (info)",
                          f"{100 * (ratios['pma_vs_c2llm-last_token'] - 1):+.1f}%", ""])
        for key, value in ratios.items():
            if key.startswith("default_vs_"):
                variant = key.removeprefix("default_vs_")
                goals.append([label, f"speedup of {variant} over {pipeline_of(variant)} (>1: token budget faster)",
                              f"{value:.3f}x", ""])
    out.append(common.markdown_table(["shape dtype", "check", "measured", "verdict"], goals))
    out += ["", "Ratios are medians of per-pass ratios of interleaved runs. GFLOP/s counts only useful backbone work "
            "(2 x non-embedding params x real tokens + 4 x layers x hidden x sum(len^2)); padding, pooling and "
            "tokenization lower it. Peak RSS: a fresh process loads the pipeline, its peak-RSS counter (VmHWM) is "
            "reset, then it encodes the variant's largest batch; \"encode peak\" is the peak while encoding (weights "
            "in use + activations + ~0.6 GiB of Python/torch), \"process peak\" also covers loading.", ""]
    return "\n".join(out)


def run(settings: EncodeSettings) -> dict:
    """Run the benchmark, print its progress and tables, write ``<output_dir>/<name>.{md,json}``; returns the JSON
    payload (with ``paths``, the two files written, added)."""
    args = settings
    if args.threads:
        torch.set_num_threads(args.threads)
    info = common.machine_info()
    print(f"machine: {info['cpu']}, {info['usable_cores']} cores, {info['torch_threads']} torch threads", flush=True)

    peak = {}
    for dtype in args.dtypes:
        peak[dtype] = common.matmul_peak(common.torch_dtype(dtype), args.peak_sizes, args.peak_repeats)
        print(f"matmul peak {dtype}: {peak[dtype]['gflops']:.1f} GFLOP/s", flush=True)

    texts = [pair.positive for pair in common.code_pairs(args.num_texts, seed=args.seed)]
    pipelines = list(dict.fromkeys(pipeline_of(v) for v in args.variants))
    results = []
    if args.work_dir:
        Path(args.work_dir).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="c2llm-bench-", dir=args.work_dir) as tmp:
        for shape in args.shapes:
            workdir = Path(tmp) / shape
            start = time.perf_counter()
            common.prepare_pipelines(pipelines, shape, workdir, seed=args.seed)
            print(f"{shape}: built and saved in {time.perf_counter() - start:.1f} s", flush=True)
            for dtype in args.dtypes:
                results.append(measure_shape_dtype(shape, dtype, workdir, texts, peak, args))
            gc.collect()

    markdown = render_markdown(info, peak, results, args)
    payload = {"machine": info, "args": args.to_dict(), "matmul_peak": peak, "results": results,
               "flops_formula": common.forward_flops.__doc__}
    md_path, json_path = common.write_report(args.name, markdown, payload, args.output_dir)
    print("\n" + markdown)
    print(f"\nwritten: {md_path}, {json_path}")
    return {**payload, "paths": [str(md_path), str(json_path)]}


if __name__ == "__main__":  # internal: python -m c2llm.bench.encode_throughput --child SPEC (see common.run_child)
    child_main(common.child_spec_path(sys.argv[1:], MODULE))
