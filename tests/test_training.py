"""c2llm.training.trainer (train_sentence_transformers.py / c2llm train) on tiny models: outputs, checkpoints, LoRA
merge, checkpoint averaging, resume after a kill, bad data, and DDP with gloo on CPU."""

from __future__ import annotations

import json
import math
import os
import shlex
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from safetensors.torch import load_file

from c2llm.cli.train import parse_config
from c2llm.errors import ConfigError
from c2llm.training.trainer import column_prompts, run
from c2llm.build import load_model
from c2llm.data.training import DataError
from tests.conftest import CODE_TEXTS, stored_dtype, tolerance, training_dtype

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ["add two numbers", "push an item", "maximum of two ints", "parse json", "sort a list", "read a file",
           "open a socket", "hash a string", "format a date", "split words", "reverse text", "count lines"]


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def toy_rows(negatives: int = 0) -> list[dict]:
    rows = []
    for i, query in enumerate(QUERIES):
        row = {"query": query, "positive": f"def f{i}():\n    # {query}\n    return {i}", "language": "python"}
        for k in range(1, negatives + 1):
            row[f"negative_{k}"] = f"def g{i}_{k}():\n    return None"
        rows.append(row)
    return rows


def run_args(model_dir, data, out, *extra):
    return ["--backbone", str(model_dir), "--dataset", str(data), "--output-dir", str(out), "--batch-size", "4",
            "--max-steps", "4", "--save-steps", "2", "--max-seq-length", "32", "--learning-rate", "1e-3",
            "--no-eval", *extra]


def train_main(argv):
    return run(parse_config(argv))


def embed(folder, texts=CODE_TEXTS):
    """Float32 on the CPU: comparable whatever device and dtype the folder's model ran in."""
    with torch.no_grad():
        return load_model(folder).encode(texts, convert_to_tensor=True).float().cpu()


def info_nce(queries, docs, targets, temperature=0.05):
    """InfoNCE written out: mean over queries of -log softmax(cos(query, docs) / temperature)[target]."""
    logits = F.normalize(queries, dim=-1) @ F.normalize(docs, dim=-1).T / temperature
    return (torch.logsumexp(logits, dim=1) - logits[torch.arange(len(queries)), targets]).mean().item()


def test_full_training_writes_model_results_and_loadable_checkpoints(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    results = train_main(run_args(model_dir, data, tmp_path / "out"))
    assert results["global_steps"] == 4 and results["datasets"] == {"train/python": len(QUERIES)}
    saved = json.loads((tmp_path / "out" / "results.json").read_text())
    assert saved["global_steps"] == 4 and saved["model_dir"] == "model"
    final = embed(tmp_path / "out" / "model")
    assert not torch.allclose(final, embed(model_dir), atol=1e-4)  # it trained
    # the last trainer checkpoint is a loadable model folder identical to the final one
    torch.testing.assert_close(embed(tmp_path / "out" / "checkpoints" / "checkpoint-4"), final)
    config = json.loads((tmp_path / "out" / "model" / "config_sentence_transformers.json").read_text())
    assert "requirements" in config and config["prompts"]["document"] == "Retrieved Answer:"
    # full-training checkpoints hold every weight: nothing refers to a saved initial model, so none is written
    assert not (tmp_path / "out" / "init-model").exists()


def test_lora_is_merged_by_default_and_adapter_only_is_an_option(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    train_main(run_args(model_dir, data, tmp_path / "merged", "--lora-r", "4", "--lora-alpha", "8"))
    merged_dir = tmp_path / "merged" / "model"
    assert (merged_dir / "model.safetensors").exists() and not (merged_dir / "adapter_config.json").exists()
    adapter_checkpoint = tmp_path / "merged" / "checkpoints" / "checkpoint-4"
    assert (adapter_checkpoint / "adapter_model.safetensors").exists()
    init_dir = tmp_path / "merged" / "init-model"
    # the base is stored in bf16 on CUDA: there the merged weights are rounded to bf16, the adapter's path is not
    limit = tolerance(stored_dtype(init_dir), fp32=1e-5, bf16=1e-2)
    torch.testing.assert_close(embed(merged_dir), embed(adapter_checkpoint), atol=limit, rtol=limit)
    assert not torch.allclose(embed(merged_dir), embed(model_dir), atol=1e-4)
    # a LoRA checkpoint is an adapter whose base is the saved initial model: it is kept, and loading the checkpoint
    # (above) read it
    adapter = json.loads((adapter_checkpoint / "adapter_config.json").read_text())
    assert (init_dir / "model.safetensors").is_file() and adapter["base_model_name_or_path"] == str(init_dir)

    train_main(run_args(model_dir, data, tmp_path / "adapter", "--lora-r", "4", "--adapter-only"))
    adapter_dir = tmp_path / "adapter" / "model"
    assert (adapter_dir / "adapter_model.safetensors").exists() and not (adapter_dir / "model.safetensors").exists()
    torch.testing.assert_close(embed(adapter_dir), embed(tmp_path / "adapter" / "checkpoints" / "checkpoint-4"))
    adapter = json.loads((adapter_dir / "adapter_config.json").read_text())
    assert adapter["base_model_name_or_path"] == str(tmp_path / "adapter" / "init-model")


def test_merge_last_is_the_weighted_average_of_checkpoints(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    out = tmp_path / "out"
    train_main(run_args(model_dir, data, out, "--merge-last", "2", "--merge-weights", "1", "3"))
    first = load_file(out / "checkpoints" / "checkpoint-2" / "model.safetensors")
    second = load_file(out / "checkpoints" / "checkpoint-4" / "model.safetensors")
    merged = load_file(out / "model" / "model.safetensors")
    for key in ("pma.seed", "backbone.layers.0.self_attn.q_proj.weight"):
        torch.testing.assert_close(merged[key], 0.25 * first[key] + 0.75 * second[key])


def test_hard_negative_columns_and_bad_rows(model_dir, tmp_path):
    rows = toy_rows(negatives=3)
    rows += [{"query": "", "positive": "x", "negative_1": "a", "negative_2": "b", "negative_3": "c"},
             {"query": "q", "positive": None, "negative_1": "a", "negative_2": "b", "negative_3": "c"}]
    data = write_jsonl(tmp_path / "train.jsonl", rows)
    results = train_main(run_args(model_dir, data, tmp_path / "out", "--num-hard-negatives", "2"))
    assert results["dropped_rows"] == {data.name: 2}  # never an absolute local path
    from c2llm.data.training import load_training_data

    loaded, _ = load_training_data([str(data)], num_negatives=2)
    assert loaded["train/python"].column_names == ["query", "positive", "negative_1", "negative_2"]


def test_bad_data_files_are_rejected_with_the_file_name(model_dir, tmp_path):
    missing = write_jsonl(tmp_path / "nopositive.jsonl", [{"query": "a", "code": "b"}])
    with pytest.raises(DataError, match=r"nopositive\.jsonl: missing column\(s\) \['positive'\]"):
        train_main(run_args(model_dir, missing, tmp_path / "out"))
    empty = write_jsonl(tmp_path / "allbad.jsonl", [{"query": " ", "positive": "b"}])
    with pytest.raises(DataError, match=r"allbad\.jsonl: no usable rows"):
        train_main(run_args(model_dir, empty, tmp_path / "out2"))
    with pytest.raises(DataError, match=r"nothere\.jsonl: no such file"):
        train_main(run_args(model_dir, tmp_path / "nothere.jsonl", tmp_path / "out3"))


def test_bad_arguments_are_named():
    with pytest.raises(ConfigError, match=r"^--merge-weights: .*2"):
        parse_config(["--merge-last", "2", "--merge-weights", "1", "2", "3"])
    with pytest.raises(ConfigError, match=r"^--adapter-only: needs --lora-r > 0$"):
        parse_config(["--adapter-only"])
    with pytest.raises(ConfigError, match=r"^--warmup-ratio: must be in \[0, 1\), got 1.5$"):
        parse_config(["--warmup-ratio", "1.5"])
    with pytest.raises(ConfigError, match=r"^--dataset: required with --preset paper"):
        parse_config(["--preset", "paper"])
    # the Trainer would take one optimizer step for max_steps=0
    for steps in ("0", "-2"):
        with pytest.raises(ConfigError, match=rf"^--max-steps: must be at least 1, or -1 to run the epochs, got {steps}$"):
            parse_config(["--max-steps", steps])


def test_an_incompatible_transformers_peft_pair_is_refused_before_any_model_loads(monkeypatch):
    # transformers 5.24 asked for peft >= 0.22 before one was published; the check reads transformers' own minimum
    import transformers.integrations.peft as transformers_peft
    from importlib.metadata import version

    monkeypatch.setattr(transformers_peft, "MIN_PEFT_VERSION", "99.0.0")
    expected = (f"--lora-r: transformers {version('transformers')} needs peft >= 99.0.0 for LoRA, but peft "
                f"{version('peft')} is installed; install the tested versions with `pip install -c constraints.txt -e .`")
    with pytest.raises(ConfigError) as raised:
        parse_config(["--lora-r", "4"])
    assert str(raised.value) == expected
    parse_config(["--lora-r", "0"])  # full training needs no peft
    monkeypatch.setattr(transformers_peft, "MIN_PEFT_VERSION", version("peft"))  # equal is enough
    assert parse_config(["--lora-r", "4"]).lora_r == 4


# ------------------------------------------------------------------------------------ subprocess-based tests


def _env():
    env = dict(os.environ, PYTHONPATH=str(ROOT), TOKENIZERS_PARALLELISM="false", OMP_NUM_THREADS="1")
    env.pop("CUDA_VISIBLE_DEVICES", None)
    return env


KILL_WRAPPER = textwrap.dedent(
    """
    import os, signal, sys
    from transformers import TrainerCallback
    from sentence_transformers import SentenceTransformerTrainer
    from c2llm.cli import main

    class KillAfterSave(TrainerCallback):
        # SIGKILL right after checkpoint N is on disk: a hard crash at a known step, no race with rotation
        def on_save(self, args, state, control, **kwargs):
            if state.global_step >= int(sys.argv[1]):
                os.kill(os.getpid(), signal.SIGKILL)

    original_train = SentenceTransformerTrainer.train

    def train_then_die(self, *args, **kwargs):
        self.add_callback(KillAfterSave())
        return original_train(self, *args, **kwargs)

    SentenceTransformerTrainer.train = train_then_die
    main(["train", *sys.argv[2:]])
    """
)


@pytest.mark.parametrize("lora", [False, True], ids=["full", "lora"])
def test_resume_after_kill_completes_the_planned_steps(model_dir, tmp_path, lora):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows() * 20)
    out = tmp_path / "out"
    argv = run_args(model_dir, data, out, *(["--lora-r", "4"] if lora else []))
    argv[argv.index("--max-steps") + 1] = "30"
    wrapper = tmp_path / "kill_wrapper.py"
    wrapper.write_text(KILL_WRAPPER)
    result = subprocess.run([sys.executable, str(wrapper), "4", *argv], env=_env(), capture_output=True, text=True,
                            timeout=400, cwd=ROOT)
    assert result.returncode == -signal.SIGKILL, result.stderr[-4000:]
    assert (out / "checkpoints" / "checkpoint-4" / "trainer_state.json").exists()
    assert not (out / "model").exists()  # killed before the end: no final model, never a half-written one
    # the base that LoRA checkpoints refer to is on disk; full-training checkpoints need none (the resumed run
    # rebuilds the initial model and loads every weight from the checkpoint)
    assert (out / "init-model").is_dir() == lora
    with pytest.raises(ConfigError, match="--resume"):
        train_main(argv)  # refusing to silently restart over existing checkpoints
    results = train_main([*argv, "--resume"])
    assert results["global_steps"] == 30 and results["steps_this_run"] <= 30 - 4  # continued, not restarted
    state = json.loads((out / "checkpoints" / "checkpoint-30" / "trainer_state.json").read_text())
    assert state["global_step"] == 30 and state["max_steps"] == 30
    assert (out / "init-model").is_dir() == lora


DDP_WRAPPER = textwrap.dedent(
    """
    import hashlib, os, sys
    import torch
    from sentence_transformers import SentenceTransformerTrainer
    from c2llm.cli import main

    original_train = SentenceTransformerTrainer.train

    def train_and_fingerprint(self, *args, **kwargs):
        output = original_train(self, *args, **kwargs)
        digest = hashlib.sha256()
        for name, tensor in sorted(self.model.state_dict().items()):
            digest.update(name.encode()); digest.update(tensor.detach().float().cpu().numpy().tobytes())
        with open(os.path.join(sys.argv[1], f"rank{os.environ['RANK']}.sha"), "w") as f:
            f.write(f"{digest.hexdigest()} {self.state.global_step}")
        return output

    original_compute_loss = SentenceTransformerTrainer.compute_loss

    def compute_loss_and_record_the_first(self, model, inputs, *args, **kwargs):
        # step 1's tokenized batch and loss on this rank, for an independent recomputation in the test
        batch = {key: value.clone() for key, value in inputs.items() if isinstance(value, torch.Tensor)}
        loss = original_compute_loss(self, model, inputs, *args, **kwargs)
        path = os.path.join(sys.argv[1], f"rank{os.environ['RANK']}-step1.pt")
        if not os.path.exists(path):
            torch.save({"batch": batch, "loss": loss.item()}, path)
        return loss

    SentenceTransformerTrainer.train = train_and_fingerprint
    SentenceTransformerTrainer.compute_loss = compute_loss_and_record_the_first
    main(["train", *sys.argv[2:]])
    """
)


def test_ddp_two_cpu_processes_train_the_same_model(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows() * 4)
    wrapper = tmp_path / "ddp_wrapper.py"
    wrapper.write_text(DDP_WRAPPER)
    command = [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--master_port", "29533",
               str(wrapper), str(tmp_path), *run_args(model_dir, data, tmp_path / "out")]
    # on CPU with gloo: with CUDA visible both ranks would take the one GPU, where NCCL refuses two ranks per device
    env = dict(_env(), CUDA_VISIBLE_DEVICES="")
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=400, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-4000:]
    rank0 = (tmp_path / "rank0.sha").read_text().split()
    rank1 = (tmp_path / "rank1.sha").read_text().split()
    assert rank0 == rank1 and rank0[1] == "4"
    assert not torch.allclose(embed(tmp_path / "out" / "model"), embed(model_dir), atol=1e-4)

    # In-batch negatives are gathered across devices: each rank's step-1 loss is InfoNCE (temperature 0.05) of its own
    # queries against the positives of BOTH ranks, recomputed here from the recorded token ids and the initial model
    # (the backbone folder itself: a full-training run saves no copy of it).
    assert not (tmp_path / "out" / "init-model").exists()
    initial = load_model(model_dir, device="cpu")  # where the ranks ran
    steps = [torch.load(tmp_path / f"rank{rank}-step1.pt") for rank in (0, 1)]

    def embed_column(batch, column):
        prefix = f"{column}_"
        features = {key.removeprefix(prefix): value for key, value in batch.items() if key.startswith(prefix)}
        with torch.no_grad():
            return initial(features)["sentence_embedding"]

    queries = [embed_column(step["batch"], "query") for step in steps]
    positives = [embed_column(step["batch"], "positive") for step in steps]
    assert [len(q) for q in queries] == [4, 4]
    for rank, step in enumerate(steps):
        gathered = info_nce(queries[rank], torch.cat(positives), torch.arange(4) + 4 * rank)
        local_only = info_nce(queries[rank], positives[rank], torch.arange(4))
        assert step["loss"] == pytest.approx(gathered, abs=1e-4), (rank, step["loss"], gathered, local_only)
        assert abs(gathered - local_only) > 0.05  # the other rank's documents do change the loss


@pytest.mark.parametrize(
    "variant", [["--cached-loss", "--mini-batch-size", "2"], ["--activation-checkpointing"]], ids=["gradcache", "ckpt"]
)
def test_gradcache_and_activation_checkpointing_give_the_same_training(model_dir, tmp_path, variant):
    """Both trade compute for memory and must not change the result (same data order, same seed)."""
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    train_main(run_args(model_dir, data, tmp_path / "plain"))
    train_main(run_args(model_dir, data, tmp_path / "variant", *variant))
    plain = load_file(tmp_path / "plain" / "model" / "model.safetensors")
    other = load_file(tmp_path / "variant" / "model" / "model.safetensors")
    initial = load_file(model_dir / "model.safetensors")
    dtype = training_dtype()  # bf16 autocast on CUDA, the trainer's default there
    # equal up to float rounding, which Adam's normalised steps (lr 1e-3) can grow to ~2e-4 over 4 steps in fp32;
    # the steps themselves moved the weights by ~2e-3. Under bf16 single weights can differ by as much as they moved
    # (1.3e-3 on CUDA), so the whole update is compared too: the variants differ by ~2% of it under bf16 autocast on
    # CPU, runs at lr 1e-3 and 9e-4 by 10%.
    assert max((plain[key] - other[key]).abs().max().item() for key in plain) < tolerance(dtype, 5e-4, 5e-3)
    difference = sum((plain[key] - other[key]).square().sum() for key in plain).sqrt()
    update = sum((plain[key] - initial[key]).square().sum() for key in plain).sqrt()
    assert difference / update < tolerance(dtype, fp32=5e-3, bf16=5e-2)
    limit = tolerance(dtype, fp32=1e-3, bf16=5e-3)
    torch.testing.assert_close(embed(tmp_path / "variant" / "model"), embed(tmp_path / "plain" / "model"),
                               atol=limit, rtol=limit)


def test_bf16_training_on_cpu(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    results = train_main(run_args(model_dir, data, tmp_path / "out", "--bf16"))
    assert results["global_steps"] == 4 and math.isfinite(results["train_loss"])
    assert not torch.allclose(embed(tmp_path / "out" / "model"), embed(model_dir), atol=1e-4)


def test_dataset_named_after_a_task_gets_that_task_prompt():
    prompts = column_prompts(["CosQA/python", "mydata/go"], ["query", "positive", "negative_1"], "Q: ")
    assert prompts["CosQA/python"]["query"].startswith("Given a query from a web search")
    assert prompts["mydata/go"] == {"query": "Q: ", "positive": "Retrieved Answer:", "negative_1": "Retrieved Answer:"}


def test_reusing_an_output_dir_with_other_settings_is_refused(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    train_main(run_args(model_dir, data, tmp_path / "out"))
    with pytest.raises(ConfigError, match="was set up with --pooling='pma'"):
        train_main(run_args(model_dir, data, tmp_path / "out", "--pooling", "mean", "--resume"))


def test_groups_by_language_and_rejects_clashing_sources(tmp_path):
    from c2llm.data.training import load_training_data

    rows = toy_rows()
    rows[0]["language"], rows[1]["language"] = "go", None
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = write_jsonl(tmp_path / "a" / "train.jsonl", rows)
    data, _ = load_training_data([str(first)])
    assert sorted(data) == ["train/go", "train/python", "train/unknown"] and len(data["train/unknown"]) == 1
    second = write_jsonl(tmp_path / "b" / "train.jsonl", toy_rows())
    with pytest.raises(DataError, match="already taken"):
        load_training_data([str(first), str(second)])


def test_recorded_command_has_no_absolute_local_path(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    results = train_main(run_args(model_dir, data, tmp_path / "out"))
    words = shlex.split(results["command"])
    assert words[:2] == ["c2llm", "train"] and not any(os.path.isabs(word) for word in words)
    assert words[words.index("--output-dir") + 1] == "." and words[words.index("--dataset") + 1] == "train.jsonl"


def test_merging_more_checkpoints_than_were_saved_is_refused(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    with pytest.raises(ConfigError) as error:  # 4 steps, a checkpoint every 2: two checkpoints
        train_main(run_args(model_dir, data, tmp_path / "out", "--merge-last", "3"))
    assert str(error.value) == "--merge-last: 3: only 2 checkpoint(s) were saved"


def test_run_relative_paths():
    from c2llm.training.trainer import run_relative

    run_dir = Path("/runs/a").resolve()
    assert run_relative(run_dir / "model", run_dir) == "model"
    assert run_relative(run_dir, run_dir) == "."
    assert run_relative("data/train.jsonl", run_dir) == "data/train.jsonl"  # relative, outside the run: as given
    assert run_relative("/home/me/secret/train.jsonl", run_dir) == "train.jsonl"  # absolute, outside: its name only
