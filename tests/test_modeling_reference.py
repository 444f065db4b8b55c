"""modeling_c2llm / configuration_c2llm against independent references, with every parameter randomised (issue 13).

The references below are written from the official math (CodeFuse-CGE `MAB_POST`, see
`../shared/research/c2llm-reference.md` §1.5 and §6.2) with plain tensor ops on float64 copies of the weights; they
never call the modules under test. The default init leaves every bias and LayerNorm bias at 0 and LayerNorm weights at
1, which hides whole terms of the formula, so each test first randomises all of them.

These tests build models in-process (`make_model`), not through `trust_remote_code`: a model loaded from a folder runs
the copy of `modeling_c2llm.py` that transformers keeps in its module cache, which mutation testing does not reach.
"""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

import pytest
import torch
import torch.nn.functional as F
from transformers import BertConfig, DataCollatorWithFlattening

from c2llm.build import build_c2llm
from configuration_c2llm import C2LLMConfig
from modeling_c2llm import C2LLMPMA, C2LLMModel, C2LLMPooling, unflatten_states
from tests.conftest import CODE_TEXTS, make_model

BACKBONE = {"model_type": "qwen2", "hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2,
            "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 400}
LN_EPS = 1e-5  # torch.nn.LayerNorm's default, which the official code uses


# ------------------------------------------------------------------------------------------- references


def randomise_pma(pma: C2LLMPMA, seed: int = 0) -> None:
    """Every PMA parameter random, biases and LayerNorm affine parameters included."""
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, param in pma.named_parameters():
            if name.startswith("ln") and name.endswith("weight"):
                param.copy_(torch.rand(param.shape, generator=generator) + 0.5)
            else:
                param.copy_(torch.randn(param.shape, generator=generator) * (0.3 if "weight" in name else 1.0))
    for name, param in pma.named_parameters():
        assert (param != 0).all() and (param != 1).all(), name


def pma_params(pma: C2LLMPMA) -> dict[str, torch.Tensor]:
    """The weights as plain float64 tensors (nothing of the module is called afterwards)."""
    return {name: param.detach().double().clone() for name, param in pma.named_parameters()}


def layer_norm(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) ** 2).mean(-1, keepdim=True)  # biased variance, as LayerNorm
    return (x - mean) / torch.sqrt(var + LN_EPS) * weight + bias


def official_pma(p: dict[str, torch.Tensor], hidden: torch.Tensor, mask: torch.Tensor, num_heads: int,
                 ln: bool = True, residual: str = "projected") -> torch.Tensor:
    """The Set Transformer MAB with one seed: Q = S Wq + bq, K = H Wk + bk, V = H Wv + bv, per-head
    softmax(Q K^T / sqrt(d)) with pads at -1e12 and the weights multiplied by the mask again, O = R + concat(A V) with
    R = Q (official C2LLM MAB_POST_v2, residual "projected") or R = S (CodeFuse-CGE MAB_POST, "seed"), O = LN0(O),
    E = LN1(O + relu(O Wo + bo)). Unnormalised, float64."""
    hidden, mask = hidden.double(), mask.double()
    batch = hidden.shape[0]
    dim = p["seed"].shape[-1]
    head_dim = dim // num_heads
    seed = p["seed"].reshape(1, 1, dim).expand(batch, 1, dim)
    q = seed @ p["fc_q.weight"].T + p["fc_q.bias"]
    k = hidden @ p["fc_k.weight"].T + p["fc_k.bias"]
    v = hidden @ p["fc_v.weight"].T + p["fc_v.bias"]
    heads = lambda x: x.reshape(batch, x.shape[1], num_heads, head_dim).transpose(1, 2)
    score = heads(q) @ heads(k).transpose(-1, -2) / math.sqrt(dim)  # full d, not head_dim
    pad = mask[:, None, None, :]
    score = score.masked_fill(pad == 0, -1e12)
    attention = torch.softmax(score, dim=-1) * pad
    out = (attention @ heads(v)).transpose(1, 2).reshape(batch, 1, dim)
    out = {"projected": q, "seed": seed}[residual] + out
    if ln:
        out = layer_norm(out, p["ln0.weight"], p["ln0.bias"])
    out = out + torch.relu(out @ p["fc_o.weight"].T + p["fc_o.bias"])
    if ln:
        out = layer_norm(out, p["ln1.weight"], p["ln1.bias"])
    return out[:, 0]


def documented_empty_embedding(p: dict[str, torch.Tensor], residual: str = "projected") -> torch.Tensor:
    """README: an input without tokens embeds to `ln1(o + relu(fc_o(o)))` with `o = ln0(fc_q(seed))` (`o = ln0(seed)`
    with the raw-seed residual), unnormalised."""
    seed = p["seed"].reshape(-1)
    r = p["fc_q.weight"] @ seed + p["fc_q.bias"] if residual == "projected" else seed
    o = layer_norm(r, p["ln0.weight"], p["ln0.bias"])
    return layer_norm(o + torch.relu(p["fc_o.weight"] @ o + p["fc_o.bias"]), p["ln1.weight"], p["ln1.bias"])


def random_states(lengths, seq=9, hidden=64, left=True, seed=3):
    generator = torch.Generator().manual_seed(seed)
    states = torch.randn(len(lengths), seq, hidden, generator=generator)
    positions = torch.arange(seq)[None]
    lengths = torch.tensor(lengths)[:, None]
    mask = positions >= seq - lengths if left else positions < lengths
    return states, mask.long()


def pma_model(tokenizer, seed=0, **pooling):
    pooling = {"compressed_dim": 32, "pma_norm": False, **pooling}  # 32 != hidden 64: fc_k/fc_v are not square
    model = make_model(tokenizer, **pooling).eval()
    randomise_pma(model.pma, seed)
    return model


def assert_close(actual, expected, tol=1e-5):
    torch.testing.assert_close(actual.double(), expected.double(), atol=tol, rtol=tol)


# ------------------------------------------------------------------------------------ PMA, every parameter


@pytest.mark.parametrize("residual", ["projected", "seed"])
@pytest.mark.parametrize("left", [True, False], ids=["left", "right"])
@pytest.mark.parametrize("num_heads", [1, 4, 8])
def test_pma_matches_official_math_with_every_parameter_random(tokenizer, left, num_heads, residual):
    model = pma_model(tokenizer, pma_num_heads=num_heads, pma_residual=residual)
    states, mask = random_states([9, 1, 4, 0, 7], left=left)  # one input without tokens
    with torch.no_grad():
        actual = model.pool(states, mask)
    expected = official_pma(pma_params(model.pma), states, mask, num_heads, residual=residual)
    other = official_pma(pma_params(model.pma), states, mask, num_heads,
                         residual={"projected": "seed", "seed": "projected"}[residual])
    assert (expected - other).abs().max() > 1e-2  # the two residuals are told apart by this test
    assert actual.shape == (5, 32)
    assert_close(actual, expected)
    # bool masks are the same masks
    with torch.no_grad():
        assert_close(model.pool(states, mask.bool()), expected)


def test_pma_without_layer_norms_matches_official_math(tokenizer):
    model = pma_model(tokenizer, pma_ln=False)
    assert not any(name.startswith("ln") for name, _ in model.pma.named_parameters())
    states, mask = random_states([9, 3, 5])
    with torch.no_grad():
        actual = model.pool(states, mask)
    assert_close(actual, official_pma(pma_params(model.pma), states, mask, 4, ln=False))


def test_pma_value_bias_matters(tokenizer):
    """The value bias enters the output once per input (the attention weights sum to 1): changing it moves the
    embedding exactly as the reference says (a constant shift would not: ln0 removes it)."""
    model = pma_model(tokenizer)
    states, mask = random_states([9, 2])
    with torch.no_grad():
        before = model.pool(states, mask)
        model.pma.fc_v.bias.add_(torch.randn(32, generator=torch.Generator().manual_seed(5)))  # not a constant
        after = model.pool(states, mask)
    assert (before - after).abs().max() > 1e-2
    assert_close(after, official_pma(pma_params(model.pma), states, mask, 4))


def test_pma_key_bias_does_not_change_the_output_but_gets_a_gradient_entry(tokenizer):
    """q.b_k is the same for every token, so softmax removes it (why mutating it cannot be detected); it stays in
    the graph, so the optimizer sees a (zero) gradient rather than None."""
    model = pma_model(tokenizer)
    states, mask = random_states([9, 2, 5])
    with torch.no_grad():
        before = model.pool(states, mask)
        model.pma.fc_k.bias.add_(torch.randn(32))
        after = model.pool(states, mask)
    assert_close(after, before)
    model.pool(states, mask).sum().backward()
    assert model.pma.fc_k.bias.grad is not None
    assert model.pma.fc_k.bias.grad.abs().max() < 1e-5
    for name, param in model.pma.named_parameters():
        if name != "fc_k.bias":
            assert param.grad is not None and param.grad.abs().sum() > 0, name


def test_pma_ignores_whatever_padded_positions_hold(tokenizer):
    """Some attention kernels leave NaN/inf in the states of padded (or fully padded) rows: they get zero weight."""
    model = pma_model(tokenizer)
    states, mask = random_states([9, 3, 0, 6], left=False)
    expected = official_pma(pma_params(model.pma), states, mask, 4)
    poisoned = states.clone()
    poisoned[mask == 0] = float("nan")
    poisoned[2, 0] = float("inf")
    with torch.no_grad():
        actual = model.pool(poisoned, mask)
    assert torch.isfinite(actual).all()
    assert_close(actual, expected)


def test_pma_normalised_output_is_the_unit_reference(tokenizer):
    model = pma_model(tokenizer, pma_norm=True)
    assert model.config.normalize_embeddings
    states, mask = random_states([9, 1, 0])
    with torch.no_grad():
        actual = model.pool(states, mask)
    assert_close(actual, F.normalize(official_pma(pma_params(model.pma), states, mask, 4), dim=-1))


def test_pma_seed_starts_xavier_uniform(tokenizer):
    """The official init: seed ~ U(+-sqrt(6 / (fan_in + fan_out))) with fan_in = fan_out = d for a (1, 1, d) tensor."""
    seeds = []
    for compressed_dim in (32, 64):
        model = C2LLMModel(C2LLMConfig(backbone_config=BACKBONE, pma_num_heads=4, compressed_dim=compressed_dim))
        bound = math.sqrt(6 / (2 * compressed_dim))
        seed = model.pma.seed.detach().reshape(-1)
        assert seed.abs().max() <= bound
        assert seed.abs().max() > 0.7 * bound  # spread over the whole interval, not a narrow normal(0.02)
        seeds.append(seed)
    assert seeds[0].std() > 0.25 * math.sqrt(6 / 64) / math.sqrt(3)


def test_pma_linear_layers_start_as_the_official_code_initialises_them():
    """xavier_uniform weights (bound sqrt(6 / (fan_in + fan_out))) and PyTorch's Linear bias init
    (U(+-1 / sqrt(fan_in))), as CodeFuse-CGE's MAB_POST; `pma_init="normal"` keeps the earlier near-uniform start."""
    torch.manual_seed(0)
    model = C2LLMModel(C2LLMConfig(backbone_config=BACKBONE, pma_num_heads=4, compressed_dim=32))
    for name, fan_in, fan_out in (("fc_q", 32, 32), ("fc_k", 64, 32), ("fc_v", 64, 32), ("fc_o", 32, 32)):
        linear = getattr(model.pma, name)
        bound = math.sqrt(6 / (fan_in + fan_out))
        assert linear.weight.abs().max() <= bound, name
        assert linear.weight.std() > 0.8 * bound / math.sqrt(3), name  # uniform's std, not normal(0.02)'s
        assert 0 < linear.bias.abs().max() <= 1 / math.sqrt(fan_in), name
    torch.manual_seed(0)
    earlier = C2LLMModel(C2LLMConfig(backbone_config=BACKBONE, pma_num_heads=4, compressed_dim=32, pma_init="normal"))
    assert abs(earlier.pma.fc_k.weight.std().item() - 0.02) < 0.003
    assert (earlier.pma.fc_k.bias == 0).all()
    with pytest.raises(ValueError, match=r"^pma_init='kaiming' is not one of \('xavier_uniform', 'normal'\)$"):
        C2LLMConfig(backbone_config=BACKBONE, pma_init="kaiming")


def test_loading_a_checkpoint_never_reinitialises_its_pma(tmp_path):
    model = C2LLMModel(C2LLMConfig(backbone_config=BACKBONE, pma_num_heads=4, compressed_dim=32))
    randomise_pma(model.pma, seed=3)  # values no init would draw
    model.save_pretrained(tmp_path)
    loaded = C2LLMModel.from_pretrained(tmp_path)
    for name, param in model.pma.named_parameters():
        assert torch.equal(param, dict(loaded.pma.named_parameters())[name]), name


# --------------------------------------------------------------------------------------- inputs without tokens


def test_empty_input_embedding_is_the_documented_formula(tokenizer):
    model = pma_model(tokenizer)
    p = pma_params(model.pma)
    expected = documented_empty_embedding(p)
    states, mask = random_states([9, 0, 4, 0])
    with torch.no_grad():
        in_batch = model.pool(states, mask)
        no_positions = model.pool(torch.randn(3, 0, 64), torch.zeros(3, 0, dtype=torch.long))
    for row in (1, 3):
        assert_close(in_batch[row], expected)
    for row in range(3):
        assert_close(no_positions[row], expected)
    assert not torch.allclose(in_batch[0].double(), expected)
    # the reference agrees with the formula: softmax * mask leaves O = seed
    assert_close(official_pma(p, states, mask, 4)[1], expected)


@pytest.mark.parametrize("normalise", [False, True])
def test_full_model_embeds_empty_inputs_by_the_documented_formula(tokenizer, normalise):
    model = pma_model(tokenizer, pma_norm=normalise)
    expected = documented_empty_embedding(pma_params(model.pma))
    expected = F.normalize(expected, dim=-1) if normalise else expected
    inputs = tokenizer(["", CODE_TEXTS[0], ""], padding=True, padding_side="left", return_tensors="pt")
    assert inputs["attention_mask"][0].sum() == 0 and inputs["attention_mask"][2].sum() == 0
    with torch.no_grad():
        mixed = model(**inputs).sentence_embedding
        all_empty = model(input_ids=torch.zeros(2, 0, dtype=torch.long),
                          attention_mask=torch.zeros(2, 0, dtype=torch.long))
    assert_close(mixed[0], expected)
    assert_close(mixed[2], expected)
    assert_close(all_empty.sentence_embedding, expected.expand(2, -1))
    assert all_empty.last_hidden_state.shape == (2, 0, 64)


@pytest.mark.parametrize("method", ["mean", "last_token"])
def test_inputs_without_tokens_embed_to_zero_without_pma(tokenizer, method):
    model = make_model(tokenizer, embedding_method=method, pma_norm=False)
    states, mask = random_states([9, 0, 3])
    with torch.no_grad():
        in_batch = model.pool(states, mask)
        no_positions = model.pool(torch.randn(2, 0, 64), torch.zeros(2, 0, dtype=torch.long))
    assert torch.equal(in_batch[1], torch.zeros(64))
    assert in_batch[0].abs().sum() > 0
    assert torch.equal(no_positions, torch.zeros(2, 64))


def test_mean_pooling_divides_by_the_token_count(tokenizer):
    model = make_model(tokenizer, embedding_method="mean", pma_norm=False)
    states, mask = random_states([9, 1, 2], left=False)
    poisoned = states.clone()
    poisoned[mask == 0] = float("nan")
    with torch.no_grad():
        actual = model.pool(poisoned, mask)
    for row, length in enumerate((9, 1, 2)):
        assert_close(actual[row], states[row, :length].double().mean(0))


# ------------------------------------------------------------------------ flash-attention varlen (packed) path


def packed_features(tokenizer, texts):
    """What transformers' flash-attention varlen path is fed: DataCollatorWithFlattening, as sentence-transformers
    uses it (one row of all tokens, per-sequence position_ids, cu_seq_lens/max_length, seq_idx, no attention_mask)."""
    collator = DataCollatorWithFlattening(return_flash_attn_kwargs=True, return_position_ids=True, return_seq_idx=True)
    features = collator([{"input_ids": tokenizer(text)["input_ids"]} for text in texts])
    features.pop("labels")
    assert "attention_mask" not in features
    return features


@pytest.mark.parametrize("attn", ["eager", "sdpa"])
def test_packed_inputs_give_the_padded_embeddings(tokenizer, attn):
    """Eager/sdpa see packed sequences through their position_ids (transformers builds the block-diagonal mask), so on
    CPU the model's varlen branch gets exactly the inputs flash-attention varlen would."""
    model = pma_model(tokenizer, pma_norm=True)
    model.set_attn_implementation(attn)
    texts = CODE_TEXTS[:5]
    features = packed_features(tokenizer, texts)
    lengths = [len(tokenizer(text)["input_ids"]) for text in texts]
    assert features["cu_seq_lens_q"].tolist() == [0, *torch.tensor(lengths).cumsum(0).tolist()]
    with torch.no_grad():
        packed = model(**features)
        for side in ("left", "right"):
            padded = model(**tokenizer(texts, padding=True, padding_side=side, return_tensors="pt")).sentence_embedding
            assert_close(packed.sentence_embedding, padded)
        alone = torch.cat([model(**tokenizer([text], return_tensors="pt")).sentence_embedding for text in texts])
    assert packed.last_hidden_state.shape == (1, sum(lengths), 64)
    assert packed.sentence_embedding.shape == (5, 32)
    assert_close(packed.sentence_embedding, alone)


def test_unflatten_states_restores_each_sequence_and_its_mask():
    generator = torch.Generator().manual_seed(0)
    lengths = [3, 1, 5, 2]
    flat = torch.randn(1, sum(lengths), 6, generator=generator)
    cu_seq_lens = torch.tensor([0, 3, 4, 9, 11], dtype=torch.int32)  # int32, as flash-attention wants
    padded, mask = unflatten_states(flat, cu_seq_lens)
    assert padded.shape == (4, 5, 6)
    assert mask.tolist() == [[1, 1, 1, 0, 0], [1, 0, 0, 0, 0], [1, 1, 1, 1, 1], [1, 1, 0, 0, 0]]
    start = 0
    for row, length in enumerate(lengths):
        assert torch.equal(padded[row, :length], flat[0, start:start + length])
        assert torch.equal(padded[row, length:], torch.zeros(5 - length, 6))
        start += length


def attached_pooling(model) -> C2LLMPooling:
    pooling = C2LLMPooling()
    pooling.on_model_ready([SimpleNamespace(model=model)])  # a pipeline whose module 0 holds `model`
    return pooling


def test_pooling_module_pools_packed_features_per_sequence(tokenizer):
    """sentence-transformers hands the pooling module flattened token embeddings and cu_seq_lens_q, no mask."""
    model = pma_model(tokenizer, pma_norm=True)
    pooling = attached_pooling(model)
    lengths = [9, 1, 4, 7]
    states, mask = random_states(lengths, left=False)
    flat = torch.cat([states[row, :length] for row, length in enumerate(lengths)])[None]
    cu_seq_lens = torch.tensor([0, 9, 10, 14, 21], dtype=torch.int32)
    features = {"token_embeddings": flat, "input_ids": torch.zeros(1, 21, dtype=torch.long),
                "cu_seq_lens_q": cu_seq_lens, "cu_seq_lens_k": cu_seq_lens, "max_length_q": 9, "max_length_k": 9,
                "position_ids": torch.cat([torch.arange(n) for n in lengths])[None]}
    expected = F.normalize(official_pma(pma_params(model.pma), states, mask, 4), dim=-1)
    with torch.no_grad():
        packed = pooling(dict(features))["sentence_embedding"]
        padded = pooling({"token_embeddings": states, "attention_mask": mask})["sentence_embedding"]
    assert_close(packed, expected)
    assert_close(padded, expected)


def test_pooling_module_errors_are_exact(tokenizer):
    states, mask = random_states([2, 1])
    with pytest.raises(RuntimeError) as detached:
        C2LLMPooling()({"token_embeddings": states, "attention_mask": mask})
    assert str(detached.value) == "C2LLMPooling is not attached to a model: build it inside a SentenceTransformer"
    with pytest.raises(ValueError) as no_mask:
        attached_pooling(pma_model(tokenizer))({"token_embeddings": states})
    assert str(no_mask.value) == "C2LLMPooling needs the attention_mask of a padded batch"


def test_pooling_module_config_dimension_and_save(tokenizer, tmp_path):
    pooling = C2LLMPooling()
    assert pooling.get_config_dict() == {}
    pooling = attached_pooling(pma_model(tokenizer, pma_num_heads=8))
    assert pooling.get_embedding_dimension() == 32
    assert pooling.get_config_dict() == {"embedding_method": "pma", "pma_num_heads": 8, "compressed_dim": 32}
    mean = attached_pooling(make_model(tokenizer, embedding_method="mean"))
    assert mean.get_embedding_dimension() == 64
    assert mean.get_config_dict() == {"embedding_method": "mean"}
    assert "_input_module" not in dict(pooling.named_modules()) and not list(pooling.parameters())
    pooling.save(str(tmp_path))
    assert json.loads((tmp_path / pooling.config_file_name).read_text(encoding="utf-8")) == {}
    assert [path.name for path in tmp_path.iterdir()] == [pooling.config_file_name]


@pytest.mark.parametrize("residual", ["projected", "seed"])
def test_empty_input_without_layer_norms_is_the_formula_without_them(tokenizer, residual):
    """With pma_ln=False the LayerNorms no longer absorb a constant added to O, so the empty input's O must be
    exactly the residual: E = r + relu(fc_o(r)), r = fc_q(seed) or the raw seed."""
    model = pma_model(tokenizer, pma_ln=False, pma_residual=residual)
    p = pma_params(model.pma)
    seed = p["seed"].reshape(-1)
    if residual == "projected":
        seed = p["fc_q.weight"] @ seed + p["fc_q.bias"]
    expected = seed + torch.relu(p["fc_o.weight"] @ seed + p["fc_o.bias"])
    states, mask = random_states([0, 4])
    with torch.no_grad():
        assert_close(model.pool(states, mask)[0], expected)
        assert_close(model.pool(states[:, :0], mask[:, :0]), expected.expand(2, -1))


# ------------------------------------------------------------------------------------- dtypes and devices


def test_pma_casts_token_states_to_its_own_dtype(tokenizer):
    """A bf16 PMA pools fp32 states (e.g. a backbone kept in fp32) as their bf16 cast, not with mixed dtypes."""
    model = pma_model(tokenizer).to(torch.bfloat16)
    states, mask = random_states([9, 3])
    with torch.no_grad():
        from_fp32 = model.pool(states, mask)
        from_bf16 = model.pool(states.bfloat16(), mask)
    assert from_fp32.dtype == torch.bfloat16
    assert torch.equal(from_fp32, from_bf16)
    expected = official_pma(pma_params(model.pma), states.bfloat16(), mask, 4)
    assert_close(from_fp32, expected, tol=5e-2)


def test_unflattened_mask_lives_on_the_states_device():
    """On the meta device (shapes only), standing in for a GPU: positions and lengths must follow the states."""
    flat = torch.empty(1, 11, 6, device="meta")
    padded, mask = unflatten_states(flat, torch.tensor([0, 3, 4, 9, 11]))
    assert padded.device.type == "meta" and mask.device.type == "meta"
    assert padded.shape == (4, 5, 6) and mask.shape == (4, 5) and mask.dtype == torch.long


# ------------------------------------------------------------------------------ the model's forward options


def test_forward_without_a_mask_attends_to_every_token(tokenizer):
    model = pma_model(tokenizer, pma_norm=True)
    inputs = tokenizer(CODE_TEXTS[:1], return_tensors="pt")
    with torch.no_grad():
        no_mask = model(input_ids=inputs["input_ids"])
        states = model.backbone(**inputs).last_hidden_state
    assert_close(no_mask.last_hidden_state, states)
    expected = F.normalize(official_pma(pma_params(model.pma), states, inputs["attention_mask"], 4), dim=-1)
    assert_close(no_mask.sentence_embedding, expected)


def test_forward_passes_backbone_options_through(tokenizer):
    model = pma_model(tokenizer)
    model.set_attn_implementation("eager")  # attention weights are only returned by eager
    inputs = tokenizer(CODE_TEXTS[:3], padding=True, padding_side="left", return_tensors="pt")
    with torch.no_grad():
        reference = model.backbone(**inputs, output_hidden_states=True, output_attentions=True)
        out = model(**inputs, output_hidden_states=True, output_attentions=True, return_dict=True)
        embeds = model(inputs_embeds=model.get_input_embeddings()(inputs["input_ids"]),
                       attention_mask=inputs["attention_mask"])
        plain = model(**inputs, return_dict=False)
    assert len(out.hidden_states) == 3 and len(out.attentions) == 2  # embeddings + 2 layers; 2 layers
    for ours, theirs in zip(out.hidden_states + out.attentions, reference.hidden_states + reference.attentions):
        assert torch.equal(ours, theirs)
    assert out.hidden_states[-1] is out.last_hidden_state
    assert_close(embeds.sentence_embedding, out.sentence_embedding)
    assert_close(embeds.last_hidden_state, out.last_hidden_state)
    assert torch.equal(plain.sentence_embedding, out.sentence_embedding)  # embedding passes take no return_dict
    assert plain.hidden_states is None and plain.attentions is None
    encoded = model.encode_tokens(**inputs, output_hidden_states=True, output_attentions=True, return_dict=False)
    assert len(encoded.hidden_states) == 3 and len(encoded.attentions) == 2


def test_embedding_pass_builds_no_kv_cache(tokenizer):
    model = pma_model(tokenizer)
    seen = {}
    original = model.backbone.forward

    def spy(*args, **kwargs):
        seen.update(kwargs)
        return original(*args, **kwargs)

    model.backbone.forward = spy
    with torch.no_grad():
        model(**tokenizer(CODE_TEXTS[:2], padding=True, return_tensors="pt"))
    assert seen["use_cache"] is False and seen["return_dict"] is True


def test_backbone_whose_config_returns_tuples_still_works(tokenizer):
    """encode_tokens asks the backbone for a ModelOutput explicitly, whatever the backbone config's return_dict."""
    model = pma_model(tokenizer)
    inputs = tokenizer(CODE_TEXTS[:2], padding=True, return_tensors="pt")
    with torch.no_grad():
        expected = model(**inputs).sentence_embedding
        model.backbone.config.return_dict = False
        assert isinstance(model.backbone(**inputs), tuple)
        assert torch.equal(model(**inputs).sentence_embedding, expected)


def test_token_type_ids_reach_a_bert_backbone():
    config = BertConfig(vocab_size=400, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                        num_attention_heads=4, type_vocab_size=2)
    model = build_c2llm(config, pma_num_heads=4, seed=0).eval()
    randomise_pma(model.pma)
    generator = torch.Generator().manual_seed(0)
    input_ids = torch.randint(5, 400, (2, 7), generator=generator)
    attention_mask = torch.ones(2, 7, dtype=torch.long)
    token_type_ids = torch.tensor([[0, 0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 1, 1, 1]])
    with torch.no_grad():
        ours = model(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
        states = model.backbone(input_ids=input_ids, attention_mask=attention_mask,
                                token_type_ids=token_type_ids).last_hidden_state
        zeros = model.backbone(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
    assert not torch.allclose(states, zeros)
    assert torch.equal(ours.last_hidden_state, states)


def test_input_embeddings_are_the_backbone_s(tokenizer):
    model = make_model(tokenizer)
    assert model.get_input_embeddings() is model.backbone.embed_tokens
    replacement = torch.nn.Embedding(500, 64)
    model.set_input_embeddings(replacement)
    assert model.backbone.embed_tokens is replacement and model.get_input_embeddings() is replacement


# -------------------------------------------------------------------------------------------------- loading


def test_from_pretrained_refuses_a_checkpoint_without_all_weights(model_dir, tmp_path):
    import shutil

    from safetensors.torch import load_file, save_file

    model, info = C2LLMModel.from_pretrained(model_dir, output_loading_info=True)
    assert isinstance(model, C2LLMModel) and not info["missing_keys"]
    assert isinstance(C2LLMModel.from_pretrained(model_dir), C2LLMModel)
    options = C2LLMModel.from_pretrained(model_dir, dtype=torch.bfloat16, attn_implementation="eager")  # passed on
    assert options.pma.fc_v.weight.dtype == torch.bfloat16 and options.config._attn_implementation == "eager"
    with pytest.raises(TypeError):  # positional model args go to __init__, which takes none
        C2LLMModel.from_pretrained(model_dir, "unexpected")
    broken = shutil.copytree(model_dir, tmp_path / "broken")
    weights = load_file(broken / "model.safetensors")
    for key in ("pma.seed", "pma.fc_v.bias", "pma.fc_k.bias", "pma.ln1.weight"):
        weights.pop(key)
    save_file(weights, broken / "model.safetensors", metadata={"format": "pt"})
    with pytest.raises(ValueError) as error:
        C2LLMModel.from_pretrained(broken)
    assert str(error.value) == (
        f"The checkpoint in {broken} has no weights for 4 parameter(s), e.g. "
        "['pma.fc_k.bias', 'pma.fc_v.bias', 'pma.ln1.weight']: it is truncated or not a C2LLM checkpoint"
    )


# --------------------------------------------------------------------------------------------------- config


def test_config_backbone_defaults_to_qwen2():
    config = C2LLMConfig()
    assert config.backbone_config.model_type == "qwen2"
    assert config.compressed_dim == config.backbone_config.hidden_size
    backbone = {key: value for key, value in BACKBONE.items() if key != "model_type"}
    config = C2LLMConfig(backbone_config=backbone, pma_num_heads=4)
    assert config.backbone_config.model_type == "qwen2"
    assert (config.backbone_config.hidden_size, config.backbone_config.num_hidden_layers) == (64, 2)
    assert "model_type" not in backbone  # the caller's dict is not modified
    llama = C2LLMConfig(backbone_config={**backbone, "model_type": "llama"}, pma_num_heads=4)
    assert llama.backbone_config.model_type == "llama" and llama.backbone_config.hidden_size == 64
