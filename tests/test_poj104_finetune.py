"""bench.poj104's fine-tuning rows: the subsets, the pair builder, the hard negative and the paired interval, each
against an independent computation (issue 49, item 3)."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

from bench import poj104
from c2llm.evaluation.clones import CloneData, problem_bootstrap


def labels(sizes: dict[str, int]) -> list[str]:
    """Problems interleaved in file order, e.g. a b c a b c a b ..."""
    out, left = [], dict(sizes)
    while any(left.values()):
        for problem in sorted(left):
            if left[problem]:
                out.append(problem)
                left[problem] -= 1
    return out


def test_subset_takes_each_problems_share_in_file_order_and_is_seeded():
    problems = labels({"1": 7, "2": 3, "3": 12})
    chosen = poj104.subset_indices(problems, 5, seed=0)
    assert chosen == sorted(chosen) and len(set(chosen)) == len(chosen)
    assert Counter(problems[i] for i in chosen) == {"1": 5, "2": 3, "3": 5}
    assert chosen == poj104.subset_indices(problems, 5, seed=0)
    assert any(poj104.subset_indices(problems, 5, seed=s) != chosen for s in range(1, 6))


def test_pairs_are_two_programs_of_one_problem_spread_evenly_without_repeats():
    problems = labels({"a": 10, "b": 6, "c": 9, "d": 1})  # d has one program: it can give no pair
    pairs = poj104.pair_rows(problems, 12, seed=3)
    assert len(pairs) == 12
    assert all(q != p and problems[q] == problems[p] for q, p in pairs)
    per_problem = Counter(problems[q] for q, _ in pairs)
    assert set(per_problem) == {"a", "b", "c"} and set(per_problem.values()) == {4}  # rounds: equal shares
    used = [i for pair in pairs for i in pair]
    for problem in "abc":  # b's 6 programs give 3 pairs before a reshuffle; 4 pairs reuse at most 2 of them
        mine = [i for i in used if problems[i] == problem]
        limit = Counter(problems)[problem]
        assert len(set(mine[:limit - limit % 2])) == len(mine[:limit - limit % 2])
    assert pairs == poj104.pair_rows(problems, 12, seed=3)
    with pytest.raises(ValueError):
        poj104.pair_rows(["x", "y"], 1, seed=0)


def test_hard_negative_is_the_best_ranked_program_of_another_problem():
    rng = np.random.default_rng(0)
    problems = [str(p) for p in rng.integers(0, 4, size=40)]
    for anchor in range(40):
        ranked = rng.permutation(40)
        expected = next((int(i) for i in ranked if problems[i] != problems[anchor]), None)
        assert poj104.first_other_problem(ranked, problems, anchor) == expected
    assert poj104.first_other_problem([0, 1], ["a", "a"], 0) is None


def test_pair_file_has_clone_positives_and_other_problem_negatives(tmp_path):
    pytest.importorskip("bm25s")
    texts, problems = [], []
    for problem, words in {"sum": "total add plus accumulate", "sort": "swap order bubble compare",
                           "prime": "divisor modulo sieve composite"}.items():
        for variant in range(4):
            texts.append(f"int main() {{ /* {words} */ int {words.split()[variant]} = {variant}; }}")
            problems.append(problem)
    data = CloneData("toy", texts, problems, [f"{p}/{i}" for i, p in enumerate(problems)], "train")
    info = poj104.build_pair_file(data, tmp_path / "pairs.jsonl", 6, seed=0)
    rows = [json.loads(line) for line in (tmp_path / "pairs.jsonl").read_text().splitlines()]
    assert len(rows) == 6 == info["pairs"] and info["problems"] == 3
    problem_of = dict(zip(texts, problems))
    for row in rows:
        assert set(row) == {"query", "positive", "negative_1"}
        assert row["query"] != row["positive"] and problem_of[row["query"]] == problem_of[row["positive"]]
        assert problem_of[row["negative_1"]] != problem_of[row["query"]]
    # --distinct-problems: the same rows, each with its problem as the group c2llm train keeps apart in batches
    poj104.build_pair_file(data, tmp_path / "grouped.jsonl", 6, seed=0, groups=True)
    grouped = [json.loads(line) for line in (tmp_path / "grouped.jsonl").read_text().splitlines()]
    assert [{k: v for k, v in row.items() if k != "group"} for row in grouped] == rows
    assert all(row["group"] == problem_of[row["query"]] for row in grouped)


def test_per_problem_stats_are_each_problems_mean_and_count():
    values = np.array([0.1, 0.5, 0.3, 0.9, 0.7])
    stats = poj104.per_problem_stats(values, ["b", "a", "b", "a", "b"])
    assert stats == {"a": [pytest.approx(0.7), 2], "b": [pytest.approx(0.1 / 3 + 0.3 / 3 + 0.7 / 3), 3]}


def test_paired_interval_matches_a_hand_rolled_bootstrap_over_problems():
    rng = np.random.default_rng(1)
    problems = [str(p) for p in np.repeat(np.arange(24), rng.integers(5, 12, size=24))]
    a = rng.uniform(0.2, 0.9, size=len(problems))
    b = np.clip(a - rng.normal(0.03, 0.1, size=len(problems)), 0, 1)
    result = poj104.paired_difference(poj104.per_problem_stats(a, problems), poj104.per_problem_stats(b, problems))
    assert result["difference"] == pytest.approx((a - b).mean(), abs=1e-4)
    # the package's per-query problem bootstrap of the differences: the same resamples, so the same interval
    assert result["ci95"] == pytest.approx(problem_bootstrap(a - b, problems), abs=1e-4)
    # an independent bootstrap: draw problems with replacement, difference of query means on the drawn problems
    names = sorted(set(problems))
    index = {p: np.flatnonzero(np.asarray(problems) == p) for p in names}
    draws = np.random.default_rng(7).integers(0, len(names), size=(20000, len(names)))
    diffs = []
    for draw in draws:
        rows = np.concatenate([index[names[k]] for k in draw])
        diffs.append(a[rows].mean() - b[rows].mean())
    low, high = np.percentile(diffs, [2.5, 97.5])
    assert result["ci95"][0] == pytest.approx(low, abs=0.006) and result["ci95"][1] == pytest.approx(high, abs=0.006)
    per_a, per_b = poj104.per_problem_stats(a, problems), poj104.per_problem_stats(b, problems)
    assert result["wins"] == sum(per_a[p][0] > per_b[p][0] for p in names) and result["problems"] == 24
    with pytest.raises(ValueError):
        poj104.paired_difference({"1": [0.5, 2]}, {"1": [0.5, 3]})


def _row(pooling, seed, scores, steps=poj104.ABLATION_STEPS, distinct=False):
    stats = {p: [v, 50] for p, v in scores.items()}
    return {"kind": "fine-tuned with c2llm train on train pairs",
            "training": {"pooling": pooling, "seed": seed, "steps": steps, "distinct_problems": distinct},
            "per_problem": {"map_at_r": stats, "r_precision": stats}}


def test_paired_rows_pair_by_seed_and_average_the_seeds():
    rng = np.random.default_rng(2)
    scores = {(pooling, seed): dict(zip("abcdef", rng.uniform(0, 1, 6)))
              for pooling in ("pma", "mean", "first_token") for seed in (0, 1)}
    rows = {f"{pooling}-{seed}": _row(pooling, seed, s) for (pooling, seed), s in scores.items()}
    del rows["first_token-1"]
    rows["untrained"] = {"kind": "zero-shot"}
    # a longer run and a run with distinct problems per batch are rows of their own, never paired with the ablation
    rows["first_token-1-90steps"] = _row("first_token", 1, scores[("pma", 1)], steps=90)
    rows["first_token-1-distinct"] = _row("first_token", 1, scores[("pma", 1)], distinct=True)
    paired = poj104.paired_rows(rows)
    assert sorted(k.removesuffix("-map_at_r") for k in paired if k.endswith("map_at_r")) == [
        "pma-first_token-s0", "pma-mean-s0", "pma-mean-s1", "pma-mean-seeds01"]
    expected = np.mean([np.mean([scores[("pma", s)][p] - scores[("mean", s)][p] for s in (0, 1)]) for p in "abcdef"])
    assert paired["pma-mean-seeds01-map_at_r"]["difference"] == pytest.approx(expected, abs=1e-4)
    table = poj104.finetune_table({"finetune_paired": paired})
    assert "| PMA - mean, mean of seeds 0, 1 |" in table and "| PMA - CLS (first token), seed 0 |" in table


def test_distinct_pairs_set_each_distinct_run_against_the_same_run_with_plain_batches():
    rng = np.random.default_rng(3)
    plain, distinct = (dict(zip("abcdef", rng.uniform(0, 1, 6))) for _ in range(2))
    rows = {"plain": _row("mean", 0, plain, steps=90), "distinct": _row("mean", 0, distinct, steps=90, distinct=True),
            "other-seed": _row("mean", 1, plain, steps=90), "ablation": _row("mean", 0, plain)}
    paired = poj104.distinct_pairs(rows)
    assert sorted(paired) == ["finetune-mean-s0-90steps-distinct-minus-plain-map_at_r",
                              "finetune-mean-s0-90steps-distinct-minus-plain-r_precision"]
    result = paired["finetune-mean-s0-90steps-distinct-minus-plain-map_at_r"]
    assert result["difference"] == pytest.approx(np.mean([distinct[p] - plain[p] for p in "abcdef"]), abs=1e-4)
    assert "| finetune-mean-s0-90steps | " in poj104.distinct_table({"distinct_paired": paired})


def test_a_smaller_batch_is_a_run_of_its_own():
    """0 hard negatives and documents cut at 64 tokens for training make another row (the batch a decoder row was
    sized to): its own key, and never the distinct-batch partner of a recipe-batch run."""
    small = {"hard_negatives": 0, "train_max_seq_length": 64, "max_seq_length": 256}
    assert poj104.batch_variant(small) == "-hn0-L64"
    assert poj104.batch_variant({"hard_negatives": 1, "train_max_seq_length": 256, "max_seq_length": 256}) == ""
    assert poj104.finetune_key("mean", 0, 150, True, "-hn0-L64") == "finetune-mean-s0-150steps-distinct-hn0-L64"
    scores = dict(zip("abcdef", np.linspace(0.1, 0.6, 6)))
    distinct = _row("mean", 0, scores, steps=150, distinct=True)
    distinct["training"].update(small)
    assert poj104.distinct_pairs({"plain": _row("mean", 0, scores, steps=150), "distinct": distinct}) == {}
