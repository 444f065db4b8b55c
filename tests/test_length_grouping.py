"""The training loss embeds texts in like-length groups (c2llm.training.length_grouping): the groups hold each text's
own tokens with less padding, and the loss and its gradients are those of sentence-transformers' merged forward."""

from __future__ import annotations

import pytest
import torch
from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss

from c2llm.build import to_sentence_transformer
from c2llm.training.config import TrainConfig
from c2llm.training.length_grouping import LengthGroupedMultipleNegativesRankingLoss, length_groups
from c2llm.training.trainer import make_loss
from tests.conftest import make_model

PAD = 0


def column(rows: list[list[int]], side: str) -> dict:
    """A tokenized column padded with PAD on ``side``, as the collator gives it."""
    width = max(len(row) for row in rows)
    ids = torch.full((len(rows), width), PAD)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for number, row in enumerate(rows):
        span = slice(width - len(row), width) if side == "left" else slice(0, len(row))
        ids[number, span], mask[number, span] = torch.tensor(row), 1
    return {"input_ids": ids, "attention_mask": mask, "modality": "text"}


@pytest.mark.parametrize("side", ["left", "right"])
def test_groups_hold_each_texts_own_tokens_shortest_first(side):
    queries = [[5, 6], [7]]
    documents = [[1, 2, 3, 4, 5, 6], [8, 9, 10]]
    groups, order = length_groups([column(queries, side), column(documents, side)], 2, side, PAD)
    assert order.tolist() == [1, 0, 3, 2]  # rows: queries 0, 1, then documents 0, 1 (column-major)
    assert [group["input_ids"].shape for group in groups] == [(2, 2), (2, 6)]  # widths 2 and 6, not 6 and 6
    texts = [row[mask.bool()].tolist() for group in groups
             for row, mask in zip(group["input_ids"], group["attention_mask"], strict=True)]
    assert texts == [[7], [5, 6], [8, 9, 10], [1, 2, 3, 4, 5, 6]]
    first = groups[0]["attention_mask"][0].tolist()
    assert first == ([0, 1] if side == "left" else [1, 0])
    assert all(group["modality"] == "text" for group in groups)


def test_columns_with_other_tensors_are_left_to_the_stock_forward():
    features = [column([[1, 2]], "left"), column([[3]], "left")]
    features[0]["token_type_ids"] = torch.zeros_like(features[0]["input_ids"])
    assert length_groups(features, 2, "left", PAD) is None


@pytest.mark.parametrize("side", ["left", "right"])
def test_loss_and_gradients_are_those_of_the_merged_forward(tokenizer, side):
    torch.manual_seed(0)
    model = to_sentence_transformer(make_model(tokenizer, compressed_dim=32), tokenizer)
    model.tokenizer.padding_side = side
    queries = ["sort a list", "read a file line by line", "x", "parse json from a string and validate it"]
    positives = [f"def f{i}():\n    " + "return 1\n    " * (i * 3 + 1) for i in range(4)]
    negatives = [f"def g{i}(a, b):\n    return a + b" * (4 - i) for i in range(4)]
    features = [model.preprocess(texts) for texts in (queries, positives, negatives)]

    def loss_and_gradients(loss_fn):
        model.zero_grad()
        loss = loss_fn([dict(f) for f in features], None)
        loss.backward()
        return loss.detach(), {name: p.grad.clone() for name, p in model.named_parameters() if p.grad is not None}

    widths = []  # the batch shapes the backbone sees
    hook = model[0].register_forward_pre_hook(lambda module, args: widths.append(tuple(args[0]["input_ids"].shape)))
    grouped_loss, grouped = loss_and_gradients(LengthGroupedMultipleNegativesRankingLoss(model, scale=20.0))
    grouped_shapes, widths[:] = list(widths), []
    merged_loss, merged = loss_and_gradients(MultipleNegativesRankingLoss(model, scale=20.0))
    hook.remove()
    lengths = sorted(int(n) for f in features for n in f["attention_mask"].sum(dim=1))
    assert grouped_shapes == [(4, lengths[3]), (4, lengths[7]), (4, lengths[11])]  # 12 texts by length, 4 a group
    assert widths == [tuple(features[0]["input_ids"].shape), (8, max(f["input_ids"].shape[1] for f in features[1:]))]
    torch.testing.assert_close(grouped_loss, merged_loss, rtol=1e-5, atol=1e-5)
    assert grouped.keys() == merged.keys() and grouped
    for name in merged:
        torch.testing.assert_close(grouped[name], merged[name], rtol=1e-4, atol=1e-5, msg=name)
    padded = sum(f["attention_mask"].numel() for f in features)
    groups, _ = length_groups(features, 4, side, model.tokenizer.pad_token_id)
    assert sum(group["attention_mask"].numel() for group in groups) < padded  # and it computes less padding


def test_training_uses_the_grouped_loss_unless_gradcache_mini_batches(tokenizer):
    model = to_sentence_transformer(make_model(tokenizer, compressed_dim=32), tokenizer)
    assert type(make_loss(model, TrainConfig(), distributed=False)) is LengthGroupedMultipleNegativesRankingLoss
    cached = make_loss(model, TrainConfig(cached_loss=True, mini_batch_size=2), distributed=False)
    assert not isinstance(cached, LengthGroupedMultipleNegativesRankingLoss)


def test_grouped_loss_under_bf16_autocast_matches_the_merged_forward(tokenizer):
    """CUDA's default, bf16 autocast, on CPU: the grouped loss and gradients stay those of the merged forward."""
    torch.manual_seed(0)
    model = to_sentence_transformer(make_model(tokenizer, compressed_dim=32), tokenizer)
    queries = ["sort a list", "x", "read a file line by line and count its words"]
    documents = [f"def f{i}():\n    " + "return 1\n    " * (i * 4 + 1) for i in range(3)]
    features = [model.preprocess(texts) for texts in (queries, documents)]

    def loss_and_gradients(loss_fn):
        model.zero_grad()
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = loss_fn([dict(f) for f in features], None)
        loss.backward()
        return loss.detach().float(), torch.cat([p.grad.flatten() for p in model.parameters() if p.grad is not None])

    grouped_loss, grouped = loss_and_gradients(LengthGroupedMultipleNegativesRankingLoss(model, scale=20.0))
    merged_loss, merged = loss_and_gradients(MultipleNegativesRankingLoss(model, scale=20.0))
    assert torch.isfinite(grouped).all()
    torch.testing.assert_close(grouped_loss, merged_loss, rtol=2e-2, atol=2e-2)
    assert torch.linalg.vector_norm(grouped - merged) / torch.linalg.vector_norm(merged) < 5e-2
