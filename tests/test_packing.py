"""Packed batches: the backbone computes only real tokens, and nothing else changes.

A padded batch on a causal backbone runs as one row of its texts' real tokens, each text with its own positions and
attending only within itself (``C2LLMModel.encode_tokens``). The references here are the padded path of the same
model (``pack_sequences=False``, today's computation) and each text encoded alone, with no padding at all.
"""

from __future__ import annotations

import logging

import pytest
import torch
import torch.nn.functional as F
from sentence_transformers.sentence_transformer.losses import CachedMultipleNegativesRankingLoss
from transformers import LlamaConfig, Qwen2Config, Qwen3Config

from c2llm.bench.common import TokenCounter
from c2llm.build import build_c2llm, to_sentence_transformer
from c2llm.training.length_grouping import LengthGroupedMultipleNegativesRankingLoss
from modeling_c2llm import PACKED_SDPA, packed_sdpa_attention
from tests.conftest import CODE_TEXTS, make_model

TEXTS = [*CODE_TEXTS, ""]  # lengths 1 to 20 tokens, and an input without tokens
POOLINGS = [{"embedding_method": "pma", "compressed_dim": 32}, {"embedding_method": "mean"},
            {"embedding_method": "last_token"}]


def embeddings_and_gradients(model, inputs: dict, pack: bool) -> tuple[torch.Tensor, dict[str, torch.Tensor]]:
    model.config.pack_sequences = pack
    model.zero_grad(set_to_none=True)
    embeddings = model(**inputs).sentence_embedding
    # a loss that reads every coordinate of every embedding with a different weight
    (embeddings * torch.linspace(-1, 1, embeddings.numel()).view_as(embeddings)).sum().backward()
    return embeddings.detach(), {name: p.grad.clone() for name, p in model.named_parameters() if p.grad is not None}


@pytest.mark.parametrize("padding_side", ["left", "right"])
@pytest.mark.parametrize("pooling", POOLINGS, ids=lambda pooling: pooling["embedding_method"])
def test_packed_embeddings_and_gradients_equal_the_padded_path(tokenizer, pooling, padding_side):
    model = make_model(tokenizer, **pooling)
    inputs = tokenizer(TEXTS, padding=True, padding_side=padding_side, return_tensors="pt")
    padded, padded_grads = embeddings_and_gradients(model, inputs, pack=False)
    with TokenCounter(model) as counter:
        packed, packed_grads = embeddings_and_gradients(model, inputs, pack=True)
    assert counter.computed == int(inputs["attention_mask"].sum()) < inputs["attention_mask"].numel()
    torch.testing.assert_close(packed, padded, atol=1e-5, rtol=1e-5)
    assert set(packed_grads) == set(padded_grads) and len(packed_grads) > 10
    for name, gradient in padded_grads.items():
        torch.testing.assert_close(packed_grads[name], gradient, atol=1e-5, rtol=1e-4, msg=name)


@pytest.mark.parametrize(
    "backbone_config",
    [
        Qwen2Config(vocab_size=400, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                    num_attention_heads=4, num_key_value_heads=2),
        Qwen3Config(vocab_size=400, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                    num_attention_heads=4, num_key_value_heads=1, head_dim=16),
        LlamaConfig(vocab_size=400, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                    num_attention_heads=4, num_key_value_heads=2),  # Llama takes no prepared mask: our mask function
    ],
    ids=["qwen2", "qwen3", "llama"],
)
def test_a_packed_text_is_embedded_as_if_alone(tokenizer, backbone_config):
    """The independent reference: each text alone (no padding, no mask, plain sdpa), grouped-query heads included."""
    model = build_c2llm(backbone_config, pma_num_heads=4, seed=0, attn_implementation="sdpa")
    inputs = tokenizer(CODE_TEXTS, padding=True, padding_side="left", return_tensors="pt")
    with torch.no_grad():
        alone = torch.cat([model(**tokenizer([text], return_tensors="pt")).sentence_embedding for text in CODE_TEXTS])
        with TokenCounter(model) as counter:
            packed = model(**inputs).sentence_embedding
    assert counter.computed == int(inputs["attention_mask"].sum())
    assert model.backbone.config._attn_implementation == PACKED_SDPA
    torch.testing.assert_close(packed, alone, atol=1e-5, rtol=1e-5)


def test_texts_of_one_row_do_not_see_each_other(tokenizer):
    model = make_model(tokenizer, compressed_dim=32)
    with torch.no_grad():
        before = model(**tokenizer(TEXTS, padding=True, return_tensors="pt")).sentence_embedding
        changed = [TEXTS[0] + " # and more tokens here", *TEXTS[1:]]
        after = model(**tokenizer(changed, padding=True, return_tensors="pt")).sentence_embedding
    assert not torch.allclose(before[0], after[0], atol=1e-3)
    torch.testing.assert_close(after[1:], before[1:], atol=1e-5, rtol=1e-5)


def test_packed_attention_splits_the_row_at_cu_seq_lens():
    """The attention function alone against sdpa per sequence with its own causal mask, grouped heads included."""
    torch.manual_seed(0)
    lengths = [3, 1, 6]
    bounds = torch.tensor([0, 3, 4, 10], dtype=torch.int32)
    query = torch.randn(1, 4, sum(lengths), 8)
    key, value = torch.randn(1, 2, sum(lengths), 8), torch.randn(1, 2, sum(lengths), 8)
    module = torch.nn.Module()
    output, weights = packed_sdpa_attention(module, query, key, value, None, scaling=0.5, cu_seq_lens_q=bounds)
    assert weights is None and output.shape == (1, sum(lengths), 4, 8)
    for start, end in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        length = end - start
        logits = query[0, :, start:end] @ key[0, :, start:end].repeat_interleave(2, dim=0).transpose(1, 2) * 0.5
        logits = logits.masked_fill(~torch.ones(length, length, dtype=torch.bool).tril(), float("-inf"))
        expected = torch.softmax(logits, dim=-1) @ value[0, :, start:end].repeat_interleave(2, dim=0)
        torch.testing.assert_close(output[0, start:end], expected.transpose(0, 1), atol=1e-6, rtol=1e-5)


def test_sentence_transformer_encode_and_training_compute_only_real_tokens(tokenizer):
    """encode (the index and the evaluation call it), the length-grouped loss and GradCache all run packed."""
    model = to_sentence_transformer(make_model(tokenizer, compressed_dim=32), tokenizer)
    features = model.preprocess(TEXTS)
    real = int(features["attention_mask"].sum())
    with TokenCounter(model) as counter:
        model.encode(TEXTS, batch_size=len(TEXTS))
    assert counter.computed == real
    columns = [model.preprocess(TEXTS[:4]), model.preprocess(TEXTS[3:])]
    real = sum(int(column["attention_mask"].sum()) for column in columns)
    for loss in (LengthGroupedMultipleNegativesRankingLoss(model), CachedMultipleNegativesRankingLoss(model, 2)):
        with TokenCounter(model) as counter:
            loss([dict(column) for column in columns], None).backward()
        # GradCache runs every mini-batch twice: once without gradients, once again with them
        assert counter.computed == real * (2 if isinstance(loss, CachedMultipleNegativesRankingLoss) else 1)
    model[0].model.config.pack_sequences = False
    padded = model.encode(TEXTS, batch_size=len(TEXTS), convert_to_tensor=True)
    model[0].model.config.pack_sequences = True
    torch.testing.assert_close(model.encode(TEXTS, batch_size=len(TEXTS), convert_to_tensor=True), padded,
                               atol=1e-5, rtol=1e-5)


def test_the_flag_is_saved_and_a_folder_without_it_packs(tokenizer, tmp_path):
    import json

    from transformers import AutoModel

    from c2llm.build import register_auto_classes

    model = make_model(tokenizer, compressed_dim=32)
    model.config.pack_sequences = False
    register_auto_classes()  # config.json's auto_map, and modeling_c2llm.py beside it
    model.save_pretrained(tmp_path / "off")
    assert json.loads((tmp_path / "off" / "config.json").read_text())["pack_sequences"] is False
    config = json.loads((tmp_path / "off" / "config.json").read_text())
    del config["pack_sequences"]  # as a folder saved before the key existed
    (tmp_path / "off" / "config.json").write_text(json.dumps(config))
    assert AutoModel.from_pretrained(tmp_path / "off", trust_remote_code=True).config.pack_sequences is True


@pytest.mark.parametrize(
    ("setting", "reason"),
    [
        ({"attn_implementation": "eager"}, "attn_implementation 'eager' cannot run packed sequences"),
        ({"use_sliding_window": True, "sliding_window": 4, "max_window_layers": 0},
         "the qwen2 backbone is not causal with full attention"),
    ],
    ids=["eager", "sliding-window"],
)
def test_what_cannot_pack_runs_padded_and_says_so_once(tokenizer, caplog, setting, reason):
    from c2llm.build import small_qwen2_config

    attention = setting.pop("attn_implementation", "sdpa")
    config = small_qwen2_config(len(tokenizer), hidden_size=64, num_hidden_layers=2, intermediate_size=128,
                                **setting)
    model = build_c2llm(config, pma_num_heads=4, seed=0, attn_implementation=attention)
    inputs = tokenizer(CODE_TEXTS, padding=True, return_tensors="pt")
    with caplog.at_level(logging.WARNING), torch.no_grad(), TokenCounter(model) as counter:
        first = model(**inputs).sentence_embedding
        model(**inputs)
    assert counter.computed == 2 * inputs["attention_mask"].numel()  # the padded path: padding computed
    message = f"c2llm packing off: {reason}; padded batches (computing padding) instead"
    assert [record.getMessage() for record in caplog.records].count(message) == 1
    model.config.pack_sequences = False
    with torch.no_grad():
        torch.testing.assert_close(model(**inputs).sentence_embedding, first)


def test_position_ids_of_the_caller_are_kept_on_the_padded_path(tokenizer):
    model = make_model(tokenizer, compressed_dim=32)
    inputs = tokenizer(CODE_TEXTS, padding=True, padding_side="right", return_tensors="pt")
    positions = torch.arange(inputs["input_ids"].shape[1])[None].expand_as(inputs["input_ids"])
    with torch.no_grad(), TokenCounter(model) as counter:
        given = model(**inputs, position_ids=positions).sentence_embedding
        packed = model(**inputs).sentence_embedding
    assert counter.computed == inputs["attention_mask"].numel() + int(inputs["attention_mask"].sum())
    torch.testing.assert_close(given, packed, atol=1e-5, rtol=1e-5)  # right padding: the same positions
    assert F.cosine_similarity(given, packed).min() > 0.9999


def test_activation_checkpointing_recomputes_the_packed_row(tokenizer):
    """CUDA's default: each layer is recomputed in the backward pass with the same cu_seq_lens and positions."""
    model = make_model(tokenizer, compressed_dim=32)
    model.train()
    inputs = tokenizer(TEXTS, padding=True, return_tensors="pt")
    _, plain = embeddings_and_gradients(model, inputs, pack=True)
    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    with TokenCounter(model) as counter:
        _, checkpointed = embeddings_and_gradients(model, inputs, pack=True)
    assert counter.computed == int(inputs["attention_mask"].sum())
    for name, gradient in plain.items():
        torch.testing.assert_close(checkpointed[name], gradient, atol=1e-6, rtol=1e-5, msg=name)
