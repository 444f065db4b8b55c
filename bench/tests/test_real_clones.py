"""bench.real_clones: finding vendored copies, pairing their functions, edit sizes, the library split, and the
docs table against the tracked report."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bench.real_clones import discover_copies, edit_size, library_cases, split_libraries
from tests.conftest import doc_table

ROOT = Path(__file__).resolve().parents[2]

OLD = '''def load(path, strict=True):
    """Load it."""
    with open(path) as handle:
        text = handle.read()
    if strict and not text:
        raise ValueError("empty file")
    return parse(text, strict=strict)


def dump(value, path):
    with open(path, "w") as handle:
        handle.write(render(value))
        handle.flush()
    print("wrote", path)
    return len(value)
'''
NEW = OLD.replace('raise ValueError("empty file")', 'raise ValueError(f"{path}: empty file")').replace(
    "    print(\"wrote\", path)\n    return len(value)\n", "    check(value)\n    validate(path)\n    counter = 0\n"
    "    counter += 1\n    log.info(\"wrote %s\", path)\n    return counter\n")


def test_vendored_and_installed_copies_are_paired_by_module_and_name(tmp_path):
    site = tmp_path / "site-packages"
    (site / "pip/_vendor/toolz").mkdir(parents=True)
    (site / "pip/_vendor/toolz/__init__.py").write_text("")
    (site / "pip/_vendor/toolz/io.py").write_text(OLD)
    (site / "pip/_vendor/vendor.txt").write_text("toolz==1.0\n")
    (site / "toolz").mkdir()
    (site / "toolz/__init__.py").write_text('__version__ = "2.0"\n')
    (site / "toolz/io.py").write_text(NEW)
    (site / "unrelated").mkdir()
    (site / "unrelated/__init__.py").write_text("")
    libraries = discover_copies([site])
    assert list(libraries) == ["toolz"]
    assert [(copy.version, copy.where) for copy in libraries["toolz"]] == [
        ("1.0", f"pip/_vendor in {site}"), ("2.0", f"installed in {site}")]
    cases, newest = library_cases(libraries["toolz"], per_size=10, rng=random.Random(0))
    assert sorted(newest) == [("io.py", "dump"), ("io.py", "load")]
    # load: one code line of seven changed (small); dump: its last two lines replaced by six (large); each positive
    # gets the module's other function as its hard negative
    assert sorted((case.a.name, case.b.name, case.label, case.edit) for case in cases) == [
        ("dump", "dump", 1, "large"), ("dump", "load", 0, "non-clone"), ("load", "dump", 0, "non-clone"),
        ("load", "load", 1, "small")]


def test_edit_sizes():
    assert edit_size("def f(a):\n    return a + 1\n", "def f(a):  # same tokens\n\n    return a+1\n") == "identical"
    assert edit_size(OLD, NEW) == "large"


def test_split_balances_positives_largest_first():
    assert split_libraries({"a": 50, "b": 40, "c": 30, "d": 20, "e": 5}) == (["a", "d", "e"], ["b", "c"])  # 50+20+5 against 40+30


def test_docs_table_is_the_tracked_report():
    report = json.loads((ROOT / "bench/results/real_clones.json").read_text())
    rows = doc_table(ROOT / "docs/dupes.md", "| stage | threshold(s) | identical (")
    assert [row[0] for row in rows] == list(report["stages"])
    for stage, _, *cells, flagged in rows:
        metrics = report["stages"][stage]["metrics"]
        assert cells == [f"{metrics[size]['precision']:.2f} / {metrics[size]['recall']:.2f} / "
                         f"{metrics[size]['f1']:.2f}" for size in ("identical", "small", "large", "all")], stage
        assert flagged == f"{metrics['non-clones flagged']['count']}/{metrics['non-clones flagged']['of']}"
