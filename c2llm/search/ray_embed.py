"""Embedding a pending file on a Ray cluster (``c2llm index-embed PENDING --ray [ADDRESS] --output-dir DIR``), from
storage to storage: Ray Data reads the pending texts where the workers see them (a shared folder, or ``s3://`` /
``gs://`` through pyarrow's file systems), an actor pool embeds them (one model per actor, the in-process encoder's
own token-budget batches, ``num_gpus`` per actor on GPU nodes), and each actor writes the vectors of each batch it
embedded as one shard into the output folder (:func:`c2llm.search.shards.write_shard_into`: staged, then renamed,
so a shard is there whole or not at all). The driver reads the pending file's footer and gets back one small row per
shard (its name, rows and dimension): its memory does not grow with the file.

Ray schedules the batches, restarts a killed actor and retries its batch; a shard is named by its keys, so a batch
that ran twice writes the same file twice, and ``c2llm index-import`` keeps one vector per key anyway. Ray is the
``ray`` extra: one machine never needs it.
"""

from __future__ import annotations

import logging
import math
import os
import re
import uuid
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import UserError

RAY_BATCH = 4096  # pending rows per actor call and per shard (the encoder splits them by its token budget)
STAGING_PREFIX = ".staging-"  # the run's staging folder inside the output folder (import skips hidden names)
_ADDRESS = re.compile(r"^(auto|local|(ray|ray\+tls)://[\w.-]+(:\d+)?|[\w.-]+:\d+)$")


class RayError(UserError):
    """Ray missing, a malformed or unreachable address, or a cluster without the resources asked for."""


@dataclass(frozen=True)
class RayOptions:
    """Where and how to run: ``address`` (``None``: ``RAY_ADDRESS``, else a local Ray started for the run),
    ``actors`` (``None``: one per GPU of the cluster, else one per CPU) and ``gpus_per_actor`` (``None``: 1 on a
    cluster with GPUs, else 0)."""

    address: str | None = None
    actors: int | None = None
    gpus_per_actor: float | None = None


@dataclass(frozen=True)
class RayReport:
    """What ``index-embed --ray`` wrote: ``vectors`` in ``shards`` files in ``output_dir``."""

    vectors: int
    shards: int
    output_dir: str


class EncoderActor:
    """One model per actor; called with a batch of pending rows, embeds them and writes them as one shard into
    ``output_dir``; returns one row: the shard's name, its rows and the vectors' dimension (no shard, name ``""``,
    when the dimension is not the index's: the driver refuses the run)."""

    def __init__(self, model: str, bf16: bool, output_dir: str = "", staging: str = "", spec=None,
                 embedded_with: str = ""):
        from .encoder import load_encoder

        self.encoder = load_encoder(model, bf16=bf16)
        self.output_dir, self.staging, self.spec, self.embedded_with = output_dir, staging, spec, embedded_with

    def embed(self, batch: dict[str, np.ndarray]) -> np.ndarray:
        """The batch's normalised float32 vectors, one row per text."""
        return np.asarray(self.encoder.encode_documents([str(text) for text in batch["text"]]), dtype=np.float32)

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        from .shards import write_shard_into

        keys = [str(key) for key in batch["key"]]
        vectors = self.embed(batch) if keys else np.zeros((0, 0), dtype=np.float32)
        dimension = int(vectors.shape[1]) if keys else 0
        name = ""
        if keys and (self.spec.dimension is None or self.spec.dimension == dimension):
            name = write_shard_into(self.output_dir, self.staging, self.spec, self.embedded_with, keys, vectors)
        return {"shard": np.array([name]), "rows": np.array([len(keys) if name else 0]),
                "dimension": np.array([dimension])}


def check_address(address: str | None) -> str | None:
    """``address`` (or ``RAY_ADDRESS``) if it has a Ray address's form (``HOST:PORT``, ``ray://HOST[:PORT]``,
    ``auto``, ``local``); ``None`` for neither.

    Raises:
        RayError: a malformed address, naming where it came from.
    """
    source, value = ("--ray", address) if address else ("RAY_ADDRESS", os.environ.get("RAY_ADDRESS") or None)
    if value is not None and not _ADDRESS.match(value):
        raise RayError(f"{source}: expected HOST:PORT, ray://HOST:PORT, auto or local, got {value!r}")
    return value


def connect(options: RayOptions):
    """Join the cluster at the address (``None``: start a local one for this process); returns the ``ray`` module.

    Raises:
        RayError: Ray not installed, or nothing answering at the address.
    """
    try:
        import ray
    except ImportError:
        raise RayError("--ray: Ray is not installed (pip install 'c2llm[ray]')") from None
    address = check_address(options.address)
    _quiet_ray_data()
    if not ray.is_initialized():
        try:
            ray.init(address=address, log_to_driver=False, include_dashboard=False, logging_level="ERROR")
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise RayError(f"--ray: no Ray cluster at {address!r} ({str(error).splitlines()[0]})") from None
    return ray


def _quiet_ray_data() -> None:
    """Ray Data's console lines from warnings up only (its INFO lines come every few seconds; all of them still go
    to the session's ``ray-data.log``), without the note that progress bars are off (``--no-progress`` says so)."""
    import ray.data  # configures its loggers on import: after it, not before

    for handler in logging.getLogger("ray.data").handlers:
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler):
            handler.setLevel(logging.WARNING)
            if _no_progress_note not in handler.filters:
                handler.addFilter(_no_progress_note)


def _no_progress_note(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith("Progress bars disabled")


def _where(path: str | os.PathLike[str]) -> str:
    """A path as the workers get it: a URI as it is, a local (or shared) path made absolute."""
    from .shards import is_uri

    return str(path) if is_uri(path) else str(Path(path).resolve())


def embed_on_ray(pending_path: str | os.PathLike[str], output_dir: str | os.PathLike[str], model: str,
                 options: RayOptions, *, bf16: bool = False, progress: bool = True,
                 actor: type = EncoderActor) -> RayReport:
    """Embed every row of a pending file on a Ray cluster into shards in ``output_dir`` (created if needed; a path
    the workers see, or a URI), one per batch of :data:`RAY_BATCH` rows. The workers read the pending file
    (``ray.data.read_parquet``) and write the shards; the driver reads only the file's footer and one row per shard.
    ``actor``: the pool's class (tests pass one that gets killed).

    Raises:
        ShardError: the model's stored document prompt or its dimension is not the pending file's.
        RayError: Ray missing or unreachable, too few GPUs, or vectors lost on the way.
    """
    from .encoder import load_encoder
    from .shards import ShardError, check_document_prompt, is_uri, read_pending_spec, remove_staging

    spec, rows = read_pending_spec(pending_path)
    encoder = load_encoder(model, bf16=bf16)  # loads no weights here: the prompt and the key are all it needs
    check_document_prompt(pending_path, spec, model, encoder)
    ray = connect(options)
    resources = ray.cluster_resources()
    gpus = options.gpus_per_actor if options.gpus_per_actor is not None else (1 if resources.get("GPU") else 0)
    if gpus and resources.get("GPU", 0) < gpus:
        raise RayError(f"--gpus-per-actor {gpus:g}: the cluster has {resources.get('GPU', 0):g} GPU(s)")
    target = _where(output_dir)
    if not is_uri(target):
        Path(target).mkdir(parents=True, exist_ok=True)
    if not rows:
        return RayReport(0, 0, target)
    staging = f"{target.rstrip('/')}/{STAGING_PREFIX}{uuid.uuid4().hex}"
    actors = min(math.ceil(rows / RAY_BATCH), options.actors or max(1, int(
        resources.get("GPU", 0) // gpus if gpus else resources.get("CPU", 1))))
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = progress
    # The read reserves no CPU, since the actors may hold every CPU of the cluster (reading is I/O, and Ray Data's
    # backpressure bounds how far it reads ahead). Ray 2.60's DataSourceV2 Parquet reader lists the files in a task
    # that takes a whole CPU and cannot be told otherwise: behind a pool that holds them all it never starts (a
    # deadlock on a local Ray), so this read takes the V1 reader (its tasks honour num_cpus; the dataset keeps a copy
    # of the context, so the flag is put back at once).
    v2 = getattr(context, "use_datasource_v2", False)  # (older Rays have only the V1 reader)
    if v2:
        context.use_datasource_v2 = False
    try:
        pending = ray.data.read_parquet(_where(pending_path), columns=["key", "text"], num_cpus=0)
    finally:
        if v2:
            context.use_datasource_v2 = v2
    # A killed actor is restarted and its batch retried: Ray Data's default for actor pools (max_restarts and
    # max_task_retries -1), which the tests hold it to
    written = pending.map_batches(
        actor, fn_constructor_kwargs={"model": model, "bf16": bf16, "output_dir": target, "staging": staging,
                                      "spec": spec, "embedded_with": encoder.key},
        batch_size=RAY_BATCH, batch_format="numpy", compute=ray.data.ActorPoolStrategy(size=actors),
        num_gpus=gpus or None, num_cpus=None if gpus else 1)
    vectors = shards = 0
    try:
        for batch in written.iter_batches(batch_format="numpy", batch_size=None):
            for name, count, dimension in zip(batch["shard"].tolist(), batch["rows"].tolist(),
                                              batch["dimension"].tolist(), strict=True):
                if spec.dimension is not None and dimension != spec.dimension:
                    raise ShardError(f"{pending_path}: the index holds {spec.dimension}-dimensional vectors but "
                                     f"--model {model} gives {dimension}")
                shards, vectors = shards + bool(name), vectors + count
    finally:
        remove_staging(staging)  # what killed attempts left half-written
    if vectors != rows:
        raise RayError(f"--ray: {rows} rows in {pending_path} but {vectors} vectors came back")
    return RayReport(vectors, shards, target)
