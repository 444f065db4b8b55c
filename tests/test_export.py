"""Tests of c2llm.hub (verify, export, push): Hub-readiness checks, the fresh-process load, corrupted checkpoints, push preflight."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import time

import pytest
from huggingface_hub import constants, metadata_load
from safetensors import safe_open
from safetensors.torch import load_file, save_file

from c2llm.cli import main
from c2llm.hub import push as hub_push
from c2llm.hub.checkpoint_files import scan_checkpoint
from c2llm.hub.export import ExportError, export
from c2llm.hub.push import ModelLoadError, PushError, load_checked, push
from c2llm.hub.verify import verify

MODEL_ID = "my-org/c2llm-tiny"


def copy_model(model_dir, folder):
    shutil.copytree(model_dir, folder)
    return folder


def stored_numel(folder) -> int:
    """Elements in model.safetensors, counted with the safetensors library."""
    with safe_open(str(folder / "model.safetensors"), framework="pt") as handle:
        return sum(handle.get_tensor(name).numel() for name in handle.keys())  # noqa: SIM118


def rewrite_weights(folder, edit):
    """Load model.safetensors, edit the dict, save it back (a checkpoint that is intact but wrong)."""
    tensors = load_file(folder / "model.safetensors")
    edit(tensors)
    save_file(tensors, folder / "model.safetensors", metadata={"format": "pt"})


# ---------------------------------------------------------------------------------------------------------------
# A good folder: export (with fixes) + verify in a fresh process
# ---------------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exported(tmp_path_factory, model_dir):
    """The tiny model as a re-saved folder can leave it (code only in the subfolder, no requirements, a trainer
    artifact), exported with a results.json."""
    work = tmp_path_factory.mktemp("export")
    source = copy_model(model_dir, work / "run" / "model")
    (source / "1_C2LLMPooling" / "modeling_c2llm.py").write_bytes((source / "modeling_c2llm.py").read_bytes())
    (source / "modeling_c2llm.py").unlink()
    st_config = json.loads((source / "config_sentence_transformers.json").read_text())
    del st_config["requirements"]
    (source / "config_sentence_transformers.json").write_text(json.dumps(st_config))
    (source / "optimizer.pt").write_bytes(b"not for the hub")
    results = {"preset": "demo", "backbone": "small-qwen2", "eval_split": "data/test-beir", "model_dir": str(source),
               "before": {"ndcg_at_10": 0.2, "mrr_at_10": 0.1}, "after": {"ndcg_at_10": 0.75, "mrr_at_10": 0.5}}
    (source.parent / "results.json").write_text(json.dumps(results))
    out = work / "hub" / "c2llm-tiny"
    return source, out, export(source, out, MODEL_ID)


def test_source_folder_fails_verify_before_export(exported):
    source, _, _ = exported
    report = verify(source)
    assert not report.ok
    messages = "\n".join(report.errors)
    assert "modeling_c2llm.py: missing" in messages and "1_C2LLMPooling/modeling_c2llm.py" in messages
    assert "requirements has no 'transformers' entry" in messages
    assert any("optimizer.pt" in warning for warning in report.warnings)
    assert not report.loaded and any("not loaded" in warning for warning in report.warnings)


def test_export_fixes_and_verifies_in_a_fresh_process(exported):
    source, out, report = exported
    assert report.ok, report.format()
    assert report.loaded and report.dtype == "torch.float32"
    assert report.max_abs_diff is not None and report.max_abs_diff <= 1e-5 and report.tolerance == 1e-5
    assert report.n_parameters == stored_numel(out)
    assert report.stored_dtypes == {"F32": report.n_parameters}
    assert report.embedding_dim == 32 and report.max_seq_length == 2048
    assert report.size_bytes == sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    assert any("copied modeling_c2llm.py" in line for line in report.passed)
    assert any("both entry points use the folder's own code" in line for line in report.passed)
    assert (out / "modeling_c2llm.py").read_bytes() == (source / "1_C2LLMPooling" / "modeling_c2llm.py").read_bytes()
    assert not (out / "optimizer.pt").exists()
    metadata = metadata_load(out / "README.md")
    assert metadata["model-index"][0]["results"][0]["metrics"][0]["value"] == 0.75  # found ../results.json
    assert f'SentenceTransformer("{MODEL_ID}", trust_remote_code=True)' in (out / "README.md").read_text()
    assert report.upload_command == f"hf upload {MODEL_ID} {out}"


def test_cli_prints_the_upload_command(exported, capsys):
    _, out, _ = exported
    assert main(["verify", "--model", str(out), "--no-load"]) == 0  # the repo id comes from the card's model-index
    printed = capsys.readouterr().out
    (line,) = [line for line in printed.splitlines() if line.startswith("upload: ")]
    assert shlex.split(line.removeprefix("upload: ")) == ["hf", "upload", MODEL_ID, str(out)]
    if shutil.which("hf"):  # the installed CLI takes exactly REPO_ID LOCAL_PATH
        usage = subprocess.run(["hf", "upload", "--help"], capture_output=True, text=True, timeout=60).stdout
        assert "REPO_ID [LOCAL_PATH]" in usage


def test_export_refuses_to_overwrite_a_non_model_folder(exported, tmp_path):
    source, _, _ = exported
    (tmp_path / "notes.txt").write_text("keep me")
    with pytest.raises(ExportError, match="not a model folder"):
        export(source, tmp_path, MODEL_ID, load=False)
    assert (tmp_path / "notes.txt").read_text() == "keep me"


# ---------------------------------------------------------------------------------------------------------------
# Broken folders
# ---------------------------------------------------------------------------------------------------------------


def test_invalid_card_front_matter_is_an_error(tmp_path, model_dir):
    folder = copy_model(model_dir, tmp_path / "model")
    (folder / "README.md").write_text("---\ntags: [code\n---\n# card\n")
    report = verify(folder, load=False)
    assert any(str(folder / "README.md") in error and "invalid YAML" in error for error in report.errors)
    (folder / "README.md").write_text("# a card without front matter\n")
    assert any("no YAML front matter" in error for error in verify(folder, load=False).errors)


def test_truncated_safetensors_is_named(tmp_path, model_dir):
    from sentence_transformers import SentenceTransformer

    folder = copy_model(model_dir, tmp_path / "model")
    weights = folder / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    report = verify(folder)
    assert not report.ok and not report.loaded
    assert any(error.startswith(f"{weights}: truncated") for error in report.errors)
    with pytest.raises(ModelLoadError, match=f"{weights}: truncated"):
        load_checked(folder)
    with pytest.raises(Exception):  # noqa: B017  transformers refuses it too (SafetensorError, no file name)
        SentenceTransformer(str(folder), trust_remote_code=True)


def test_missing_shard_is_named(tmp_path, model_dir):
    folder = copy_model(model_dir, tmp_path / "model")
    tensors = load_file(folder / "model.safetensors")
    (folder / "model.safetensors").unlink()
    names = sorted(tensors)
    weight_map = {}
    for index, part in enumerate((names[::2], names[1::2])):
        shard = f"model-0000{index + 1}-of-00002.safetensors"
        save_file({name: tensors[name] for name in part}, folder / shard, metadata={"format": "pt"})
        weight_map.update(dict.fromkeys(part, shard))
    (folder / "model.safetensors.index.json").write_text(json.dumps({"metadata": {}, "weight_map": weight_map}))
    assert not scan_checkpoint(folder).errors  # the sharded folder is sound
    (folder / "model-00002-of-00002.safetensors").unlink()
    report = verify(folder)
    missing = folder / "model-00002-of-00002.safetensors"
    assert not report.loaded
    assert f"{missing}: missing shard (listed in model.safetensors.index.json)" in report.errors
    with pytest.raises(ModelLoadError, match="model-00002-of-00002.safetensors: missing shard"):
        load_checked(folder)


def test_missing_tensor_is_detected(tmp_path, model_dir):
    from transformers import AutoModel

    folder = copy_model(model_dir, tmp_path / "model")
    rewrite_weights(folder, lambda tensors: tensors.pop("pma.fc_o.weight"))
    # transformers alone would initialise the weight at random and only log it; C2LLMModel.from_pretrained refuses
    with pytest.raises(ValueError, match=r"has no weights for 1 parameter\(s\), e\.g\. \['pma\.fc_o\.weight'\]"):
        AutoModel.from_pretrained(str(folder), trust_remote_code=True)
    report = verify(folder)
    assert not report.ok
    assert any(error.startswith(f"{folder / 'model.safetensors'}: lacks 1 tensor(s)") and "pma.fc_o.weight" in error
               and "random" in error for error in report.errors)
    with pytest.raises(ModelLoadError, match="pma.fc_o.weight"):
        load_checked(folder)


def test_wrong_shape_is_named(tmp_path, model_dir):
    import torch
    from transformers import AutoModel

    folder = copy_model(model_dir, tmp_path / "model")
    rewrite_weights(folder, lambda tensors: tensors.update({"pma.fc_k.weight": torch.zeros(16, 64)}))
    assert not scan_checkpoint(folder).errors  # the file itself is intact
    with pytest.raises(RuntimeError, match="ignore_mismatched_sizes"):  # transformers raises, without the file name
        AutoModel.from_pretrained(str(folder), trust_remote_code=True)
    with pytest.raises(ModelLoadError) as error:
        load_checked(folder)
    assert f"{folder / 'model.safetensors'}: tensor pma.fc_k.weight has shape [16, 64]" in str(error.value)
    assert "expects [32, 64]" in str(error.value)


def test_fresh_process_cannot_import_the_project(tmp_path, model_dir):
    folder = copy_model(model_dir, tmp_path / "model")
    code = (folder / "configuration_c2llm.py").read_text()
    (folder / "configuration_c2llm.py").write_text("import c2llm  # leaks the project\n" + code)
    import c2llm  # noqa: F401  importable here, in the test process

    report = verify(folder)
    assert not report.ok and not report.loaded
    assert any("load failed in a fresh process" in error and "c2llm" in error for error in report.errors)


# ---------------------------------------------------------------------------------------------------------------
# Push and load by repo id
# ---------------------------------------------------------------------------------------------------------------


@pytest.fixture()
def online_without_token(monkeypatch, tmp_path):
    for name in ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_OIDC_RESOURCE", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "HF_TOKEN_PATH", str(tmp_path / "no-token"))
    monkeypatch.setattr(constants, "ENDPOINT", "http://127.0.0.1:9")  # loopback, closed: nothing leaves the machine
    uploads = []
    monkeypatch.setattr("huggingface_hub.HfApi.upload_folder", lambda self, **kwargs: uploads.append(kwargs))
    monkeypatch.setattr("huggingface_hub.HfApi.create_repo", lambda self, *args, **kwargs: None)
    return uploads


def test_push_without_token_fails_at_once(online_without_token, tmp_path):
    started = time.monotonic()
    with pytest.raises(PushError) as error:
        push(tmp_path, MODEL_ID)
    assert time.monotonic() - started < 2
    assert "no Hugging Face token" in str(error.value) and "hf auth login" in str(error.value)
    assert f"hf upload {MODEL_ID} {tmp_path}" in str(error.value)
    assert online_without_token == []


def test_push_offline_fails_at_once(online_without_token, monkeypatch, tmp_path):
    monkeypatch.setenv("HF_TOKEN", "hf_dummy")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(PushError, match="HF_HUB_OFFLINE"):
        push(tmp_path, MODEL_ID)
    assert online_without_token == []


def test_push_to_an_unreachable_hub_fails_fast(online_without_token, monkeypatch, tmp_path):
    monkeypatch.setenv("HF_TOKEN", "hf_dummy")
    started = time.monotonic()
    with pytest.raises(PushError, match="cannot reach the Hub at http://127.0.0.1:9"):
        push(tmp_path, MODEL_ID, timeout=3)
    assert time.monotonic() - started < 10
    assert online_without_token == []


def test_push_uploads_the_folder_when_the_hub_answers(online_without_token, monkeypatch, tmp_path):
    monkeypatch.setenv("HF_TOKEN", "hf_dummy")
    monkeypatch.setattr(hub_push, "_probe_hub", lambda token, timeout: "me")
    push(tmp_path, MODEL_ID)
    (call,) = online_without_token
    assert call["repo_id"] == MODEL_ID and call["folder_path"] == str(tmp_path) and call["repo_type"] == "model"


def test_cli_push_without_token_fails_before_exporting(online_without_token, model_dir, tmp_path, capsys):
    started = time.monotonic()
    code = main(["export", "--model", str(model_dir), "--output-dir", str(tmp_path / "out"), "--push", MODEL_ID])
    assert code == 2 and time.monotonic() - started < 2
    assert not (tmp_path / "out").exists()
    assert "no Hugging Face token" in capsys.readouterr().err


def test_load_checked_offline_names_the_missing_repo(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)  # what the loaders read (set when they were imported)
    started = time.monotonic()
    with pytest.raises(ModelLoadError) as error:
        load_checked("some-org/not-cached-c2llm", revision="0123abc")
    message = str(error.value)
    assert time.monotonic() - started < 30
    assert "\n" not in message
    assert message.startswith("some-org/not-cached-c2llm (revision 0123abc): not a local folder")
    assert "HF_HUB_OFFLINE" in message and "hf download some-org/not-cached-c2llm --revision 0123abc" in message


def test_load_checked_loads_a_good_folder_and_rejects_a_typo(model_dir, tmp_path):
    model = load_checked(model_dir)
    assert model.get_embedding_dimension() == 32
    with pytest.raises(ModelLoadError, match="no such model folder"):
        load_checked(str(tmp_path / "does-not-exist"))


# ---------------------------------------------------------------------------------------------------------------
# The two entry points must agree
# ---------------------------------------------------------------------------------------------------------------

POOLING_LINE = 'features["sentence_embedding"] = self._input_module.model.pool(token_states, attention_mask)'


def test_entry_points_that_disagree_fail_verify(tmp_path, model_dir):
    """The folder's own C2LLMPooling (what SentenceTransformer runs) scales the embedding by 1.001; AutoModel's
    forward pools unchanged. Both load fine, but the embeddings differ by ~1e-4: above fp32's 1e-5, below bf16's
    2e-2, so verify must compare them, with the tolerance of the loaded dtype."""
    folder = copy_model(model_dir, tmp_path / "model")
    code = (folder / "modeling_c2llm.py").read_text()
    assert code.count(POOLING_LINE) == 1
    (folder / "modeling_c2llm.py").write_text(code.replace(POOLING_LINE, POOLING_LINE + " * 1.001"))
    report = verify(folder)
    assert report.loaded and report.dtype == "torch.float32" and report.tolerance == 1e-5
    assert 1e-5 < report.max_abs_diff < 2e-2
    assert not report.ok
    (error,) = report.errors
    assert error.startswith(f"SentenceTransformer and AutoModel embeddings differ by {report.max_abs_diff:.3g}")
    assert "(tolerance 1e-05 for torch.float32)" in error
    assert not any("SentenceTransformer == AutoModel" in line for line in report.passed)
    assert "fix the errors above first" in report.format()

