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
