"""The `group` column of a training table: rows of one group never share a batch, the column is never trained on as
a text, and the loader keeps it as text and drops rows without one (docs/data.md)."""

from __future__ import annotations

import json
import logging

import pytest

from c2llm.build import load_model
from c2llm.cli.train import parse_config
from c2llm.data.training import GROUP_COLUMN, DataError, load_training_data
from c2llm.training.finite_trainer import FiniteStepTrainer
from c2llm.training.trainer import make_losses, training_arguments
from tests.test_training import QUERIES, run_args, toy_rows, train_main, write_jsonl

PROBLEMS = 6


def grouped_rows(per_group: int = 4) -> list[dict]:
    """``PROBLEMS`` x ``per_group`` rows, every text distinct; the group is the problem (an int, as POJ-104 files
    often carry it)."""
    return [{"query": f"solve problem {g}, variant {i}", "positive": f"int p{g}_{i}() {{ return {g * 10 + i}; }}",
             "negative_1": f"int other{g}_{i}() {{ return -{i}; }}", "group": g}
            for g in range(PROBLEMS) for i in range(per_group)]


def trainer_for(model_dir, tmp_path, rows, batch_size=4):
    data = write_jsonl(tmp_path / "grouped.jsonl", rows)
    config = parse_config(run_args(model_dir, data, tmp_path / "out", "--batch-size", str(batch_size)))
    train_data, _ = load_training_data([str(data)], None)
    model = load_model(str(model_dir))
    trainer = FiniteStepTrainer(model=model, args=training_arguments(config, {}, distributed=False),
                                train_dataset=train_data, loss=make_losses(model, config, False, None))
    return trainer, train_data


def batches_of(trainer, epochs: int = 3) -> list[list[int]]:
    """The row indices of every batch the trainer's own sampler draws over ``epochs`` shuffles."""
    sampler = trainer.get_train_dataloader().batch_sampler
    batches = []
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        batches.extend(list(indices) for indices in sampler)
    return batches


def test_rows_of_one_group_never_share_a_training_batch(model_dir, tmp_path):
    trainer, train_data = trainer_for(model_dir, tmp_path, grouped_rows())
    dataset = trainer.get_train_dataloader().dataset
    seen, batches = [], 0
    for indices in batches_of(trainer):  # several shuffles: 6 groups of 4 in batches of 4 would collide by chance
        groups = [dataset[i][GROUP_COLUMN] for i in indices]
        assert len(set(groups)) == len(groups), groups
        seen.extend(indices)
        batches += 1
    assert batches >= 3 * len(train_data["grouped"]) // 4 and len(set(seen)) == len(train_data["grouped"])


def test_without_the_column_the_same_sampler_mixes_groups(model_dir, tmp_path):
    """The check above is not vacuous: the same rows without their group land together in some batch."""
    rows = grouped_rows()
    trainer, _ = trainer_for(model_dir, tmp_path, [{k: v for k, v in r.items() if k != "group"} for r in rows])
    group_of = {row["query"]: row["group"] for row in rows}
    dataset = trainer.get_train_dataloader().dataset
    mixed = 0
    for indices in batches_of(trainer):
        groups = [group_of[dataset[i]["query"]] for i in indices]
        mixed += len(groups) - len(set(groups))
    assert mixed > 0


def test_the_group_is_never_tokenized_as_a_text(model_dir, tmp_path):
    rows = grouped_rows()
    trainer, _ = trainer_for(model_dir, tmp_path, rows)
    features = [{"query": r["query"], "positive": r["positive"], "negative_1": r["negative_1"], "group": str(r["group"])}
                for r in rows[:4]]
    batch = trainer.data_collator(features)
    plain = trainer.data_collator([{k: v for k, v in row.items() if k != "group"} for row in features])
    assert not any(key.startswith("group") for key in batch)
    assert batch.keys() == plain.keys()
    for key, value in plain.items():
        if hasattr(value, "tolist"):
            assert batch[key].tolist() == value.tolist()
        else:
            assert batch[key] == value


def test_the_loader_keeps_groups_as_text_and_drops_rows_without_one(tmp_path, caplog):
    rows = grouped_rows(2) + [{"query": "q none", "positive": "p none", "negative_1": "n", "group": None},
                              {"query": "q empty", "positive": "p empty", "negative_1": "n", "group": ""}]
    path = tmp_path / "grouped.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(json.dumps({"query": "a", "positive": "b", "group": 7}) + "\n"
                     + json.dumps({"query": "c", "positive": "d", "group": "7"}) + "\n")
    with caplog.at_level(logging.WARNING):
        data, report = load_training_data([str(path)], None)
    assert report.dropped == {str(path): 2}
    assert f"{path}: dropped 2 bad row(s) (missing, empty or non-string text, or no group)" in caplog.text
    assert data["grouped"].column_names == ["query", "positive", "negative_1", "group"]
    assert data["grouped"]["group"] == [str(g) for g in range(PROBLEMS) for _ in range(2)]
    data, _ = load_training_data([str(mixed)], None)
    assert data["mixed"]["group"] == ["7", "7"]  # one group, however the file spells it
    plain = write_jsonl(tmp_path / "plain.jsonl", toy_rows())
    data, _ = load_training_data([str(plain)], None)
    assert GROUP_COLUMN not in data["plain/python"].column_names  # no column, nothing added


def test_a_run_with_groups_trains(model_dir, tmp_path):
    rows = [{**row, "group": i % 3} for i, row in enumerate(toy_rows())]
    data = write_jsonl(tmp_path / "train.jsonl", rows)
    results = train_main(run_args(model_dir, data, tmp_path / "out"))
    assert results["global_steps"] == 4 and results["datasets"] == {"train/python": len(QUERIES)}
    assert results["dropped_rows"] == {data.name: 0}


# a float among integers makes datasets read the whole column as floats: the first row is then the one named
@pytest.mark.parametrize(("value", "found", "row"), [({"a": 1}, "dict", 2), ([1, 2], "list", 2), (True, "bool", 2),
                                                     (0.5, "float", 1)])
def test_a_group_that_is_not_a_string_or_integer_is_refused_naming_file_and_row(tmp_path, value, found, row):
    rows = [{"query": "a", "positive": "b", "group": 1}, {"query": "c", "positive": "d", "group": value}]
    path = write_jsonl(tmp_path / "bad.jsonl", rows)
    with pytest.raises(DataError) as error:
        load_training_data([str(path)], None)
    assert str(error.value) == f"{path} row {row}: column 'group' must hold a string or an integer, got {found}"
