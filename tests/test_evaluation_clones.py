"""c2llm evaluate --poj104: MAP@R and R-precision of clone detection (CL4D, CodeXGLUE POJ-104) against values worked
out by hand from the definition and against brute-force loops on a slice of the real JSON lines
(tests/fixtures/poj104_slice.jsonl), the bootstrap over problems, the folder and JSON-lines readers (split, errors),
and the command on small fixtures with a stand-in model."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from c2llm.cli import main
from c2llm.evaluation.clones import (
    CloneFolderError,
    clone_metrics,
    evaluate_clones,
    load_poj104,
    load_poj104_jsonl,
    map_at_r,
    problem_bootstrap,
    r_precision,
)

SLICE = Path(__file__).parent / "fixtures" / "poj104_slice.jsonl"


def _unit(angle_degrees: float) -> list[float]:
    angle = np.radians(angle_degrees)
    return [float(np.cos(angle)), float(np.sin(angle))]


def test_map_at_r_by_hand():
    # Five solutions on the unit circle (cosine falls with the angle between them): problem A at 0, 10 and 100
    # degrees, problem B at 20 and 200 degrees.
    vectors = np.array([_unit(0), _unit(10), _unit(100), _unit(20), _unit(200)], dtype=np.float32)
    problems = ["A", "A", "A", "B", "B"]
    # query 0 (A, R=2): others by angle 10 (A), 20 (B), 100 (A), 200 -> top 2: A, B -> (1/1) / 2 = 0.5
    # query 1 (A, R=2): 10 (the one at 0, A), 10 (20, B): a tie, kept in folder order -> 0 (A) first, then 3 (B)
    #                   -> (1/1) / 2 = 0.5
    # query 2 (A, R=2): 80 (20, B), 90 (10, A), 100 (0, A) -> top 2: B, A -> (1/2) / 2 = 0.25
    # query 3 (B, R=1): 10 (10, A) -> 0
    # query 4 (B, R=1): 100 (100, A), 160 (10, A)... the nearest is A -> 0
    expected = (0.5 + 0.5 + 0.25 + 0 + 0) / 5
    assert map_at_r(vectors, problems) == pytest.approx(expected)
    # perfect separation: every relevant solution ranked first -> 1.0
    assert map_at_r(np.array([_unit(0), _unit(1), _unit(90), _unit(91)], dtype=np.float32),
                    ["A", "A", "B", "B"]) == pytest.approx(1.0)


def test_map_at_r_counts_precision_at_relevant_ranks_only():
    # query 0 of problem A with R=3: ranking A, B, A (relevant at ranks 1 and 3, the third A beyond R):
    # AP@R = (1/1 + 2/3) / 3
    vectors = np.array([_unit(0), _unit(5), _unit(10), _unit(15), _unit(120), _unit(122)], dtype=np.float32)
    problems = ["A", "A", "B", "A", "A", "B"]
    scores = vectors @ vectors.T
    np.fill_diagonal(scores, -np.inf)
    reference = []
    for query in range(len(problems)):  # independent loop, straight from the definition
        r = sum(label == problems[query] for label in problems) - 1
        order = sorted((index for index in range(len(problems)) if index != query),
                       key=lambda index: (-scores[query, index], index))[:r]
        hits, total = 0, 0.0
        for rank, index in enumerate(order, start=1):
            if problems[index] == problems[query]:
                hits += 1
                total += hits / rank
        reference.append(total / r)
    assert reference[0] == pytest.approx((1 + 2 / 3) / 3)
    assert map_at_r(vectors, problems) == pytest.approx(sum(reference) / len(reference))


def _poj104(root: Path, problems: dict[str, dict[str, str]]) -> Path:
    for problem, files in problems.items():
        (root / problem).mkdir(parents=True)
        for name, text in files.items():
            (root / problem / name).write_text(text)
    return root


FIXTURE = {
    "1": {"a.c": "int main(){int a,b;scanf(\"%d%d\",&a,&b);printf(\"%d\",a+b);}",
          "b.c": "int main(){int x,y;scanf(\"%d %d\",&x,&y);printf(\"%d\\n\",x+y);return 0;}"},
    "2": {"a.c": "int main(){for(int i=0;i<10;i++)printf(\"%d\",i*i);}",
          "b.c": "int main(){int i;for(i=0;i<10;i++){printf(\"%d \",i*i);}}",
          "c.c": "int main(){int k=0;while(k<10){printf(\"%d\",k*k);k++;}}"},
}


class _CharacterModel:
    """A stand-in SentenceTransformer: normalised counts of the letters a-z, so the test needs no weights."""

    def encode_document(self, texts, **options):
        vectors = np.array([[text.count(chr(code)) for code in range(97, 123)] for text in texts], dtype=np.float32)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_evaluate_clones_reads_the_folder_in_order_and_scores_it(tmp_path):
    data = load_poj104(_poj104(tmp_path / "poj", FIXTURE))
    assert data.files == ["1/a.c", "1/b.c", "2/a.c", "2/b.c", "2/c.c"]
    assert data.problems == ["1", "1", "2", "2", "2"]
    model = _CharacterModel()
    metrics = evaluate_clones(model, data)
    vectors = model.encode_document(data.texts)
    expected = map_at_r(vectors, data.problems)
    assert metrics["main_score"] == metrics["map_at_r"] == expected
    assert metrics["r_precision"] == r_precision(vectors, data.problems)


@pytest.mark.parametrize("layout, message", [
    ({"1": {"a.c": "x", "b.c": "y"}, "2": {"a.c": "z"}}, "{root}/2: 1 solution(s); MAP@R needs at least 2 per problem"),
    ({}, "--poj104 {root}: no problem folder (expected PROBLEM_ID/SOLUTION files)"),
])
def test_bad_folders_name_the_problem(tmp_path, layout, message):
    root = tmp_path / "poj"
    root.mkdir()
    _poj104(root, layout)
    with pytest.raises(CloneFolderError) as error:
        load_poj104(root)
    assert str(error.value) == message.format(root=root)


def test_cli_reports_map_at_r_of_a_model(tmp_path, capsys, monkeypatch):
    import c2llm.build

    root = _poj104(tmp_path / "poj", FIXTURE)
    monkeypatch.setattr(c2llm.build, "load_model", lambda name, **options: _CharacterModel())
    out = tmp_path / "results.json"
    assert main(["evaluate", "--model", "letters", "--poj104", str(root), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    data = load_poj104(root)
    expected = map_at_r(_CharacterModel().encode_document(data.texts), data.problems)
    row = next(line for line in printed.splitlines() if line.startswith("| letters"))
    assert [cell.strip() for cell in row.split("|")[1:6]] == ["letters", "poj", "test", "2", "5"]
    assert row.split("|")[6].strip().startswith(f"{100 * expected:.2f} [")
    (entry,) = json.loads(out.read_text())["results"]
    assert entry["scores"]["test"][0]["map_at_r"] == pytest.approx(expected)
    assert (entry["task_name"], entry["num_problems"], entry["num_queries"]) == ("poj", 2, 5)


def test_cli_poj104_needs_a_model(tmp_path, capsys):
    root = _poj104(tmp_path / "poj", FIXTURE)
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(["evaluate", "--poj104", str(root)]))
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip() == "error: --model: give at least one --model, or --bm25"


# ------------------------------------------------------------------ the JSON-lines form: a slice of the real data


def _brute_force(vectors: np.ndarray, problems: list[str]) -> tuple[list[float], list[float]]:
    """AP@R and R-precision per query, by plain loops over Python floats: every other solution ordered by (cosine
    descending, position), the first R kept."""
    rows = [[float(x) for x in row] for row in vectors]
    ap, rp = [], []
    for query, own in enumerate(rows):
        cosines = {other: sum(a * b for a, b in zip(own, rows[other])) for other in range(len(rows)) if other != query}
        r = sum(1 for other in cosines if problems[other] == problems[query])
        top = sorted(cosines, key=lambda other: (-cosines[other], other))[:r]
        found, total = 0, 0.0
        for rank, other in enumerate(top, start=1):
            if problems[other] == problems[query]:
                found += 1
                total += found / rank
        ap.append(total / r)
        rp.append(found / r)
    return ap, rp


def _letters(texts: list[str]) -> np.ndarray:
    return _CharacterModel().encode_document(texts)


def test_split_reader_keeps_one_split_in_file_order(tmp_path):
    rows = [json.loads(line) for line in SLICE.read_text().splitlines()]
    test = load_poj104_jsonl(SLICE, "test")
    assert test.texts == [row["code"] for row in rows if row["split"] == "test"]
    assert test.problems == [row["problem"] for row in rows if row["split"] == "test"]
    assert test.problems[:4] == ["81", "82", "83", "81"]  # interleaved in the file, kept in file order
    assert test.files[0] == "81/0" and (test.name, test.split) == ("poj104_slice", "test")
    train = load_poj104_jsonl(SLICE, "train")
    assert sorted(set(train.problems)) == ["1", "2"] and len(train.texts) == 6
    # gzipped, the same rows
    packed = tmp_path / "slice.jsonl.gz"
    packed.write_bytes(gzip.compress(SLICE.read_bytes()))
    assert load_poj104_jsonl(packed, "test").texts == test.texts
    assert load_poj104_jsonl(packed, "test").name == "slice"
    with pytest.raises(CloneFolderError) as error:
        load_poj104_jsonl(SLICE, "dev")
    assert str(error.value) == f"{SLICE}: no row of split 'dev' (the file has: test (12), train (6), valid (2))"


def test_map_at_r_and_r_precision_match_brute_force_on_the_slice():
    data = load_poj104_jsonl(SLICE, "test")
    vectors = _letters(data.texts)
    ap, rp = _brute_force(vectors, data.problems)
    assert map_at_r(vectors, data.problems) == pytest.approx(sum(ap) / len(ap))
    assert r_precision(vectors, data.problems) == pytest.approx(sum(rp) / len(rp))
    # the two metrics differ on this data (R-precision ignores where in the top R the hits sit), and neither is 0 or 1
    assert 0 < sum(ap) / len(ap) < sum(rp) / len(rp) < 1
    # all splits together, a larger R per problem mixed with smaller ones
    every = load_poj104_jsonl(SLICE, None)
    ap, rp = _brute_force(_letters(every.texts), every.problems)
    metrics = clone_metrics(_letters(every.texts), every.problems)
    assert metrics["map_at_r"] == pytest.approx(sum(ap) / len(ap))
    assert metrics["r_precision"] == pytest.approx(sum(rp) / len(rp))
    low, high = metrics["map_at_r_ci95"]
    assert low <= metrics["map_at_r"] <= high


def test_query_blocks_do_not_change_the_scores(monkeypatch):
    from c2llm.evaluation import clones

    data = load_poj104_jsonl(SLICE, None)
    vectors = _letters(data.texts)
    whole = clones.clone_query_scores(vectors, data.problems)
    monkeypatch.setattr(clones, "QUERY_BLOCK", 3)
    blocked = clones.clone_query_scores(vectors, data.problems)
    assert np.array_equal(whole[0], blocked[0]) and np.array_equal(whole[1], blocked[1])


def test_bootstrap_resamples_problems_not_queries():
    # queries vary a lot within each problem, but every problem has the same mean: resampling problems gives no
    # spread at all (resampling queries would)
    problems = ["a"] * 4 + ["b"] * 4 + ["c"] * 4
    per_query = [0.0, 1.0, 0.0, 1.0] * 3
    assert problem_bootstrap(per_query, problems) == pytest.approx((0.5, 0.5))
    # problems of unequal size weigh by their queries: the interval's ends are the all-"a" and all-"b" resamples
    low, high = problem_bootstrap([0.0] * 2 + [1.0] * 6, ["a"] * 2 + ["b"] * 6)
    assert low == pytest.approx(0.0) and high == pytest.approx(1.0)
    # seeded: the same interval twice
    spread = [0.1, 0.2, 0.5, 0.6, 0.9, 1.0]
    labels = ["a", "a", "b", "b", "c", "c"]
    assert problem_bootstrap(spread, labels) == problem_bootstrap(spread, labels)


@pytest.mark.parametrize("line, message", [
    ('{"split": "test", "problem": "81", "code": "int main(){}"', "not JSON (Expecting ',' delimiter at column 58)"),
    ('["test", "81", "int main(){}"]', "expected a JSON object, got list"),
    ('{"split": "test", "problem": "81"}', "'code' must be a string, got nothing"),
    ('{"split": "test", "problem": null, "code": "x"}', "'problem' must be a string or an integer, got None"),
    ('{"problem": "81", "code": "x"}', "'split' must be a string, got None"),
])
def test_a_malformed_row_is_one_error_line_naming_file_and_line(tmp_path, capsys, line, message):
    path = tmp_path / "poj.jsonl"
    lines = SLICE.read_text().splitlines()
    path.write_text("\n".join(lines[:2] + [line] + lines[2:]) + "\n")
    assert main(["evaluate", "--model", "letters", "--poj104", str(path), "--split", "test"]) == 2
    assert capsys.readouterr().err == f"error: {path} line 3: {message}\n"


def test_cli_reads_the_jsonl_split_and_reports_both_metrics(tmp_path, capsys, monkeypatch):
    import c2llm.build

    monkeypatch.setattr(c2llm.build, "load_model", lambda name, **options: _CharacterModel())
    out = tmp_path / "results.json"
    assert main(["evaluate", "--model", "letters", "--poj104", str(SLICE), "--split", "test", "--out", str(out)]) == 0
    data = load_poj104_jsonl(SLICE, "test")
    ap, rp = _brute_force(_letters(data.texts), data.problems)
    (entry,) = json.loads(out.read_text())["results"]
    (score,) = entry["scores"]["test"]
    assert score["map_at_r"] == pytest.approx(sum(ap) / len(ap))
    assert score["r_precision"] == pytest.approx(sum(rp) / len(rp))
    assert (entry["task_name"], entry["num_problems"], entry["num_queries"]) == ("poj104_slice", 3, 12)
    printed = capsys.readouterr().out
    assert f"| letters | poj104_slice | test  | 3        | 12        | {100 * sum(ap) / len(ap):.2f} [" in printed
    # the valid split has one problem: its scores sit under "valid"
    assert main(["evaluate", "--model", "letters", "--poj104", str(SLICE), "--split", "valid", "--out", str(out)]) == 0
    assert list(json.loads(out.read_text())["results"][0]["scores"]) == ["valid"]
