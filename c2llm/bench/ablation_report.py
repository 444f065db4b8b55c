"""The ablation's report, rebuilt from the runs' ``result.json`` files: ``report.json`` (every number of the tables),
``report.md`` (the tables), ``pooling.png``, ``dimension.png`` and the attention pictures of the first trained PMA.

Scores are nDCG@10 in percent; "a +- b" is the mean and the sample standard deviation over seeds; a single run is
shown alone.
"""

from __future__ import annotations

import json
import shutil
import statistics
from pathlib import Path

from ..atomic import atomic_write_text
from ..explain import VERDICTS
from ..plots import pyplot, save_png
from ..provenance import source_commit

METRIC = "ndcg_at_10"


def own_size(result: dict) -> int:
    return result["spec"]["compressed_dim"] or result["hidden_size"]


def score(result: dict, split: str, dim: int | None = None) -> float:
    """A run's nDCG@10 on a split, at ``dim`` (default: its own size)."""
    return result["scores"][split][str(dim or own_size(result))][METRIC]


def spread(values: list[float]) -> dict:
    """Mean, sample std (0 for one value) and the values."""
    return {"mean": statistics.fmean(values), "std": statistics.stdev(values) if len(values) > 1 else 0.0,
            "values": values}


def select(results: list[dict], **spec) -> list[dict]:
    """The runs whose spec has these values, by seed."""
    chosen = [r for r in results if all(r["spec"][key] == value for key, value in spec.items())]
    return sorted(chosen, key=lambda r: r["spec"]["seed"])


def trained(results: list[dict], pooling: str, **spec) -> list[dict]:
    spec = {"loss": "mnrl", "recipe": "default", "compressed_dim": None, **spec}
    return [r for r in select(results, pooling=pooling, prompts=True, **spec) if r["spec"]["steps"] > 0]


def per_split(runs: list[dict], splits: list[str], dim: int | None = None) -> dict | None:
    return {split: spread([score(r, split, dim) for r in runs]) for split in splits} if runs else None


def pooling_rows(results: list[dict], splits: list[str], poolings: list[str]) -> list[dict]:
    rows = []
    for pooling in poolings:
        runs = trained(results, pooling)
        untrained = select(results, pooling=pooling, steps=0, prompts=True)
        rows.append({"pooling": pooling, "seeds": len(runs), "trained": per_split(runs, splits),
                     "untrained": per_split(untrained, splits), "untrained_seeds": len(untrained)})
    return rows


def dimension_rows(results: list[dict], splits: list[str], dims: list[int], hidden_size: int) -> list[dict]:
    rows = []
    for dim in [*sorted(dims), hidden_size]:
        pma = trained(results, "pma", compressed_dim=None if dim == hidden_size else dim)
        mrl = trained(results, "mean", loss="matryoshka")
        mean = trained(results, "mean")
        rows.append({"dim": dim, "pma": per_split(pma, splits), "mrl_mean": per_split(mrl, splits, dim),
                     "mean": per_split(mean, splits, dim), "seeds": [len(pma), len(mrl), len(mean)]})
    return rows


def recipe_rows(results: list[dict], splits: list[str], head_learning_rate: float) -> list[dict]:
    """The first seed's run of each (recipe, pooling); ``head_learning_rate`` for runs that did not record theirs."""
    rows = []
    for recipe in ("default", "all-layers-stdlib", "frozen-backbone", "no-prompts", "fast-head"):
        for pooling in ("pma", "mean"):
            runs = [r for r in select(results, pooling=pooling, recipe=recipe, loss="mnrl", compressed_dim=None)
                    if r["spec"]["steps"] > 0][:1]  # the recipe study runs the first seed
            if runs:
                spec = runs[0]["spec"]
                rows.append({"recipe": recipe, "pooling": pooling, "seed": spec["seed"], "prompts": spec["prompts"],
                             "head_learning_rate": runs[0]["training"].get("head_learning_rate", head_learning_rate),
                             "train_layers":
                             spec["train_layers"], "learning_rate": spec["learning_rate"], "sources": spec["sources"],
                             "scores": {split: score(runs[0], split) for split in splits}})  # fmt: skip
    return rows


def attention_rows(results: list[dict]) -> list[dict]:
    """Per PMA run: the verdict counts over heads and the medians (over heads) of its per-head medians."""
    rows = []
    for result in sorted((r for r in results if "attention" in r), key=lambda r: r["name"]):
        heads = result["attention"]["heads"]

        def median(key: str, heads=heads) -> float | None:
            values = [head[key] for head in heads if head[key] is not None]
            return statistics.median(values) if values else None

        rows.append({"run": result["name"], "verdicts": result["attention"]["verdicts"],
                     **{key: median(f"median_{key}") for key in ("entropy_fraction", "last_weight", "first_weight",
                                                                 "prompt_weight")}})  # fmt: skip
    return rows


# ---------------------------------------------------------------------------------------------------- markdown


def cell(value: dict | None) -> str:
    """``mean +- std`` in percent; a single run (one seed, or a model without a seed) is its value alone."""
    if value is None:
        return "-"
    if len(value["values"]) == 1:
        return f"{100 * value['mean']:.2f}"
    return f"{100 * value['mean']:.2f} +- {100 * value['std']:.2f}"


def pooling_table(rows: list[dict], reference: dict | None, splits: list[str]) -> list[str]:
    lines = ["| pooling | seeds | " + " | ".join(f"{s} trained" for s in splits) + " | "
             + " | ".join(f"{s} untrained" for s in splits) + " |", "|---" * (2 + 2 * len(splits)) + "|"]
    for row in rows:
        trained_cells = [cell(row["trained"] and row["trained"][s]) for s in splits]
        untrained_cells = [cell(row["untrained"] and row["untrained"][s]) for s in splits]
        lines.append(f"| {row['pooling']} | {row['seeds']} | " + " | ".join(trained_cells + untrained_cells) + " |")
    if reference:
        values = [f"{100 * score(reference, s):.2f}" for s in splits]
        lines.append("| backbone as shipped (mean, no prompt) | - | " + " | ".join(["-"] * len(splits)) + " | "
                     + " | ".join(values) + " |")
    return lines


def dimension_table(rows: list[dict], splits: list[str]) -> list[str]:
    columns = [(key, label, split) for split in splits for key, label in
               (("pma", "PMA-d"), ("mrl_mean", "MRL mean"), ("mean", "mean"))]
    lines = ["| dim | " + " | ".join(f"{label} {split}" for _, label, split in columns) + " |",
             "|---" * (1 + len(columns)) + "|"]
    for row in rows:
        lines.append(f"| {row['dim']} | " + " | ".join(cell(row[key] and row[key][split]) for key, _, split in columns)
                     + " |")
    return lines


def recipe_table(rows: list[dict], reference: dict | None, splits: list[str]) -> list[str]:
    lines = ["| recipe | pooling | layers trained | lr | head lr | prompts | sources | " + " | ".join(splits) + " |",
             "|---" * (7 + len(splits)) + "|"]
    for row in rows:
        layers = {-1: "all", 0: "none"}.get(row["train_layers"], f"top {row['train_layers']}")
        scores = [f"{100 * row['scores'][s]:.2f}" for s in splits]
        head = f"{row['head_learning_rate']:g}" if row["pooling"] == "pma" else "-"
        lines.append(f"| {row['recipe']} | {row['pooling']} | {layers} | {row['learning_rate']:g} | {head} | "
                     f"{'paper' if row['prompts'] else 'none'} | {' '.join(row['sources'])} | " + " | ".join(scores)
                     + " |")
    if reference:
        lines.append("| backbone as shipped | mean | - | - | - | none | - | " + " | ".join(
            f"{100 * score(reference, s):.2f}" for s in splits) + " |")
    return lines


def attention_table(rows: list[dict]) -> list[str]:
    lines = ["| PMA run | " + " | ".join(VERDICTS) + " | entropy fraction | last-token weight | first-token weight "
             "| prompt weight |", "|---" * (5 + len(VERDICTS)) + "|"]
    for row in rows:
        values = [row[key] for key in ("entropy_fraction", "last_weight", "first_weight", "prompt_weight")]
        lines.append(f"| {row['run']} | " + " | ".join(str(row["verdicts"][v]) for v in VERDICTS) + " | "
                     + " | ".join("-" if v is None else f"{v:.3f}" for v in values) + " |")
    return lines


def markdown(report: dict) -> str:
    splits, budget = report["splits"], report["budget"]
    sizes = ", ".join(f"{name} {info['queries']}" for name, info in report["data"]["splits"].items())
    lines = [
        f"Command: `{report['command']}`; "
        + ("a report of the runs finished so far (--report-only); " if report.get("report_only") else
           f"wall time {report['wall_seconds'] / 60:.1f} min; ")
        + f"{report['runs']} runs taking {report['run_seconds'] / 60:.1f} min in all.",
        "",
        (f"Backbone `{budget['backbone']}`; every trained run: {budget['steps']} steps of {budget['batch_size']} pairs, "
        f"max length {budget['max_seq_length']}, top {budget['train_layers']} layers at lr {budget['learning_rate']:g}"
        f" and the pooling head at {budget['head_learning_rate']:g}, InfoNCE at temperature {budget['temperature']}, "
        f"the paper's prompts. Training pairs: {report['data']['train_pairs']} "
        f"({', '.join(f'{k} {v}' for k, v in report['data']['train_pairs_per_source'].items())}); "
        f"queries per split: {sizes}. nDCG@10 in percent, mean +- std over seeds."),
    ]
    if report.get("pooling"):
        lines += ["", "### Pooling", "", *pooling_table(report["pooling"], report.get("reference"), splits)]
    if report.get("dimension"):
        lines += ["", "### Dimension: PMA-d vs Matryoshka (mean pooling truncated to d)", "",
                  *dimension_table(report["dimension"], splits)]
    if report.get("recipe"):
        lines += ["", "### Recipes (first seed)", "", *recipe_table(report["recipe"], report.get("reference"),
                                                                    splits)]
    if report.get("attention"):
        lines += ["", "### PMA attention (explain; medians over heads of per-head medians over in-domain queries and code)", "",
                  *attention_table(report["attention"])]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------------------ plots


def plot_pooling(rows: list[dict], reference: dict | None, splits: list[str], path: Path) -> None:
    """Bars: trained nDCG@10 per split and pooling (dots: seeds; hollow: untrained; line: the backbone as shipped)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(2.2 + 2.2 * len(splits), 3.6))
    width = 0.8 / max(len(rows), 1)
    for i, row in enumerate(rows):
        xs = [s + (i - (len(rows) - 1) / 2) * width for s in range(len(splits))]
        if row["trained"]:
            means = [100 * row["trained"][s]["mean"] for s in splits]
            errors = [100 * row["trained"][s]["std"] for s in splits]
            ax.bar(xs, means, width, yerr=errors, capsize=3, label=row["pooling"], color=f"C{i}", alpha=0.8)
            for x, split in zip(xs, splits):
                values = [100 * v for v in row["trained"][split]["values"]]
                ax.scatter([x] * len(values), values, color="black", s=8, zorder=3)
        if row["untrained"]:
            ax.scatter(xs, [100 * row["untrained"][s]["mean"] for s in splits], marker="_", s=200, color=f"C{i}",
                       zorder=4, linewidths=2)
    if reference:
        for s, split in enumerate(splits):
            ax.hlines(100 * score(reference, split), s - 0.45, s + 0.45, colors="black", linestyles="--")
    ax.set_xticks(range(len(splits)), splits)
    ax.set_ylabel("nDCG@10")
    ax.set_title("Pooling after fine-tuning (bars; dots: seeds; dashes: untrained; dashed line: backbone as shipped)",
                 fontsize=8)
    ax.legend(fontsize=7, loc="lower left")
    fig.tight_layout()
    save_png(fig, path)


def plot_dimension(rows: list[dict], splits: list[str], path: Path) -> None:
    """nDCG@10 by embedding size per split: PMA-d, MRL-trained mean truncated, plain mean truncated."""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(splits), figsize=(3.4 * len(splits), 3.2), squeeze=False)
    dims = [row["dim"] for row in rows]
    for ax, split in zip(axes[0], splits):
        for key, label, style in (("pma", "PMA-d", "o-"), ("mrl_mean", "MRL mean, truncated", "s-"),
                                  ("mean", "mean, truncated", "^:")):
            points = [(row["dim"], row[key][split]) for row in rows if row[key]]
            if points:
                ax.errorbar([d for d, _ in points], [100 * v["mean"] for _, v in points],
                            yerr=[100 * v["std"] for _, v in points], fmt=style, capsize=3, label=label)
        ax.set_xscale("log", base=2)
        ax.set_xticks(dims, [str(d) for d in dims])
        ax.set_title(split, fontsize=9)
        ax.set_xlabel("embedding size")
    axes[0][0].set_ylabel("nDCG@10")
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    save_png(fig, path)


def write_report(settings, data_stats: dict, results: list[dict], report_dir: Path, command: str = "",
                 wall_seconds: float = 0.0) -> dict:
    """report.json, report.md and the plots in ``report_dir``; returns report.json's content."""
    splits = list(data_stats["splits"])
    reference = next((r for r in results if r["name"] == "reference"), None)
    hidden_size = results[0]["hidden_size"] if results else 0
    report = {"command": command, "code": source_commit(), "wall_seconds": wall_seconds,
              "report_only": settings.report_only, "runs": len(results),
              "run_seconds": round(sum(r["total_seconds"] for r in results), 1), "budget": settings.budget(),
              "data": data_stats,
              "splits": splits, "studies": list(settings.studies), "reference": reference and {
                  "name": reference["name"], "scores": reference["scores"], "spec": reference["spec"],
                  "hidden_size": reference["hidden_size"]}}  # fmt: skip
    if "pooling" in settings.studies:
        report["pooling"] = pooling_rows(results, splits, settings.poolings)
    if "dimension" in settings.studies:
        report["dimension"] = dimension_rows(results, splits, settings.dims, hidden_size)
    if "recipe" in settings.studies:
        report["recipe"] = recipe_rows(results, splits, settings.head_learning_rate)
    if "attention" in settings.studies:
        report["attention"] = attention_rows(results)
    report_dir.mkdir(parents=True, exist_ok=True)
    atomic_write_text(report_dir / "report.json", json.dumps(report, indent=2) + "\n")
    atomic_write_text(report_dir / "report.md", markdown(report))
    if report.get("pooling"):
        plot_pooling(report["pooling"], reference, splits, report_dir / "pooling.png")
    if report.get("dimension"):
        plot_dimension(report["dimension"], splits, report_dir / "dimension.png")
    first_pma = trained(results, "pma")[:1]
    if report.get("attention") and first_pma:
        source = Path(settings.output_dir) / "runs" / first_pma[0]["name"] / "attention"
        for name in ("heatmap.png", "histograms.png"):
            if (source / name).exists():
                shutil.copyfile(source / name, report_dir / f"attention-{name}")
    return report
