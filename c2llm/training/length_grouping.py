"""InfoNCE whose embeddings are computed in groups of texts of like length.

sentence-transformers' MultipleNegativesRankingLoss embeds the query column on its own and merges the document
columns (positive and hard negatives) into one batch, padded to the longest document. With the paper's batch of 32
queries and 8 documents each, at up to 1,024 tokens, only about 15 % of what the backbone computes is real tokens
(``python -m bench.gpu_check --padding``). Here every text of every column is sorted by its real length and embedded
in groups as large as one column, each padded only to its own longest; the embeddings go back to their columns and
the loss is the same InfoNCE. Texts are embedded independently (causal attention over their own tokens, RoPE relative),
so only rounding differs from the merged batch.
"""

from __future__ import annotations

from collections.abc import Iterable

import torch
from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss
from torch import Tensor

GROUPED_KEYS = {"input_ids", "attention_mask"}  # tensors regrouped; other tensors: the stock path


def length_groups(features: list[dict], group_size: int, padding_side: str, pad_id: int
                  ) -> tuple[list[dict], Tensor] | None:
    """The texts of every column (all of one size B) re-batched by real length, shortest first, ``group_size`` per
    batch, each padded to its own longest on ``padding_side``; and the rows they hold, in order (row r of column c is
    ``c * B + r``). ``None`` when the columns carry tensors other than ids and mask."""
    tensors = [{key: value for key, value in column.items() if isinstance(value, Tensor)} for column in features]
    if any(set(column) != GROUPED_KEYS for column in tensors):
        return None
    ids = [row for column in tensors for row in column["input_ids"]]
    masks = [row for column in tensors for row in column["attention_mask"]]
    lengths = torch.stack([mask.sum() for mask in masks])
    order = torch.argsort(lengths, stable=True)
    extras = {key: value for key, value in features[0].items() if not isinstance(value, Tensor)}
    groups = []
    for start in range(0, len(order), group_size):
        rows = order[start : start + group_size].tolist()
        width = int(lengths[rows].max())
        group_ids = ids[rows[0]].new_full((len(rows), width), pad_id)
        group_mask = masks[rows[0]].new_zeros((len(rows), width))
        for slot, row in enumerate(rows):
            real = ids[row][masks[row].bool()]
            span = slice(width - len(real), width) if padding_side == "left" else slice(0, len(real))
            group_ids[slot, span] = real
            group_mask[slot, span] = 1
        groups.append({"input_ids": group_ids, "attention_mask": group_mask, **extras})
    return groups, order


class LengthGroupedMultipleNegativesRankingLoss(MultipleNegativesRankingLoss):
    """MultipleNegativesRankingLoss, its embeddings computed in like-length groups (:func:`length_groups`) as large
    as one column, so as many forward passes as columns; the stock forward where the features cannot be regrouped."""

    def forward(self, sentence_features: Iterable[dict[str, Tensor]], labels: Tensor) -> Tensor:
        features = list(sentence_features)
        sizes = {len(column["input_ids"]) for column in features if "input_ids" in column}
        tokenizer = getattr(self.model, "module", self.model).tokenizer  # under DDP the trainer wraps the model
        regrouped = None
        if len(sizes) == 1 and len(features) > 1:
            regrouped = length_groups(features, sizes.pop(), tokenizer.padding_side, tokenizer.pad_token_id)
        if regrouped is None:
            return super().forward(features, labels)
        groups, order = regrouped
        embedded = torch.cat([self.model(group)["sentence_embedding"] for group in groups])
        by_row = embedded[torch.argsort(order).to(embedded.device)]  # back to column-major row order
        return self.compute_loss_from_embeddings(list(by_row.chunk(len(features))), labels)
