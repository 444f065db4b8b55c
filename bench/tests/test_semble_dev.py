"""bench.semble_dev's fold logic: folds spread languages, coordinate ascent finds the best grid values, and
nested cross-validation chooses each fold's settings on the other folds only, scoring them on the fold."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field

import pytest

from bench import semble_dev
from c2llm.search.ranking import RankingSettings, without_layer


@dataclass(frozen=True)
class Repo:
    name: str
    language: str
    tasks: tuple = field(default=(), compare=False)


def test_folds_spread_languages_and_cover_every_repository_once():
    repos = [Repo(f"{lang}{i}", lang) for lang in ("go", "java", "python") for i in range(4)]
    folds = semble_dev.folds_of(repos, 4)
    assert sorted(r.name for fold in folds for r in fold) == sorted(r.name for r in repos)
    assert all(len({r.language for r in fold}) == 3 for fold in folds)  # every fold holds every language


def test_coordinate_ascent_finds_the_best_values_of_a_separable_score():
    target = {"keyword_weight": 0.4, "path_boost": 0.8, "file_decay": 0.5}
    grid = {"keyword_weight": (0.1, 0.4, 0.5), "path_boost": (0.0, 0.4, 0.8), "file_decay": (0.2, 0.5, 1.0)}

    def score(settings):
        return -sum(abs(getattr(settings, key) - value) for key, value in target.items())

    chosen, best = semble_dev.choose_settings(score, RankingSettings(), grid)
    assert {key: getattr(chosen, key) for key in target} == target and best == 0


def test_each_fold_is_chosen_on_the_other_folds_and_scored_on_its_own(monkeypatch, tmp_path):
    """Each repository prefers its own keyword weight; a fold's choice is the weight its training repositories prefer
    (never a held-out one's), and the out-of-fold score of a repository is that of the choice made without it."""
    weights = (0.1, 0.2, 0.3)
    monkeypatch.setattr(semble_dev, "CV_GRID", {"keyword_weight": weights})  # one setting, to count by hand
    repos = [Repo(f"r{i}", ("go", "rust")[i % 2]) for i in range(6)]
    preferred = {repo.name: weights[i % 3] for i, repo in enumerate(repos)}  # r0,r3: 0.1; r1,r4: 0.2; r2,r5: 0.3

    def task_scores(harness, repo, candidates, mode, settings, k):
        return [1.0 - abs(settings.keyword_weight - preferred[repo.name])]

    class Harness:
        @staticmethod
        def load_published(data):
            return {"semble-hybrid": {repo.name: 0.5 for repo in repos}}, {}

    monkeypatch.setattr(semble_dev, "query_candidates", lambda args: (Harness, repos, {r.name: [] for r in repos}))
    monkeypatch.setattr(semble_dev, "task_scores", task_scores)
    args = argparse.Namespace(folds=3, k=10, side_by_side=None, data=tmp_path, command="test", model="m")
    monkeypatch.setattr("bench.search.model_label", lambda model: model)
    report = semble_dev.cross_validate(args)
    start = without_layer(RankingSettings()).keyword_weight
    chosen_with_held_out = set()
    for fold in report["folds"]:
        held_out = set(fold["held_out"])
        training = [r for r in repos if r.name not in held_out]

        def total(weight, part):
            return sum(1.0 - abs(weight - preferred[r.name]) for r in part)

        top = max(total(w, training) for w in weights)
        ties = [w for w in weights if abs(total(w, training) - top) < 1e-9]
        best = start if start in ties else ties[0]  # coordinate ascent keeps the current value on ties
        assert fold["chosen"]["keyword_weight"] == best
        everything = max(total(w, repos) for w in weights)
        chosen_with_held_out.add(next(w for w in weights if abs(total(w, repos) - everything) < 1e-9))
        for name in held_out:
            expected = 1.0 - abs(best - preferred[name])
            assert report["out_of_fold"]["repos"][name] == pytest.approx(expected, abs=1e-4)
    # the data tells them apart: a choice that saw the held-out repositories would differ in some fold
    assert {fold["chosen"]["keyword_weight"] for fold in report["folds"]} != chosen_with_held_out
    assert report["out_of_fold"]["semble_published"] == 0.5
    json.dumps(report)  # the report is JSON


def _model_reports(tmp_path, name: str, oof: dict[str, float]) -> tuple:
    """A model's `cv` and `side-by-side` reports, with only what `models` reads."""
    cv, sbs = tmp_path / f"{name}.cv.json", tmp_path / f"{name}.sbs.json"
    cv.write_text(json.dumps({"out_of_fold": {"repos": oof}}))
    sbs.write_text(json.dumps({"model": name, "repos": {repo: {"language": "go", "c2llm": score, "semble": 0.5}
                                                        for repo, score in oof.items()}}))
    return cv, sbs


def test_models_report_the_paired_bootstrap_interval_of_the_difference(tmp_path):
    """Repositories spread from 0.30 to 0.99 and the second model is 0.01 to 0.02 ahead on each: the paired interval
    is the bootstrap of the per-repository differences (numpy by hand here, with its own resampling), narrow and
    above 0; repositories are paired by name, not by their order in the reports."""
    import numpy as np

    names = [f"repo{i:02d}" for i in range(30)]
    base = {name: 0.30 + 0.69 * i / 29 for i, name in enumerate(names)}
    lead = {name: 0.01 + 0.01 * ((7 * i) % 10) / 9 for i, name in enumerate(names)}
    ours = {name: base[name] + lead[name] for name in reversed(names)}
    (cv_a, sbs_a), (cv_b, sbs_b) = _model_reports(tmp_path, "a", base), _model_reports(tmp_path, "b", ours)
    args = argparse.Namespace(labels=["old", "new"], cv=[cv_a, cv_b], side_by_side=[sbs_a, sbs_b], command="test")
    report = semble_dev.compare_models(args)["models"]
    assert "out_of_fold_difference" not in report["old"]
    difference = report["new"]["out_of_fold_difference"]
    assert difference["from"] == "old" and difference["repos"] == 30
    differences = np.array([lead[name] for name in sorted(names)])
    assert difference["mean"] == round(differences.mean(), 4)
    rng = np.random.default_rng(12345)
    means = differences[rng.integers(0, 30, size=(20_000, 30))].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    assert difference["ci95"] == pytest.approx([low, high], abs=6e-4)
    # unpaired, the spread between repositories alone would make the interval about 0.2 wide
    assert 0.01 < difference["ci95"][0] < difference["mean"] < difference["ci95"][1] < 0.02


def test_models_refuse_reports_of_different_repositories(tmp_path):
    (cv_a, sbs_a), (cv_b, sbs_b) = (_model_reports(tmp_path, "a", {"x": 0.5, "y": 0.6}),
                                    _model_reports(tmp_path, "b", {"x": 0.5, "z": 0.6}))
    args = argparse.Namespace(labels=["a", "b"], cv=[cv_a, cv_b], side_by_side=[sbs_a, sbs_b], command="test")
    with pytest.raises(SystemExit, match=f"^error: {cv_b} and {cv_a} score different repositories$"):
        semble_dev.compare_models(args)
