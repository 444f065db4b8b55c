"""``c2llm dupes --against`` at a million known functions: build time, disk, memory, and the time to answer a commit.

The corpus is built from real functions installed on the machine (:func:`source_functions`: the standard library and
the site-packages, functions and methods of 5 to 80 lines and 50 tokens), each replicated ``copies`` times with
per-copy edits (the function renamed and a comment naming the copy: no two copies are byte-identical), one file per
source function, until it holds ``functions`` units. It is indexed once with the default index model (``c2llm
index``), then fingerprinted once (the first ``--against`` scan: hashes and MinHash bands,
:func:`c2llm.clones.known.fingerprint_index`). The commit adds ``probes`` functions to a small repository: 60 % are
renamed copies of corpus functions with 10-20 % of their lines edited (:func:`c2llm.clones.mutate.edit_lines`), 40 %
functions of sources left out of the corpus. The scan (``c2llm dupes REPO --against CORPUS --base HEAD~1``, the
library call) is timed three times; recall is over the planted copies (a match with any copy of their source),
precision over every match of a probe.

Each stage runs in a process of its own, which reports its wall time and peak memory (``ru_maxrss``).

Run::

    python -m bench.known_scale                          # 1,000,000 functions: bench/results/known_scale.*
    python -m bench.known_scale --quick                  # 20,000
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from c2llm.bench.common import BenchSettings, machine_header, machine_info, markdown_table, write_report

DEFAULT_WORK = Path.home() / ".cache" / "c2llm" / "bench-known-scale"


@dataclass(kw_only=True)
class KnownScaleSettings(BenchSettings):
    NAME = "known_scale"
    QUICK_DEFAULTS: ClassVar[dict[str, tuple[int, int]]] = {"functions": (20_000, 1_000_000)}

    functions: int | None = None
    """Units of the corpus."""
    copies: int = 20
    """Copies of each source function."""
    probes: int = 100
    """Functions the scanned commit adds."""
    store: str = "usearch"
    """The corpus index's vector store: ``usearch`` (approximate, the one for a large corpus) or ``sqlite`` (exact)."""
    folder: str = str(DEFAULT_WORK)
    """Where the corpus and the repository are built (kept between runs; removed with ``--rebuild``)."""
    rebuild: bool = False


REPOSITORY = Path(__file__).resolve().parents[1]  # `python -m bench.<stage>` resolves from here


def source_functions(count: int, seed: int) -> list[str]:
    """``count`` distinct Python functions of this machine (dedented texts), in a fixed random order."""
    import site
    import sysconfig

    from c2llm.clones.detect import Detector
    from c2llm.clones.mutate import prepare
    from c2llm.data.mining import SkipFile, read_code_file
    from c2llm.search.units import units_of_file

    roots = [Path(sysconfig.get_paths()["stdlib"]), *(Path(path) for path in site.getsitepackages())]
    files = sorted({path for root in roots if root.is_dir() for path in root.rglob("*.py")})
    random.Random(seed).shuffle(files)
    texts: dict[str, None] = {}
    for path in files:
        try:
            units = units_of_file(path.name, read_code_file(path))
        except (SkipFile, OSError):
            continue
        for unit in Detector([unit for unit in units if unit.kind in ("function", "method")
                              and unit.end_line - unit.start_line < 80]).units:
            texts[prepare(unit.text)] = None
        if len(texts) >= count:
            break
    return list(texts)[:count]


def _replica(text: str, copy: int) -> str:
    """A copy of a function, renamed and marked with a comment: not byte-identical to any other copy."""
    head, _, rest = text.partition("(")
    return f"# copy {copy}\n{head}_c{copy}({rest}\n"


def build_corpus(folder: Path, sources: Sequence[str], copies: int) -> int:
    """One file per source function holding its ``copies`` replicas; returns the number of functions written."""
    folder.mkdir(parents=True, exist_ok=True)
    for number, text in enumerate(sources):
        path = folder / f"s{number // 1000:04d}" / f"f{number:07d}.py"
        path.parent.mkdir(exist_ok=True)
        path.write_text("\n\n".join(_replica(text, copy) for copy in range(copies)), encoding="utf-8")
    return len(sources) * copies


def build_repository(folder: Path, corpus_sources: Sequence[str], outside: Sequence[str], probes: int,
                     seed: int) -> dict[str, int | None]:
    """A git repository whose last commit adds the probes, one file each: edited copies of corpus sources (their
    number) and functions of other sources (``None``)."""
    from c2llm.clones.mutate import borrowable_statements, edit_lines, type2_copy

    rng = random.Random(seed)
    folder.mkdir(parents=True)
    (folder / "probes.txt").write_text("probe repository\n")
    _git(folder, "init", "-q")
    _git(folder, "add", ".")
    _git(folder, "commit", "-qm", "base")
    donors = [line for text in rng.sample(list(outside), min(50, len(outside)))
              for line in borrowable_statements(text, max_lines=1)]
    planted: dict[str, int | None] = {}
    copies = round(0.6 * probes)
    for number in rng.sample(range(len(corpus_sources)), len(corpus_sources)):
        if len(planted) == copies:
            break
        renamed = type2_copy(corpus_sources[number], "python", rng)
        edited = edit_lines(renamed, rng, rng.uniform(0.1, 0.2), donors) if renamed else None
        if edited:
            path = f"new/copy_{len(planted):03d}.py"
            (folder / path).parent.mkdir(exist_ok=True)
            (folder / path).write_text(edited + "\n", encoding="utf-8")
            planted[path] = number
    for number, text in enumerate(list(outside)[:probes - len(planted)]):
        path = f"new/other_{number:03d}.py"
        (folder / path).write_text(text + "\n", encoding="utf-8")
        planted[path] = None
    _git(folder, "add", ".")
    _git(folder, "commit", "-qm", "probes")
    return planted


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.org", *args], cwd=root,
                   check=True, capture_output=True)


def _disk_mb(folder: Path) -> float:
    return round(sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 2**20, 1)


# ------------------------------------------------------------------------------------------------------------ stages


def stage(name: str, corpus: Path, repo: Path, store: str = "usearch") -> dict:
    """One stage, in this process: ``index`` (the corpus's c2llm index), ``fingerprint`` (its fingerprints and
    bands), ``scan`` (the commit against it, three times); wall seconds and this process's peak memory."""
    from c2llm.clones.known import fingerprint_index
    from c2llm.clones.scan import ScanOptions, scan_known
    from c2llm.search.index import Index

    started = time.perf_counter()
    result: dict = {}
    if name == "index":
        with Index.open(corpus, store=store) as index:
            index.update(progress=False)
            result["units"] = index.status()["units"]
    elif name == "fingerprint":
        with Index.open(corpus) as index:
            result["fingerprinted"] = fingerprint_index(index, progress=False)
    elif name == "scan-exact":
        # the default scan again with sqlite-vec's exact scan in place of the corpus's vector store: what the
        # approximate store loses on the same corpus and commit
        from c2llm.search.vectors import SqliteVectors

        Index.nearest_units = lambda self, vector, k, *, language=None: SqliteVectors("sqlite", self.store).search(
            vector, k, language=language)
        began = time.perf_counter()
        report = scan_known(repo, [corpus], ScanOptions(base="HEAD~1"), progress=False)
        result["scan_seconds_exact"] = round(time.perf_counter() - began, 3)
        result["matches"] = [[match.unit.path, match.known.path, match.method] for match in report.matches]
    elif name == "scan":
        # the default scan once: its semantic-copy stage asks the corpus's vector store for each unit's nearest
        # neighbours (the usearch graph, or an exact scan of every vector with sqlite); then the stages that need no
        # model.
        # A first scan warms the process (imports, the model) and the page cache; it is not timed.
        scan_known(repo, [corpus], ScanOptions(base="HEAD~1", semantic=False), progress=False)
        began = time.perf_counter()
        report = scan_known(repo, [corpus], ScanOptions(base="HEAD~1"), progress=False)
        result["scan_seconds_default"] = round(time.perf_counter() - began, 3)
        result["matches"] = [[match.unit.path, match.known.path, match.method] for match in report.matches]
        result["corpus_units"] = report.corpora[corpus.name][1]
        times = []
        for _ in range(3):
            began = time.perf_counter()
            structure = scan_known(repo, [corpus], ScanOptions(base="HEAD~1", semantic=False), progress=False)
            times.append(round(time.perf_counter() - began, 3))
        result["scan_seconds_no_semantic"] = times
        result["matches_no_semantic"] = [[m.unit.path, m.known.path, m.method] for m in structure.matches]
    result["seconds"] = round(time.perf_counter() - started, 1)
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return result


def _run_stage(name: str, corpus: Path, repo: Path, store: str) -> dict:
    command = [sys.executable, "-m", "bench.known_scale", "--stage", name, "--corpus", str(corpus), "--repo",
               str(repo), "--store", store]
    output = subprocess.run(command, check=True, capture_output=True, text=True, cwd=REPOSITORY).stdout
    return json.loads(output.strip().splitlines()[-1])


def score_matches(matches: list, planted: dict[str, int | None]) -> dict:
    """Recall over the planted copies (a match with any copy of their source) and precision over every match."""
    right, found = 0, set()
    for path, known, _ in matches:
        source = planted.get(path)
        if source is not None and known == f"s{source // 1000:04d}/f{source:07d}.py":
            right += 1
            found.add(path)
    copies = sum(source is not None for source in planted.values())
    return {"recall": round(len(found) / max(1, copies), 3),
            "precision": round(right / len(matches), 3) if matches else None, "matches": len(matches)}


def run(settings: KnownScaleSettings) -> dict:
    settings.apply_quick_defaults()
    folder = Path(settings.folder) / f"n{settings.functions}-{settings.store}"
    if settings.rebuild:
        shutil.rmtree(folder, ignore_errors=True)
    corpus, repo = folder / "known", folder / "repo"
    sources_needed = -(-settings.functions // settings.copies)
    started = time.perf_counter()
    sources = source_functions(sources_needed + settings.probes, settings.seed)
    corpus_sources, outside = sources[:sources_needed], sources[sources_needed:]
    stages: dict[str, dict] = {}
    if not corpus.exists():
        began = time.perf_counter()
        written = build_corpus(corpus, corpus_sources, settings.copies)
        stages["write corpus files"] = {"seconds": round(time.perf_counter() - began, 1), "functions": written}
    shutil.rmtree(repo, ignore_errors=True)
    planted = build_repository(repo, corpus_sources, outside, settings.probes, settings.seed)
    for name in ("index", "fingerprint", "scan"):
        stages[name] = _run_stage(name, corpus, repo, settings.store)
    scores = {label: score_matches(stages["scan"][key], planted) for label, key in
              (("default", "matches"), ("--no-semantic", "matches_no_semantic"))}
    return {
        "settings": settings.to_dict(), "machine": machine_info(),
        "corpus": {"functions": settings.functions, "source_functions": len(corpus_sources),
                   "units": stages["index"].get("units"), "files": len(corpus_sources)},
        "stages": stages,
        "disk_mb": {"corpus files": _disk_mb(corpus) - _disk_mb(corpus / ".c2llm"),
                    "index (with fingerprints and bands)": _disk_mb(corpus / ".c2llm")},
        "probes": {"copies": sum(source is not None for source in planted.values()),
                   "others": sum(source is None for source in planted.values())},
        "scores": scores,
        "seconds": round(time.perf_counter() - started, 1),
    }


def exact_scan(settings: KnownScaleSettings) -> dict:
    """The tracked run's commit scanned again against its corpus with the exact store; matches compared."""
    settings.apply_quick_defaults()
    folder = Path(settings.folder) / f"n{settings.functions}-{settings.store}"
    tracked = json.loads((Path(settings.output_dir) / f"{settings.name}.json").read_text())
    exact = _run_stage("scan-exact", folder / "known", folder / "repo", settings.store)
    approximate = {tuple(match) for match in tracked["stages"]["scan"]["matches"]}
    found = {tuple(match) for match in exact["matches"]}
    return {"settings": settings.to_dict(), "machine": machine_info(), "exact": exact,
            "approximate_seconds": tracked["stages"]["scan"]["scan_seconds_default"],
            "matches": {"exact": len(exact["matches"]), "approximate": len(tracked["stages"]["scan"]["matches"]),
                        "only exact (distinct)": sorted(found - approximate),
                        "only approximate (distinct)": sorted(approximate - found)}}


def exact_scan_markdown(payload: dict, command: str) -> str:
    matches = payload["matches"]
    return "\n".join([
        "# Known code at scale: the exact store on the same corpus (bench.known_scale --exact-scan)", "",
        machine_header(payload["machine"], command), "",
        markdown_table(["default scan", "seconds", "matches"], [
            ["exact store (sqlite-vec)", payload["exact"]["scan_seconds_exact"], matches["exact"]],
            [f"approximate store ({payload['settings']['store']}, the tracked run)", payload["approximate_seconds"],
             matches["approximate"]]]), "",
        f"- matches only the exact scan finds (distinct): {matches['only exact (distinct)']}",
        f"- matches only the approximate scan finds (distinct): {matches['only approximate (distinct)']}", ""])


def to_markdown(payload: dict, command: str) -> str:
    stages = payload["stages"]
    rows = [[name, result["seconds"], result.get("peak_rss_mb", "-")] for name, result in stages.items()]
    scan = stages["scan"]
    scores = payload["scores"]
    return "\n".join([
        "# Known code at scale (bench.known_scale)", "", machine_header(payload["machine"], command), "",
        f"- corpus: {payload['corpus']}; vector store: {payload['settings']['store']}",
        f"- disk (MB): {payload['disk_mb']}",
        f"- commit: {payload['probes']}",
        f"- default scan: {scan['scan_seconds_default']} s; recall {scores['default']['recall']}, precision "
        f"{scores['default']['precision']} ({scores['default']['matches']} matches)",
        f"- --no-semantic scan (hashes and token structure): {scan['scan_seconds_no_semantic']} s (three runs); "
        f"recall {scores['--no-semantic']['recall']}, precision {scores['--no-semantic']['precision']} "
        f"({scores['--no-semantic']['matches']} matches)", "",
        markdown_table(["stage", "seconds", "peak RSS (MB)"], rows), "",
        markdown_table(["scan of the commit", "vector store", "seconds", "recall", "precision", "matches"], [
            ["default (semantic stage on)", payload["settings"]["store"], scan["scan_seconds_default"],
             scores["default"]["recall"], scores["default"]["precision"], scores["default"]["matches"]],
            ["--no-semantic (median of 3)", "-", sorted(scan["scan_seconds_no_semantic"])[1],
             scores["--no-semantic"]["recall"], scores["--no-semantic"]["precision"],
             scores["--no-semantic"]["matches"]],
        ]), ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.known_scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="20,000 functions")
    parser.add_argument("--functions", type=int, help="corpus units (default: 1,000,000)")
    parser.add_argument("--copies", type=int, default=20, help="copies of each source function (default: 20)")
    parser.add_argument("--probes", type=int, default=100, help="functions the commit adds (default: 100)")
    parser.add_argument("--folder", default=str(DEFAULT_WORK), help=f"work folder (default: {DEFAULT_WORK})")
    parser.add_argument("--rebuild", action="store_true", help="build the corpus again")
    parser.add_argument("--store", choices=("usearch", "sqlite"), default="usearch",
                        help="the corpus index's vector store (default: usearch, approximate)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output-dir", default="bench/results")
    parser.add_argument("--exact-scan", action="store_true", help="scan the built corpus and commit again with the "
                        "exact store, and compare the matches with the tracked run's (no rebuild)")
    parser.add_argument("--stage", choices=("index", "fingerprint", "scan", "scan-exact"), help=argparse.SUPPRESS)
    parser.add_argument("--corpus", help=argparse.SUPPRESS)
    parser.add_argument("--repo", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.stage:
        print(json.dumps(stage(args.stage, Path(args.corpus), Path(args.repo), args.store)))
        return 0
    arguments = list(sys.argv[1:] if argv is None else argv)
    settings = KnownScaleSettings(quick=args.quick, functions=args.functions, copies=args.copies,
                                  probes=args.probes, folder=args.folder, rebuild=args.rebuild, seed=args.seed,
                                  store=args.store,
                                  output_dir=args.output_dir,
                                  command=shlex.join(["python", "-m", "bench.known_scale", *arguments]))
    if args.exact_scan:
        payload = exact_scan(settings)
        write_report(f"{settings.name}_exact_scan", exact_scan_markdown(payload, settings.command), payload,
                     settings.output_dir)
        return 0
    payload = run(settings)
    name = settings.name if settings.store == "usearch" else f"{settings.name}_{settings.store}"
    write_report(name, to_markdown(payload, settings.command), payload, settings.output_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
