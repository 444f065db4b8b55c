"""Embedding an index elsewhere: the texts an index still has to embed go out in a *pending* file, a GPU machine or a
Ray cluster turns it into a *vector shard*, and shards come back into the index's content-keyed cache.

Both are Parquet files (pyarrow) whose schema metadata carries what the cache key is made of, so that a vector can
only land where the index itself would have put it:

* pending (``c2llm index PATH --export-pending FILE``): columns ``key`` (the index's cache key, a hash of model +
  document prompt + text) and ``text``; metadata ``format`` = :data:`PENDING_FORMAT`, ``model`` (the model as the
  index records it), ``document_prompt``, ``dimension`` (empty before the first vector).
* shard (``c2llm index-embed PENDING --model M --out SHARD``, here or with ``--ray`` on a Ray cluster): columns ``key`` and ``vector`` (fixed-size list of
  float32, normalised); metadata ``format`` = :data:`SHARD_FORMAT`, ``model`` and ``document_prompt`` copied from
  the pending file, ``dimension``, and ``embedded_with`` (the model path on the node that embedded it).

``c2llm index-import PATH SHARD...`` refuses a shard of another model, prompt or dimension, naming the file, and
imports all shards in one transaction. Since the keys are the index's own, a following ``c2llm index`` embeds
nothing that a shard held.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomic import atomic_write
from ..errors import UserError

if TYPE_CHECKING:
    import numpy as np

    from .ray_embed import RayOptions

PENDING_FORMAT = "c2llm-pending/1"
SHARD_FORMAT = "c2llm-vectors/1"
EMBED_CHUNK = 1024  # texts per progress step when embedding in this process
NORM_TOLERANCE = 1e-3  # vectors must be normalised, as the index's own are


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


def write_shard(path: str | os.PathLike[str], spec: CacheSpec, embedded_with: str, keys: list[str],
                vectors: np.ndarray) -> Path:
    """Write a vector shard (atomically); ``spec.dimension`` is the vectors' width."""
    import numpy as np
    import pyarrow as pa

    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    column = pa.FixedSizeListArray.from_arrays(pa.array(vectors.reshape(-1), pa.float32()), vectors.shape[1])
    meta = spec.metadata(SHARD_FORMAT) | {b"embedded_with": embedded_with.encode()}
    _write_parquet(Path(path), pa.table({"key": pa.array(keys, pa.string()), "vector": column})
                   .replace_schema_metadata(meta))
    return Path(path)


def read_shard_spec(path: str | os.PathLike[str]) -> CacheSpec:
    """A shard's cache spec, read without its rows (to refuse a wrong shard before importing any)."""
    return _read_schema(path, SHARD_FORMAT, ("key", "vector"))[1]


def read_shard(path: str | os.PathLike[str]) -> Shard:
    """Read a shard and check its vectors: one width (the recorded dimension), finite and normalised."""
    import numpy as np
    import pyarrow as pa

    meta, spec = _read_schema(path, SHARD_FORMAT, ("key", "vector"))
    table = _read_table(path)
    column = table.column("vector").combine_chunks()
    # a fixed-size list (what index-embed writes) or a plain list of floats (what pandas writes), all rows as wide
    # as the recorded dimension
    if pa.types.is_fixed_size_list(column.type):
        widths_ok = column.type.list_size == spec.dimension
    elif pa.types.is_list(column.type) or pa.types.is_large_list(column.type):
        widths_ok = spec.dimension is not None and column.null_count == 0 and bool(
            np.all(column.value_lengths().to_numpy(zero_copy_only=False) == spec.dimension))
    else:
        widths_ok = False
    if not widths_ok or not pa.types.is_floating(column.type.value_type):
        raise ShardError(f"{path}: the vector column is not {spec.dimension}-dimensional floats "
                         f"(type {column.type})")
    vectors = np.asarray(column.flatten().to_numpy(zero_copy_only=False), dtype=np.float32)
    vectors = vectors.reshape(len(table), spec.dimension)
    norms = np.linalg.norm(vectors, axis=1) if len(vectors) else np.ones(0)
    bad = np.flatnonzero(~np.isfinite(norms) | (np.abs(norms - 1.0) > NORM_TOLERANCE))
    if bad.size:
        raise ShardError(f"{path}: row {bad[0] + 1} is not a normalised vector (norm {norms[bad[0]]:.4f}); "
                         "embed with normalize_embeddings=True")
    return Shard(spec, meta.get("embedded_with", ""), table.column("key").to_pylist(), vectors)


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


def embed_pending_file(pending_path: str | os.PathLike[str], out: str | os.PathLike[str], model: str, *,
                       devices: list[str] | None = None, ray: RayOptions | None = None, bf16: bool = False,
                       progress: bool = True) -> int:
    """Embed a pending file into a shard; returns how many vectors it holds.

    By default the texts go through the index's own encoder (token-budget batches) in this process; with ``devices``
    (``["cuda:0", "cuda:1", ...]``) through sentence-transformers' multi-process pool, one process per device; with
    ``ray``, through an actor pool on a Ray cluster (:mod:`c2llm.search.ray_embed`).

    Raises:
        ShardError: the model's stored document prompt is not the one the pending file was made with, or its
            dimension is not the index's.
    """
    import numpy as np

    from .encoder import Encoder, load_encoder

    pending = read_pending(pending_path)
    encoder = load_encoder(model, bf16=bf16)  # loads no weights yet: the prompt check comes first
    if encoder.document_prompt != pending.spec.document_prompt:
        raise ShardError(f"{pending_path}: made with document prompt {pending.spec.document_prompt!r}, but "
                         f"--model {model} stores {encoder.document_prompt!r}; embed with the index's model")
    keys, texts = pending.keys, pending.texts
    if ray is not None:
        from .ray_embed import embed_on_ray

        keys, vectors = embed_on_ray(pending_path, model, ray, bf16=bf16, progress=progress)
        dimension = vectors.shape[1] if len(keys) else encoder.dimension
    elif devices:
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
