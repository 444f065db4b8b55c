"""Training on a built folder (``c2llm train --dataset DIR``): the per-epoch draw of K of the stored negatives,
prompts by output name, per-source loss weights, batches grouped by output name and language, and the manifest's
datasets in results.json and the model card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from sentence_transformers.util import batch_to_device

from c2llm.build import load_model
from c2llm.data.build import BuildOptions, build
from c2llm.data.epoch_negatives import ROW_COLUMN, EpochNegatives
from c2llm.data.manifest import ManifestError, load_built_dataset
from c2llm.data.recipe import load_recipe
from c2llm.errors import ConfigError
from c2llm.prompts import DOCUMENT_PROMPT, query_prompt
from c2llm.training.trainer import TrainConfig, WeightedLoss, column_prompts, make_losses, run

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def built_dir(tmp_path_factory):
    output_dir = tmp_path_factory.mktemp("built")
    build(load_recipe(FIXTURES / "data_recipe" / "tiny.yaml"),
          BuildOptions(output_dir=output_dir, mirror=FIXTURES / "hub_mirror", progress=False))
    return output_dir


def test_the_draw_is_seeded_per_row_and_epoch_and_changes_across_epochs():
    draw = EpochNegatives(stored=24, k=7, seed=3)
    rows = range(50)
    epoch0 = [draw.choice(row, 0) for row in rows]
    assert epoch0 == [EpochNegatives(stored=24, k=7, seed=3).choice(row, 0) for row in rows]  # reproducible
    assert all(len(set(c)) == 7 and set(c) <= set(range(1, 25)) for c in epoch0)
    epoch1 = [draw.choice(row, 1) for row in rows]
    assert sum(a != b for a, b in zip(epoch0, epoch1, strict=True)) >= 45  # a fresh draw each epoch
    assert epoch0 != [EpochNegatives(stored=24, k=7, seed=4).choice(row, 0) for row in rows]
    # over many epochs every stored negative gets used
    assert set().union(*(draw.choice(0, epoch) for epoch in range(30))) == set(range(1, 25))

    batch = {"query": ["q0", "q1"], "positive": ["p0", "p1"], ROW_COLUMN: [0, 1],
             **{f"negative_{i}": [f"n0_{i}", f"n1_{i}"] for i in range(1, 25)}}
    draw.epoch = 1
    out = draw(batch)
    assert list(out) == ["query", "positive", *(f"negative_{i}" for i in range(1, 8))]
    assert [out[f"negative_{s}"][1] for s in range(1, 8)] == [f"n1_{i}" for i in draw.choice(1, 1)]


def test_prompts_come_from_the_output_names_task(built_dir):
    built = load_built_dataset(built_dir)
    prompts = column_prompts(list(built.groups), ["query", "positive", "negative_1"], "default\n", built.prompt_tasks)
    assert prompts["AdvTrain/python"]["query"] == query_prompt("CodeSearchNetRetrieval")  # the recipe's prompt_task
    assert prompts["CosQA/python"]["query"] == query_prompt("CosQA")
    assert prompts["CodeEditSearchRetrieval/go"]["query"] == query_prompt("CodeEditSearchRetrieval")
    assert {p["negative_1"] for p in prompts.values()} == {DOCUMENT_PROMPT}
    assert built.loss_weights["CodeEditSearchRetrieval/go"] == 0.5 and built.loss_weights["CosQA/python"] == 1.0


def test_a_source_weight_scales_its_loss(model_dir):
    model = load_model(model_dir)
    config = TrainConfig(backbone=str(model_dir), dataset=["x.jsonl"])
    losses = make_losses(model, config, False, {"CosQA/python": 1.0, "CodeEditSearchRetrieval/go": 0.5})
    assert isinstance(losses["CodeEditSearchRetrieval/go"], WeightedLoss)
    texts = (["add two numbers", "sort a list"], ["def add(a, b): return a + b", "sorted(x)"], ["x", "y"])
    features = [batch_to_device(model.preprocess(list(t)), model.device) for t in texts]  # as the trainer does
    with torch.no_grad():
        full = losses["CosQA/python"](features, None).item()
        half = losses["CodeEditSearchRetrieval/go"](features, None).item()
    assert half == pytest.approx(full / 2) and full > 0
    assert not isinstance(make_losses(model, config, False, {"a": 1.0, "b": 1.0}), dict)  # all 1: one loss


def test_training_on_a_built_folder_draws_per_epoch_and_records_its_datasets(built_dir, model_dir, tmp_path,
                                                                             monkeypatch):
    seen: dict[int, dict[tuple[int, str, str], list[str]]] = {}
    draw_call = EpochNegatives.__call__

    def recording(self, batch):
        out = draw_call(self, batch)
        for i, row in enumerate(batch[ROW_COLUMN]):
            key = (row, batch["query"][i], batch["positive"][i])
            seen.setdefault(self.epoch, {})[key] = [out["negative_1"][i], out["negative_2"][i]]
        return out

    monkeypatch.setattr(EpochNegatives, "__call__", recording)
    groups_per_batch = []
    from sentence_transformers import SentenceTransformerTrainer

    compute_loss = SentenceTransformerTrainer.compute_loss

    def spy(self, model, inputs, *args, **kwargs):
        groups_per_batch.append(inputs.get("dataset_name"))
        return compute_loss(self, model, inputs, *args, **kwargs)

    monkeypatch.setattr(SentenceTransformerTrainer, "compute_loss", spy)
    config = TrainConfig(backbone=str(model_dir), dataset=[str(built_dir)], output_dir=str(tmp_path / "run"),
                         epochs=2, batch_size=8, max_seq_length=32, num_hard_negatives=2, learning_rate=1e-3,
                         save_steps=1000, evaluate=False, seed=5)
    results = run(config)

    # each epoch's rows carried 2 of their 3 stored negatives, drawn by (run seed, epoch, row), so the draw changes
    # between epochs (the no-duplicates batch sampler may hold a row back from an epoch, hence "rows seen")
    built = load_built_dataset(built_dir)
    assert set(seen) == {0, 1} and len(seen[0]) > 40 and len(seen[1]) > 40
    changed = 0
    for epoch, draws in seen.items():
        for (row, query, positive), negatives in draws.items():
            # (CodeEditSearch's Python and Go fixtures share texts: any group holding the row may be the one)
            candidates = [[d[row][f"negative_{i}"] for i in (1, 2, 3)] for d in built.groups.values()
                          if row < len(d) and (d[row]["query"], d[row]["positive"]) == (query, positive)]
            assert [[stored[i - 1] for i in EpochNegatives(3, 2, 5).choice(row, epoch)] for stored in candidates].count(
                negatives) >= 1
            key = (row, query, positive)
            changed += epoch == 1 and key in seen[0] and seen[0][key] != negatives
    assert changed > 5
    # every batch comes from one group named output/language, and every group is trained on
    assert all(isinstance(name, str) for name in groups_per_batch)
    assert set(groups_per_batch) == set(built.groups)

    assert results["training_datasets"] == ["CoIR-Retrieval/CodeSearchNet", "CoIR-Retrieval/cosqa",
                                            "google/code_x_glue_ct_code_to_text", "cassanof/CodeEditSearch"]
    assert results["mteb_tasks"] == ["COIRCodeSearchNetRetrieval", "CodeEditSearchRetrieval", "CodeSearchNetRetrieval",
                                     "CosQA"]
    assert results["negatives_per_epoch"] == {"stored": 3, "drawn": 2}
    assert results["datasets"]["CodeEditSearchRetrieval/python"] == 6

    # the model card: the manifest's datasets in the front matter, its MTEB tasks in the ModelMeta snippet
    from c2llm.hub.hub_card import build_model_card
    from huggingface_hub import ModelCard

    card = build_model_card(tmp_path / "run" / "model", model_id="me/c2llm-tiny")
    assert ModelCard(card).data.datasets == results["training_datasets"]
    snippet = card.split("from mteb.models.model_meta import ModelMeta", 1)[1].split("```", 1)[0]
    assert ('"training_datasets": {"COIRCodeSearchNetRetrieval", "CodeEditSearchRetrieval", '
            '"CodeSearchNetRetrieval", "CosQA"}') in snippet
    mteb = pytest.importorskip("mteb")
    from mteb.models.model_meta import ModelMeta

    printed = []
    namespace = {"ModelMeta": ModelMeta, "model": load_model(tmp_path / "run" / "model"), "print": printed.append,
                 "tasks": mteb.get_tasks(tasks=["CosQA", "AppsRetrieval"])}
    exec(snippet, namespace)  # the card's snippet, as shown: mteb counts CosQA as trained on, Apps as zero-shot
    assert printed == [50]


def test_bad_built_folders_are_named(built_dir, tmp_path):
    config = TrainConfig(dataset=[str(built_dir)], num_hard_negatives=4)
    from c2llm.training.trainer import load_built_training_data

    with pytest.raises(ConfigError) as error:
        load_built_training_data(str(built_dir), config)
    assert str(error.value) == f"--num-hard-negatives: 4: {built_dir} stores 3 negatives per row"
    with pytest.raises(ConfigError) as error:
        TrainConfig(dataset=[str(built_dir), "more.jsonl"])
    assert str(error.value) == "--dataset: a folder built by `c2llm data build` must be the only --dataset"
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "manifest.json").write_text(json.dumps({"format": 1, "outputs": [
        {"group": "CosQA/python", "file": "CosQA/python.parquet", "rows": 9, "prompt_task": "CosQA",
         "loss_weight": 1.0}]}))
    with pytest.raises(ManifestError) as error:
        load_built_dataset(broken)
    assert str(error.value) == f"{broken / 'CosQA/python.parquet'}: listed in {broken / 'manifest.json'} but missing"
