"""The embedded index store: one SQLite file (``.c2llm/index.db``) opened through ``apsw`` (the standard library's
``sqlite3`` often cannot load extensions), ``sqlite-vec`` for exact vector search and FTS5 for keywords.

Tables: ``meta`` (schema version, model, dimension, prompts), ``files`` (size, mtime, content hash per file),
``units`` (one row per unit, with the key of its embedding), ``units_fts`` (FTS5 over the unit's name, path and text
split into words on ``_``, punctuation and camelCase by :func:`c2llm.bm25.code_tokenize`), and ``embeddings``
(vectors keyed by a hash of model + document prompt + text, so that identical or moved code shares one; float32,
or int8 with ``--vector-type int8`` when the index file is also where they are searched: an index whose vectors are
searched elsewhere keeps float32 ones, which it copies there, recorded as ``meta.cache_vector_type``). Keyword queries
leave out words most units have (:meth:`Store.keyword`), counted by an ``fts5vocab`` table that each connection
creates in its ``temp`` schema (nothing extra in the file). ``remote_points`` / ``remote_deletes`` record which units
a vector store outside the file (:mod:`c2llm.search.qdrant`) holds and must drop. ``unit_fingerprints`` (made by the
first ``c2llm dupes`` run) keeps each unit's clone-detection hashes, keyed by unit id and content hash, and
``unit_bands`` their MinHash band keys, so that a known-code corpus is looked up by hash and by band instead of being
read whole.

All SQL of the index is here: :mod:`c2llm.search.index`, :mod:`c2llm.search.vectors` and the benchmarks call named
methods.

Every change is a transaction and the file is in WAL mode: readers see the last committed state while an update
runs, and a killed update loses nothing that was committed.

Deleted code leaves no bytes behind: every connection sets ``PRAGMA secure_delete=ON`` (freed cells and pages are
overwritten with zeros, FTS5's shadow tables included). A contentless-delete FTS5 table records a deletion as a
tombstone and keeps the deleted words in its segment pages until they are merged (its ``secure-delete`` option does
not change that: checked, the words stayed), so an update that deleted units rewrites the full-text index with
FTS5's ``optimize`` (:meth:`Store.purge_deleted`), and then checkpoints and truncates the WAL
(:meth:`Store.checkpoint`).

Errors of SQLite become one-line :class:`IndexStoreError` messages (:func:`store_error`): corrupt, read-only,
locked, disk full.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import os
import re
import struct
from array import array
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import apsw

from ..bm25 import CACHED_WORD_CHARS, code_tokenize
from ..errors import UserError
from .units import Unit, embedding_text

if TYPE_CHECKING:  # numpy is imported where vectors are decoded: a one-shot search with a static model never needs it
    import numpy as np

SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 3_000
COMMON_MIN_UNITS = 100  # a word in fewer units is never "common" (small indexes keep every query word)
# a word in more units is left out of the keyword match whatever its share: FTS5 scores every unit a word is in, and
# past this many that scan costs more than the rest of a search (a million-unit monorepo: bench/results/scale.md).
# None of the 737 answers of semble's development repositories changes with it.
MAX_WORD_UNITS = 10_000
MAX_SQL_VARIABLES = 10_000  # ids per `IN (...)` (SQLite allows 32,766 bound variables)

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files(path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, hash TEXT NOT NULL);
CREATE TABLE units(id INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL, start_line INTEGER NOT NULL,
                   end_line INTEGER NOT NULL, language TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
                   text TEXT NOT NULL, content_hash TEXT NOT NULL, embed_key TEXT NOT NULL);
CREATE INDEX units_by_path ON units(path);
CREATE INDEX units_by_embed_key ON units(embed_key);
CREATE VIRTUAL TABLE units_fts USING fts5(name, body, content='', contentless_delete=1);
CREATE TABLE embeddings(key TEXT PRIMARY KEY, vector BLOB NOT NULL);
CREATE TABLE remote_points(unit_id INTEGER PRIMARY KEY);
CREATE TABLE remote_deletes(unit_id INTEGER PRIMARY KEY);
"""
VECTOR_TYPES = ("float32", "int8")
# made by the first fingerprint write, not in _SCHEMA: indexes of schema version 1 made before it work unchanged
_FINGERPRINTS_TABLES = (
    "CREATE TABLE IF NOT EXISTS unit_fingerprints(unit_id INTEGER PRIMARY KEY, content_hash TEXT NOT NULL, "
    "type1 TEXT NOT NULL, type2 TEXT, tokens INTEGER NOT NULL, bands BLOB)",
    "CREATE INDEX IF NOT EXISTS fingerprints_by_type1 ON unit_fingerprints(type1)",
    "CREATE INDEX IF NOT EXISTS fingerprints_by_type2 ON unit_fingerprints(type2)",
    # the MinHash band keys of each fingerprint (c2llm.clones.lsh), looked up by key
    "CREATE TABLE IF NOT EXISTS unit_bands(key INTEGER NOT NULL, unit_id INTEGER NOT NULL, "
    "PRIMARY KEY (key, unit_id)) WITHOUT ROWID",
)


def _band_keys(blob: bytes | None) -> list[int]:
    """Band keys packed as little-endian int64 (:func:`c2llm.clones.lsh.pack`)."""
    return list(struct.unpack(f"<{len(blob) // 8}q", blob)) if blob else []


# a fingerprint row that still describes its unit (an update replaces changed units under new ids)
_CURRENT = "JOIN units u ON u.id = f.unit_id AND u.content_hash = f.content_hash"
# PRAGMA secure_delete for every connection (docs/search.md measures its cost; off only to measure it)
SECURE_DELETE = True
GITIGNORE = "*\n"  # the index folder's .gitignore: git never lists the index
_UNIT_COLUMNS = "u.path, u.start_line, u.end_line, u.language, u.name, u.kind, u.text, u.content_hash"


class IndexStoreError(UserError):
    """An index file that cannot be used: corrupt, locked, from another schema, model or dimension."""


class IndexLockedError(IndexStoreError):
    """Another process holds the index's write lock."""


class IndexCorruptError(IndexStoreError):
    """The index file is not a readable index."""


class IndexReadOnlyError(IndexStoreError):
    """The index file or its folder cannot be written (SQLite writes ``-wal`` and ``-shm`` files even to read)."""


_CORRUPT = {apsw.NotADBError: "file is not a database", apsw.CorruptError: "database disk image is malformed"}


def store_error(path: Path, error: BaseException) -> IndexStoreError | None:
    """The one-line error of an SQLite failure on the index file ``path``, or ``None`` for one that is a bug."""
    if isinstance(error, (apsw.BusyError, apsw.LockedError)):
        return IndexLockedError(f"{path} is locked by another process (is `c2llm index` running?); try again when "
                                "it is done")
    for kind, text in _CORRUPT.items():
        if isinstance(error, kind):
            return IndexCorruptError(f"{path} is corrupt ({text}); rebuild it with `c2llm index --rebuild`")
    if isinstance(error, (apsw.ReadOnlyError, apsw.CantOpenError, apsw.PermissionsError)):
        if path.parent.is_dir() and not os.access(path.parent, os.W_OK):
            return IndexReadOnlyError(f"{path.parent} is read-only: SQLite writes {path.name}-wal and "
                                      f"{path.name}-shm there even to search; make the folder writable")
        return IndexReadOnlyError(f"{path} is read-only ({error}); make it writable")
    if isinstance(error, apsw.FullError):
        return IndexStoreError(f"{path}: the disk is full; free some space and run `c2llm index` again")
    return None


def make_index_folder(folder: Path) -> None:
    """Create the index folder, with a ``.gitignore`` of ``*`` so that git never lists the index (written into an
    existing folder without one too; a folder that cannot be written is left as it is, for searching)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise IndexReadOnlyError(f"{folder}: cannot create the index folder ({error.strerror})") from None
    ignore = folder / ".gitignore"
    if not ignore.exists():
        try:
            ignore.write_text(GITIGNORE, "utf-8")
        except OSError:
            pass


@functools.cache
def sqlite_vec_path() -> str:
    """The sqlite-vec extension that the ``sqlite-vec`` package ships (its ``loadable_path()``), found without
    importing the package: its ``__init__`` imports numpy when it is installed."""
    spec = importlib.util.find_spec("sqlite_vec")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("the sqlite-vec package is not installed (pip install sqlite-vec)")
    return os.path.join(spec.submodule_search_locations[0], "vec0")


def encode_vector(vector: np.ndarray | array, vector_type: str) -> bytes:
    """The stored form of a normalised vector: float32, or int8 scaled so that its largest entry is +-127 (cosine
    ignores a vector's scale, so no scale needs storing; 4x smaller, about 1e-3 cosine error)."""
    if vector_type == "float32" and isinstance(vector, array) and vector.typecode == "f":
        return vector.tobytes()  # a static model's query vector, made without numpy
    import numpy as np

    vector = np.asarray(vector, dtype=np.float32)
    if vector_type == "float32":
        return np.ascontiguousarray(vector).tobytes()
    peak = float(np.abs(vector).max()) if vector.size else 0.0
    return np.round(vector * (127.0 / peak if peak else 0.0)).astype(np.int8).tobytes()


def decode_vectors(blobs: list[bytes], vector_type: str) -> np.ndarray:
    """Stored vectors back as normalised float32 rows (int8 ones rescaled to unit length)."""
    import numpy as np

    matrix = np.stack([np.frombuffer(blob, dtype=np.float32 if vector_type == "float32" else np.int8)
                       for blob in blobs]).astype(np.float32)
    if vector_type != "float32":
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        matrix /= np.where(norms == 0, 1.0, norms)
    return matrix


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def search_words(text: str) -> list[str]:
    """The keyword side's words: :func:`c2llm.bm25.code_tokenize`'s parts, and every compound identifier whole
    (``parseHTTPResponse`` also as ``parsehttpresponse``): an exact name is rarer than its parts, so BM25 ranks the
    units that hold it first (keyword side 0.616 -> see docs/search.md)."""
    words = code_tokenize(text)
    words.extend(filter(None, (_cached_compound(identifier) if len(identifier) <= CACHED_WORD_CHARS
                                else _compound(identifier) for identifier in _IDENTIFIER.findall(text))))
    return words


def _compound(identifier: str) -> str:
    """An identifier of several parts as one word (``raw_bytes``: ``rawbytes``), else ``""``."""
    parts = code_tokenize(identifier)
    return "".join(parts) if len(parts) > 1 else ""


_cached_compound = functools.lru_cache(maxsize=65536)(_compound)  # code repeats its identifiers: each split once


def _stem(path: str) -> str:
    """``PurePosixPath(path).stem`` without building the path (a common name sorts tens of thousands of rows)."""
    name = path.rpartition("/")[2] if path != "." else ""
    dot = name.rfind(".")
    return name[:dot] if 0 < dot < len(name) - 1 else name


def fts_document(unit: Unit) -> tuple[str, str]:
    """The two FTS5 columns of a unit: its name and path as words, and its text as words (:func:`search_words`)."""
    return " ".join(search_words(f"{unit.name} {unit.path}")), " ".join(search_words(unit.text))


def fts_query(words: Iterable[str]) -> str | None:
    """An FTS5 query matching any of ``words``, ``None`` if there are none."""
    return " OR ".join(f'"{word}"' for word in words) or None


class Store:
    """The SQLite index file. Methods that write run in one transaction each."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        make_index_folder(self.path.parent)
        self._frequencies: dict[str, int] = {}
        self._progress: tuple[int, int] | None = None
        self._cache_version: int | None = None
        self._has_fingerprints = False  # the table, once seen (it is never dropped)
        self.db: apsw.Connection | None = None
        try:
            self.db = apsw.Connection(str(self.path))
            self.db.set_busy_timeout(BUSY_TIMEOUT_MS)
            self.db.execute(f"PRAGMA secure_delete={'ON' if SECURE_DELETE else 'OFF'}")
            self.db.enable_load_extension(True)
            self.db.load_extension(sqlite_vec_path())
            self.db.enable_load_extension(False)
            self.db.execute("PRAGMA journal_mode=WAL")
            tables = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                with self.transaction():
                    # looked at again inside the write lock: another process may have created it meanwhile
                    if not self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchall():
                        self.db.execute(_SCHEMA)
                        self.db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
                tables = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "meta" not in tables or self.meta("schema_version") != str(SCHEMA_VERSION):
                raise IndexCorruptError(f"{self.path}: not a c2llm index of schema version {SCHEMA_VERSION}; "
                                        "rebuild it with `c2llm index --rebuild`")
            # per connection, not in the file: how many units each FTS5 term occurs in (:meth:`common_words`)
            self.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.units_vocab USING fts5vocab(main, units_fts, row)")
        except BaseException as error:
            if self.db is not None:
                self.db.close()
            translated = store_error(self.path, error)
            if translated is None:
                raise
            raise translated from error

    # ------------------------------------------------------------------------------------------------ plumbing

    def transaction(self):
        """A write transaction (``with store.transaction(): ...``); a locked file raises :class:`IndexLockedError`."""
        return _Transaction(self)

    def close(self) -> None:
        self.db.close()

    def purge_deleted(self) -> bool:
        """Rewrite the full-text index if units were deleted since the last purge (``meta.fts_purge``, set in the
        transaction that deleted them, so an interrupted update purges next time): FTS5's ``optimize`` merges every
        segment into one, dropping tombstoned entries and their words, and ``secure_delete`` zeroes the pages it
        frees. Returns whether it ran."""
        if self.meta("fts_purge") is None:
            return False
        with self.transaction():
            self.db.execute("INSERT INTO units_fts(units_fts) VALUES ('optimize')")
            self.db.execute("DELETE FROM meta WHERE key = 'fts_purge'")
        return True

    def checkpoint(self) -> None:
        """Copy the WAL into the file and truncate it, so that no old page image (deleted code) stays in the
        ``-wal`` file. Best effort: while a reader holds an old snapshot, SQLite keeps the WAL for now."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except apsw.BusyError:
            pass

    def _fresh_cache(self) -> None:
        """Forget cached counts when the file changed (``PRAGMA data_version`` sees other connections' commits;
        this connection's own commits reset ``_cache_version`` in :class:`_Transaction`)."""
        version = self.db.execute("PRAGMA data_version").fetchall()[0][0]
        if version != self._cache_version:
            self._frequencies, self._progress, self._cache_version = {}, None, version

    def meta(self, key: str) -> str | None:
        rows = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchall()
        return rows[0][0] if rows else None

    def set_meta(self, values: dict[str, str]) -> None:
        """Set meta values, in a transaction of their own."""
        with self.transaction():
            self.write_meta(values)

    def write_meta(self, values: dict[str, str]) -> None:
        """Set meta values (call inside :meth:`transaction`)."""
        self.db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", list(values.items()))

    # ------------------------------------------------------------------------------------------------ files/units

    def file_states(self) -> dict[str, tuple[int, int, str]]:
        """path -> (size, mtime_ns, content hash) of every indexed file."""
        return {path: (size, mtime, digest) for path, size, mtime, digest in
                self.db.execute("SELECT path, size, mtime_ns, hash FROM files")}

    def touch_file(self, path: str, size: int, mtime_ns: int) -> None:
        """Record a new size/mtime for a file whose content did not change."""
        self.db.execute("UPDATE files SET size = ?, mtime_ns = ? WHERE path = ?", (size, mtime_ns, path))

    def _delete_units(self, path: str) -> None:
        ids = [(row[0],) for row in self.db.execute("SELECT id FROM units WHERE path = ?", (path,))]
        if ids:  # their words stay in the full-text index's pages until purge_deleted
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('fts_purge', '1')")
        self.db.executemany("DELETE FROM units_fts WHERE rowid = ?", ids)
        # a unit already copied to a remote vector store is deleted there at the next sync
        self.db.executemany("INSERT OR IGNORE INTO remote_deletes SELECT unit_id FROM remote_points "
                            "WHERE unit_id = ?", ids)
        self.db.executemany("DELETE FROM remote_points WHERE unit_id = ?", ids)
        self.db.execute("DELETE FROM units WHERE path = ?", (path,))

    def replace_file(self, path: str, size: int, mtime_ns: int, digest: str, units: list[Unit],
                     embed_keys: list[str]) -> None:
        """Put a file's units in place of its old ones (call inside :meth:`transaction`)."""
        self._delete_units(path)
        for unit, key in zip(units, embed_keys, strict=True):
            self.db.execute("INSERT INTO units(path, start_line, end_line, language, name, kind, text, content_hash,"
                            " embed_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (unit.path, unit.start_line, unit.end_line, unit.language, unit.name, unit.kind,
                             unit.text, unit.content_hash, key))
            self.db.execute("INSERT INTO units_fts(rowid, name, body) VALUES (?, ?, ?)",
                            (self.db.last_insert_rowid(), *fts_document(unit)))
        self.db.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)", (path, size, mtime_ns, digest))

    def remove_file(self, path: str) -> None:
        """Remove a file and its units (call inside :meth:`transaction`)."""
        self._delete_units(path)
        self.db.execute("DELETE FROM files WHERE path = ?", (path,))

    def count(self, what: str) -> int:
        queries = {"files": "SELECT count(*) FROM files", "units": "SELECT count(*) FROM units",
                   "embedded": "SELECT count(*) FROM units u JOIN embeddings e ON e.key = u.embed_key",
                   "vectors": "SELECT count(*) FROM embeddings"}
        return self.db.execute(queries[what]).fetchall()[0][0]

    def has_vectors(self) -> bool:
        return bool(self.db.execute("SELECT EXISTS (SELECT 1 FROM embeddings)").fetchall()[0][0])

    def _rows_by_id(self, sql: str, ids: Iterable[int], where: str = "", values: Sequence = ()) -> list[tuple]:
        """``sql`` (ending in ``WHERE ... u.id IN``, then ``where`` with its ``values``) run over ``ids`` in slices
        below SQLite's variable limit."""
        rows: list[tuple] = []
        for chunk in iter_batches(list(ids), MAX_SQL_VARIABLES - len(values)):
            rows += self.db.execute(f"{sql} ({','.join('?' * len(chunk))}){where}", [*chunk, *values]).fetchall()
        return rows

    def units(self, ids: Iterable[int] | None = None) -> dict[int, Unit]:
        """Units by id (all of them, in path and line order, when ``ids`` is None)."""
        sql = f"SELECT u.id, {_UNIT_COLUMNS} FROM units u"
        if ids is None:
            rows = self.db.execute(sql + " ORDER BY u.path, u.start_line")
        else:
            rows = self._rows_by_id(sql + " WHERE u.id IN", ids)
        return {row[0]: Unit(*row[1:]) for row in rows}

    def defining(self, names: Iterable[str], limit: int, *, language: str | None = None,
                 path_glob: str | None = None) -> list[int]:
        """Ids of (at most ``limit``) parsed definitions named one of ``names``, alone or as the last part of a
        qualified name (``Base`` finds ``Sinatra.Base``); case-sensitive, as identifiers are."""
        names = [name for name in names if name]
        if not names:
            return []
        where, values = self._filters(language, path_glob)
        match = " OR ".join("u.name = ? OR u.name GLOB ?" for _ in names)
        values = [value for name in names for value in (name, "*." + name.replace("[", "[[]"))] + values
        # units has no index by name (nor could one serve the GLOB): the full-text name column narrows the scan to
        # the units whose name or path holds every word of a queried name, which includes all that match
        words = [code_tokenize(name) for name in names]
        narrow = "" if not all(words) else "u.id IN (SELECT rowid FROM units_fts WHERE units_fts MATCH ?) AND "
        if narrow:
            values = ["name : (" + " OR ".join("(" + " AND ".join(f'"{word}"' for word in parts) + ")"
                                               for parts in words) + ")", *values]
        sql = f"SELECT u.id, u.path FROM units u WHERE {narrow}u.kind != 'window' AND ({match}){where}"
        rows = self.db.execute(sql, values).fetchall()
        # a name defined in many files (Swift extensions, Ruby reopened classes): the file named after it first
        stems = {name.rsplit(".", 1)[-1].lower() for name in names}
        rows.sort(key=lambda row: (_stem(row[1]).lower() not in stems, row[0]))
        return [unit_id for unit_id, _ in rows[:limit]]

    def paths(self, ids: Iterable[int]) -> dict[int, str]:
        """The path of each unit id."""
        return dict(self._rows_by_id("SELECT u.id, u.path FROM units u WHERE u.id IN", ids))

    def unit_at(self, path: str, line: int) -> tuple[int, Unit] | None:
        """The unit of ``path`` holding ``line`` (the shortest one), or ``None``."""
        rows = self.db.execute(f"SELECT u.id, {_UNIT_COLUMNS} FROM units u WHERE u.path = ? AND u.start_line <= ?"
                               " AND u.end_line >= ? ORDER BY u.end_line - u.start_line LIMIT 1",
                               (path, line, line)).fetchall()
        return (rows[0][0], Unit(*rows[0][1:])) if rows else None

    # ------------------------------------------------------------------------------------------------ embeddings

    def pending(self) -> list[tuple[str, str]]:
        """(embedding key, embedded text) of every unit without an embedding yet, one per key, in path order."""
        # one unit per key (the first by id: SQLite takes the bare columns from the min() row); the key is a hash
        # of the embedded text, so every unit of a key embeds the same
        rows = self.db.execute(
            f"SELECT u.embed_key, {_UNIT_COLUMNS}, min(u.id) FROM units u LEFT JOIN embeddings e ON e.key = u.embed_key "
            "WHERE e.key IS NULL GROUP BY u.embed_key ORDER BY u.path, u.start_line").fetchall()
        return [(row[0], embedding_text(Unit(*row[1:-1]))) for row in rows]

    def embedding_progress(self) -> tuple[int, int]:
        """(units without a vector yet, all units); cached until the file changes, since every search asks."""
        self._fresh_cache()
        if self._progress is None:
            self._progress = self.db.execute(
                "SELECT count(*) - count(e.key), count(*) FROM units u LEFT JOIN embeddings e ON e.key = u.embed_key"
            ).fetchall()[0]
        return self._progress

    def wanted_keys(self, keys: Sequence[str]) -> set[str]:
        """Those of ``keys`` that units use and that have no vector yet."""
        found: set[str] = set()
        for chunk in iter_batches(list(dict.fromkeys(keys)), MAX_SQL_VARIABLES):
            found.update(row[0] for row in self.db.execute(
                f"SELECT DISTINCT u.embed_key FROM units u WHERE u.embed_key IN ({','.join('?' * len(chunk))}) "
                "AND NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.key = u.embed_key)", chunk))
        return found

    def pending_count(self) -> int:
        """How many distinct embedding keys units use that have no vector yet."""
        return self.db.execute(
            "SELECT count(DISTINCT u.embed_key) FROM units u LEFT JOIN embeddings e ON e.key = u.embed_key "
            "WHERE e.key IS NULL").fetchall()[0][0]

    def put_embeddings(self, keys: list[str], vectors: np.ndarray) -> None:
        """Store float32 vectors (one transaction)."""
        with self.transaction():
            self.insert_embeddings(keys, vectors)

    def insert_embeddings(self, keys: list[str], vectors: np.ndarray) -> None:
        """Store normalised vectors in the index's vector type (call inside :meth:`transaction`)."""
        vector_type = self.vector_type
        self.db.executemany("INSERT OR REPLACE INTO embeddings VALUES (?, ?)",
                            [(key, encode_vector(row, vector_type)) for key, row in zip(keys, vectors, strict=True)])

    @property
    def vector_type(self) -> str:
        """How the ``embeddings`` table stores vectors: ``float32`` or ``int8`` (recorded when the index is created;
        an index made before ``cache_vector_type`` was recorded stores them as its ``vector_type``)."""
        return self.meta("cache_vector_type") or self.meta("vector_type") or "float32"

    def cached_vectors(self, keys: Iterable[str]) -> dict[str, np.ndarray]:
        """The normalised float32 vectors of those cache keys that have one, by key."""
        rows: list[tuple] = []
        for chunk in iter_batches(list(keys), MAX_SQL_VARIABLES):
            rows += self.db.execute(f"SELECT key, vector FROM embeddings WHERE key IN ({','.join('?' * len(chunk))})",
                                    chunk).fetchall()
        if not rows:
            return {}
        return dict(zip([row[0] for row in rows], decode_vectors([row[1] for row in rows], self.vector_type)))

    def drop_unused_embeddings(self) -> int:
        """Delete cached vectors no unit uses any more; returns how many."""
        with self.transaction():
            self.db.execute("DELETE FROM embeddings WHERE key NOT IN (SELECT embed_key FROM units)")
            return self.db.changes()

    def vectors(self, ids: Iterable[int] | None = None, *, language: str | None = None,
                path_glob: str | None = None) -> tuple[list[int], np.ndarray]:
        """Unit ids and their float32 vectors, for embedded units only: all in path and line order, or those of
        ``ids`` in that order (those of a language, or whose path matches an SQLite GLOB, when asked)."""
        sql = "SELECT u.id, e.vector FROM units u JOIN embeddings e ON e.key = u.embed_key"
        if ids is None:
            rows = self.db.execute(sql + " ORDER BY u.path, u.start_line").fetchall()
        else:
            ids = list(ids)
            order = {unit_id: position for position, unit_id in enumerate(ids)}
            where, values = self._filters(language, path_glob)
            rows = sorted(self._rows_by_id(sql + " WHERE u.id IN", ids, where, values), key=lambda row: order[row[0]])
        if not rows:
            import numpy as np

            return [], np.zeros((0, 0), dtype=np.float32)
        return [row[0] for row in rows], decode_vectors([row[1] for row in rows], self.vector_type)

    # ------------------------------------------------------------------------------------------------ remote sync

    def unsynced(self, limit: int) -> list[tuple[int, Unit, np.ndarray]]:
        """Up to ``limit`` embedded units not yet copied to the remote vector store: (id, unit, vector)."""
        rows = self.db.execute(
            f"SELECT u.id, {_UNIT_COLUMNS}, e.vector FROM units u JOIN embeddings e ON e.key = u.embed_key "
            "WHERE u.id NOT IN (SELECT unit_id FROM remote_points) ORDER BY u.id LIMIT ?", (limit,)).fetchall()
        if not rows:
            return []
        vectors = decode_vectors([row[-1] for row in rows], self.vector_type)
        return [(row[0], Unit(*row[1:-1]), vector) for row, vector in zip(rows, vectors)]

    def unsynced_vectors(self, batch: int) -> Iterator[tuple[list[int], np.ndarray]]:
        """Every embedded unit not yet copied to the vector store, as (ids, float32 vectors) in batches of ``batch``,
        read in one pass (a store that marks them only once all are written)."""
        cursor = self.db.execute("SELECT u.id, e.vector FROM units u JOIN embeddings e ON e.key = u.embed_key "
                                 "WHERE u.id NOT IN (SELECT unit_id FROM remote_points) ORDER BY u.id")
        while rows := list(itertools.islice(cursor, batch)):
            yield [row[0] for row in rows], decode_vectors([row[1] for row in rows], self.vector_type)

    def mark_synced(self, ids: list[int]) -> None:
        with self.transaction():
            self.db.executemany("INSERT OR IGNORE INTO remote_points VALUES (?)", [(i,) for i in ids])

    def synced(self, ids: Iterable[int]) -> set[int]:
        """Which of these unit ids have their own point in the remote vector store (not a leftover of a removed or
        an earlier build's unit under the same id)."""
        return {row[0] for row in self._rows_by_id("SELECT unit_id FROM remote_points WHERE unit_id IN", ids)}

    def has_synced(self) -> bool:
        """Whether any unit has been copied to the remote vector store since the index was created."""
        return bool(self.db.execute("SELECT 1 FROM remote_points LIMIT 1").fetchall())

    def remote_deletes(self) -> list[int]:
        return [row[0] for row in self.db.execute("SELECT unit_id FROM remote_deletes ORDER BY unit_id")]

    def clear_remote_deletes(self, ids: list[int]) -> None:
        with self.transaction():
            self.db.executemany("DELETE FROM remote_deletes WHERE unit_id = ?", [(i,) for i in ids])

    # ------------------------------------------------------------------------------------------------ fingerprints

    def has_fingerprints(self) -> bool:
        """Whether the index has its ``unit_fingerprints`` table yet."""
        if not self._has_fingerprints:
            self._has_fingerprints = bool(self.db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'unit_fingerprints'").fetchall())
        return self._has_fingerprints

    def unit_fingerprints(self, version: int) -> dict[int, tuple[str, str, str | None, int, bytes | None]]:
        """Unit id -> (content hash, Type-1 hash, Type-2 hash or ``None``, token count, packed band keys) as stored
        by :meth:`put_unit_fingerprints` with this ``version``, for every content hash a unit still has: rows of units
        that an update replaced are kept until the next write, so unchanged code of a changed file (new unit ids,
        same content) is not fingerprinted again. Empty under another version."""
        if not self._fingerprints_of(version):
            return {}
        rows = self.db.execute("SELECT unit_id, content_hash, type1, type2, tokens, bands FROM unit_fingerprints "
                               "WHERE content_hash IN (SELECT content_hash FROM units)")
        return {row[0]: row[1:] for row in rows}

    def _fingerprints_of(self, version: int) -> bool:
        return self.has_fingerprints() and self.meta("fingerprints_version") == str(version)

    def put_unit_fingerprints(self, rows: list[tuple[int, str, str, str | None, int, bytes | None]], version: int,
                              *, prune: bool = True) -> None:
        """Store (unit id, content hash, Type-1 hash, Type-2 hash, tokens, packed band keys) rows in one
        transaction, and (``prune``) delete the rows of units removed or changed since. Fingerprints of another
        ``version`` are dropped first; a row whose unit was removed or changed meanwhile (an update running since the
        units were read) is not stored. An optional cache: while another writer holds the index it gives up at once
        (:class:`IndexLockedError`) instead of waiting for it, so that a reader (an MCP tool) never stalls on it."""
        self.db.set_busy_timeout(0)
        try:
            self._put_unit_fingerprints(rows, version, prune)
        finally:
            self.db.set_busy_timeout(BUSY_TIMEOUT_MS)

    def _put_unit_fingerprints(self, rows, version: int, prune: bool) -> None:
        with self.transaction():
            if self.meta("fingerprints_version") != str(version):
                self.db.execute("DROP TABLE IF EXISTS unit_fingerprints")
                self.db.execute("DROP TABLE IF EXISTS unit_bands")
                self.write_meta({"fingerprints_version": str(version)})
            for statement in _FINGERPRINTS_TABLES:
                self.db.execute(statement)
            self._has_fingerprints = True
            self._drop_bands(self._rows_by_id("SELECT unit_id, bands FROM unit_fingerprints WHERE unit_id IN",
                                              [row[0] for row in rows]))
            self.db.executemany("INSERT OR REPLACE INTO unit_fingerprints SELECT id, content_hash, ?, ?, ?, ? "
                                "FROM units WHERE id = ? AND content_hash = ?",
                                [(type1, type2, tokens, bands, unit_id, digest)
                                 for unit_id, digest, type1, type2, tokens, bands in rows])
            self.db.executemany("INSERT OR IGNORE INTO unit_bands SELECT ?, id FROM units WHERE id = ? AND "
                                "content_hash = ?", [(key, unit_id, digest) for unit_id, digest, *_, bands in rows
                                                     for key in _band_keys(bands)])
            if prune:
                self._drop_bands(self.db.execute(
                    "SELECT unit_id, bands FROM unit_fingerprints AS f WHERE NOT EXISTS "
                    "(SELECT 1 FROM units u WHERE u.id = f.unit_id AND u.content_hash = f.content_hash)").fetchall(),
                    fingerprints=True)

    def _drop_bands(self, rows: Iterable[tuple[int, bytes | None]], *, fingerprints: bool = False) -> None:
        """Delete the band rows of these (unit id, packed band keys), and with ``fingerprints`` their fingerprints."""
        rows = list(rows)
        self.db.executemany("DELETE FROM unit_bands WHERE key = ? AND unit_id = ?",
                            [(key, unit_id) for unit_id, bands in rows for key in _band_keys(bands)])
        if fingerprints:
            self.db.executemany("DELETE FROM unit_fingerprints WHERE unit_id = ?", [(unit_id,) for unit_id, _ in rows])

    def unfingerprinted(self, version: int, limit: int) -> dict[int, Unit]:
        """Up to ``limit`` units without a current fingerprint of this ``version``, in id order."""
        sql = f"SELECT u.id, {_UNIT_COLUMNS} FROM units u"
        if self._fingerprints_of(version):
            sql += (" WHERE NOT EXISTS (SELECT 1 FROM unit_fingerprints f WHERE f.unit_id = u.id AND "
                    "f.content_hash = u.content_hash)")
        rows = self.db.execute(sql + " ORDER BY u.id LIMIT ?", (limit,))
        return {row[0]: Unit(*row[1:]) for row in rows}

    def fingerprint_matches(self, column: str, value: str, language: str, limit: int) -> list[int]:
        """Ids of (at most ``limit``) units of ``language`` whose current fingerprint has this Type-1
        (``column="type1"``) or Type-2 (``"type2"``) hash, in path and line order."""
        if column not in ("type1", "type2"):
            raise ValueError(f"column: type1 or type2, got {column!r}")
        rows = self.db.execute(f"SELECT f.unit_id FROM unit_fingerprints f {_CURRENT} WHERE f.{column} = ? AND "
                               "u.language = ? ORDER BY u.path, u.start_line LIMIT ?", (value, language, limit))
        return [row[0] for row in rows]

    def band_neighbours(self, bands: Sequence[int], count: int) -> list[int]:
        """Ids of the ``count`` units whose current fingerprints share the most of these band keys, most first."""
        if not bands:
            return []
        marks = ", ".join("?" * len(bands))
        rows = self.db.execute(
            f"SELECT f.unit_id FROM (SELECT unit_id, COUNT(*) AS shared FROM unit_bands WHERE key IN ({marks}) "
            "GROUP BY unit_id ORDER BY shared DESC, unit_id LIMIT ?) AS b JOIN unit_fingerprints f ON f.unit_id = "
            f"b.unit_id {_CURRENT} ORDER BY b.shared DESC, b.unit_id LIMIT ?", (*bands, 4 * count, count))
        return [row[0] for row in rows]

    def fingerprinted_units(self, version: int, min_tokens: int, skipped_kinds: Sequence[str],
                            skipped_languages: Sequence[str]) -> int:
        """How many units have a current fingerprint of ``version`` with at least ``min_tokens`` tokens, leaving out
        units of these kinds and languages."""
        if not self._fingerprints_of(version):
            return 0
        kinds, languages = ", ".join("?" * len(skipped_kinds)), ", ".join("?" * len(skipped_languages))
        return self.db.execute(f"SELECT COUNT(*) FROM unit_fingerprints f {_CURRENT} WHERE f.tokens >= ? AND "
                               f"u.kind NOT IN ({kinds}) AND u.language NOT IN ({languages})",
                               (min_tokens, *skipped_kinds, *skipped_languages)).fetchone()[0]

    def fingerprints(self, ids: Iterable[int]) -> dict[int, tuple[str, str | None, int, bytes | None]]:
        """Unit id -> (Type-1 hash, Type-2 hash, tokens, packed band keys) of these units' current fingerprints."""
        rows = self._rows_by_id(f"SELECT f.unit_id, f.type1, f.type2, f.tokens, f.bands FROM unit_fingerprints f "
                                f"{_CURRENT} WHERE f.unit_id IN", ids)
        return {row[0]: row[1:] for row in rows}

    # ------------------------------------------------------------------------------------------------ search

    @staticmethod
    def _filters(language: str | None, path_glob: str | None) -> tuple[str, list]:
        clauses, values = [], []
        if language:
            clauses.append("u.language = ?")
            values.append(language)
        if path_glob:
            clauses.append("u.path GLOB ?")
            values.append(path_glob)
        return "".join(f" AND {clause}" for clause in clauses), values

    def common_words(self, words: list[str], max_share: float) -> set[str]:
        """Those of ``words`` that occur in more than ``max_share`` of the units (and in more than
        :data:`COMMON_MIN_UNITS`), by FTS5's own term statistics (``fts5vocab``)."""
        if not words or max_share >= 1.0:
            return set()
        limit = max(COMMON_MIN_UNITS, max_share * self.embedding_progress()[1])  # the unit count, cached
        frequencies = self.document_frequencies(words)
        return {word for word in words if frequencies[word] > limit}

    def document_frequencies(self, words: list[str]) -> dict[str, int]:
        """How many units each word occurs in. Cached per connection until the file changes (``PRAGMA
        data_version``): fts5vocab reads a word's whole posting list to count it, which costs milliseconds for the
        common words every query repeats."""
        self._fresh_cache()
        missing = [word for word in words if word not in self._frequencies]
        if missing:
            self._frequencies |= dict.fromkeys(missing, 0) | dict(self.db.execute(
                f"SELECT term, doc FROM temp.units_vocab WHERE term IN ({','.join('?' * len(missing))})", missing))
        return {word: self._frequencies[word] for word in words}

    def keyword(self, query: str, k: int, *, language: str | None = None, path_glob: str | None = None,
                name_weight: float = 2.0, max_share: float = 1.0) -> list[tuple[int, float]]:
        """(unit id, BM25 score) of the ``k`` best units for any word of ``query``, best first.

        Words found in more than ``max_share`` of the units are left out of the match (BM25 gives them almost no
        weight, yet matching them costs a scan of most of the index); if every word is that common, all are kept.
        So are words found in more than :data:`MAX_WORD_UNITS` units (the rarest is kept if all are).
        """
        words = list(dict.fromkeys(search_words(query)))
        if not words:  # punctuation or symbols only ("☺☺"): nothing to match
            return []
        common = self.common_words(words, max_share)
        words = [word for word in words if word not in common] or words
        frequencies = self.document_frequencies(words)  # cached: common_words just asked for them
        # the rarest word when all are that frequent: one scan, not all of them
        words = [word for word in words if frequencies[word] <= MAX_WORD_UNITS] or [
            min(words, key=frequencies.__getitem__)]
        match = fts_query(words)
        if match is None:
            return []
        where, values = self._filters(language, path_glob)
        # the join to units is only needed to filter (every FTS5 row is a unit: both change in one transaction)
        source = "units_fts JOIN units u ON u.id = units_fts.rowid" if where else "units_fts"
        rows = self.db.execute(
            f"SELECT units_fts.rowid, -bm25(units_fts, ?, 1.0) AS score FROM {source} "
            f"WHERE units_fts MATCH ?{where} ORDER BY score DESC LIMIT ?", [name_weight, match, *values, k])
        return [(unit_id, float(score)) for unit_id, score in rows]

    def _cosine_distance(self) -> str:
        """sqlite-vec's cosine distance between a unit's stored vector and the bound query (an int8 index compares the
        query quantised the same way)."""
        return ("vec_distance_cosine(e.vector, ?)" if self.vector_type == "float32"
                else "vec_distance_cosine(vec_int8(e.vector), vec_int8(?))")

    def dense(self, vector: np.ndarray | array, k: int, *, language: str | None = None,
              path_glob: str | None = None) -> list[tuple[int, float]]:
        """(unit id, cosine similarity) of the ``k`` nearest embedded units, exact scan by sqlite-vec."""
        where, values = self._filters(language, path_glob)
        rows = self.db.execute(
            f"SELECT u.id, {self._cosine_distance()} AS distance FROM units u "
            f"JOIN embeddings e ON e.key = u.embed_key WHERE 1{where} ORDER BY distance NULLS LAST LIMIT ?",
            [encode_vector(vector, self.vector_type), *values, k])
        # a zero vector (a text of unknown tokens only) has no cosine: sqlite-vec gives NULL
        return [(unit_id, 1.0 - distance) for unit_id, distance in rows if distance is not None]

    def cosines(self, vector: np.ndarray | array, ids: Iterable[int]) -> dict[int, float]:
        """The cosine similarity of each embedded unit of ``ids`` to ``vector``, computed as :meth:`dense` does."""
        blob, rows = encode_vector(vector, self.vector_type), []
        sql = (f"SELECT u.id, {self._cosine_distance()} FROM units u JOIN embeddings e ON e.key = u.embed_key "
               "WHERE u.id IN")
        for chunk in iter_batches(list(ids), MAX_SQL_VARIABLES - 1):
            rows += self.db.execute(f"{sql} ({','.join('?' * len(chunk))})", [blob, *chunk]).fetchall()
        return {unit_id: 1.0 - distance for unit_id, distance in rows if distance is not None}


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on error); a busy lock becomes :class:`IndexLockedError`."""

    def __init__(self, store: Store):
        self.store = store

    def __enter__(self) -> Store:
        try:
            self.store.db.execute("BEGIN IMMEDIATE")
        except apsw.BusyError as error:
            raise IndexLockedError(f"{self.store.path} is locked by another process (is `c2llm index` running?); "
                                   "try again when it is done") from error
        return self.store

    def __exit__(self, kind, error, traceback) -> None:
        self.store.db.execute("COMMIT" if kind is None else "ROLLBACK")
        self.store._cache_version = None  # data_version only sees other connections' commits


def iter_batches(items: list, size: int) -> Iterator[list]:
    """``items`` in consecutive slices of ``size``."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
