"""Embedding an index elsewhere: the texts an index still has to embed go out in a *pending* file, a GPU machine or a
Ray cluster turns it into *vector shards*, and shards come back into the index's content-keyed cache.

Both are Parquet files (pyarrow) whose schema metadata carries what the cache key is made of, so that a vector can
only land where the index itself would have put it:

* pending (``c2llm index PATH --export-pending FILE``): columns ``key`` (the index's cache key, a hash of model +
  document prompt + text) and ``text``; metadata ``format`` = :data:`PENDING_FORMAT`, ``model`` (the model as the
  index records it), ``document_prompt``, ``dimension`` (empty before the first vector).
* shard (``c2llm index-embed PENDING --model M --out SHARD`` here; ``--ray --output-dir DIR`` on a Ray cluster, one
  shard per batch, :func:`write_shard_into`): columns ``key`` and ``vector`` (fixed-size list of float32,
  normalised); metadata ``format`` = :data:`SHARD_FORMAT`, ``model`` and ``document_prompt`` copied from the pending
  file, ``dimension``, and ``embedded_with`` (the model path on the node that embedded it).

``c2llm index-import PATH SHARD...`` (files or folders of shards, :func:`shard_files`) refuses a shard of another
model, prompt or dimension, naming the file, and imports all shards in one transaction, reading each in batches of
:data:`IMPORT_BATCH` rows (:func:`iter_shard`). Since the keys are the index's own, a following ``c2llm index``
embeds nothing that a shard held.

Paths may be URIs (``s3://``, ``gs://``, ``file://``): pyarrow's file systems read and write them.
"""

from __future__ import annotations

import hashlib
import os
import re
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomic import FILE_MODE, atomic_write
from ..errors import UserError

if TYPE_CHECKING:
    import numpy as np

PENDING_FORMAT = "c2llm-pending/1"
SHARD_FORMAT = "c2llm-vectors/1"
EMBED_CHUNK = 1024  # texts per progress step when embedding in this process
NORM_TOLERANCE = 1e-3  # vectors must be normalised, as the index's own are
IMPORT_BATCH = 8192  # shard rows per import step: an import holds this many vectors at a time, whatever the shards
SHARD_SUFFIX = ".parquet"
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


class ShardError(UserError):
    """A pending file or vector shard that cannot be used: unreadable, of another model, prompt or dimension."""


@dataclass(frozen=True)
class CacheSpec:
    """What an index's cache keys are made of: the recorded model, the document prompt, and the dimension (``None``
    before the first vector)."""

    model: str
    document_prompt: str
    dimension: int | None

    def metadata(self, format: str) -> dict[bytes, bytes]:
        values = {"format": format, "model": self.model, "document_prompt": self.document_prompt,
                  "dimension": "" if self.dimension is None else str(self.dimension)}
        return {key.encode(): value.encode() for key, value in values.items()}


@dataclass
class Pending:
    """A pending file read back: its cache spec, and the keys and texts to embed."""

    spec: CacheSpec
    keys: list[str]
    texts: list[str]


@dataclass
class Shard:
    """A vector shard read back: its cache spec, who embedded it, keys and an (n, dimension) float32 matrix."""

    spec: CacheSpec
    embedded_with: str
    keys: list[str]
    vectors: np.ndarray


def _write_parquet(path: Path, table) -> None:
    import pyarrow.parquet as pq

    atomic_write(path, lambda handle: pq.write_table(table, handle), mode="wb")


def _read_schema(path: str | os.PathLike[str], format: str, columns: tuple[str, ...]) -> tuple[dict, CacheSpec]:
    """The metadata (str -> str) and cache spec of a file, read without its rows; :class:`ShardError` names the file
    and what is wrong."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        schema = pq.read_schema(path)
    except (OSError, pa.ArrowException) as error:
        raise ShardError(f"{path}: not a readable Parquet file ({error})") from None
    meta = {key.decode(): value.decode() for key, value in (schema.metadata or {}).items()}
    if meta.get("format") != format:
        raise ShardError(f"{path}: not a {format} file (format {meta.get('format')!r})")
    missing = [name for name in columns if name not in schema.names]
    if missing:
        raise ShardError(f"{path}: missing column(s) {', '.join(missing)}")
    dimension = meta.get("dimension", "")
    return meta, CacheSpec(meta.get("model", ""), meta.get("document_prompt", ""),
                           int(dimension) if dimension.isdigit() else None)


def _read_table(path: str | os.PathLike[str]):
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.read_table(path)
    except (OSError, pa.ArrowException) as error:
        raise ShardError(f"{path}: not a readable Parquet file ({error})") from None


def write_pending(path: str | os.PathLike[str], spec: CacheSpec, keys: list[str], texts: list[str]) -> Path:
    """Write the texts still to embed, with their cache keys (atomically)."""
    import pyarrow as pa

    table = pa.table({"key": pa.array(keys, pa.string()), "text": pa.array(texts, pa.string())})
    _write_parquet(Path(path), table.replace_schema_metadata(spec.metadata(PENDING_FORMAT)))
    return Path(path)


def read_pending(path: str | os.PathLike[str]) -> Pending:
    _, spec = _read_schema(path, PENDING_FORMAT, ("key", "text"))
    table = _read_table(path)
    return Pending(spec, table.column("key").to_pylist(), table.column("text").to_pylist())


def is_uri(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a URI (``s3://``, ``gs://``, ``file://``, ...) rather than a local path."""
    return bool(_URI.match(str(path)))


def shard_table(spec: CacheSpec, embedded_with: str, keys: Sequence[str], vectors: np.ndarray):
    """The Arrow table of a shard: keys, float32 vectors as a fixed-size list, and the metadata
    (``spec.dimension`` is the vectors' width)."""
    import numpy as np
    import pyarrow as pa

    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    column = pa.FixedSizeListArray.from_arrays(pa.array(vectors.reshape(-1), pa.float32()), vectors.shape[1])
    meta = spec.metadata(SHARD_FORMAT) | {b"embedded_with": embedded_with.encode()}
    return pa.table({"key": pa.array(list(keys), pa.string()), "vector": column}).replace_schema_metadata(meta)


def write_shard(path: str | os.PathLike[str], spec: CacheSpec, embedded_with: str, keys: list[str],
                vectors: np.ndarray) -> Path:
    """Write a vector shard (atomically); ``spec.dimension`` is the vectors' width."""
    _write_parquet(Path(path), shard_table(spec, embedded_with, keys, vectors))
    return Path(path)


def shard_name(keys: Sequence[str]) -> str:
    """A shard's file name, from its keys: a retried batch writes the file it wrote before, not a second one."""
    return f"shard-{hashlib.blake2b(chr(10).join(keys).encode(), digest_size=12).hexdigest()}{SHARD_SUFFIX}"


def _join(folder: str, name: str) -> str:
    return f"{folder.rstrip('/')}/{name}"


def write_shard_into(folder: str, staging: str, spec: CacheSpec, embedded_with: str, keys: Sequence[str],
                     vectors: np.ndarray) -> str:
    """Write one shard into ``folder`` (a local or shared path, or a URI), whole or not at all, and return its name
    (:func:`shard_name`). The file is written in ``staging`` (a folder inside ``folder``, on the same file system),
    then renamed to its name: ``os.replace`` on a local or shared path; pyarrow's ``move`` for a URI, which on an
    object store copies the finished object (a copy appears whole) and deletes the staged one. A process killed
    mid-write leaves a file in ``staging`` only, which import never reads (it skips hidden names)."""
    import pyarrow.parquet as pq

    table = shard_table(replace(spec, dimension=int(vectors.shape[1])), embedded_with, keys, vectors)
    name = shard_name(keys)
    temporary_name = f"{name}.{uuid.uuid4().hex}.tmp"
    if is_uri(folder):
        from pyarrow import fs

        filesystem, base = fs.FileSystem.from_uri(folder)
        staging_path = fs.FileSystem.from_uri(staging)[1]
        filesystem.create_dir(staging_path, recursive=True)
        staged = _join(staging_path, temporary_name)
        with filesystem.open_output_stream(staged) as stream:
            pq.write_table(table, stream)
        filesystem.move(staged, _join(base, name))
        return name
    staged = Path(staging) / temporary_name
    staged.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(staged, "wb") as handle:
            pq.write_table(table, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(staged, FILE_MODE)
        os.replace(staged, Path(folder) / name)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise
    return name


def remove_staging(staging: str) -> None:
    """Delete a staging folder of :func:`write_shard_into` and what killed writers left in it."""
    if is_uri(staging):
        from pyarrow import fs

        filesystem, path = fs.FileSystem.from_uri(staging)
        if filesystem.get_file_info(path).type == fs.FileType.Directory:
            filesystem.delete_dir(path)
    else:
        import shutil

        shutil.rmtree(staging, ignore_errors=True)


def _is_shard_file(name: str) -> bool:
    return name.endswith(SHARD_SUFFIX) and not name.startswith((".", "_"))


def shard_files(paths: Sequence[str | os.PathLike[str]]) -> list[str | os.PathLike[str]]:
    """The shard files of ``paths``: a file as it is; a folder (local, or a URI) as its ``*.parquet`` files, in name
    order, hidden names (``.staging-*``, temporaries) and ``_*`` skipped, not recursing.

    Raises:
        ShardError: a folder without any shard.
    """
    found: list[str | os.PathLike[str]] = []
    for path in paths:
        if is_uri(path):
            from pyarrow import fs

            filesystem, base = fs.FileSystem.from_uri(str(path))
            if filesystem.get_file_info(base).type != fs.FileType.Directory:
                found.append(path)
                continue
            names = sorted(info.base_name for info in filesystem.get_file_info(fs.FileSelector(base))
                           if info.type == fs.FileType.File and _is_shard_file(info.base_name))
            files = [_join(str(path), name) for name in names]
        elif Path(path).is_dir():
            files = sorted(child for child in Path(path).iterdir() if child.is_file() and _is_shard_file(child.name))
        else:
            found.append(path)
            continue
        if not files:
            raise ShardError(f"{path}: no vector shard (*{SHARD_SUFFIX}) in this folder")
        found.extend(files)
    return found


def read_shard_spec(path: str | os.PathLike[str]) -> CacheSpec:
    """A shard's cache spec, read without its rows (to refuse a wrong shard before importing any)."""
    return _read_schema(path, SHARD_FORMAT, ("key", "vector"))[1]


def read_pending_spec(path: str | os.PathLike[str]) -> tuple[CacheSpec, int]:
    """A pending file's cache spec and row count, read from its footer (none of its rows)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    _, spec = _read_schema(path, PENDING_FORMAT, ("key", "text"))
    try:
        return spec, pq.read_metadata(path).num_rows
    except (OSError, pa.ArrowException) as error:
        raise ShardError(f"{path}: not a readable Parquet file ({error})") from None


def iter_shard(path: str | os.PathLike[str], *, batch_rows: int | None = None
               ) -> Iterator[tuple[list[str], np.ndarray]]:
    """A shard's keys and (n, dimension) float32 vectors, :data:`IMPORT_BATCH` rows (or ``batch_rows``) at a time,
    each batch checked: one width (the recorded dimension), finite and normalised. Memory holds one batch, whatever
    the shard's size.

    Raises:
        ShardError: naming the file (and the row, 1-based in the file, of a vector that is not normalised).
    """
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    _, spec = _read_schema(path, SHARD_FORMAT, ("key", "vector"))
    try:
        parquet = pq.ParquetFile(path)
        kind = parquet.schema_arrow.field("vector").type
    except (OSError, pa.ArrowException) as error:
        raise ShardError(f"{path}: not a readable Parquet file ({error})") from None

    def wrong_width() -> ShardError:
        return ShardError(f"{path}: the vector column is not {spec.dimension}-dimensional floats (type {kind})")

    # a fixed-size list (what index-embed writes) or a plain list of floats (what pandas writes), all rows as wide
    # as the recorded dimension
    fixed = pa.types.is_fixed_size_list(kind)
    listed = pa.types.is_list(kind) or pa.types.is_large_list(kind)
    if spec.dimension is None or not (fixed or listed) or not pa.types.is_floating(kind.value_type) or (
            fixed and kind.list_size != spec.dimension):
        raise wrong_width()
    done = 0
    batches = parquet.iter_batches(batch_size=batch_rows or IMPORT_BATCH, columns=["key", "vector"])
    while True:
        try:
            batch = next(batches, None)
        except (OSError, pa.ArrowException) as error:
            raise ShardError(f"{path}: not a readable Parquet file ({error})") from None
        if batch is None:
            return
        column = batch.column("vector")
        if column.null_count or (listed and not bool(
                np.all(column.value_lengths().to_numpy(zero_copy_only=False) == spec.dimension))):
            raise wrong_width()
        vectors = np.asarray(column.flatten().to_numpy(zero_copy_only=False), dtype=np.float32)
        vectors = vectors.reshape(len(batch), spec.dimension)
        norms = np.linalg.norm(vectors, axis=1) if len(vectors) else np.ones(0)
        bad = np.flatnonzero(~np.isfinite(norms) | (np.abs(norms - 1.0) > NORM_TOLERANCE))
        if bad.size:
            raise ShardError(f"{path}: row {done + bad[0] + 1} is not a normalised vector (norm {norms[bad[0]]:.4f}); "
                             "embed with normalize_embeddings=True")
        yield batch.column("key").to_pylist(), vectors
        done += len(batch)


def read_shard(path: str | os.PathLike[str]) -> Shard:
    """Read a whole shard and check its vectors (:func:`iter_shard`)."""
    import numpy as np

    meta, spec = _read_schema(path, SHARD_FORMAT, ("key", "vector"))
    keys, chunks = [], []
    for batch_keys, vectors in iter_shard(path):
        keys += batch_keys
        chunks.append(vectors)
    vectors = np.concatenate(chunks) if chunks else np.zeros((0, spec.dimension or 0), dtype=np.float32)
    return Shard(spec, meta.get("embedded_with", ""), keys, vectors)


def check_spec(path: str | os.PathLike[str], found: CacheSpec, expected: CacheSpec) -> None:
    """Refuse a file whose model, document prompt or dimension is not the index's (``expected.dimension`` ``None``:
    any dimension)."""
    if found.model != expected.model:
        raise ShardError(f"{path}: made for model {found.model}, but the index uses {expected.model}")
    if found.document_prompt != expected.document_prompt:
        raise ShardError(f"{path}: made with document prompt {found.document_prompt!r}, but the index uses "
                         f"{expected.document_prompt!r}")
    if expected.dimension is not None and found.dimension is not None and found.dimension != expected.dimension:
        raise ShardError(f"{path}: holds {found.dimension}-dimensional vectors, but the index holds "
                         f"{expected.dimension}-dimensional ones")


def check_document_prompt(pending_path: str | os.PathLike[str], spec: CacheSpec, model: str, encoder) -> None:
    """Refuse a model whose stored document prompt is not the one the pending file was made with."""
    if encoder.document_prompt != spec.document_prompt:
        raise ShardError(f"{pending_path}: made with document prompt {spec.document_prompt!r}, but "
                         f"--model {model} stores {encoder.document_prompt!r}; embed with the index's model")


def embed_pending_file(pending_path: str | os.PathLike[str], out: str | os.PathLike[str], model: str, *,
                       devices: list[str] | None = None, bf16: bool = False, progress: bool = True) -> int:
    """Embed a pending file into one shard, on this machine; returns how many vectors it holds.

    By default the texts go through the index's own encoder (token-budget batches) in this process; with ``devices``
    (``["cuda:0", "cuda:1", ...]``) through sentence-transformers' multi-process pool, one process per device. On a
    Ray cluster, into a folder of shards: :func:`c2llm.search.ray_embed.embed_on_ray`.

    Raises:
        ShardError: the model's stored document prompt is not the one the pending file was made with, or its
            dimension is not the index's.
    """
    import numpy as np

    from .encoder import Encoder, load_encoder

    pending = read_pending(pending_path)
    encoder = load_encoder(model, bf16=bf16)  # loads no weights yet: the prompt check comes first
    check_document_prompt(pending_path, pending.spec, model, encoder)
    keys, texts = pending.keys, pending.texts
    if devices:
        if not isinstance(encoder, Encoder):
            raise ShardError(f"--devices: {model} is a static model, embedded on the CPU; leave --devices out")
        pool = encoder.model.start_multi_process_pool(devices)
        try:
            vectors = encoder.model.encode_document(texts, pool=pool, prompt=encoder.document_prompt,
                                                    normalize_embeddings=True, show_progress_bar=progress,
                                                    convert_to_numpy=True)
        finally:
            encoder.model.stop_multi_process_pool(pool)
        dimension = encoder.dimension
    else:
        from tqdm.auto import tqdm

        chunks = []
        with tqdm(total=len(texts), desc="embedding", unit="unit", disable=not progress) as bar:
            for start in range(0, len(texts), EMBED_CHUNK):
                chunks.append(encoder.encode_documents(texts[start : start + EMBED_CHUNK]))
                bar.update(len(chunks[-1]))
        dimension = encoder.dimension
        vectors = np.concatenate(chunks) if chunks else np.zeros((0, dimension), dtype=np.float32)
    if pending.spec.dimension is not None and pending.spec.dimension != dimension:
        raise ShardError(f"{pending_path}: the index holds {pending.spec.dimension}-dimensional vectors but "
                         f"--model {model} gives {dimension}")
    spec = CacheSpec(pending.spec.model, pending.spec.document_prompt, dimension)
    write_shard(out, spec, encoder.key, keys, np.asarray(vectors, dtype=np.float32).reshape(len(keys), dimension))
    return len(keys)
