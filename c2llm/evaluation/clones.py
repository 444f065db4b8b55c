"""Clone detection as CL4D and CodeXGLUE measure it: MAP@R on a folder in the POJ-104 layout.

The folder holds one subfolder per problem, named by the problem's id, and one file per solution inside::

    poj104/
      1/  a.c  b.c  c.c
      2/  x.c  y.c

Every solution is a query; every other solution of the same problem is relevant to it (``R`` of them); the other
solutions are ranked by the cosine of their embeddings (documents all, the model's ``document`` prompt), and the
query's AP@R is ``(1 / R) * sum of precision@i over the ranks i <= R that hold a relevant solution``. MAP@R is the
mean over all queries (Musgrave et al., "A Metric Learning Reality Check"; CodeXGLUE's POJ-104 evaluator, which
CL4D reports). Ties in cosine keep the folder order (problem ids, then file names, as sorted strings).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import UserError


class CloneFolderError(UserError):
    """A POJ-104 folder that cannot be evaluated; the message names the folder or file."""


@dataclass(frozen=True)
class CloneData:
    """Solutions of a POJ-104 folder: their texts, problem ids and file paths (relative), in folder order."""

    name: str
    texts: list[str]
    problems: list[str]
    files: list[str]


def load_poj104(folder: str | os.PathLike[str]) -> CloneData:
    """Read a folder in the POJ-104 layout (hidden files and folders are skipped).

    Raises:
        CloneFolderError: no such folder, no problem folder, a file that is not UTF-8 text, or a problem with fewer
            than two solutions (no other solution to find).
    """
    root = Path(folder)
    if not root.is_dir():
        raise CloneFolderError(f"--poj104 {folder}: no such folder")
    texts, problems, files = [], [], []
    for problem in sorted(path for path in root.iterdir() if path.is_dir() and not path.name.startswith(".")):
        solutions = sorted(path for path in problem.iterdir() if path.is_file() and not path.name.startswith("."))
        if len(solutions) < 2:
            raise CloneFolderError(f"{problem}: {len(solutions)} solution(s); MAP@R needs at least 2 per problem")
        for path in solutions:
            try:
                texts.append(path.read_text(encoding="utf-8"))
            except UnicodeDecodeError as error:
                raise CloneFolderError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
            problems.append(problem.name)
            files.append(path.relative_to(root).as_posix())
    if not problems:
        raise CloneFolderError(f"--poj104 {folder}: no problem folder (expected PROBLEM_ID/SOLUTION files)")
    return CloneData(root.resolve().name, texts, problems, files)


def map_at_r(vectors: np.ndarray, problems: Sequence[str]) -> float:
    """MAP@R of L2-normalised embeddings (one row per solution) labelled by problem; see the module docstring."""
    labels = np.asarray(problems)
    scores = vectors @ vectors.T
    np.fill_diagonal(scores, -np.inf)  # a solution is not its own clone
    total = 0.0
    for query, row in enumerate(scores):
        relevant = labels == labels[query]
        r = int(relevant.sum()) - 1
        ranked = np.argsort(-row, kind="stable")[:r]
        hits = relevant[ranked]
        precision = np.cumsum(hits) / np.arange(1, r + 1)
        total += float((precision * hits).sum()) / r
    return total / len(scores)


def evaluate_clones(model: Any, data: CloneData, *, batch_size: int = 32, show_progress_bar: bool = False
                    ) -> dict[str, float]:
    """MAP@R of a SentenceTransformer on one POJ-104 folder (``main_score`` = ``map_at_r``)."""
    vectors = model.encode_document(data.texts, batch_size=batch_size, convert_to_numpy=True,
                                    normalize_embeddings=True, show_progress_bar=show_progress_bar)
    score = map_at_r(np.asarray(vectors, dtype=np.float32), data.problems)
    return {"main_score": score, "map_at_r": score}


def clone_result_entry(model: str, data: CloneData, metrics: dict[str, float], evaluation_time: float
                       ) -> dict[str, Any]:
    """One result in the layout of :func:`c2llm.evaluation.results.result_entry` (split ``test``)."""
    return {
        "model_name": model, "task_name": data.name, "dataset_revision": None, "mteb_version": None,
        "evaluation_time": evaluation_time,
        "scores": {"test": [{**metrics, "hf_subset": "default", "languages": []}]},
        "num_queries": len(data.texts), "num_documents": len(data.texts),
        "num_problems": len(Counter(data.problems)), "dropped_queries": 0, "source": "c2llm.evaluation.clones",
    }


def format_clone_table(rows: Sequence[dict[str, Any]]) -> str:
    """A Markdown table of clone results, MAP@R x 100."""
    lines = [["model", "task", "problems", "solutions", "MAP@R"]]
    for entry in rows:
        score = entry["scores"]["test"][0]["map_at_r"]
        lines.append([str(entry["model_name"]), str(entry["task_name"]), str(entry["num_problems"]),
                      str(entry["num_queries"]), f"{100 * score:.2f}"])
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    rendered = ["| " + " | ".join(cell.ljust(width) for cell, width in zip(line, widths)) + " |" for line in lines]
    rendered.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(rendered)
