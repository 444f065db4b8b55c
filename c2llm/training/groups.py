"""Rows of one group never share a batch: the optional ``group`` column of a training table.

Two programs of one problem (a clone class) or two docstrings of one function are each other's positives. In one
batch, InfoNCE would take each as the other row's in-batch negative and push apart what should match. The trainer's
batch sampler (sentence-transformers' ``NoDuplicatesBatchSampler``) already keeps apart two rows that share any
value, so a ``group`` value left in the dataset keeps rows of one group in different batches. The collator below then
drops the column, so that it is never tokenized and trained on as one more text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sentence_transformers.sentence_transformer.data_collator import SentenceTransformerDataCollator

from ..data.training import GROUP_COLUMN


@dataclass
class GroupDroppingCollator(SentenceTransformerDataCollator):
    """sentence-transformers' collator for rows that may carry a ``group`` column: the column is dropped before the
    texts are tokenized (the batch sampler has already read it)."""

    def __call__(self, features: list[dict[str, Any]]) -> dict[str, Any]:
        if features and GROUP_COLUMN in features[0]:
            features = [{key: value for key, value in row.items() if key != GROUP_COLUMN} for row in features]
        return super().__call__(features)
