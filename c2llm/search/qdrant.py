"""Vectors in Qdrant, for indexes that outgrow one machine: ``--store qdrant://HOST:PORT/COLLECTION`` (a Qdrant
server or cluster) or ``--store qdrant:///PATH/COLLECTION`` (qdrant-client's local mode, a folder; for tests and
small setups).

The SQLite file under ``.c2llm/`` stays the source of truth for files, units, keywords and the content-keyed vector
cache (so incremental updates and moves work as with the embedded store); Qdrant holds one point per unit, id = unit
id, with its vector and a payload of path, lines, language, name and content hash, and answers the dense side of
searches. After each update the index syncs it: points of removed units are deleted first (ids can be reused), then
units without a point are upserted in batches, each batch recorded in SQLite once Qdrant has it, so an interrupted
sync resumes.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from urllib.parse import urlparse

import numpy as np

from ..errors import UserError
from .store import Store

SYNC_BATCH = 512
PATH_FILTER_OVERFETCH = 10  # path globs are applied after the query: fetch this many times k


class QdrantStoreError(UserError):
    """A bad ``--store`` URL, qdrant-client missing, or a collection of another dimension."""


def is_qdrant_url(store: str | None) -> bool:
    return bool(store) and store.startswith("qdrant://")


class QdrantVectors:
    """The dense side of an index in one Qdrant collection."""

    def __init__(self, client, collection: str):
        self.client, self.collection = client, collection

    @classmethod
    def from_url(cls, url: str) -> QdrantVectors:
        """``qdrant://HOST:PORT/COLLECTION`` or ``qdrant:///PATH/COLLECTION`` (local mode)."""
        try:
            from qdrant_client import QdrantClient
        except ImportError:
            raise QdrantStoreError("--store qdrant://...: qdrant-client is not installed (pip install "
                                   "'c2llm[qdrant]')") from None
        parsed = urlparse(url)
        folder, _, collection = parsed.path.rstrip("/").rpartition("/")
        if parsed.scheme != "qdrant" or not collection:
            raise QdrantStoreError(f"--store: expected qdrant://HOST:PORT/COLLECTION or qdrant:///PATH/COLLECTION, "
                                   f"got {url!r}")
        if parsed.netloc:
            client = QdrantClient(host=parsed.hostname, port=parsed.port or 6333)
        else:
            client = QdrantClient(path=folder or "/")
        return cls(client, collection)

    def close(self) -> None:
        self.client.close()

    def ensure(self, dimension: int) -> None:
        """Create the collection (cosine distance) if missing; refuse one of another dimension."""
        from qdrant_client import models

        if not self.client.collection_exists(self.collection):
            self.client.create_collection(self.collection, vectors_config=models.VectorParams(
                size=dimension, distance=models.Distance.COSINE))
            return
        size = self.client.get_collection(self.collection).config.params.vectors.size
        if size != dimension:
            raise QdrantStoreError(f"Qdrant collection {self.collection!r} holds {size}-dimensional vectors, the "
                                   f"model gives {dimension}; use another collection")

    def sync(self, store: Store) -> int:
        """Delete the points of removed units, upsert units without a point; returns how many were upserted."""
        from qdrant_client import models

        deletes = store.remote_deletes()
        if deletes:
            self.client.delete(self.collection, points_selector=models.PointIdsList(points=deletes))
            store.clear_remote_deletes(deletes)
        upserted = 0
        while batch := store.unsynced(SYNC_BATCH):
            self.client.upsert(self.collection, points=[
                models.PointStruct(id=unit_id, vector=vector.tolist(), payload={
                    "path": unit.path, "start_line": unit.start_line, "end_line": unit.end_line,
                    "language": unit.language, "name": unit.name, "content_hash": unit.content_hash})
                for unit_id, unit, vector in batch])
            store.mark_synced([unit_id for unit_id, _, _ in batch])
            upserted += len(batch)
        return upserted

    def count(self) -> int:
        return self.client.count(self.collection, exact=True).count if self.client.collection_exists(
            self.collection) else 0

    def search(self, vector: np.ndarray, k: int, *, language: str | None = None,
               path_glob: str | None = None) -> list[tuple[int, float]]:
        """(unit id, cosine) of the ``k`` nearest points, filtered by language (in Qdrant) and path glob (after)."""
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
        return hits[:k]
