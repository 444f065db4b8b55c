"""Folders saved before `pma_residual` existed keep their numbers (issue 28).

`tests/fixtures/legacy_model/` was saved by release 0501853 (raw-seed PMA, `pma_norm: false` meaning normalised, no
`pma_residual` key); `legacy_expected.json` holds the embeddings and `c2llm evaluate` figures that release computed
from it (`tests/fixtures/make_legacy_model.py`). Each test runs the CURRENT model code on it: the folder's own copy of
the code files is replaced by this checkout's, as a user who updates the code files of a published checkpoint does,
and as every in-process load with this package's classes does.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch
from transformers import AutoTokenizer

from c2llm.build import load_model, save_model
from c2llm.cli import main
from configuration_c2llm import C2LLMConfig
from modeling_c2llm import C2LLMModel
from tests.conftest import ROOT
from tests.test_training import run_args, toy_rows, train_main, write_jsonl

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LEGACY, BEIR = FIXTURES / "legacy_model", FIXTURES / "legacy_beir"
EXPECTED = json.loads((FIXTURES / "legacy_expected.json").read_text())
TOLERANCE = 1e-6


@pytest.fixture()
def upgraded(tmp_path) -> Path:
    """The legacy folder with this checkout's code files."""
    folder = tmp_path / "legacy_upgraded"
    shutil.copytree(LEGACY, folder)
    for name in ("configuration_c2llm.py", "modeling_c2llm.py"):
        shutil.copy2(ROOT / name, folder / name)
    assert "pma_residual" in (folder / "modeling_c2llm.py").read_text()  # really the new code
    return folder


def embeddings(folder: Path) -> tuple[torch.Tensor, torch.Tensor]:
    model = load_model(folder, device="cpu")  # where the saved numbers were computed: float32 on the CPU
    with torch.no_grad():
        documents = model.encode_document(EXPECTED["texts"], convert_to_tensor=True)
        queries = model.encode_query(EXPECTED["texts"], convert_to_tensor=True)
    return documents, queries


def assert_as_saved(documents: torch.Tensor, queries: torch.Tensor) -> None:
    for actual, key in ((documents, "document_embeddings"), (queries, "query_embeddings")):
        difference = (actual.double() - torch.tensor(EXPECTED[key], dtype=torch.float64)).abs().max().item()
        assert difference <= TOLERANCE, (key, difference)


def test_the_fixture_predates_the_key():
    config = json.loads((LEGACY / "config.json").read_text())
    assert "pma_residual" not in config and config["pma_norm"] is False
    assert "pma_residual" not in (LEGACY / "modeling_c2llm.py").read_text()


def test_a_config_without_the_key_reads_as_raw_seed_and_normalised():
    config = C2LLMConfig.from_pretrained(LEGACY)
    assert (config.pma_residual, config.pma_norm, config.normalize_embeddings) == ("seed", True, True)
    # built in code (not loaded), a config takes the official head
    assert C2LLMConfig(backbone_config=config.backbone_config, pma_num_heads=4).pma_residual == "projected"
    # a saved config that says what it is is read as it says, whatever pma_norm holds
    explicit = json.loads((LEGACY / "config.json").read_text()) | {"pma_residual": "projected"}
    assert (C2LLMConfig.from_dict(explicit).pma_residual, C2LLMConfig.from_dict(explicit).pma_norm) == ("projected",
                                                                                                      False)


def test_new_code_encodes_a_legacy_folder_as_the_old_release_did(upgraded):
    assert_as_saved(*embeddings(upgraded))
    # the same through this package's classes in-process (no remote code)
    model = C2LLMModel.from_pretrained(LEGACY).eval()
    assert model.config.pma_residual == "seed"
    tokenizer = AutoTokenizer.from_pretrained(LEGACY)
    prompt = json.loads((LEGACY / "config_sentence_transformers.json").read_text())["prompts"]["document"]
    batch = tokenizer([prompt + text for text in EXPECTED["texts"]], padding=True, return_tensors="pt")
    with torch.no_grad():
        documents = model(**batch).sentence_embedding
    assert_as_saved(documents, embeddings(upgraded)[1])
    assert torch.norm(documents, dim=-1).sub(1).abs().max() < 1e-6  # still normalised


def test_a_legacy_folder_read_with_the_official_head_would_not_match(upgraded):
    """The guard above is not vacuous: the same weights with the projected residual give other embeddings."""
    config = json.loads((upgraded / "config.json").read_text())
    (upgraded / "config.json").write_text(json.dumps({**config, "pma_residual": "projected", "pma_norm": True}))
    documents, _ = embeddings(upgraded)
    expected = torch.tensor(EXPECTED["document_embeddings"], dtype=torch.float64)
    assert (documents.double() - expected).abs().max().item() > 1e-2


def test_a_legacy_folder_evaluates_to_the_same_ndcg(upgraded, tmp_path):
    out = tmp_path / "eval.json"
    assert main(["evaluate", "--model", str(upgraded), "--beir", str(BEIR), "--out", str(out)]) == 0
    [actual] = json.loads(out.read_text())["results"][0]["scores"]["test"]
    [expected] = EXPECTED["evaluate"]["results"][0]["scores"]["test"]
    for metric in ("ndcg_at_10", "mrr_at_10", "recall_at_1", "map_at_100"):
        assert abs(actual[metric] - expected[metric]) <= TOLERANCE, metric


def test_a_legacy_folder_resaved_records_its_head_and_keeps_its_numbers(upgraded, tmp_path):
    resaved = save_model(load_model(upgraded), tmp_path / "resaved")
    config = json.loads((resaved / "config.json").read_text())
    assert (config["pma_residual"], config["pma_norm"]) == ("seed", True)
    assert_as_saved(*embeddings(resaved))


def test_training_from_a_legacy_folder_keeps_its_head(upgraded, tmp_path):
    data = write_jsonl(tmp_path / "train.jsonl", toy_rows())
    train_main(run_args(upgraded, data, tmp_path / "out"))
    for folder in (tmp_path / "out" / "model", tmp_path / "out" / "checkpoints" / "checkpoint-2"):
        config = json.loads((folder / "config.json").read_text())
        assert (config["pma_residual"], config["pma_norm"]) == ("seed", True), folder


def test_the_upgrade_inverts_pma_norm_of_either_value():
    """Both values of the old key: false meant normalised, true meant unnormalised (CodeFuse-CGE's reading)."""
    config = json.loads((LEGACY / "config.json").read_text())
    for old, normalised in ((False, True), (True, False)):
        read = C2LLMConfig.from_dict({**config, "pma_norm": old})
        assert (read.pma_residual, read.normalize_embeddings) == ("seed", normalised)
    # from_json_file does not go through from_dict: it is upgraded too
    assert C2LLMConfig.from_json_file(LEGACY / "config.json").pma_residual == "seed"


def test_the_card_of_a_legacy_folder_states_its_head_and_its_scale(upgraded):
    from c2llm.hub.hub_card import build_model_card

    card = build_model_card(upgraded, model_id="me/legacy")
    assert "its residual adds the raw seed, as CodeFuse-CGE's head" in card
    assert "| Output dimension | 16 (L2-normalised) |" in card
    # the row named after config.json shows config.json as it is on disk
    row = card.split("| Pooling config (config.json) |")[1].split("\n")[0]
    assert "`pma_norm=false`" in row and "pma_residual" not in row
