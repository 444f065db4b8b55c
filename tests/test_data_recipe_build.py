"""``c2llm data build`` on tiny Hub mirrors in the real layouts (tests/fixtures/hub_mirror, written by
tests/fixtures/make_hub_mirror.py): joins, transforms, caps, every decontamination rule dropping exactly the planted
rows, negatives from training documents only, byte-identical rebuilds, resume, the manifest and the dry run."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml

from c2llm.data import build as build_module
from c2llm.data import decontaminate
from c2llm.data.build import BuildOptions, build, dry_run
from c2llm.data.recipe import load_recipe
from c2llm.data.sources import SourceError, strip_docstring

FIXTURES = Path(__file__).parent / "fixtures"
MIRROR = FIXTURES / "hub_mirror"
RECIPE = FIXTURES / "data_recipe" / "tiny.yaml"
OPS = [("add", "a + b"), ("subtract", "a - b"), ("multiply", "a * b"), ("divide", "a / b"), ("power", "a ** b"),
       ("modulo", "a % b"), ("maximum", "max(a, b)"), ("minimum", "min(a, b)"), ("average", "(a + b) / 2"),
       ("distance", "abs(a - b)"), ("hypotenuse", "(a * a + b * b) ** 0.5"), ("concat", "str(a) + str(b)")]


def _build(output_dir: Path, **options):
    return build(load_recipe(options.pop("recipe", RECIPE)),
                 BuildOptions(output_dir=output_dir, mirror=MIRROR, progress=False, **options))


def _only(tmp_path: Path, name: str, **changes) -> Path:
    """The fixture recipe with one source (its keys changed as given)."""
    data = yaml.safe_load(RECIPE.read_text())
    data["sources"] = [{**s, **changes} for s in data["sources"] if s["name"] == name]
    shutil.copy(RECIPE.parent / "test-sets.yaml", tmp_path / "test-sets.yaml")
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    output_dir = tmp_path_factory.mktemp("built")
    return output_dir, _build(output_dir)


def _rows(output_dir: Path, name: str, language: str) -> list[dict]:
    return pq.read_table(output_dir / name / f"{language}.parquet").to_pylist()


def _languages(manifest, name: str) -> dict:
    return next(s for s in manifest.data["sources"] if s["name"] == name)["languages"]


def test_every_rule_drops_exactly_the_planted_rows(built):
    _, manifest = built
    drops = {(source["name"], language): entry["dropped"] for source in manifest.data["sources"]
             for language, entry in source["languages"].items()}
    assert drops == {
        # python: a query equal to a test query (case, spaces), a document equal to a test document, a qrel to a
        # valid-partition query, one to a test-partition document, one to a missing document, one to a missing query
        ("COIRCodeSearchNetRetrieval", "python"): {"test_query_match": 1, "test_document_match": 1,
                                                   "query_not_train_partition": 1, "document_not_train_partition": 1,
                                                   "missing_document": 1, "missing_query": 1},
        ("COIRCodeSearchNetRetrieval", "go"): {"duplicate": 1},
        ("CosQA", "python"): {"qrels_score": 1, "cap": 3},  # a score-0 qrel; 12 pairs capped at 9
        # code that is a test document once its docstring is stripped, an empty docstring, a repeated row
        ("AdvTrain", "python"): {"test_document_match": 1, "empty": 1, "duplicate": 1},
        ("AdvTrain", "go"): {},
        # rows 0 and 1 are mteb's; row 6 repeats row 0's instruction
        ("CodeEditSearchRetrieval", "python"): {"mteb_eval_rows": 2, "test_query_match": 1},
        ("CodeEditSearchRetrieval", "go"): {"mteb_eval_rows": 2},
    }
    assert manifest.data["dropped"] == {"cap": 3, "document_not_train_partition": 1, "duplicate": 2, "empty": 1,
                                        "missing_document": 1, "missing_query": 1, "mteb_eval_rows": 4,
                                        "qrels_score": 1, "query_not_train_partition": 1, "test_document_match": 2,
                                        "test_query_match": 2}


def test_joins_and_transforms_keep_exactly_the_clean_rows(built):
    output_dir, _ = built
    coir = _rows(output_dir, "COIRCodeSearchNetRetrieval", "python")
    assert [(r["query"], r["positive"]) for r in coir] == [
        (f"def {name}_values(a, b):\n    return {expr}", f"Return the {name} of the two given values a and b.")
        for name, expr in OPS[:10]]
    # strip_docstring: the Python docstring statement and the Go doc comment are gone, the code is intact
    assert [r["positive"] for r in _rows(output_dir, "AdvTrain", "python")] == [
        f"def {name}_pair(a, b):\n    return {expr}" for name, expr in OPS]
    assert [r["positive"] for r in _rows(output_dir, "AdvTrain", "go")] == [
        f"func {name.capitalize()}Pair(a, b int) int {{\n\treturn {expr}\n}}" for name, expr in OPS]
    edits = [r["query"] for r in _rows(output_dir, "CodeEditSearchRetrieval", "python")]
    assert edits == [f"Change the {OPS[i][0]} helper to accept floats" for i in (2, 3, 4, 5, 7, 8)]
    cosqa = [r["query"] for r in _rows(output_dir, "CosQA", "python")]
    all_cosqa = [f"python how to {name} two values" for name, _ in OPS]
    assert len(cosqa) == 9 and cosqa == [q for q in all_cosqa if q in cosqa]  # a sample, in dataset order
    assert {r["language"] for r in coir} == {"python"}


def test_negatives_come_from_the_groups_training_documents_only(built):
    output_dir, manifest = built
    for output in manifest.outputs:
        rows = _rows(output_dir, output["source"], output["language"])
        positives = {r["positive"] for r in rows}
        for row in rows:
            negatives = [row[f"negative_{k}"] for k in (1, 2, 3)]
            assert "negative_4" not in row and len(set(negatives)) == 3
            assert row["positive"] not in negatives
            assert set(negatives) <= positives, output["group"]  # never a test- or valid-partition text


def test_same_seed_gives_byte_identical_outputs_and_another_seed_another_sample(built, tmp_path):
    first_dir, first = built
    second = _build(tmp_path / "again")
    assert second.data == first.data
    for output in first.outputs:
        assert (tmp_path / "again" / output["file"]).read_bytes() == (first_dir / output["file"]).read_bytes()
    assert (tmp_path / "again" / "manifest.json").read_bytes() == (first_dir / "manifest.json").read_bytes()
    other = _build(tmp_path / "other", seed=1, recipe=_only(tmp_path, "CosQA"))
    assert other.outputs[0]["sha256"] != next(o for o in first.outputs if o["source"] == "CosQA")["sha256"]


def test_manifest_records_files_revisions_tasks_and_tokens(built):
    output_dir, manifest = built
    data = json.loads((output_dir / "manifest.json").read_text())
    assert data == manifest.data
    for output in data["outputs"]:
        path = output_dir / output["file"]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == output["sha256"]
        assert pq.read_metadata(path).num_rows == output["rows"]
        assert list(pq.read_schema(path).names) == ["query", "positive", "negative_1", "negative_2", "negative_3",
                                                    "language"]
    assert [(o["group"], o["rows"], o["prompt_task"], o["loss_weight"]) for o in data["outputs"]] == [
        ("COIRCodeSearchNetRetrieval/python", 10, "COIRCodeSearchNetRetrieval", 1.0),
        ("COIRCodeSearchNetRetrieval/go", 10, "COIRCodeSearchNetRetrieval", 1.0),
        ("CosQA/python", 9, "CosQA", 1.0),
        ("AdvTrain/python", 12, "CodeSearchNetRetrieval", 1.0),
        ("AdvTrain/go", 12, "CodeSearchNetRetrieval", 1.0),
        ("CodeEditSearchRetrieval/python", 6, "CodeEditSearchRetrieval", 0.5),
        ("CodeEditSearchRetrieval/go", 7, "CodeEditSearchRetrieval", 0.5),
    ]
    assert data["rows"] == 66
    assert data["mteb_tasks"] == ["COIRCodeSearchNetRetrieval", "CodeEditSearchRetrieval", "CodeSearchNetRetrieval",
                                  "CosQA"]
    assert data["training_datasets"] == ["CoIR-Retrieval/CodeSearchNet", "CoIR-Retrieval/cosqa",
                                         "google/code_x_glue_ct_code_to_text", "cassanof/CodeEditSearch"]
    revisions = {s["name"]: (s["revision"], s["resolved_revision"]) for s in data["sources"]}
    assert revisions["AdvTrain"] == ("main", "1" * 40)  # the commit `hf download` recorded in the mirror
    assert revisions["CosQA"] == ("bc5efb7e9d437246ce393ed19d772e08e4a79535",) * 2
    assert data["decontamination"]["test_sets"]["CodeEditSearchRetrieval"] == {
        "hub": "cassanof/CodeEditSearch", "revision": "4e51c66e0939303f6928472f13ad0848b2a3f4c0", "split": "train",
        "queries": 4, "documents": 4}
    assert data["negatives"]["miner"] == "bm25" and data["negatives"]["max_score"] is None


def test_token_estimate_matches_an_independent_count(built):
    from c2llm.prompts import DOCUMENT_PROMPT, query_prompt
    from c2llm.qwen_tokenizer import build_qwen2_tokenizer

    output_dir, manifest = built
    tokenizer = build_qwen2_tokenizer()

    def tokens(text: str) -> int:  # truncated at the recipe's max_length (64)
        return min(len(tokenizer(text, add_special_tokens=False)["input_ids"]), 64)

    pairs = with_negatives = 0
    for output in manifest.outputs:  # every table has fewer rows than the sample, so the estimate is exact
        for row in _rows(output_dir, output["source"], output["language"]):
            pair = tokens(query_prompt(output["prompt_task"]) + row["query"]) + tokens(DOCUMENT_PROMPT + row["positive"])
            negatives = sum(tokens(DOCUMENT_PROMPT + row[f"negative_{k}"]) for k in (1, 2, 3))
            pairs += pair
            with_negatives += pair + negatives * 2 / 3  # 2 of the 3 stored negatives are trained on per epoch
    estimate = manifest.data["estimated_tokens"]
    assert abs(estimate["pairs"] - pairs) <= len(manifest.outputs)  # per-table rounding
    assert abs(estimate["with_negatives"] - with_negatives) <= 2 * len(manifest.outputs)
    assert estimate["train_negatives"] == 2 and estimate["max_length"] == 64


def test_a_rerun_skips_finished_sources_and_rebuilds_after_a_kill(tmp_path, monkeypatch):
    built_sources = []
    original = build_module.Builder.build_source

    def killed_at_cosqa(self, spec, index):
        if spec.name == "AdvTrain":
            raise KeyboardInterrupt  # the kill, after two sources were finished
        built_sources.append(spec.name)
        return original(self, spec, index)

    monkeypatch.setattr(build_module.Builder, "build_source", killed_at_cosqa)
    with pytest.raises(KeyboardInterrupt):
        _build(tmp_path)
    assert built_sources == ["COIRCodeSearchNetRetrieval", "CosQA"] and not (tmp_path / "manifest.json").exists()
    assert not list(tmp_path.rglob("*.tmp"))  # no half-written table

    def counting(self, spec, index):
        built_sources.append(spec.name)
        return original(self, spec, index)

    monkeypatch.setattr(build_module.Builder, "build_source", counting)
    built_sources.clear()

    def no_rebuild(*args, **kwargs):
        raise AssertionError("the test sets were read again")

    monkeypatch.setattr(decontaminate, "build_index", no_rebuild)  # the digests cached in .build/ are reused
    manifest = _build(tmp_path)
    assert built_sources == ["AdvTrain", "CodeEditSearchRetrieval"]  # the finished ones were kept
    assert manifest.data["rows"] == 66
    built_sources.clear()
    (tmp_path / "CosQA" / "python.parquet").write_bytes(b"damaged")
    _build(tmp_path)
    assert built_sources == ["CosQA"]  # a changed file is rebuilt


def test_dry_run_lists_revision_columns_and_rows(built):
    rows = dry_run(load_recipe(RECIPE), MIRROR, progress=False)
    table = {(r["source"], r["language"]): (r["revision"][:7], r["rows"], r["columns"]) for r in rows}
    assert table[("COIRCodeSearchNetRetrieval", "python")] == ("4adc7bc", 16, ["query-id", "corpus-id", "score"])
    assert table[("CosQA", "python")] == ("bc5efb7", 13, ["query_id", "corpus_id", "score"])
    assert table[("AdvTrain", "go")][1] == 12 and "docstring" in table[("AdvTrain", "go")][2]
    assert table[("CodeEditSearchRetrieval", "python")][1:] == (9, ["commit", "instruction", "diff", "lang",
                                                                    "license"])


def test_a_mirror_of_another_revision_is_refused(tmp_path):
    with pytest.raises(SourceError) as error:
        _build(tmp_path / "out", recipe=_only(tmp_path, "CosQA", revision="0" * 40))
    assert str(error.value) == (f"{MIRROR / 'CoIR-Retrieval/cosqa'}: the mirror holds commit "
                                f"bc5efb7e9d437246ce393ed19d772e08e4a79535, the recipe pins CoIR-Retrieval/cosqa@"
                                f"{'0' * 40}; download the pinned revision")


def test_a_missing_mirror_folder_says_how_to_download_it(tmp_path):
    with pytest.raises(SourceError) as error:
        build(load_recipe(RECIPE), BuildOptions(output_dir=tmp_path / "out", mirror=tmp_path, progress=False))
    assert str(error.value) == (
        f"--mirror: {tmp_path / 'CoIR-Retrieval/CodeSearchNet'} not found; download it with: hf download "
        f"CoIR-Retrieval/CodeSearchNet --repo-type dataset --revision 4adc7bc41202b5c13543c9c886a25f340634dab3 "
        f"--local-dir {tmp_path / 'CoIR-Retrieval/CodeSearchNet'}")


@pytest.mark.parametrize(
    ("code", "docstring", "expected"),
    [
        ('def f(x):\n    """Double x."""\n    return 2 * x', "Double x.", "def f(x):\n    return 2 * x"),
        ('    def f(self):\n        """Multi\n        line."""\n        return 1', "Multi line.",
         "    def f(self):\n        return 1"),
        ("/**\n * Adds two ints.\n */\npublic int add(int a, int b) { return a + b; }", "Adds two ints.",
         "public int add(int a, int b) { return a + b; }"),
        ("# Greets a person.\ndef greet(name)\n  puts name\nend", "Greets a person.", "def greet(name)\n  puts name\nend"),
        ('def f():\n    """Only a docstring."""', "Only a docstring.", 'def f():\n    """Only a docstring."""'),
        ("func F() {}", "Not in the code.", "func F() {}"),
    ],
    ids=["python", "python-method", "javadoc", "ruby-comment", "docstring-only-body", "absent"],
)
def test_strip_docstring(code, docstring, expected):
    assert strip_docstring(code, docstring) == expected


def test_cli_dry_run_json_and_errors(capsys, tmp_path):
    from c2llm.cli import main

    assert main(["data", "build", "--recipe", str(RECIPE), "--mirror", str(MIRROR), "--dry-run", "--json",
                 "--no-progress"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["source"], r["language"], r["rows"]) for r in rows] == [
        ("COIRCodeSearchNetRetrieval", "python", 16), ("COIRCodeSearchNetRetrieval", "go", 11), ("CosQA", "python", 13),
        ("AdvTrain", "python", 15), ("AdvTrain", "go", 12), ("CodeEditSearchRetrieval", "python", 9),
        ("CodeEditSearchRetrieval", "go", 9)]
    assert main(["data", "build", "--recipe", str(RECIPE), "--mirror", str(MIRROR)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == "error: --output-dir: required (unless --dry-run)"
    assert main(["data", "build", "--recipe", str(tmp_path / "none.yaml"), "--dry-run"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"error: --recipe: no such file, and not a shipped recipe (paper, heldout): {tmp_path / 'none.yaml'}")


def test_a_column_the_dataset_lacks_is_named_by_the_build_and_the_dry_run(tmp_path):
    recipe = _only(tmp_path, "CodeEditSearchRetrieval", columns={"query": "message", "positive": "diff"})
    file = MIRROR / "cassanof/CodeEditSearch/python/train.jsonl"
    message = (f"cassanof/CodeEditSearch data_dir 'python' split 'train': {file}: no column(s) ['message'] (columns: "
               "commit, instruction, diff, lang, license)")
    with pytest.raises(SourceError) as error:
        dry_run(load_recipe(recipe), MIRROR, progress=False)
    assert str(error.value) == message
    with pytest.raises(SourceError) as error:
        _build(tmp_path / "out", recipe=recipe)
    assert str(error.value) == message


@pytest.mark.parametrize("minhash", [None, {"threshold": 0.5, "num_perm": 128}], ids=["exact-only", "minhash"])
def test_minhash_drops_a_near_duplicate_of_a_test_query(tmp_path, minhash):
    pytest.importorskip("datasketch")
    source = {"name": "CodeTransOceanDL", "hub": "CoIR-Retrieval/codetrans-dl", "layout": "beir",
              "revision": "281562cb8a1265ab5c0824bfa6ddcd9b0a15618f", "languages": ["python"]}
    recipe = tmp_path / "dl.yaml"
    recipe.write_text(yaml.safe_dump({
        "version": 1, "name": "dl", "negatives": {"teacher": None, "store": 3, "train": 2, "range_min": 1,
                                                 "range_max": 8},
        "decontaminate": {"minhash": minhash, "test_sets": [source]}, "sources": [source]}))
    manifest = _build(tmp_path / "out", recipe=recipe)
    entry = manifest.data["sources"][0]["languages"]["python"]
    # the training loop with lr=0.01 shares 72 % of its word 5-grams with the test query's lr=0.1 loop
    assert entry["dropped"] == ({"test_near_duplicate": 1} if minhash else {})
    assert entry["rows"] == (8 if minhash else 9)
    assert manifest.data["decontamination"]["minhash"] == minhash
