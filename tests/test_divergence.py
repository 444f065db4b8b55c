"""A training run that diverges stops at that step with one error line, keeps its last finite checkpoint, writes no
final model, records the failure in results.json and exits 1 (the H200 run went on with NaN weights and exited 0)."""

from __future__ import annotations

import json

import pytest
import torch
from safetensors.torch import load_file
from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss

from c2llm.cli import main
from tests.test_training import run_args, toy_rows, write_jsonl

BAD_STEP = 3  # checkpoints every 2 steps: checkpoint-2 is the last finite one


class NanGradient(torch.autograd.Function):
    """Identity forward, NaN backward: a finite loss with a NaN gradient, as cuDNN's attention gave on the H200."""

    @staticmethod
    def forward(ctx, logits):
        return logits.view_as(logits)

    @staticmethod
    def backward(ctx, grad):
        return torch.full_like(grad, float("nan"))


@pytest.fixture
def poison_step(monkeypatch):
    """Makes the InfoNCE loss of one training step non-finite: its value, or only its gradient."""

    def poison(kind: str) -> None:
        calls, loss_of = [0], MultipleNegativesRankingLoss.compute_loss_from_embeddings

        def compute(self, embeddings, labels):
            calls[0] += 1
            if calls[0] != BAD_STEP:
                return loss_of(self, embeddings, labels)
            if kind == "loss":
                return loss_of(self, embeddings, labels) * float("nan")
            return loss_of(self, [NanGradient.apply(e) for e in embeddings], labels)

        monkeypatch.setattr(MultipleNegativesRankingLoss, "compute_loss_from_embeddings", compute)

    return poison


@pytest.mark.parametrize("kind", ["loss", "gradient"])
def test_a_non_finite_step_stops_the_run_and_keeps_the_last_finite_checkpoint(model_dir, tmp_path, capsys,
                                                                                poison_step, kind):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    out = tmp_path / "run"
    poison_step(kind)
    capsys.readouterr()
    code = main(["train", *run_args(model_dir, data, out, "--max-steps", "6", "--out", str(tmp_path / "copy.json"))])

    assert code == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error:")]
    checkpoint = out / "checkpoints" / "checkpoint-2"
    loss = "nan" if kind == "loss" else None
    assert len(errors) == 1
    assert errors[0].startswith(f"error: training diverged at step {BAD_STEP}: loss ")
    assert f"grad norm nan; stopped before the optimizer step, the last finite checkpoint is {checkpoint}, " \
           "no final model written. Try a lower --learning-rate" in errors[0]

    assert not (out / "model").exists()
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["checkpoint-2"]
    weights = load_file(checkpoint / "model.safetensors")
    assert all(torch.isfinite(tensor).all() for tensor in weights.values())

    results = json.loads((out / "results.json").read_text())
    assert json.loads((tmp_path / "copy.json").read_text()) == results
    diverged = results["diverged"]
    assert (diverged["step"], diverged["grad_norm"], diverged["last_checkpoint"]) == (3, "nan", "checkpoints/checkpoint-2")
    assert diverged["loss"] == loss if loss else float(diverged["loss"]) > 0
    assert (results["global_steps"], results["steps_this_run"], results["model_dir"]) == (2, 2, None)
    assert diverged["error"] == errors[0].removeprefix("error: ")


def test_a_finite_run_is_not_stopped(model_dir, tmp_path, capsys):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    assert main(["train", *run_args(model_dir, data, tmp_path / "run")]) == 0
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert "diverged" not in results and results["global_steps"] == 4
