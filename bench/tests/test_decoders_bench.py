"""bench.decoders: the training command is the paper's LoRA recipe, rows pair with bench.poj104's, a finished run is
never retrained, and docs/decoders.md's table is the one the results file gives."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pytest

from bench import decoders

ROOT = Path(__file__).resolve().parents[2]


def test_the_training_command_is_the_papers_lora_recipe(tmp_path):
    args = argparse.Namespace(backbone="B", steps=80, batch_size=16, train_max_seq_length=128, save_steps=20, seed=3,
                              activation_checkpointing=False, hard_negatives=1)
    command = decoders.train_command(args, tmp_path / "pairs.jsonl", tmp_path / "run")
    flags = dict(zip(command[2::2], command[3::2], strict=False))
    assert command[:2] == ["c2llm", "train"]
    assert flags["--lora-r"] == "64" and flags["--lora-alpha"] == "32" and flags["--learning-rate"] == "0.0001"
    assert flags["--padding-side"] == "left" and flags["--num-hard-negatives"] == "1"
    assert (flags["--max-steps"], flags["--save-steps"], flags["--seed"]) == ("80", "20", "3")
    assert "--activation-checkpointing" not in command
    args.activation_checkpointing = True  # what lets Qwen's 48 texts a step fit in 24 GiB: the run must get it
    assert decoders.train_command(args, tmp_path / "pairs.jsonl", tmp_path / "run")[-1] == "--activation-checkpointing"


def test_a_run_sized_down_from_the_recipe_gets_its_own_row(tmp_path):
    """Fewer hard negatives or a shorter training length change the run: its key, folder and name say so, and its
    command carries them, so it never resumes or overwrites the recipe's run."""
    args = argparse.Namespace(backbone="B", steps=150, batch_size=16, train_max_seq_length=128, save_steps=25, seed=0,
                              activation_checkpointing=False, hard_negatives=1, label="q")
    assert decoders.run_key(args, "pma") == "finetune-q-s0-150steps"
    assert decoders.run_key(args, "mean") == "finetune-q-mean-s0-150steps"
    args.hard_negatives, args.train_max_seq_length = 0, 64
    assert decoders.run_key(args, "pma") == "finetune-q-s0-150steps-hn0-L64"
    assert decoders.run_variant(args, ", ") == ", 0 hard negatives, training length 64"
    flags = dict(zip(*[iter(decoders.train_command(args, tmp_path / "p.jsonl", tmp_path / "r")[2:])] * 2, strict=False))
    assert (flags["--num-hard-negatives"], flags["--max-seq-length"]) == ("0", "64")


def test_the_subsets_are_bench_poj104s(monkeypatch):
    """Rows pair with the MiniLM rows of bench.poj104 only if both draw the same programs."""
    from bench import poj104

    problems = [str(p) for p in range(24) for _ in range(60)]
    fake = type("Split", (), {"problems": problems, "texts": [f"t{i}" for i in range(len(problems))]})
    monkeypatch.setattr(decoders, "load", lambda split, data: fake)
    args = argparse.Namespace(data=None, valid_per_problem=20, test_per_problem=50, subset_seed=0)
    (valid_texts, _), (test_texts, test_problems) = decoders.subsets(args)
    assert test_texts == [fake.texts[i] for i in poj104.subset_indices(problems, 50, 0)]
    assert len(valid_texts) == 480 and len(test_texts) == 1200 and len(set(test_problems)) == 24


def test_a_finished_run_is_scored_not_retrained(tmp_path, monkeypatch):
    """A run folder with its model is read back: its checkpoints' valid scores are kept once computed, and the
    checkpoint with the best valid score is the one scored on test."""
    backbone = tmp_path / "backbone"
    backbone.mkdir()
    (backbone / "config.json").write_text(json.dumps({"embedding_method": "pma"}))
    args = argparse.Namespace(threads=1, data=None, valid_per_problem=1, test_per_problem=1, subset_seed=0,
                              steps=4, batch_size=2, seed=0, label="x", work_dir=str(tmp_path), backbone=str(backbone),
                              train_max_seq_length=128, save_steps=2, max_seq_length=8, out=tmp_path / "r.json",
                              no_score=False, activation_checkpointing=False, hard_negatives=1)
    run_dir = tmp_path / "decoders" / "finetune-x-s0-4steps"
    (run_dir / "model").mkdir(parents=True)
    for step in (2, 4):
        (run_dir / "checkpoints" / f"checkpoint-{step}").mkdir(parents=True)
    (run_dir / "results.json").write_text(json.dumps({"train_loss": 1.0, "train_seconds": 8.0, "global_steps": 4,
                                                          "steps_this_run": 2}))  # resumed at step 2
    data = tmp_path / "finetune-data" / "pairs-n8-s0-grouped.json"
    data.parent.mkdir()
    data.write_text("{}")
    problems = ["a", "a", "b", "b"]
    monkeypatch.setattr(decoders, "subsets", lambda a: ((["v"] * 4, problems), (["t"] * 4, problems)))
    monkeypatch.setattr(decoders, "run_training", lambda *a, **k: pytest.fail("a finished run was retrained"))
    encoded = []
    good = np.array([[1, 0], [1, 0], [0, 1], [0, 1]], dtype=np.float32)
    bad = np.array([[1, 0], [0, 1], [1, 0], [0, 1]], dtype=np.float32)

    def encode(folder, texts, length):
        encoded.append(Path(folder).name)
        return (good if folder.endswith("checkpoint-2") else bad), 1.0

    monkeypatch.setattr(decoders, "_encode_subset", encode)
    decoders.finetune(args)
    decoders.finetune(args)
    assert encoded == ["checkpoint-2", "checkpoint-4", "checkpoint-2", "checkpoint-2"]  # valid twice, then test
    row = decoders.read_results(args.out)["rows"]["finetune-x-s0-4steps"]
    assert row["training"]["chosen_step"] == 2 and row["map_at_r"] == 1.0
    assert row["training"]["seconds_per_step"] == 4.0  # the seconds of the steps this run trained, not of all 4


def test_docs_tables_are_generated_from_the_results_files():
    results = decoders.read_results(ROOT / decoders.RESULTS)
    poj104 = decoders.read_results(ROOT / decoders.POJ104_RESULTS)
    doc = (ROOT / "docs" / "decoders.md").read_text()
    assert decoders.table(results, poj104) in doc
    assert decoders.paired_table(results, poj104) in doc
    ablation = (ROOT / "docs" / "ablation.md").read_text()
    assert f"<!-- POOLING_TABLE -->\n{decoders.pooling_table(results)}\n<!-- /POOLING_TABLE -->" in ablation


def scored_row(model, scores, **training):
    per = {p: [score, 2] for p, score in zip("abc", scores, strict=True)}
    return {"model": model, "map_at_r": 0.0, "map_at_r_ci95": [0.0, 0.0], "per_problem": {"map_at_r": per},
            **({"training": training} if training else {})}


def test_paired_differences_match_a_hand_computation():
    """A zero-shot row pairs with MiniLM's zero-shot row only, a fine-tuned row with the MiniLM row of its batch; the
    point difference is the query-weighted mean of the per-problem differences."""
    batch = {"steps": 150, "hard_negatives": 0, "threads": 2, "train_seconds": 3600}
    results = {"rows": {"zero-shot-x": scored_row("x0", [0.2, 0.4, 0.6]),
                        "finetune-x": scored_row("x", [0.5, 0.5, 0.8], max_seq_length=64, **batch)}}
    poj104 = {"rows": {"finetune-untrained": scored_row("m0", [0.1, 0.1, 0.1]),
                       "finetune-mean-s0-150steps-distinct-hn0-L64": scored_row(
                           "m150", [0.6, 0.6, 0.6], **{**batch, "train_seconds": 180},
                           max_seq_length=256, train_max_seq_length=64)}}
    pairs = {(a, b): (why, d) for a, b, why, d in decoders.paired(results, poj104)}
    assert sorted(pairs) == [("finetune-x", "finetune-mean-s0-150steps-distinct-hn0-L64"),
                             ("zero-shot-x", "finetune-untrained")]
    assert pairs[("zero-shot-x", "finetune-untrained")][1]["difference"] == pytest.approx(0.3)
    why, diff = pairs[("finetune-x", "finetune-mean-s0-150steps-distinct-hn0-L64")]
    assert why == "equal steps (same batch)"
    assert diff["difference"] == pytest.approx(0.0) and diff["wins"] == 1


def test_a_minilm_row_pairs_at_equal_steps_of_its_batch_or_at_equal_training_time():
    """MiniLM at 150 steps of 0 hard negatives and 64 training tokens pairs with the decoder row of that batch and not
    with a recipe-batch row (80 steps, 1 hard negative, 128 tokens); the 480-step MiniLM row pairs with the decoder
    rows that trained as long on as many threads: 25 % apart at most, never across thread counts."""
    def run(model, steps, hard, length, seconds, threads=2, length_key="max_seq_length"):
        return scored_row(model, [0.5, 0.4, 0.3], steps=steps, hard_negatives=hard, threads=threads,
                   train_seconds=seconds, **{length_key: length})

    results = {"rows": {"finetune-q-s0-150steps-hn0-L64": run("q", 150, 0, 64, 3774),
                        "finetune-s-s0-80steps": run("s", 80, 1, 128, 3477),
                        "finetune-t-s0-80steps": run("t", 80, 1, 128, 3000),
                        "finetune-u-s0-80steps": run("u", 80, 1, 128, 3774, threads=1)}}
    poj104 = {"rows": {"finetune-mean-s0-150steps-distinct-hn0-L64": run("m", 150, 0, 64, 180,
                                                                          length_key="train_max_seq_length"),
                       "finetune-mean-s0-480steps-distinct": run("m480", 480, 1, 256, 3800)}}
    assert [(key, other, why) for key, other, why, _ in decoders.paired(results, poj104)] == [
        ("finetune-q-s0-150steps-hn0-L64", "finetune-mean-s0-480steps-distinct", "equal training time"),
        ("finetune-q-s0-150steps-hn0-L64", "finetune-mean-s0-150steps-distinct-hn0-L64", "equal steps (same batch)"),
        ("finetune-s-s0-80steps", "finetune-mean-s0-480steps-distinct", "equal training time")]


def test_a_resumed_runs_training_time_is_its_pace_over_all_its_steps():
    """A run resumed at step 50 timed 100 steps in 1,000 s: 25 min in all (marked as estimated), and it pairs at equal
    time with a MiniLM row of 25 min, not of 17."""
    resumed = {"training": {"steps": 150, "steps_timed": 100, "train_seconds": 1000.0, "threads": 2}}
    assert decoders.train_minutes(resumed) == "~25 (2 thr.)"
    assert decoders.train_minutes({"training": {"steps": 150, "train_seconds": 1500.0, "threads": 2}}) == "25 (2 thr.)"
    assert decoders.same_wall_time(resumed, {"training": {"steps": 480, "train_seconds": 1500.0, "threads": 2}})
    assert not decoders.same_wall_time(resumed, {"training": {"steps": 90, "train_seconds": 1000.0, "threads": 2}})


@pytest.mark.parametrize("killed", [False, True])
def test_a_killed_run_is_continued_from_its_last_checkpoint(tmp_path, monkeypatch, killed):
    calls = []
    monkeypatch.setattr(decoders.subprocess, "run",
                        lambda argv, **kwargs: calls.append(argv) or type("Done", (), {"returncode": 0}))
    if killed:
        (tmp_path / "checkpoints" / "checkpoint-20").mkdir(parents=True)
    decoders.run_training(["c2llm", "train", "--max-steps", "80"], tmp_path, threads=2)
    assert calls[0][-3:] == (["--max-steps", "80", "--resume"] if killed else ["train", "--max-steps", "80"])


def test_poolings_pair_over_the_seeds_both_ran():
    """PMA minus mean over seeds 0 and 1 (the seeds both ran; seed 2 of PMA has no partner), the per-problem means
    averaged over seeds; rows recorded before the pooling field were PMA runs."""
    def row(pooling, seed, scores, **batch):
        training = {"steps": 80, "seed": seed, "backbone_label": "b",
                    **({"pooling": pooling} if pooling != "legacy" else {}), **batch}
        return {"map_at_r": 0.0, "training": training,
                "per_problem": {"map_at_r": {p: [v, 2] for p, v in zip("ab", scores, strict=True)}}}

    results = {"rows": {"finetune-b-s0-80steps": row("legacy", 0, [0.5, 0.7]),
                        "finetune-b-s1-80steps": row("pma", 1, [0.3, 0.9]),
                        "finetune-b-s2-80steps": row("pma", 2, [0.0, 0.0]),
                        "finetune-b-mean-s0-80steps": row("mean", 0, [0.2, 0.6]),
                        "finetune-b-mean-s1-80steps": row("mean", 1, [0.2, 0.4]),
                        # a smaller batch is another run: it never pairs with the recipe's mean rows
                        "finetune-b-s0-80steps-hn0-L64": row("pma", 0, [1.0, 1.0], hard_negatives=0,
                                                             max_seq_length=64)}}
    [(label, steps, other, seeds, diff)] = decoders.pooling_paired(results)
    assert (label, steps, other, seeds) == ("b", 80, "mean", [0, 1])
    # per problem: a 0.4 - 0.2 = 0.2, b 0.8 - 0.5 = 0.3; equal query counts
    assert diff["difference"] == pytest.approx(0.25) and diff["wins"] == 2
    assert "| b, 80 | mean pooling | 0, 1 | 25.00 [20.00, 30.00] | 2 of 2 |" in decoders.pooling_table(results)


def test_a_folder_that_is_not_a_backbone_is_named(tmp_path):
    with pytest.raises(SystemExit, match=f"error: {tmp_path}: not a folder of c2llm backbone \\(no config.json\\)"):
        decoders.folder_pooling(tmp_path)


def test_explain_reads_the_first_program_of_the_first_problems_with_the_document_prompt(tmp_path, monkeypatch):
    import c2llm.build
    import c2llm.explain

    problems = ["b", "b", "a", "c", "a", "d"]
    texts = [f"program {i}" for i in range(6)]
    monkeypatch.setattr(decoders, "subsets", lambda args: ((["v"], ["v"]), (texts, problems)))
    model = type("Model", (), {"prompts": {"document": "Retrieved Answer:", "query": "Q:"}})()
    monkeypatch.setattr(c2llm.build, "load_model", lambda folder, max_seq_length: model)
    seen = {}
    monkeypatch.setattr(c2llm.explain, "pma_attention", lambda m, t, p: seen.update(texts=t, prompt=p) or ["att"])
    monkeypatch.setattr(c2llm.explain, "write_report", lambda attentions, folder, label: {})
    args = argparse.Namespace(threads=1, model="M", label="L", programs=3, output_dir=str(tmp_path),
                              max_seq_length=256)
    decoders.explain(args)
    assert seen == {"texts": ["program 0", "program 2", "program 3"], "prompt": "Retrieved Answer:"}
    record = json.loads((tmp_path / "programs.json").read_text())
    assert record["programs"] == ["test subset #0 (problem b)", "test subset #2 (problem a)",
                                  "test subset #3 (problem c)"]
