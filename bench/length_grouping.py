"""Training-step time of the loss's like-length groups against sentence-transformers' merged forward, on the CPU.

    python -m bench.length_grouping --out bench/results/length_grouping_cpu.json

The paper's batch shape (queries, positives and 7 hard negatives of real standard-library functions, as in
``bench.gpu_check``) at a smaller size so that a CPU can run it: the ``small`` random backbone with PMA, fp32,
``--batch`` rows, ``--max-seq-length`` tokens. Each step is a forward and a backward pass; the two losses alternate
(A B B A ...) and the medians are reported with the tokens each computed. It shows the compute the groups save; the
GPU figure is ``bench.gpu_check``'s training part.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path


def run(out: Path, batch: int, max_seq_length: int, steps: int, seed: int = 0, command: str = "") -> dict:
    import torch
    from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss

    from bench.gpu_check import grouped_padding, merged_padding, paper_batches, write_json
    from c2llm.bench import common
    from c2llm.length_grouping import LengthGroupedMultipleNegativesRankingLoss

    torch.manual_seed(seed)
    work = Path(tempfile.mkdtemp(prefix="c2llm-length-grouping-"))
    common.prepare_pipelines(["pma"], "small", work)
    model = common.load_pipeline("pma", work, "small", torch.float32, max_seq_length)
    model.train()
    batches = paper_batches(common.code_pairs(4096, seed=seed), steps, batch=batch, seed=seed)
    features = [[model.preprocess(column) for column in columns] for columns in batches]
    losses = {"merged (sentence-transformers)": MultipleNegativesRankingLoss(model, scale=20.0),
              "like-length groups (c2llm)": LengthGroupedMultipleNegativesRankingLoss(model, scale=20.0)}
    seconds: dict[str, list[float]] = {name: [] for name in losses}
    values: dict[str, list[float]] = {name: [] for name in losses}
    for index, step in enumerate(features):
        for name in losses if index % 2 == 0 else list(losses)[::-1]:
            model.zero_grad(set_to_none=True)
            start = time.perf_counter()
            loss = losses[name]([dict(column) for column in step], None)
            loss.backward()
            seconds[name].append(time.perf_counter() - start)
            values[name].append(float(loss.detach()))
    counts = {"merged (sentence-transformers)": [merged_padding(step) for step in features],
              "like-length groups (c2llm)": [grouped_padding(step) for step in features]}
    rows = {name: {"median_step_s": round(statistics.median(seconds[name]), 3),
                   "computed_tokens": sum(computed for _, computed in counts[name]),
                   "real_tokens": sum(real for real, _ in counts[name]),
                   "losses": [round(value, 5) for value in values[name]]} for name in losses}
    merged, grouped = (rows[name]["median_step_s"] for name in losses)
    report = {"command": f"python -m bench.length_grouping {command}".strip(), "shape": "small",
              "dtype": "fp32", "batch": batch, "hard_negatives": 7, "max_seq_length": max_seq_length, "steps": steps,
              "threads": torch.get_num_threads(), "rows": rows, "speedup": round(merged / grouped, 2)}
    write_json(out, report)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.length_grouping", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("bench/results/length_grouping_cpu.json"))
    parser.add_argument("--batch", type=int, default=8, help="queries per step (each with 8 documents)")
    parser.add_argument("--max-seq-length", type=int, default=512)
    parser.add_argument("--steps", type=int, default=6)
    args = parser.parse_args(argv)
    command = " ".join(sys.argv[1:] if argv is None else argv)
    report = run(args.out, args.batch, args.max_seq_length, args.steps, command=command)
    for name, row in report["rows"].items():
        print(f"{name}: {row['median_step_s']} s a step, {row['computed_tokens']:,} tokens computed "
              f"({row['real_tokens']:,} real)")
    print(f"speedup {report['speedup']}x; results: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
