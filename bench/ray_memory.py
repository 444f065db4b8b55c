"""The driver's memory when ``c2llm index-embed --ray`` embeds a pending file, as the file grows (100k and 1M rows):
it should stay flat, since the workers read the pending file and write the shards, and the driver only gets one small
row per shard back. Then ``c2llm index-import`` of that folder of shards, whose memory should stay flat too (it
streams each shard in batches of ``IMPORT_BATCH`` rows).

For each size an index of that many units is made without source files: synthetic short Python functions (one per
unit, every text different) are stored through the index's own ``Store`` with the default static model's cache keys,
and ``Index.export_pending`` writes the pending file, as ``c2llm index --export-pending`` would. Then, each in a fresh
process on a local Ray of 2 CPUs (``ray.init(num_cpus=2)``), two actors:

* ``storage``: ``c2llm index-embed PENDING --ray --output-dir DIR`` (this package's path: Ray Data reads the file,
  the actors write the shards);
* ``driver``: the design it replaced, for reference: the driver reads the whole pending table, hands Ray in-memory
  blocks of 1,024 rows, collects every vector in one dict and writes one shard (``--no-driver`` skips it);
* ``import``: ``c2llm index-import ROOT DIR`` of the storage run's shards into the index (every vector needed).

Each records the process's peak resident memory during the command (``VmHWM`` after resetting it through
``/proc/self/clear_refs`` once Ray is up and the modules are imported), the peak before it (``ray.init`` and the
imports) and its wall time. The Ray workers' own memory is not counted: they are other processes. ``ru_maxrss`` is
not used: Linux carries it across ``fork`` + ``execve``, so a child started by a parent holding 1.7 GB (this one,
after building the 1M-unit index) reports at least 1.7 GB whatever it does; ``VmHWM`` belongs to the new process.

Run::

    python -m bench.ray_memory                        # 100,000 and 1,000,000 rows: bench/results/ray_memory.*
    python -m bench.ray_memory --rows 100000 300000   # other sizes
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from c2llm.bench.common import (
    BenchSettings,
    child_spec_path,
    machine_header,
    machine_info,
    markdown_table,
    run_child,
    write_report,
)

DEFAULT_WORK = Path.home() / ".cache" / "c2llm" / "bench-ray-memory"
DEFAULT_ROWS = (100_000, 1_000_000)
CPUS = 2  # the local Ray's CPUs: two actors
UNITS_PER_FILE = 10
FILES_PER_TRANSACTION = 10_000
DRIVER_BLOCK = 1024  # the replaced design's blocks
VERBS = ["sort", "merge", "split", "hash", "parse", "load", "save", "filter", "count", "join", "group", "render"]
NOUNS = ["items", "rows", "paths", "tokens", "records", "lines", "users", "orders", "events", "pages"]
MODULE = "bench.ray_memory"


@dataclass(kw_only=True)
class RayMemorySettings(BenchSettings):
    NAME = "ray_memory"

    rows: list[int] = field(default_factory=lambda: list(DEFAULT_ROWS))
    """Rows of each pending file (units of each synthetic index)."""
    folder: str = str(DEFAULT_WORK)
    """Where the indexes, pending files and shards go (made again by every run, removed after each size)."""
    driver: bool = True
    """Also measure the replaced design (the driver collects every vector)."""


def synthetic_unit(number: int):
    """A short Python function, different for every ``number``."""
    from c2llm.search.units import Unit

    verb, noun = VERBS[number % len(VERBS)], NOUNS[(number // len(VERBS)) % len(NOUNS)]
    name = f"{verb}_{noun}_{number}"
    text = (f"def {name}({noun}, limit={number % 97 + 1}):\n"
            f"    \"\"\"{verb.capitalize()} the {noun} of batch {number}, at most limit of them.\"\"\"\n"
            f"    return sorted({noun}, key=str)[:limit]\n")
    line = (number % UNITS_PER_FILE) * 4 + 1
    return Unit(f"pkg{number // 100_000:02d}/m{number // UNITS_PER_FILE:06d}.py", line, line + 2, "python", name,
                "function", text)


def build_index(root: Path, rows: int) -> dict:
    """An index of ``rows`` synthetic units (no vectors yet), stored directly; returns what was made."""
    from c2llm.search.index import Index
    from c2llm.search.units import embedding_text

    started = time.perf_counter()
    root.mkdir(parents=True)
    with Index.open(root) as index:
        store, encoder = index.store, index.encoder
        for first_file in range(0, rows // UNITS_PER_FILE + 1, FILES_PER_TRANSACTION):
            with store.transaction():
                for file_number in range(first_file, first_file + FILES_PER_TRANSACTION):
                    units = [synthetic_unit(number) for number in range(
                        file_number * UNITS_PER_FILE, min(rows, (file_number + 1) * UNITS_PER_FILE))]
                    if not units:
                        break
                    digest = hashlib.blake2b("".join(unit.text for unit in units).encode(), digest_size=16)
                    store.replace_file(units[0].path, 1, 1, digest.hexdigest(), units,
                                       [encoder.embed_key(embedding_text(unit)) for unit in units])
        status = index.status()
        return {"units": status["units"], "files": status["files"], "model": Path(status["model"]).name,
                "seconds": round(time.perf_counter() - started, 1)}


def _memory_mb(field_name: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field_name}:"):
            return round(int(line.split()[1]) / 1024, 1)
    return float("nan")


class CollectingActor:
    """The replaced design's actor: embeds a batch and returns its keys and vectors to the driver."""

    def __init__(self, model: str):
        from c2llm.search.encoder import load_encoder

        self.encoder = load_encoder(model)

    def __call__(self, batch):
        import numpy as np

        vectors = self.encoder.encode_documents([str(text) for text in batch["text"]])
        return {"key": batch["key"], "vector": np.asarray(vectors, dtype=np.float32)}


def driver_collects(pending: str, out: Path, model: str) -> int:
    """The design ``index-embed --ray`` had before: everything through the driver."""
    import numpy as np
    import pyarrow.parquet as pq
    import ray

    from c2llm.search.encoder import load_encoder
    from c2llm.search.shards import CacheSpec, read_pending_spec, write_shard

    spec, _ = read_pending_spec(pending)
    table = pq.read_table(pending, columns=["key", "text"])
    blocks = [table.slice(start, DRIVER_BLOCK) for start in range(0, len(table), DRIVER_BLOCK)]
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    vectors = ray.data.from_arrow(blocks).map_batches(
        CollectingActor, fn_constructor_kwargs={"model": model}, batch_size=DRIVER_BLOCK, batch_format="numpy",
        compute=ray.data.ActorPoolStrategy(size=CPUS), num_cpus=1)
    found: dict = {}
    for batch in vectors.iter_batches(batch_format="numpy", batch_size=None):
        found.update(zip(batch["key"].tolist(), batch["vector"]))
    keys = [key for key in table.column("key").to_pylist() if key in found]
    matrix = np.stack([found[key] for key in keys])
    write_shard(out / "shard.parquet", CacheSpec(spec.model, spec.document_prompt, matrix.shape[1]),
                load_encoder(model).key, keys, matrix)
    return len(keys)


def child(spec: dict) -> dict:
    """One measured command in this fresh process."""
    from contextlib import redirect_stdout
    from io import StringIO

    from c2llm.cli import main

    if spec["mode"] != "import":
        import ray
        import ray.data  # noqa: F401  (imported before the measurement starts)

        ray.init(num_cpus=CPUS, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    import c2llm.search.index  # noqa: F401
    import c2llm.search.ray_embed  # noqa: F401

    before, startup_peak = _memory_mb("VmRSS"), _memory_mb("VmHWM")
    try:  # the peak from here on (Linux: writing 5 resets VmHWM to the current RSS)
        Path("/proc/self/clear_refs").write_text("5")
        reset = True
    except OSError:
        reset = False
    started = time.perf_counter()
    printed = StringIO()
    with redirect_stdout(printed):
        if spec["mode"] == "storage":
            code = main(["index-embed", spec["pending"], "--model", spec["model"], "--ray", "--actors", str(CPUS),
                         "--output-dir", spec["out"], "--no-progress"])
        elif spec["mode"] == "driver":
            code = 0 if driver_collects(spec["pending"], Path(spec["out"]), spec["model"]) else 1
        else:
            code = main(["index-import", spec["root"], spec["out"], "--json", "--no-progress"])
    seconds = time.perf_counter() - started
    if code != 0:
        raise RuntimeError(f"{spec['mode']}: exit {code}")
    result = {"seconds": round(seconds, 1), "rss_before_mb": before,
              "peak_rss_mb": _memory_mb("VmHWM") if reset else None, "startup_peak_rss_mb": startup_peak,
              "output": (printed.getvalue().strip().splitlines() or [""])[-1]}
    if spec["mode"] == "import":
        result["report"] = json.loads(result.pop("output"))
    return result


def _disk_mb(folder: Path) -> float:
    return round(sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 2**20, 1)


def run(settings: RayMemorySettings) -> dict:
    from c2llm.search.encoder import default_index_model
    from c2llm.search.index import Index
    from c2llm.search.shards import shard_files

    started = time.perf_counter()
    model = default_index_model()
    sizes: dict[str, dict] = {}
    for rows in settings.rows:
        work = Path(settings.folder) / f"n{rows}"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        root, pending, shards = work / "index", work / "pending.parquet", work / "shards"
        entry: dict = {"index": build_index(root, rows), "load_average_at_start": list(os.getloadavg())}
        began = time.perf_counter()
        with Index.open(root, create=False) as index:
            entry["pending"] = {"rows": index.export_pending(pending), "mb": round(pending.stat().st_size / 2**20, 1),
                                "seconds": round(time.perf_counter() - began, 1)}
        spec = {"pending": str(pending), "model": model, "root": str(root)}
        entry["storage"] = run_child(MODULE, spec | {"mode": "storage", "out": str(shards)}, work / "storage.json")
        entry["storage"] |= {"shards": len(shard_files([shards])), "shards_mb": _disk_mb(shards)}
        if settings.driver:
            (work / "driver").mkdir()
            entry["driver"] = run_child(MODULE, spec | {"mode": "driver", "out": str(work / "driver")},
                                        work / "driver.json")
        entry["import"] = run_child(MODULE, spec | {"mode": "import", "out": str(shards)}, work / "import.json")
        with Index.open(root, create=False) as index:
            entry["after_import"] = {key: index.status()[key] for key in ("units", "embedded", "pending")}
        entry["load_average_at_end"] = list(os.getloadavg())
        sizes[str(rows)] = entry
        print(f"{rows}: {json.dumps(entry)}", file=sys.stderr, flush=True)
        shutil.rmtree(work, ignore_errors=True)
    return {"settings": settings.to_dict(), "machine": machine_info(), "ray_cpus": CPUS, "sizes": sizes,
            "seconds": round(time.perf_counter() - started, 1)}


def to_markdown(payload: dict, command: str) -> str:
    sizes = payload["sizes"]
    columns = list(sizes)

    def row(label: str, get) -> list:
        return [label, *(get(sizes[size]) for size in columns)]

    rows = [
        row("pending file (MB)", lambda entry: entry["pending"]["mb"]),
        row("storage to storage: driver peak RSS (MB)", lambda entry: entry["storage"]["peak_rss_mb"]),
        row("  driver RSS before the command (MB)", lambda entry: entry["storage"]["rss_before_mb"]),
        row("  driver peak before it: ray.init, imports (MB)", lambda entry: entry["storage"]["startup_peak_rss_mb"]),
        row("  wall time (s)", lambda entry: entry["storage"]["seconds"]),
        row("  rows/s", lambda entry: f"{int(entry['pending']['rows'] / entry['storage']['seconds']):,}"),
        row("  shards (MB on disk)", lambda entry: f"{entry['storage']['shards']} ({entry['storage']['shards_mb']})"),
    ]
    if all("driver" in sizes[size] for size in columns):
        rows += [
            row("through the driver (replaced): driver peak RSS (MB)", lambda entry: entry["driver"]["peak_rss_mb"]),
            row("  driver RSS before the command (MB)", lambda entry: entry["driver"]["rss_before_mb"]),
            row("  wall time (s)", lambda entry: entry["driver"]["seconds"]),
        ]
    rows += [
        row("index-import of the shards: peak RSS (MB)", lambda entry: entry["import"]["peak_rss_mb"]),
        row("  RSS before the command (MB)", lambda entry: entry["import"]["rss_before_mb"]),
        row("  wall time (s)", lambda entry: entry["import"]["seconds"]),
        row("  vectors imported / pending after", lambda entry: f"{entry['import']['report']['imported']:,} / "
            f"{entry['after_import']['pending']:,}"),
    ]
    loads = [f"{size}: {sizes[size]['load_average_at_start'][0]:.2f} -> {sizes[size]['load_average_at_end'][0]:.2f}"
             for size in columns]
    return "\n".join([
        "# The driver's memory of index-embed --ray, and of index-import (bench.ray_memory)", "",
        machine_header(payload["machine"], command), "",
        f"- a local Ray of {payload['ray_cpus']} CPUs, {payload['ray_cpus']} actors, the default static model "
        f"({sizes[columns[0]]['index']['model']}); synthetic indexes of short Python functions",
        "- peak RSS: the command's process only (VmHWM reset once Ray is up and the modules are imported); the Ray "
        "workers are other processes",
        f"- load average (1 min) at start -> end of each size: {'; '.join(loads)}", "",
        markdown_table(["pending rows", *(f"{int(size):,}" for size in columns)], rows), ""])


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--child"]:
        spec = json.loads(Path(child_spec_path(arguments, MODULE)).read_text())
        print(json.dumps(child(spec)))
        return 0
    parser = argparse.ArgumentParser(prog=f"python -m {MODULE}", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, nargs="+", default=list(DEFAULT_ROWS), metavar="N",
                        help="rows of each pending file (default: 100000 1000000)")
    parser.add_argument("--folder", default=str(DEFAULT_WORK), help=f"work folder (default: {DEFAULT_WORK})")
    parser.add_argument("--no-driver", action="store_true", help="skip the replaced design's reference run")
    parser.add_argument("--output-dir", default="bench/results")
    args = parser.parse_args(arguments)
    settings = RayMemorySettings(rows=args.rows, folder=args.folder, driver=not args.no_driver,
                                 output_dir=args.output_dir,
                                 command=shlex.join(["python", "-m", MODULE, *arguments]))
    payload = run(settings)
    write_report(settings.name, to_markdown(payload, settings.command), payload, settings.output_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
