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
