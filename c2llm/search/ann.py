"""Approximate nearest neighbours for large indexes: :class:`UsearchVectors`, the
:class:`~c2llm.search.vectors.VectorStore` of ``--store usearch``, an HNSW graph (usearch) in one file beside the
index file (``.c2llm/vectors.usearch``).

The index file stays the source of truth for units and vectors; the graph is a copy that answers which units are
near a query. Each sync (after an update or an import) loads the graph, removes the points of removed units, adds the
units it lacks, writes the graph atomically, and only then records in the index file what it holds (the
``remote_points`` / ``remote_deletes`` tables a Qdrant store uses too), so that a killed sync is redone in full by the
next one. A search takes the graph's nearest points and rescores them with their exact cosines from the index file,
which also drops every point whose unit is gone (unit ids are never reused: changed code is a new unit), so a removed
or changed unit never answers, even from a graph that a killed sync left behind.

Near-duplicates (a monorepo's renamed, vendored and generated copies) set the search expansion: a cluster of copies
fills a greedy walk's candidate list, and a walk that keeps fewer candidates than such a cluster holds ends in the
first cluster it meets. More points asked for do not help (the graph returns more copies of that cluster); a wider
walk does (:data:`EXPANSION_SEARCH`). With a language or path filter the graph is asked for :data:`FILTER_OVERFETCH`
times more points; when fewer than ``k`` of them pass, the exact scan of the index file answers instead.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import TYPE_CHECKING

from .store import IndexStoreError, Store

if TYPE_CHECKING:
    import numpy as np

FILE_NAME = "vectors.usearch"  # beside the index file; a rebuild deletes it with that file
SYNC_BATCH = 8192  # vectors read from the index file per step of a sync
FILTER_OVERFETCH = 10
# HNSW settings, chosen on a million real function vectors by `python -m bench.scale`: recall@10 against the
# exact scan >= 0.95. Half-precision points: half the memory, no measurable recall loss.
DTYPE = "f16"
CONNECTIVITY = 16
EXPANSION_ADD = 128
# the smallest search expansion whose recall@10 by place reaches 0.95 among 40 renamed copies of each function
# (`python -m bench.scale --duplicates`: 0.88 at 128, 0.93 at 256, 0.98 at 512)
EXPANSION_SEARCH = 512


class UsearchVectors:
    """The dense side of an index (the units of the index file ``store``) in a usearch HNSW graph beside it."""

    float32_cache = False  # the graph is built from the index file's vectors, whatever their type

    def __init__(self, url: str, store: Store):
        if url != "usearch":
            raise IndexStoreError(f"--store: expected usearch (a graph beside the index file), got {url!r}")
        try:
            from usearch.index import Index
        except ImportError:
            raise IndexStoreError("--store usearch: usearch is not installed (pip install 'c2llm[ann]')") from None
        self.url, self.store, self._graph = url, store, Index
        self.path = Path(store.path).with_name(FILE_NAME)
        self._view = None  # the graph as searches read it (memory-mapped), opened on the first search
        self._stamp: tuple[int, int] | None = None  # (inode, mtime) of the file mapped

    # ------------------------------------------------------------------------------------------------ building

    def _load(self, dimension: int):
        """The graph to extend: the file's, or a new one when the index has no point recorded (a new or rebuilt
        index: a file there is an earlier build's)."""
        if self.store.has_synced():
            graph = self._open(view=False)
            if graph.ndim != dimension:
                raise IndexStoreError(f"{self.path} holds {graph.ndim}-dimensional vectors, the index "
                                      f"{dimension}-dimensional ones; rebuild it with `c2llm index --rebuild`")
            return graph
        return self._graph(ndim=dimension, metric="cos", dtype=DTYPE, connectivity=CONNECTIVITY,
                     expansion_add=EXPANSION_ADD, expansion_search=EXPANSION_SEARCH)

    def _open(self, *, view: bool):
        """The graph file, loaded or memory-mapped; a missing or unreadable one is an :class:`IndexStoreError` that
        names it and says how to mend it."""
        mend = f"rebuild the index with `c2llm index {self.path.parent.parent} --rebuild`"
        if not self.path.is_file():
            raise IndexStoreError(f"{self.path}: missing, but the index records vectors there; {mend}")
        try:
            graph = self._graph.restore(os.fspath(self.path), view=view)
        except (RuntimeError, ValueError, OSError) as error:
            raise IndexStoreError(f"{self.path}: not a readable usearch graph ({error}); {mend}") from None
        if graph is None:
            raise IndexStoreError(f"{self.path}: not a readable usearch graph; {mend}")
        graph.expansion_search = EXPANSION_SEARCH
        return graph

    def sync(self) -> int:
        """Remove the points of removed units, add the embedded units the graph lacks, write it (atomically) and
        record what it holds; returns how many points were added."""
        dimension = self.store.meta("dimension")
        deletes = self.store.remote_deletes()
        batches = self.store.unsynced_vectors(SYNC_BATCH)
        first = next(batches, None)
        if dimension is None or (first is None and not deletes):
            return 0
        import numpy as np  # with usearch, which needs it; a module-level import would load it for every search

        graph = self._load(int(dimension))
        if deletes:
            graph.remove(np.asarray(deletes, dtype=np.uint64))
        added: list[int] = []
        for ids, vectors in itertools.chain([first] if first else [], batches):
            keys = np.asarray(ids, dtype=np.uint64)
            graph.remove(keys)  # points a killed sync wrote but did not record
            graph.add(keys, vectors, threads=0)
            added += ids
        temporary = self.path.with_name(f".{FILE_NAME}.{os.getpid()}.tmp")
        try:
            graph.save(os.fspath(temporary))
            os.replace(temporary, self.path)
        finally:
            temporary.unlink(missing_ok=True)
        self._view = None
        # each in its own transaction: a kill between them only repeats removals of points that are gone
        self.store.mark_synced(added)
        self.store.clear_remote_deletes(deletes)
        return len(added)

    # ------------------------------------------------------------------------------------------------ searching

    def search(self, vector: np.ndarray, k: int, *, language: str | None = None,
               path_glob: str | None = None) -> list[tuple[int, float]]:
        """(unit id, exact cosine) of the ``k`` units nearest to ``vector`` among the graph's approximate
        neighbours (the exact scan when a filter leaves fewer than ``k``)."""
        import numpy as np

        if not self.store.has_synced():
            return self.store.dense(vector, k, language=language, path_glob=path_glob)
        try:
            stamp = self.path.stat()
            stamp = (stamp.st_ino, stamp.st_mtime_ns)
        except OSError:
            stamp = None
        if self._view is None or stamp != self._stamp:  # another process's sync replaced the file: map the new one
            self._view, self._stamp = self._open(view=True), stamp
        filtered = language is not None or path_glob is not None
        count = min(k * FILTER_OVERFETCH if filtered else k, len(self._view))
        if count == 0:
            return []
        found = self._view.search(np.asarray(vector, dtype=np.float32), count, threads=1).keys
        ids, matrix = self.store.vectors([int(key) for key in found], language=language, path_glob=path_glob)
        if filtered and len(ids) < k:
            return self.store.dense(vector, k, language=language, path_glob=path_glob)
        scores = matrix @ np.asarray(vector, dtype=np.float32) if ids else np.zeros(0)
        order = np.argsort(-scores, kind="stable")[:k]
        return [(ids[i], float(scores[i])) for i in order]

    def count(self) -> int:
        if not self.store.has_synced():
            return 0
        return len(self._open(view=True))

    def close(self) -> None:
        self._view = None
