"""The benchmark of edited copies (bench.edited_clones): the copies it generates, its edit buckets, and its
scores against hand-counted pairs."""

from __future__ import annotations

import ast
import inspect
import json.decoder
import random
from pathlib import Path

import pytest

from bench.edited_clones import Half, Member, edit_bin, score, shared_lines
from c2llm.clones.mutate import borrowable_statements, edit_lines, renamed_function, type2_copy
from c2llm.clones.tokens import Kind, lex

ORIGINAL = inspect.getsource(json.decoder.JSONObject)


def test_a_renamed_function_renames_every_use_of_its_name_and_nothing_else():
    code = "def walk(node, depth):\n    if depth > 3:\n        return [node]\n    return walk(node, depth + 1)\n"
    copy = renamed_function(code, random.Random(0))
    ast.parse(copy)
    (name,) = {node.name for node in ast.walk(ast.parse(copy)) if isinstance(node, ast.FunctionDef)}
    assert name.startswith("walk_") and copy.count(name) == 2  # the definition and the recursive call
    kept = lambda text: [t.text for t in lex(text, "python") if t.kind is not Kind.IDENTIFIER or t.text != "walk"]
    assert kept(code) == [t for t in kept(copy) if t != name]


@pytest.mark.parametrize("share", [0.05, 0.15, 0.3])
def test_edit_lines_edits_about_the_share_of_lines_and_parses(share):
    rng = random.Random(1)
    renamed = type2_copy(ORIGINAL, "python", rng)
    donors = borrowable_statements(inspect.getsource(json.decoder.JSONArray), max_lines=1)
    edited = edit_lines(renamed, rng, share, donors)
    ast.parse(edited)
    lines = sum(1 for line in renamed.splitlines() if line.strip())
    changed, edits = 1 - shared_lines(renamed, edited), max(1, round(share * lines))
    # each edit touches one line (an insert adds one, a delete removes one, a change rewrites one); deletes shorten
    # the copy, whose length is then the denominator
    code = sum(1 for line in renamed.splitlines() if line.strip() and not line.strip().startswith("#"))
    assert 1 / (code + edits) <= changed <= edits / (code - edits) + 1e-9


def test_edit_buckets_follow_the_share_of_changed_lines():
    before = "\n".join(f"x{i} = {i}" for i in range(20))
    lines = before.split("\n")
    assert edit_bin(before, "\n".join(lines[:-1])) == "5-10%"  # 1 of 20 lines: 5 %
    assert edit_bin(before, "\n".join(lines[:-2])) == "10-20%"  # 2 of 20: 10 %, the next bucket's lower end
    assert edit_bin(before, "\n".join(lines[:-5])) == "20-30%"  # 25 %
    assert edit_bin(before, "\n".join(lines[:-8])) == "20-30%"  # 40 %: the last bucket


def test_scores_match_a_hand_count(tmp_path: Path):
    half = Half(tmp_path / "repo", tmp_path / "known")
    fa, fb = ("lib/a.py", "f"), ("lib/b.py", "g")
    half.members = {"new/type1_0.py": Member("type1", fa), "new/type2_0.py": Member("type2", fa),
                    "new/type3_0.py": Member("type3", fa, "5-10%"), "new/type3_1.py": Member("type3", fb, "20-30%"),
                    "new/type2_1.py": Member("type2", fb), "new/nonclone_0.py": Member("non-clone",
                                                                                      ("new/nonclone_0.py", "x"))}
    pairs = [
        (("new/type1_0.py", "f_copy"), fa),  # right
        (("new/type2_0.py", "f"), ("new/type1_0.py", "f_copy")),  # right: one family, two new sides
        (("new/type3_0.py", "f"), fb),  # wrong
        (("new/type3_1.py", "g"), fb),  # right
        (("new/nonclone_0.py", "x"), fa),  # a false alarm
        (fa, fb),  # no new side: not scored
    ]
    result = score(half, pairs)
    assert result["recall"] == {"type1": 1.0, "type2": 0.5, "type3": 0.5, "type3 5-10%": 0.0, "type3 10-20%": None,
                                "type3 20-30%": 1.0}
    # type1: 2 right sides (pairs 1 and 2), 1 non-clone alarm; type2: 1 right, 1 alarm; type3: 1 right, 1 wrong, 1 alarm
    assert result["precision"] == {"type1": round(2 / 3, 3), "type2": 0.5, "type3": round(1 / 3, 3),
                                   "type3 5-10%": 0.0, "type3 10-20%": 0.0, "type3 20-30%": 0.5,
                                   "all": round(4 / 6, 3)}
    assert result["false alarms on non-clones"] == 1 and result["pairs"] == 6


ROOT = Path(__file__).resolve().parents[2]


def test_docs_tables_are_the_tracked_reports(tmp_path):
    """docs/dupes.md shows the edited-copies table and the million-function scan as their results files say, and the
    shipped near-copy threshold is the one chosen on the calibration half (rounded to two decimals)."""
    import json

    from bench import known_scale
    from bench.edited_clones import to_markdown
    from c2llm.clones.settings import STRUCTURE_JACCARD
    from tests.conftest import doc_table

    report = json.loads((ROOT / "bench/results/edited_clones.json").read_text())
    generated = tmp_path / "edited.md"
    generated.write_text(to_markdown(report, report["settings"]["command"]))
    header = "| tool | Type-1 R |"
    assert doc_table(ROOT / "docs/dupes.md", header) == doc_table(generated, header)
    chosen = report["structure"]["chosen on the calibration half"]["structure"]
    assert report["structure"]["shipped default"] == STRUCTURE_JACCARD == round(chosen, 2)
    scale = json.loads((ROOT / "bench/results/known_scale.json").read_text())
    generated.write_text(known_scale.to_markdown(scale, scale["settings"]["command"]))
    for header in ("| stage | seconds | peak RSS (MB) |", "| scan of the commit |"):
        assert doc_table(ROOT / "docs/dupes.md", header) == doc_table(generated, header)
    assert scale["settings"]["store"] == "usearch" and scale["stages"]["scan"]["scan_seconds_default"] <= 10


def test_readme_quotes_the_tracked_reports():
    """The README's sentence on edited copies gives the ranges and jscpd's and the token bag's recalls of
    bench/results/edited_clones.json."""
    import json

    report = json.loads((ROOT / "bench/results/edited_clones.json").read_text())["rows"]
    readme = " ".join((ROOT / "README.md").read_text().split())

    def span(values):
        low, high = f"{min(values):.2f}", f"{max(values):.2f}"
        return low if low == high else f"{low}-{high}"

    base = [row for name, row in report.items() if name.startswith("c2llm dupes --base")]
    against = [row for name, row in report.items() if name.startswith("c2llm dupes --against")]
    assert (f"finds every Type-1 and Type-2 copy and {span([r['recall']['type3'] for r in base])} of the edited ones "
            f"at precision {span([r['precision']['all'] for r in base])}") in readme
    assert (f"`--against` a corpus, {span([r['recall']['type3'] for r in against])} at "
            f"{span([r['precision']['all'] for r in against])}") in readme
    assert all(min(r["recall"]["type1"], r["recall"]["type2"]) == 1.0 for r in base + against)
    jscpd, options = (report[name]["recall"] for name in report if name.startswith("jscpd"))
    bag = next(row["recall"] for name, row in report.items() if name.startswith("token bag"))
    triple = lambda recall: ", ".join(f"{recall[key]:.2f}" for key in ("type1", "type2")) + f" and {recall['type3']:.2f}"
    assert f"finds {triple(jscpd)} ({triple(options)} with its Type-2/Type-3 options)" in readme
    assert f"token bag {triple(bag)}" in readme


def test_the_docs_exact_store_comparison_is_the_tracked_report():
    """docs/dupes.md's comparison of the exact and the approximate store on one corpus, as its results file says."""
    import json

    report = json.loads((ROOT / "bench/results/known_scale_exact_scan.json").read_text())
    docs = " ".join((ROOT / "docs/dupes.md").read_text().split())
    matches = report["matches"]
    assert f"That took {round(report['exact']['scan_seconds_exact'])} s" in docs
    assert f"found {matches['exact']} matches against the graph's {matches['approximate']}" in docs
    assert matches["only exact (distinct)"] == matches["only approximate (distinct)"] == []


def test_docs_compare_the_previous_default_from_its_tracked_report():
    """docs/dupes.md's figures for the previous (distilled) default on the same copies are its tracked report."""
    import json

    rows = json.loads((ROOT / "bench/results/edited_clones_distilled.json").read_text())["rows"]
    base = next(row for name, row in rows.items() if name.startswith("c2llm dupes --base"))
    against = next(row for name, row in rows.items() if name.startswith("c2llm dupes --against"))
    shipped = json.loads((ROOT / "bench/results/edited_clones.json").read_text())["rows"]
    ours = next(row for name, row in shipped.items() if name.startswith("c2llm dupes --base, static model"))
    text = " ".join((ROOT / "docs/dupes.md").read_text().split())
    assert (f"flags {base['false alarms on non-clones']} with `--base` (Type-3 recall {base['recall']['type3']:.2f}, "
            f"precision {base['precision']['all']:.2f}) and {against['false alarms on non-clones']} with `--against`; the "
            f"shipped model flags {ours['false alarms on non-clones']}.") in text
