"""The pooling ablation: PMA vs mean vs last-token pooling (and mean with left vs right padding, CL4D's comparison),
trained at an equal budget on the embedded demo data, several seeds each.

    c2llm ablation --seeds 0 1 2 --output-dir docs/ablation

From Python: ``run(AblationSettings(seeds=[0, 1, 2], output_dir="docs/ablation"))``. Every run is a
:func:`c2llm.train.run` of a :class:`c2llm.train.TrainConfig` with the same mined stdlib split, steps, batch size,
learning rate and evaluation; only the pooling (and padding side) and the seed change. Writes `ablation.json`,
`ablation.md` (mean +- std over seeds) and `ablation.png` into the output folder (default outputs/ablation/results).
Finished runs are kept in the work folder, so an interrupted ablation resumes where it stopped.
"""

from __future__ import annotations

import json
import shlex
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from ..atomic import atomic_write, atomic_write_text
from ..errors import ConfigError

# TrainConfig fields of each variant (everything else is the demo preset and the shared budget)
VARIANTS = {
    "pma (left)": {"pooling": "pma", "padding_side": "left"},
    "mean (left)": {"pooling": "mean", "padding_side": "left"},
    "mean (right)": {"pooling": "mean", "padding_side": "right"},
    "last_token (left)": {"pooling": "last_token", "padding_side": "left"},
}
METRICS = ("ndcg_at_10", "mrr_at_10")
DEFAULT_WORK_DIR = "outputs/ablation"
DEFAULT_OUTPUT_DIR = "outputs/ablation/results"


@dataclass
class AblationSettings:
    """One ablation: every variant trained once per seed at the same budget."""

    seeds: list[int] = field(default_factory=lambda: [0, 1, 2])
    variants: list[str] = field(default_factory=lambda: list(VARIANTS))
    """Names of :data:`VARIANTS`."""
    work_dir: str = DEFAULT_WORK_DIR
    """The runs (kept for resuming) and the shared data split."""
    output_dir: str = DEFAULT_OUTPUT_DIR
    """Folder for ``ablation.{json,md,png}`` (the published ones: ``docs/ablation``)."""
    epochs: float = 2
    max_seq_length: int = 128

    def __post_init__(self) -> None:
        self.seeds = [int(seed) for seed in self.seeds]
        if not self.seeds:
            raise ConfigError("seeds", "needs at least one seed")
        self.variants = list(self.variants)
        if not self.variants:
            raise ConfigError("variants", "needs at least one variant")
        unknown = [name for name in self.variants if name not in VARIANTS]
        if unknown:
            raise ConfigError("variants", f"unknown variant(s) {unknown}; choose from {sorted(VARIANTS)}")
        if not self.epochs > 0:
            raise ConfigError("epochs", f"must be > 0, got {self.epochs}")
        if self.max_seq_length < 1:
            raise ConfigError("max_seq_length", f"must be at least 1, got {self.max_seq_length}")

    def budget(self) -> list[str]:
        """The shared training budget as ``c2llm train`` flags (recorded in ablation.json and ablation.md)."""
        epochs = float(self.epochs)
        return ["--epochs", str(int(epochs)) if epochs.is_integer() else repr(epochs),
                "--max-seq-length", str(self.max_seq_length)]


def slug(name: str) -> str:
    """`pma (left)` -> `pma-left` (a run folder name)."""
    return name.replace(" ", "").replace("(", "-").replace(")", "")


def train_config(name: str, seed: int, work_dir: Path, settings: AblationSettings):
    """The :class:`c2llm.train.TrainConfig` of one run: the demo preset on the shared split, the variant's pooling and
    padding side, the shared budget; resumed when the run folder already has checkpoints."""
    from ..train import TrainConfig

    output_dir = work_dir / f"{slug(name)}-seed{seed}"
    data_dir = work_dir / "data"
    fields = {
        "dataset": [str(data_dir / "train.jsonl")],
        "eval_beir": str(data_dir / "test-beir"),
        "output_dir": str(output_dir),
        "seed": seed,
        **VARIANTS[name],
        "epochs": float(settings.epochs),
        "max_seq_length": settings.max_seq_length,
        "resume": any(p.name.startswith("checkpoint-") for p in (output_dir / "checkpoints").glob("*")),
    }
    # the equivalent command line, recorded in the run's results.json
    flags = ["--dataset", fields["dataset"][0], "--eval-beir", fields["eval_beir"],
             "--output-dir", fields["output_dir"], "--seed", str(seed), "--pooling", fields["pooling"], "--padding-side", fields["padding_side"],
             *settings.budget(), *(["--resume"] if fields["resume"] else [])]
    return TrainConfig(**fields, extra={"command": shlex.join(["c2llm", "train", *flags])})


def run_variant(name: str, seed: int, work_dir: Path, settings: AblationSettings) -> dict:
    """Train one variant (or read its finished results) and return the results dict."""
    from ..train import prepare_stdlib_data
    from ..train import run as train

    results_path = work_dir / f"{slug(name)}-seed{seed}" / "results.json"
    if results_path.exists():
        return json.loads(results_path.read_text())
    prepare_stdlib_data(work_dir / "data", seed=0, max_train_pairs=None)  # one split for every run
    return train(train_config(name, seed, work_dir, settings))


def summarise(runs: dict[str, list[dict]]) -> list[dict]:
    """One row per variant from its runs' results: mean and sample std (0 for one seed) over seeds of the trained
    scores, the per-seed values, the mean untrained nDCG@10 and the mean training time."""
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


def run(settings: AblationSettings) -> dict:
    """Train (or read) every run, write ``ablation.{json,md,png}`` into ``settings.output_dir``; returns what
    ablation.json holds: the budget, one summary row per variant (:func:`summarise`) and BM25 on the same split."""
    budget = settings.budget()
    work_dir, out_dir = Path(settings.work_dir).resolve(), Path(settings.output_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    runs = {name: [run_variant(name, seed, work_dir, settings) for seed in settings.seeds]
            for name in settings.variants}
    rows = summarise(runs)
    bm25 = next(iter(runs.values()))[0].get("bm25")
    atomic_write_text(out_dir / "ablation.json", json.dumps({"budget": budget, "rows": rows, "bm25": bm25}, indent=2))
    atomic_write_text(out_dir / "ablation.md", markdown(rows, bm25, budget))
    plot(rows, out_dir / "ablation.png")
    return {"budget": budget, "rows": rows, "bm25": bm25}
