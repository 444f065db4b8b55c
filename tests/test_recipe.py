"""The paper's training recipe as the run applies it (issue 13): the InfoNCE temperature, the instruction prompts the
model actually sees, frozen demo embeddings, activation checkpointing, and the default demo with its before/after
evaluation and BM25 baseline (never through JAX). (In-batch negatives gathered across devices:
``test_ddp_two_cpu_processes_train_the_same_model``.)"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap

import pytest
import torch
from safetensors.torch import load_file
from sentence_transformers import SentenceTransformerTrainer
from sentence_transformers.util import batch_to_device

from c2llm.build import load_model
from c2llm.cli.train import parse_config
from c2llm.data.mining import split_of
from c2llm.prompts import DOCUMENT_PROMPT, query_prompt
from c2llm.training.trainer import TrainConfig, build_initial_model, make_loss, prepare_model_for_training, run
from tests.test_training import QUERIES, ROOT, info_nce, run_args, toy_rows, train_main, write_jsonl

EMBEDDINGS = "backbone.embed_tokens.weight"


# ------------------------------------------------------------------------------------------------- the loss


@pytest.mark.parametrize(
    "make_config",
    [
        lambda: TrainConfig(),  # the demo preset, as the programmatic API builds it
        lambda: parse_config(["--preset", "paper", "--dataset", "train.jsonl"]),  # the paper preset, from flags
        lambda: TrainConfig(cached_loss=True, mini_batch_size=2),  # GradCache: the same loss value
    ],
    ids=["demo", "paper-cli", "gradcache"],
)
def test_loss_is_infonce_at_temperature_0_05_over_in_batch_and_hard_negatives(model_dir, make_config):
    config = make_config()
    assert config.temperature == 0.05
    model = load_model(model_dir)
    loss = make_loss(model, config, distributed=False)  # the loss object run() hands the trainer
    queries = QUERIES[:4]
    positives = [f"def f{i}():\n    # {query}\n    return {i}" for i, query in enumerate(queries)]
    negatives = [f"def g{i}():\n    return None" for i in range(4)]
    features = [batch_to_device(model.preprocess(texts), model.device) for texts in (queries, positives, negatives)]
    value = loss(features, None).item()  # the trainer moves its batches to the model's device too

    with torch.no_grad():  # independently: embeddings from encode(), InfoNCE by hand
        q, d = (model.encode(texts, convert_to_tensor=True).cpu() for texts in (queries, positives + negatives))
    targets = torch.arange(4)  # query i's positive; the other positives and all 4 hard negatives are negatives
    assert value == pytest.approx(info_nce(q, d, targets, 0.05), abs=1e-4)
    # the test tells temperatures apart: at 1.0 (no scale) the loss would be ~0.1 higher on this batch
    assert abs(value - info_nce(q, d, targets, 1.0)) > 0.05
    assert abs(value - info_nce(q, d[:4], targets, 0.05)) > 0.05  # and the hard negatives do count


# ---------------------------------------------------------------------------------------------- the prompts


def test_training_inputs_carry_the_papers_instructions(model_dir, tmp_path, monkeypatch):
    """Decode the token ids each training step feeds the model: queries start with the instruction of the task the
    dataset is named after (CosQA) or the model's default query prompt, documents (positives and hard negatives) with
    "Retrieved Answer:", each exactly once and followed by the row's own text."""
    seen = []
    original = SentenceTransformerTrainer.compute_loss

    def recording_compute_loss(self, model, inputs, *args, **kwargs):
        tokenizer = self.model.tokenizer
        seen.append({
            key.removesuffix("_input_ids"): tokenizer.batch_decode(
                value, skip_special_tokens=True, clean_up_tokenization_spaces=False
            )
            for key, value in inputs.items() if key.endswith("_input_ids")
        })  # fmt: skip
        return original(self, model, inputs, *args, **kwargs)

    monkeypatch.setattr(SentenceTransformerTrainer, "compute_loss", recording_compute_loss)
    plain = toy_rows(negatives=1)
    cosqa = [
        {"query": f"how do I {query}", "positive": f"def web{i}():\n    return '{query}'", "negative_1": f"w{i} = 0",
         "language": "python"}
        for i, query in enumerate(QUERIES)
    ]  # fmt: skip
    sources = [write_jsonl(tmp_path / "train.jsonl", plain), write_jsonl(tmp_path / "CosQA.jsonl", cosqa)]
    argv = run_args(model_dir, sources[0], tmp_path / "out", "--num-hard-negatives", "1", "--max-seq-length", "128",
                    "--save-steps", "100")
    argv[argv.index("--dataset") + 1 : argv.index("--dataset") + 2] = [str(source) for source in sources]
    results = train_main(argv)
    assert results["datasets"] == {"train/python": 12, "CosQA/python": 12}

    default_query = load_model(model_dir).prompts["query"]
    assert default_query == query_prompt()  # CodeSearchNet's instruction + newline
    expected = {}  # prompted query text -> the texts its row's documents must be
    for rows, prompt in ((plain, default_query), (cosqa, query_prompt("CosQA"))):
        for row in rows:
            expected[prompt + row["query"]] = [DOCUMENT_PROMPT + row["positive"], DOCUMENT_PROMPT + row["negative_1"]]
    assert len(seen) == 4
    datasets_seen = set()
    for batch in seen:
        assert sorted(batch) == ["negative_1", "positive", "query"]
        assert len(batch["query"]) == 4
        for i, text in enumerate(batch["query"]):
            assert text in expected, f"query text without its instruction: {text!r}"
            assert [batch["positive"][i], batch["negative_1"][i]] == expected[text]
        datasets_seen.add(frozenset("CosQA" if text.startswith(query_prompt("CosQA")) else "train"
                                    for text in batch["query"]))  # fmt: skip
    assert datasets_seen == {frozenset({"CosQA"}), frozenset({"train"})}  # one dataset per batch, both trained on


# ----------------------------------------------------------------------------------------- frozen embeddings


def test_freeze_embeddings_keeps_the_token_embeddings_bit_identical(model_dir, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    initial = load_file(model_dir / "model.safetensors")
    final = {}
    for flag in ("--freeze-embeddings", "--no-freeze-embeddings"):
        argv = run_args(model_dir, data, tmp_path / flag, flag, "--save-steps", "100")
        argv[argv.index("--max-steps") + 1] = "2"
        train_main(argv)
        final[flag] = load_file(tmp_path / flag / "model" / "model.safetensors")
        assert not torch.equal(final[flag]["pma.seed"], initial["pma.seed"])  # the rest trained
    assert torch.equal(final["--freeze-embeddings"][EMBEDDINGS], initial[EMBEDDINGS])
    assert not torch.equal(final["--no-freeze-embeddings"][EMBEDDINGS], initial[EMBEDDINGS])


# ------------------------------------------------------------------------------------ activation checkpointing


@pytest.mark.parametrize("flag", [True, False, None])
def test_activation_checkpointing_recomputes_decoder_layers_in_the_backward_pass(model_dir, flag):
    model = load_model(model_dir)
    prepare_model_for_training(model, TrainConfig(activation_checkpointing=flag))
    enabled = torch.cuda.is_available() if flag is None else flag  # the default: on with CUDA only
    backbone = model[0].model.backbone
    assert backbone.is_activation_checkpointing is enabled
    assert [layer.gradient_checkpointing for layer in backbone.layers] == [enabled] * len(backbone.layers)

    # behaviour, not a flag: a checkpointed layer runs its forward again while gradients are computed
    runs = []
    backbone.layers[0].input_layernorm.register_forward_pre_hook(lambda *_: runs.append(1))
    model.train()
    features = batch_to_device(model.preprocess(["def add(a, b):\n    return a + b", "x"]), model.device)
    embeddings = model(features)["sentence_embedding"]
    assert len(runs) == 1
    embeddings.sum().backward()
    assert len(runs) == (2 if enabled else 1)


# --------------------------------------------------------------------------------------------------- the demo


METRICS = {"ndcg_at_10", "mrr_at_10", "recall_at_10"}


def strings_in(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)
    elif isinstance(value, str):
        yield value


def test_default_demo_trains_and_reports_before_after_and_bm25(tmp_path, monkeypatch):
    """`c2llm train` with the demo defaults (random small Qwen2, mined stdlib pairs, its held-out test split), cut to
    two steps of 64 pairs at 32 tokens."""
    monkeypatch.chdir(tmp_path)
    config = parse_config(["--output-dir", "demo", "--max-steps", "2", "--max-train-pairs", "64", "--max-seq-length",
                           "32", "--batch-size", "8"])  # fmt: skip
    assert (config.preset, config.backbone, config.dataset, config.evaluate) == ("demo", "small-qwen2", ["stdlib"], True)
    results = run(config)

    out = tmp_path / "demo"
    assert json.loads((out / "results.json").read_text()) == results
    assert results["preset"] == "demo" and results["backbone"] == "small-qwen2" and results["pooling"] == "pma"
    assert results["datasets"] == {"train/python": 64} and results["dropped_rows"] == {"data/train.jsonl": 0}
    assert results["global_steps"] == 2 and results["steps_this_run"] == 2 and math.isfinite(results["train_loss"])
    assert results["eval_split"] == "data/test-beir" and (out / "data" / "test-beir").is_dir()
    # the split is by file, seeded by the run's seed (42), and the held-out split is written as the BEIR folder
    for split in ("train", "dev", "test"):
        rows = [json.loads(line) for line in (out / "data" / f"{split}.jsonl").read_text().splitlines()]
        assert rows and {split_of(row["path"], seed=42) for row in rows} == {split}, split
        assert {row["language"] for row in rows} == {"python"}
    test_rows = (out / "data" / "test.jsonl").read_text().splitlines()
    assert len(json.loads((out / "data" / "stats.json").read_text())["splits"]) == 3
    assert len((out / "data" / "test-beir" / "queries.jsonl").read_text().splitlines()) == len(test_rows)
    assert results["model_dir"] == "model" and (out / "model" / "model.safetensors").is_file()
    for name in ("before", "after", "bm25"):
        scores = results[name]
        assert isinstance(scores, dict), f"{name}: {scores!r}"
        assert METRICS <= set(scores) and set(scores) == set(results["before"]), name
        assert all(isinstance(v, (int, float)) and 0.0 <= v <= 1.0 for v in scores.values()), (name, scores)
    assert results["bm25"]["ndcg_at_10"] > 0.3  # lexical matching of docstrings to code works on this split
    assert json.loads((out / "before-training.json").read_text()) == results["before"]
    for text in strings_in(results):  # no absolute path, not even inside the recorded command
        assert str(tmp_path) not in text and not any(os.path.isabs(token) for token in text.split()), text
    # the demo freezes the (unit-scale random) token embeddings and trains the rest
    # a full-training run saves no initial model: rebuild it (seeded, so the same weights)
    assert not (out / "init-model").exists()
    initial = build_initial_model(config, out / "init-model")[0].model.state_dict()
    initial = {key: value.cpu() for key, value in initial.items()}  # built on the model's device (CUDA if any)
    final = load_file(out / "model" / "model.safetensors")
    assert torch.equal(final[EMBEDDINGS], initial[EMBEDDINGS])
    assert not torch.equal(final["pma.seed"], initial["pma.seed"])


# --------------------------------------------------------------------------------------------- the BM25 baseline


NO_JAX_SCRIPT = textwrap.dedent(
    """
    import importlib.abc, importlib.util, sys
    import numpy as np

    imported, top_k_calls = [], []

    class FakeJax(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        # JAX installed, as far as imports go: each import of it is recorded, and its top_k is numpy's
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "jax":
                return importlib.util.spec_from_loader(name, self, is_package=True)
        def create_module(self, spec):
            return None
        def exec_module(self, module):
            imported.append(module.__name__)
            def top_k(scores, k):
                top_k_calls.append(k)
                order = np.argsort(-np.asarray(scores), kind="stable")[:k]
                return np.asarray(scores)[order], order
            module.__path__, module.top_k = [], top_k

    sys.meta_path.insert(0, FakeJax())
    from c2llm.bm25 import bm25_retrieve

    documents = ["def parse_json(text): return json.loads(text)", "def add(a, b): return a + b", "x = 1"]
    assert bm25_retrieve(documents, ["parse json"], 2, show_progress=False)[0][0][0] == 0
    assert imported == [], imported
    # a program that uses JAX imported it first: bm25s then takes it for its top-k, unless told numpy
    import jax.lax
    for name in [name for name in sys.modules if name.split(".")[0] == "bm25s"]:
        del sys.modules[name]
    import bm25s
    top_k_calls.clear()  # the one bm25s runs at import
    assert bm25_retrieve(documents, ["parse json"], 2, show_progress=False)[0][0][0] == 0
    assert top_k_calls == [], top_k_calls
    """
)


def test_bm25_never_imports_jax():
    """bm25s picks JAX when it is installed, and JAX takes 75% of the GPU's memory at its first use: on a CUDA machine
    the demo's BM25 baseline (above) left the DDP test no memory. Here a fake JAX is importable."""
    result = subprocess.run([sys.executable, "-c", NO_JAX_SCRIPT], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-3000:]
