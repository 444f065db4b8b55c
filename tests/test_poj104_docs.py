"""docs/evaluation.md's POJ-104 table and figures are bench/results/poj104.json (``python -m bench.poj104``), and the
file's choices were made on the valid split: the chosen settings are the valid split's best, never the test's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import poj104

ROOT = Path(__file__).resolve().parents[1]
RESULTS = json.loads((ROOT / "bench" / "results" / "poj104.json").read_text())
DOC = (ROOT / "docs" / "evaluation.md").read_text()


def test_doc_table_is_generated_from_the_results_file():
    assert poj104.table(RESULTS) in DOC


@pytest.mark.parametrize("key", sorted(RESULTS["rows"]))
def test_every_measured_row_has_its_interval_command_and_wall_time(key):
    row = RESULTS["rows"][key]
    for metric in ("map_at_r", "r_precision"):
        low, high = row[f"{metric}_ci95"]
        assert 0 <= low <= row[metric] <= high <= 1
    assert row["map_at_r"] <= row["r_precision"] + 1e-9  # AP@R <= R-precision, query by query
    assert row["command"].startswith("python -m bench.poj104 ")
    assert row["wall_seconds"] > 0
    assert "published" not in row


def test_published_rows_are_marked_and_match_the_issue():
    published = {row["model"]: row["map_at_r"] for row in RESULTS["published"]}
    assert all(row["published"] is True for row in RESULTS["published"])
    assert published["RoBERTa"] == pytest.approx(0.7667) and published["phi-1 + CL4D"] == pytest.approx(0.9272)
    assert "(published:" in DOC


def test_tfidf_settings_are_the_valid_splits_best():
    row = RESULTS["rows"]["tfidf"]
    best = max(row["valid_map_at_r"], key=row["valid_map_at_r"].get)
    assert row["model"] == f"TF-IDF ({best}, idf from train)"


def test_static_training_keeps_the_valid_splits_best_step_and_rate():
    training = RESULTS["rows"]["static-poj104"]["training"]
    best = max(((point["valid_map_at_r"], run["lr"], point["step"]) for run in training["runs"]
                for point in run["history"]), key=lambda item: item[0])
    assert (training["chosen_lr"], training["chosen_step"]) == (best[1], best[2])
    # no test figure took part: the histories hold the valid split's scores only
    assert all(set(point) <= {"step", "valid_map_at_r", "loss", "seconds"}
               for run in training["runs"] for point in run["history"])


def test_doc_figures_are_the_results_files():
    text = " ".join(DOC.split())
    rows = RESULTS["rows"]
    static, trained = rows["static"], rows["static-poj104"]
    assert f"MAP@R {100 * static['map_at_r']:.2f}" in text
    assert f"MAP@R {100 * trained['map_at_r']:.2f}" in text
    assert f"{trained['programs_per_second']:,} programs/s" in text
    if "dupes" in RESULTS:
        default = RESULTS["dupes"]["rows"]["static"]
        assert f"precision {100 * default['precision']:.1f}%" in text


FINETUNED = sorted(key for key, row in RESULTS["rows"].items() if "training" in row and "pooling" in row["training"])
ABLATION = [key for key in FINETUNED if RESULTS["rows"][key]["training"]["steps"] == poj104.ABLATION_STEPS
            and not RESULTS["rows"][key]["training"].get("distinct_problems")]


def test_finetune_paired_table_is_generated_from_the_results_file():
    assert poj104.finetune_table(RESULTS) in DOC


@pytest.mark.parametrize("key", FINETUNED)
def test_finetuned_rows_keep_the_valid_subsets_best_checkpoint(key):
    training = RESULTS["rows"][key]["training"]
    history = training["valid_history"]
    best = max(history, key=lambda point: point["valid_map_at_r"])  # the first of equals, as the run keeps it
    assert training["chosen_step"] == best["step"]
    assert all(set(point) <= {"step", "valid_map_at_r", "encode_seconds"} for point in history)  # no test figure


def test_ablation_rows_differ_only_in_pooling_and_seed():
    settings = {key: {k: v for k, v in RESULTS["rows"][key]["training"].items()
                      if k in ("steps", "batch_size", "learning_rate", "max_seq_length", "hard_negatives", "lora_r",
                               "valid_subset")} for key in ABLATION}
    assert len({json.dumps(value, sort_keys=True) for value in settings.values()}) <= 1
    assert len({RESULTS["rows"][key]["test_subset"] for key in FINETUNED}) <= 1  # every fine-tuned row: one subset


def test_a_longer_run_is_a_row_of_its_own_outside_the_pooling_comparison():
    assert poj104.finetune_key("mean", 0, poj104.ABLATION_STEPS) == "finetune-mean-s0"
    assert poj104.finetune_key("mean", 0, 90) == "finetune-mean-s0-90steps"
    assert poj104.finetune_key("mean", 0, 90, distinct=True) == "finetune-mean-s0-90steps-distinct"
    for key in set(FINETUNED) - set(ABLATION):
        training = RESULTS["rows"][key]["training"]
        assert key == poj104.finetune_key(training["pooling"], training["seed"], training["steps"],
                                          training.get("distinct_problems", False), poj104.batch_variant(training))
    rows = {key: RESULTS["rows"][key] for key in ABLATION}
    assert poj104.paired_rows(rows) == poj104.paired_rows(RESULTS["rows"])  # longer runs take no part in pairing


def test_paired_differences_are_the_rows_recomputed():
    assert poj104.paired_rows(RESULTS["rows"]) == RESULTS.get("finetune_paired", {})
    assert poj104.distinct_pairs(RESULTS["rows"]) == RESULTS.get("distinct_paired", {})


def test_doc_gives_what_distinct_problems_per_batch_changed():
    if not RESULTS.get("distinct_paired"):
        pytest.skip("no run with distinct problems per batch yet")
    assert poj104.distinct_table(RESULTS) in DOC


def test_ablation_states_the_poj104_verdict_with_its_interval():
    paired = RESULTS.get("finetune_paired", {})
    keys = [key for key in paired if key.startswith("pma-mean-") and key.endswith("-map_at_r")]
    if not keys:
        pytest.skip("no fine-tuned PMA and mean rows yet")
    key = max(keys, key=len)  # the mean of the seeds when there are several, else seed 0
    text = " ".join((ROOT / "docs" / "ablation.md").read_text().split())
    result = paired[key]
    assert (f"{100 * result['difference']:+.2f} [{100 * result['ci95'][0]:+.2f}, {100 * result['ci95'][1]:+.2f}]"
            in text)


def test_the_shipping_figures_are_the_harness_files():
    shipping = RESULTS.get("shipping")
    if shipping is None:
        pytest.skip("python -m bench.poj104 shipping has not run")
    for kind, check in shipping["checks"].items():
        if kind not in poj104.SHIPPING_CHECKS:
            continue
        for name, path in zip(("shipped", "fine_tuned"), check["files"]):
            assert check[name] == poj104.shipping_figures(kind, json.loads((ROOT / path).read_text())), (kind, name)


def test_the_docs_give_the_shipping_table():
    if "shipping" not in RESULTS:
        pytest.skip("python -m bench.poj104 shipping has not run")
    assert poj104.shipping_table(RESULTS) in DOC
    assert f"{RESULTS['shipping']['wheel_bytes_added'] / 1e6:.1f} MB" in " ".join(DOC.split())
