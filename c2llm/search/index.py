"""The repository index: :class:`Index` builds, updates and searches the store under ``ROOT/.c2llm/``.

Update (``c2llm index``): list the files (:mod:`c2llm.search.files`); re-read a file only when its size or mtime
changed, and re-cut it only when its content hash changed; remove files that left the tree; commit the units of
every 200 files in one transaction (keyword search works from then on); then embed every unit text whose cache key
(model + document prompt + text) has no vector yet, in chunks committed one by one, with a progress bar and an
estimate. A killed update resumes where it stopped: nothing committed is redone. Moving or copying code re-embeds
nothing, since the vectors are keyed by content.

Embedding elsewhere: :meth:`Index.export_pending` writes the texts without a vector and their cache keys,
:func:`c2llm.search.shards.embed_pending_file` turns them into a vector shard on any machine, and
:meth:`Index.import_shards` loads shards into the cache in one transaction.

Search: ``keyword`` (FTS5 BM25), ``dense`` (exact cosine by sqlite-vec), ``hybrid`` (both, fused and re-ranked by
:mod:`c2llm.search.ranking`).
"""

from __future__ import annotations

import os
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Self

import numpy as np
from tqdm.auto import tqdm

from ..data.mining import SkipFile
from ..errors import UserError
from .encoder import Encoder, default_model, model_key
from .files import DEFAULT_MAX_FILE_BYTES, INDEX_DIR, read_source, scan_tree
from .paths import relative_key
from .qdrant import QdrantVectors, is_qdrant_url
from .ranking import RankingSettings, fuse, rerank
from .shards import (
    CacheSpec,
    ShardError,
    check_spec,
    read_shard,
    read_shard_spec,
    write_pending,
)
from .store import VECTOR_TYPES, IndexStoreError, Store, iter_batches
from .units import Unit, content_hash, units_of_file

STORE_FILE = "index.db"
MODES = ("hybrid", "dense", "keyword")
FILES_PER_TRANSACTION = 200
EMBED_CHUNK = 128  # unit texts per committed embedding chunk (and progress step)


class IndexPathError(UserError):
    """The folder to index or search does not exist, or holds no index yet."""


class IndexModelError(IndexStoreError):
    """The index was built with another model or dimension."""


class EmptyQueryError(UserError):
    """A query with no text."""


class EmptyRepositoryError(UserError):
    """Nothing to index under the root."""


@dataclass
class Hit:
    """One search result."""

    unit: Unit
    score: float

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object: path, lines, language, name, kind, score and text."""
        unit = self.unit
        return {"path": unit.path, "start_line": unit.start_line, "end_line": unit.end_line,
                "language": unit.language, "name": unit.name, "kind": unit.kind, "score": round(self.score, 6),
                "text": unit.text}


@dataclass
class UpdateReport:
    """What one update did (``c2llm index`` prints it; ``--json`` gives it as is)."""

    files: int = 0  # files in the index after the update
    files_read: int = 0  # files whose size or mtime changed, read again
    files_changed: int = 0  # of those, files whose content changed (re-cut into units)
    files_removed: int = 0
    units: int = 0
    units_added: int = 0  # units of changed files (including unchanged units of those files)
    embedded: int = 0  # unit texts embedded by this update (all others came from the cache)
    pending: int = 0  # unit texts still without a vector (embedding off or interrupted)
    vectors_dropped: int = 0
    remote_upserted: int = 0  # points written to the Qdrant collection (with --store qdrant://...)
    skipped: dict[str, int] = field(default_factory=dict)
    seconds_files: float = 0.0
    seconds_embedding: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ImportReport:
    """What ``c2llm index-import`` did."""

    shards: int = 0
    vectors: int = 0  # rows in the shards
    imported: int = 0  # vectors the index was waiting for, now stored
    not_needed: int = 0  # rows whose text the index already had a vector for, or no longer holds
    pending: int = 0  # unit texts still without a vector afterwards
    remote_upserted: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Candidates:
    """One query's candidates: ``dense`` (top cosine), ``cosine`` (dense plus the exact cosine of keyword candidates),
    ``keyword`` (top BM25) and the path of each unit (for the ranking layer)."""

    dense: dict[int, float]
    cosine: dict[int, float]
    keyword: dict[int, float]
    paths: dict[int, str]

    def ranked(self, mode: str, settings: RankingSettings) -> list[tuple[int, float]]:
        """(unit id, score), best first: one side as is, or both fused and re-ranked (``hybrid``)."""
        if mode == "hybrid":
            return rerank(fuse(self.cosine, self.keyword, settings), self.paths, settings)
        side = self.dense if mode == "dense" else self.keyword
        return sorted(side.items(), key=lambda item: (-item[1], item[0]))


class Index:
    """A repository index. Open with :meth:`open`; use as a context manager or call :meth:`close`."""

    def __init__(self, root: Path, store: Store, encoder: Encoder, ranking: RankingSettings,
                 remote: QdrantVectors | None = None):
        self.root, self.store, self.encoder, self.ranking, self.remote = root, store, encoder, ranking, remote

    # ------------------------------------------------------------------------------------------------ opening

    @classmethod
    def open(cls, root: str | os.PathLike[str], *, model: str | None = None, create: bool = True,
             rebuild: bool = False, bf16: bool = False, ranking: RankingSettings | None = None,
             store: str | None = None, vector_type: str | None = None) -> Index:
        """Open (or create) the index of ``root``.

        Args:
            root: The folder indexed; the store is ``root/.c2llm/index.db``.
            model: SentenceTransformer folder or Hub id; ``None``: the index's own model, or the default
                (:func:`c2llm.search.encoder.default_model`) for a new index.
            create: Create a missing index (``False``: raise :class:`IndexPathError`).
            rebuild: Delete an existing index first.
            bf16: Encode in bfloat16.
            ranking: Hybrid ranking settings (default: the dev-split choice).
            store: Where the vectors live: ``None`` / ``"sqlite"`` the index file, or a Qdrant URL
                (:mod:`c2llm.search.qdrant`); an existing index keeps the one it was built with.
            vector_type: ``float32`` (default) or ``int8`` vectors in the index file; an existing index keeps its own.

        Raises:
            IndexPathError, IndexModelError, IndexStoreError (corrupt or locked), ModelLoadError.
        """
        root = Path(root).expanduser()
        if not root.is_dir():
            raise IndexPathError(f"{os.fspath(root)!r} is not a folder" if root.exists()
                                 else f"{os.fspath(root)!r} does not exist")
        root = root.resolve()
        path = root / INDEX_DIR / STORE_FILE
        if rebuild:
            for leftover in (path, path.with_name(STORE_FILE + "-wal"), path.with_name(STORE_FILE + "-shm")):
                leftover.unlink(missing_ok=True)
        elif not create and not path.exists():
            raise IndexPathError(f"no index in {root}; build it with `c2llm index {root}`")
        database = Store(path)
        remote = None
        try:
            recorded_store = database.meta("vector_store")
            if recorded_store is not None and store is not None and store != recorded_store:
                raise IndexStoreError(f"{path} keeps its vectors in {recorded_store}, not {store}; rebuild it with "
                                      f"`c2llm index {root} --rebuild --store {store}`")
            if recorded_store is None:
                database.set_meta({"vector_store": store or "sqlite"})
            vector_store = recorded_store or store or "sqlite"
            if is_qdrant_url(vector_store):
                remote = QdrantVectors.from_url(vector_store)
            elif vector_store != "sqlite":
                raise IndexStoreError(f"--store: expected sqlite or qdrant://HOST:PORT/COLLECTION, got {store!r}")
            _record_vector_type(database, vector_type, root)
            recorded = database.meta("model")
            if recorded is not None and model is not None and model_key(model) != recorded:
                raise IndexModelError(f"{path} was built with model {recorded}, not {model}; search it without "
                                      f"--model, or rebuild it with `c2llm index {root} --rebuild --model {model}`")
            encoder = Encoder(recorded or model or default_model(), bf16=bf16)
            if recorded is None:
                database.set_meta({"model": encoder.key, "document_prompt": encoder.document_prompt,
                                   "query_prompt": encoder.query_prompt})
        except BaseException:
            database.close()
            if remote is not None:
                remote.close()
            raise
        return cls(root, database, encoder, ranking or RankingSettings(), remote)

    def close(self) -> None:
        self.store.close()
        if self.remote is not None:
            self.remote.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------------------------------------ update

    def update(self, *, progress: bool = True, embed: bool = True, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
               include_secrets: bool = False) -> UpdateReport:
        """Build or update the index (see the module docstring); ``embed=False`` stops after the keyword part.

        Raises:
            EmptyRepositoryError: when the tree holds no file to index.
        """
        report, started = UpdateReport(), time.perf_counter()
        scan = scan_tree(self.root, max_file_bytes=max_file_bytes, include_secrets=include_secrets)
        skipped = Counter(scan.skipped)
        known = self.store.file_states()
        listed = {file.path for file in scan.files}
        changed = [file for file in scan.files if known.get(file.path, (None, None))[:2] != (file.size, file.mtime_ns)]
        bar = tqdm(total=len(changed), desc="reading files", unit="file", disable=not progress)
        for batch in iter_batches(changed, FILES_PER_TRANSACTION):
            with self.store.transaction():
                bar.update(len(batch))
                for file in batch:
                    report.files_read += 1
                    try:
                        text = read_source(self.root, file, max_file_bytes)
                    except SkipFile as skip:
                        skipped[skip.reason] += 1
                        listed.discard(file.path)
                        continue
                    digest = content_hash(text)
                    if file.path in known and known[file.path][2] == digest:
                        self.store.touch_file(file.path, file.size, file.mtime_ns)
                        continue
                    units = units_of_file(file.path, text)
                    self.store.replace_file(file.path, file.size, file.mtime_ns, digest, units,
                                            [self.encoder.embed_key(unit.text) for unit in units])
                    report.files_changed += 1
                    report.units_added += len(units)
        bar.close()
        gone = [path for path in known if path not in listed]
        with self.store.transaction():
            for path in gone:
                self.store.remove_file(path)
        report.files_removed = len(gone)
        report.skipped = {reason: count for reason, count in sorted(skipped.items()) if count}
        report.files, report.units = self.store.count("files"), self.store.count("units")
        report.seconds_files = round(time.perf_counter() - started, 3)
        if report.units == 0:
            raise EmptyRepositoryError(f"nothing to index in {self.root}: no text file found"
                                       + (f" (skipped: {report.skipped})" if report.skipped else ""))
        if embed:
            started = time.perf_counter()
            report.embedded = self.embed_pending(progress=progress)
            report.seconds_embedding = round(time.perf_counter() - started, 3)
            report.vectors_dropped = self.store.drop_unused_embeddings()
            if self.remote is not None and self.store.meta("dimension"):
                self.remote.ensure(int(self.store.meta("dimension")))
                report.remote_upserted = self.remote.sync(self.store)
        report.pending = len(self.store.pending())
        return report

    def embed_pending(self, *, progress: bool = True) -> int:
        """Embed every unit text without a vector, committing each chunk; returns how many were embedded."""
        pending = self.store.pending()
        if not pending:
            return 0
        self._check_dimension()
        done = 0
        with tqdm(total=len(pending), desc="embedding", unit="unit", disable=not progress) as bar:
            for chunk in iter_batches(pending, EMBED_CHUNK):
                keys, texts = [key for key, _ in chunk], [text for _, text in chunk]
                self.store.put_embeddings(keys, self.encoder.encode_documents(texts))
                done += len(chunk)
                bar.update(len(chunk))
        return done

    def cache_spec(self) -> CacheSpec:
        """What this index's cache keys are made of (model, document prompt) and its dimension, if known yet."""
        dimension = self.store.meta("dimension")
        return CacheSpec(self.store.meta("model") or "", self.store.meta("document_prompt") or "",
                         int(dimension) if dimension else None)

    def export_pending(self, path: str | os.PathLike[str]) -> int:
        """Write the unit texts still without a vector, with their cache keys, to a pending file
        (:mod:`c2llm.search.shards`); returns how many."""
        pending = self.store.pending()
        write_pending(path, self.cache_spec(), [key for key, _ in pending], [text for _, text in pending])
        return len(pending)

    def import_shards(self, paths: list[str | os.PathLike[str]], *, progress: bool = True) -> ImportReport:
        """Load vector shards embedded elsewhere into the cache, all in one transaction: every shard is checked
        first (model, document prompt, dimension), and a bad row in any shard imports nothing.

        Raises:
            ShardError: naming the shard that does not fit the index.
        """
        spec, report = self.cache_spec(), ImportReport(shards=len(paths))
        dimensions = {}
        for path in paths:
            found = read_shard_spec(path)
            check_spec(path, found, spec)
            dimensions[path] = found.dimension
        if len(set(dimensions.values())) > 1:
            raise ShardError("the shards hold vectors of different dimensions: "
                             + ", ".join(f"{path} ({dimension})" for path, dimension in dimensions.items()))
        wanted = self.store.pending_keys()
        with self.store.transaction():
            for path in tqdm(paths, desc="importing", unit="shard", disable=not progress):
                shard = read_shard(path)
                keep = [row for row, key in enumerate(shard.keys) if key in wanted]
                self.store.insert_embeddings([shard.keys[row] for row in keep], shard.vectors[keep])
                wanted.difference_update(shard.keys[row] for row in keep)
                report.vectors += len(shard.keys)
                report.imported += len(keep)
            if spec.dimension is None and dimensions:
                self.store.db.execute("INSERT OR REPLACE INTO meta VALUES ('dimension', ?)",
                                      (str(next(iter(dimensions.values()))),))
        report.not_needed = report.vectors - report.imported
        report.pending = len(wanted)
        if self.remote is not None and self.store.meta("dimension"):
            self.remote.ensure(int(self.store.meta("dimension")))
            report.remote_upserted = self.remote.sync(self.store)
        return report

    def _check_dimension(self) -> None:
        """Record the model's dimension in a new index; refuse a model whose dimension differs from the index's."""
        recorded, dimension = self.store.meta("dimension"), self.encoder.dimension
        if recorded is None:
            self.store.set_meta({"dimension": str(dimension)})
        elif int(recorded) != dimension:
            raise IndexModelError(f"{self.store.path} holds {recorded}-dimensional vectors but the model "
                                  f"{self.encoder.model_id} gives {dimension}; rebuild it with "
                                  f"`c2llm index {self.root} --rebuild`")

    # ------------------------------------------------------------------------------------------------ reading

    def units(self) -> Iterator[Unit]:
        """Every unit, in path and line order."""
        yield from self.store.units().values()

    def vectors(self) -> tuple[list[Unit], np.ndarray]:
        """The embedded units (path and line order) and their normalised float32 vectors, one row each."""
        ids, matrix = self.store.vectors()
        units = self.store.units()
        return [units[i] for i in ids], matrix

    def status(self) -> dict[str, Any]:
        """Counts and settings: files, units, embedded, pending, model, dimension, store, progress (0..1)."""
        units, embedded = self.store.count("units"), self.store.count("embedded")
        dimension = self.store.meta("dimension")
        return {"root": str(self.root), "store": str(self.store.path), "vector_store": self.store.meta("vector_store"),
                "vector_type": self.store.vector_type,
                "model": self.store.meta("model"),
                "dimension": int(dimension) if dimension else None, "files": self.store.count("files"),
                "units": units, "embedded": embedded, "pending": units - embedded,
                "progress": round(embedded / units, 4) if units else 1.0}

    def encode_documents(self, texts: list[str]) -> np.ndarray:
        return self.encoder.encode_documents(texts)

    def encode_queries(self, texts: list[str]) -> np.ndarray:
        return self.encoder.encode_queries(texts)

    # ------------------------------------------------------------------------------------------------ search

    def search(self, query: str, *, k: int = 10, mode: str = "hybrid", lang: str | None = None,
               path_glob: str | None = None) -> list[Hit]:
        """The ``k`` best units for ``query`` (see :meth:`search_many`)."""
        return self.search_many([query], k=k, mode=mode, lang=lang, path_glob=path_glob)[0]

    def search_many(self, queries: list[str], *, k: int = 10, mode: str = "hybrid", lang: str | None = None,
                    path_glob: str | None = None, query_vectors: np.ndarray | None = None) -> list[list[Hit]]:
        """The ``k`` best units of each query, queries encoded in one pass.

        Args:
            mode: ``hybrid``, ``dense`` or ``keyword``.
            lang: Only units of this language (``python``, ``go``, ...).
            path_glob: Only units whose path matches this SQLite GLOB (``*`` also matches ``/``).
            query_vectors: Precomputed query embeddings (benchmarks); encoded with the query prompt otherwise.

        Raises:
            EmptyQueryError: a query without text.
        """
        if mode not in MODES:
            raise UserError(f"--mode: expected one of {', '.join(MODES)}, got {mode!r}")
        for number, query in enumerate(queries, start=1):
            if not query.strip():
                raise EmptyQueryError("the query is empty" if len(queries) == 1 else f"query {number} is empty")
        if mode != "keyword" and query_vectors is None:
            query_vectors = self.encode_queries(queries) if self.store.has_vectors() else None
        results = []
        for number, query in enumerate(queries):
            vector = None if query_vectors is None else query_vectors[number]
            results.append(self._search_one(query, vector, k, mode, lang, path_glob))
        return results

    def _search_one(self, query: str, vector: np.ndarray | None, k: int, mode: str, lang: str | None,
                    path_glob: str | None) -> list[Hit]:
        candidates = self.candidates(query, vector, mode=mode, lang=lang, path_glob=path_glob,
                                     depth=max(k, self.ranking.candidates))
        ranked = candidates.ranked(mode, self.ranking)[:k]
        units = self.store.units(unit_id for unit_id, _ in ranked)
        return [Hit(units[unit_id], score) for unit_id, score in ranked]

    def _dense(self, vector: np.ndarray, k: int, **filters: Any) -> list[tuple[int, float]]:
        """The dense side: the Qdrant collection when the index has one, else sqlite-vec."""
        if self.remote is not None:
            hits = self.remote.search(vector, k, **filters)
            # points of units removed since the last sync (an update without embedding, a killed one) are dropped
            present = self.store.paths(unit_id for unit_id, _ in hits)
            return [(unit_id, score) for unit_id, score in hits if unit_id in present]
        return self.store.dense(vector, k, **filters)

    def candidates(self, query: str, vector: np.ndarray | None, *, mode: str = "hybrid", lang: str | None = None,
                   path_glob: str | None = None, depth: int = 100) -> Candidates:
        """The ``depth`` best units of each side for one query, before fusion (benchmarks rank them many ways)."""
        filters = {"language": lang, "path_glob": path_glob}
        keyword = dict(self.store.keyword(query, depth, max_share=self.ranking.keyword_max_share, **filters)
                       ) if mode != "dense" else {}
        dense = dict(self._dense(vector, depth, **filters)) if mode != "keyword" and vector is not None else {}
        cosine = dict(dense)
        missing = [unit_id for unit_id in keyword if unit_id not in cosine]
        if mode == "hybrid" and missing and vector is not None:  # keyword candidates get their exact cosine too
            ids, matrix = self.store.vectors(missing)
            cosine.update(zip(ids, (matrix @ vector).tolist()))
        paths = self.store.paths(cosine.keys() | keyword.keys())
        return Candidates(dense, cosine, keyword, paths)

    def related(self, path: str | os.PathLike[str], line: int, *, k: int = 10) -> list[Hit]:
        """The ``k`` units most similar (cosine) to the unit holding ``line`` of ``path`` (relative to the root, or
        absolute inside it), that unit itself excluded.

        Raises:
            UserError: no unit there, or it has no vector yet.
        """
        key = relative_key(self.root, path)
        found = self.store.unit_at(key, line)
        if found is None:
            raise UserError(f"{key}:{line}: no indexed unit holds this line")
        unit_id, unit = found
        ids, matrix = self.store.vectors([unit_id])
        if not ids:
            raise UserError(f"{key}:{line}: {unit.name} has no vector yet; finish `c2llm index {self.root}` first")
        hits = self._dense(matrix[0], k + 1)
        hits = [(i, score) for i, score in hits if i != unit_id][:k]
        units = self.store.units(i for i, _ in hits)
        return [Hit(units[i], score) for i, score in hits]


def _record_vector_type(database: Store, vector_type: str | None, root: Path) -> None:
    """Record a new index's vector type; refuse another one for an existing index."""
    if vector_type is not None and vector_type not in VECTOR_TYPES:
        raise IndexStoreError(f"--vector-type: expected one of {', '.join(VECTOR_TYPES)}, got {vector_type!r}")
    recorded = database.meta("vector_type") or ("float32" if database.has_vectors() else None)
    if recorded is not None and vector_type is not None and vector_type != recorded:
        raise IndexStoreError(f"{database.path} holds {recorded} vectors, not {vector_type}; rebuild it with "
                              f"`c2llm index {root} --rebuild --vector-type {vector_type}`")
    if database.meta("vector_type") is None:
        database.set_meta({"vector_type": recorded or vector_type or "float32"})


def build_index(root: str | os.PathLike[str], *, model: str | None = None, rebuild: bool = False,
                progress: bool = True, **update: Any) -> UpdateReport:
    """Open, update and close the index of ``root`` in one call."""
    with Index.open(root, model=model, rebuild=rebuild) as index:
        return index.update(progress=progress, **update)


def remove_index(root: str | os.PathLike[str]) -> None:
    """Delete the index folder of ``root``."""
    shutil.rmtree(Path(root) / INDEX_DIR, ignore_errors=True)
