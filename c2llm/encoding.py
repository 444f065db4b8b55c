"""Batch encoding by token budget, shared by the search index (:mod:`c2llm.search.encoder`), the evaluation
(:mod:`c2llm.evaluation.dense`) and the benchmarks (``c2llm bench encode``, the ablation).

Instead of a fixed batch size, texts are sorted by token length (longest first) and grouped so that each batch holds
at most a budget of padded tokens (count x longest): short texts go in big batches, long ones in small, with little
padding. ``c2llm bench encode`` measures it against batches of 32 on standard-library code (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

# padded tokens per encoding batch: at the 0.5B shape in bf16, 8,192 reached 40.9% of the matmul peak and 4,096
# 50.3% (docs/search.md)
DEFAULT_TOKEN_BUDGET = 4096


def token_budget_batches(lengths: Sequence[int], token_budget: int) -> list[list[int]]:
    """Indices in batches of similar token length, longest first, each holding at most ``token_budget`` padded tokens
    (count x longest); an input longer than the budget gets a batch of its own."""
    batches: list[list[int]] = []
    for index in sorted(range(len(lengths)), key=lambda i: -lengths[i]):
        if batches and (len(batches[-1]) + 1) * lengths[batches[-1][0]] <= token_budget:
            batches[-1].append(index)
        else:
            batches.append([index])
    return batches


def budget_batches_for(model: SentenceTransformer, texts: list[str], token_budget: int) -> list[list[int]]:
    """The token-budget batches of ``texts`` under ``model``'s tokenizer and truncation length."""
    ids = model.tokenizer(texts, add_special_tokens=False, truncation=True, max_length=model.max_seq_length)
    return token_budget_batches([len(row) for row in ids["input_ids"]], token_budget)


def encode_by_token_budget(
    model: SentenceTransformer, encode: Any, texts: list[str], token_budget: int, show_progress_bar: bool = True
) -> Any:
    """``encode(texts)`` (``model.encode_query``, ``model.encode_document``, or a partial of one) in token-budget
    batches; returns the embeddings as one tensor, in the order of ``texts``."""
    import torch

    embeddings: list[Any] = [None] * len(texts)
    from tqdm.auto import tqdm  # here: its import (importlib.metadata) costs a one-shot search 60 ms

    for batch in tqdm(budget_batches_for(model, texts, token_budget), desc="Batches", disable=not show_progress_bar):
        encoded = encode([texts[i] for i in batch], batch_size=len(batch), convert_to_tensor=True,
                         show_progress_bar=False)
        for row, index in enumerate(batch):
            embeddings[index] = encoded[row]
    return torch.stack(embeddings)
