"""`python -m bench.length_grouping`: both losses trained on the same batches give the same values, and the groups
compute fewer tokens for the same real ones."""

from __future__ import annotations

import json

import pytest

from bench import length_grouping


def test_a_tiny_run_reports_equal_losses_and_fewer_computed_tokens(tmp_path):
    out = tmp_path / "lg.json"
    assert length_grouping.main(["--out", str(out), "--batch", "2", "--steps", "2", "--max-seq-length", "64"]) == 0
    report = json.loads(out.read_text())
    merged, grouped = report["rows"]["merged (sentence-transformers)"], report["rows"]["like-length groups (c2llm)"]
    assert report["command"] == f"python -m bench.length_grouping --out {out} --batch 2 --steps 2 --max-seq-length 64"
    assert len(merged["losses"]) == 2 and merged["losses"] == pytest.approx(grouped["losses"], abs=1e-4)
    assert merged["real_tokens"] == grouped["real_tokens"] <= grouped["computed_tokens"] < merged["computed_tokens"]
