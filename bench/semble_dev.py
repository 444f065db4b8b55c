"""semble's code-search benchmark, development split: ``c2llm search`` scored with semble's NDCG@10 rule, next to the
NDCG@10 semble published for the same repositories.

The data (each repository at its pinned revision, semble's annotations and results files) is laid out once, outside
the project, as the docstring of ``semble_harness.py`` says; that standard-library script also lists the queries
(``queries``) and scores a hits file (``score``). Only the repositories of the development list are there; the
benchmark's other repositories are held out and never run here.

For each repository the benchmark root (the folder semble indexes) is hard-linked into ``WORK/<repo>/<label>/``: an
index lives in ``ROOT/.c2llm/`` and the data stays untouched. ``label`` is ``keyword`` (no vectors) or the model. The
index is built there once, timed (wall seconds, units) and reused by later runs (``--rebuild`` after a change to how
files are cut or embedded); one model load serves every repository. Hits go to ``--out`` after each repository, so a
killed run resumes (repositories whose hits are all there are skipped unless ``--force``); the report goes next to
it (``HITS.report.json``, and the harness's per-task scores ``HITS.scores.json``).

    python -m bench.semble_dev run --data ~/.cache/c2llm-search-dev/semble --out hits.jsonl \\
        --repos sinatra,axum,zod --mode hybrid
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path
from types import ModuleType
from typing import Any

from c2llm.atomic import atomic_write_text
from c2llm.bench.common import command_line, machine_info, markdown_table, setup

DEFAULT_HARNESS = Path("/work/shared/search-dev/semble_harness.py")
DEFAULT_WORK = Path("~/.cache/c2llm-search-dev/work")
# semble's published systems reported beside each mode: its hybrid always, and its own single-sided ablations.
PUBLISHED = {"hybrid": ("semble-hybrid",),
             "keyword": ("semble-hybrid", "semble-ablations/bm25", "semble-ablations/semble-bm25"),
             "dense": ("semble-hybrid", "semble-ablations/semantic", "semble-ablations/semble-semantic")}


def load_harness(path: Path, data: Path) -> ModuleType:
    """The harness script as a module, reading ``data`` (it takes its data folder from the environment)."""
    os.environ["SEMBLE_BENCH_DATA"] = str(data)
    spec = importlib.util.spec_from_file_location("semble_harness", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"error: cannot load the harness {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system
        shutil.copy2(source, target)


def linked_tree(root: Path, tree: Path) -> Path:
    """``tree``: ``root`` hard-linked file by file (symlinks kept as links; c2llm skips them, as in the repository)."""
    if not tree.is_dir():
        partial = tree.with_name(tree.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(root, partial, symlinks=True, copy_function=_link_or_copy)
        partial.rename(tree)
    return tree


def build_index(tree: Path, encoder, *, embed: bool, rebuild: bool, progress: bool) -> dict[str, Any]:
    """Build (or reuse) the index of ``tree``; what the build that made it cost, recorded beside it."""
    from c2llm.search.files import INDEX_DIR
    from c2llm.search.index import STORE_FILE, Index

    record = tree.with_name(tree.name + ".build.json")
    complete = record.is_file() and (tree / INDEX_DIR / STORE_FILE).is_file()
    # an index without its record was cut short: build it again from nothing so that its time is the whole build
    rebuild = rebuild or not complete
    started = time.perf_counter()
    with Index.open(tree, model=encoder.model_id, rebuild=rebuild) as index:
        index.encoder = encoder  # its own Encoder never loaded the model: the shared one serves every repository
        report = index.update(progress=progress, embed=embed)
    if not rebuild:
        return json.loads(record.read_text("utf-8")) | {"reused": True}
    built = {"seconds": round(time.perf_counter() - started, 2), "seconds_files": report.seconds_files,
             "seconds_embedding": report.seconds_embedding, "files": report.files, "units": report.units,
             "embedded": report.embedded, "skipped": report.skipped}
    atomic_write_text(record, json.dumps(built, indent=1) + "\n")
    return built


def search_repo(queries: list[dict], tree: Path, encoder, *, mode: str, k: int) -> tuple[list[dict], float]:
    """One hits row per query (paths relative to the benchmark root, as the harness reads them), and the seconds."""
    from c2llm.search.index import Index

    started = time.perf_counter()
    with Index.open(tree, model=encoder.model_id, create=False) as index:
        index.encoder = encoder
        results = index.search_many([q["text"] for q in queries], k=k, mode=mode)
    rows = [{"id": q["id"], "hits": [{"path": h.unit.path, "start": h.unit.start_line, "end": h.unit.end_line}
                                     for h in hits]} for q, hits in zip(queries, results)]
    return rows, time.perf_counter() - started


def home_relative(path: Path) -> str:
    """A path as results files record it: ``~/...`` rather than this machine's home."""
    path = Path(path).expanduser().resolve()
    return "~/" + path.relative_to(Path.home()).as_posix() if path.is_relative_to(Path.home()) else str(path)


def mean(values: list[float]) -> float | None:
    return round(statistics.fmean(values), 4) if values else None


def summarise(args: argparse.Namespace, harness: ModuleType, repos: list[str], queries: list[dict],
              builds: dict[str, dict], scores: dict) -> dict[str, Any]:
    """The report: NDCG@10 per repository, language and category, and their means, beside semble's published
    numbers for the same repositories."""
    published, _ = harness.load_published(args.data)
    systems = [s for s in PUBLISHED[args.mode] if s in published]
    language = {q["repo"]: q["language"] for q in queries}
    per_repo: dict[str, dict] = {}
    by_category: dict[str, list[float]] = defaultdict(list)
    for repo in repos:
        tasks = [t for t in scores["tasks"] if t["repo"] == repo]
        categories: dict[str, list[float]] = defaultdict(list)
        for task in tasks:
            categories[task["category"]].append(task["ndcg10"])
            by_category[task["category"]].append(task["ndcg10"])
        per_repo[repo] = {"language": language[repo], "tasks": len(tasks), "ndcg10": round(scores["per_repo"][repo], 4),
                          "by_category": {c: mean(v) for c, v in sorted(categories.items())},
                          "published": {s: round(published[s][repo], 4) for s in systems if repo in published[s]},
                          "index": builds[repo]["index"], "search_seconds": builds[repo]["search_seconds"]}
    languages: dict[str, list[str]] = defaultdict(list)
    for repo in repos:
        languages[language[repo]].append(repo)

    def means(names: list[str]) -> dict[str, Any]:
        return {"repos": len(names), "ndcg10": mean([scores["per_repo"][r] for r in names]),
                "published": {s: mean([per_repo[r]["published"][s] for r in names if s in per_repo[r]["published"]])
                              for s in systems}}

    from .search import model_label

    return {"command": args.command, "mode": args.mode, "k": args.k,
            "model": None if args.mode == "keyword" else model_label(args.model), "data": home_relative(args.data),
            "hits": home_relative(args.out), "mean": means(repos),
            "by_language": {lang: means(names) for lang, names in sorted(languages.items())},
            "by_category": {c: {"tasks": len(v), "ndcg10": mean(v)} for c, v in sorted(by_category.items())},
            "repos": per_repo, "machine": machine_info()}


def run(args: argparse.Namespace) -> dict[str, Any]:
    from c2llm.search.encoder import default_index_model, load_encoder
    from .search import model_label

    args.data = Path(args.data).expanduser().resolve()
    harness = load_harness(args.harness, args.data)
    available = [repo.name for repo in harness.load_repos(args.data)]
    repos = available if not args.repos else args.repos.split(",")
    unknown = sorted(set(repos) - set(available))
    if unknown:
        raise SystemExit(f"error: not in {args.data}: {', '.join(unknown)} (available: {', '.join(available)})")
    work = Path(args.work).expanduser()
    work.mkdir(parents=True, exist_ok=True)
    query_file = work / "queries.jsonl"
    harness.main(["queries", str(query_file)])
    queries = read_jsonl(query_file)
    args.model = args.model or default_index_model()
    encoder = load_encoder(args.model)  # loaded on first use: keyword mode never loads it
    if args.mode != "keyword":
        encoder.model  # loaded now, so that no repository's index time includes the load
    label = "keyword" if args.mode == "keyword" else re.sub(r"[^A-Za-z0-9.-]+", "_", model_label(args.model)).strip("_")

    hits = {row["id"]: row for row in read_jsonl(args.out)} if args.out.is_file() else {}
    builds: dict[str, dict] = {}
    for number, repo in enumerate(repos, start=1):
        mine = [q for q in queries if q["repo"] == repo]
        tree = work / repo / label
        record = work / repo / f"{label}.{args.mode}.search.json"  # index and search cost of the hits kept
        if not args.force and record.is_file() and all(q["id"] in hits for q in mine):
            builds[repo] = json.loads(record.read_text("utf-8"))
            print(f"[{number}/{len(repos)}] {repo}: hits already in {args.out}", file=sys.stderr)
            continue
        print(f"[{number}/{len(repos)}] {repo}: indexing {mine[0]['root']}", file=sys.stderr)
        index = build_index(linked_tree(Path(mine[0]["root"]), tree), encoder, embed=args.mode != "keyword",
                            rebuild=args.rebuild, progress=not args.no_progress)
        rows, seconds = search_repo(mine, tree, encoder, mode=args.mode, k=args.k)
        hits = {i: row for i, row in hits.items() if not i.startswith(repo + "/")} | {r["id"]: r for r in rows}
        atomic_write_text(args.out, "".join(json.dumps(row) + "\n" for row in hits.values()))
        builds[repo] = {"index": index, "search_seconds": round(seconds, 2)}
        atomic_write_text(record, json.dumps(builds[repo], indent=1) + "\n")
        print(f"[{number}/{len(repos)}] {repo}: {index['units']} units in {index['seconds']} s, "
              f"{len(rows)} queries in {seconds:.1f} s", file=sys.stderr)

    stem = str(args.out.with_suffix(""))
    harness.main(["score", str(args.out), "--json", stem + ".scores.json", *[f"--repo={r}" for r in repos]])
    scores = json.loads(Path(stem + ".scores.json").read_text("utf-8"))
    report = summarise(args, harness, repos, queries, builds, scores)
    for path in (Path(stem + ".report.json"), *([args.report] if args.report else [])):
        atomic_write_text(path, json.dumps(report, indent=1) + "\n")
    return report


def ranking_variants() -> dict[str, Any]:
    """The ranking layer's ablation: the default, each step taken out alone, and the layer taken out whole."""
    from dataclasses import replace

    from c2llm.search.ranking import RankingSettings, ranking_profile, without_layer

    default = RankingSettings()
    priors = {"test_factor": 1.0, "example_factor": 1.0, "legacy_factor": 1.0, "package_file_factor": 1.0,
              "declaration_factor": 1.0}
    without = {
        "definition boosts": {"definition_boost": 0.0},
        "file stem / folder matching": {"path_boost": 0.0, "named_file_boost": 0.0},
        "the named-file boost (stem matching kept)": {"named_file_boost": 0.0},
        "file coherence": {"file_coherence": 0.0},
        "query-word coverage": {"coverage_boost": 0.0},
        "path priors (tests, examples, vendored, package files, stubs)": priors,
        "code first (non-code files ranked as code)": {"non_code_factor": 1.0},
        "file saturation": {"file_decay": 1.0},
    }
    variants = {"hybrid, default": default}
    variants |= {f"hybrid, without {name}": replace(default, **change) for name, change in without.items()}
    variants["hybrid, no ranking layer"] = without_layer(default)
    variants["hybrid, units profile"] = ranking_profile("units")  # RAG's ranking, on file-level targets
    return variants


def query_candidates(args: argparse.Namespace) -> tuple[ModuleType, list, dict[str, list]]:
    """The harness, the repositories and every query's candidates (:meth:`c2llm.search.index.Index.candidates`),
    taken once from the indexes ``run`` built, for rankings to be compared on the same lists."""
    from c2llm.search.encoder import default_index_model
    from c2llm.search.index import Index
    from c2llm.search.ranking import RankingSettings
    from .search import model_label

    args.data = Path(args.data).expanduser().resolve()
    harness = load_harness(args.harness, args.data)
    repos = harness.load_repos(args.data, args.repos.split(",") if args.repos else None)
    args.model = args.model or default_index_model()
    label = re.sub(r"[^A-Za-z0-9.-]+", "_", model_label(args.model)).strip("_")
    candidates: dict[str, list] = {}
    for number, repo in enumerate(repos, start=1):
        tree = Path(args.work).expanduser() / repo.name / label
        print(f"[{number}/{len(repos)}] {repo.name}", file=sys.stderr)
        with Index.open(tree, create=False) as index:
            texts = [task.query for task in repo.tasks]
            vectors = index.encode_queries(texts)
            depth = RankingSettings().candidates
            candidates[repo.name] = [index.candidates(text, vector, depth=depth)
                                     for text, vector in zip(texts, vectors)]
    return harness, repos, candidates


def task_scores(harness: ModuleType, repo, candidates: list, mode: str, settings, k: int) -> list[float]:
    """NDCG@10 of each task of ``repo`` ranked from its ``candidates`` (``settings``: the hybrid ranking)."""
    scores = []
    for task, found in zip(repo.tasks, candidates):
        units = [found.units[unit_id] for unit_id, _ in found.ranked(mode, settings, k)]
        hits = harness._normalise_hits([{"path": u.path, "start": u.start_line, "end": u.end_line} for u in units],
                                       repo.root)
        scores.append(harness.ndcg_at_k(hits, task.targets, sum(1 for t in task.targets if repo.is_present(t))))
    return scores


def ablate(args: argparse.Namespace) -> dict[str, Any]:
    """NDCG@10 of every ranking variant (and of each side alone) on the indexes ``run`` built, each query's
    candidates taken once: the ablation table of docs/search.md."""
    from dataclasses import replace

    from c2llm.search.ranking import RankingSettings
    from .search import model_label

    variants = ranking_variants()
    if args.set:  # a candidate default: key=value pairs applied to every variant
        change = {key: type(getattr(RankingSettings(), key))(value)
                  for key, value in (item.split("=", 1) for item in args.set.split(","))}
        variants = {name: replace(settings, **change) for name, settings in variants.items()}
    harness, repos, candidates = query_candidates(args)
    per_repo: dict[str, dict[str, float]] = defaultdict(dict)
    per_task: dict[str, list[dict]] = defaultdict(list)
    modes = {"keyword": ("keyword", None), "dense": ("dense", None)} | {
        name: ("hybrid", settings) for name, settings in variants.items()}
    for repo in repos:
        for name, (mode, settings) in modes.items():
            scores = task_scores(harness, repo, candidates[repo.name], mode, settings or RankingSettings(), args.k)
            per_task[name] += [{"repo": repo.name, "language": repo.language, "category": task.category,
                                "ndcg10": score} for task, score in zip(repo.tasks, scores)]
            per_repo[name][repo.name] = statistics.fmean(scores)
    published, _ = harness.load_published(args.data)
    semble = published.get("semble-hybrid", {})

    def summary(name: str) -> dict[str, Any]:
        tasks = per_task[name]
        groups: dict[str, dict[str, list[float]]] = {"language": defaultdict(list), "category": defaultdict(list)}
        for task in tasks:
            groups["category"][task["category"]].append(task["ndcg10"])
        for repo in repos:
            groups["language"][repo.language].append(per_repo[name][repo.name])
        return {"ndcg10": mean(list(per_repo[name].values())),
                "by_language": {k: mean(v) for k, v in sorted(groups["language"].items())},
                "by_category": {k: mean(v) for k, v in sorted(groups["category"].items())},
                "repos": {r: round(v, 4) for r, v in per_repo[name].items()}}

    semble_by_language: dict[str, list[float]] = defaultdict(list)
    for repo in repos:
        if repo.name in semble:
            semble_by_language[repo.language].append(semble[repo.name])
    return {"command": args.command, "model": model_label(args.model), "repos": [r.name for r in repos],
            "tasks": sum(len(r.tasks) for r in repos), "default_ranking": asdict(RankingSettings()),
            "semble_published": {"ndcg10": mean([semble[r.name] for r in repos if r.name in semble]),
                                 "by_language": {k: mean(v) for k, v in sorted(semble_by_language.items())},
                                 "repos": {r.name: semble.get(r.name) for r in repos}},
            "results": {name: summary(name) for name in per_repo}, "machine": machine_info()}


# Every setting of the hybrid ranking layer and the values cross-validation tries (the defaults among them).
CV_GRID: dict[str, tuple] = {
    "keyword_weight": (0.15, 0.3, 0.5, 0.7),
    "definition_boost": (0.0, 1.0, 2.0, 3.0),
    "embedded_symbol_strength": (0.0, 0.5, 1.0),
    "path_boost": (0.0, 0.4, 0.8, 1.2),
    "named_file_boost": (0.0, 0.3, 0.6, 0.9),
    "file_coherence": (0.0, 0.2, 0.4, 0.6),
    "coverage_boost": (0.0, 0.1, 0.2, 0.3),
    "test_factor": (0.5, 0.7, 1.0),
    "example_factor": (0.3, 0.5, 0.7, 1.0),
    "legacy_factor": (0.5, 1.0),
    "package_file_factor": (0.7, 1.0),
    "declaration_factor": (0.7, 1.0),
    "non_code_factor": (0.1, 0.3, 0.5, 1.0),
    "file_decay": (0.2, 0.5, 0.8, 1.0),
}
CV_PASSES = 1  # one sweep from the layer switched off; a second moved the training score by little at twice the cost


def folds_of(repos: list, count: int) -> list[list]:
    """``count`` folds of the repositories, languages spread over them: sorted by (language, name), dealt in turn."""
    ordered = sorted(repos, key=lambda repo: (repo.language, repo.name))
    return [ordered[start::count] for start in range(count)]


def choose_settings(score, start, grid: dict[str, tuple], passes: int = CV_PASSES):
    """Coordinate ascent: each setting in turn takes the grid value with the best ``score`` (ties keep the current
    value), ``passes`` times over; returns the settings and their score."""
    from dataclasses import replace

    best, best_score = start, score(start)
    for _ in range(passes):
        for key, values in grid.items():
            for value in values:
                trial = replace(best, **{key: value})
                trial_score = score(trial)
                if trial_score > best_score + 1e-12:
                    best, best_score = trial, trial_score
    return best, best_score


def cross_validate(args: argparse.Namespace) -> dict[str, Any]:
    """Nested cross-validation of the ranking layer over the development repositories: per fold, every setting of
    :data:`CV_GRID` is chosen by coordinate ascent on the other folds (from the layer switched off, not from the
    shipped defaults, which were tuned on every repository) and the choice scored on the fold; the out-of-fold mean
    is the estimate for repositories nobody tuned on. semble's live figure on the same folds comes from a
    ``side-by-side`` report (``--side-by-side``), its published one from the data. The same procedure on every
    repository gives the settings it would ship."""
    from dataclasses import asdict as as_dict

    from c2llm.search.ranking import RankingSettings, without_layer
    from .search import model_label

    harness, repos, candidates = query_candidates(args)
    if len(repos) < args.folds:
        raise SystemExit(f"error: --folds {args.folds}: more folds than the {len(repos)} repositories")
    cache: dict[tuple[str, RankingSettings], float] = {}

    def repo_score(repo, settings: RankingSettings) -> float:
        if (repo.name, settings) not in cache:
            cache[repo.name, settings] = statistics.fmean(
                task_scores(harness, repo, candidates[repo.name], "hybrid", settings, args.k))
        return cache[repo.name, settings]

    def scorer(part: list):
        return lambda settings: statistics.fmean(repo_score(repo, settings) for repo in part)

    start = without_layer(RankingSettings())
    live = json.loads(Path(args.side_by_side).read_text())["repos"] if args.side_by_side else {}
    published = harness.load_published(args.data)[0].get("semble-hybrid", {})
    out_of_fold: dict[str, float] = {}
    folds = []
    for number, held_out in enumerate(folds_of(repos, args.folds), start=1):
        training = [repo for repo in repos if repo not in held_out]
        chosen, tuned = choose_settings(scorer(training), start, CV_GRID)
        for repo in held_out:
            out_of_fold[repo.name] = repo_score(repo, chosen)
        names = [repo.name for repo in held_out]
        folds.append({"held_out": names, "chosen": {key: getattr(chosen, key) for key in CV_GRID},
                      "training_ndcg10": round(tuned, 4),
                      "held_out_ndcg10": {"chosen": mean([out_of_fold[n] for n in names]),
                                          "shipped default": mean([repo_score(r, RankingSettings()) for r in held_out]),
                                          "no ranking layer": mean([repo_score(r, start) for r in held_out]),
                                          "semble live": mean([live[n]["semble"] for n in names if n in live]),
                                          "semble published": mean([published[n] for n in names if n in published])}})
        print(f"fold {number}: held out {', '.join(names)}: {folds[-1]['held_out_ndcg10']}", file=sys.stderr)
    everything, _ = choose_settings(scorer(repos), start, CV_GRID)
    names = [repo.name for repo in repos]
    return {"command": args.command, "model": model_label(args.model), "folds": folds, "grid": CV_GRID,
            "passes": CV_PASSES, "repos": names,
            "out_of_fold": {"ndcg10": mean(list(out_of_fold.values())),
                            "semble_live": mean([live[n]["semble"] for n in names if n in live]) if live else None,
                            "semble_published": mean([published[n] for n in names if n in published]),
                            "shipped_default_in_sample": mean([repo_score(r, RankingSettings()) for r in repos]),
                            "repos": {name: round(score, 4) for name, score in out_of_fold.items()}},
            "chosen_on_all": {key: getattr(everything, key) for key in CV_GRID},
            "default_ranking": as_dict(RankingSettings()), "machine": machine_info()}


def speed(args: argparse.Namespace) -> dict[str, Any]:
    """First index of the same roots with each model, timed side by side in one run (fresh indexes in a scratch
    folder), and one-shot ``c2llm search`` wall times. The shipped static model needs no preparation step."""
    import subprocess
    import tempfile

    from c2llm.search.encoder import default_index_model, default_model, load_encoder

    from .search import model_label

    args.data = Path(args.data).expanduser().resolve()
    harness = load_harness(args.harness, args.data)
    repos = harness.load_repos(args.data, args.repos.split(","))
    with tempfile.TemporaryDirectory() as scratch:
        models = {"static (default)": default_index_model(), "all-MiniLM-L6-v2": default_model()}
        rows: dict[str, dict[str, Any]] = {}
        for label, model in models.items():
            encoder = load_encoder(model)
            encoder.model  # loaded before the clock starts, as a warm MCP server has it
            units = seconds = 0.0
            for repo in repos:
                tree = linked_tree(repo.root, Path(scratch) / label.split()[0] / repo.name)
                built = build_index(tree, encoder, embed=True, rebuild=True, progress=False)
                units, seconds = units + built["units"], seconds + built["seconds"]
            rows[label] = {"units": int(units), "seconds": round(seconds, 2), "units_per_second": round(units / seconds)}
        tree = Path(scratch) / "static" / repos[0].name
        searches = []
        for _ in range(args.repeats):  # a fresh process each time: start-up, index open, model load, query
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "c2llm", "search", "how requests are routed", str(tree), "-k", "10"],
                           check=True, capture_output=True)
            searches.append(time.perf_counter() - started)
    return {"command": args.command, "repos": [r.name for r in repos], "static_model":
            model_label(models["static (default)"]), "index": rows, "speedup_per_unit": round(rows["static (default)"]["units_per_second"]
                                                    / rows["all-MiniLM-L6-v2"]["units_per_second"], 1),
            "one_shot_search_seconds": {"median": round(statistics.median(searches), 2),
                                        "max": round(max(searches), 2), "runs": len(searches)},
            "machine": machine_info()}


def hits_scores(harness: ModuleType, repos: list, hits: dict[str, dict]) -> dict[str, list[float]]:
    """NDCG@10 of each task of each repository, from a hits file's rows by task id (a missing task scores 0)."""
    scores: dict[str, list[float]] = {}
    for repo in repos:
        scores[repo.name] = []
        for task in repo.tasks:
            found = harness._normalise_hits(hits.get(task.id, {}).get("hits", [])[:10], repo.root)
            scores[repo.name].append(harness.ndcg_at_k(found, task.targets,
                                                       sum(1 for t in task.targets if repo.is_present(t))))
    return scores


def _timed(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: c2llm and semble both exit 0 on hits; anything else is a failure
        raise SystemExit(f"error: {' '.join(command[:2])} failed in {cwd}: {done.stderr[-500:]}")
    return round(time.perf_counter() - started, 3)


def first_answers(repos: list, semble_bin: Path, model: str, repeats: int) -> dict[str, dict]:
    """Per repository: the wall time of one command from a fresh copy with no index to the first answer (``c2llm
    search Q PATH`` builds its index; ``semble search Q PATH``, semble's single command, with the same static model
    through ``SEMBLE_MODEL_NAME`` and an empty cache), then the median of ``repeats`` later one-shot searches."""
    c2llm = str(Path(sys.executable).with_name("c2llm"))
    # both tools as a user has them: their modules' bytecode written (pip compiles at install; an environment that
    # turns the cache off would time each tool compiling itself), by one untimed search each in a scratch folder
    base = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory(prefix="first-answer-warm-up-") as scratch:
        (Path(scratch) / "root").mkdir()
        (Path(scratch) / "root" / "a.py").write_text("def a():\n    return 1\n")
        env = dict(base, HF_HUB_OFFLINE="1", SEMBLE_MODEL_NAME=model, SEMBLE_CACHE_LOCATION=str(Path(scratch) / "c"))
        for command in ([c2llm, "search", "a", "root", "--no-progress"], [str(semble_bin), "search", "a", "root"]):
            _timed(command, Path(scratch), env)
    found = {}
    for repo in repos:
        query = repo.tasks[0].query
        row = {}
        for tool in ("c2llm", "semble"):
            work = Path(tempfile.mkdtemp(prefix=f"first-answer-{tool}-"))
            try:
                root = work / "root"
                shutil.copytree(repo.root, root, symlinks=True)
                env = dict(base, HF_HUB_OFFLINE="1", SEMBLE_MODEL_NAME=model, SEMBLE_CACHE_LOCATION=str(work / "cache"))
                command = ([c2llm, "search", query, str(root), "-k", "10", "--no-progress"] if tool == "c2llm"
                           else [str(semble_bin), "search", query, str(root), "-k", "10"])
                first = _timed(command, root, env)
                later = statistics.median(_timed(command, root, env) for _ in range(repeats))
                row[tool] = {"first_answer_seconds": first, "one_shot_seconds_median": round(later, 3)}
            finally:
                shutil.rmtree(work, ignore_errors=True)
        found[repo.name] = row
        print(f"{repo.name}: first answer c2llm {row['c2llm']['first_answer_seconds']} s, semble "
              f"{row['semble']['first_answer_seconds']} s", file=sys.stderr)
    return found


def side_by_side(args: argparse.Namespace) -> dict[str, Any]:
    """semble (PyPI ``semble``, run by ``--semble-python``: :mod:`bench.semble_runner`) and c2llm (the hits of
    ``run``, the default ranking) on the same repositories with the same static model, scored by the harness, per
    repository, language and category beside semble's published figures; then the first answer in an unindexed copy
    by one command of each tool, and warm one-shot searches."""
    from c2llm.search.encoder import default_index_model

    args.data = Path(args.data).expanduser().resolve()
    harness = load_harness(args.harness, args.data)
    repos = harness.load_repos(args.data, args.repos.split(",") if args.repos else None)
    model = args.model or default_index_model()
    # semble's hits are kept per model folder: a run with another model never reuses them
    work = Path(args.work).expanduser() / "side-by-side" / Path(model).name
    work.mkdir(parents=True, exist_ok=True)
    semble_hits = work / "semble.jsonl"
    if args.force or not semble_hits.is_file():
        spec = {"model": model, "out": str(semble_hits), "timing": str(work / "semble.timing.json"),
                "repos": [{"name": repo.name, "root": str(repo.root),
                           "queries": [{"id": task.id, "text": task.query} for task in repo.tasks]}
                          for repo in repos]}
        (work / "spec.json").write_text(json.dumps(spec))
        subprocess.run([str(args.semble_python), str(Path(__file__).with_name("semble_runner.py")),
                        str(work / "spec.json")], check=True)
    semble_version = subprocess.run([str(args.semble_python), "-c", "import semble; print(semble.__version__)"],
                                    capture_output=True, text=True, check=True).stdout.strip()
    c2llm_hits = {row["id"]: row for row in read_jsonl(args.hits)}
    semble = hits_scores(harness, repos, {row["id"]: row for row in read_jsonl(semble_hits)})
    ours = hits_scores(harness, repos, c2llm_hits)
    published = harness.load_published(args.data)[0].get("semble-hybrid", {})
    per_repo = {repo.name: {"language": repo.language, "tasks": len(repo.tasks),
                            "c2llm": round(statistics.fmean(ours[repo.name]), 4),
                            "semble": round(statistics.fmean(semble[repo.name]), 4),
                            "semble_published": published.get(repo.name)} for repo in repos}
    languages: dict[str, list[str]] = defaultdict(list)
    categories: dict[str, dict[str, list[float]]] = defaultdict(lambda: {"c2llm": [], "semble": []})
    for repo in repos:
        languages[repo.language].append(repo.name)
        for task, mine, theirs in zip(repo.tasks, ours[repo.name], semble[repo.name]):
            categories[task.category]["c2llm"].append(mine)
            categories[task.category]["semble"].append(theirs)

    def means(names: list[str]) -> dict[str, Any]:
        return {"repos": len(names), **{key: mean([per_repo[name][key] for name in names])
                                        for key in ("c2llm", "semble")},
                "semble_published": mean([per_repo[n]["semble_published"] for n in names
                                          if per_repo[n]["semble_published"] is not None]),
                "c2llm_wins": sum(per_repo[n]["c2llm"] > per_repo[n]["semble"] for n in names)}

    speed_repos = [repo for repo in repos if repo.name in args.first_answer_repos.split(",")] if (
        args.first_answer_repos) else []
    return {"command": args.command, "model": home_relative(Path(model)), "semble": semble_version,
            "c2llm_hits": home_relative(args.hits), "mean": means(list(per_repo)),
            "by_language": {lang: means(names) for lang, names in sorted(languages.items())},
            "by_category": {c: {tool: mean(v) for tool, v in scores.items()} for c, scores in
                            sorted(categories.items())},
            "repos": per_repo,
            "semble_timing": json.loads((work / "semble.timing.json").read_text()),
            "first_answer": first_answers(speed_repos, Path(args.semble_python).with_name("semble"), model,
                                          args.repeats),
            "one_shot_repeats": args.repeats,
            "machine": machine_info()}


BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED = 10_000, 0


def paired_difference(ours: dict[str, float], base: dict[str, float]) -> dict[str, Any]:
    """One model's out-of-fold NDCG@10 minus another's over the same repositories, with a 95% percentile bootstrap
    interval. Paired: a resample draws repositories, each with both models' scores, so the spread between
    repositories (0.6 to 1.0 here) does not widen the interval; what does is how unevenly the models differ."""
    import numpy as np
    from scipy.stats import bootstrap

    differences = np.array([ours[name] - base[name] for name in sorted(base)])
    interval = bootstrap((differences,), np.mean, n_resamples=BOOTSTRAP_RESAMPLES, confidence_level=0.95,
                         method="percentile", rng=np.random.default_rng(BOOTSTRAP_SEED)).confidence_interval
    return {"mean": round(float(differences.mean()), 4),
            "ci95": [round(float(interval.low), 4), round(float(interval.high), 4)],
            "repos": len(differences), "resamples": BOOTSTRAP_RESAMPLES, "seed": BOOTSTRAP_SEED}


def compare_models(args: argparse.Namespace) -> dict[str, Any]:
    """Models side by side, each from its own ``cv`` and ``side-by-side`` reports: c2llm out of fold (and in sample)
    beside semble run with the same model, in the mean and per language; every model after the first also gets its
    out-of-fold difference from the first (:func:`paired_difference`)."""
    if not len(args.labels) == len(args.cv) == len(args.side_by_side):
        raise SystemExit("error: --labels, --cv and --side-by-side need one value per model each")
    models: dict[str, Any] = {}
    for label, cv_path, sbs_path in zip(args.labels, args.cv, args.side_by_side):
        cv, sbs = (json.loads(Path(path).read_text()) for path in (cv_path, sbs_path))
        oof = cv["out_of_fold"]["repos"]
        if sorted(oof) != sorted(sbs["repos"]):
            raise SystemExit(f"error: {cv_path} and {sbs_path} score different repositories")
        languages: dict[str, list[str]] = defaultdict(list)
        for name, row in sbs["repos"].items():
            languages[row["language"]].append(name)

        def means(names: list[str]) -> dict[str, Any]:
            ours, theirs = mean([oof[n] for n in names]), mean([sbs["repos"][n]["semble"] for n in names])
            return {"repos": len(names), "c2llm_out_of_fold": ours, "semble": theirs,
                    "c2llm_in_sample": mean([sbs["repos"][n]["c2llm"] for n in names]), "ahead": ours > theirs}

        models[label] = {"model": sbs["model"], "cv": str(cv_path), "side_by_side": str(sbs_path),
                         "mean": means(list(oof)),
                         "by_language": {lang: means(names) for lang, names in sorted(languages.items())}}
        if len(models) == 1:
            first, first_oof = label, oof
        elif sorted(oof) != sorted(first_oof):
            raise SystemExit(f"error: {cv_path} and {args.cv[0]} score different repositories")
        else:
            models[label]["out_of_fold_difference"] = {"from": first, **paired_difference(oof, first_oof)}
    return {"command": args.command, "models": models}


def table(report: dict[str, Any]) -> str:
    """Per repository: c2llm's NDCG@10 beside the published ones, index seconds and units; then the means."""
    systems = list(report["mean"]["published"])
    rows = [[repo, r["language"], r["tasks"], f"{r['ndcg10']:.4f}",
             *[f"{r['published'][s]:.4f}" if s in r["published"] else "-" for s in systems],
             r["index"]["seconds"], r["index"]["units"]] for repo, r in report["repos"].items()]
    m = report["mean"]
    rows.append(["mean", "", "", f"{m['ndcg10']:.4f}", *[f"{m['published'][s]:.4f}" for s in systems], "", ""])
    return markdown_table(["repo", "language", "tasks", f"c2llm {report['mode']}", *systems, "index s", "units"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.semble_dev", description=__doc__.split("\n\n")[0])
    jobs = parser.add_subparsers(dest="job", required=True)
    job = jobs.add_parser("run", help="index, search and score the repositories")
    job.add_argument("--data", default="~/.cache/c2llm-search-dev/semble", help="the benchmark data (see the harness)")
    job.add_argument("--out", type=Path, required=True, help="hits JSONL (the report and scores go next to it)")
    job.add_argument("--report", type=Path, help="a second copy of the report (e.g. a tracked file docs quote)")
    job.add_argument("--repos", help="comma-separated repositories (default: every one in --data)")
    job.add_argument("--mode", choices=("hybrid", "dense", "keyword"), default="hybrid")
    job.add_argument("--model", help="SentenceTransformer folder or id (default: all-MiniLM-L6-v2)")
    job.add_argument("-k", type=int, default=10, help="hits kept per query (NDCG@10 reads the first 10)")
    job.add_argument("--work", default=str(DEFAULT_WORK), help="linked trees and their indexes (kept and reused)")
    job.add_argument("--harness", type=Path, default=DEFAULT_HARNESS, help="semble_harness.py")
    job.add_argument("--force", action="store_true", help="search repositories whose hits are already in --out")
    job.add_argument("--rebuild", action="store_true", help="rebuild the indexes instead of reusing them")
    job.add_argument("--no-progress", action="store_true")
    for name, help_text in (("ablate", "NDCG@10 of each ranking variant on the indexes `run` built"),
                            ("cv", "nested cross-validation of every ranking setting: the out-of-fold NDCG@10")):
        job = jobs.add_parser(name, help=help_text)  # both rank the candidates of the indexes `run` built
        job.add_argument("--data", default="~/.cache/c2llm-search-dev/semble",
                         help="the benchmark data (see the harness)")
        job.add_argument("--out", type=Path, required=True, help="the report (JSON)")
        job.add_argument("--repos", help="comma-separated repositories (default: every one in --data)")
        job.add_argument("--model", help="the model the indexes were built with (default: the static default)")
        if name == "ablate":
            job.add_argument("--set", help="key=value,... applied to every variant (a candidate default)")
        else:
            job.add_argument("--folds", type=int, default=5, help="folds of repositories (default: 5)")
            job.add_argument("--side-by-side", help="a side-by-side report: semble's live NDCG@10 per repository")
        job.add_argument("-k", type=int, default=10)
        job.add_argument("--work", default=str(DEFAULT_WORK))
        job.add_argument("--harness", type=Path, default=DEFAULT_HARNESS)
        job.add_argument("--no-progress", action="store_true")
    job = jobs.add_parser("side-by-side", help="semble (its own venv) and c2llm's `run` hits on the same repositories "
                          "and static model; first answers by one command of each")
    job.add_argument("--data", default="~/.cache/c2llm-search-dev/semble", help="the benchmark data (see the harness)")
    job.add_argument("--out", type=Path, required=True, help="the report (JSON)")
    job.add_argument("--hits", type=Path, required=True, help="c2llm's hits (the --out of `run`, default ranking)")
    job.add_argument("--semble-python", type=Path, default=Path("~/.cache/semble-venv/bin/python").expanduser(),
                     help="the Python of a venv with semble installed (pip install semble==0.7.0)")
    job.add_argument("--repos", help="comma-separated repositories (default: every one in --data)")
    job.add_argument("--model", help="the static model both use (default: c2llm's shipped default)")
    job.add_argument("--first-answer-repos", default="", help="comma-separated repositories timed from no index to "
                     "a first answer, one command each")
    job.add_argument("--repeats", type=int, default=5, help="warm one-shot searches timed per repository and tool")
    job.add_argument("--work", default=str(DEFAULT_WORK))
    job.add_argument("--force", action="store_true", help="run semble again even if its hits are there")
    job.add_argument("--harness", type=Path, default=DEFAULT_HARNESS)
    job.add_argument("--no-progress", action="store_true")
    job = jobs.add_parser("speed", help="first index per unit, static default vs MiniLM, and one-shot search time")
    job.add_argument("--data", default="~/.cache/c2llm-search-dev/semble", help="the benchmark data (see the harness)")
    job.add_argument("--out", type=Path, required=True, help="the report (JSON)")
    job.add_argument("--repos", default="sinatra,dapper,ktor", help="comma-separated repositories")
    job.add_argument("--repeats", type=int, default=5, help="one-shot searches timed")
    job.add_argument("--harness", type=Path, default=DEFAULT_HARNESS)
    job.add_argument("--no-progress", action="store_true")
    job = jobs.add_parser("models", help="models compared from their cv and side-by-side reports (out of fold, "
                          "semble with the same model, per language)")
    job.add_argument("--labels", nargs="+", required=True, help="a name per model, in the order of the reports")
    job.add_argument("--cv", nargs="+", type=Path, required=True, help="each model's `cv` report")
    job.add_argument("--side-by-side", nargs="+", type=Path, required=True, help="each model's `side-by-side` report")
    job.add_argument("--out", type=Path, required=True, help="the report (JSON)")
    job.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    args.command = command_line() if argv is None else "python -m bench.semble_dev " + " ".join(argv)
    # setup() turns tqdm off for every benchmark; an empty value (read as False) keeps the indexing bars here
    os.environ.setdefault("TQDM_DISABLE", "1" if args.no_progress else "")
    setup()
    if args.job == "models":
        report = compare_models(args)
        atomic_write_text(args.out, json.dumps(report, indent=1) + "\n")
        print(json.dumps({label: {key: m[key] for key in ("mean", "out_of_fold_difference") if key in m}
                          for label, m in report["models"].items()}, indent=1))
        return 0
    if args.job == "speed":
        report = speed(args)
        atomic_write_text(args.out, json.dumps(report, indent=1) + "\n")
        print(json.dumps({k: report[k] for k in ("index", "speedup_per_unit", "static_model",
                                                 "one_shot_search_seconds")}, indent=1))
        return 0
    if args.job == "side-by-side":
        report = side_by_side(args)
        atomic_write_text(args.out, json.dumps(report, indent=1) + "\n")
        print(json.dumps({key: report[key] for key in ("mean", "by_language", "first_answer")}, indent=1))
        return 0
    if args.job == "cv":
        report = cross_validate(args)
        atomic_write_text(args.out, json.dumps(report, indent=1) + "\n")
        print(json.dumps({key: report[key] for key in ("out_of_fold", "chosen_on_all")}, indent=1))
        return 0
    if args.job == "ablate":
        report = ablate(args)
        atomic_write_text(args.out, json.dumps(report, indent=1) + "\n")
        print(markdown_table(["ranking", "NDCG@10"], [[name, f"{r['ndcg10']:.4f}"]
                                                       for name, r in report["results"].items()]))
        print(f"semble published, same repositories: {report['semble_published']['ndcg10']}")
        return 0
    report = run(args)
    print(table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
