"""The static-model corpus against the MTEB(Code) test sets: ``build --mteb-mirror`` drops every unit equal to a test
query or relevant document before sampling and says so in the manifest; without it nothing in corpus.jsonl changes
(no network: the test sets come from the committed fixture mirror tests/fixtures/hub_mirror)."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # before anything imports datasets / huggingface_hub
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

from c2llm.data.decontaminate import ContaminationIndex, normalize, text_key  # noqa: E402

from staticmodel import corpus  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"
MIRROR = FIXTURES / "hub_mirror"
RECIPE = FIXTURES / "data_recipe" / "tiny.yaml"  # a recipe whose decontaminate.test_sets are 4 sets of the mirror

# Test texts of the fixture mirror (tests/fixtures/make_hub_mirror.py), spelled with other case and whitespace.
TEST_QUERY = "def parse_json(text):\n    return json.loads(text)"  # CoIR-Retrieval/CodeSearchNet python test query
TEST_DOCUMENT = "Parse a JSON document and return its value."  # its relevant document
TEST_QUERY_VARIANT = "DEF  parse_json(text):\n        return JSON.loads(text)"
TEST_DOCUMENT_VARIANT = "  parse a JSON document\tand return its VALUE.  "
# sha256 of corpus.jsonl that assemble() wrote for corpus_input() with the caps of test_without_mirror_*, recorded
# before --mteb-mirror existed: without the option the bytes must not change.
GOLDEN_SHA256 = "98187ab02d82718721231dedf8e7a048a9bc8e5d4905b07b65e2715bbc385597"


def unit(text: str, language: str, path: str) -> dict:
    return {"text": text, "language": language, "path": path, "kind": "function",
            "hash": hashlib.sha256(text.encode()).hexdigest()}


def record(registry: str, name: str, units: list[dict]) -> dict:
    return {"registry": registry, "name": name, "version": "1.0", "licence": "MIT",
            "source_url": f"https://example.invalid/{name}-1.0.tar.gz", "sha256": "0" * 64, "archive_bytes": 1000,
            "urls": [], "files_used": len(units), "files_dropped_excluded": 0, "files_dropped_licence": 0,
            "units": units}


def corpus_input():
    """(spec, packages, records) as build() hands them to assemble(): four packages, two units repeating a test
    text (one of them seen again in a later package), cross-package duplicates, and one skipped package."""
    packages, records = [], {}
    for registry, name, language in (("pypi", "alpha", "python"), ("npm", "beta", "javascript"),
                                     ("debian", "gamma", "go"), ("pypi", "delta", "python")):
        units = [unit(f"def {name}_{i}(a, b):\n    # {language}\n    return a + {i} * b", language, f"src/{name}{i}.x")
                 for i in range(7)]
        if name == "alpha":
            units.insert(2, unit(TEST_QUERY_VARIANT, "python", "src/json.py"))
        if name == "gamma":
            units.insert(4, unit(TEST_DOCUMENT_VARIANT, "go", "doc.go"))
        if name == "delta":
            units.append(units[0])
            units.append(records[("pypi", "alpha")]["units"][3])  # already in alpha
            units.append(unit(TEST_QUERY_VARIANT, "python", "src/again.py"))  # the test text again
        packages.append((registry, {"name": name, "version": "1.0", "languages": [language]}))
        records[(registry, name)] = record(registry, name, units)
    packages.append(("npm", {"name": "skipped-one", "version": "2.0", "languages": ["javascript"]}))
    records[("npm", "skipped-one")] = {"registry": "npm", "name": "skipped-one", "version": "2.0",
                                       "skipped": "licence not permissive: GPL-3.0"}
    return {"pypi": [], "npm": [], "debian": []}, packages, records


def run_assemble(tmp_path: Path, name: str, index=None, mirror=None) -> tuple[bytes, dict]:
    args = argparse.Namespace(seed=0, out=str(tmp_path / f"{name}.jsonl"), manifest=str(tmp_path / f"{name}.json"))
    if mirror is not None:
        args.mteb_mirror = str(mirror)
    spec, packages, records = corpus_input()
    assert corpus.assemble(args, spec, packages, records, 0.0, index) == 0
    return Path(args.out).read_bytes(), json.loads(Path(args.manifest).read_text())


def texts(body: bytes) -> list[str]:
    return [json.loads(line)["text"] for line in body.decode().splitlines()]


@pytest.fixture(scope="module")
def mirror_index() -> ContaminationIndex:
    return corpus.mteb_index(MIRROR, RECIPE, progress=False)


def test_mirror_index_reads_the_test_sets(mirror_index):
    assert set(mirror_index.test_sets) == {"COIRCodeSearchNetRetrieval", "CosQA", "CodeSearchNetRetrieval",
                                           "CodeEditSearchRetrieval"}
    assert mirror_index.reason(TEST_QUERY_VARIANT, TEST_QUERY_VARIANT) == "test_query_match"
    assert mirror_index.reason(TEST_DOCUMENT_VARIANT, TEST_DOCUMENT_VARIANT) == "test_document_match"
    assert mirror_index.reason("def alpha_0(a, b): pass", "def alpha_0(a, b): pass") is None


def test_units_equal_to_a_test_text_are_dropped_and_counted(tmp_path, mirror_index):
    body, manifest = run_assemble(tmp_path, "checked", mirror_index, MIRROR)
    kept = texts(body)
    assert not {normalize(t) for t in kept} & {normalize(TEST_QUERY), normalize(TEST_DOCUMENT)}
    assert all(mirror_index.reason(t, t) is None for t in kept)
    # every other unit is kept (the caps are far above these counts): 7 unique units in each of 4 packages
    expected = {f"def {name}_{i}(a, b):\n    # {language}\n    return a + {i} * b"
                for name, language in (("alpha", "python"), ("beta", "javascript"), ("gamma", "go"),
                                       ("delta", "python")) for i in range(7)}
    assert sorted(kept) == sorted(expected)
    section = manifest["mteb_decontamination"]
    assert section["checked"] is True
    assert section["mirror"] == str(MIRROR)
    assert section["test_sets"] == mirror_index.test_sets
    assert section["test_sets"]["COIRCodeSearchNetRetrieval"]["revision"] == "4adc7bc41202b5c13543c9c886a25f340634dab3"
    # the repeated test query is a duplicate by then: each test text is dropped (and counted) once
    assert section["dropped"] == {"test_document_match": 1, "test_query_match": 1}
    dropped = {p["name"]: p["units_dropped_mteb_test"] for p in manifest["packages"]}
    assert dropped == {"alpha": 1, "beta": 0, "gamma": 1, "delta": 0}
    assert {p["name"]: p["units_unique"] for p in manifest["packages"]} == dict.fromkeys(dropped, 7)
    assert manifest["corpus"]["units"] == len(kept) == 28


def test_checked_corpus_is_the_unchecked_one_less_the_test_texts(tmp_path, mirror_index):
    unchecked, _ = run_assemble(tmp_path, "unchecked")
    checked, _ = run_assemble(tmp_path, "checked", mirror_index, MIRROR)
    lines = unchecked.decode().splitlines(keepends=True)
    expected = [line for line in lines if json.loads(line)["text"] not in (TEST_QUERY_VARIANT, TEST_DOCUMENT_VARIANT)]
    assert len(expected) == len(lines) - 2
    assert checked.decode().splitlines(keepends=True) == expected


def test_dropping_happens_before_sampling(tmp_path, monkeypatch):
    """A package with one unit over its cap keeps a full sample once its test text is dropped (no sampling)."""
    monkeypatch.setattr(corpus, "PER_PACKAGE", 7)
    index = ContaminationIndex(documents={text_key(TEST_QUERY)})  # built from a known text
    body, manifest = run_assemble(tmp_path, "known", index, "known-texts")
    alpha = [t for t in texts(body) if "alpha_" in t]
    assert len(alpha) == 7  # all 7 clean units: the dropped one did not take a sample slot
    assert manifest["mteb_decontamination"]["dropped"] == {"test_document_match": 1}


def test_without_mirror_manifest_says_unchecked_and_corpus_unchanged(tmp_path, monkeypatch):
    # small caps, so both the per-package and the per-language sampling run
    monkeypatch.setattr(corpus, "PER_PACKAGE", 5)
    monkeypatch.setattr(corpus, "PER_LANGUAGE", 9)
    monkeypatch.setattr(corpus, "PER_WINDOW_LANGUAGE", 9)
    body, manifest = run_assemble(tmp_path, "plain")
    assert hashlib.sha256(body).hexdigest() == GOLDEN_SHA256
    assert manifest["corpus"]["sha256"] == GOLDEN_SHA256
    assert TEST_QUERY_VARIANT in texts(body)  # nothing was compared, so nothing was dropped
    section = manifest["mteb_decontamination"]
    assert section == {"checked": False, "why": corpus.MTEB_UNCHECKED}
    assert section["why"].startswith("no --mteb-mirror:")
    assert all("units_dropped_mteb_test" not in p for p in manifest["packages"])


@pytest.mark.parametrize("make", ["missing", "empty"])
def test_bad_mirror_is_one_error_line(tmp_path, capsys, make):
    mirror = tmp_path / "mirror"
    if make == "empty":
        mirror.mkdir()
    out, manifest = tmp_path / "corpus.jsonl", tmp_path / "manifest.json"
    code = corpus.main(["build", "--mteb-mirror", str(mirror), "--cache", str(tmp_path / "cache"), "--out", str(out),
                        "--manifest", str(manifest), "--packages", str(tmp_path / "packages.json"), "--jobs", "1"])
    err = capsys.readouterr().err
    assert code in (1, 2)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --mteb-mirror: "), err
    assert str(mirror) in lines[0] and "Traceback" not in err
    assert not out.exists() and not manifest.exists() and not (tmp_path / "cache").exists()


def test_bad_recipe_is_one_error_line(tmp_path, capsys):
    code = corpus.main(["build", "--mteb-mirror", str(MIRROR), "--mteb-recipe", str(tmp_path / "nope.yaml"),
                        "--cache", str(tmp_path / "cache"), "--packages", str(tmp_path / "packages.json")])
    err = capsys.readouterr().err
    assert code in (1, 2)
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: --mteb-recipe: "), err


def test_build_with_mirror_writes_the_section(tmp_path, capsys):
    """The CLI end to end with no packages (nothing downloaded), a test-sets file as --mteb-recipe: the options
    reach the manifest."""
    packages = tmp_path / "packages.json"
    packages.write_text(json.dumps({"pypi": [], "npm": [], "debian": []}))
    out, manifest = tmp_path / "corpus.jsonl", tmp_path / "manifest.json"
    code = corpus.main(["build", "--mteb-mirror", str(MIRROR), "--mteb-recipe", str(RECIPE), "--cache",
                        str(tmp_path / "cache"), "--out", str(out), "--manifest", str(manifest), "--packages",
                        str(packages), "--jobs", "1"])
    assert code == 0, capsys.readouterr().err
    section = json.loads(manifest.read_text())["mteb_decontamination"]
    assert section["checked"] is True and section["mirror"] == str(MIRROR) and section["dropped"] == {}
    assert set(section["test_sets"]) == {"COIRCodeSearchNetRetrieval", "CosQA", "CodeSearchNetRetrieval",
                                         "CodeEditSearchRetrieval"}
    assert out.read_bytes() == b""


def test_default_mteb_recipe_is_the_papers_twelve_test_sets():
    spec = corpus.mteb_spec()  # the default of --mteb-recipe
    names = {s.name for s in spec.test_sets}
    assert len(names) == 12
    assert {"CosQA", "CodeSearchNetRetrieval", "CodeEditSearchRetrieval", "AppsRetrieval"} <= names
