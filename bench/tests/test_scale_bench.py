"""bench.scale: the monorepo it builds, the recall it reports, and docs/search.md's table as its results file
says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import scale
from tests.conftest import doc_table

ROOT = Path(__file__).resolve().parents[2]


def test_the_duplicate_tree_holds_renamed_copies_vendored_files_and_generated_accessors(tmp_path, monkeypatch):
    monkeypatch.setattr(scale, "POOL_UNITS", 3)
    monkeypatch.setattr(scale, "COPIES", 3)
    monkeypatch.setattr(scale, "VENDORED_SHARE", 0.5)
    monkeypatch.setattr(scale, "GENERATED_FILES", 2)
    monkeypatch.setattr(scale, "ACCESSORS_PER_FILE", 2)
    sources = []
    for number, body in enumerate(["def load(path):\n    \"\"\"Load the rows of a csv file.\"\"\"\n    return path\n",
                                   "class Cache:\n    def get(self, key):\n        return key\n"]):
        sources.append(tmp_path / f"s{number}.py")
        sources[-1].write_text(body)
    built = scale.build_duplicate_tree(tmp_path / "tree", sources, seed=0)
    assert built == {"files": 3 * 2 + 2 * 1 + 2, "pool_files": 2, "pool_definitions": 3, "copies": 3,
                     "vendored_files": 2, "generated_units": 4}
    tree = tmp_path / "tree"
    assert (tree / "copy2/m0000.py").read_text().startswith("def load_c2(path):")
    vendored = sorted(path.relative_to(tree).as_posix() for path in tree.glob("vendor*/*.py"))
    assert len(vendored) == 2 and {(tree / v).read_text() for v in vendored} <= {s.read_text() for s in sources}
    assert (tree / "generated/accessors001.py").read_text().count("def get_field") == 2
    # copies and vendored files of one function are one place
    assert scale.place("copy2/m0000.py", 1) == scale.place("vendor1/m0000.py", 1) == ("m0000.py", 1)
    assert scale.docstring_queries(tree, 5, seed=0) == ["Load the rows of a csv file."]


def test_copies_rename_every_definition_so_no_two_copies_share_a_text(tmp_path):
    source = tmp_path / "src.py"
    source.write_text("class Pool:\n    def get(self):\n        return 1\n\nasync def fetch(url):\n    pass\n")
    assert scale.edited_copy(source.read_text(), 0) == source.read_text()
    assert scale.edited_copy(source.read_text(), 2) == (
        "class Pool_c2:\n    def get_c2(self):\n        return 1\n\nasync def fetch_c2(url):\n    pass\n")
    built = scale.build_monorepo(tmp_path / "mono", [source], 7)  # 7 x 1.05 -> 7 definitions: three copies
    assert built == {"files": 3, "definitions": 9, "copies": 3}
    texts = [path.read_text() for path in sorted((tmp_path / "mono").rglob("*.py"))]
    assert len(set(texts)) == 3 and "def fetch_c1(url)" in texts[1]
    assert scale.change_units(tmp_path / "mono" / "copy0", 2) == 3  # whole files: all three of the first
    assert "class Pool_u:" in (tmp_path / "mono/copy0/f000/m000000.py").read_text()


def test_recall_counts_ids_strictly_and_ties_within_the_tolerance():
    exact_ids, exact_scores = [[1, 2, 3, 4]], [[0.9, 0.8, 0.7, 0.6]]
    # 5 is not among the exact ids but ties the last exact score within 1e-3; 6 does not
    found_ids, found_scores = [[1, 2, 5, 6]], [[0.9, 0.8, 0.5995, 0.59]]
    assert scale._recall(found_ids, exact_ids, found_scores, exact_scores) == {
        "recall_at_10": 0.5, "recall_at_10_with_ties": 0.75}


def test_docs_show_the_scale_table_of_the_results_file(tmp_path):
    results = ROOT / "bench" / "results" / "scale.json"
    if not results.exists():
        pytest.fail("bench/results/scale.json is missing: run python -m bench.scale")
    payload = json.loads(results.read_text())
    generated = tmp_path / "scale.md"
    generated.write_text(scale.to_markdown(payload, payload["settings"]["command"]))
    assert doc_table(ROOT / "docs/search.md", "| units |") == doc_table(generated, "| units |")
    assert doc_table(ROOT / "bench/results/scale.md", "| units |") == doc_table(generated, "| units |")


def test_docs_show_the_duplicate_tree_table_and_the_shipped_expansion_is_its_choice(tmp_path):
    from c2llm.search.ann import EXPANSION_SEARCH

    payload = json.loads((ROOT / "bench" / "results" / "scale_duplicates.json").read_text())
    generated = tmp_path / "duplicates.md"
    generated.write_text(scale.duplicates_markdown(payload, payload["settings"]["command"]))
    header = "| search expansion |"
    assert doc_table(ROOT / "docs" / "search.md", header) == doc_table(generated, header)
    assert payload["smallest_expansion_reaching_goal"] == EXPANSION_SEARCH
    rows = payload["duplicates"]["expansions"]
    assert rows[f"expansion {EXPANSION_SEARCH}"]["recall_at_10_by_place"] >= scale.GOAL_RECALL
