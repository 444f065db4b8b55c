"""bench.frozen_pooling: the cache holds the backbone's own states and resumes shard by shard, every pooling reads
the positions it claims (EOS for last-token, the positions before it for the rest), batches never hold two rows of
one problem, choices come from valid only, a finished run is never rerun, and docs/ablation.md's tables are the
results file's."""

from __future__ import annotations

import argparse
import json
import random
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch

from bench import frozen_pooling as fp
from tests.conftest import make_model, make_tokenizer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """A saved tiny C2LLM folder (PMA, 4 heads, output size = hidden 64) and its model."""
    from c2llm.build import save_model, to_sentence_transformer

    tokenizer = make_tokenizer()
    model = make_model(tokenizer, compressed_dim=64)
    folder = save_model(to_sentence_transformer(model, tokenizer), tmp_path_factory.mktemp("fp") / "tiny")
    return folder, model.eval(), tokenizer


def test_every_text_ends_with_eos_after_its_prompt_truncation_included(tiny):
    _, _, tokenizer = tiny
    eos = tokenizer.eos_token_id
    [short] = fp.token_ids(tokenizer, ["Retrieved Answer: x = 1"], 64)
    [long] = fp.token_ids(tokenizer, ["Retrieved Answer: " + "def add(a, b): return a + b " * 40], 16)
    prompt = tokenizer("Retrieved Answer: ")["input_ids"]
    assert short[-1] == eos and short[:len(prompt)] == prompt and short[:-1] == tokenizer("Retrieved Answer: x = 1")[
        "input_ids"]
    assert len(long) == 16 and long[-1] == eos and eos not in long[:-1]


def test_the_cache_holds_the_models_states_and_a_killed_run_recomputes_one_shard(tiny, tmp_path, monkeypatch):
    _, model, tokenizer = tiny
    monkeypatch.setattr(fp, "SHARD", 4)
    texts = [f"def f{i}(x):\n    return x * {i}" + " + x" * (i % 5) for i in range(10)]
    ids = fp.token_ids(tokenizer, texts, 24)
    fp.encode_split(model, ids, tmp_path / "split", batch_size=3, label="t")
    cached = fp.States(tmp_path / "split", len(ids))
    for i, row in enumerate(ids):  # each text alone, unpadded: the reference
        with torch.no_grad():
            alone = model.encode_tokens(input_ids=torch.tensor([row])).last_hidden_state[0]
        states, mask = cached.batch([i])
        assert states.shape[1] == len(row) and int(mask.sum()) == len(row)
        torch.testing.assert_close(states[0], alone, atol=2e-3, rtol=2e-3)  # float16 storage
        assert cached.ids[cached.offsets[i]:cached.offsets[i + 1]].tolist() == row

    (tmp_path / "split" / "shard-00001.npz").unlink()  # killed while writing shard 1
    with pytest.raises(SystemExit, match=r"error: .*split: 2 of 3 shards; run the cache job"):
        fp.States(tmp_path / "split", len(ids))
    seen = []
    original = model.encode_tokens
    monkeypatch.setattr(model, "encode_tokens", lambda **kw: seen.append(kw["input_ids"].shape[0]) or original(**kw))
    fp.encode_split(model, ids, tmp_path / "split", batch_size=3, label="t")
    assert sum(seen) == 4  # shard 1's four texts, nothing else
    again = fp.States(tmp_path / "split", len(ids))
    np.testing.assert_array_equal(again.states, cached.states)


def test_each_pooling_reads_the_positions_it_claims(tiny):
    """Right-padded rows whose last real position is EOS: mean over the positions before EOS, mean without the first
    token over positions 1..n-2, last-token at EOS, PMA blind to EOS and to padding."""
    folder, _, _ = tiny
    torch.manual_seed(0)
    lengths = [5, 3, 7]
    states = torch.randn(3, 7, 64)
    mask = (torch.arange(7)[None, :] < torch.tensor(lengths)[:, None]).long()
    for row, n in enumerate(lengths):
        expected = {"mean": states[row, :n - 1].mean(0), "mean_no_first": states[row, 1:n - 1].mean(0),
                    "last_token": states[row, n - 1]}
        for name, value in expected.items():
            torch.testing.assert_close(fp.pooled_states(name, states, mask)[row], value)
    pma = fp.Pooling("pma", str(folder), 64, seed=0)
    before = pma(states, mask)
    changed = states.clone()
    for row, n in enumerate(lengths):
        changed[row, n - 1:] = 100.0  # EOS and padding
    torch.testing.assert_close(pma(changed, mask), before)
    changed[0, 0] += 1.0  # a content position does count
    assert not torch.allclose(pma(changed, mask)[0], before[0])
    uniform = fp.Pooling("pma_uniform", str(folder), 64, seed=0)
    _, weights = uniform.module(states, fp.content_mask(mask), return_weights=True)
    for row, n in enumerate(lengths):  # every head: 1 / (n - 1) on each position before EOS, 0 after
        expected = torch.zeros(7)
        expected[:n - 1] = 1 / (n - 1)
        torch.testing.assert_close(weights[row], expected.expand(4, 7))
    assert not uniform.module.fc_k.weight.requires_grad and uniform.module.fc_q.weight.requires_grad


def test_pma_is_the_folders_head_with_its_own_init_per_seed(tiny):
    folder, model, _ = tiny
    a, again, b = (fp.official_pma(str(folder), seed) for seed in (0, 0, 1))
    assert a.num_heads == model.pma.num_heads == 4 and a.seed.shape == model.pma.seed.shape
    assert a.config.pma_residual == model.config.pma_residual and a.config.pma_ln == model.config.pma_ln
    for name, value in a.state_dict().items():
        torch.testing.assert_close(value, again.state_dict()[name])
    assert not torch.equal(a.fc_k.weight, b.fc_k.weight)
    bound = (6 / (64 + 64)) ** 0.5  # xavier_uniform, the official init, not nn.Linear's kaiming default
    assert float(a.fc_k.weight.abs().max()) <= bound and float(a.fc_k.weight.abs().max()) > 0.9 * bound


def test_the_heads_stand_in_backbone_takes_any_pad_token(tiny, tmp_path):
    """Qwen's pad token (151643) lies past the one-layer stand-in's vocabulary: the head is still built."""
    folder, _, _ = tiny
    shutil.copytree(folder, tmp_path / "qwen-like")
    config_path = tmp_path / "qwen-like" / "config.json"
    config = json.loads(config_path.read_text())
    config["backbone_config"]["pad_token_id"] = 151643
    config_path.write_text(json.dumps(config))
    head = fp.official_pma(str(tmp_path / "qwen-like"), 0)
    for name, value in fp.official_pma(str(folder), 0).state_dict().items():
        torch.testing.assert_close(head.state_dict()[name], value)


def test_batches_are_full_and_never_hold_two_rows_of_one_problem():
    groups = [f"p{i % 7}" for i in range(60)] + ["p0"] * 10  # one problem much larger than the rest
    batches = fp.distinct_batches(groups, 5, 30, random.Random(0))
    assert len(batches) == 30 and all(len(batch) == 5 for batch in batches)
    assert all(len({groups[row] for row in batch}) == 5 for batch in batches)
    assert batches == fp.distinct_batches(groups, 5, 30, random.Random(0))
    first_epoch = [row for batch in batches[:11] for row in batch]
    assert len(first_epoch) == len(set(first_epoch))  # no row twice before the epoch ends


def test_the_learning_rate_is_chosen_on_valid_never_on_test():
    runs = {f"mean-{lr}-s{seed}": {"pooling": "mean", "lr": lr, "seed": seed, "valid": valid,
                                    "test": {"test": {"map_at_r": test}}}
            for lr, seed, valid, test in [(1e-4, 0, 0.30, 0.90), (1e-3, 0, 0.50, 0.10), (1e-2, 0, 0.40, 0.95),
                                          (1e-4, 1, 0.99, 0.99)]}
    assert fp.choose_lr(runs, "mean") == 1e-3


def test_a_uniform_head_scores_as_the_uniform_baseline(tiny):
    """A PMA head whose keys are zero attends uniformly: entropy fraction 1 and every share equal to its baseline."""
    folder, _, tokenizer = tiny
    ids = fp.token_ids(tokenizer, ["def add(a, b):\n    return a + b", "x = (1, 2)"], 32)
    lengths = [len(row) for row in ids]
    flat = np.concatenate([np.asarray(row) for row in ids])
    split = fp.States.__new__(fp.States)  # a cache of two programs, without files
    split.states = np.random.default_rng(0).standard_normal((len(flat), 64)).astype(np.float16)
    split.ids, split.offsets = flat, np.concatenate([[0], np.cumsum(lengths)])
    pma = fp.Pooling("pma", str(folder), 64, seed=0)
    with torch.no_grad():
        pma.module.fc_k.weight.zero_()
    kinds = fp.token_kinds(str(folder), flat)
    summary = fp.attention_summary(pma, {"attention_split": split, "kinds": kinds})
    assert summary["texts"] == 2 and summary["heads"] == 4
    assert summary["entropy_fraction"] == pytest.approx(1.0)
    for kind in ("first_token", "punctuation", "identifier"):
        assert summary[kind] == pytest.approx(summary[f"uniform_{kind}"], abs=1e-4)
    assert 0 < summary["uniform_punctuation"] < 1 and 0 < summary["uniform_identifier"] < 1


def test_token_kinds(tiny):
    folder, _, tokenizer = tiny
    ids = np.array(tokenizer("def add(a, b):")["input_ids"])
    kinds = fp.token_kinds(str(folder), ids)
    words = [tokenizer.decode([int(i)]).strip() for i in ids]
    assert [w for w, k in zip(words, kinds["punctuation"], strict=True) if k] == [w for w in words if w in "(,):"]
    assert "def" in [w for w, k in zip(words, kinds["identifier"], strict=True) if k]


def tiny_task(task: str) -> dict:
    """Three problems of six tiny programs (poj104: train rows with a negative of another problem), or their
    first lines as queries of their programs (docstring)."""
    programs = {p: [f"int p{p}_{k}(int x) {{ return x {'+-*'[p]} {k}; }}" for k in range(6)] for p in range(3)}
    if task == "poj104":
        rows = [[4 * p, 4 * p + 1, (4 * p + 4) % 12] for p in range(3)] + [[4 * p + 2, 4 * p + 3, (4 * p + 6) % 12]
                                                                         for p in range(3)]
        return {"train": {"texts": [t for p in programs for t in programs[p][:4]], "rows": rows,
                          "groups": ["0", "1", "2"] * 2},
                "valid": {"texts": [t for p in programs for t in programs[p][4:]], "problems": list("001122")},
                "test": {"texts": [t for p in programs for t in programs[p][3:]], "problems": list("000111222")}}

    def split(codes: list[str]) -> dict:
        return {"texts": [f"query: {c[4:9]}" for c in codes] + codes, "queries": len(codes)}

    codes = [t for p in programs for t in programs[p]]
    return {"train": {**split(codes[:6]), "rows": [[i, 6 + i] for i in range(6)], "groups": codes[:6]},
            "valid": split(codes[6:10]), **{name: split(codes[10:]) for name in fp.DOCSTRING_TESTS}}


@pytest.mark.parametrize("task", ["poj104", "docstring"])
def test_the_study_end_to_end_then_resumed_without_rerunning(tiny, tmp_path, monkeypatch, task):
    folder, _, _ = tiny
    monkeypatch.setattr(fp, "SEEDS", (0, 1))
    monkeypatch.setattr(fp, "LEARNING_RATES", (1e-3, 1e-2))
    monkeypatch.setattr(fp, "EVAL_EVERY", 2)
    monkeypatch.setattr(fp, "BATCH_SIZE", 2)
    monkeypatch.setattr(fp, "study_texts", lambda args, prompts: tiny_task(task))
    args = argparse.Namespace(task=task, work_dir=str(tmp_path), train_pairs=6, valid_per_problem=2,
                              test_per_problem=3, subset_seed=0, max_seq_length=32, threads=1, model=str(folder),
                              label="tiny", batch_size=4, out=tmp_path / "results.json", steps=4, data=None)
    with pytest.raises(SystemExit, match=f"error: .*{task}-tiny-L32-pairs6.*: no finished cache; run the cache job"):
        fp.train(args)
    fp.cache(args)
    fp.train(args)
    row = fp.read_results(args.out)["rows"][f"{task}:tiny"]
    assert sorted(row["runs"]) == sorted([f"{name}-lr{lr:g}-s0" for name in fp.POOLINGS for lr in (1e-3, 1e-2)]
                                         + [f"{name}-lr{row['chosen_lr'][name]:g}-s1" for name in fp.POOLINGS])
    assert all(run["chosen_step"] in (2, 4) for run in row["runs"].values())
    assert sorted(row["untrained"]) == ["last_token", "mean", "mean_no_first", "pma-s0", "pma-s1", "pma_uniform-s0",
                                        "pma_uniform-s1"]
    tests = fp.TASKS[task]["tests"]
    assert sorted(next(iter(row["runs"].values()))["test"]) == sorted(tests)
    assert row["paired"][f"{tests[0]}: pma minus mean"]["problems"] == (3 if task == "poj104" else 8)
    monkeypatch.setattr(fp, "train_run", lambda *a, **k: pytest.fail("a finished run was run again"))
    fp.train(args)
    assert fp.read_results(args.out)["rows"][f"{task}:tiny"]["runs"] == row["runs"]
    shutil.copytree(folder, tmp_path / "another-model")  # same label, another folder: refused, not mixed in
    other = argparse.Namespace(**{**vars(args), "model": str(tmp_path / "another-model")})
    with pytest.raises(SystemExit, match=r"error: .*spec.json: this cache was made with other settings"):
        fp.cache(other)


def test_ndcg_at_10_matches_pytrec_eval():
    """One relevant text per query, distinct scores: the study's nDCG@10 against trec_eval's ndcg_cut_10."""
    import pytrec_eval

    rng = np.random.default_rng(0)
    queries = 40
    vectors = rng.standard_normal((2 * queries, 8))
    vectors[queries:] += 0.8 * vectors[:queries]  # related, so that ranks spread over 1..40
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ours = fp.retrieval_scores(vectors, queries)
    similarity = vectors[:queries] @ vectors[queries:].T
    run = {f"q{i}": {f"d{j}": float(similarity[i, j]) for j in range(queries)} for i in range(queries)}
    qrels = {f"q{i}": {f"d{i}": 1} for i in range(queries)}
    theirs = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.10"}).evaluate(run)
    np.testing.assert_allclose(ours, [theirs[f"q{i}"]["ndcg_cut_10"] for i in range(queries)], atol=1e-9)
    assert 0 < (ours == 0).sum() < queries and (ours == 1).sum() > 0  # misses, hits at rank 1 and in between


def test_docs_tables_are_generated_from_the_results_file():
    results = fp.read_results(ROOT / fp.RESULTS)
    doc = (ROOT / "docs" / "ablation.md").read_text()
    for text in (fp.table(results), fp.paired_table(results), fp.attention_table(results)):
        assert text in doc
