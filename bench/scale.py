"""The search index of a monorepo at 10k, 100k and a million units: build time per stage, disk, memory, query
latency (keyword, dense exact, dense approximate, hybrid), the approximate store's recall, and the cost of an update.

The monorepo is built from the Python sources installed on the machine (the standard library and site-packages),
whole files in a fixed random order, replicated under ``copy<N>/`` folders with per-copy edits (every ``def``/``class``
name of copy N gets the suffix ``_cN``), so that no two copies of a unit have the same text and each is embedded; files
are added until their ``def``/``class`` lines reach 1.05 times the size asked for (about 1.05 such lines per unit:
nested functions belong to their parent); the index's own unit count is reported.

Each size is indexed with the default static model and ``--store usearch`` (:mod:`c2llm.search.ann`), one stage per
process (wall time and peak memory, ``ru_maxrss``):

* ``files``: listing, reading, parsing and the keyword index (``Index.update(embed=False)``);
* ``embed``: embedding (units/s) and the approximate store's build (the graph sync), with the disk they take;
* ``query``: per-query latency over :data:`QUERIES` (one query per call, as a user's search): keyword, dense exact
  (the index file's sqlite-vec scan), dense approximate (the usearch graph), hybrid (over the graph); recall@10 of
  the approximate store against exact, strict (the same ids) and with ties (ann-benchmarks' rule: a hit counts when its
  exact cosine is within 1e-3 of the exact 10th); and FAISS's HNSW on the same vectors as the peer engine
  (build, latency, recall);
* ``update``: 1,000 units changed (their files' names renamed), then ``Index.update()``: reading, embedding, graph sync.

``--duplicates`` measures the approximate store where a monorepo is full of near-duplicates instead: a pool of
about 1,500 units copied 40 times with every definition renamed per copy, a tenth of its files vendored twice more
unchanged, and generated accessors that differ in one word. For each search expansion of the graph
(:data:`EXPANSIONS`) it reports recall@10 against the exact scan, strict, with ties, and by place (copies of one
function are one place: any copy of the right function counts), with the latency;
:data:`c2llm.search.ann.EXPANSION_SEARCH` is the smallest one whose recall by place reaches :data:`GOAL_RECALL` here.

Run::

    python -m bench.scale                   # 10k, 100k, 1,000,000 units: bench/results/scale.*
    python -m bench.scale --sizes 10000     # one size
    python -m bench.scale --duplicates      # the duplicate-heavy tree: bench/results/scale_duplicates.*
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from c2llm.bench.common import BenchSettings, machine_header, machine_info, markdown_table, write_report

DEFAULT_WORK = Path.home() / ".cache" / "c2llm" / "bench-scale"
DEFAULT_SIZES = (10_000, 100_000, 1_000_000)
CHANGED_UNITS = 1_000
TIE_TOLERANCE = 1e-3
# def/class lines per indexed unit in these trees (nested functions belong to their parent; measured 1.04-1.05 at
# each size by the first run), so that a size asks for about that many units
DEFINITIONS_PER_UNIT = 1.05
_DEFINITION = re.compile(r"^\s*(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)", re.MULTILINE)
# what users ask a monorepo: behaviour in words, and names
QUERIES = [
    "parse a json file", "read a csv file into rows", "open a database connection", "retry a request with backoff",
    "compute the hash of a file", "convert a string to a datetime", "validate an email address",
    "send an http request", "load configuration from a yaml file", "sort a list by key", "normalize a file path",
    "tokenize text into words", "encode bytes as base64", "write rows to a csv file", "merge two dictionaries",
    "create a temporary directory", "check whether a process is running", "format an error message",
    "read an environment variable", "split a camel case name", "download a file from a url",
    "compress data with gzip", "parse command line arguments", "print a progress bar", "match a regular expression",
    "serialize an object to json", "start a thread pool", "wait for a lock", "copy a file tree",
    "compute the mean of an array", "matrix multiplication", "random number generator seed", "decode utf-8 text",
    "cache the result of a function", "log a warning message", "raise an error for invalid input",
    "read a file line by line", "walk a directory recursively", "parse an xml document", "connect to a socket",
    "DataFrame", "Tensor", "get_logger", "read_csv", "urlopen", "ThreadPoolExecutor", "json.loads", "os.path.join",
    "deprecated", "__init__",
]


# the duplicate-heavy tree: a pool's copies, vendored files and generated accessors
POOL_UNITS = 1_500
COPIES = 40
VENDORED_SHARE = 0.1
VENDORED_COPIES = 2
GENERATED_FILES, ACCESSORS_PER_FILE = 40, 25
DOCSTRING_QUERIES = 150  # besides QUERIES: first docstring lines of pool functions, what such a tree is asked
EXPANSIONS = (128, 256, 512, 1024)
GOAL_RECALL = 0.95
_DOCSTRING = re.compile(r'^\s*def\s+\w+\(.*\):\s*\n\s+(?:"""|\'\'\')\s*([A-Z][^\n]{15,100})$', re.MULTILINE)


@dataclass(kw_only=True)
class ScaleSettings(BenchSettings):
    NAME = "scale"

    sizes: list[int] = field(default_factory=lambda: list(DEFAULT_SIZES))
    """Units of each monorepo (``def``/``class`` lines counted while copying files)."""
    folder: str = str(DEFAULT_WORK)
    """Where the monorepos are built (each size built again by every run)."""
    faiss: bool = True
    """Also measure FAISS's HNSW on the same vectors (the peer engine)."""
    duplicates: bool = False
    """Measure the duplicate-heavy tree instead of the sizes."""


REPOSITORY = Path(__file__).resolve().parents[1]  # `python -m bench.<stage>` resolves from here


def source_files(seed: int) -> list[Path]:
    """The machine's Python sources (standard library, site-packages), in a fixed random order."""
    import site
    import sysconfig

    roots = [Path(sysconfig.get_paths()["stdlib"]), *(Path(path) for path in site.getsitepackages())]
    files = sorted({path for root in roots if root.is_dir() for path in root.rglob("*.py") if path.is_file()})
    random.Random(seed).shuffle(files)
    return files


def edited_copy(text: str, copy: int) -> str:
    """Copy ``copy`` of a file: every def/class name suffixed ``_c<copy>`` (copy 0 is the file itself)."""
    if copy == 0:
        return text
    return _DEFINITION.sub(lambda match: f"{match.group(0)}_c{copy}", text)


def definition_files(files: Sequence[Path], max_chars: int):
    """(position in ``files``, text, def/class lines) of each readable file with a definition, up to ``max_chars``."""
    for number, source in enumerate(files):
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        count = len(_DEFINITION.findall(text))
        if count and len(text) <= max_chars:
            yield number, text, count


def _write(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def build_monorepo(folder: Path, files: Sequence[Path], units: int) -> dict:
    """Copies of ``files`` under ``folder/copy<N>/`` until their def/class lines reach ``units`` x
    :data:`DEFINITIONS_PER_UNIT`."""
    written = definitions = copy = 0
    wanted = round(units * DEFINITIONS_PER_UNIT)
    while definitions < wanted:
        for number, text, count in definition_files(files, 1_000_000):
            _write(folder / f"copy{copy}" / f"f{number // 1000:03d}" / f"m{number:06d}.py", edited_copy(text, copy))
            written += 1
            definitions += count
            if definitions >= wanted:
                break
        copy += 1
    return {"files": written, "definitions": definitions, "copies": copy}


def build_duplicate_tree(folder: Path, files: Sequence[Path], seed: int) -> dict:
    """The duplicate-heavy tree: pool files (their definitions reach :data:`POOL_UNITS`) in :data:`COPIES` renamed
    copies ``copy<N>/``, a :data:`VENDORED_SHARE` of them also unchanged in ``vendor<M>/``, and generated accessors
    in ``generated/``. A file's place is its path after the first folder; a copy keeps its lines."""
    pool, definitions = [], 0
    for _, text, count in definition_files(files, 100_000):
        pool.append(text)
        definitions += count
        if definitions >= POOL_UNITS:
            break
    for copy in range(COPIES):
        for number, text in enumerate(pool):
            _write(folder / f"copy{copy}" / f"m{number:04d}.py", edited_copy(text, copy))
    vendored = random.Random(seed).sample(range(len(pool)), round(len(pool) * VENDORED_SHARE))
    for vendor in range(VENDORED_COPIES):
        for number in vendored:
            _write(folder / f"vendor{vendor}" / f"m{number:04d}.py", pool[number])
    for number in range(GENERATED_FILES):
        _write(folder / "generated" / f"accessors{number:03d}.py", "".join(
            f'def get_{field}_{number}(record):\n    """Return the {field} field {number} of a record."""\n'
            f'    return record["{field}_{number}"]\n\n\n'
            for field in (f"field{index}" for index in range(ACCESSORS_PER_FILE))))
    return {"files": COPIES * len(pool) + VENDORED_COPIES * len(vendored) + GENERATED_FILES,
            "pool_files": len(pool), "pool_definitions": definitions, "copies": COPIES,
            "vendored_files": len(vendored) * VENDORED_COPIES, "generated_units": GENERATED_FILES * ACCESSORS_PER_FILE}


def docstring_queries(root: Path, count: int, seed: int) -> list[str]:
    """``count`` first docstring lines of the pool's functions (``copy0/``), in a fixed random order."""
    found = sorted({match.group(1).strip().rstrip("\"'").strip() for path in sorted((root / "copy0").glob("*.py"))
                    for match in _DOCSTRING.finditer(path.read_text(encoding="utf-8"))})
    random.Random(seed).shuffle(found)
    return found[:count]


def place(path: str, start_line: int) -> tuple[str, int]:
    """Where a unit comes from: its path after the copy's (or vendor's) folder, and its first line."""
    return path.split("/", 1)[-1], start_line


def change_units(folder: Path, units: int) -> int:
    """Rename the definitions of files of ``folder`` until ``units`` are changed (a ``_u`` suffix); returns how
    many."""
    changed = 0
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        renamed, count = _DEFINITION.subn(lambda match: f"{match.group(0)}_u", text)
        path.write_text(renamed, encoding="utf-8")
        changed += count
        if changed >= units:
            break
    return changed


def _disk_mb(*paths: Path) -> float:
    return round(sum(path.stat().st_size for path in paths if path.exists()) / 2**20, 1)


def _percentiles(seconds: list[float]) -> dict:
    import numpy as np

    return {"p50_ms": round(float(np.percentile(seconds, 50)) * 1000, 2),
            "p95_ms": round(float(np.percentile(seconds, 95)) * 1000, 2)}


def _recall(found: list[list[int]], exact: list[list[int]], found_scores: list[list[float]],
            exact_scores: list[list[float]]) -> dict:
    strict = [len(set(f) & set(e)) / max(1, len(e)) for f, e in zip(found, exact)]
    tied = [sum(score >= e[-1] - TIE_TOLERANCE for score in f) / max(1, len(e))
            for f, e in zip(found_scores, exact_scores) if e]
    return {"recall_at_10": round(sum(strict) / len(strict), 4),
            "recall_at_10_with_ties": round(sum(tied) / len(tied), 4)}


# ------------------------------------------------------------------------------------------------------------ stages


def stage(name: str, root: Path, faiss: bool = True) -> dict:
    """One stage of one monorepo, in this process."""
    from c2llm.search.index import Index

    started = time.perf_counter()
    result: dict = {}
    if name == "files":
        with Index.open(root, store="usearch") as index:
            report = index.update(progress=False, embed=False)
            result |= {"files": report.files, "units": report.units}
    elif name == "embed":
        with Index.open(root) as index:
            report = index.update(progress=False)
            result |= {"embedded": report.embedded, "seconds_embedding": report.seconds_embedding,
                       "units_per_second": round(report.embedded / max(report.seconds_embedding, 1e-9)),
                       "seconds_vector_store": report.seconds_vector_store}
    elif name == "query":
        result = _queries(root, faiss)
    elif name == "expansions":
        result = _expansions(root)
    elif name == "update":
        changed = change_units(root / "copy0", CHANGED_UNITS)
        began = time.perf_counter()
        with Index.open(root) as index:
            report = index.update(progress=False)
        result |= {"units_changed": changed, "update_seconds": round(time.perf_counter() - began, 2),
                   "files_changed": report.files_changed, "embedded": report.embedded,
                   "seconds_files": report.seconds_files, "seconds_embedding": report.seconds_embedding,
                   "seconds_vector_store": report.seconds_vector_store}
    result["seconds"] = round(time.perf_counter() - started, 1)
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return result


def _timed(function, queries: list) -> tuple[list, list[float]]:
    answers, seconds = [], []
    for query in queries:
        began = time.perf_counter()
        answers.append(function(query))
        seconds.append(time.perf_counter() - began)
    return answers, seconds


def _queries(root: Path, faiss: bool) -> dict:
    import numpy as np

    from c2llm.search.index import Index
    from c2llm.search.vectors import SqliteVectors

    with Index.open(root, create=False) as index:
        approximate = index.vector_store
        exact_store = SqliteVectors("sqlite", index.store)
        vectors = np.asarray(index.encode_queries(QUERIES), dtype=np.float32)  # a static model gives array rows
        index.search(QUERIES[0])  # warm: imports, the model, the graph's memory map
        result: dict = {"queries": len(QUERIES), "units": index.status()["units"]}
        _, seconds = _timed(lambda query: index.search(query, mode="keyword"), QUERIES)
        result["keyword"] = _percentiles(seconds)
        exact, seconds = _timed(lambda vector: exact_store.search(vector, 10), list(vectors))
        result["dense exact"] = _percentiles(seconds)
        found, seconds = _timed(lambda vector: approximate.search(vector, 10), list(vectors))
        result["dense approximate"] = _percentiles(seconds) | _recall(
            [[i for i, _ in hits] for hits in found], [[i for i, _ in hits] for hits in exact],
            [[s for _, s in hits] for hits in found], [[s for _, s in hits] for hits in exact])
        _, seconds = _timed(lambda query: index.search(query), QUERIES)
        result["hybrid"] = _percentiles(seconds)
        if faiss:
            ids, matrix = index.store.vectors()
            result["faiss hnsw"] = _faiss(np.asarray(ids), matrix, vectors, exact)
    return result


def _expansions(root: Path) -> dict:
    """Recall@10 (strict, with ties, by place) and latency of the approximate store at each of :data:`EXPANSIONS`."""
    import numpy as np

    from c2llm.search import ann
    from c2llm.search.index import Index
    from c2llm.search.vectors import SqliteVectors

    queries = QUERIES + docstring_queries(root, DOCSTRING_QUERIES, seed=0)
    with Index.open(root, create=False) as index:
        approximate = index.vector_store
        exact_store = SqliteVectors("sqlite", index.store)
        units = index.store.units()
        places = {unit_id: place(unit.path, unit.start_line) for unit_id, unit in units.items()}
        vectors = list(np.asarray(index.encode_queries(queries), dtype=np.float32))
        exact, seconds = _timed(lambda vector: exact_store.search(vector, 10), vectors)
        result: dict = {"queries": len(queries), "units": len(units), "dense exact": _percentiles(seconds)}
        for expansion in EXPANSIONS:
            ann.EXPANSION_SEARCH = expansion
            approximate.close()  # the graph is mapped again, with this expansion
            approximate.search(vectors[0], 10)  # warm: the graph's memory map
            found, seconds = _timed(lambda vector: approximate.search(vector, 10), vectors)
            by_place = [len({places[i] for i, _ in f} & {places[i] for i, _ in e}) / max(1, len({places[i] for i, _ in e}))
                        for f, e in zip(found, exact)]
            result[f"expansion {expansion}"] = _percentiles(seconds) | _recall(
                [[i for i, _ in hits] for hits in found], [[i for i, _ in hits] for hits in exact],
                [[s for _, s in hits] for hits in found], [[s for _, s in hits] for hits in exact],
            ) | {"recall_at_10_by_place": round(sum(by_place) / len(by_place), 4)}
    return result


def _faiss(ids, matrix, queries, exact: list) -> dict:
    """FAISS ``IndexHNSWFlat`` (M=32, efConstruction 128, efSearch 128) on the same vectors: the peer engine."""
    try:
        import faiss
    except ImportError:
        raise SystemExit("error: the FAISS peer needs faiss-cpu (pip install faiss-cpu), or pass --no-faiss") from None

    began = time.perf_counter()
    graph = faiss.IndexHNSWFlat(matrix.shape[1], 32, faiss.METRIC_INNER_PRODUCT)
    graph.hnsw.efConstruction = 128
    graph.add(matrix)
    build = round(time.perf_counter() - began, 1)
    graph.hnsw.efSearch = 128
    faiss.omp_set_num_threads(1)
    found, seconds = _timed(lambda vector: graph.search(vector[None], 10), list(queries))
    return {"build_seconds": build, **_percentiles(seconds), **_recall(
        [[int(ids[i]) for i in hits[1][0] if i >= 0] for hits in found], [[i for i, _ in hits] for hits in exact],
        [[float(s) for s in hits[0][0]] for hits in found], [[s for _, s in hits] for hits in exact])}


def _run_stage(name: str, root: Path, faiss: bool) -> dict:
    command = [sys.executable, "-m", "bench.scale", "--stage", name, "--root", str(root)]
    if not faiss:
        command.append("--no-faiss")
    output = subprocess.run(command, check=True, capture_output=True, text=True, cwd=REPOSITORY).stdout
    return json.loads(output.strip().splitlines()[-1])


def run_duplicates(settings: ScaleSettings) -> dict:
    """The duplicate-heavy tree: built, indexed (``--store usearch``) and measured at each search expansion."""
    started = time.perf_counter()
    root = Path(settings.folder) / "duplicates"
    shutil.rmtree(root, ignore_errors=True)
    entry: dict = {"tree": build_duplicate_tree(root, source_files(settings.seed), settings.seed)}
    for name in ("files", "embed", "expansions"):
        entry[name] = _run_stage(name, root, faiss=False)
    chosen = next((expansion for expansion in EXPANSIONS
                   if entry["expansions"][f"expansion {expansion}"]["recall_at_10_by_place"] >= GOAL_RECALL), None)
    return {"settings": settings.to_dict(), "machine": machine_info(), "duplicates": entry,
            "smallest_expansion_reaching_goal": chosen, "goal_recall_by_place": GOAL_RECALL,
            "seconds": round(time.perf_counter() - started, 1)}


def duplicates_markdown(payload: dict, command: str) -> str:
    entry = payload["duplicates"]
    tree, measured = entry["tree"], entry["expansions"]
    rows = []
    for expansion in EXPANSIONS:
        row = measured[f"expansion {expansion}"]
        rows.append([expansion, row["recall_at_10"], row["recall_at_10_with_ties"], row["recall_at_10_by_place"],
                     f"{row['p50_ms']} / {row['p95_ms']}"])
    return "\n".join([
        "# The approximate store among near-duplicates (bench.scale --duplicates)", "",
        machine_header(payload["machine"], command), "",
        f"- tree: {entry['files']['units']:,} units in {tree['files']:,} files: {tree['pool_files']} pool files "
        f"({tree['pool_definitions']:,} definitions) in {tree['copies']} renamed copies, {tree['vendored_files']} "
        f"vendored files, {tree['generated_units']:,} generated accessors",
        f"- {measured['queries']} queries ({len(QUERIES)} of the scale benchmark, the rest first docstring lines of "
        f"pool functions); dense exact p50 / p95 {measured['dense exact']['p50_ms']} / "
        f"{measured['dense exact']['p95_ms']} ms",
        f"- smallest search expansion with recall@10 by place >= {payload['goal_recall_by_place']}: "
        f"{payload['smallest_expansion_reaching_goal']}", "",
        markdown_table(["search expansion", "recall@10", "with ties (1e-3)", "by place", "p50 / p95 (ms)"], rows), ""])


def run(settings: ScaleSettings) -> dict:
    started = time.perf_counter()
    files = source_files(settings.seed)
    sizes: dict[str, dict] = {}
    for size in settings.sizes:
        root = Path(settings.folder) / f"n{size}"
        shutil.rmtree(root, ignore_errors=True)  # every stage is measured from nothing
        began = time.perf_counter()
        built = build_monorepo(root, files, size)
        entry: dict = {"monorepo": built | {"seconds": round(time.perf_counter() - began, 1)},
                       "load_average_at_start": list(os.getloadavg())}
        for name in ("files", "embed"):
            entry[name] = _run_stage(name, root, settings.faiss)
        index = root / ".c2llm"
        entry["disk_mb"] = {"index file": _disk_mb(index / "index.db", index / "index.db-wal"),
                            "usearch graph": _disk_mb(index / "vectors.usearch")}
        entry["query"] = _run_stage("query", root, settings.faiss)
        entry["update"] = _run_stage("update", root, settings.faiss)
        entry["load_average_at_end"] = list(os.getloadavg())
        sizes[str(size)] = entry
        print(f"{size}: {json.dumps(entry)}", file=sys.stderr, flush=True)
    return {"settings": settings.to_dict(), "machine": machine_info(), "sizes": sizes,
            "seconds": round(time.perf_counter() - started, 1)}


def to_markdown(payload: dict, command: str) -> str:
    sizes = payload["sizes"]
    columns = list(sizes)
    units = [f"{sizes[size]['files']['units']:,}" for size in columns]

    def row(label: str, get) -> list:
        return [label, *(get(sizes[size]) for size in columns)]

    query = lambda kind, key: (lambda entry: entry["query"][kind][key])  # noqa: E731
    rows = [
        row("files", lambda entry: f"{entry['files']['files']:,}"),
        row("listing, parsing, keyword index (s)", lambda entry: entry["files"]["seconds"]),
        row("embedding (s)", lambda entry: entry["embed"]["seconds_embedding"]),
        row("embedding (units/s)", lambda entry: f"{entry['embed']['units_per_second']:,}"),
        row("usearch graph build (s)", lambda entry: entry["embed"]["seconds_vector_store"]),
        row("index file (MB)", lambda entry: entry["disk_mb"]["index file"]),
        row("usearch graph (MB)", lambda entry: entry["disk_mb"]["usearch graph"]),
        row("peak memory, build (MB)", lambda entry: max(entry["files"]["peak_rss_mb"],
                                                         entry["embed"]["peak_rss_mb"])),
        row("keyword p50 / p95 (ms)", lambda entry: f"{query('keyword', 'p50_ms')(entry)} / "
            f"{query('keyword', 'p95_ms')(entry)}"),
        row("dense exact p50 / p95 (ms)", lambda entry: f"{query('dense exact', 'p50_ms')(entry)} / "
            f"{query('dense exact', 'p95_ms')(entry)}"),
        row("dense approximate p50 / p95 (ms)", lambda entry: f"{query('dense approximate', 'p50_ms')(entry)} / "
            f"{query('dense approximate', 'p95_ms')(entry)}"),
        row("hybrid (approximate) p50 / p95 (ms)", lambda entry: f"{query('hybrid', 'p50_ms')(entry)} / "
            f"{query('hybrid', 'p95_ms')(entry)}"),
        row("recall@10, approximate vs exact", query("dense approximate", "recall_at_10")),
        row("recall@10 with ties (1e-3)", query("dense approximate", "recall_at_10_with_ties")),
        row("peak memory, queries (MB)", lambda entry: entry["query"]["peak_rss_mb"]),
        row(f"update of {CHANGED_UNITS:,} units (s)", lambda entry: entry["update"]["update_seconds"]),
        row("  of which graph sync (s)", lambda entry: entry["update"]["seconds_vector_store"]),
    ]
    if all("faiss hnsw" in sizes[size]["query"] for size in columns):
        rows += [
            row("FAISS HNSW build (s)", lambda entry: entry["query"]["faiss hnsw"]["build_seconds"]),
            row("FAISS HNSW p50 (ms)", lambda entry: entry["query"]["faiss hnsw"]["p50_ms"]),
            row("FAISS HNSW recall@10 / with ties", lambda entry: f"{entry['query']['faiss hnsw']['recall_at_10']} / "
                f"{entry['query']['faiss hnsw']['recall_at_10_with_ties']}"),
        ]
    loads = [f"{size}: {sizes[size]['load_average_at_start'][0]:.2f} -> {sizes[size]['load_average_at_end'][0]:.2f}"
             for size in columns]
    return "\n".join([
        "# The index at scale (bench.scale)", "", machine_header(payload["machine"], command), "",
        f"- load average (1 min) at start -> end of each size: {'; '.join(loads)}", "",
        markdown_table(["units", *units], rows), ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES), metavar="N",
                        help="units of each monorepo (default: 10000 100000 1000000)")
    parser.add_argument("--folder", default=str(DEFAULT_WORK), help=f"work folder (default: {DEFAULT_WORK})")
    parser.add_argument("--no-faiss", action="store_true", help="skip the FAISS peer")
    parser.add_argument("--duplicates", action="store_true", help="the duplicate-heavy tree instead of --sizes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output-dir", default="bench/results")
    parser.add_argument("--stage", choices=("files", "embed", "query", "update", "expansions"), help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.stage:
        print(json.dumps(stage(args.stage, Path(args.root), not args.no_faiss)))
        return 0
    arguments = list(sys.argv[1:] if argv is None else argv)
    settings = ScaleSettings(sizes=args.sizes, folder=args.folder, faiss=not args.no_faiss, seed=args.seed,
                             duplicates=args.duplicates, output_dir=args.output_dir,
                             command=shlex.join(["python", "-m", "bench.scale", *arguments]))
    if settings.duplicates:
        payload = run_duplicates(settings)
        write_report(f"{settings.name}_duplicates", duplicates_markdown(payload, settings.command), payload,
                     settings.output_dir)
        return 0
    payload = run(settings)
    write_report(settings.name, to_markdown(payload, settings.command), payload, settings.output_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
