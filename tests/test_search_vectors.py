"""The vector store seam (:mod:`c2llm.search.vectors`): the registry picks a backend by URL scheme, a registered
backend serves the index's dense side, a bad URL is refused before the index records it, and a Qdrant index gets
float32 vectors even with ``--vector-type int8`` (Qdrant quantises them itself)."""

from __future__ import annotations

import numpy as np
import pytest

from c2llm.search import vectors as vectors_module
from c2llm.search.index import Index
from c2llm.search.store import IndexStoreError, Store, decode_vectors, encode_vector
from c2llm.search.units import embedding_text
from c2llm.search.vectors import SqliteVectors, open_vector_store, url_scheme
from tests.test_search_index import make_tree


@pytest.fixture()
def tiny(model_dir) -> str:
    return str(model_dir)


def test_url_schemes_pick_the_backend(tmp_path, monkeypatch):
    assert [url_scheme(url) for url in ("sqlite", "qdrant://h:1/c", "HTTPS://h/c", "qdrant:///p/c")] == [
        "sqlite", "qdrant", "https", "qdrant"]
    store = Store(tmp_path / "index.db")
    try:
        for url in (None, "sqlite"):
            backend = open_vector_store(url, store)
            assert isinstance(backend, SqliteVectors) and backend.url == "sqlite" and not backend.float32_cache
        for url in ("ftp://host/c", "sqlite:///elsewhere.db", "SQLite", "postgres", "usearch:///graph", "USearch"):
            with pytest.raises(IndexStoreError, match="--store: expected sqlite, usearch, qdrant://HOST:PORT/COL"):
                open_vector_store(url, store)
        qdrant_client = pytest.importorskip("qdrant_client")
        made = []

        class Client:  # no server here: what the URL turns into is enough
            def __init__(self, **kwargs):
                made.append(kwargs)

        monkeypatch.setattr(qdrant_client, "QdrantClient", Client)
        for url in ("http://db.local:7000/code", "https://db.local/proxy/code", "qdrant://db.local/code"):
            backend = open_vector_store(url, store)
            assert (backend.url, backend.collection, backend.float32_cache) == (url, "code", True)
        assert made == [{"url": "http://db.local", "port": 7000, "prefix": None},
                        {"url": "https://db.local", "port": 6333, "prefix": "proxy"},
                        {"host": "db.local", "port": 6333}]
    finally:
        store.close()


class MemoryVectors:
    """A backend that is not SQLite: copies the index file's vectors on sync and searches them with numpy."""

    float32_cache = True

    def __init__(self, url: str, store: Store):
        self.url, self.store, self.ids, self.matrix, self.closed = url, store, [], np.zeros((0, 0)), False

    def sync(self) -> int:
        self.ids, self.matrix = self.store.vectors()
        return len(self.ids)

    def search(self, vector, k, *, language=None, path_glob=None):
        assert language is None and path_glob is None
        scores = self.matrix @ vector
        return [(self.ids[row], float(scores[row])) for row in np.argsort(-scores)[:k]]

    def count(self) -> int:
        return len(self.ids)

    def close(self) -> None:
        self.closed = True


def test_a_registered_backend_answers_the_dense_side(tmp_path, tiny, monkeypatch):
    monkeypatch.setitem(vectors_module.VECTOR_STORES, "memory", MemoryVectors)
    repo, twin = make_tree(tmp_path / "repo"), make_tree(tmp_path / "twin")
    with Index.open(repo, model=tiny, store="memory://units", vector_type="int8") as index, \
            Index.open(twin, model=tiny) as local:
        assert isinstance(index.vector_store, MemoryVectors)
        report = index.update(progress=False)
        local.update(progress=False)
        assert report.remote_upserted == report.units == index.vector_store.count()
        assert index.status()["vector_store"] == "memory://units"
        # the backend copies the file's vectors: float32 ones, not int8, whatever the vector type
        assert index.store.vector_type == "float32" and index.status()["vector_type"] == "int8"
        for query in ("read a jsonl file", "fibonacci"):
            got, expected = index.search(query, mode="dense", k=4), local.search(query, mode="dense", k=4)
            assert [(h.unit.path, h.unit.start_line) for h in got] == [(h.unit.path, h.unit.start_line)
                                                                       for h in expected]
        backend = index.vector_store
    assert backend.closed
    with Index.open(repo) as again:  # the URL is recorded with the index
        assert isinstance(again.vector_store, MemoryVectors)


def test_a_bad_store_url_is_refused_and_not_recorded(tmp_path, tiny):
    repo = make_tree(tmp_path / "repo")
    with pytest.raises(IndexStoreError, match="--store: expected sqlite, .* got 'ftp://host/units'"):
        Index.open(repo, model=tiny, store="ftp://host/units")
    pytest.importorskip("qdrant_client")
    from c2llm.search.qdrant import QdrantStoreError

    with pytest.raises(QdrantStoreError, match=r"^--store: expected qdrant://HOST:PORT/COLLECTION, .* got "
                       r"'http://localhost:port/units'$"):  # a port that is no number: one line, no traceback
        Index.open(repo, model=tiny, store="http://localhost:port/units")
    with Index.open(repo, model=tiny) as index:  # not an index that keeps its vectors in ftp://...
        assert index.status()["vector_store"] == "sqlite"
        assert isinstance(index.vector_store, SqliteVectors)


def test_qdrant_gets_float32_vectors_of_an_int8_index_and_quantises_them_itself(tmp_path, tiny):
    pytest.importorskip("qdrant_client")
    from qdrant_client import models

    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny, store=f"qdrant://{tmp_path}/qdrant/units", vector_type="int8") as index:
        qdrant = index.vector_store
        created = []
        create = qdrant.client.create_collection
        qdrant.client.create_collection = lambda *args, **kwargs: (created.append(kwargs), create(*args, **kwargs))
        report = index.update(progress=False)
        assert report.remote_upserted == report.units > 0
        assert index.status()["vector_type"] == "int8"
        # local mode accepts but does not keep a quantisation config: what the index asked for is checked
        (config,) = [kwargs["quantization_config"] for kwargs in created]
        assert config == models.ScalarQuantization(scalar=models.ScalarQuantizationConfig(
            type=models.ScalarType.INT8, always_ram=True))
        # the index file keeps float32 blobs (4 bytes a dimension) for Qdrant to get
        dimension = index.encoder.dimension
        assert index.store.db.execute("SELECT DISTINCT length(vector) FROM embeddings").fetchall() == [
            (4 * dimension,)]
        units = index.store.units()
        points = qdrant.client.retrieve(qdrant.collection, list(units), with_vectors=True)
        assert len(points) == len(units)
        sent = np.array([point.vector for point in points], dtype=np.float32)
        encoded = index.encode_documents([embedding_text(units[int(point.id)]) for point in points])
        rounded = decode_vectors([encode_vector(row, "int8") for row in encoded], "int8")
        assert np.abs(rounded - encoded).max() > 1e-3  # what Qdrant got before: int8 rounding, visible at this scale
        np.testing.assert_allclose(sent, encoded, rtol=0, atol=1e-5)
        # searches score with them: a hit's score is the float32 cosine
        by_place = {(units[int(point.id)].path, units[int(point.id)].start_line): row
                    for point, row in zip(points, encoded)}
        query = index.encode_queries(["compute the nth fibonacci number"])[0]
        for hit in index.search("compute the nth fibonacci number", mode="dense", k=3):
            assert hit.score == pytest.approx(float(by_place[hit.unit.path, hit.unit.start_line] @ query), abs=1e-5)


def test_cached_vectors_by_key_in_either_vector_type(tmp_path, tiny):
    trees = {kind: make_tree(tmp_path / kind) for kind in ("float32", "int8")}
    with Index.open(trees["float32"], model=tiny) as exact, \
            Index.open(trees["int8"], model=tiny, vector_type="int8") as small:
        for index in (exact, small):
            index.update(progress=False)
        keys = [key for key, in exact.store.db.execute("SELECT key FROM embeddings ORDER BY key")]
        for index in (exact, small):
            cached = index.store.cached_vectors([*keys, "no-such-key"])
            assert sorted(cached) == keys  # unknown keys are left out
            # decoded like the index's own vectors: float32 as stored, int8 rescaled to unit length
            ids, matrix = index.store.vectors()
            units = index.store.units()
            want = {index.encoder.embed_key(embedding_text(units[i])): row for i, row in zip(ids, matrix)}
            for key in keys:
                np.testing.assert_array_equal(cached[key], want[key])
        # the int8 ones are within rounding of the float32 ones
        small_cached, exact_cached = small.store.cached_vectors(keys), exact.store.cached_vectors(keys)
        assert max(np.abs(small_cached[key] - exact_cached[key]).max() for key in keys) < 0.02
