"""``c2llm dupes`` keeps its fingerprints in the index file (:mod:`c2llm.clones.scan`): a second run lexes nothing,
an update re-lexes only new content, stale rows go, and the reports are those of a run without any stored
fingerprint."""

from __future__ import annotations

import inspect
import json.decoder
import json.encoder
import shutil
from pathlib import Path

import pytest

from c2llm.clones import detect, scan
from c2llm.clones.scan import FINGERPRINTS_VERSION, OLD_FINGERPRINTS_FILE, ScanOptions
from c2llm.search.index import Index
from c2llm.search.store import IndexLockedError

NEW_FUNCTION = ("def area(width, height):\n    if width < 0 or height < 0:\n        raise ValueError('negative')\n"
                "    result = width * height\n    print('area', result)\n    return result\n")


@pytest.fixture()
def tree(tmp_path) -> Path:
    """json's decoder and encoder, and an exact copy of one encoder function."""
    root = tmp_path / "tree"
    (root / "lib").mkdir(parents=True)
    (root / "lib/decoder.py").write_text(inspect.getsource(json.decoder))
    (root / "lib/encoder.py").write_text(inspect.getsource(json.encoder))
    (root / "lib/old_copy.py").write_text(inspect.getsource(json.encoder.py_encode_basestring_ascii))
    return root


@pytest.fixture()
def lexed(monkeypatch) -> list[str]:
    """The names of the units fingerprinted (lexed) from now on."""
    names: list[str] = []
    original = detect.fingerprint

    def counting(text: str, language: str):
        names.append(text.split("(")[0].split()[-1])
        return original(text, language)

    monkeypatch.setattr(detect, "fingerprint", counting)
    return names


def pairs(index: Index) -> list[tuple]:
    report = scan.scan(index, ScanOptions(semantic=False))
    return [(pair.a.path, pair.a.start_line, pair.b.path, pair.b.start_line, pair.method) for pair in report.pairs]


def stored_ids(index: Index) -> set[int]:
    return set(index.unit_fingerprints(FINGERPRINTS_VERSION))


def eligible_ids(index: Index) -> set[int]:
    """The units a scan fingerprints: those long enough in lines (the token count comes from the fingerprint)."""
    units, _ = index.units_by_id()
    return {unit_id for unit_id, unit in units.items() if detect.eligible(unit, detect.DetectSettings())}


def test_fingerprints_are_read_from_the_index_and_follow_updates(tree, tmp_path, model_dir, lexed):
    old_file = tree / ".c2llm" / OLD_FINGERPRINTS_FILE
    with Index.open(tree, model=str(model_dir)) as index:
        index.update(progress=False, embed=False)
        old_file.write_text("{not the cache any more")
        first = pairs(index)
        assert any("lib/old_copy.py" in (a, b) and method == "exact-copy" for a, _, b, _, method in first)
        assert lexed and stored_ids(index) == eligible_ids(index)
        assert not old_file.exists()  # the old cache is removed once the index holds the fingerprints
        lexed.clear()
        assert pairs(index) == first and lexed == []  # a second run lexes nothing

        encoder = tree / "lib/encoder.py"
        encoder.write_text(encoder.read_text() + "\n\n" + NEW_FUNCTION)
        (tree / "lib/old_copy.py").unlink()
        index.update(progress=False, embed=False)
        lexed.clear()
        updated = pairs(index)
        # every unit of encoder.py has a new id, but only the new content is lexed
        assert lexed == ["area"]
        assert stored_ids(index) == eligible_ids(index)  # rows of replaced and removed units are gone
        lexed.clear()
        assert pairs(index) == updated and lexed == []

    twin = tmp_path / "twin"
    shutil.copytree(tree, twin, ignore=shutil.ignore_patterns(".c2llm"))
    with Index.open(twin, model=str(model_dir)) as fresh:
        fresh.update(progress=False, embed=False)
        assert pairs(fresh) == updated  # the same report as a run with nothing stored


def test_another_version_or_a_busy_index_fingerprints_again(tree, model_dir, lexed, monkeypatch):
    with Index.open(tree, model=str(model_dir)) as index:
        index.update(progress=False, embed=False)
        first = pairs(index)
        count = len(lexed)
        monkeypatch.setattr(scan, "FINGERPRINTS_VERSION", FINGERPRINTS_VERSION + 1)
        lexed.clear()
        assert pairs(index) == first and len(lexed) == count  # another lexer: nothing stored is used
        assert index.unit_fingerprints(FINGERPRINTS_VERSION) == {}
        assert set(index.unit_fingerprints(FINGERPRINTS_VERSION + 1)) == eligible_ids(index)

    with Index.open(tree) as index:
        index.update(progress=False, embed=False)
        index.store.put_unit_fingerprints([], FINGERPRINTS_VERSION)  # a fresh start under the first version

        def busy(*args):
            raise IndexLockedError("locked")

        monkeypatch.setattr(scan, "FINGERPRINTS_VERSION", FINGERPRINTS_VERSION)
        monkeypatch.setattr(index, "put_unit_fingerprints", busy)
        lexed.clear()
        assert pairs(index) == first and len(lexed) == count  # the run works, only slower next time
        assert index.unit_fingerprints(FINGERPRINTS_VERSION) == {}
