"""Where an index's vectors are searched: the :class:`VectorStore` protocol, its implementation over the index file
(:class:`SqliteVectors`), and the registry that picks an implementation by the scheme of the ``--store`` URL.

The index file (:class:`~c2llm.search.store.Store`) always holds the files, the units, the keywords and the
content-keyed vector cache, which is what embedding writes; a vector store answers the dense side of searches
(nearest units to a query vector, as (unit id, cosine)) from those vectors:

* ``sqlite`` (or no ``--store``): :class:`SqliteVectors`, the cache itself, scanned exactly by sqlite-vec; nothing to
  copy.
* ``usearch``: :class:`c2llm.search.ann.UsearchVectors`, an approximate (HNSW) graph in a file beside the index
  file, brought up to date by :meth:`VectorStore.sync`; for indexes of hundreds of thousands of units and more.
* ``qdrant://HOST:PORT/COLLECTION``, ``qdrant:///PATH/COLLECTION``, ``http(s)://HOST:PORT/COLLECTION``:
  :class:`c2llm.search.qdrant.QdrantVectors`, one point per unit in a Qdrant collection, brought up to date from the
  cache by :meth:`VectorStore.sync` after each update or import.

Another backend is a class with the protocol's methods and an entry in :data:`VECTOR_STORES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .store import IndexStoreError, Store

if TYPE_CHECKING:
    import numpy as np

DEFAULT_STORE = "sqlite"
BARE_STORES = ("sqlite", "usearch")  # stores in files beside the index file: the whole URL is the name


class VectorStore(Protocol):
    """The dense side of an index, over the units of its index file (``store``)."""

    url: str  # as given to --store and recorded by the index ("sqlite", "qdrant://...")
    # whether the index file must keep float32 vectors whatever --vector-type says: a backend that copies them out of
    # the file gets full ones (int8 is then its own quantisation, if it has one)
    float32_cache: bool

    def sync(self) -> int:
        """Bring the backend up to the index file's units and vectors (removed units dropped, new ones added),
        resuming an interrupted sync; returns how many vectors were written (0 for the file's own)."""
        ...

    def search(self, vector: np.ndarray, k: int, *, language: str | None = None,
               path_glob: str | None = None) -> list[tuple[int, float]]:
        """(unit id, cosine) of the ``k`` nearest units of the index file, best first, optionally only those of a
        language or whose path matches an SQLite GLOB (``*`` also matches ``/``)."""
        ...

    def count(self) -> int:
        """How many unit vectors the backend holds."""
        ...

    def close(self) -> None:
        """Release the backend's connection (the index file is closed by its owner)."""
        ...


class SqliteVectors:
    """The vectors of the index file itself: the content-keyed cache, searched by an exact sqlite-vec scan (int8
    blobs with ``--vector-type int8``)."""

    float32_cache = False

    def __init__(self, url: str, store: Store):
        self.url, self.store = url, store

    def sync(self) -> int:
        return 0  # searches read the cache that embedding writes: nothing to copy

    def search(self, vector: np.ndarray, k: int, *, language: str | None = None,
               path_glob: str | None = None) -> list[tuple[int, float]]:
        return self.store.dense(vector, k, language=language, path_glob=path_glob)

    def count(self) -> int:
        return self.store.count("embedded")

    def close(self) -> None:
        pass


def _usearch(url: str, store: Store) -> VectorStore:
    from .ann import UsearchVectors  # ann.py loads usearch itself, only when such an index is opened

    return UsearchVectors(url, store)


def _qdrant(url: str, store: Store) -> VectorStore:
    from .qdrant import QdrantVectors  # qdrant.py loads qdrant-client itself, only when a Qdrant index is opened

    return QdrantVectors.from_url(url, store)


# URL scheme -> factory(url, index file); "sqlite" is also the whole URL of the default
VECTOR_STORES: dict[str, Callable[[str, Store], VectorStore]] = {
    "sqlite": SqliteVectors, "usearch": _usearch, "qdrant": _qdrant, "http": _qdrant, "https": _qdrant}


def url_scheme(url: str) -> str:
    """``qdrant://host/c`` -> ``qdrant``; a bare name (``sqlite``) is its own scheme."""
    return url.partition("://")[0].lower() if "://" in url else url.lower()


def open_vector_store(url: str | None, store: Store) -> VectorStore:
    """The vector store of ``url`` (``None``: the index file) over the index file ``store``.

    Raises:
        IndexStoreError: a URL of no known scheme (or a malformed one, from the backend).
    """
    url = url or DEFAULT_STORE
    factory = VECTOR_STORES.get(url_scheme(url))
    if factory is None or (url_scheme(url) in BARE_STORES and url != url_scheme(url)):
        raise IndexStoreError(f"--store: expected sqlite, usearch, qdrant://HOST:PORT/COLLECTION, "
                              f"qdrant:///PATH/COLLECTION or http(s)://HOST:PORT/COLLECTION (Qdrant), got {url!r}")
    return factory(url, store)
