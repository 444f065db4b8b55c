"""Embedding a pending file on a Ray cluster (``c2llm index-embed PENDING --ray [ADDRESS]``): Ray Data reads the
pending texts, an actor pool embeds them (one model per actor, the in-process encoder's own token-budget batches,
``num_gpus`` per actor on GPU nodes), and the driver writes the vectors with their cache keys as one shard
(:mod:`c2llm.search.shards`) for ``c2llm index-import``.

Ray schedules the batches, restarts a killed actor and retries its batch; the driver keeps one vector per key, so a
batch that ran twice counts once. Ray is the ``ray`` extra: one machine never needs it.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass

import numpy as np

from ..errors import UserError

RAY_BATCH = 1024  # pending rows per actor call (the encoder splits them by its token budget)
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


class EncoderActor:
    """One model per actor; called with a batch of pending rows, returns their keys and vectors."""

    def __init__(self, model: str, bf16: bool):
        from .encoder import load_encoder

        self.encoder = load_encoder(model, bf16=bf16)

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        vectors = self.encoder.encode_documents([str(text) for text in batch["text"]])
        return {"key": batch["key"], "vector": np.asarray(vectors, dtype=np.float32)}


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
    if not ray.is_initialized():
        logging.getLogger("ray.data").setLevel(logging.WARNING)  # progress lines every few seconds otherwise
        try:
            ray.init(address=address, log_to_driver=False, include_dashboard=False, logging_level="ERROR")
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise RayError(f"--ray: no Ray cluster at {address!r} ({str(error).splitlines()[0]})") from None
    return ray


def embed_on_ray(pending_path: str | os.PathLike[str], model: str, options: RayOptions, *, bf16: bool = False,
                 progress: bool = True, actor: type = EncoderActor) -> tuple[list[str], np.ndarray]:
    """Keys and vectors of every row of a pending file, embedded by an actor pool; one vector per key, in the
    file's order. The driver reads the file (only it needs to see it) and hands Ray Data blocks of
    :data:`RAY_BATCH` rows. ``actor``: the pool's class (tests pass one that gets killed)."""
    import pyarrow.parquet as pq

    ray = connect(options)
    resources = ray.cluster_resources()
    gpus = options.gpus_per_actor if options.gpus_per_actor is not None else (1 if resources.get("GPU") else 0)
    if gpus and resources.get("GPU", 0) < gpus:
        raise RayError(f"--gpus-per-actor {gpus:g}: the cluster has {resources.get('GPU', 0):g} GPU(s)")
    table = pq.read_table(pending_path, columns=["key", "text"])
    blocks = [table.slice(start, RAY_BATCH) for start in range(0, len(table), RAY_BATCH)] or [table]
    actors = min(len(blocks), options.actors or max(1, int(
        resources.get("GPU", 0) // gpus if gpus else resources.get("CPU", 1))))
    ray.data.DataContext.get_current().enable_progress_bars = progress
    # a killed actor is restarted and its batch retried: Ray Data's default for actor pools (max_restarts and
    # max_task_retries -1), which the tests hold it to
    vectors = ray.data.from_arrow(blocks).map_batches(
        actor, fn_constructor_kwargs={"model": model, "bf16": bf16}, batch_size=RAY_BATCH,
        batch_format="numpy", compute=ray.data.ActorPoolStrategy(size=actors), num_gpus=gpus or None,
        num_cpus=None if gpus else 1)
    found: dict[str, np.ndarray] = {}
    for batch in vectors.iter_batches(batch_format="numpy", batch_size=None):
        found.update(zip(batch["key"].tolist(), batch["vector"]))
    keys = [key for key in table.column("key").to_pylist() if key in found]
    matrix = np.stack([found[key] for key in keys]) if keys else np.zeros((0, 0), dtype=np.float32)
    return keys, matrix
