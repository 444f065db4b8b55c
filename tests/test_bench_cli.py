"""``c2llm bench encode|train`` and ``c2llm ablation``: help, flag errors and tiny real benchmark runs (the ablation's
runs, resuming and report: tests/test_ablation.py)."""

from __future__ import annotations

import json
import math

import pytest

from c2llm.cli import main


def run_cli(argv: list[str]) -> int:
    """Exit code of ``c2llm ARGV`` (argparse exits, a run returns)."""
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


@pytest.mark.parametrize(
    ("argv", "example"),
    [
        (["bench", "encode", "--help"], "c2llm bench encode --quick"),
        (["bench", "train", "--help"], "c2llm bench train --quick"),
        (["ablation", "--help"], "c2llm ablation --output-dir /tmp/ablation"),
        (["bench", "--help"], "c2llm bench train --quick"),
    ],
)
def test_help_shows_examples(argv, example, capsys):
    assert run_cli(argv) == 0
    out = capsys.readouterr().out
    assert "examples:" in out
    assert example in out
    assert "--output-dir" in out or argv == ["bench", "--help"]


def test_help_lists_the_new_flags(capsys):
    run_cli(["bench", "encode", "--help"])
    out = capsys.readouterr().out
    for flag in ("--shapes SHAPE [SHAPE ...]", "--dtypes DTYPE [DTYPE ...]", "--variants VARIANT [VARIANT ...]",
                 "--peak-sizes N [N ...]", "--work-dir DIR", "--output-dir DIR"):
        assert flag in out
    assert "--workdir" not in out and "--output " not in out
    run_cli(["ablation", "--help"])
    out = capsys.readouterr().out
    assert "--seeds SEED [SEED ...]" in out and "(default: outputs/ablation)" in out and "--out " not in out


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["bench", "encode", "--shapes", "huge"], "--shapes"),
        (["bench", "encode", "--dtypes", "fp16"], "--dtypes"),
        (["bench", "encode", "--num-texts", "0"], "--num-texts"),
        (["bench", "encode", "--peak-sizes", "1024,2048"], "--peak-sizes"),  # comma lists are gone
        (["bench", "encode", "--variants", "pma", "pma+turbo"], "--variants"),  # checked after parsing
        (["bench", "encode", "--workdir", "x"], "--workdir"),
        (["bench", "train", "--shape", "huge"], "--shape"),
        (["bench", "train", "--runs", "pma:adam:4"], "--runs"),
        (["bench", "train", "--warmup-steps", "-1"], "--warmup-steps"),
        (["ablation", "--poolings", "max"], "--poolings"),
        (["ablation", "--dims", "100"], "--dims"),  # checked after parsing: not a multiple of the 32 heads
        (["ablation", "--seeds", "zero"], "--seeds"),
        (["ablation", "--seeds"], "--seeds"),
    ],
)
def test_bad_flags_are_one_error_line_and_exit_2(argv, flag, capsys):
    assert run_cli(argv) == 2
    err = capsys.readouterr().err
    (line,) = err.splitlines()  # one line, no traceback
    assert line.startswith("error:")
    assert flag in line


# ------------------------------------------------------------------------------------------- tiny real runs


def test_encode_benchmark_tiny_run(tmp_path, capsys, quiet_env):
    argv = ["bench", "encode", "--shapes", "small", "--dtypes", "fp32", "--variants", "pma", "st-lasttoken",
            "pma+budget", "--num-texts", "4", "--max-seq-length", "64", "--repeats", "1", "--peak-sizes", "64", "128",
            "--peak-repeats", "1", "--no-rss", "--work-dir", str(tmp_path / "work"), "--output-dir", str(tmp_path)]
    assert run_cli(argv) == 0
    payload = json.loads((tmp_path / "encode_throughput.json").read_text())
    markdown = (tmp_path / "encode_throughput.md").read_text()
    assert set(payload) == {"machine", "args", "matmul_peak", "results", "flops_formula"}
    assert payload["args"]["shapes"] == ["small"] and payload["args"]["variants"] == ["pma", "st-lasttoken", "pma+budget"]
    assert payload["args"]["output_dir"] == str(tmp_path) and payload["args"]["no_rss"] is True
    assert set(payload["matmul_peak"]["fp32"]["per_size"]) == {"64", "128"}
    assert payload["matmul_peak"]["fp32"]["gflops"] > 0
    (result,) = payload["results"]
    assert (result["shape"], result["dtype"]) == ("small", "fp32")
    assert [row["variant"] for row in result["rows"]] == ["pma", "st-lasttoken", "pma+budget"]
    for row in result["rows"]:
        assert {"seconds", "median_seconds", "real_tokens", "padded_tokens", "tokens_per_second", "gflops",
                "peak_fraction", "num_batches", "batching"} <= set(row)
        assert "rss" not in row  # --no-rss
        assert len(row["seconds"]) == 1
        assert row["tokens_per_second"] > 0 and row["gflops"] > 0 and row["real_tokens"] > 0
    assert result["rows"][2]["batching"] == "token budget 4096"
    assert set(result["ratios"]) == {"pma_vs_st-lasttoken", "default_vs_pma+budget"}
    assert all(value > 0 for value in result["ratios"].values())
    assert len(result["lengths"]) == 4
    assert "- command: `c2llm bench encode --shapes small --dtypes fp32 --variants pma st-lasttoken" in markdown
    assert "## Throughput" in markdown and "written:" in capsys.readouterr().out
    assert list((tmp_path / "work").iterdir()) == []  # the saved models are removed


def test_train_benchmark_tiny_run(tmp_path, capsys, quiet_env):
    """One run, one step: the parent builds the models, a ``python -m c2llm.bench.train_throughput --child`` trains."""
    argv = ["bench", "train", "--runs", "pma:mnrl:2", "--steps", "1", "--warmup-steps", "0", "--repeats", "1",
            "--max-seq-length", "32", "--peak-sizes", "64", "--output-dir", str(tmp_path / "results")]
    assert run_cli(argv) == 0
    payload = json.loads((tmp_path / "results" / "train_throughput.json").read_text())
    assert (tmp_path / "results" / "train_throughput.md").is_file()
    assert set(payload) == {"machine", "args", "matmul_peak", "runs", "comparisons"}
    assert payload["args"]["runs"] == ["pma:mnrl:2"] and payload["args"]["warmup_steps"] == 0
    (run,) = payload["runs"]
    assert (run["run"], run["dtype"], run["pipeline"], run["loss"], run["batch_size"]) == (
        "pma:mnrl:2", "fp32", "pma", "mnrl", 2)
    assert run["tokens_per_second"] > 0 and run["gflops"] > 0 and run["seconds_per_step"] > 0
    assert run["train_peak_mb"] > 0 and run["trainable_params"] > 0 and math.isfinite(run["final_loss"])
    assert len(run["repeats"]) == 1
    assert payload["comparisons"] == []  # no pair of runs to compare
    assert "pma:mnrl:2" in capsys.readouterr().out


def test_quick_defaults_and_explicit_flags_win():
    from c2llm.bench.settings import EncodeSettings, TrainBenchSettings

    quick = EncodeSettings(quick=True, repeats=5)
    assert (quick.shapes, quick.num_texts, quick.max_seq_length, quick.repeats, quick.peak_sizes, quick.name) == (
        ["small"], 32, 256, 5, [512, 1024, 2048], "encode_throughput_quick")
    full = EncodeSettings()
    assert (full.shapes, full.dtypes, full.num_texts, full.output_dir, full.name) == (
        ["small", "0.5b"], ["bf16", "fp32"], 256, "bench/results", "encode_throughput")
    train = TrainBenchSettings(quick=True)
    assert train.runs == ["pma:mnrl:16", "st-lasttoken:mnrl:16", "pma:mnrl:32", "pma:cached8:32"]
    assert TrainBenchSettings(batch_size=8).runs[:2] == ["pma:mnrl:8", "st-lasttoken:mnrl:8"]
