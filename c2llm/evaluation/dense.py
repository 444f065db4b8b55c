"""Dense retrieval with a SentenceTransformer: ``encode_query`` / ``encode_document`` in token-budget batches
(:mod:`c2llm.encoding`), cosine similarity, the top 100 documents per query."""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

from ..build import load_model
from ..encoding import DEFAULT_TOKEN_BUDGET, encode_by_token_budget
from ..prompts import (
    DOCUMENT_PROMPT,
    query_prompt,
)
from .beir import BeirData, load_beir
from .metrics import TOP_K, compute_metrics

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer


logger = logging.getLogger(__name__)


def model_name(model: str | os.PathLike[str] | SentenceTransformer, name: str | None = None) -> str:
    """A display name: ``name`` if given, else the path or id, else the model card's id."""
    if name:
        return name
    if isinstance(model, (str, os.PathLike)):
        return str(model)
    card = model.model_card_data
    card_name = card.model_name or card.model_id or card.base_model
    if card_name:
        return card_name
    config = getattr(getattr(model[0], "model", None), "config", None)
    return getattr(config, "_name_or_path", None) or type(model).__name__


def task_prompts(task: str, *, mteb_parity: bool = False) -> tuple[str, str]:
    """(query prompt, document prompt) of C2LLM for one MTEB(Code) task name."""
    return query_prompt(task, mteb_parity=mteb_parity), DOCUMENT_PROMPT


def dense_search(
    model: SentenceTransformer,
    data: BeirData,
    *,
    query_prompt: str | None = None,
    document_prompt: str | None = None,
    batch_size: int = 32,
    token_budget: int | None = DEFAULT_TOKEN_BUDGET,
    top_k: int = TOP_K,
    show_progress_bar: bool = True,
) -> dict[str, dict[str, float]]:
    """Rank the corpus for every query by cosine similarity and keep the top ``top_k``.

    Queries go through ``encode_query`` and documents through ``encode_document``: with ``None`` prompts these
    apply the model's own ``"query"`` / ``"document"`` prompts (if any), otherwise the given strings. Batches hold
    ``token_budget`` padded tokens (see :func:`c2llm.encoding.encode_by_token_budget`); ``token_budget=None`` uses
    sentence-transformers' fixed ``batch_size`` instead.

    Returns:
        Query id -> {document id -> cosine score}.
    """
    from functools import partial

    from sentence_transformers import util

    query_ids, query_texts = data.query_ids_and_texts()
    doc_ids, doc_texts = data.document_ids_and_texts()
    encode_query = partial(model.encode_query, prompt=query_prompt)
    encode_document = partial(model.encode_document, prompt=document_prompt)
    if token_budget is None:
        kwargs = {"batch_size": batch_size, "show_progress_bar": show_progress_bar, "convert_to_tensor": True}
        query_embeddings, doc_embeddings = encode_query(query_texts, **kwargs), encode_document(doc_texts, **kwargs)
    else:
        query_embeddings = encode_by_token_budget(model, encode_query, query_texts, token_budget, show_progress_bar)
        doc_embeddings = encode_by_token_budget(model, encode_document, doc_texts, token_budget, show_progress_bar)
    hits = util.semantic_search(
        query_embeddings.float(), doc_embeddings.float(), top_k=min(top_k, len(doc_ids)), score_function=util.cos_sim
    )
    return {
        qid: {doc_ids[hit["corpus_id"]]: float(hit["score"]) for hit in query_hits}
        for qid, query_hits in zip(query_ids, hits, strict=True)
    }


def evaluate_model(
    model: str | os.PathLike[str] | SentenceTransformer,
    data: BeirData | str | os.PathLike[str],
    *,
    query_prompt: str | None = None,
    document_prompt: str | None = None,
    batch_size: int = 32,
    name: str | None = None,
    show_progress_bar: bool = True,
) -> dict[str, float]:
    """Dense retrieval metrics of one model on one BEIR split.

    Args:
        model: SentenceTransformer instance, or a folder / id loaded with ``trust_remote_code=True``.
        data: A :class:`BeirData`, or a BEIR folder (its ``test`` split).
        query_prompt: Prompt text before each query; ``None`` uses the model's own ``"query"`` prompt.
        document_prompt: Prompt text before each document; ``None`` uses the model's own ``"document"`` prompt.
        batch_size: Encoding batch size.
        name: Label for the log line.
        show_progress_bar: Show encoding progress bars.

    Returns:
        ``main_score`` and the metrics of :data:`METRICS` (nDCG@10, MRR@10, Recall@1/10/100, MAP@100), in [0, 1].
    """
    data = data if isinstance(data, BeirData) else load_beir(data)
    model = load_model(model)
    logger.info(
        "Dense retrieval: %s on %s (%d queries, %d documents)",
        model_name(model, name),
        data.name,
        len(data.qrels),
        len(data.corpus),
    )
    run = dense_search(
        model,
        data,
        query_prompt=query_prompt,
        document_prompt=document_prompt,
        batch_size=batch_size,
        show_progress_bar=show_progress_bar,
    )
    return compute_metrics(data.qrels, run)
