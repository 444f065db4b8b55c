"""Vectors in Qdrant, for indexes that outgrow one machine: :class:`QdrantVectors`, the
:class:`~c2llm.search.vectors.VectorStore` of ``--store qdrant://HOST:PORT/COLLECTION`` or
``http(s)://HOST:PORT/COLLECTION`` (a Qdrant server or cluster) and ``--store qdrant:///PATH/COLLECTION``
(qdrant-client's local mode, a folder; for tests and small setups).

The SQLite file under ``.c2llm/`` stays the source of truth for files, units, keywords and the content-keyed vector
cache (so incremental updates and moves work as with the embedded store); Qdrant holds one point per unit, id = unit
id, with its vector and a payload of path, lines, language, name and content hash, and answers the dense side of
searches. After each update the index syncs it: points of removed units are deleted first (ids can be reused), then
units without a point are upserted in batches, each batch recorded in SQLite once Qdrant has it, so an interrupted
sync resumes. The first sync of a new or rebuilt index deletes the collection's c2llm points (those with a
``content_hash`` payload; any other point is left alone): they belong to an earlier build, whose unit ids the new one
reuses for other code. Searches answer only with points recorded as written for the current units, so nothing stale
is served before a sync completes.

Qdrant always gets full float32 vectors: the index file of a Qdrant index keeps them in float32 whatever
``--vector-type`` says (int8 is the storage format of the embedded store). ``--vector-type int8`` creates the
collection with Qdrant's own scalar quantisation (int8, quantised vectors in RAM, the float32 originals kept for
rescoring).
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from urllib.parse import urlparse

import numpy as np

from ..errors import UserError
from .store import Store
from .units import Unit

SYNC_BATCH = 512
PATH_FILTER_OVERFETCH = 10  # path globs are applied after the query: fetch this many times k


class QdrantStoreError(UserError):
    """A bad ``--store`` URL, qdrant-client missing, or a collection of another dimension."""


class QdrantVectors:
    """The dense side of an index (the units of the index file ``store``) in one Qdrant collection."""

    float32_cache = True  # every sync reads the vectors it sends from the index file

    def __init__(self, client, collection: str, store: Store, url: str = ""):
        self.client, self.collection, self.store, self.url = client, collection, store, url

    @classmethod
    def from_url(cls, url: str, store: Store) -> QdrantVectors:
        """``qdrant://HOST:PORT/COLLECTION``, ``http(s)://HOST:PORT/COLLECTION`` or ``qdrant:///PATH/COLLECTION``
        (local mode)."""
        parsed = urlparse(url)
        folder, _, collection = parsed.path.rstrip("/").rpartition("/")
        try:
            port = parsed.port or 6333
        except ValueError:  # a port that is not a number in 0..65535
            port = None
        if parsed.scheme not in ("qdrant", "http", "https") or not collection or port is None or (
                parsed.scheme != "qdrant" and not parsed.netloc):
            raise QdrantStoreError(f"--store: expected qdrant://HOST:PORT/COLLECTION, http(s)://HOST:PORT/COLLECTION "
                                   f"or qdrant:///PATH/COLLECTION, got {url!r}")
        try:
            from qdrant_client import QdrantClient
        except ImportError:
            raise QdrantStoreError(f"--store {parsed.scheme}://...: qdrant-client is not installed (pip install "
                                   "'c2llm[qdrant]')") from None
        if parsed.scheme in ("http", "https"):
            client = QdrantClient(url=f"{parsed.scheme}://{parsed.hostname}", port=port,
                                  prefix=folder.strip("/") or None)
        elif parsed.netloc:
            client = QdrantClient(host=parsed.hostname, port=port)
        else:
            client = QdrantClient(path=folder or "/")
        return cls(client, collection, store, url)

    def close(self) -> None:
        self.client.close()

    def ensure(self, dimension: int, vector_type: str = "float32") -> None:
        """Create the collection (cosine distance; ``int8``: with Qdrant's int8 scalar quantisation) if missing;
        refuse one of another dimension."""
        from qdrant_client import models

        if not self.client.collection_exists(self.collection):
            quantization = None if vector_type == "float32" else models.ScalarQuantization(
                scalar=models.ScalarQuantizationConfig(type=models.ScalarType.INT8, always_ram=True))
            self.client.create_collection(self.collection, vectors_config=models.VectorParams(
                size=dimension, distance=models.Distance.COSINE), quantization_config=quantization)
            return
        size = self.client.get_collection(self.collection).config.params.vectors.size
        if size != dimension:
            raise QdrantStoreError(f"Qdrant collection {self.collection!r} holds {size}-dimensional vectors, the "
                                   f"model gives {dimension}; use another collection")

    def sync(self) -> int:
        """Create the collection once the index knows its dimension, delete the points of removed units, upsert
        units without a point; returns how many were upserted."""
        dimension = self.store.meta("dimension")
        if dimension is None:  # nothing embedded yet
            return 0
        self.ensure(int(dimension), self.store.meta("vector_type") or "float32")
        if not self.store.has_synced():  # a new or rebuilt index: c2llm points there are an earlier build's
            self.delete_earlier_build()
        deletes = self.store.remote_deletes()
        if deletes:
            self.delete(deletes)
            self.store.clear_remote_deletes(deletes)
        upserted = 0
        while batch := self.store.unsynced(SYNC_BATCH):
            self.upsert(batch)
            self.store.mark_synced([unit_id for unit_id, _, _ in batch])
            upserted += len(batch)
        return upserted

    def upsert(self, points: list[tuple[int, Unit, np.ndarray]]) -> None:
        """Write (unit id, unit, float32 vector) points, each with its unit's payload."""
        from qdrant_client import models

        self.client.upsert(self.collection, points=[
            models.PointStruct(id=unit_id, vector=np.asarray(vector, dtype=np.float32).tolist(), payload={
                "path": unit.path, "start_line": unit.start_line, "end_line": unit.end_line,
                "language": unit.language, "name": unit.name, "content_hash": unit.content_hash})
            for unit_id, unit, vector in points])

    def delete_earlier_build(self) -> None:
        """Delete every point a c2llm index wrote (a ``content_hash`` payload), and nothing else."""
        from qdrant_client import models

        self.client.delete(self.collection, points_selector=models.FilterSelector(filter=models.Filter(must_not=[
            models.IsEmptyCondition(is_empty=models.PayloadField(key="content_hash"))])))

    def delete(self, ids: list[int]) -> None:
        """Delete the points of these unit ids."""
        from qdrant_client import models

        self.client.delete(self.collection, points_selector=models.PointIdsList(points=ids))

    def count(self) -> int:
        return self.client.count(self.collection, exact=True).count if self.client.collection_exists(
            self.collection) else 0

    def search(self, vector: np.ndarray, k: int, *, language: str | None = None,
               path_glob: str | None = None) -> list[tuple[int, float]]:
        """(unit id, cosine) of the ``k`` nearest points, filtered by language (in Qdrant) and path glob (after);
        points not written for a current unit (removed since the last sync, or left by an earlier build until the
        first sync of a rebuilt index) are left out."""
        from qdrant_client import models

        if not self.client.collection_exists(self.collection):
            return []
        query_filter = None if language is None else models.Filter(must=[
            models.FieldCondition(key="language", match=models.MatchValue(value=language))])
        limit = k * PATH_FILTER_OVERFETCH if path_glob else k
        points = self.client.query_points(self.collection, query=np.asarray(vector, dtype=np.float32).tolist(),
                                          query_filter=query_filter, limit=limit, with_payload=["path"]).points
        hits = [(int(point.id), float(point.score)) for point in points
                if path_glob is None or fnmatchcase(point.payload["path"], path_glob)]
        current = self.store.synced(unit_id for unit_id, _ in hits)
        return [(unit_id, score) for unit_id, score in hits if unit_id in current][:k]
