"""The recipe format (issue 11): the shipped recipes against mteb's own task definitions, and exact errors that name
the file and the key for every kind of bad recipe."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from c2llm.data.recipe import RecipeError, load_recipe, shipped_recipe_dir
from c2llm.prompts import QUERY_INSTRUCTIONS

FIXTURES = Path(__file__).parent / "fixtures"


def _mteb_code_tasks() -> dict[str, dict]:
    mteb = pytest.importorskip("mteb")
    return {task.metadata.name: task.metadata.dataset for task in mteb.get_benchmark("MTEB(Code, v1)").tasks}


def test_paper_recipe_trains_on_every_mteb_code_task_and_decontaminates_against_mtebs_pins():
    paper = load_recipe("paper")
    tasks = _mteb_code_tasks()
    assert paper.mteb_tasks == sorted(tasks)  # the paper trains on all 12 tasks' data: the card must say so
    # the test sets are the ones mteb scores: same Hub repository and revision as mteb's task metadata
    assert {s.name: (s.hub, s.revision) for s in paper.decontaminate.test_sets} == {
        name: (dataset["path"], dataset["revision"]) for name, dataset in tasks.items()}
    assert all(s.split == "train" for s in paper.sources)
    # a CoIR source reads the same repository as mteb's test set, at mteb's pin
    pinned = {s.hub: s.revision for s in paper.decontaminate.test_sets}
    for source in paper.sources:
        if source.hub in pinned:
            assert source.revision == pinned[source.hub], source.name
    edit = next(s for s in paper.sources if s.name == "CodeEditSearchRetrieval")
    assert edit.skip_first == 1000 and len(edit.languages) == 13 and edit.loss_weight < 1
    adv = next(s for s in paper.sources if s.name == "AdvTrain")
    assert adv.task == "CodeSearchNetRetrieval"  # AdvTrain has no prompt of its own
    assert (paper.negatives.store, paper.negatives.train, paper.negatives.range_min, paper.negatives.range_max,
            paper.negatives.max_score, paper.negatives.relative_margin) == (24, 7, 5, 100, 0.8, 0.05)


def test_heldout_recipe_has_no_source_from_an_mteb_code_task():
    heldout, paper = load_recipe("heldout"), load_recipe("paper")
    tasks = _mteb_code_tasks()
    mteb_repos = {dataset["path"] for dataset in tasks.values()} | {s.hub for s in paper.sources}
    assert heldout.mteb_tasks == []
    assert not {s.hub for s in heldout.sources} & mteb_repos
    assert all(s.task in QUERY_INSTRUCTIONS for s in heldout.sources)
    assert heldout.decontaminate.enabled and len(heldout.decontaminate.test_sets) == 12


def _paper_data() -> dict:
    return yaml.safe_load((shipped_recipe_dir() / "paper.yaml").read_text())


def _write(tmp_path: Path, data: dict, name: str = "paper.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    (tmp_path / "test-sets.yaml").write_text((FIXTURES / "data_recipe" / "test-sets.yaml").read_text())
    return path


def _edit(change):
    data = _paper_data()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["sources"][3].pop("revision"), "paper.yaml: sources[3].revision: required"),
        (lambda d: d["sources"][1].update(name="../escape"),
         "paper.yaml: sources[1].name: must be letters, digits, '_', '-' or '.', starting with a letter or digit, "
         "got '../escape'"),
        (lambda d: d["sources"][0].update(split="test"),
         "paper.yaml: sources[0].split: 'test' is not the train split: only train splits are read while "
         "decontamination is on"),
        (lambda d: d["sources"][1].update(split="validation"),
         "paper.yaml: sources[1].split: 'validation' is not the train split: only train splits are read while "
         "decontamination is on"),
        (lambda d: d["sources"][2].update(colums={}),
         "paper.yaml: sources[2].colums: unknown key (known: name, hub, revision, layout, languages, configs, "
         "data_dir, split, columns, transforms, min_score, skip_first, first_rows, max_rows, loss_weight, "
         "prompt_task, mteb_task, note)"),
        (lambda d: d["sources"][4].update(layout="csv"), "paper.yaml: sources[4].layout: must be one of beir, pairs, "
         "got 'csv'"),
        (lambda d: d["sources"][2]["columns"].pop("positive"),
         "paper.yaml: sources[2].columns.positive: required for layout pairs (the dataset's column name)"),
        (lambda d: d["sources"][3].pop("prompt_task"),
         "paper.yaml: sources[3].prompt_task: required: 'AdvTrain' is not an MTEB(Code) task, so name the task "
         "whose prompt it uses"),
        (lambda d: d["sources"][5].update(name="AppsRetrieval"),
         "paper.yaml: sources[5].name: 'AppsRetrieval' is already the name of sources[4] (one output per name)"),
        (lambda d: d["sources"][0].update(hub="CodeSearchNet"),
         "paper.yaml: sources[0].hub: must be a Hub dataset id 'org/name', got 'CodeSearchNet'"),
        (lambda d: d["sources"][0].update(languages=[]), "paper.yaml: sources[0].languages: must name at least one "
         "language"),
        (lambda d: d["sources"][0]["configs"].update(qrels="qrels"),
         None),  # valid: one template with {lang} is enough
        (lambda d: d["sources"][12].update(loss_weight=0), "paper.yaml: sources[12].loss_weight: must be > 0, got 0"),
        (lambda d: d["sources"][12].update(skip_first="1000"),
         "paper.yaml: sources[12].skip_first: must be an integer, got '1000'"),
        (lambda d: d["sources"][2].update(transforms=["strip_comments"]),
         "paper.yaml: sources[2].transforms[0]: unknown transform 'strip_comments' (known: strip_docstring)"),
        (lambda d: d["negatives"].update(train=30), "paper.yaml: negatives.train: must be <= store (24), got 30"),
        (lambda d: d["negatives"].update(range_max=20),
         "paper.yaml: negatives.range_max: ranks 5..19 hold 15 candidates, fewer than store (24)"),
        (lambda d: d["decontaminate"].update(test_sets="no-such-sets"),
         "test_sets: no such file or shipped name: 'no-such-sets'"),
        (lambda d: d.update(version=2), "paper.yaml: version: unsupported version 2 (this c2llm reads version 1)"),
        (lambda d: d["decontaminate"].update(minhash={"threshold": 1.5}),
         "paper.yaml: decontaminate.minhash.threshold: must be <= 1, got 1.5"),
        (lambda d: d.pop("sources"), "paper.yaml: sources: required"),
    ],
)
def test_recipe_errors_name_the_file_and_key(tmp_path, change, message):
    path = _write(tmp_path, _edit(change))
    if message is None:
        assert load_recipe(path).name == "paper"
        return
    with pytest.raises(RecipeError) as error:
        load_recipe(path)
    assert str(error.value) == message


def test_a_test_split_is_allowed_only_with_decontamination_off(tmp_path):
    data = _edit(lambda d: d["sources"][0].update(split="test"))
    data["decontaminate"] = {"enabled": False}
    assert load_recipe(_write(tmp_path, data)).sources[0].split == "test"


def test_errors_in_a_test_sets_file_name_that_file(tmp_path):
    data = _paper_data()
    data["decontaminate"]["test_sets"] = "test-sets.yaml"
    path = _write(tmp_path, data)
    sets = yaml.safe_load((tmp_path / "test-sets.yaml").read_text())
    sets["test_sets"][1]["name"] = "CosQAv2"
    (tmp_path / "test-sets.yaml").write_text(yaml.safe_dump(sets))
    with pytest.raises(RecipeError) as error:
        load_recipe(path)
    assert str(error.value) == ("test-sets.yaml: test_sets[1].name: a test set's name must be an MTEB(Code) task, "
                                "whose prompt applies; 'CosQAv2' is not")


def test_invalid_yaml_and_missing_recipe(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("version: 1\nsources: [\n  - {name: x\n")
    with pytest.raises(RecipeError, match=r"^broken\.yaml:\d+: invalid YAML \("):
        load_recipe(path)
    with pytest.raises(RecipeError) as error:
        load_recipe(tmp_path / "none.yaml")
    assert str(error.value) == (f"--recipe: no such file, and not a shipped recipe (paper, heldout): "
                                f"{tmp_path / 'none.yaml'}")
