"""Training tables: bad files end in one error that names the file and the line, never in a traceback."""

from __future__ import annotations

import json

import pytest

from c2llm.cli import main
from c2llm.data.training import DataError, read_table


def test_an_undecodable_json_line_is_named_with_its_number(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"query": "q", "positive": "p"}) + "\n\n{not json}\n")
    with pytest.raises(DataError, match=rf"^{path}:3: invalid JSON \(Expecting property name enclosed in double quotes at column 2\)$"):
        read_table(path)
    path.write_text("[1, 2]\n")
    with pytest.raises(DataError, match=rf"^{path}:1: expected a JSON object, got list$"):
        read_table(path)
    path.write_bytes(b'{"query": "\xff"}\n')
    with pytest.raises(DataError, match=rf"^{path}:1: invalid JSON \(not UTF-8\)$"):
        read_table(path)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv", ".parquet"])
def test_an_empty_file_is_named(tmp_path, suffix):
    path = tmp_path / f"empty{suffix}"
    path.write_text("\n" if suffix == ".jsonl" else "")
    with pytest.raises(DataError, match=rf"^{path}: empty file$"):
        read_table(path)


def test_train_reports_a_bad_line_as_one_error_line(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"query": "q", "positive": "p"}\n{"query": \n')
    code = main(["train", "--dataset", str(path), "--output-dir", str(tmp_path / "run"), "--no-eval"])
    assert code == 2
    assert capsys.readouterr().err.splitlines() == [f"error: {path}:2: invalid JSON (Expecting value at column 10)"]
