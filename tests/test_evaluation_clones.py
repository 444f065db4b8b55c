"""c2llm evaluate --poj104: MAP@R of clone detection (CL4D, CodeXGLUE POJ-104) against values worked out by hand
from the definition, the folder reader's errors, and the command on a small fixture with a stand-in model."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from c2llm.cli import main
from c2llm.evaluation.clones import CloneFolderError, evaluate_clones, load_poj104, map_at_r


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
    expected = map_at_r(model.encode_document(data.texts), data.problems)
    assert metrics == {"main_score": expected, "map_at_r": expected}


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
    assert f"| letters | poj  | 2        | 5         | {100 * expected:.2f} |" in printed
    (entry,) = json.loads(out.read_text())["results"]
    assert entry["scores"]["test"][0]["map_at_r"] == pytest.approx(expected)
    assert (entry["task_name"], entry["num_problems"], entry["num_queries"]) == ("poj", 2, 5)


def test_cli_poj104_needs_a_model(tmp_path, capsys):
    root = _poj104(tmp_path / "poj", FIXTURE)
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(["evaluate", "--poj104", str(root)]))
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip() == "error: --model: give at least one --model, or --bm25"
