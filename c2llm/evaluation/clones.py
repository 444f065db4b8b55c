"""Clone detection as CL4D and CodeXGLUE measure it: MAP@R (and R-precision) on POJ-104, from a folder in the POJ-104
layout or from a JSON-lines file with a split.

The folder holds one subfolder per problem, named by the problem's id, and one file per solution inside::

    poj104/
      1/  a.c  b.c  c.c
      2/  x.c  y.c

The JSON-lines form (``.jsonl``, or gzipped ``.jsonl.gz``) holds one object a line: ``split`` ("train" / "valid" /
"test"), ``problem`` (or CodeXGLUE's ``label``), ``code``, and optionally ``id``; :func:`load_poj104_jsonl` keeps
the rows of one split, in file order.

Every solution is a query; every other solution of the same problem is relevant to it (``R`` of them); the other
solutions are ranked by the cosine of their embeddings (documents all, the model's ``document`` prompt), and the
query's AP@R is ``(1 / R) * sum of precision@i over the ranks i <= R that hold a relevant solution``. MAP@R is the
mean over all queries (Musgrave et al., "A Metric Learning Reality Check"; CodeXGLUE's POJ-104 evaluator, which
CL4D reports). R-precision is the share of relevant solutions among the top ``R`` (what CodeXGLUE's first evaluator
computed under the name "MAP"). Ties in cosine keep the input order (folder: problem ids, then file names, as sorted
strings; JSON lines: file order).

The interval of each metric is a 95 % percentile bootstrap over **problems** (scipy.stats.bootstrap, 10,000
resamples, seeded): a resample draws problems with replacement, each with all its queries, so the interval says how
much the score depends on which problems the benchmark happens to hold (24 on the test split).
"""

from __future__ import annotations

import gzip
import json
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import UserError


class CloneFolderError(UserError):
    """POJ-104 data that cannot be evaluated (a folder or a JSON-lines file); the message names the folder or the
    file and line."""


BOOTSTRAP_RESAMPLES = 10_000
BOOTSTRAP_SEED = 0
CONFIDENCE = 0.95


@dataclass(frozen=True)
class CloneData:
    """Solutions of a POJ-104 folder: their texts, problem ids and file paths (relative), in folder order."""

    name: str
    texts: list[str]
    problems: list[str]
    files: list[str]
    split: str = "test"


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


def load_poj104_jsonl(path: str | os.PathLike[str], split: str | None = "test") -> CloneData:
    """The rows of one ``split`` of a POJ-104 JSON-lines file (``.jsonl`` or ``.jsonl.gz``), in file order
    (``split=None``: every row, ``split`` field or not). ``files`` are ``PROBLEM/ID`` (``ID``: the row's ``id``, or
    its line number).

    Raises:
        CloneFolderError: ``FILE line N: ...`` for a line that is not UTF-8, not JSON, not an object, or lacks a
            string ``split`` / ``code`` or a string or integer ``problem`` (``label``); no row of the split (the
            message lists the splits the file has); a problem of the split with fewer than two solutions.
    """
    path = Path(path)
    if not path.is_file():
        raise CloneFolderError(f"--poj104 {path}: no such file or folder")
    opener = gzip.open if path.name.endswith(".gz") else open
    texts, problems, files, splits = [], [], [], Counter()
    try:
        with opener(path, "rb") as stream:
            for number, raw in enumerate(stream, start=1):
                where = f"{path} line {number}"
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as error:
                    raise CloneFolderError(f"{where}: not UTF-8 ({error.reason} at byte {error.start})") from None
                if not line.strip():
                    continue
                try:
                    row = json.loads(line.rstrip("\r\n"))
                except json.JSONDecodeError as error:
                    raise CloneFolderError(f"{where}: not JSON ({error.msg} at column {error.colno})") from None
                if not isinstance(row, dict):
                    raise CloneFolderError(f"{where}: expected a JSON object, got {type(row).__name__}")
                row_split = row.get("split")
                if split is not None and not isinstance(row_split, str):
                    raise CloneFolderError(f"{where}: 'split' must be a string, got {row_split!r}")
                splits[row_split] += 1
                if split is not None and row_split != split:
                    continue
                problem = row.get("problem", row.get("label"))
                if isinstance(problem, bool) or not isinstance(problem, (str, int)):
                    raise CloneFolderError(f"{where}: 'problem' must be a string or an integer, got {problem!r}")
                code = row.get("code")
                if not isinstance(code, str):
                    raise CloneFolderError(f"{where}: 'code' must be a string, got "
                                           f"{'nothing' if code is None else type(code).__name__}")
                texts.append(code)
                problems.append(str(problem))
                files.append(f"{problem}/{row.get('id', number)}")
    except (OSError, EOFError) as error:  # a truncated or corrupt gzip stream
        raise CloneFolderError(f"{path}: cannot read ({error})") from None
    if not problems:
        have = ", ".join(f"{name} ({count})" for name, count in sorted(splits.items(), key=lambda item: str(item[0])))
        raise CloneFolderError(f"{path}: no row of split {split!r} (the file has: {have or 'no rows'})")
    for problem, count in sorted(Counter(problems).items()):
        if count < 2:
            raise CloneFolderError(f"{path}: problem {problem} has {count} solution(s) in split {split!r}; MAP@R "
                                   "needs at least 2 per problem")
    name = path.name.removesuffix(".gz").removesuffix(".jsonl")
    return CloneData(name, texts, problems, files, split if split is not None else "all")


def load_poj104_data(source: str | os.PathLike[str], split: str | None = "test") -> CloneData:
    """:func:`load_poj104` for a folder, :func:`load_poj104_jsonl` (with ``split``) for a file."""
    return load_poj104(source) if Path(source).is_dir() else load_poj104_jsonl(source, split)


QUERY_BLOCK = 1024  # queries scored at a time: a block of cosines is QUERY_BLOCK x n floats


def clone_query_scores(vectors: np.ndarray, problems: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Per query (one row per solution, L2-normalised embeddings): its AP@R and its R-precision.

    Only the ``R`` best of each row are sorted: the ``R``-th best cosine is found by partition, every solution at or
    above it is kept (ties included) and those are ordered by (cosine descending, index), which is the order of a
    stable sort of the whole row. Memory: one block of :data:`QUERY_BLOCK` rows of cosines.
    """
    vectors = np.asarray(vectors, dtype=np.float32)
    labels = np.unique(np.asarray(problems), return_inverse=True)[1]
    counts = np.bincount(labels)
    n = len(labels)
    ap = np.empty(n, dtype=np.float64)
    rp = np.empty(n, dtype=np.float64)
    for start in range(0, n, QUERY_BLOCK):
        block = vectors[start:start + QUERY_BLOCK] @ vectors.T
        for offset, row in enumerate(block):
            query = start + offset
            row[query] = -np.inf  # a solution is not its own clone
            r = int(counts[labels[query]]) - 1
            threshold = np.partition(row, n - r)[n - r]  # the R-th largest cosine
            candidates = np.flatnonzero(row >= threshold)
            ranked = candidates[np.lexsort((candidates, -row[candidates]))][:r]
            hits = labels[ranked] == labels[query]
            precision = np.cumsum(hits) / np.arange(1, r + 1)
            ap[query] = float((precision * hits).sum()) / r
            rp[query] = float(hits.sum()) / r
    return ap, rp


def map_at_r(vectors: np.ndarray, problems: Sequence[str]) -> float:
    """MAP@R of L2-normalised embeddings (one row per solution) labelled by problem; see the module docstring."""
    return float(clone_query_scores(vectors, problems)[0].mean())


def r_precision(vectors: np.ndarray, problems: Sequence[str]) -> float:
    """R-precision (relevant solutions among the top R, over R), averaged over the queries."""
    return float(clone_query_scores(vectors, problems)[1].mean())


def problem_bootstrap(per_query: Sequence[float], problems: Sequence[str], *, resamples: int = BOOTSTRAP_RESAMPLES,
                      seed: int = BOOTSTRAP_SEED, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``per_query`` with **problems** as the resampled units
    (scipy.stats.bootstrap, ``paired``: a problem is drawn with the sum and the count of its queries, and the
    statistic is the drawn sums over the drawn counts, so problems of unequal size weigh as in the query mean)."""
    from scipy.stats import bootstrap

    labels = np.unique(np.asarray(problems), return_inverse=True)[1]
    sums = np.bincount(labels, weights=np.asarray(per_query, dtype=np.float64))
    counts = np.bincount(labels).astype(np.float64)
    if len(sums) < 2:
        value = float(sums[0] / counts[0])
        return value, value

    def statistic(s, c, axis=-1):
        return s.sum(axis=axis) / c.sum(axis=axis)

    interval = bootstrap((sums, counts), statistic, paired=True, vectorized=True, n_resamples=resamples,
                         confidence_level=confidence, method="percentile",
                         rng=np.random.default_rng(seed)).confidence_interval
    return float(interval.low), float(interval.high)


def clone_metrics(vectors: np.ndarray, problems: Sequence[str]) -> dict[str, Any]:
    """MAP@R and R-precision with their bootstrap intervals over problems (``main_score`` = ``map_at_r``)."""
    ap, rp = clone_query_scores(vectors, problems)
    score = float(ap.mean())
    return {"main_score": score, "map_at_r": score, "map_at_r_ci95": list(problem_bootstrap(ap, problems)),
            "r_precision": float(rp.mean()), "r_precision_ci95": list(problem_bootstrap(rp, problems))}


def evaluate_clones(model: Any, data: CloneData, *, batch_size: int = 32, show_progress_bar: bool = False
                    ) -> dict[str, Any]:
    """MAP@R and R-precision of a SentenceTransformer on POJ-104 data, with their intervals (:func:`clone_metrics`;
    ``main_score`` = ``map_at_r``)."""
    vectors = model.encode_document(data.texts, batch_size=batch_size, convert_to_numpy=True,
                                    normalize_embeddings=True, show_progress_bar=show_progress_bar)
    return clone_metrics(np.asarray(vectors, dtype=np.float32), data.problems)


def clone_result_entry(model: str, data: CloneData, metrics: dict[str, float], evaluation_time: float
                       ) -> dict[str, Any]:
    """One result in the layout of :func:`c2llm.evaluation.results.result_entry` (the scores under the data's
    split)."""
    return {
        "model_name": model, "task_name": data.name, "dataset_revision": None, "mteb_version": None,
        "evaluation_time": evaluation_time,
        "scores": {data.split: [{**metrics, "hf_subset": "default", "languages": []}]},
        "num_queries": len(data.texts), "num_documents": len(data.texts),
        "num_problems": len(Counter(data.problems)), "dropped_queries": 0, "source": "c2llm.evaluation.clones",
    }


def format_clone_table(rows: Sequence[dict[str, Any]]) -> str:
    """A Markdown table of clone results, x 100: MAP@R and R-precision, each with its 95 % interval over problems
    (when the entry has one)."""
    def cell(score: dict[str, Any], key: str) -> str:
        interval = score.get(f"{key}_ci95")
        text = f"{100 * score[key]:.2f}" if key in score else "-"
        return text + (f" [{100 * interval[0]:.2f}, {100 * interval[1]:.2f}]" if interval else "")

    lines = [["model", "task", "split", "problems", "solutions", "MAP@R [95% CI]", "R-precision [95% CI]"]]
    for entry in rows:
        split, (score,) = next(iter(entry["scores"].items()))
        lines.append([str(entry["model_name"]), str(entry["task_name"]), split, str(entry["num_problems"]),
                      str(entry["num_queries"]), cell(score, "map_at_r"), cell(score, "r_precision")])
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    rendered = ["| " + " | ".join(text.ljust(width) for text, width in zip(line, widths)) + " |" for line in lines]
    rendered.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    return "\n".join(rendered)
