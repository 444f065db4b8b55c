"""The repository index: :class:`Index` builds, updates and searches the store under ``ROOT/.c2llm/``.

Update (``c2llm index``): list the files (:mod:`c2llm.search.files`); re-read a file only when its size or mtime
changed, and re-cut it only when its content hash changed; remove files that left the tree; commit the units of
every 200 files in one transaction (keyword search works from then on); then embed every unit text whose cache key
(model + document prompt + text) has no vector yet, in chunks committed one by one, with a progress bar and an
estimate. A killed update resumes where it stopped: nothing committed is redone. Moving or copying code re-embeds
nothing, since the vectors are keyed by content (a unit's qualified name and text).

Embedding elsewhere: :meth:`Index.export_pending` writes the texts without a vector and their cache keys,
:func:`c2llm.search.shards.embed_pending_file` turns them into a vector shard on any machine, and
:meth:`Index.import_shards` streams shards into the cache in one transaction, a batch of rows at a time.

One writer at a time: an update (and an import) holds an advisory lock on ``ROOT/.c2llm/index.lock``; a second
one says so on stderr and waits for it, then finds the work done (the embeddings are keyed by content). Searches never
take the lock and read the last committed state meanwhile (WAL).

Vectors: the index file's content-keyed cache is what embedding writes; the dense side of searches asks the index's
:class:`~c2llm.search.vectors.VectorStore`, chosen by the ``--store`` URL's scheme when the index is created and kept
by it (the index file itself, scanned by sqlite-vec; or Qdrant, synced from the cache after each update and import).
The index reads and writes the file only through :class:`~c2llm.search.store.Store`'s methods (no SQL here).

Search: ``keyword`` (FTS5 BM25), ``dense`` (exact cosine by sqlite-vec, or the vector store's nearest neighbours),
``hybrid`` (both, fused and re-ranked by :mod:`c2llm.search.ranking`). On an index whose embedding is not finished,
hybrid ranks the units that have a vector by both sides and keeps the others by their keyword score alone; the result
says how many units had no vector (:attr:`SearchResult.note`) and each hit whether it had one (:attr:`Hit.embedded`).
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

import apsw

try:
    import fcntl
except ImportError:  # Windows: no writer lock (SQLite still serialises the transactions)
    fcntl = None

if TYPE_CHECKING:  # numpy is imported where vectors are computed: a one-shot search with a static model never needs it
    from array import array

    import numpy as np

from ..code import SkipFile
from ..errors import UserError
from .encoder import TextEncoder, default_index_model, load_encoder, model_key
from .files import DEFAULT_MAX_FILE_BYTES, INDEX_DIR, SecretInFile, read_source, scan_tree
from .paths import relative_key
from .ann import FILE_NAME as ANN_FILE
from .ranking import RankingSettings, queried_symbols, query_kind, rank
from .shards import (
    CacheSpec,
    ShardError,
    check_spec,
    iter_shard,
    read_shard_spec,
    shard_files,
    write_pending,
)
from .store import (
    VECTOR_TYPES,
    IndexLockedError,
    IndexReadOnlyError,
    IndexStoreError,
    Store,
    iter_batches,
    make_index_folder,
    store_error,
)
from .units import Unit, content_hash, embedding_text, units_of_file
from .vectors import VectorStore, open_vector_store

STORE_FILE = "index.db"
LOCK_FILE = "index.lock"
# How files are read and checked (secrets by content, machine-made files by shape): an index read under another
# policy, or with another --include-secrets, re-reads every file once, so that nothing it now skips stays in it.
READ_POLICY = "2"
MAX_LINE = 2**63 - 1  # SQLite's largest integer: a larger line number is held by no unit
MODES = ("hybrid", "dense", "keyword")
FILES_PER_TRANSACTION = 200
DEFINITIONS_PER_QUERY = 20  # definitions of a queried name added to the candidates (more are overloads and noise)
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
    """One search result. ``embedded``: whether the unit's vector took part in its score (``False``: it has none yet,
    hybrid ranked it by its keyword score alone; ``None``: keyword search, where vectors play no part)."""

    unit: Unit
    score: float
    embedded: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object: path, lines, language, name, kind, score, text and embedded."""
        unit = self.unit
        return {"path": unit.path, "start_line": unit.start_line, "end_line": unit.end_line,
                "language": unit.language, "name": unit.name, "kind": unit.kind, "score": round(self.score, 6),
                "text": unit.text, "embedded": self.embedded}


class SearchResult(list):
    """The hits of one query, best first (a list of :class:`Hit`), and how many of the index's ``units`` had no
    vector when it was searched (``pending``; counted in dense and hybrid modes, 0 in keyword mode)."""

    def __init__(self, hits=(), *, mode: str = "hybrid", pending: int = 0, units: int = 0, root: Path | None = None):
        super().__init__(hits)
        self.mode, self.pending, self.units, self.root = mode, pending, units, root

    @property
    def note(self) -> str | None:
        """One line saying what a partly embedded index left out of the ranking, or ``None``."""
        if not self.pending:
            return None
        how = "ranks them by keywords alone" if self.mode == "hybrid" else "leaves them out"
        return (f"{self.pending} of {self.units} units have no vector yet: {self.mode} search {how} "
                f"(run `c2llm index {self.root}` to embed them)")


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
    remote_upserted: int = 0  # vectors written to a vector store outside the index file (usearch, Qdrant)
    skipped: dict[str, int] = field(default_factory=dict)
    # files skipped because their content holds a secret: {"path", "line", "kind"} (counted in skipped["secret"])
    secret_files: list[dict[str, Any]] = field(default_factory=list)
    seconds_files: float = 0.0
    seconds_embedding: float = 0.0
    seconds_vector_store: float = 0.0  # bringing that store up to date

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
    ``keyword`` (top BM25), and ``units``: every candidate's unit, with the definitions of a queried name found
    outside both lists (for the ranking layer)."""

    query: str
    dense: dict[int, float]
    cosine: dict[int, float]
    keyword: dict[int, float]
    units: dict[int, Unit]

    def ranked(self, mode: str, settings: RankingSettings, k: int | None = None) -> list[tuple[int, float]]:
        """(unit id, score), best first: one side as is, or both fused and re-ranked (``hybrid``)."""
        if mode == "hybrid":
            return rank(self.query, self.cosine, self.keyword, self.units, settings, k)
        side = self.dense if mode == "dense" else self.keyword
        return sorted(side.items(), key=lambda item: (-item[1], item[0]))[:k]


def _store_errors(method):
    """SQLite failures of an index method as one-line errors (:func:`c2llm.search.store.store_error`)."""

    @functools.wraps(method)
    def call(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except apsw.Error as error:
            translated = store_error(self.store.path, error)
            if translated is None:
                raise
            raise translated from error

    return call


@contextmanager
def writer_lock(path: Path, *, wait: bool = True) -> Iterator[None]:
    """Hold the advisory writer lock ``path`` (``flock``: the system drops it when the process dies); when another
    process holds it, say so on stderr and wait (``wait=False``: raise :class:`IndexLockedError` at once)."""
    if fcntl is None:
        yield
        return
    try:
        handle = open(path, "a+", encoding="utf-8")
    except OSError as error:
        raise IndexReadOnlyError(f"{path}: cannot open the writer lock ({error.strerror}); make {path.parent} "
                                 "writable") from None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip()
            if not wait:
                raise IndexLockedError(f"another process{f' (pid {holder})' if holder.isdigit() else ''} is updating "
                                       f"the index of {path.parent.parent}") from None
            print(f"waiting: another process{f' (pid {holder})' if holder.isdigit() else ''} is updating the index "
                  f"of {path.parent.parent}; searches work meanwhile", file=sys.stderr, flush=True)
            fcntl.flock(handle, fcntl.LOCK_EX)
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class Index:
    """A repository index. Open with :meth:`open`; use as a context manager or call :meth:`close`."""

    def __init__(self, root: Path, store: Store, encoder: TextEncoder, ranking: RankingSettings,
                 vector_store: VectorStore):
        self.root, self.store, self.encoder, self.ranking = root, store, encoder, ranking
        self.vector_store = vector_store  # the dense side (:mod:`c2llm.search.vectors`)
        self._writing = False  # this object holds the writer lock (updates call embedding and imports inside it)

    # ------------------------------------------------------------------------------------------------ opening

    @classmethod
    def open(cls, root: str | os.PathLike[str], *, model: str | None = None, create: bool = True,
             rebuild: bool = False, bf16: bool = False, ranking: RankingSettings | None = None,
             store: str | None = None, vector_type: str | None = None) -> Index:
        """Open (or create) the index of ``root``.

        Args:
            root: The folder indexed; the store is ``root/.c2llm/index.db``.
            model: SentenceTransformer or model2vec folder, or Hub id; ``None``: the index's own model, or the
                default (:func:`c2llm.search.encoder.default_index_model`, static) for a new index.
            create: Create a missing index (``False``: raise :class:`IndexPathError`).
            rebuild: Delete an existing index first.
            bf16: Encode in bfloat16.
            ranking: Hybrid ranking settings (default: the dev-split choice).
            store: Where the vectors are searched, by URL scheme (:data:`c2llm.search.vectors.VECTOR_STORES`):
                ``None`` / ``"sqlite"`` the index file, or a Qdrant URL (``qdrant://``, ``http(s)://``;
                :mod:`c2llm.search.qdrant`); an existing index keeps the one it was built with.
            vector_type: ``float32`` (default) or ``int8``: how the index file stores its vectors (int8: 4x smaller,
                about 1e-3 cosine error). With a Qdrant store the index file keeps float32 vectors and Qdrant gets
                them in full; ``int8`` there asks Qdrant for its own int8 scalar quantisation of the collection. An
                existing index keeps its own.

        Raises:
            IndexPathError (also for an empty ``index.db``, which counts as no index), IndexModelError,
            IndexStoreError (corrupt, locked, read-only), ModelLoadError.
        """
        root = Path(root).expanduser()
        if not root.is_dir():
            raise IndexPathError(f"{os.fspath(root)!r} is not a folder" if root.exists()
                                 else f"{os.fspath(root)!r} does not exist")
        root = root.resolve()
        path = root / INDEX_DIR / STORE_FILE
        if rebuild:
            make_index_folder(path.parent)
            with writer_lock(path.with_name(LOCK_FILE)):
                store = store or _recorded_store(path)  # a rebuild keeps the vector store unless told another
                for leftover in (path, path.with_name(STORE_FILE + "-wal"), path.with_name(STORE_FILE + "-shm"),
                                 path.with_name(ANN_FILE)):
                    leftover.unlink(missing_ok=True)
        elif not create and not path.exists():
            raise IndexPathError(f"no index in {root}; build it with `c2llm index {root}`")
        elif not create and _is_empty(path):
            raise IndexPathError(f"no index in {root} ({path} is empty); build it with `c2llm index {root}`")
        database = Store(path)
        vectors = None
        try:
            recorded_store = database.meta("vector_store")
            if recorded_store is not None and store is not None and store != recorded_store:
                raise IndexStoreError(f"{path} keeps its vectors in {recorded_store}, not {store}; rebuild it with "
                                      f"`c2llm index {root} --rebuild --store {store}`")
            vectors = open_vector_store(recorded_store or store, database)
            # recorded once the URL and the vector type are known to be good, in one transaction
            pending = {} if recorded_store is not None else {"vector_store": vectors.url}
            pending |= _vector_type_meta(database, vector_type, root, vectors.float32_cache)
            if pending:
                database.set_meta(pending)
            recorded = database.meta("model")
            if recorded is not None and model is not None and model_key(model) != recorded:
                raise IndexModelError(f"{path} was built with model {recorded}, not {model}; search it without "
                                      f"--model, or rebuild it with `c2llm index {root} --rebuild --model {model}`")
            encoder = load_encoder(recorded or model or default_index_model(), bf16=bf16)
            if recorded is None:
                database.set_meta({"model": encoder.key, "document_prompt": encoder.document_prompt,
                                   "query_prompt": encoder.query_prompt})
        except BaseException as error:
            database.close()
            if vectors is not None:
                vectors.close()
            translated = store_error(path, error) if isinstance(error, apsw.Error) else None
            if translated is None:
                raise
            raise translated from error
        return cls(root, database, encoder, ranking or RankingSettings(), vectors)

    def close(self) -> None:
        self.store.close()
        self.vector_store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------------------------------------------ update

    @contextmanager
    def writing(self, *, wait: bool = True) -> Iterator[None]:
        """Hold the index's writer lock (re-entrant for this object; see :func:`writer_lock`)."""
        if self._writing:
            yield
            return
        with writer_lock(self.store.path.with_name(LOCK_FILE), wait=wait):
            self._writing = True
            try:
                yield
            finally:
                self._writing = False

    @_store_errors
    def update(self, *, progress: bool = True, embed: bool = True, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
               include_secrets: bool = False, wait: bool = True) -> UpdateReport:
        """Build or update the index (see the module docstring); ``embed=False`` stops after the keyword part.
        Waits for another process's update first (the writer lock).

        Raises:
            EmptyRepositoryError: when the tree holds no file to index.
            IndexLockedError: with ``wait=False``, when another process is updating the index.
        """
        with self.writing(wait=wait):
            return self._update(progress, embed, max_file_bytes, include_secrets)

    def _update(self, progress: bool, embed: bool, max_file_bytes: int, include_secrets: bool) -> UpdateReport:
        report, started = UpdateReport(), time.perf_counter()
        make_index_folder(self.store.path.parent)  # an index made before the folder had its .gitignore
        scan = scan_tree(self.root, max_file_bytes=max_file_bytes, include_secrets=include_secrets)
        skipped = Counter(scan.skipped)
        known = self.store.file_states()
        policy = READ_POLICY + ("+secrets" if include_secrets else "")
        # under another read policy every file is read again (and checked), its units kept if its content is the same
        reread = self.store.meta("read_policy") != policy
        listed = {file.path for file in scan.files}
        changed = [file for file in scan.files
                   if reread or known.get(file.path, (None, None))[:2] != (file.size, file.mtime_ns)]
        with progress_bar(len(changed), "reading files", "file", progress) as bar:
            for batch in iter_batches(changed, FILES_PER_TRANSACTION):
                with self.store.transaction():
                    bar.update(len(batch))
                    for file in batch:
                        report.files_read += 1
                        try:
                            text = read_source(self.root, file, max_file_bytes, include_secrets=include_secrets)
                        except SkipFile as skip:
                            skipped[skip.reason] += 1
                            if isinstance(skip, SecretInFile):
                                report.secret_files.append({"path": file.path, "line": skip.line, "kind": skip.kind})
                            listed.discard(file.path)
                            continue
                        digest = content_hash(text)
                        if file.path in known and known[file.path][2] == digest:
                            self.store.touch_file(file.path, file.size, file.mtime_ns)
                            continue
                        units = units_of_file(file.path, text)
                        self.store.replace_file(file.path, file.size, file.mtime_ns, digest, units,
                                                [self.encoder.embed_key(embedding_text(unit)) for unit in units])
                        report.files_changed += 1
                        report.units_added += len(units)
        gone = [path for path in known if path not in listed]
        with self.store.transaction():
            for path in gone:
                self.store.remove_file(path)
        if reread:
            self.store.set_meta({"read_policy": policy})
        report.files_removed = len(gone)
        report.skipped = {reason: count for reason, count in sorted(skipped.items()) if count}
        report.files, report.units = self.store.count("files"), self.store.count("units")
        self.store.purge_deleted()
        report.seconds_files = round(time.perf_counter() - started, 3)
        if report.units == 0:
            self.store.checkpoint()
            raise EmptyRepositoryError(f"nothing to index in {self.root}: no text file found"
                                       + (f" (skipped: {report.skipped})" if report.skipped else ""))
        if embed:
            started = time.perf_counter()
            report.embedded = self._embed_pending(progress)
            report.seconds_embedding = round(time.perf_counter() - started, 3)
            report.vectors_dropped = self.store.drop_unused_embeddings()
            started = time.perf_counter()
            report.remote_upserted = self.vector_store.sync()
            report.seconds_vector_store = round(time.perf_counter() - started, 3)
        report.pending = len(self.store.pending())
        self.store.checkpoint()  # no page image of removed code stays in the -wal file
        return report

    @_store_errors
    def embed_pending(self, *, progress: bool = True) -> int:
        """Embed every unit text without a vector, committing each chunk; returns how many were embedded."""
        with self.writing():
            return self._embed_pending(progress)

    def _embed_pending(self, progress: bool) -> int:
        pending = self.store.pending()
        if not pending:
            return 0
        self._check_dimension()
        done = 0
        with progress_bar(len(pending), "embedding", "unit", progress) as bar:
            for chunk in iter_batches(pending, EMBED_CHUNK):
                keys, texts = [key for key, _ in chunk], [text for _, text in chunk]
                self.store.put_embeddings(keys, self.encoder.encode_documents(texts))
                done += len(chunk)
                bar.update(len(chunk))
        return done

    @_store_errors
    def cache_spec(self) -> CacheSpec:
        """What this index's cache keys are made of (model, document prompt) and its dimension, if known yet."""
        dimension = self.store.meta("dimension")
        return CacheSpec(self.store.meta("model") or "", self.store.meta("document_prompt") or "",
                         int(dimension) if dimension else None)

    @_store_errors
    def export_pending(self, path: str | os.PathLike[str]) -> int:
        """Write the unit texts still without a vector, with their cache keys, to a pending file
        (:mod:`c2llm.search.shards`); returns how many."""
        pending = self.store.pending()
        write_pending(path, self.cache_spec(), [key for key, _ in pending], [text for _, text in pending])
        return len(pending)

    @_store_errors
    def import_shards(self, paths: list[str | os.PathLike[str]], *, progress: bool = True) -> ImportReport:
        """Load vector shards embedded elsewhere (files, or folders of them: :func:`~c2llm.search.shards.shard_files`)
        into the cache, all in one transaction: every shard is checked first (model, document prompt, dimension),
        then each is read :data:`~c2llm.search.shards.IMPORT_BATCH` rows at a time, and a bad row in any shard
        imports nothing. Memory holds one batch, whatever the number and size of the shards (SQLite spills the open
        transaction's pages to its write-ahead log). A vector the index already has, or no unit needs, is counted as
        not needed: importing the same shards again stores nothing.

        Raises:
            ShardError: naming the shard that does not fit the index.
        """
        paths = shard_files(paths)
        spec, report = self.cache_spec(), ImportReport(shards=len(paths))
        dimensions = {}
        for path in paths:
            found = read_shard_spec(path)
            check_spec(path, found, spec)
            dimensions[path] = found.dimension
        if len(set(dimensions.values())) > 1:
            raise ShardError("the shards hold vectors of different dimensions: "
                             + ", ".join(f"{path} ({dimension})" for path, dimension in dimensions.items()))
        with self.writing():
            return self._import(paths, spec, report, dimensions, progress)

    def _import(self, paths: list, spec: CacheSpec, report: ImportReport, dimensions: dict, progress: bool
                ) -> ImportReport:
        with self.store.transaction():
            for path in _shard_progress(paths, progress):
                for keys, vectors in iter_shard(path):
                    # asked per batch inside the transaction: a key stored by an earlier batch is no longer wanted
                    wanted = self.store.wanted_keys(keys)
                    keep = []
                    for row, key in enumerate(keys):
                        if key in wanted:
                            keep.append(row)
                            wanted.discard(key)  # a key twice in one batch: stored once
                    self.store.insert_embeddings([keys[row] for row in keep], vectors[keep])
                    report.vectors += len(keys)
                    report.imported += len(keep)
            if spec.dimension is None and dimensions:
                self.store.write_meta({"dimension": str(next(iter(dimensions.values())))})
        report.not_needed = report.vectors - report.imported
        report.pending = self.store.pending_count()
        report.remote_upserted = self.vector_store.sync()
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

    @_store_errors
    def units(self) -> Iterator[Unit]:
        """Every unit, in path and line order."""
        return iter(list(self.store.units().values()))

    @_store_errors
    def vectors(self) -> tuple[list[Unit], np.ndarray]:
        """The embedded units (path and line order) and their normalised float32 vectors, one row each."""
        ids, matrix = self.store.vectors()
        units = self.store.units()
        return [units[i] for i in ids], matrix

    @_store_errors
    def units_by_id(self, *, vectors: bool = False) -> tuple[dict[int, Unit], np.ndarray | None]:
        """Every unit by id (path and line order), read once, and with ``vectors`` one normalised float32 row each, in
        that order: a unit without a vector yet gets a zero row (cosine 0 with anything; one column when no unit has
        a vector)."""
        units = self.store.units()
        if not vectors:
            return units, None
        ids, matrix = self.store.vectors()
        import numpy as np

        rows = np.zeros((len(units), matrix.shape[1] if ids else 1), dtype=np.float32)
        if ids:
            position = {unit_id: number for number, unit_id in enumerate(units)}
            # a unit committed by a concurrent update between the two reads has a vector but no row: skip it
            known = [number for number, unit_id in enumerate(ids) if unit_id in position]
            rows[[position[ids[number]] for number in known]] = matrix[known]
        return units, rows

    @_store_errors
    def unit_fingerprints(self, version: int) -> dict[int, tuple[str, str, str | None, int, bytes | None]]:
        """Clone-detection fingerprints (:mod:`c2llm.clones.scan`) stored with ``version`` for content the index
        still holds: unit id -> (content hash, Type-1 hash, Type-2 hash, tokens, packed band keys)
        (:meth:`c2llm.search.store.Store.unit_fingerprints`)."""
        return self.store.unit_fingerprints(version)

    @_store_errors
    def put_unit_fingerprints(self, rows: list[tuple[int, str, str, str | None, int, bytes | None]], version: int,
                              *, prune: bool = True) -> None:
        """Store (unit id, content hash, Type-1 hash, Type-2 hash, tokens, packed band keys) fingerprints, in one
        transaction (``prune``: and drop those of units removed or changed since)."""
        self.store.put_unit_fingerprints(rows, version, prune=prune)

    @_store_errors
    def unfingerprinted(self, version: int, limit: int) -> dict[int, Unit]:
        """Up to ``limit`` units without a current fingerprint of ``version``."""
        return self.store.unfingerprinted(version, limit)

    @_store_errors
    def fingerprint_matches(self, column: str, value: str, language: str, limit: int) -> list[int]:
        """Ids of units of ``language`` whose fingerprint has this ``type1`` or ``type2`` hash."""
        return self.store.fingerprint_matches(column, value, language, limit)

    @_store_errors
    def band_neighbours(self, bands: list[int], count: int) -> list[int]:
        """Ids of the ``count`` units sharing the most of these MinHash band keys."""
        return self.store.band_neighbours(bands, count)

    @_store_errors
    def fingerprints(self, ids: list[int]) -> dict[int, tuple[str, str | None, int, bytes | None]]:
        """Unit id -> (Type-1 hash, Type-2 hash, tokens, packed band keys) of these units."""
        return self.store.fingerprints(ids)

    @_store_errors
    def fingerprinted_units(self, version: int, min_tokens: int, skipped_kinds: list[str],
                            skipped_languages: list[str]) -> int:
        """How many units have a fingerprint of ``version`` with ``min_tokens`` tokens, outside these kinds and
        languages."""
        return self.store.fingerprinted_units(version, min_tokens, skipped_kinds, skipped_languages)

    @_store_errors
    def units_with_ids(self, ids: list[int]) -> dict[int, Unit]:
        """Units by id."""
        return self.store.units(ids)

    @_store_errors
    def vectors_of(self, ids: list[int]) -> dict[int, np.ndarray]:
        """The normalised float32 vector of each embedded unit of ``ids``."""
        found, matrix = self.store.vectors(ids)
        return dict(zip(found, matrix))

    @_store_errors
    def nearest_units(self, vector: np.ndarray, k: int, *, language: str | None = None) -> list[tuple[int, float]]:
        """(unit id, cosine) of the ``k`` units nearest to a document vector, from the index's vector store."""
        return self.vector_store.search(vector, k, language=language)

    @_store_errors
    def status(self) -> dict[str, Any]:
        """Counts and settings: files, units, embedded, pending, model, dimension, store, progress (0..1)."""
        units, embedded = self.store.count("units"), self.store.count("embedded")
        dimension = self.store.meta("dimension")
        return {"root": str(self.root), "store": str(self.store.path), "vector_store": self.store.meta("vector_store"),
                "vector_type": self.store.meta("vector_type") or "float32",
                "model": self.store.meta("model"),
                "dimension": int(dimension) if dimension else None, "files": self.store.count("files"),
                "units": units, "embedded": embedded, "pending": units - embedded,
                "progress": round(embedded / units, 4) if units else 1.0}

    def encode_documents(self, texts: list[str]) -> np.ndarray:
        return self.encoder.encode_documents(texts)

    def encode_queries(self, texts: list[str]) -> np.ndarray | list[array]:
        """One normalised float32 row per query (:meth:`TextEncoder.encode_queries`)."""
        return self.encoder.encode_queries(texts)

    # ------------------------------------------------------------------------------------------------ search

    def search(self, query: str, *, k: int = 10, mode: str = "hybrid", lang: str | None = None,
               path_glob: str | None = None, ranking: RankingSettings | None = None) -> SearchResult:
        """The ``k`` best units for ``query`` (see :meth:`search_many`)."""
        return self.search_many([query], k=k, mode=mode, lang=lang, path_glob=path_glob, ranking=ranking)[0]

    @_store_errors
    def search_many(self, queries: list[str], *, k: int = 10, mode: str = "hybrid", lang: str | None = None,
                    path_glob: str | None = None, query_vectors: Sequence[np.ndarray | array] | None = None,
                    ranking: RankingSettings | None = None) -> list[SearchResult]:
        """The ``k`` best units of each query, queries encoded in one pass. On a partly embedded index, dense search
        ranks the units that have a vector and hybrid also keeps the others by their keyword score; each
        :class:`SearchResult` says how many had none.

        Args:
            mode: ``hybrid``, ``dense`` or ``keyword``.
            lang: Only units of this language (``python``, ``go``, ...).
            path_glob: Only units whose path matches this SQLite GLOB (``*`` also matches ``/``).
            query_vectors: Precomputed query embeddings, one row per query (benchmarks); encoded with the query
                prompt otherwise.
            ranking: How to rank (e.g. ``ranking_profile("units")``); the index's own settings otherwise.

        Raises:
            EmptyQueryError: a query without text.
        """
        if mode not in MODES:
            raise UserError(f"--mode: expected one of {', '.join(MODES)}, got {mode!r}")
        for number, query in enumerate(queries, start=1):
            if not query.strip():
                raise EmptyQueryError("the query is empty" if len(queries) == 1 else f"query {number} is empty")
        pending, units = self.store.embedding_progress() if mode != "keyword" else (0, 0)
        if mode != "keyword" and query_vectors is None and pending < units:  # no vector at all: no model to load
            query_vectors = self.encode_queries(queries)
        results = []
        for number, query in enumerate(queries):
            vector = None if query_vectors is None else query_vectors[number]
            hits = self._search_one(query, vector, k, mode, lang, path_glob, ranking or self.ranking)
            results.append(SearchResult(hits, mode=mode, pending=pending, units=units, root=self.root))
        return results

    def _search_one(self, query: str, vector: np.ndarray | array | None, k: int, mode: str, lang: str | None,
                    path_glob: str | None, ranking: RankingSettings) -> list[Hit]:
        candidates = self.candidates(query, vector, mode=mode, lang=lang, path_glob=path_glob,
                                     depth=max(k, ranking.candidates), ranking=ranking)
        ranked = candidates.ranked(mode, ranking, k)
        # every unit with a vector has a cosine among the candidates; the others entered by keywords alone
        return [Hit(candidates.units[unit_id], score, None if mode == "keyword" else unit_id in candidates.cosine)
                for unit_id, score in ranked]

    def _dense(self, vector: np.ndarray | array, k: int, **filters: Any) -> list[tuple[int, float]]:
        """The dense side: the index's vector store."""
        return self.vector_store.search(vector, k, **filters)

    def candidates(self, query: str, vector: np.ndarray | array | None, *, mode: str = "hybrid", lang: str | None = None,
                   path_glob: str | None = None, depth: int | None = None,
                   ranking: RankingSettings | None = None) -> Candidates:
        """The ``depth`` best units of each side for one query (default: as many as a search takes), before fusion
        (benchmarks rank them many ways)."""
        ranking = ranking or self.ranking
        depth = depth or ranking.candidates
        filters = {"language": lang, "path_glob": path_glob}
        keyword = dict(self.store.keyword(query, depth, max_share=ranking.keyword_max_share, **filters)
                       ) if mode != "dense" else {}
        dense = dict(self._dense(vector, depth, **filters)) if mode != "keyword" and vector is not None else {}
        cosine = dict(dense)
        missing = [unit_id for unit_id in keyword if unit_id not in cosine]
        if mode == "hybrid" and missing and vector is not None:  # keyword candidates get their exact cosine too
            cosine.update(self.store.cosines(vector, missing))  # (those with a vector: an index may still embed)
        found = set(cosine) | set(keyword)
        # the definition of a queried name ranks even when neither side found it (unless the profile ignores
        # identifiers inside a sentence and this is one); decided on the settings as given, not as rank() applies
        # them to a description, so that one candidate list serves every profile (benchmarks rank it many ways)
        if mode == "hybrid" and ranking.definition_boost and (ranking.embedded_symbol_strength
                                                              or query_kind(query) == "symbol"):
            found.update(self.store.defining(queried_symbols(query), DEFINITIONS_PER_QUERY, **filters))
        return Candidates(query, dense, cosine, keyword, self.store.units(found))

    @_store_errors
    def related(self, path: str | os.PathLike[str], line: int, *, k: int = 10) -> list[Hit]:
        """The ``k`` units most similar (cosine) to the unit holding ``line`` of ``path`` (relative to the root, or
        absolute inside it), that unit itself excluded.

        Raises:
            UserError: no unit there, or it has no vector yet.
        """
        key = relative_key(self.root, path)
        found = self.store.unit_at(key, line) if 1 <= line <= MAX_LINE else None
        if found is None:
            raise UserError(f"{key}:{line}: no indexed unit holds this line")
        unit_id, unit = found
        ids, matrix = self.store.vectors([unit_id])
        if not ids:
            raise UserError(f"{key}:{line}: {unit.name} has no vector yet; finish `c2llm index {self.root}` first")
        hits = self._dense(matrix[0], k + 1)
        hits = [(i, score) for i, score in hits if i != unit_id][:k]
        units = self.store.units(i for i, _ in hits)
        return [Hit(units[i], score, True) for i, score in hits]


class _NoBar:
    """A progress bar that shows nothing."""

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *error: object) -> None:
        return None

    def update(self, count: int = 1) -> None:
        return None


def progress_bar(total: int, description: str, unit: str, progress: bool):
    """tqdm's bar, imported only when there is something to show: its import (importlib.metadata) costs a one-shot
    search 60 ms."""
    if not progress or not total:
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit=unit)


def _shard_progress(paths: list, progress: bool):
    with progress_bar(len(paths), "importing", "shard", progress) as bar:
        for path in paths:
            yield path
            bar.update()


def _recorded_store(path: Path) -> str | None:
    """The vector store an existing index file records (``None``: no file, or one that cannot be read)."""
    if not path.is_file():
        return None
    try:
        database = Store(path)
    except (apsw.Error, IndexStoreError):
        return None
    try:
        return database.meta("vector_store")
    except apsw.Error:
        return None
    finally:
        database.close()


def _is_empty(path: Path) -> bool:
    """An index file of 0 bytes with no WAL content: a build that never wrote its first page (disk full, killed at
    once), or a file truncated by hand; it counts as no index."""
    wal = path.with_name(path.name + "-wal")
    return path.stat().st_size == 0 and (not wal.exists() or wal.stat().st_size == 0)


def _vector_type_meta(database: Store, vector_type: str | None, root: Path, float32_cache: bool) -> dict[str, str]:
    """What to record of a new index's vector type, and of how its file stores vectors (float32 where the vector
    store copies them out of it: ``float32_cache``); nothing for an index that has them; refuse another vector type
    for an existing index."""
    if vector_type is not None and vector_type not in VECTOR_TYPES:
        raise IndexStoreError(f"--vector-type: expected one of {', '.join(VECTOR_TYPES)}, got {vector_type!r}")
    recorded = database.meta("vector_type") or ("float32" if database.has_vectors() else None)
    if recorded is not None and vector_type is not None and vector_type != recorded:
        raise IndexStoreError(f"{database.path} holds {recorded} vectors, not {vector_type}; rebuild it with "
                              f"`c2llm index {root} --rebuild --vector-type {vector_type}`")
    if database.meta("vector_type") is not None:
        return {}
    chosen = recorded or vector_type or "float32"
    return {"vector_type": chosen, "cache_vector_type": "float32" if float32_cache else chosen}


def build_index(root: str | os.PathLike[str], *, model: str | None = None, rebuild: bool = False,
                progress: bool = True, **update: Any) -> UpdateReport:
    """Open, update and close the index of ``root`` in one call."""
    with Index.open(root, model=model, rebuild=rebuild) as index:
        return index.update(progress=progress, **update)


def has_index(root: str | os.PathLike[str]) -> bool:
    """Whether ``root`` holds an index file (an empty one included: opening it says what to do)."""
    return (Path(root) / INDEX_DIR / STORE_FILE).exists()


def remove_index(root: str | os.PathLike[str]) -> None:
    """Delete the index folder of ``root``."""
    shutil.rmtree(Path(root) / INDEX_DIR, ignore_errors=True)
