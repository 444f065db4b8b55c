"""The causal backbone pretraining: it never reads the ablation's test files, a killed run resumes to the same weights
as an uninterrupted one, and the schedule and settings checks say what they should."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from bench import causal_backbone
from bench.causal_backbone import PretrainSettings, corpus_files, learning_rate, pretrain
from c2llm.data.mining import mine_pairs, split_by_file
from c2llm.errors import ConfigError

TINY = dict(sources=["email"], max_corpus_mb=0.15, vocab_size=400, hidden_size=32, num_hidden_layers=2,
            num_attention_heads=2, num_key_value_heads=1, intermediate_size=64, block_size=32, batch_size=4, steps=8,
            warmup_steps=2, eval_every=4, eval_blocks=4, checkpoint_every=3, show_progress=False)  # fmt: skip


def test_corpus_split_is_the_ablations_file_split():
    # the ablation's in-domain test pairs come from split_by_file(seed=0) of the mined pairs: none of their files may
    # be in the pretraining corpus
    files = corpus_files(["email"])
    root = Path(causal_backbone.source_root("email", "sources"))
    pairs, _ = mine_pairs([root], languages=["python"], progress=False)
    held_out = {pair.path for pair in split_by_file(pairs, seed=0)["test"]}
    trained = {path.relative_to(root).as_posix() for path in files["train"]}
    assert held_out, "the email package should give test pairs"
    assert held_out <= {path.relative_to(root).as_posix() for path in files["test"]}
    assert not held_out & trained


def test_learning_rate_schedule():
    settings = PretrainSettings(learning_rate=1e-3, warmup_steps=10, steps=110, min_lr_ratio=0.1)
    assert learning_rate(0, settings) == pytest.approx(1e-4)
    assert learning_rate(9, settings) == pytest.approx(1e-3)
    assert learning_rate(60, settings) == pytest.approx(1e-3 * (0.1 + 0.9 * 0.5))  # half-way down the cosine
    assert learning_rate(110, settings) == pytest.approx(1e-4)


def test_killed_run_resumes_to_the_same_weights(tmp_path, monkeypatch):
    whole = pretrain(PretrainSettings(output_dir=str(tmp_path / "whole"), **TINY))

    real_save = causal_backbone.save_checkpoint

    def save_then_die(path, model, optimizer, state):
        real_save(path, model, optimizer, state)
        if state["step"] == 6:
            raise KeyboardInterrupt  # killed right after the second checkpoint

    monkeypatch.setattr(causal_backbone, "save_checkpoint", save_then_die)
    with pytest.raises(KeyboardInterrupt):
        pretrain(PretrainSettings(output_dir=str(tmp_path / "killed"), **TINY))
    assert not (tmp_path / "killed" / "backbone").exists()
    monkeypatch.setattr(causal_backbone, "save_checkpoint", real_save)
    resumed = pretrain(PretrainSettings(output_dir=str(tmp_path / "killed"), **TINY))

    assert resumed["train_loss"] == whole["train_loss"]
    assert resumed["validation_loss"] == whole["validation_loss"]
    assert [step for step, _ in whole["validation_loss"]] == [0, 4, 8]
    from transformers import AutoModelForCausalLM

    a = AutoModelForCausalLM.from_pretrained(tmp_path / "whole" / "backbone")
    b = AutoModelForCausalLM.from_pretrained(tmp_path / "killed" / "backbone")
    for (name, left), (_, right) in zip(a.state_dict().items(), b.state_dict().items()):
        assert torch.equal(left, right), name
    assert a.config.architectures == ["Qwen2ForCausalLM"]
    stats = json.loads((tmp_path / "whole" / "data" / "stats.json").read_text())
    assert whole["tokens_seen"] == 8 * 4 * 32 and whole["epochs"] == round(8 * 4 * 32 / stats["tokens"]["train"], 3)


def test_changed_settings_are_refused(tmp_path):
    pretrain(PretrainSettings(output_dir=str(tmp_path), **TINY))
    with pytest.raises(ConfigError, match=r"^--learning-rate: .*checkpoint.pt was trained with other settings "
                       r"\(learning_rate\); use a new --output-dir$"):
        pretrain(PretrainSettings(output_dir=str(tmp_path), **{**TINY, "learning_rate": 5e-4}))
    with pytest.raises(ConfigError, match=r"^--vocab-size: .* was built with other data settings \(vocab_size\)"):
        pretrain(PretrainSettings(output_dir=str(tmp_path), **{**TINY, "vocab_size": 300}))


def test_bad_shape_is_one_error():
    with pytest.raises(ConfigError, match=r"^--num-attention-heads: 3 heads must divide --hidden-size 32"):
        PretrainSettings(**{**TINY, "num_attention_heads": 3})


def test_the_command_writes_the_report_and_refuses_bad_settings(tmp_path, capsys):
    argv = ["--output-dir", str(tmp_path / "run"), "--report", str(tmp_path / "report"), "--no-progress"]
    for name, value in TINY.items():
        if name != "show_progress":
            argv += [f"--{name.replace('_', '-')}", *(map(str, value) if isinstance(value, list) else [str(value)])]
    assert causal_backbone.main(argv) == 0
    report = json.loads((tmp_path / "report" / "pretrain.json").read_text())
    assert report == json.loads((tmp_path / "run" / "pretrain.json").read_text())
    assert report["steps"] == TINY["steps"] and (tmp_path / "report" / "loss.png").stat().st_size > 0
    assert "backbone in" in capsys.readouterr().out
    assert causal_backbone.main([*argv, "--num-attention-heads", "3"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("error: --num-attention-heads: 3 heads must divide --hidden-size 32")
