"""c2llm dupes --against: known-code corpora, their metadata file, the matches in text, JSON and SARIF, the bad
inputs (each one `error:` line, exit 2, nothing written), and token candidates for renamed edited copies."""

from __future__ import annotations

import inspect
import json
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

from c2llm.cli import main
from c2llm.clones.corpus import CorpusError, metadata_for, read_metadata
from c2llm.clones.detect import Detector, NearRule
from c2llm.clones.settings import DetectSettings
from c2llm.clones.mutate import insert_statements, type2_copy
from c2llm.search.units import Unit

from .test_clones import SARIF_SUBSET, _span

# ------------------------------------------------------------------------------------------------ metadata


def _unit(path: str, name: str) -> Unit:
    return Unit(path, 1, 5, "python", name, "function", "def f():\n    pass\n")


def test_metadata_lines_merge_from_least_to_most_specific(tmp_path):
    (tmp_path / "c2llm-corpus.jsonl").write_text("\n".join([
        '{"path": "lib/parse.py", "name": "parse", "id": "CVE-2023-1", "severity": "HIGH"}',
        '{"path": "*", "license": "MIT", "note": "vendored"}',
        '',
        '{"path": "lib/*.py", "license": "GPL-3.0-only"}',
        '{"path": "lib/parse.py", "note": "old parser"}',
        '{"path": "lib/p*.py", "name": "pars*", "id": "GHSA-glob", "url": "https://example.org/g"}',
        '{"path": "lib/parse.py", "name": "parse", "id": "CVE-2023-2"}',
    ]) + "\n")
    lines = read_metadata(tmp_path)
    assert [line.line for line in lines] == [1, 2, 4, 5, 6, 7]
    # exact path + name (lines 1 and 7, the later wins) > glob path + name (6) > exact path (5) > globs (2, 4)
    assert metadata_for(_unit("lib/parse.py", "parse"), lines) == {
        "id": "CVE-2023-2", "severity": "high", "license": "GPL-3.0-only", "note": "old parser",
        "url": "https://example.org/g"}
    assert metadata_for(_unit("lib/parse.py", "parser_state"), lines) == {
        "id": "GHSA-glob", "license": "GPL-3.0-only", "note": "old parser", "url": "https://example.org/g"}
    assert metadata_for(_unit("other/x.py", "parse"), lines) == {"license": "MIT", "note": "vendored"}


@pytest.mark.parametrize("line, message", [
    ('{"path": "a.py", "licence": "MIT"}',
     "unknown key 'licence' (known: path, name, id, severity, license, url, note)"),
    ('{"name": "f"}', "'path' is required (a file of the corpus or a glob)"),
    ('{"path": "a.py", "severity": "urgent"}', "'severity' must be one of critical, high, medium, low, got 'urgent'"),
    ('{"path": "a.py", "id": 7}', "'id' must be a non-empty string, got 7"),
    ('{"path": "../a.py"}', "'path' must be relative to the corpus root, got '../a.py'"),
    ('["a.py"]', "expected a JSON object, got list"),
    ("{path: 'a.py'}", "not valid JSON (Expecting property name enclosed in double quotes at column 2)"),
])
def test_bad_metadata_names_the_file_and_line(tmp_path, line, message):
    (tmp_path / "c2llm-corpus.jsonl").write_text('{"path": "*", "license": "MIT"}\n\n' + line + "\n")
    with pytest.raises(CorpusError) as error:
        read_metadata(tmp_path)
    assert str(error.value) == f"{tmp_path / 'c2llm-corpus.jsonl'}:3: {message}"


# ------------------------------------------------------------------------------------------------ the command


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=repo, check=True,
                          capture_output=True, text=True).stdout


METADATA = [
    {"path": "**", "license": "PSF-2.0"},
    {"path": "vendor/decoder.py", "name": "JSONObject", "id": "CVE-2099-0001", "severity": "high",
     "url": "https://example.org/CVE-2099-0001", "note": "unbounded memo"},
]


@pytest.fixture()
def setup(tmp_path) -> tuple[Path, Path]:
    """A corpus holding json's decoder (JSONObject is 'vulnerable'), and a git repository holding json's encoder
    plus, in its last commit, a renamed copy of JSONObject."""
    import json.decoder
    import json.encoder

    corpus, repo = tmp_path / "known", tmp_path / "repo"
    (corpus / "vendor").mkdir(parents=True)
    (corpus / "vendor/decoder.py").write_text(inspect.getsource(json.decoder))
    (corpus / "c2llm-corpus.jsonl").write_text("".join(json.dumps(line) + "\n" for line in METADATA))
    (repo / "src").mkdir(parents=True)
    (repo / "src/enc.py").write_text(inspect.getsource(json.encoder))
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "base")
    copy = inspect.getsource(json.decoder.JSONObject).replace("s_and_end", "text_and_pos").replace("memo", "cache")
    (repo / "src/new.py").write_text("import re\n\n\n" + copy)
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "copy a known-vulnerable function")
    return corpus, repo


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_renamed_copy_of_a_known_vulnerable_function_is_reported_in_sarif(setup, capsys, tmp_path, monkeypatch):
    jsonschema = pytest.importorskip("jsonschema")
    corpus, repo = setup
    monkeypatch.chdir(repo)
    out_file = tmp_path / "known.sarif"
    code, out, err = _run(capsys, "dupes", ".", "--against", str(corpus), "--base", "HEAD~1", "--format", "sarif",
                          "--no-semantic", "--out", str(out_file))
    assert code == 1 and out == ""
    assert err.strip().startswith("1 match(es) of known code touching lines added since HEAD~1 among ")
    log = json.loads(out_file.read_text())
    jsonschema.validate(log, SARIF_SUBSET)
    run = log["runs"][0]
    (result,) = run["results"]
    (rule,) = run["tool"]["driver"]["rules"]
    assert result["ruleId"] == rule["id"] == "CVE-2099-0001" and result["ruleIndex"] == 0
    assert result["level"] == "error" and rule["properties"]["security-severity"] == "8.0"
    assert rule["properties"]["tags"] == ["security", "known-code"]
    assert rule["helpUri"] == "https://example.org/CVE-2099-0001"
    assert result["properties"] == {"similarity": 1.0, "jaccard": None, "method": "renamed-copy", "corpus": "known",
                                    "advisory": "CVE-2099-0001", "severity": "high", "license": "PSF-2.0",
                                    "url": "https://example.org/CVE-2099-0001", "note": "unbounded memo"}
    new_span, old_span = _span(repo / "src/new.py", "def JSONObject("), _span(corpus / "vendor/decoder.py",
                                                                                "def JSONObject(")
    location = result["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": "src/new.py", "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": new_span[0], "endLine": new_span[1]}}
    related = result["relatedLocations"][0]
    assert related["physicalLocation"] == {
        "artifactLocation": {"uri": "vendor/decoder.py", "uriBaseId": "CORPUS1"},
        "region": {"startLine": old_span[0], "endLine": old_span[1]}}
    assert run["originalUriBaseIds"]["CORPUS1"]["uri"] == corpus.resolve().as_uri() + "/"
    assert result["message"]["text"] == (f"Renamed copy of [known:vendor/decoder.py:{old_span[0]}-{old_span[1]}](1) "
                                         "`JSONObject` (similarity 1.00); severity high, license PSF-2.0.")


def test_text_json_and_baseline_of_known_matches(setup, capsys, tmp_path):
    corpus, repo = setup
    code, out, _ = _run(capsys, "dupes", str(repo), "--against", str(corpus), "--base", "HEAD~1", "--no-semantic")
    new_span, old_span = _span(repo / "src/new.py", "def JSONObject("), _span(corpus / "vendor/decoder.py",
                                                                                "def JSONObject(")
    line, summary = out.strip().split("\n")
    assert code == 1 and line.split() == [f"src/new.py:{new_span[0]}-{new_span[1]}",
                                          f"known:vendor/decoder.py:{old_span[0]}-{old_span[1]}", "1.00",
                                          "renamed-copy", "CVE-2099-0001", "high", "PSF-2.0"]
    assert summary.endswith("(0 exact-copy, 1 renamed-copy, 0 near-copy, 0 semantic-copy); near-copy rule: "
                            "token-trigram Jaccard >= 0.730 (semantic-copy stage off: no model)")
    code, out, _ = _run(capsys, "dupes", str(repo), "--against", str(corpus), "--no-semantic", "--json")
    (match,) = json.loads(out)["matches"]  # the whole tree: the encoder copies nothing of the decoder
    assert (match["unit"]["path"], match["unit"]["name"], match["known"]["corpus"], match["known"]["path"],
            match["known"]["name"], match["method"], match["new"]) == (
        "src/new.py", "JSONObject", "known", "vendor/decoder.py", "JSONObject", "renamed-copy", True)
    assert match["metadata"] == {"license": "PSF-2.0", "id": "CVE-2099-0001", "severity": "high",
                                 "url": "https://example.org/CVE-2099-0001", "note": "unbounded memo"}
    baseline = tmp_path / "accepted.json"
    code, _, err = _run(capsys, "dupes", str(repo), "--against", str(corpus), "--no-semantic", "--baseline",
                        str(baseline), "--update-baseline")
    assert code == 0 and "wrote 1 accepted match(es)" in err
    assert json.loads(baseline.read_text())["pairs"] == [{"a": {"path": "src/new.py", "name": "JSONObject"}, "b": {
        "path": "known:vendor/decoder.py", "name": "JSONObject"}}]
    code, out, _ = _run(capsys, "dupes", str(repo), "--against", str(corpus), "--no-semantic", "--baseline",
                        str(baseline), "--fail-on", "new", "--format", "sarif")
    assert code == 0 and json.loads(out)["runs"][0]["results"] == []


def _listing(*folders: Path) -> dict[str, bytes]:
    return {str(path): path.read_bytes() for folder in folders for path in sorted(folder.rglob("*"))
            if path.is_file()}


@pytest.mark.parametrize("case", ["missing", "empty", "metadata", "base"])
def test_bad_input_is_one_error_line_and_writes_nothing(setup, capsys, tmp_path, case):
    corpus, repo = setup
    against, extra = str(corpus), []
    if case == "missing":
        against = str(tmp_path / "nowhere")
        message = f"error: --against {against}: no such folder"
    elif case == "empty":
        (tmp_path / "empty/.hidden").mkdir(parents=True)
        against = str(tmp_path / "empty")
        message = f"error: --against {against}: the corpus is empty (no file to index)"
    elif case == "metadata":
        with (corpus / "c2llm-corpus.jsonl").open("a") as handle:
            handle.write('{"path": "vendor/*.py", "severity": "severe"}\n')
        message = (f"error: {corpus / 'c2llm-corpus.jsonl'}:3: 'severity' must be one of critical, high, medium, "
                   "low, got 'severe'")
    else:
        extra = ["--base", "no-such-ref"]
        message = f"error: --base no-such-ref: not a commit of the repository at {repo}"
    before = _listing(repo, tmp_path)
    out_file = tmp_path / "out.sarif"
    code, out, err = _run(capsys, "dupes", str(repo), "--against", against, *extra, "--no-semantic", "--format",
                          "sarif", "--out", str(out_file))
    assert (code, out, err.strip()) == (2, "", message)
    assert _listing(repo, tmp_path) == before and not out_file.exists()  # no index, no report


def test_a_corpus_indexed_with_another_model_is_refused_with_a_rebuild_hint(setup, capsys, tmp_path):
    from c2llm.search.index import Index

    corpus, repo = setup
    with Index.open(corpus, model="some/other-model"):  # records the model; nothing is embedded
        pass
    code, out, err = _run(capsys, "dupes", str(repo), "--against", str(corpus), "--model", "some/model")
    assert code == 2 and out == ""
    assert err.strip() == (f"error: --against {corpus}: indexed with model some/other-model, but PATH's index uses "
                           f"some/model; rebuild it with `c2llm index {corpus} --rebuild --model some/model`")
    assert not (repo / ".c2llm").exists()


def test_a_corpus_inside_the_scanned_tree_does_not_match_itself(setup, capsys):
    corpus, repo = setup
    inner = repo / "third_party"
    inner.mkdir()
    (inner / "decoder.py").write_text((corpus / "vendor/decoder.py").read_text())
    code, out, _ = _run(capsys, "dupes", str(repo), "--against", str(inner), "--no-semantic", "--json")
    (match,) = json.loads(out)["matches"]  # only the renamed copy, not third_party/decoder.py itself
    assert code == 1 and (match["unit"]["path"], match["known"]["path"]) == ("src/new.py", "decoder.py")


# ------------------------------------------------------------------------------------------------ token candidates


def _planted_copy_with_a_decoy():
    """json.decoder's units and a renamed copy of JSONObject with two statements of another function inserted,
    whose embedding is made nearer to another function (JSONArray, cosine 0.9) than to its original (0.05)."""
    import json.decoder

    from c2llm.search.units import units_of_file

    units = units_of_file("decoder.py", inspect.getsource(json.decoder))
    original = next(unit for unit in units if unit.name == "JSONObject")
    rng = random.Random(0)
    borrowed = ["quoted = False", "escapedstate = ' '"]
    copy = insert_statements(type2_copy(original.text, "python", rng), rng, borrowed, count=2)
    assert copy is not None and len(copy.split("\n")) == len(original.text.strip("\n").split("\n")) + 2
    planted = Unit("copy.py", 1, copy.count("\n") + 1, "python", "renamed", "function", copy)
    kept = Detector([*units, planted], settings=DetectSettings()).units
    count = len(kept)
    vectors = np.eye(count + 1, dtype=np.float32)[:count]  # orthogonal: cosine 0 between any two units
    position = {unit: row for row, unit in enumerate(kept)}
    decoy = next(unit for unit in kept if unit.name == "JSONArray")  # the copy's nearest unit by cosine
    vectors[position[planted]] = (0.9 * vectors[position[decoy]] + 0.05 * vectors[position[original]]
                                  + np.sqrt(1 - 0.9**2 - 0.05**2) * np.eye(count + 1, dtype=np.float32)[count])
    return kept, vectors, planted, original


def test_the_near_copy_stage_finds_a_renamed_edited_copy_by_structure_where_the_cosine_points_elsewhere(
        monkeypatch):
    """The copy's Jaccard to its original passes the structure threshold; its cosine (0.05) fails the semantic one.
    Found in the tree and against a corpus; without the token candidates (the cosine's one neighbour is the decoy,
    whose Jaccard fails) or without the near-copy part of the rule, it is lost."""
    from c2llm.clones.known import match_known
    from c2llm.clones.tokens import shape, shape_jaccard

    kept, vectors, planted, original = _planted_copy_with_a_decoy()
    jaccard = shape_jaccard(shape(planted.text, "python"), shape(original.text, "python"))
    rule = NearRule(cosine=0.5, jaccard=0.5, structure=0.6)
    assert rule.structure <= jaccard < 1

    def in_tree(rule: NearRule) -> list[tuple[str, str, str]]:
        detector = Detector(kept, vectors, settings=DetectSettings())
        pairs = detector.pairs(rule, focus=lambda unit: unit.path == "copy.py", neighbours=1)
        return [(pair.a.path, pair.b.name, pair.method) for pair in pairs]

    def against(rule: NearRule) -> list[tuple[str, str, str]]:
        rows = [row for row, unit in enumerate(kept) if unit is not planted]
        corpus = Detector([kept[row] for row in rows], vectors[rows], settings=DetectSettings())
        scanned = Detector([planted], vectors[[kept.index(planted)]], settings=DetectSettings())
        matches = match_known(scanned, corpus, "known", lambda unit: {}, rule, lambda unit: True, neighbours=1)
        return [(match.unit.path, match.known.name, match.method) for match in matches]

    for find in (in_tree, against):
        assert find(rule) == [("copy.py", "JSONObject", "near-copy")]
        assert find(NearRule(cosine=0.5, jaccard=0.5, structure=jaccard + 1e-9)) == []
    monkeypatch.setattr(Detector, "structure_neighbours", lambda self, bands, count, exclude=None: [])
    for find in (in_tree, against):  # the cosine candidate alone: the decoy, whose Jaccard fails both parts
        assert find(NearRule(cosine=0.01, jaccard=0.5, structure=0.6)) == []


def _commit_an_edited_copy(repo: Path) -> tuple[str, float]:
    """Commit a Type-3 copy of json's JSONObject (every local renamed, two statements inserted) as src/edited.py;
    its text and its token-trigram Jaccard to the original."""
    import json.decoder

    from c2llm.clones.tokens import shape, shape_jaccard

    original = inspect.getsource(json.decoder.JSONObject)
    rng = random.Random(3)
    copy = insert_statements(type2_copy(original, "python", rng), rng, ["quoted = False", "escapedstate = ' '"],
                             count=2)
    (repo / "src/edited.py").write_text(copy + "\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "an edited copy")
    return copy, shape_jaccard(shape(copy, "python"), shape(original, "python"))


def test_an_edited_copy_of_known_code_is_a_near_copy_in_sarif_with_no_model_and_no_calibration(setup, capsys,
                                                                                                tmp_path):
    """The --against near-copy stage: found by token structure with the default rule, its SARIF result located at
    the copy and naming the corpus file and lines; with the near-copy Jaccard above the pair's own, it is lost."""
    jsonschema = pytest.importorskip("jsonschema")
    corpus, repo = setup
    copy, jaccard = _commit_an_edited_copy(repo)
    out_file = tmp_path / "known.sarif"
    code, _, _ = _run(capsys, "dupes", str(repo), "--against", str(corpus), "--base", "HEAD~1", "--format", "sarif",
                      "--no-semantic", "--out", str(out_file))
    log = json.loads(out_file.read_text())
    jsonschema.validate(log, SARIF_SUBSET)
    (result,) = log["runs"][0]["results"]
    assert code == 1 and result["ruleId"] == "CVE-2099-0001"
    assert (result["properties"]["method"], result["properties"]["jaccard"]) == ("near-copy", round(jaccard, 4))
    old_span = _span(corpus / "vendor/decoder.py", "def JSONObject(")
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "src/edited.py", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 1, "endLine": len(copy.split("\n"))}}
    assert result["relatedLocations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "vendor/decoder.py", "uriBaseId": "CORPUS1"},
        "region": {"startLine": old_span[0], "endLine": old_span[1]}}
    code, out, _ = _run(capsys, "dupes", str(repo), "--against", str(corpus), "--base", "HEAD~1", "--no-semantic",
                        "--structure", f"{jaccard + 0.001:.4f}")
    assert code == 0 and out.startswith("0 match(es)")
