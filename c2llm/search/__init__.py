"""Semantic code search over a repository: ``c2llm index`` / ``c2llm search`` / ``c2llm related`` (and
``c2llm index-embed`` / ``c2llm index-import`` to embed elsewhere).

* :mod:`c2llm.search.units`: a file cut into units (functions, methods, classes; line windows for the rest)
* :mod:`c2llm.search.files`: which files of a tree are indexed, and why the others are skipped
* :mod:`c2llm.search.secret_scan`: secrets found by content (detect-secrets' high-confidence plugins)
* :mod:`c2llm.search.paths`: path safety (nothing outside the indexed root)
* :mod:`c2llm.search.store`: the index file, one SQLite file (apsw + sqlite-vec + FTS5); all the index's SQL
* :mod:`c2llm.search.vectors`: the ``VectorStore`` protocol (the dense side of searches), its implementation over the
  index file, and the registry that picks one by the ``--store`` URL's scheme
* :mod:`c2llm.search.qdrant`: the Qdrant ``VectorStore`` (``qdrant://``, ``http(s)://``), synced from the index file
* :mod:`c2llm.search.encoder`: the embedding model and its prompts (batches by token budget: :mod:`c2llm.encoding`)
* :mod:`c2llm.search.static_model`: static (model2vec) models, the shipped default (``models/``, trained on code by
  staticmodel/) among them, read without model2vec; :mod:`c2llm.search.query_vectors` computes their query vectors
  without numpy
* :mod:`c2llm.search.shards`: pending texts out and vector shards in, to embed a large tree on other machines
* :mod:`c2llm.search.ranking`: fusion of dense and keyword rankings and the ranking layer
* :mod:`c2llm.search.index`: :class:`~c2llm.search.index.Index`, the API the CLI, the MCP server and RAG call

Example::

    from c2llm.search import Index
    with Index.open(".") as index:
        index.update()
        for hit in index.search("parse a jsonl file"):
            print(hit.unit.path, hit.unit.start_line, hit.score)

``Index``, ``Hit``, ``SearchResult``, ``UpdateReport`` and ``RankingSettings`` are importable from here; they load on
first use, so that importing a submodule (the file listing, the units) does not load the store.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {"Index": "index", "Hit": "index", "SearchResult": "index", "UpdateReport": "index",
            "RankingSettings": "ranking"}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_EXPORTS[name]}"), name)
