"""The previous default (bench/distilled.py), kept for comparisons: distilled once and written whole."""

from __future__ import annotations

import json
from pathlib import Path

from bench import distilled
from c2llm.search.static_model import PCA_DIMS


def test_the_previous_default_is_distilled_once_and_written_whole(monkeypatch, tmp_path):
    calls = []

    class Distilled:
        def save_pretrained(self, path):
            Path(path).mkdir(parents=True)
            (Path(path) / "config.json").write_text(json.dumps({"model_type": "model2vec"}))

    def fake_distill(model_name, pca_dims):
        calls.append((model_name, pca_dims))
        return Distilled()

    import model2vec.distill

    monkeypatch.setattr(model2vec.distill, "distill", fake_distill)
    monkeypatch.setattr(distilled, "STATIC_CACHE", tmp_path / "static")
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    first = distilled.distilled(str(teacher))
    assert distilled.distilled(str(teacher)) == first  # cached: distilled once
    assert calls == [(str(teacher), PCA_DIMS)]
    assert Path(first).name.startswith(f"teacher-static{PCA_DIMS}-")
    assert [p.name for p in (tmp_path / "static").iterdir()] == [Path(first).name]  # no partial folder left
