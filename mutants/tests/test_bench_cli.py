"""``c2llm bench encode|train`` and ``c2llm ablation``: help, flag errors, tiny real benchmark runs, the ablation's
TrainConfig per run, its resuming of finished runs and its summary over seeds."""

from __future__ import annotations

import json
import math
import subprocess
import sys

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
        (["ablation", "--help"], "c2llm ablation --seeds 0 1 2 --output-dir docs/ablation"),
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
    assert "--seeds SEED [SEED ...]" in out and "outputs/ablation/results" in out and "--out " not in out


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
        (["ablation", "--variants", "max (left)"], "--variants"),
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


def test_the_cli_stays_light():
    """``c2llm --help`` must not pay for torch: the bench group reads its choices from torch-free modules."""
    code = "import sys, c2llm.cli; print(sorted(m for m in ('torch', 'transformers') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ------------------------------------------------------------------------------------------- tiny real runs


@pytest.fixture
def quiet_env(monkeypatch):
    """The benchmarks set these process-wide defaults: set them here so that they are restored afterwards."""
    for name, value in (("TQDM_DISABLE", "1"), ("HF_HUB_OFFLINE", "1"), ("TOKENIZERS_PARALLELISM", "false")):
        monkeypatch.setenv(name, value)


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
    from c2llm.bench.encode_throughput import EncodeSettings
    from c2llm.bench.train_throughput import TrainBenchSettings

    quick = EncodeSettings(quick=True, repeats=5)
    assert (quick.shapes, quick.num_texts, quick.max_seq_length, quick.repeats, quick.peak_sizes, quick.name) == (
        ["small"], 32, 256, 5, [512, 1024, 2048], "encode_throughput_quick")
    full = EncodeSettings()
    assert (full.shapes, full.dtypes, full.num_texts, full.output_dir, full.name) == (
        ["small", "0.5b"], ["bf16", "fp32"], 256, "bench/results", "encode_throughput")
    train = TrainBenchSettings(quick=True)
    assert train.runs == ["pma:mnrl:16", "st-lasttoken:mnrl:16", "pma:mnrl:32", "pma:cached8:32"]
    assert TrainBenchSettings(batch_size=8).runs[:2] == ["pma:mnrl:8", "st-lasttoken:mnrl:8"]


# ------------------------------------------------------------------------------------------------ the ablation


def fake_results(ndcg: float, mrr: float, before: float, seconds: float) -> dict:
    return {"after": {"ndcg_at_10": ndcg, "mrr_at_10": mrr}, "before": {"ndcg_at_10": before},
            "train_seconds": seconds, "bm25": {"ndcg_at_10": 0.5, "mrr_at_10": 0.25}}


def test_ablation_summary_is_mean_and_sample_std_over_seeds():
    from c2llm.bench.ablation import markdown, summarise

    runs = {
        "pma (left)": [fake_results(0.2, 0.1, 0.01, 10.0), fake_results(0.4, 0.1, 0.02, 20.0),
                       fake_results(0.6, 0.4, 0.03, 60.0)],
        "mean (right)": [fake_results(0.3, 0.2, 0.05, 7.0)],
    }
    pma, mean = summarise(runs)
    # by hand: ndcg 0.2 0.4 0.6 -> mean 0.4, sample std sqrt((0.04 + 0 + 0.04) / 2) = 0.2;
    # mrr 0.1 0.1 0.4 -> mean 0.2, std sqrt((0.01 + 0.01 + 0.04) / 2) = sqrt(0.03)
    assert pma["variant"] == "pma (left)" and pma["seeds"] == 3
    assert pma["ndcg_at_10"] == pytest.approx(0.4) and pma["ndcg_at_10_std"] == pytest.approx(0.2)
    assert pma["mrr_at_10"] == pytest.approx(0.2) and pma["mrr_at_10_std"] == pytest.approx(math.sqrt(0.03))
    assert pma["ndcg_at_10_values"] == [0.2, 0.4, 0.6] and pma["mrr_at_10_values"] == [0.1, 0.1, 0.4]
    assert pma["untrained_ndcg_at_10"] == pytest.approx(0.02) and pma["train_seconds"] == pytest.approx(30.0)
    assert (mean["seeds"], mean["ndcg_at_10"], mean["ndcg_at_10_std"], mean["mrr_at_10_std"]) == (1, 0.3, 0.0, 0.0)

    table = markdown([pma, mean], {"ndcg_at_10": 0.5, "mrr_at_10": 0.25}, ["--epochs", "2", "--max-seq-length", "128"])
    assert "Budget per run: `--epochs 2 --max-seq-length 128`" in table
    assert "| pma (left) | 3 | 40.00 +- 20.00 | 20.00 +- 17.32 | 2.00 |" in table
    assert "| mean (right) | 1 | 30.00 +- 0.00 | 20.00 +- 0.00 | 5.00 |" in table
    assert "| BM25 (reference) | - | 50.00 | 25.00 | - |" in table


def test_ablation_runs_map_to_train_configs(tmp_path):
    from c2llm.bench.ablation import AblationSettings, train_config

    settings = AblationSettings()
    assert (settings.seeds, settings.output_dir, settings.work_dir) == ([0, 1, 2], "outputs/ablation/results",
                                                                       "outputs/ablation")
    assert settings.budget() == ["--epochs", "2", "--max-seq-length", "128"]
    assert AblationSettings(epochs=1.5).budget()[:2] == ["--epochs", "1.5"]

    config = train_config("mean (right)", 1, tmp_path, settings)
    assert (config.preset, config.pooling, config.padding_side, config.seed) == ("demo", "mean", "right", 1)
    assert (config.epochs, config.max_seq_length, config.resume) == (2.0, 128, False)
    assert config.dataset == [str(tmp_path / "data" / "train.jsonl")]
    assert config.eval_beir == str(tmp_path / "data" / "test-beir")
    assert config.output_dir == str(tmp_path / "mean-right-seed1")
    assert config.extra["command"].startswith("c2llm train --dataset ")
    assert "--pooling mean --padding-side right --epochs 2 --max-seq-length 128" in config.extra["command"]

    (tmp_path / "mean-right-seed1" / "checkpoints" / "checkpoint-10").mkdir(parents=True)
    resumed = train_config("mean (right)", 1, tmp_path, settings)
    assert resumed.resume and resumed.extra["command"].endswith(" --resume")


def test_ablation_reuses_finished_runs(tmp_path, capsys, monkeypatch):
    import c2llm.train

    def no_training(config):
        raise AssertionError(f"trained {config.output_dir} although its results.json exists")

    monkeypatch.setattr(c2llm.train, "run", no_training)
    work = tmp_path / "work"
    values = {("pma-left", 0): 0.1, ("pma-left", 1): 0.3, ("last_token-left", 0): 0.05, ("last_token-left", 1): 0.07}
    for (slug, seed), ndcg in values.items():
        run_dir = work / f"{slug}-seed{seed}"
        run_dir.mkdir(parents=True)
        (run_dir / "results.json").write_text(json.dumps(fake_results(ndcg, ndcg / 2, 0.01, 5.0)))

    out = tmp_path / "out"
    argv = ["ablation", "--seeds", "0", "1", "--variants", "pma (left)", "last_token (left)", "--work-dir", str(work),
            "--output-dir", str(out)]
    assert run_cli(argv) == 0
    written = json.loads((out / "ablation.json").read_text())
    assert written["budget"] == ["--epochs", "2", "--max-seq-length", "128"]
    assert [row["variant"] for row in written["rows"]] == ["pma (left)", "last_token (left)"]
    assert written["rows"][0]["ndcg_at_10"] == pytest.approx(0.2)
    assert written["rows"][0]["ndcg_at_10_std"] == pytest.approx(math.sqrt(0.02))
    assert written["bm25"] == {"ndcg_at_10": 0.5, "mrr_at_10": 0.25}
    assert (out / "ablation.md").read_text() in capsys.readouterr().out
    assert (out / "ablation.png").read_bytes().startswith(b"\x89PNG")
