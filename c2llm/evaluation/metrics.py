"""Retrieval metrics as mteb computes them: nDCG@10 (main score), MAP@100 and Recall@k from ``pytrec_eval``
(trec_eval's definitions, graded relevance for nDCG); MRR@10 as ``mteb._evaluators.retrieval_metrics.mrr``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAIN_METRIC = "ndcg_at_10"


METRICS = ("ndcg_at_10", "mrr_at_10", "recall_at_1", "recall_at_10", "recall_at_100", "map_at_100")


TOP_K = 100


# pytrec_eval measure -> our (mteb) metric name
_PYTREC_MEASURES = {
    "ndcg_cut_10": "ndcg_at_10",
    "map_cut_100": "map_at_100",
    "recall_1": "recall_at_1",
    "recall_10": "recall_at_10",
    "recall_100": "recall_at_100",
}


def _pytrec_eval() -> Any:
    """Import pytrec_eval (the trec_eval binding mteb uses) with an actionable error."""
    try:
        import pytrec_eval
    except ImportError as exc:
        raise ImportError(
            "Retrieval metrics need pytrec_eval, as in mteb: pip install pytrec-eval-terrier (or pip install mteb)"
        ) from exc
    return pytrec_eval


def mrr_at_k(qrels: Mapping[str, Mapping[str, int]], run: Mapping[str, Mapping[str, float]], k: int) -> list[float]:
    """Reciprocal rank of the first relevant document within the top ``k``, per query of ``qrels``.

    Same definition as mteb (``mteb._evaluators.retrieval_metrics.mrr``): documents sorted by (score, id)
    descending, which is trec_eval's tie-break, and grade > 0 means relevant.
    """
    values = []
    for qid, judged in qrels.items():
        ranked = sorted(run.get(qid, {}).items(), key=lambda item: (item[1], item[0]), reverse=True)[:k]
        relevant = {cid for cid, grade in judged.items() if grade > 0}
        values.append(next((1.0 / rank for rank, (cid, _) in enumerate(ranked, start=1) if cid in relevant), 0.0))
    return values


def compute_metrics(
    qrels: Mapping[str, Mapping[str, int]], run: Mapping[str, Mapping[str, float]]
) -> dict[str, float]:
    """Mean retrieval metrics over the queries of ``qrels``.

    Args:
        qrels: Query id -> {document id -> grade}.
        run: Query id -> {document id -> score} (the retrieved documents, e.g. the top 100). A query of ``qrels``
            missing from ``run`` scores 0.

    Returns:
        ``main_score`` (= nDCG@10) and the metrics of :data:`METRICS`, each in [0, 1].
    """
    if not qrels:
        raise ValueError("compute_metrics: empty qrels")
    per_query = per_query_metrics(qrels, run)
    scores = {name: sum(values[name] for values in per_query.values()) / len(per_query) for name in METRICS}
    return {"main_score": scores[MAIN_METRIC], **scores}


def per_query_metrics(
    qrels: Mapping[str, Mapping[str, int]], run: Mapping[str, Mapping[str, float]]
) -> dict[str, dict[str, float]]:
    """The metrics of :data:`METRICS` for each query of ``qrels`` (what a paired interval over queries resamples);
    a query missing from ``run`` scores 0."""
    clean_qrels = {str(qid): {str(cid): int(grade) for cid, grade in docs.items()} for qid, docs in qrels.items()}
    clean_run = {str(qid): {str(cid): float(score) for cid, score in docs.items()} for qid, docs in run.items()}
    measures = {"ndcg_cut.10", "map_cut.100", "recall.1,10,100"}
    evaluated = _pytrec_eval().RelevanceEvaluator(clean_qrels, measures).evaluate(clean_run)
    mrr = mrr_at_k(clean_qrels, clean_run, 10)
    return {qid: {**{name: evaluated.get(qid, {}).get(measure, 0.0) for measure, name in _PYTREC_MEASURES.items()},
                  "mrr_at_10": reciprocal}
            for qid, reciprocal in zip(clean_qrels, mrr, strict=True)}
