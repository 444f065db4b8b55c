"""``c2llm data build`` on bad mirrors (issue 18): short revision pins checked against the mirror's commit, a mirror
without download records warned about, and a malformed jsonl / json / csv / parquet row or a missing column reported
as one ``error:`` line naming the file and the 1-based line, with exit code 2, no traceback and no table written."""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from c2llm.cli import main
from c2llm.data.build import BuildOptions, build, dry_run
from c2llm.data.recipe import load_recipe
from c2llm.data.sources import SourceError

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures"
MIRROR = FIXTURES / "hub_mirror"
RECIPE = FIXTURES / "data_recipe" / "tiny.yaml"
COSQA = "bc5efb7e9d437246ce393ed19d772e08e4a79535"
COMMIT = "0123456789abcdef0123456789abcdef01234567"
WHERE = "org/pairs data_dir 'python' split 'train'"


def _only(tmp_path: Path, name: str, **changes) -> Path:
    """The fixture recipe with one source (its keys changed as given)."""
    data = yaml.safe_load(RECIPE.read_text())
    data["sources"] = [{**s, **changes} for s in data["sources"] if s["name"] == name]
    path = tmp_path / "recipe.yaml"
    path.write_text(yaml.safe_dump(data))
    (tmp_path / "test-sets.yaml").write_text((FIXTURES / "data_recipe" / "test-sets.yaml").read_text())
    return path


def _pairs_recipe(tmp_path: Path, languages=("python",), **changes) -> Path:
    """A one-source recipe reading ``org/pairs`` (folders per language), decontamination off."""
    source = {"name": "Pairs", "hub": "org/pairs", "revision": COMMIT, "layout": "pairs", "languages": list(languages),
              "data_dir": "{lang}", "columns": {"query": "q", "positive": "p"}, "prompt_task": "CosQA", **changes}
    path = tmp_path / "pairs.yaml"
    path.write_text(yaml.safe_dump({
        "version": 1, "name": "pairs", "negatives": {"teacher": None, "store": 2, "train": 1, "range_min": 1,
                                                     "range_max": 4},
        "decontaminate": {"enabled": False}, "sources": [source]}))
    return path


def _rows(count: int) -> list[dict]:
    return [{"q": f"how to compute value {i}", "p": f"def value_{i}():\n    return {i}"} for i in range(count)]


def _jsonl(rows: list[dict]) -> str:
    return "".join(json.dumps(row) + "\n" for row in rows)


def _mirror(tmp_path: Path, files: dict[str, str | bytes], *, records: bool = True) -> Path:
    """``<tmp>/mirror/org/pairs`` holding ``files`` (with the download record of COMMIT unless not ``records``)."""
    repo = tmp_path / "mirror" / "org" / "pairs"
    for name, content in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    if records:
        record = repo / ".cache" / "huggingface" / "download" / "python" / "train.jsonl.metadata"
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(f"{COMMIT}\n\"etag\"\n1700000000.0\n")
    return tmp_path / "mirror"


def _cli(capsys, recipe: Path, mirror: Path, *extra: str) -> tuple[int, list[str]]:
    code = main(["data", "build", "--recipe", str(recipe), "--mirror", str(mirror), "--no-progress", *extra])
    captured = capsys.readouterr()
    return code, captured.err.splitlines()


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


# --------------------------------------------------------------------------------------------------------------------
# Revisions
# --------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pin", ["0a1b2c3", "bc5efb7e9d437246ce393ed19d772e08e4a7953f", "bc5e0"])
def test_a_short_or_full_pin_the_mirror_does_not_hold_stops_the_build_and_the_dry_run(tmp_path, capsys, pin):
    recipe = _only(tmp_path, "CosQA", revision=pin)
    message = (f"{MIRROR / 'CoIR-Retrieval/cosqa'}: the mirror holds commit {COSQA}, the recipe pins "
               f"CoIR-Retrieval/cosqa@{pin}; download the pinned revision")
    with pytest.raises(SourceError) as error:
        dry_run(load_recipe(recipe), MIRROR, progress=False)
    assert str(error.value) == message
    assert _cli(capsys, recipe, MIRROR, "--output-dir", str(tmp_path / "out")) == (2, [f"error: {message}"])
    assert _cli(capsys, recipe, MIRROR, "--dry-run")[0] == 2
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("pin", ["bc5efb7", "BC5EFB7E9D", COSQA])
def test_a_pin_that_prefixes_the_mirrors_commit_is_accepted_and_the_full_commit_recorded(tmp_path, pin):
    manifest = build(load_recipe(_only(tmp_path, "CosQA", revision=pin)),
                     BuildOptions(output_dir=tmp_path / "out", mirror=MIRROR, progress=False))
    source = manifest.data["sources"][0]
    assert (source["revision"], source["resolved_revision"]) == (pin, COSQA)
    assert manifest.data["rows"] == 9
    saved = json.loads((tmp_path / "out" / "manifest.json").read_text())["sources"][0]
    assert (saved["revision"], saved["resolved_revision"]) == (pin, COSQA)


def test_a_branch_name_is_not_a_commit_pin(tmp_path):
    """``main`` (not hex) and ``deadbeefs`` (not all hex) name branches: the mirror's commit is recorded unchecked."""
    for pin in ("main", "deadbeefs"):
        rows = dry_run(load_recipe(_only(tmp_path, "CosQA", revision=pin)), MIRROR, progress=False)
        assert {row["revision"] for row in rows} == {COSQA}


def test_a_mirror_without_download_records_is_read_with_one_warning(tmp_path, caplog):
    mirror = _mirror(tmp_path, {"python/train.jsonl": _jsonl(_rows(8))}, records=False)
    folder = mirror / "org" / "pairs"
    with caplog.at_level(logging.WARNING):
        manifest = build(load_recipe(_pairs_recipe(tmp_path, revision="0a1b2c3")),
                         BuildOptions(output_dir=tmp_path / "out", mirror=mirror, progress=False))
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [f"{folder}: no download records (.cache/huggingface/download/*.metadata), so its revision "
                        "cannot be checked against org/pairs@0a1b2c3; recorded as 'unknown'"]
    source = manifest.data["sources"][0]
    assert (source["revision"], source["resolved_revision"]) == ("0a1b2c3", "unknown")
    assert source["languages"]["python"]["rows"] == 8


# --------------------------------------------------------------------------------------------------------------------
# Malformed rows
# --------------------------------------------------------------------------------------------------------------------

BAD_JSON_LINE = '{"q": "how to compute value 11" "p": "def value_11():"}'  # a missing comma at column 32


def _bad_jsonl() -> str:
    lines = _jsonl(_rows(15)).splitlines(keepends=True)
    lines[11] = BAD_JSON_LINE + "\n"  # line 12
    return "".join(lines)


def test_a_malformed_jsonl_line_is_one_error_line_naming_file_and_line(tmp_path, capsys, caplog):
    mirror = _mirror(tmp_path, {"python/train.jsonl": _bad_jsonl()})
    path = mirror / "org" / "pairs" / "python" / "train.jsonl"
    expected = f"error: {WHERE}: {path}:12: invalid JSON line (Expecting ',' delimiter: column 33)"
    recipe = _pairs_recipe(tmp_path)
    out = tmp_path / "out"
    assert _cli(capsys, recipe, mirror, "--output-dir", str(out)) == (2, [expected])
    assert _cli(capsys, recipe, mirror, "--dry-run") == (2, [expected])
    assert _cli(capsys, recipe, mirror, "--dry-run", "--json") == (2, [expected])
    assert not out.exists()  # the build failed before writing anything
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # datasets' own log line is not shown


# What datasets logs when it is imported on a machine with JAX (the CUDA image has it): a library's INFO line, logged
# after the CLI has configured logging.
LIBRARY_INFO = """
import logging, sys
configure = logging.basicConfig
def basic_config(**kwargs):
    configure(**kwargs)
    logging.getLogger("datasets").info("JAX version 0.11.2 available.")
logging.basicConfig = basic_config
from c2llm.cli import main
sys.exit(main())
"""


@pytest.mark.parametrize("library_logs", [False, True], ids=["quiet", "library-info"])
def test_the_cli_prints_only_the_error_line_without_a_traceback(tmp_path, library_logs):
    mirror = _mirror(tmp_path, {"python/train.jsonl": _bad_jsonl()})
    path = mirror / "org" / "pairs" / "python" / "train.jsonl"
    program = ["-c", LIBRARY_INFO] if library_logs else ["-m", "c2llm"]
    result = subprocess.run([sys.executable, *program, "data", "build", "--recipe", str(_pairs_recipe(tmp_path)),
                             "--mirror", str(mirror), "--dry-run", "--no-progress"],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {WHERE}: {path}:12: invalid JSON line (Expecting ',' delimiter: column 33)"]


def test_a_malformed_file_in_a_later_language_writes_no_table_of_the_source(tmp_path, capsys):
    mirror = _mirror(tmp_path, {"python/train.jsonl": _jsonl(_rows(8)), "go/train.jsonl": _bad_jsonl()})
    out = tmp_path / "out"
    code, err = _cli(capsys, _pairs_recipe(tmp_path, languages=("python", "go")), mirror, "--output-dir", str(out))
    go = mirror / "org" / "pairs" / "go" / "train.jsonl"
    assert (code, err) == (2, [f"error: org/pairs data_dir 'go' split 'train': {go}:12: invalid JSON line (Expecting "
                               "',' delimiter: column 33)"])
    assert _files(out) == []  # python was read and mined, but its table is not left behind


@pytest.mark.parametrize(
    ("name", "content", "line", "problem"),
    [
        ("train.jsonl", _jsonl(_rows(4)) + '["a list", "not an object"]\n', 5,
         "a JSON line must be an object, got a list"),
        ("train.jsonl", _jsonl(_rows(4)) + '{"q": "unterminated\n', 5,
         "invalid JSON line (Unterminated string starting at: column 7)"),
        ("train.json", "[\n" + ",\n".join(json.dumps(r) for r in _rows(3)) + "\n" + ",\n".join(
            json.dumps(r) for r in _rows(3)) + "\n]\n", 5, "invalid JSON (Expecting ',' delimiter: column 1)"),
        ("train.csv", "q,p\n" + "".join(f"query {i},code {i}\n" for i in range(10)) + "query 10,code,extra\n", 12,
         "data row 11 (the record starting on this line) has 3 fields, the header 2"),
        ("train.csv", 'q,p\n"a\nmultiline query",code 0\nquery 1,code 1\n"query 2,code 2\nquery 3,code 3\n', 5,
         "a quoted field opened on this line is not closed before the end of the file"),
    ],
    ids=["jsonl-not-an-object", "jsonl-unterminated", "json-document", "csv-extra-field", "csv-open-quote"],
)
def test_malformed_json_and_csv_rows_name_the_file_and_line(tmp_path, capsys, name, content, line, problem):
    mirror = _mirror(tmp_path, {f"python/{name}": content})
    path = mirror / "org" / "pairs" / "python" / name
    expected = [f"error: {WHERE}: {path}:{line}: {problem}"]
    out = tmp_path / "out"
    assert _cli(capsys, _pairs_recipe(tmp_path), mirror, "--dry-run") == (2, expected)
    assert _cli(capsys, _pairs_recipe(tmp_path), mirror, "--output-dir", str(out)) == (2, expected)
    assert not out.exists()


def test_an_unreadable_parquet_file_is_named(tmp_path, capsys):
    good = tmp_path / "good.parquet"
    pq.write_table(pa.Table.from_pylist(_rows(6)), good)
    mirror = _mirror(tmp_path, {"python/train-00000.parquet": good.read_bytes(),
                                "python/train-00001.parquet": good.read_bytes()[:-40]})  # a cut-off copy
    path = mirror / "org" / "pairs" / "python" / "train-00001.parquet"
    with pytest.raises(Exception) as reason:  # what pyarrow says about the file, in its own words
        pq.ParquetFile(path)
    expected = [f"error: {WHERE}: {path}: cannot be read as parquet ({str(reason.value).splitlines()[0]})"]
    out = tmp_path / "out"
    assert _cli(capsys, _pairs_recipe(tmp_path), mirror, "--dry-run") == (2, expected)
    assert _cli(capsys, _pairs_recipe(tmp_path), mirror, "--output-dir", str(out)) == (2, expected)
    assert not out.exists()


def test_a_missing_column_names_the_file_of_the_first_row(tmp_path, capsys):
    mirror = _mirror(tmp_path, {"python/a.jsonl": "", "python/b.jsonl": _jsonl(_rows(8))})
    shutil.move(mirror / "org/pairs/python/a.jsonl", mirror / "org/pairs/python/train-0.jsonl")
    shutil.move(mirror / "org/pairs/python/b.jsonl", mirror / "org/pairs/python/train-1.jsonl")
    recipe = _pairs_recipe(tmp_path, columns={"query": "question", "positive": "p"})
    path = mirror / "org" / "pairs" / "python" / "train-1.jsonl"  # the first file is empty: the rows are in this one
    expected = [f"error: {WHERE}: {path}: no column(s) ['question'] (columns: q, p)"]
    assert _cli(capsys, recipe, mirror, "--dry-run") == (2, expected)
    assert _cli(capsys, recipe, mirror, "--output-dir", str(tmp_path / "out")) == (2, expected)
    assert not (tmp_path / "out").exists()
