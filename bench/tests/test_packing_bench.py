"""`python -m bench.packing`: the three ways train on the same batches to the same losses, and the packed way computes
only the real tokens, the padded ones more."""

from __future__ import annotations

import json

import pytest

from bench import packing


def test_a_tiny_run_reports_equal_losses_and_only_real_tokens_packed(tmp_path):
    out = tmp_path / "packing.json"
    argv = ["--out", str(out), "--batch", "2", "--steps", "2", "--max-seq-length", "64", "--encode-texts", "12"]
    assert packing.main(argv) == 0
    report = json.loads(out.read_text())
    assert report["command"] == "python -m bench.packing " + " ".join(argv)
    merged, groups, packed = (report["training"][name] for name in packing.TRAINING)
    assert len(merged["losses"]) == 2 and report["same_losses"] is True
    assert merged["losses"] == pytest.approx(packed["losses"], abs=1e-4)
    assert merged["real_tokens"] == packed["real_tokens"] == packed["computed_tokens"] < groups["computed_tokens"]
    assert groups["computed_tokens"] < merged["computed_tokens"]
    encode = report["encode"]["rows"]
    assert encode["packed"]["computed_tokens"] == encode["packed"]["real_tokens"] < encode["padded"]["computed_tokens"]
    assert report["encode"]["max_abs_difference"] < 1e-5
