"""The sentence-transformers face of the package: one-call loading, AutoModel parity, every save path round-trips
(also in a fresh process where this project is not importable), prompts, requirements, LoRA adapters, bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
import torch
from safetensors import safe_open
from transformers import AutoModel

from c2llm.build import load_model, save_model
from c2llm.prompts import DOCUMENT_PROMPT, query_prompt
from tests.conftest import CODE_TEXTS


def test_pipeline_has_pma_as_its_own_pooling_module(model_dir):
    model = load_model(model_dir)
    assert [type(module).__name__ for module in model] == ["Transformer", "C2LLMPooling"]
    modules = json.loads((model_dir / "modules.json").read_text())
    assert modules[1]["type"] == "modeling_c2llm.C2LLMPooling"
    assert model.get_embedding_dimension() == 32  # compressed_dim, not the hidden size 64


def test_sentence_transformer_matches_automodel(model_dir, tokenizer, encode):
    st_embeddings = encode(load_model(model_dir), CODE_TEXTS).cpu()  # the AutoModel runs on the CPU
    auto = AutoModel.from_pretrained(model_dir, trust_remote_code=True)
    inputs = load_model(model_dir).tokenizer(CODE_TEXTS, padding=True, return_tensors="pt")
    with torch.no_grad():
        auto_embeddings = auto(**inputs).sentence_embedding
    assert (st_embeddings - auto_embeddings).abs().max() <= 1e-5


def test_weights_are_stored_once(model_dir):
    weight_files = sorted(p.relative_to(model_dir).as_posix() for p in model_dir.rglob("*.safetensors"))
    assert weight_files == ["model.safetensors"]
    with safe_open(model_dir / "model.safetensors", "pt") as f:
        keys = set(f.keys())
    assert "pma.seed" in keys and any(k.startswith("backbone.layers.0.") for k in keys)
    assert sum(p.numel() for p in load_model(model_dir).parameters()) == sum(
        p.numel() for p in AutoModel.from_pretrained(model_dir, trust_remote_code=True).parameters()
    )


def test_save_load_save_load(model_dir, tmp_path, encode):
    original = encode(load_model(model_dir), CODE_TEXTS)
    first = save_model(load_model(model_dir), tmp_path / "first")
    second = save_model(load_model(first), tmp_path / "second")
    # a plain sentence-transformers save (no project tooling) of a remotely loaded model must also round-trip
    load_model(second).save_pretrained(str(tmp_path / "third"))
    for folder in (first, second, tmp_path / "third"):
        assert (folder / "modeling_c2llm.py").exists() and (folder / "configuration_c2llm.py").exists()
        assert torch.equal(encode(load_model(folder), CODE_TEXTS), original)


ISOLATED_SCRIPT = textwrap.dedent(
    """
    import sys, json, torch
    # this project must not be importable: only the files inside the model folder may be used
    for name in ("modeling_c2llm", "configuration_c2llm", "c2llm", "train_sentence_transformers"):
        sys.modules[name] = None
    sys.path = [p for p in sys.path if p not in ("", ".", {root!r})]
    from sentence_transformers import SentenceTransformer
    from transformers import AutoModel
    path, texts = sys.argv[1], json.loads(sys.argv[2])
    st = SentenceTransformer(path, trust_remote_code=True)
    assert type(st[1]).__module__.startswith("transformers_modules"), type(st[1]).__module__
    auto = AutoModel.from_pretrained(path, trust_remote_code=True)
    with torch.no_grad():
        a = st.encode(texts, convert_to_tensor=True)
        b = auto(**st.tokenizer(texts, padding=True, return_tensors="pt")).sentence_embedding
    st.save_pretrained(path + "-resaved")
    c = SentenceTransformer(path + "-resaved", trust_remote_code=True).encode(texts, convert_to_tensor=True)
    print(json.dumps({{"st": a.tolist(), "auto": b.tolist(), "resaved": c.tolist()}}))
    """
)


def run_isolated(folder, texts, tmp_path):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = tmp_path / "isolated.py"
    script.write_text(ISOLATED_SCRIPT.format(root=root))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, str(script), str(folder), json.dumps(texts)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return {key: torch.tensor(value) for key, value in json.loads(result.stdout.strip().splitlines()[-1]).items()}


def test_fresh_process_without_this_project(model_dir, tmp_path, encode):
    copy = shutil.copytree(model_dir, tmp_path / "copied-model")
    out = run_isolated(copy, CODE_TEXTS, tmp_path)
    expected = encode(load_model(model_dir), CODE_TEXTS).cpu()  # the child's numbers come back as CPU tensors
    torch.testing.assert_close(out["st"], expected, atol=1e-6, rtol=1e-6)
    torch.testing.assert_close(out["auto"], expected, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(out["resaved"], expected, atol=1e-6, rtol=1e-6)


# ----------------------------------------------------------------------------------------------- prompts


def test_prompts_are_stored_and_applied(model_dir, encode):
    config = json.loads((model_dir / "config_sentence_transformers.json").read_text())
    assert config["prompts"]["query"] == query_prompt() == "Retrieve the code that solves the following query:\n"
    assert config["prompts"]["document"] == DOCUMENT_PROMPT == "Retrieved Answer:"
    assert config["prompts"]["CosQA-query"].startswith("Given a query from a web search")
    assert config["similarity_fn_name"] == "cosine"
    model = load_model(model_dir)
    text = "sort a list in place"
    with torch.no_grad():
        torch.testing.assert_close(
            model.encode_query([text], convert_to_tensor=True), encode(model, [query_prompt() + text])
        )
        torch.testing.assert_close(
            model.encode_document([text], convert_to_tensor=True), encode(model, [DOCUMENT_PROMPT + text])
        )
    assert not torch.allclose(encode(model, [text]), encode(model, [query_prompt() + text]))


def test_requirements_fail_clearly_in_an_incompatible_environment(model_dir, tmp_path):
    copy = shutil.copytree(model_dir, tmp_path / "needs-future")
    config_path = copy / "config_sentence_transformers.json"
    config = json.loads(config_path.read_text())
    assert config["requirements"]["transformers"]["specifier"].startswith(">=5")
    config["requirements"]["transformers"] = {"specifier": ">=99", "reason": "needs the future"}
    config_path.write_text(json.dumps(config))
    with pytest.raises(ImportError, match="transformers"):
        load_model(copy)


# ------------------------------------------------------------------------------------------------- LoRA


def test_lora_adapter_folder_round_trips_and_keeps_pma_trainable(model_dir, tmp_path, encode):
    from peft import LoraConfig

    from c2llm.training.lora import lora_config

    model = load_model(model_dir)
    config = lora_config(model[0].model, r=4, alpha=8)
    assert isinstance(config, LoraConfig)
    model.add_adapter(config)
    trainable = {name for name, p in model.named_parameters() if p.requires_grad}
    assert any(".pma." in name and "fc_k.weight" in name for name in trainable)
    assert any("lora_A" in name for name in trainable)
    assert not any("pma" in name and "lora_" in name for name in trainable)  # PMA fully trained, not LoRA'd
    with torch.no_grad():  # make the adapter non-trivial
        for name, p in model.named_parameters():
            if "lora_B" in name or ("pma" in name and "modules_to_save" in name):
                p.add_(0.05 * torch.randn_like(p))
    expected = encode(model, CODE_TEXTS)
    model.save_pretrained(str(tmp_path / "adapter"))
    assert (tmp_path / "adapter" / "adapter_model.safetensors").exists()
    reloaded = load_model(tmp_path / "adapter")
    torch.testing.assert_close(encode(reloaded, CODE_TEXTS), expected, atol=1e-6, rtol=1e-6)


# --------------------------------------------------------------------------------------------- bad input


def test_empty_and_whitespace_inputs_give_documented_finite_embeddings(model_dir, encode):
    model = load_model(model_dir)
    embeddings = encode(model, ["", "   ", "\n", "def f(): pass"])
    assert torch.isfinite(embeddings).all()
    # "" has no tokens: its embedding is the pooling of nothing, the same in any batch:
    # o = ln0(fc_q(seed)) (the official residual), e = ln1(o + relu(fc_o(o))), L2-normalised
    torch.testing.assert_close(encode(model, [""])[0], embeddings[0], atol=1e-6, rtol=1e-6)
    pma = model[0].model.pma
    assert model[0].model.config.pma_residual == "projected"
    with torch.no_grad():
        o = pma.ln0(pma.fc_q(pma.seed[0, 0]))
        expected = torch.nn.functional.normalize(pma.ln1(o + torch.relu(pma.fc_o(o))), dim=-1)
    torch.testing.assert_close(embeddings[0], expected, atol=1e-6, rtol=1e-6)
    assert not torch.allclose(embeddings[0], embeddings[1])


def test_long_text_is_truncated_to_max_seq_length(model_dir, encode):
    model = load_model(model_dir)
    model.max_seq_length = 16
    long_text = " ".join(CODE_TEXTS * 10)
    ids = model.tokenizer(long_text, add_special_tokens=False)["input_ids"]
    assert len(ids) > 16
    truncated = model.tokenizer.decode(ids[:16])
    torch.testing.assert_close(encode(model, [long_text]), encode(model, [truncated]), atol=1e-6, rtol=1e-6)


@pytest.mark.parametrize("bad", [[1, "a"], [None], ["a", ["b"]]])
def test_non_string_input_raises_clear_error(model_dir, bad):
    with pytest.raises(ValueError, match="Unsupported input type"):
        load_model(model_dir).encode(bad)


def test_last_token_pipelines_append_eos_and_truncation_keeps_it(tokenizer, tmp_path, encode):
    from transformers import AutoTokenizer

    from c2llm.build import to_sentence_transformer
    from tests.conftest import make_model

    before = tokenizer("x")["input_ids"]
    st = to_sentence_transformer(make_model(tokenizer, embedding_method="last_token"), tokenizer)
    path = save_model(st, tmp_path / "eos")
    assert tokenizer("x")["input_ids"] == before  # the caller's tokenizer is left alone
    eos = tokenizer.eos_token_id
    model = load_model(path)
    model.max_seq_length = 8
    long_text = " ".join(CODE_TEXTS * 10)
    features = model.preprocess([long_text, "x"])
    assert features["input_ids"].shape[1] == 8
    assert features["input_ids"][:, -1].tolist() == [eos, eos]  # left padding: the last column is every EOS
    # truncated to 7 content tokens + EOS
    assert features["input_ids"][0, :7].tolist() == tokenizer(long_text, add_special_tokens=False)["input_ids"][:7]
    assert AutoTokenizer.from_pretrained(path)("x")["input_ids"] == [*before, eos]  # the saved tokenizer too
    # the embedding is the EOS position's state, as an AutoModel user who appends EOS by hand gets it
    automodel = AutoModel.from_pretrained(path, trust_remote_code=True).eval()
    ids = torch.tensor([[*before, eos]])
    with torch.no_grad():
        expected = automodel(input_ids=ids, attention_mask=torch.ones_like(ids)).sentence_embedding.float()
    actual = encode(model, ["x"], normalize_embeddings=False).cpu()  # the AutoModel ran on the CPU
    torch.testing.assert_close(actual, expected, atol=1e-5, rtol=1e-5)


def test_pma_pipelines_append_no_eos(model_dir, tokenizer):
    assert load_model(model_dir).preprocess(["x"])["input_ids"][0].tolist() == tokenizer("x")["input_ids"]


def test_pooling_module_shows_the_pooling_of_its_model_and_saves_none_of_it(model_dir, tmp_path):
    model = load_model(model_dir)
    config = model[0].model.config
    expected = {"embedding_method": "pma", "pma_num_heads": config.pma_num_heads, "compressed_dim": 32}
    assert model[1].get_config_dict() == expected
    assert repr(model[1]) == f"C2LLMPooling({expected})"
    resaved = save_model(model, tmp_path / "resaved")
    assert (resaved / "1_C2LLMPooling" / "config.json").read_text() == "{}"  # the model's config is the one truth
    assert load_model(resaved)[1].get_config_dict() == expected
