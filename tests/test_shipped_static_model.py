"""The default index model ships inside the package (c2llm/search/models/): trained on the code corpus of
staticmodel/ (manifest tracked), read offline with no distillation step, and named by its weights."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import numpy as np

from c2llm.search.encoder import SHIPPED_STATIC_MODEL, default_index_model
from c2llm.search.static_model import PCA_DIMS, StaticEncoder, is_static_model, load_folder

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "staticmodel" / "manifest.json"


def test_the_default_index_model_is_the_shipped_folder_and_needs_no_distillation(monkeypatch):
    import model2vec.distill

    def refuse(*args, **kwargs):
        raise AssertionError("the default model must not be distilled")

    monkeypatch.setattr(model2vec.distill, "distill", refuse)
    folder = Path(default_index_model())
    assert folder == ROOT / "c2llm" / "search" / "models" / SHIPPED_STATIC_MODEL
    assert is_static_model(str(folder))
    StaticEncoder(str(folder)).encode_documents(["def f(): pass"])  # loads and encodes with no step before


def test_the_folder_name_carries_the_weights_hash_so_a_retrained_model_is_a_new_model_to_every_index():
    folder = Path(default_index_model())
    digest = hashlib.sha256((folder / "model.safetensors").read_bytes()).hexdigest()
    assert re.fullmatch(r"minilm-code-static256-[0-9a-f]{8}", folder.name)
    assert folder.name.endswith(digest[:8])


def test_the_shipped_model_has_the_index_dimensionality_and_model2vecs_vectors():
    """The folder is model2vec's own layout, which the index reads without model2vec: the same vectors."""
    from model2vec import StaticModel

    folder = default_index_model()
    texts = ["def read_jsonl(path):\n    return [json.loads(line) for line in open(path)]",
             "func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {}", "parse a jsonl file"]
    ours = load_folder(Path(folder)).encode(texts)
    theirs = StaticModel.from_pretrained(folder).encode(texts)
    assert ours.shape == (3, PCA_DIMS) and ours.dtype == theirs.dtype == np.float16
    assert np.array_equal(ours, theirs)
    unit = StaticEncoder(folder).encode_documents(texts)
    np.testing.assert_allclose(np.linalg.norm(unit, axis=1), 1.0, rtol=1e-6)


def test_the_card_names_the_corpus_the_manifest_describes():
    manifest = json.loads(MANIFEST.read_text())
    folder = Path(default_index_model())
    card = (folder / "README.md").read_text()
    config = json.loads((folder / "config.json").read_text())
    assert manifest["corpus"]["sha256"] in card
    assert f"{manifest['corpus']['units']:,} code units" in card
    assert f"{len(manifest['packages'])} permissively licensed packages" in card
    assert config["tokenizer_name"] == "sentence-transformers/all-MiniLM-L6-v2"  # no path of the build machine
    build = json.loads((ROOT / "bench" / "results" / "static_model_build.json").read_text())
    assert build["model"] == folder.name and build["corpus_sha256"] == manifest["corpus"]["sha256"]
