"""Retrieval evaluation: dense SentenceTransformer models and a code-aware BM25 baseline on the same data.

Routes, with the same metric definitions (:mod:`.metrics`, mteb's):

* **BEIR folders** (:mod:`.beir`), evaluated here: dense retrieval (:mod:`.dense`, batches by token budget from
  :mod:`c2llm.encoding`) or BM25 (:mod:`.baseline`).
* **mteb tasks** (:mod:`.mteb`, optional extra ``mteb``), evaluated by ``mteb.evaluate`` at the official settings.
* **Clone detection** (:mod:`.clones`): MAP@R and R-precision on POJ-104 (a folder, or JSON lines with a split), as
  CL4D and CodeXGLUE report them.

Results are mteb-like entries in one JSON file (:mod:`.results`). Command line: ``c2llm evaluate``.
"""

from ..prompts import MTEB_CODE_BENCHMARK, OFFICIAL_PADDING_SIDE
from .baseline import bm25_search, evaluate_bm25
from .beir import BeirData, BeirFormatError, document_text, load_beir, write_beir
from .clones import (
    CloneData,
    CloneFolderError,
    clone_metrics,
    evaluate_clones,
    load_poj104,
    load_poj104_data,
    load_poj104_jsonl,
    map_at_r,
    r_precision,
)
from .dense import dense_search, evaluate_model, task_prompts
from .metrics import MAIN_METRIC, METRICS, TOP_K, compute_metrics, mrr_at_k, per_query_metrics
from .mteb import evaluate_mteb, local_mteb_task, mteb_tasks
from .results import format_table, read_results, result_entry, write_results

__all__ = [
    "MAIN_METRIC", "METRICS", "MTEB_CODE_BENCHMARK", "OFFICIAL_PADDING_SIDE", "TOP_K",
    "BeirData", "BeirFormatError", "CloneData", "CloneFolderError", "bm25_search", "clone_metrics", "compute_metrics",
    "dense_search",
    "document_text", "evaluate_bm25", "evaluate_clones", "evaluate_model", "evaluate_mteb", "format_table",
    "load_beir", "load_poj104", "load_poj104_data", "load_poj104_jsonl", "local_mteb_task", "map_at_r", "mrr_at_k",
    "mteb_tasks", "per_query_metrics", "r_precision", "read_results", "result_entry", "task_prompts", "write_beir",
    "write_results",
]
