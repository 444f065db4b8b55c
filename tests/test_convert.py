"""Tests of c2llm.hub.convert: a synthetic checkpoint in the OFFICIAL C2LLM layout is converted, loaded with
sentence-transformers, and compared with an independent implementation of the official forward pass."""

from __future__ import annotations

import json
import math
import shutil

import pytest
import torch
import torch.nn.functional as F
from safetensors import safe_open
from safetensors.torch import save_file
from transformers import Qwen2Config, Qwen2ForCausalLM

from c2llm.cli import main
from c2llm.hub.convert import ConversionError, convert

HIDDEN, HEADS = 64, 32  # the official models use d = hidden size and 32 PMA heads
TEXTS = [
    "Retrieve the code that solves the following query:\nReturn the sum of two numbers.",
    "Retrieved Answer:def add(a, b):\n    return a + b",
    "x",
]
BACKBONE = dict(hidden_size=HIDDEN, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
                num_key_value_heads=2, max_position_embeddings=4096, rms_norm_eps=1e-6, rope_theta=1000000.0,
                hidden_act="silu", tie_word_embeddings=False, use_sliding_window=False, sliding_window=None)


def official_config(vocab_size: int) -> dict:
    """A flat config.json as the official release has it (C2LLM-0.5B's keys, scaled down)."""
    return {
        "architectures": ["C2LLMForEmbedding"],
        "attn_implementation": "flash_attention_2",
        "auto_map": {"AutoConfig": "configuration_c2llm.C2LLMConfig", "AutoModel": "modeling_c2llm.C2LLMForEmbedding"},
        "model_type": "c2llm",
        "compressed_dim": HIDDEN,
        "embedding_method": "pma",
        "pma_num_heads": HEADS,
        "pma_ln": True,
        "pma_norm": False,
        "pma_norm_mode": "post_normal",
        "padding_side": "left",
        "torch_dtype": "bfloat16",
        "tokenizer_name_or_path": "codefuse-ai/C2LLM-0.5B",
        "transformers_version": "4.51.3",
        "use_cache": True,
        "vocab_size": vocab_size,
        "attention_dropout": 0.0,
        "initializer_range": 0.02,
        "max_window_layers": 2,
        **BACKBONE,
    }


def official_state(vocab_size: int, d: int = HIDDEN) -> dict[str, torch.Tensor]:
    """Random weights under the official names, in bf16: Qwen2ForCausalLM (with lm_head) + the PMA tensors (output
    size d)."""
    torch.manual_seed(0)
    backbone = Qwen2ForCausalLM(Qwen2Config(vocab_size=vocab_size, **BACKBONE))
    state = {f"plm_model.{name}": tensor.to(torch.bfloat16) for name, tensor in backbone.state_dict().items()}
    pma = {"mha_pma.S": torch.randn(1, 1, d)}
    for layer, fan_in in (("fc_q", d), ("fc_k", HIDDEN), ("fc_v", HIDDEN), ("fc_o", d)):
        pma[f"mha_pma.mab.{layer}.weight"] = torch.randn(d, fan_in) / math.sqrt(fan_in)
        pma[f"mha_pma.mab.{layer}.bias"] = torch.randn(d) * 0.1
    for norm in ("ln0", "ln1"):  # not the default ones/zeros, so a dropped LayerNorm would show
        pma[f"mha_pma.mab.{norm}.weight"] = 1.0 + 0.2 * torch.randn(d)
        pma[f"mha_pma.mab.{norm}.bias"] = 0.1 * torch.randn(d)
    state.update({name: tensor.to(torch.bfloat16) for name, tensor in pma.items()})
    return state


def write_official(folder, tokenizer, state, *, shards: int = 2):
    """An official-layout folder: config, safetensors (``shards`` files + index; 0: one model.safetensors, no index),
    official ST files, tokenizer (padding right)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(official_config(len(tokenizer))))
    if shards == 0:
        save_file({name: tensor.contiguous() for name, tensor in state.items()}, folder / "model.safetensors",
                  metadata={"format": "pt"})
    else:
        names = sorted(state)
        weight_map = {}
        for index in range(shards):
            shard = f"model-{index + 1:05d}-of-{shards:05d}.safetensors"
            part = names[index::shards]
            save_file({name: state[name].contiguous() for name in part}, folder / shard, metadata={"format": "pt"})
            weight_map.update(dict.fromkeys(part, shard))
        (folder / "model.safetensors.index.json").write_text(json.dumps({"metadata": {}, "weight_map": weight_map}))
    (folder / "modules.json").write_text(json.dumps(
        [{"idx": 0, "name": "0", "path": "", "type": "custom_transformer.C2LLMTransformer"}]))
    (folder / "sentence_bert_config.json").write_text(json.dumps({"max_seq_length": 32768, "do_lower_case": False}))
    (folder / "modeling_c2llm.py").write_text("raise ImportError('the official code must not be shipped')\n")
    tokenizer.save_pretrained(folder)  # the fixture tokenizer pads on the right
    return folder


@pytest.fixture(scope="module")
def official_state_dict(tokenizer):
    return official_state(len(tokenizer))


@pytest.fixture(scope="module")
def official_dir(tmp_path_factory, tokenizer, official_state_dict):
    return write_official(tmp_path_factory.mktemp("official") / "C2LLM-tiny", tokenizer, official_state_dict)


@pytest.fixture(scope="module")
def converted(tmp_path_factory, official_dir):
    return convert(official_dir, tmp_path_factory.mktemp("converted") / "c2llm-tiny")


@pytest.fixture(scope="module")
def official_single_dir(tmp_path_factory, tokenizer, official_state_dict):
    """The same checkpoint as ONE model.safetensors without an index (how C2LLM-0.5B is published)."""
    return write_official(tmp_path_factory.mktemp("official-single") / "C2LLM-tiny", tokenizer, official_state_dict,
                          shards=0)


@pytest.fixture(scope="module")
def converted_single(tmp_path_factory, official_single_dir):
    return convert(official_single_dir, tmp_path_factory.mktemp("converted-single") / "c2llm-tiny")


@pytest.fixture(params=["sharded", "single"])
def converted_any(request):
    """Both official layouts, converted: shards + index, and one model.safetensors."""
    return request.getfixturevalue({"sharded": "converted", "single": "converted_single"}[request.param])


# ---------------------------------------------------------------------------------------------------------------
# Independent reference: Qwen2ForCausalLM hidden states + the Set Transformer MAB of the official code, written from
# the description (MAB_POST_v2 for C2LLM, MAB_POST for CodeFuse-CGE)
# ---------------------------------------------------------------------------------------------------------------


def official_embeddings(state, vocab_size, input_ids, attention_mask, dtype, residual="projected", heads=HEADS):
    """The release's forward: hidden_states[-1] of the causal LM, then PMA. Unnormalised (what the official head
    returns with pma_norm false)."""
    model = Qwen2ForCausalLM(Qwen2Config(vocab_size=vocab_size, **BACKBONE)).eval()
    model.load_state_dict({k[len("plm_model."):]: v for k, v in state.items() if k.startswith("plm_model.")})
    model.to(dtype)
    w = {k[len("mha_pma."):]: v.to(dtype) for k, v in state.items() if k.startswith("mha_pma.")}
    with torch.no_grad():
        hidden = model(input_ids=input_ids, attention_mask=attention_mask, output_hidden_states=True).hidden_states[-1]
        return set_transformer_pma(hidden, attention_mask, w, heads, residual)


def set_transformer_pma(X, mask, w, num_heads, residual):
    """PMA(S) = MAB(S, X): split heads along the dim and stack them on the batch, scores scaled by 1/sqrt(d)
    of the full dim, pads filled with -1e12, softmax re-multiplied by the mask, residual with fc_q(S) (C2LLM's
    MAB_POST_v2, "projected") or S (CGE's MAB_POST, "seed"), ln0, O + relu(fc_o(O)), ln1."""
    batch = X.shape[0]
    Q = w["S"].repeat(batch, 1, 1)
    Q_ = F.linear(Q, w["mab.fc_q.weight"], w["mab.fc_q.bias"])
    K_ = F.linear(X, w["mab.fc_k.weight"], w["mab.fc_k.bias"])
    V_ = F.linear(X, w["mab.fc_v.weight"], w["mab.fc_v.bias"])
    dim_v = Q_.shape[-1]
    split = dim_v // num_heads
    Q_, K_, V_ = (torch.cat(t.split(split, 2), 0) for t in (Q_, K_, V_))
    pad_mask = mask.unsqueeze(1).repeat(num_heads, Q.size(1), 1)
    score = Q_.bmm(K_.transpose(1, 2)) / math.sqrt(dim_v)
    score = score.masked_fill(pad_mask == 0, -1e12)
    A = torch.softmax(score, 2) * pad_mask
    O = torch.cat(A.bmm(V_).split(batch, 0), 2)  # noqa: E741
    projected = F.linear(Q, w["mab.fc_q.weight"], w["mab.fc_q.bias"])
    O = (projected if residual == "projected" else Q) + O  # noqa: E741
    O = F.layer_norm(O, (dim_v,), w["mab.ln0.weight"], w["mab.ln0.bias"])  # noqa: E741
    O = O + F.relu(F.linear(O, w["mab.fc_o.weight"], w["mab.fc_o.bias"]))  # noqa: E741
    O = F.layer_norm(O, (dim_v,), w["mab.ln1.weight"], w["mab.ln1.bias"])  # noqa: E741
    return O.squeeze(1).float()


# ---------------------------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------------------------


def test_official_fixtures_have_both_weight_layouts(official_dir, official_single_dir):
    assert (official_dir / "model.safetensors.index.json").is_file()
    assert not (official_dir / "model.safetensors").exists()
    assert sorted(p.name for p in official_single_dir.glob("*.safetensors*")) == ["model.safetensors"]


def test_converted_weights_are_bf16_without_lm_head(converted_any, official_state_dict):
    converted = converted_any
    with safe_open(str(converted / "model.safetensors"), framework="pt") as handle:
        names = set(handle.keys())
        dtypes = {handle.get_tensor(name).dtype for name in names}
        seed = handle.get_tensor("pma.seed")
    assert dtypes == {torch.bfloat16}
    assert not any("lm_head" in name for name in names)
    assert {name for name in names if name.startswith("pma.")} == {
        "pma.seed",
        *(f"pma.{m}.{p}" for m in ("fc_q", "fc_k", "fc_v", "fc_o", "ln0", "ln1") for p in ("weight", "bias")),
    }
    assert torch.equal(seed, official_state_dict["mha_pma.S"])  # copied, not re-initialised
    config = json.loads((converted / "config.json").read_text())
    assert config["model_type"] == "c2llm" and config["backbone_config"]["model_type"] == "qwen2"
    assert config["dtype"] == "bfloat16"
    assert (config["pma_num_heads"], config["compressed_dim"], config["pma_norm"]) == (HEADS, HIDDEN, False)
    assert config["pma_residual"] == "projected"  # written explicitly: the official head is MAB_POST_v2
    assert config["backbone_config"]["rope_parameters"]["rope_theta"] == 1000000.0


def test_converted_folder_has_our_layout(converted_any):
    converted = converted_any
    modules = json.loads((converted / "modules.json").read_text())
    assert [m["type"] for m in modules] == [
        "sentence_transformers.base.modules.transformer.Transformer", "modeling_c2llm.C2LLMPooling"
    ]
    assert "class C2LLMPooling" in (converted / "modeling_c2llm.py").read_text()  # ours, not the official file
    assert json.loads((converted / "tokenizer_config.json").read_text())["padding_side"] == "left"
    st_config = json.loads((converted / "config_sentence_transformers.json").read_text())
    assert st_config["prompts"]["document"] == "Retrieved Answer:"
    assert "requirements" in st_config
    record = json.loads((converted / "c2llm_conversion.json").read_text())
    assert record["dropped"] == ["plm_model.lm_head.weight"]
    assert record["source_model"] == "codefuse-ai/C2LLM-0.5B"


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32])
def test_converted_model_matches_the_official_forward(converted_any, official_state_dict, tokenizer, dtype):
    from sentence_transformers import SentenceTransformer

    converted = converted_any
    kwargs = {} if dtype == torch.bfloat16 else {"model_kwargs": {"dtype": torch.float32}}
    model = SentenceTransformer(str(converted), trust_remote_code=True, **kwargs)
    assert model[0].model.dtype == dtype
    assert model.max_seq_length == 2048
    with torch.no_grad():  # on the CPU, where the reference runs
        ours = model.encode(TEXTS, convert_to_tensor=True, batch_size=len(TEXTS)).float().cpu()
    tokenizer_left = model.tokenizer
    batch = tokenizer_left(TEXTS, padding=True, return_tensors="pt")
    assert batch["attention_mask"][:, 0].tolist() != batch["attention_mask"][:, -1].tolist()  # left padding in use
    args = (official_state_dict, len(tokenizer), batch["input_ids"], batch["attention_mask"], dtype)
    reference = official_embeddings(*args)
    tolerance = 1e-4 if dtype == torch.float32 else 1e-2  # bf16: observed ~2e-3 after L2
    # the official scale: pma_norm false returns the vector unnormalised, and the pipeline adds no Normalize module
    assert abs(ours.norm(dim=-1) - reference.norm(dim=-1)).max().item() < 100 * tolerance
    assert (ours.norm(dim=-1) - 1).abs().max().item() > 0.1
    assert (F.normalize(ours, dim=-1) - F.normalize(reference, dim=-1)).abs().max().item() < tolerance
    # the texts are far apart, and a raw-seed head would not match: not a vacuous match
    unit = F.normalize(reference, dim=-1)
    assert (unit[0] - unit[2]).abs().max().item() > 10 * tolerance
    raw_seed = F.normalize(official_embeddings(*args, residual="seed"), dim=-1)
    assert (raw_seed - unit).abs().max().item() > 10 * tolerance


def test_card_of_a_converted_model_says_so(converted, tmp_path):
    from huggingface_hub import metadata_load

    from c2llm.hub.hub_card import write_model_card

    folder = tmp_path / "model"
    shutil.copytree(converted, folder)
    text = write_model_card(folder, model_id="me/c2llm-converted").read_text()
    assert metadata_load(folder / "README.md")["base_model"] == "codefuse-ai/C2LLM-0.5B"
    assert "official C2LLM release `codefuse-ai/C2LLM-0.5B`, converted" in text
    assert "(`mha_pma.*`) were inferred" in text
    assert "its residual adds the projected query `fc_q(seed)`, as the official C2LLM head" in text
    assert f"| Output dimension | {HIDDEN} (not normalised: compare with cosine similarity) |" in text
    assert "Converted head: PMA_v2/MAB_POST_v2 (projected-seed residual)" in text
    assert "| Parameters |" in text and "(stored as BF16)" in text


def test_a_conversion_by_an_earlier_converter_is_flagged_by_verify(converted, tmp_path):
    from c2llm.hub.verify import check_layout

    folder = tmp_path / "old-conversion"
    shutil.copytree(converted, folder)
    assert not [w for w in check_layout(folder)[1] if "c2llm_conversion.json" in w]
    record = json.loads((folder / "c2llm_conversion.json").read_text())
    del record["format"]  # what c2llm convert wrote before the official head was known
    (folder / "c2llm_conversion.json").write_text(json.dumps(record))
    assert f"{folder / 'c2llm_conversion.json'}: converted before the official head was known (format 1 < 2): its " \
           "PMA adds the raw seed; convert the release again with `c2llm convert`" in check_layout(folder)[1]


def test_cli_converts(tmp_path, official_dir, capsys):
    assert main(["convert", "--model", str(official_dir), "--output-dir", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "model.safetensors").is_file()
    assert "next: c2llm export --model " in capsys.readouterr().out


def _variant(tmp_path, official_dir, edit):
    folder = tmp_path / "variant"
    shutil.copytree(official_dir, folder)
    index = json.loads((folder / "model.safetensors.index.json").read_text())
    shard = folder / sorted(set(index["weight_map"].values()))[0]
    from safetensors.torch import load_file

    tensors = load_file(shard)
    edit(tensors)
    save_file(tensors, shard, metadata={"format": "pt"})
    index["weight_map"] = {k: v for k, v in index["weight_map"].items() if k in tensors or v != shard.name}
    index["weight_map"].update({k: shard.name for k in tensors})
    (folder / "model.safetensors.index.json").write_text(json.dumps(index))
    return folder, shard


def test_unexpected_key_is_named_with_its_file(tmp_path, official_dir):
    folder, shard = _variant(tmp_path, official_dir, lambda t: t.update({"mha_pma.mab.fc_x.weight": torch.zeros(2)}))
    with pytest.raises(ConversionError) as error:
        convert(folder, tmp_path / "out")
    assert str(shard) in str(error.value) and "mha_pma.mab.fc_x.weight" in str(error.value)
    assert not (tmp_path / "out").exists()


def test_wrong_shape_is_named_with_its_file(tmp_path, official_dir):
    def edit(tensors):
        name = next(n for n in sorted(tensors) if n.startswith("plm_model.model.layers.0."))
        tensors[name] = torch.zeros(3, 5, dtype=torch.bfloat16)

    folder, shard = _variant(tmp_path, official_dir, edit)
    with pytest.raises(ConversionError, match=r"has shape \[3, 5\]") as error:
        convert(folder, tmp_path / "out")
    assert str(shard) in str(error.value)


def test_missing_key_is_reported(tmp_path, official_dir):
    def edit(tensors):
        name = next(n for n in sorted(tensors) if n.startswith("mha_pma.") or n.startswith("plm_model.model."))
        edit.removed = name
        del tensors[name]

    folder, _ = _variant(tmp_path, official_dir, edit)
    with pytest.raises(ConversionError, match="missing tensor") as error:
        convert(folder, tmp_path / "out")
    assert edit.removed in str(error.value) and "model.safetensors.index.json" in str(error.value)


def test_missing_shard_and_bad_config_are_named(tmp_path, official_dir):
    folder = tmp_path / "variant"
    shutil.copytree(official_dir, folder)
    (folder / "model-00002-of-00002.safetensors").unlink()
    with pytest.raises(ConversionError, match="model-00002-of-00002.safetensors: missing shard"):
        convert(folder, tmp_path / "out")
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "pma_norm_mode": "pre_gptj"}))
    with pytest.raises(ConversionError, match="config.json.*pre_gptj"):
        convert(folder, tmp_path / "out")


def test_unsharded_checkpoint_errors_name_model_safetensors(tmp_path, official_single_dir):
    from safetensors.torch import load_file

    folder = tmp_path / "variant"
    shutil.copytree(official_single_dir, folder)
    weights = folder / "model.safetensors"
    tensors = load_file(weights)
    tensors["extra_head.weight"] = torch.zeros(2)
    removed = "mha_pma.mab.fc_o.bias"
    del tensors[removed]
    save_file(tensors, weights, metadata={"format": "pt"})
    with pytest.raises(ConversionError) as error:
        convert(folder, tmp_path / "out")
    message = str(error.value)
    assert f"{weights}: unexpected tensor(s) (not in the official C2LLM layout): extra_head.weight" in message
    assert "missing tensor(s) mha_pma.mab.fc_o.bias" in message and str(weights) in message.split("missing")[0]
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------------------------------------------------------
# The CodeFuse-CGE layout: same tensor names, flat config of the backbone's own type, raw-seed residual
# ---------------------------------------------------------------------------------------------------------------

CGE_DIM, CGE_HEADS = 32, 8  # compress_dim != hidden size, as CGE-Large's 1024 vs 4096


def write_cge(folder, tokenizer, state, **overrides):
    """A CodeFuse-CGE-Large-style folder (its config keys, scaled down): model_type qwen2, compress_dim,
    keep_max_layer, padding on the right."""
    write_official(folder, tokenizer, state, shards=0)
    config = {key: value for key, value in official_config(len(tokenizer)).items()
              if key not in ("compressed_dim", "tokenizer_name_or_path", "attn_implementation")}
    config.update({"architectures": ["CodeFuse_CGE_Large"], "model_type": "qwen2", "compress_dim": CGE_DIM,
                   "pma_num_heads": CGE_HEADS, "keep_max_layer": BACKBONE["num_hidden_layers"], "padding_side": "right",
                   "inf_seq_length": 1024, "embedding_dim": HIDDEN, "encoder_mode": "post_normal",
                   "num_encoder_layers": 0,
                   "auto_map": {"AutoConfig": "configuration_codefuse_cge_large.CodeFuseCGELargeConfig",
                                "AutoModel": "modeling_codefuse_cge_large.CodeFuse_CGE_Large"}, **overrides})
    (folder / "config.json").write_text(json.dumps(config))
    return folder


def test_cge_checkpoint_converts_with_the_raw_seed_and_its_normalisation(tmp_path, tokenizer):
    from sentence_transformers import SentenceTransformer

    from c2llm.layout import CGE, folder_kind

    state = official_state(len(tokenizer), d=CGE_DIM)
    source = write_cge(tmp_path / "CodeFuse-CGE-tiny", tokenizer, state)
    assert folder_kind(source) == CGE
    converted = convert(source, tmp_path / "converted")
    config = json.loads((converted / "config.json").read_text())
    # CGE's pma_norm false means normalised: in this package's (C2LLM) meaning that is pma_norm true
    assert (config["pma_residual"], config["pma_norm"], config["compressed_dim"]) == ("seed", True, CGE_DIM)
    assert json.loads((converted / "c2llm_conversion.json").read_text())["lineage"] == "CodeFuse-CGE"
    from c2llm.hub.hub_card import build_model_card

    card = build_model_card(converted, model_id="me/cge")
    assert "The weights are the CodeFuse-CGE release" in card and "official C2LLM release" not in card
    assert "its residual adds the raw seed, as CodeFuse-CGE's head" in card
    assert f"| Output dimension | {CGE_DIM} (L2-normalised) |" in card
    model = SentenceTransformer(str(converted), trust_remote_code=True, model_kwargs={"dtype": torch.float32})
    with torch.no_grad():  # on the CPU, where the reference runs
        ours = model.encode(TEXTS, convert_to_tensor=True, batch_size=len(TEXTS)).float().cpu()
    batch = model.tokenizer(TEXTS, padding=True, return_tensors="pt")
    args = (state, len(tokenizer), batch["input_ids"], batch["attention_mask"], torch.float32)
    expected = F.normalize(official_embeddings(*args, residual="seed", heads=CGE_HEADS), dim=-1)
    assert (ours - expected).abs().max().item() < 1e-4
    projected = F.normalize(official_embeddings(*args, residual="projected", heads=CGE_HEADS), dim=-1)
    assert (projected - expected).abs().max().item() > 1e-2


def test_cge_checkpoint_pooling_an_inner_layer_is_refused(tmp_path, tokenizer):
    source = write_cge(tmp_path / "cge", tokenizer, official_state(len(tokenizer), d=CGE_DIM), keep_max_layer=1)
    with pytest.raises(ConversionError, match=r"config.json: keep_max_layer=1 pools an intermediate layer; only the "
                                              r"last layer \(2\) is supported$"):
        convert(source, tmp_path / "out")


def test_a_config_of_no_release_is_refused_with_its_path(tmp_path, official_dir):
    folder = tmp_path / "plain"
    shutil.copytree(official_dir, folder)
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "model_type": "qwen2", "architectures": ["Qwen2Model"]}))
    with pytest.raises(ConversionError) as error:
        convert(folder, tmp_path / "out")
    assert str(error.value) == (f"{folder / 'config.json'}: not an official C2LLM or CodeFuse-CGE config "
                                "(model_type 'qwen2', architectures ['Qwen2Model'])")


def test_training_from_an_official_release_converts_it_and_keeps_its_head(official_single_dir, tmp_path, monkeypatch):
    from c2llm import model_folders
    from tests.test_training import run_args, toy_rows, train_main, write_jsonl

    monkeypatch.setattr(model_folders, "CONVERTED_CACHE", tmp_path / "cache")
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    train_main(run_args(official_single_dir, data, tmp_path / "out"))
    config = json.loads((tmp_path / "out" / "model" / "config.json").read_text())
    assert (config["pma_residual"], config["pma_norm"]) == ("projected", False)
    [cached] = (tmp_path / "cache").iterdir()
    assert cached.name.endswith("-v2")  # converted once, under the current conversion format
