"""The approximate store (``--store usearch``, c2llm.search.ann): the same answers as the exact scan on a small index,
updates and deletions followed, a killed sync leaves nothing stale, and a missing or corrupt graph is one error line
that ``--rebuild`` mends."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from c2llm.cli import main
from c2llm.search.ann import EXPANSION_SEARCH, FILTER_OVERFETCH, UsearchVectors
from c2llm.search.index import Index
from c2llm.search.store import IndexStoreError, Store
from c2llm.search.units import Unit
from c2llm.search.vectors import SqliteVectors

pytest.importorskip("usearch")

WORDS = ("parse", "read", "write", "open", "close", "sort", "merge", "split", "join", "hash", "encode", "decode",
         "retry", "fetch", "cache", "load", "save", "render", "scan", "count")
# HNSW at this size is all but exhaustive; the done-when bar of the million-unit benchmark is 0.95
MIN_RECALL = 0.95


def make_repo(root: Path, files: int = 30, per_file: int = 12) -> Path:
    """``files`` Python files of ``per_file`` distinct small functions each."""
    for number in range(files):
        path = root / f"pkg{number % 3}" / f"mod{number}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        functions = []
        for index in range(per_file):
            verb, noun = WORDS[(number + index) % len(WORDS)], WORDS[(number * 7 + index * 3) % len(WORDS)]
            functions.append(f"def {verb}_{noun}_{number}_{index}(value):\n"
                             f"    \"\"\"{verb} the {noun} of value {number * per_file + index}.\"\"\"\n"
                             f"    return value * {index + 1} + {number}\n")
        path.write_text("\n\n".join(functions))
    return root


def located(index: Index, hits: list[tuple[int, float]]) -> list[tuple[str, int]]:
    units = index.store.units(unit_id for unit_id, _ in hits)
    return [(units[unit_id].path, units[unit_id].start_line) for unit_id, _ in hits]


def test_approximate_store_answers_like_the_exact_scan_with_filters(tmp_path, model_dir):
    repo = make_repo(tmp_path / "repo")
    with Index.open(repo, model=str(model_dir), store="usearch") as index:
        report = index.update(progress=False)
        assert report.remote_upserted == report.embedded == report.units
        assert index.vector_store.count() == report.units
        exact = SqliteVectors("sqlite", index.store)
        vectors = index.encode_queries([f"{verb} the {noun}" for verb in WORDS[:10] for noun in WORDS[10:]])
        recalls = []
        for vector in vectors:
            approximate, truth = index.vector_store.search(vector, 10), exact.search(vector, 10)
            recalls.append(len({i for i, _ in approximate} & {i for i, _ in truth}) / 10)
            # the approximate side rescores with the exact cosines of the index file
            truth_scores = dict(truth)
            for unit_id, score in approximate:
                if unit_id in truth_scores:
                    assert score == pytest.approx(truth_scores[unit_id], abs=1e-5)
            for filters in ({"language": "python"}, {"path_glob": "pkg1/*"}):
                filtered = index.vector_store.search(vector, 5, **filters)
                assert [i for i, _ in filtered] == [i for i, _ in exact.search(vector, 5, **filters)]
        assert np.mean(recalls) >= MIN_RECALL
        assert index.vector_store.search(vectors[0], 5, path_glob="nowhere/*") == []


def test_a_filter_that_the_graphs_nearest_points_miss_is_answered_by_the_exact_scan(tmp_path):
    """With a filter the graph is asked for FILTER_OVERFETCH x k points; when fewer than k of them pass, the exact scan
    answers (c2llm/search/ann.py): a filtered search is never short of what the filter matches. Hand-made vectors:
    200 Python units near the query, 6 Go units in one file opposite it."""
    rng = np.random.default_rng(0)
    dimension, near_count, far_count = 8, 200, 6
    axis = np.eye(dimension, dtype=np.float32)[0]
    vectors = np.concatenate([axis + 0.3 * rng.standard_normal((near_count, dimension)),
                              -axis + 0.3 * rng.standard_normal((far_count, dimension))]).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    near = [Unit(f"near/m{i % 20}.py", i + 1, i + 1, "python", f"f{i}", "function", f"def f{i}(): pass")
            for i in range(near_count)]
    far = [Unit("far.go", i + 1, i + 1, "go", f"g{i}", "function", f"func g{i}() {{}}") for i in range(far_count)]
    store = Store(tmp_path / ".c2llm" / "index.db")
    keys = [f"k{i}" for i in range(near_count + far_count)]
    with store.transaction():
        for path in sorted({unit.path for unit in near + far}):
            chosen = [(unit, key) for unit, key in zip(near + far, keys) if unit.path == path]
            store.replace_file(path, 1, 1, "h", [unit for unit, _ in chosen], [key for _, key in chosen])
        store.write_meta({"dimension": str(dimension)})
    store.put_embeddings(keys, vectors)
    graph = UsearchVectors("usearch", store)
    assert graph.sync() == near_count + far_count
    units, exact = store.units(), SqliteVectors("sqlite", store)
    k = 5
    # the graph's FILTER_OVERFETCH x k nearest points are all Python units: none passes a Go filter
    assert {units[i].language for i, _ in graph.search(axis, k * FILTER_OVERFETCH)} == {"python"}
    for filters in ({"language": "go"}, {"path_glob": "far.go"}, {"language": "go", "path_glob": "*.go"}):
        found, truth = graph.search(axis, k, **filters), exact.search(axis, k, **filters)
        assert len(truth) == k and {units[i].path for i, _ in truth} == {"far.go"}
        assert [i for i, _ in found] == [i for i, _ in truth], filters
        assert [score for _, score in found] == pytest.approx([score for _, score in truth], abs=1e-5)
        # the exact cosines, best first
        expected = sorted((vectors[near_count:] @ axis).tolist(), reverse=True)[:k]
        assert [score for _, score in found] == pytest.approx(expected, abs=1e-5)
    graph.close()
    store.close()


def test_the_walk_keeps_expansion_search_candidates_and_the_answer_is_rescored_exactly(tmp_path):
    """Unfiltered, the graph is walked with EXPANSION_SEARCH candidates for the k points it returns, and those k come
    back by exact cosine (c2llm/search/ann.py): among near-duplicates the graph's own f16 order is not the answer."""
    rng = np.random.default_rng(1)
    dimension, count = 8, 300
    base = rng.standard_normal(dimension).astype(np.float32)
    vectors = (base + 0.05 * rng.standard_normal((count, dimension))).astype(np.float32)  # near-duplicates of one
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    units = [Unit(f"copy{i % 30}/m.py", i + 1, i + 1, "python", f"f{i}", "function", f"def f{i}(): pass")
             for i in range(count)]
    store = Store(tmp_path / ".c2llm" / "index.db")
    keys = [f"k{i}" for i in range(count)]
    with store.transaction():
        for path in sorted({unit.path for unit in units}):
            chosen = [(unit, key) for unit, key in zip(units, keys) if unit.path == path]
            store.replace_file(path, 1, 1, "h", [unit for unit, _ in chosen], [key for _, key in chosen])
        store.write_meta({"dimension": str(dimension)})
    store.put_embeddings(keys, vectors)
    graph = UsearchVectors("usearch", store)
    graph.sync()
    asked = []
    graph.search(base, 1)  # opens the memory-mapped view
    view_search = graph._view.search

    def recording(vector, count, **kwargs):
        asked.append((count, graph._view.expansion_search))
        return view_search(vector, count, **kwargs)

    graph._view.search = recording
    k = 10
    found = graph.search(base, k)
    assert asked == [(k, EXPANSION_SEARCH)] and EXPANSION_SEARCH == 512
    candidates = [int(key) for key in view_search(base, k).keys]
    ids, matrix = store.vectors(candidates)
    cosines = dict(zip(ids, (matrix @ base).tolist()))
    assert [unit_id for unit_id, _ in found] == sorted(cosines, key=lambda unit_id: -cosines[unit_id])
    assert [score for _, score in found] == pytest.approx(sorted(cosines.values(), reverse=True), abs=1e-5)
    graph.close()
    store.close()


def test_updates_and_deletions_never_answer_from_the_graph(tmp_path, model_dir):
    repo = make_repo(tmp_path / "repo")
    with Index.open(repo, model=str(model_dir), store="usearch") as index:
        index.update(progress=False)
        old = {unit_id: unit for unit_id, unit in index.store.units().items() if unit.path == "pkg0/mod0.py"}
        old_vectors = index.vectors_of(list(old))
        (repo / "pkg0/mod0.py").write_text("def brand_new(value):\n    return value - 1\n")
        (repo / "pkg1/mod1.py").unlink()
        report = index.update(progress=False)
        assert (report.files_changed, report.files_removed) == (1, 1)
        current = set(index.store.units())
        assert index.vector_store.count() == len(current)
        for vector in old_vectors.values():  # the removed units were each other's nearest: none answers now
            hits = index.vector_store.search(vector, 20)
            assert hits and all(unit_id in current for unit_id, _ in hits) and not set(old) & {i for i, _ in hits}
            assert "pkg1/mod1.py" not in {path for path, _ in located(index, hits)}
        new_id = next(unit_id for unit_id, unit in index.store.units().items() if unit.name == "brand_new")
        assert index.vector_store.search(index.vectors_of([new_id])[new_id], 1)[0][0] == new_id


def test_a_killed_sync_is_redone_and_leaves_no_stale_point(tmp_path, model_dir, monkeypatch):
    repo = make_repo(tmp_path / "repo")
    with Index.open(repo, model=str(model_dir), store="usearch") as index:
        index.update(progress=False)
        removed = {unit_id for unit_id, unit in index.store.units().items() if unit.path == "pkg2/mod2.py"}
        removed_vectors = index.vectors_of(sorted(removed))
        (repo / "pkg2/mod2.py").write_text("def replaced(value):\n    return -value\n")

        def killed(ids):  # the graph file is written, the index file never hears of it
            raise KeyboardInterrupt

        monkeypatch.setattr(index.store, "mark_synced", killed)
        with pytest.raises(KeyboardInterrupt):
            index.update(progress=False)
        monkeypatch.undo()
        for vector in removed_vectors.values():  # the graph still holds them; searches drop them
            assert not {unit_id for unit_id, _ in index.vector_store.search(vector, 30)} & removed
        report = index.update(progress=False)
        assert report.remote_upserted == 1  # the replacement unit, added again over the killed sync's copy
        assert index.vector_store.count() == index.store.count("units")


def test_missing_or_corrupt_graph_is_one_error_line_that_rebuild_mends(tmp_path, model_dir, capsys):
    repo = make_repo(tmp_path / "repo", files=4)
    assert main(["index", str(repo), "--model", str(model_dir), "--store", "usearch", "--no-progress"]) == 0
    graph = repo / ".c2llm" / "vectors.usearch"
    mend = f"rebuild the index with `c2llm index {repo} --rebuild`"
    for damage, message in ((lambda: graph.unlink(), "missing, but the index records vectors there"),
                            (lambda: graph.write_bytes(b"not a graph"), "not a readable usearch graph")):
        damage()
        capsys.readouterr()
        assert main(["search", "parse the hash", str(repo), "--no-update", "--mode", "dense"]) == 2
        error = capsys.readouterr().err
        assert error.startswith(f"error: {graph}: {message}") and error.endswith(f"; {mend}\n")
        assert error.count("\n") == 1
        assert main(["index", str(repo), "--rebuild", "--no-progress"]) == 0
        capsys.readouterr()
        with Index.open(repo, create=False) as index:  # the rebuild kept the store it was told at first
            assert index.status()["vector_store"] == "usearch"
            assert index.vector_store.count() == index.store.count("units")
        assert main(["search", "parse the hash", str(repo), "--mode", "dense", "-k", "1"]) == 0


def test_store_urls_of_the_file_stores_are_their_bare_names(tmp_path, model_dir):
    repo = make_repo(tmp_path / "repo", files=1)
    with pytest.raises(IndexStoreError, match=r"--store: expected sqlite, usearch, qdrant://HOST:PORT/COLLECTION, "
                       r".* got 'usearch://x'"):
        Index.open(repo, model=str(model_dir), store="usearch://x")


def test_without_usearch_installed_the_store_names_the_extra(tmp_path, model_dir, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "usearch.index", None)  # import fails as if not installed
    with pytest.raises(IndexStoreError, match=r"^--store usearch: usearch is not installed \(pip install "
                       r"'c2llm\[ann\]'\)$"):
        Index.open(make_repo(tmp_path / "repo", files=1), model=str(model_dir), store="usearch")


def test_a_long_lived_search_sees_another_processes_sync(tmp_path, model_dir):
    repo = make_repo(tmp_path / "repo", files=3)
    with Index.open(repo, model=str(model_dir), store="usearch") as server, \
            Index.open(repo, model=str(model_dir)) as writer:
        server.update(progress=False)
        vector = server.encode_queries(["parse the hash"])[0]
        server.vector_store.search(vector, 5)  # the graph is mapped now
        (repo / "pkg0/late.py").write_text("def late_arrival(value):\n    return value\n")
        writer.update(progress=False)  # another process's update: a new graph file
        new_id = next(i for i, unit in server.store.units().items() if unit.name == "late_arrival")
        assert server.vector_store.search(server.vectors_of([new_id])[new_id], 1)[0][0] == new_id
