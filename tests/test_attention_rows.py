"""No query row reaches the attention kernel without a key: the cause of the NaN gradients of the H200 run.

transformers' sdpa mask leaves each left-padding query of a causal backbone with every key masked. On CUDA, cuDNN's
attention backward turns such a row into NaN gradients (pytorch#196678); CPU kernels special-case it, so on CPU the
cause is checked on the masks themselves, and with a reference attention that computes an empty row's softmax as
0 / 0, as a kernel without that special case does.
"""

from __future__ import annotations

import math

import pytest
import torch
import torch.nn.functional as F
from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss

from c2llm.build import to_sentence_transformer
from modeling_c2llm import padded_causal_mask
from tests.conftest import CODE_TEXTS, make_model

TEXTS = [*CODE_TEXTS, ""]  # lengths 1 to 20 tokens, and an input without tokens


def rows_without_a_key(mask: torch.Tensor) -> int:
    """Query rows of an sdpa mask (boolean: True attends; float: added to the logits) that attend to nothing."""
    allowed = mask if mask.dtype == torch.bool else mask > -math.inf
    return int((~allowed.any(dim=-1)).sum())


@pytest.fixture
def recorded_masks(monkeypatch):
    """Every attn_mask passed to torch's sdpa (transformers' sdpa attention calls it by attribute)."""
    masks, sdpa = [], F.scaled_dot_product_attention

    def recording(query, key, value, attn_mask=None, *args, **kwargs):
        if attn_mask is not None:
            masks.append(attn_mask.detach())
        return sdpa(query, key, value, attn_mask, *args, **kwargs)

    monkeypatch.setattr(F, "scaled_dot_product_attention", recording)
    return masks


def reference_sdpa(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False):
    """softmax(q k^T / sqrt(d) + mask) v with no special case: an empty row is NaN, as in cuDNN's backward."""
    if enable_gqa:
        key = key.repeat_interleave(query.shape[-3] // key.shape[-3], dim=-3)
        value = value.repeat_interleave(query.shape[-3] // value.shape[-3], dim=-3)
    logits = query @ key.transpose(-2, -1) * (scale or query.shape[-1] ** -0.5)
    if is_causal:
        attn_mask = torch.ones(logits.shape[-2:], dtype=torch.bool, device=logits.device).tril()
    if attn_mask is not None:
        logits = logits.masked_fill(~attn_mask, -math.inf) if attn_mask.dtype == torch.bool else logits + attn_mask
    return torch.softmax(logits, dim=-1) @ value


def pipeline(tokenizer, padding_side, pack_sequences=True, **pooling):
    model = to_sentence_transformer(make_model(tokenizer, compressed_dim=32, **pooling), tokenizer)
    model.tokenizer.padding_side = padding_side
    model[0].model.config.pack_sequences = pack_sequences
    return model


def tokenized(model, texts: list[str]) -> dict:
    """``model.tokenize(texts)`` on the model's device (CUDA when visible), where the trainer would move a batch."""
    return {k: v.to(model.device) if isinstance(v, torch.Tensor) else v for k, v in model.tokenize(texts).items()}


def train_step_gradients(model) -> torch.Tensor:
    """The gradient norm of one InfoNCE step, as the trainer takes it (queries and documents left-padded)."""
    loss_fn = MultipleNegativesRankingLoss(model, scale=20.0)
    features = [tokenized(model, TEXTS[:4]), tokenized(model, TEXTS[3:])]
    model.zero_grad()
    loss_fn(features, labels=None).backward()
    return torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters() if p.grad is not None]))


@pytest.mark.parametrize("padding_side", ["left", "right"])
def test_no_query_row_reaches_sdpa_without_a_key(tokenizer, recorded_masks, padding_side):
    """The padded path (packing off, or a caller's own position_ids): packed batches send sdpa no padding at all."""
    model = pipeline(tokenizer, padding_side, pack_sequences=False)
    with torch.no_grad():
        model.encode(TEXTS, batch_size=len(TEXTS))  # inference: encode, evaluation and `c2llm index --model`
    train_step_gradients(model)  # training: the trainer calls the same forward
    features = tokenized(model, TEXTS)
    model[0].model(input_ids=features["input_ids"], attention_mask=features["attention_mask"])  # AutoModel
    assert recorded_masks, "the padded batches reached sdpa without a mask"
    assert [rows_without_a_key(mask) for mask in recorded_masks] == [0] * len(recorded_masks)


@pytest.mark.parametrize("pack_sequences", [True, False])
def test_training_gradients_are_finite_on_a_kernel_without_the_empty_row_special_case(
    tokenizer, monkeypatch, pack_sequences
):
    model = pipeline(tokenizer, "left", pack_sequences=pack_sequences)
    expected = train_step_gradients(model)
    monkeypatch.setattr(F, "scaled_dot_product_attention", reference_sdpa)
    gradients = train_step_gradients(model)
    assert torch.isfinite(gradients)
    torch.testing.assert_close(gradients, expected, rtol=1e-4, atol=1e-5)


def test_padding_rows_are_the_only_rows_changed():
    attention_mask = torch.tensor([[0, 0, 1, 1], [1, 1, 1, 0], [0, 0, 0, 0]])
    causal = torch.ones(4, 4, dtype=torch.bool).tril()
    # transformers' mask: causal over the unpadded keys
    plain = causal[None] & attention_mask.bool()[:, None, :]
    mask = padded_causal_mask(attention_mask)[:, 0]
    real = attention_mask.bool()
    assert torch.equal(mask[real], plain[real])  # real tokens attend exactly as before
    # a padding query attends to itself alone when nothing else is visible to it, and keeps what it had otherwise
    eye = torch.eye(4, dtype=torch.bool).expand(3, 4, 4)
    assert torch.equal(mask[~real], (plain | eye)[~real])
    assert not (~mask.any(dim=-1)).any()
