"""The BM25 baseline on a BEIR split, scored with the same metric code as the dense models."""

from __future__ import annotations

import os

from ..bm25 import bm25_retrieve
from .beir import BeirData, load_beir
from .metrics import TOP_K, compute_metrics


def bm25_search(data: BeirData, *, top_k: int = TOP_K, show_progress_bar: bool = True) -> dict[str, dict[str, float]]:
    """Rank the corpus for every query with BM25 (``bm25s`` defaults: Lucene variant, k1=1.5, b=0.75).

    Returns:
        Query id -> {document id -> BM25 score} for the top ``top_k`` documents (zero scores included, as mteb).
    """
    query_ids, query_texts = data.query_ids_and_texts()
    doc_ids, doc_texts = data.document_ids_and_texts()
    indices, scores = bm25_retrieve(doc_texts, query_texts, top_k, show_progress=show_progress_bar)
    return {
        qid: {doc_ids[int(index)]: float(score) for index, score in zip(indices[row], scores[row], strict=True)}
        for row, qid in enumerate(query_ids)
    }


def evaluate_bm25(data: BeirData | str | os.PathLike[str], *, show_progress_bar: bool = True) -> dict[str, float]:
    """BM25 retrieval metrics on one BEIR split (same metric code as :func:`evaluate_model`)."""
    data = data if isinstance(data, BeirData) else load_beir(data)
    return compute_metrics(data.qrels, bm25_search(data, show_progress_bar=show_progress_bar))
