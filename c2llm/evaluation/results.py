"""Result entries in mteb's TaskResult layout, the results JSON file and the Markdown table."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_text
from .beir import BeirData
from .metrics import METRICS

RESULTS_FORMAT = "c2llm-retrieval-results/1"


def result_entry(model: str, data: BeirData, metrics: Mapping[str, float], evaluation_time: float) -> dict[str, Any]:
    """One result in mteb's TaskResult layout (``scores: {split: [{main_score, ..., hf_subset, languages}]}``)."""
    return {
        "model_name": model,
        "task_name": data.name,
        "dataset_revision": None,
        "mteb_version": None,
        "evaluation_time": evaluation_time,
        "scores": {data.split: [{**metrics, "hf_subset": "default", "languages": list(data.languages)}]},
        "num_queries": len(data.qrels),
        "num_documents": len(data.corpus),
        "dropped_queries": data.dropped_queries,
        "source": "c2llm.evaluation",
    }


def json_safe(value: Any) -> Any:
    """Replace NaN / infinity (mteb reports NaN for some nAUC scores) by None, so the file is strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {str(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    return value


def write_results(path: str | os.PathLike[str], results: Sequence[Mapping[str, Any]]) -> Path:
    """Write result entries to a JSON file atomically (strict JSON: NaN becomes null)."""
    target = Path(path)
    payload = {"format": RESULTS_FORMAT, "results": json_safe(list(results))}
    atomic_write_text(target, json.dumps(payload, indent=2, ensure_ascii=False, allow_nan=False) + "\n")
    return target


def read_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Read result entries written by :func:`write_results`."""
    payload = json.loads(Path(path).read_text(encoding="utf-8"))
    if payload.get("format") != RESULTS_FORMAT:
        raise ValueError(f"{path}: not a results file of format {RESULTS_FORMAT!r}")
    return payload["results"]


def _mean_scores(entry: Mapping[str, Any]) -> tuple[str, dict[str, float]]:
    """The first split of an entry and each metric averaged over its subsets (languages), like the leaderboard."""
    split, subsets = next(iter(entry["scores"].items()))
    means = {}
    for metric in ("main_score", *METRICS):
        values = [subset[metric] for subset in subsets if isinstance(subset.get(metric), (int, float))]
        means[metric] = sum(values) / len(values) if values else math.nan
    return split, means


def format_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """A Markdown table of result entries, one row per model x task, metrics x 100."""
    headers = ["model", "task", "split", "nDCG@10", "MRR@10", "R@1", "R@10", "R@100", "MAP@100"]
    lines = [headers]
    for entry in rows:
        split, means = _mean_scores(entry)
        cells = [f"{100 * means[metric]:.2f}" for metric in METRICS]
        lines.append([str(entry.get("model_name")), str(entry.get("task_name")), split, *cells])
    widths = [max(len(line[i]) for line in lines) for i in range(len(headers))]
    rendered = [
        "| " + " | ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)) + " |" for line in lines
    ]
    rendered.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(rendered)
