"""The pooling ablation: PMA vs mean vs last-token pooling (and mean with left vs right padding, CL4D's comparison),
trained at an equal budget on the embedded demo data, several seeds each.

    python -m c2llm.ablation --seeds 0 1 2 --out docs/ablation

Every run uses the same mined stdlib split, steps, batch size, learning rate and evaluation; only the pooling (and
padding side) and the seed change. Writes `ablation.json`, `ablation.md` (mean +- std over seeds) and `ablation.png`.
Finished runs are kept, so an interrupted ablation resumes where it stopped.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from .atomic import atomic_write, atomic_write_text

VARIANTS = {
    "pma (left)": ["--pooling", "pma", "--padding-side", "left"],
    "mean (left)": ["--pooling", "mean", "--padding-side", "left"],
    "mean (right)": ["--pooling", "mean", "--padding-side", "right"],
    "last_token (left)": ["--pooling", "last_token", "--padding-side", "left"],
}
METRICS = ("ndcg_at_10", "mrr_at_10")


def run_variant(name: str, seed: int, work_dir: Path, budget: list[str]) -> dict:
    """Train one variant (or read its finished results) and return the results dict."""
    import train_sentence_transformers as train

    slug = name.replace(" ", "").replace("(", "-").replace(")", "")
    output_dir = work_dir / f"{slug}-seed{seed}"
    results_path = output_dir / "results.json"
    if results_path.exists():
        return json.loads(results_path.read_text())
    data_dir = work_dir / "data"
    train.prepare_stdlib_data(data_dir, seed=0, max_train_pairs=None)  # one split for every run
    argv = ["--dataset", str(data_dir / "train.jsonl"), "--eval-beir", str(data_dir / "test-beir"),
            "--output-dir", str(output_dir), "--seed", str(seed), *VARIANTS[name], *budget]
    if any(p.name.startswith("checkpoint-") for p in (output_dir / "checkpoints").glob("*")):
        argv.append("--resume")
    return train.main(argv)


def summarise(runs: dict[str, list[dict]]) -> list[dict]:
    rows = []
    for name, results in runs.items():
        row = {"variant": name, "seeds": len(results)}
        for metric in METRICS:
            values = [r["after"][metric] for r in results]
            row[metric] = statistics.mean(values)
            row[f"{metric}_std"] = statistics.stdev(values) if len(values) > 1 else 0.0
            row[f"{metric}_values"] = values
        row["untrained_ndcg_at_10"] = statistics.mean(r["before"]["ndcg_at_10"] for r in results)
        row["train_seconds"] = statistics.mean(r["train_seconds"] for r in results)
        rows.append(row)
    return rows


def markdown(rows: list[dict], bm25: dict | None, budget: list[str]) -> str:
    lines = [
        f"Budget per run: `{' '.join(budget)}` on the embedded demo (stdlib docstring -> code, held-out test split).",
        "",
        "| pooling (padding) | seeds | nDCG@10 | MRR@10 | untrained nDCG@10 |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['variant']} | {row['seeds']} | {100 * row['ndcg_at_10']:.2f} +- {100 * row['ndcg_at_10_std']:.2f} "
            f"| {100 * row['mrr_at_10']:.2f} +- {100 * row['mrr_at_10_std']:.2f} "
            f"| {100 * row['untrained_ndcg_at_10']:.2f} |"
        )
    if bm25:
        lines.append(f"| BM25 (reference) | - | {100 * bm25['ndcg_at_10']:.2f} | {100 * bm25['mrr_at_10']:.2f} | - |")
    return "\n".join(lines) + "\n"


def plot(rows: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    for i, row in enumerate(rows):
        values = [100 * v for v in row["ndcg_at_10_values"]]
        ax.bar(i, 100 * row["ndcg_at_10"], yerr=100 * row["ndcg_at_10_std"], capsize=4, alpha=0.7)
        ax.scatter([i] * len(values), values, color="black", s=12, zorder=3)
    ax.set_xticks(range(len(rows)), [row["variant"] for row in rows])
    ax.set_ylabel("nDCG@10 (test split)")
    ax.set_title("Pooling ablation at an equal budget (bars: mean, dots: seeds)")
    fig.tight_layout()
    atomic_write(path, lambda file: fig.savefig(file, format="png", dpi=120), mode="wb")


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--variants", nargs="+", choices=sorted(VARIANTS), default=list(VARIANTS))
    parser.add_argument("--work-dir", default="outputs/ablation", help="runs (kept for resuming)")
    parser.add_argument("--out", default="docs/ablation", help="folder for ablation.{json,md,png}")
    parser.add_argument("--epochs", default="2")
    parser.add_argument("--max-seq-length", default="128")
    args = parser.parse_args(argv)
    if len(args.seeds) < 1:
        parser.error("--seeds needs at least one seed")
    budget = ["--epochs", args.epochs, "--max-seq-length", args.max_seq_length]
    work_dir, out_dir = Path(args.work_dir).resolve(), Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    runs = {name: [run_variant(name, seed, work_dir, budget) for seed in args.seeds] for name in args.variants}
    rows = summarise(runs)
    bm25 = next(iter(runs.values()))[0].get("bm25")
    atomic_write_text(out_dir / "ablation.json", json.dumps({"budget": budget, "rows": rows, "bm25": bm25}, indent=2))
    atomic_write_text(out_dir / "ablation.md", markdown(rows, bm25, budget))
    plot(rows, out_dir / "ablation.png")
    print(markdown(rows, bm25, budget))
    return rows


if __name__ == "__main__":
    main()
