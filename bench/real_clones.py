"""Real clones nobody wrote for this project: libraries vendored at one version inside another package, next to the
same library at another version, scored stage by stage per edit size.

Built offline from what is installed (:func:`discover_copies`): every package or module vendored under
``pip/_vendor``, ``setuptools/_vendor``, ``pkg_resources/_vendor``, ``torch/_vendor``, ``sklearn/externals``,
``scipy/_lib``, ``joblib/externals``... of the site-packages folders searched (the running environment's, the base
interpreter's and the system's by default), and every installed top-level package of the same name. Copies with the
same content are one copy. For each library with two or more copies, every older copy is compared with the newest:

* positives: functions and methods with the same module path and qualified name in both copies (5 to 80 lines, at
  least 50 tokens: what ``c2llm dupes`` compares), bucketed by how much the newer version changed them (share of
  changed lines, :func:`edit_size`): ``identical`` (the same Type-1 tokens), ``small`` (at most
  :data:`SMALL_EDIT` of the lines changed), ``large``;
* hard negatives: per positive, another function of the same module of the newer copy, of similar length, that
  is not itself a copy of it (:func:`differs`: not a Type-2 copy, less than half of the code lines in common).

Libraries are split in two halves of about the same number of positives (:func:`split_libraries`): every threshold
is chosen on the calibration half, every number reported on the test half. Stages, pair by pair: the normalised
token hash; token Jaccard (bag of tokens); the Type-2 token-trigram Jaccard; the model's cosine alone (each threshold
chosen on the real calibration pairs); the default rule; the rule that ``c2llm dupes calibrate`` derives from the
calibration half's own functions (generated clones; best F1 and ``--min-precision 0.99``); and the same rule family
fitted on the real calibration pairs. Then the pipeline: ``--against`` on the test libraries (older functions scanned against the
newest copies' modules), and a planted set of renamed Type-2 and Type-3 copies (renamed, two statements of other
real functions inserted) of held-out standard-library functions in a repository of their files, each with the default
rule (no calibration) and the calibrated ones.

Run::

    python -m bench.real_clones --out bench/results/real_clones.json       # and real_clones.md beside it
    python -m bench.real_clones --quick --out /tmp/real_clones_quick.json  # 40 positives per library
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import random
import re
import shlex
import site
import sys
import sysconfig
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from c2llm.search.units import Unit
from c2llm.bench.common import BenchSettings, machine_header, machine_info, markdown_table, setup

# Folders holding vendored copies of other libraries, relative to a site-packages folder.
VENDOR_DIRS = ("pip/_vendor", "setuptools/_vendor", "pkg_resources/_vendor", "torch/_vendor", "sklearn/externals",
               "scipy/_lib", "joblib/externals", "botocore/vendored", "hypothesis/vendor")
ALIASES = {"_packaging": "packaging"}  # vendored under another name
SMALL_EDIT = 0.3  # at most this share of a function's lines changed: a small edit
EDIT_SIZES = ("identical", "small", "large")
MAX_SHARED = 0.5  # two functions of one module with at least this share of code lines in common are not negatives
MAX_LINES = 80  # longer functions are left out (the models would truncate them)


@dataclass(frozen=True)
class Copy:
    """One copy of a library: a package folder or a single module, and where it was found."""

    library: str
    version: str  # the version when known, else "?"
    where: str  # "pip/_vendor in /usr/lib/python3/dist-packages", "installed in ..."
    path: Path
    digest: str  # of its Python files: copies with the same digest are one copy


@dataclass(frozen=True)
class Function:
    library: str
    module: str  # path inside the library
    name: str  # qualified name
    text: str
    unit: Unit = field(compare=False)


@dataclass(frozen=True)
class Case:
    """A labelled pair: an older and a newer function (positives), or two functions of one module (negatives)."""

    a: Function
    b: Function
    label: int
    edit: str  # an EDIT_SIZES entry, or "non-clone"


def default_roots() -> list[Path]:
    """The site-packages folders of this environment, of the base interpreter and of the system (Debian)."""
    candidates = [*site.getsitepackages(), sysconfig.get_paths()["purelib"],
                  Path(sys.base_prefix) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
                  / "site-packages", "/usr/lib/python3/dist-packages"]
    roots: list[Path] = []
    for candidate in map(Path, candidates):
        if candidate.is_dir() and candidate.resolve() not in roots:
            roots.append(candidate.resolve())
    return roots


def python_files(path: Path) -> list[Path]:
    """A copy's Python files (its tests left out)."""
    if path.is_file():
        return [path]
    return sorted(file for file in path.rglob("*.py")
                  if not {"__pycache__", "tests", "test"} & set(file.relative_to(path).parts))


def _digest(path: Path) -> str:
    digest = hashlib.blake2b(digest_size=8)
    for file in python_files(path):
        digest.update(file.relative_to(path if path.is_dir() else path.parent).as_posix().encode() + b"\0")
        digest.update(file.read_bytes())
    return digest.hexdigest()


_VERSION = re.compile(r"^__version__\s*(?::\s*str\s*)?=\s*['\"]([^'\"]+)['\"]", re.MULTILINE)


def _declared_version(path: Path) -> str | None:
    """``__version__ = "x"`` in the module, its ``__init__.py`` or a version module."""
    files = [path] if path.is_file() else [path / name for name in ("__init__.py", "__about__.py", "__version__.py",
                                                                   "_version.py", "version.py")]
    for file in files:
        try:
            match = _VERSION.search(file.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
        if match:
            return match.group(1)
    return None


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _recorded_versions(folder: Path) -> dict[str, str]:
    """Versions that a folder records: ``name-version.dist-info`` entries and pip's ``vendor.txt`` lines."""
    versions = {}
    for entry in folder.glob("*.dist-info"):
        name, _, version = entry.name.removesuffix(".dist-info").partition("-")
        versions[_normalise(name)] = version
    vendor = folder / "vendor.txt"
    if vendor.exists():
        for line in vendor.read_text(encoding="utf-8").splitlines():
            match = re.match(r"\s*([\w.-]+)==([\w.+-]+)", line)
            if match:
                versions[_normalise(match.group(1))] = match.group(2)
    return versions


def _members(folder: Path, vendored: bool) -> Iterable[tuple[str, Path]]:
    """(library name, path) of the packages and modules directly in a folder."""
    for child in sorted(folder.iterdir()):
        name = ALIASES.get(child.name, child.name.removesuffix(".py")) if vendored else child.name.removesuffix(".py")
        if name.startswith("_") or not name.isidentifier():
            continue
        if (child.is_dir() and (child / "__init__.py").exists()) or (child.is_file() and child.suffix == ".py"):
            yield name.lower(), child


def discover_copies(roots: Sequence[Path]) -> dict[str, list[Copy]]:
    """Every library found vendored somewhere, with all its distinct copies (vendored or installed), oldest first."""
    found: list[Copy] = []
    for root in roots:
        for vendor_dir in VENDOR_DIRS:
            folder = root / vendor_dir
            if folder.is_dir():
                versions = _recorded_versions(folder)
                for name, path in _members(folder, vendored=True):
                    version = versions.get(_normalise(name)) or _declared_version(path) or "?"
                    found.append(Copy(name, version, f"{vendor_dir} in {root}", path, _digest(path)))
    vendored = {copy.library for copy in found}
    for root in roots:
        versions = _recorded_versions(root)
        for name, path in _members(root, vendored=False):
            if name in vendored:
                version = versions.get(_normalise(name)) or _declared_version(path) or "?"
                found.append(Copy(name, version, f"installed in {root}", path, _digest(path)))
    libraries: dict[str, dict[str, Copy]] = defaultdict(dict)
    for copy in found:
        libraries[copy.library].setdefault(copy.digest, copy)  # the first place a content was found names it
    return {name: sorted(copies.values(), key=_version_key) for name, copies in sorted(libraries.items())
            if len(copies) >= 2}


def _version_key(copy: Copy):
    """Known versions in order, after the copies of unknown version (the newest known one is the reference)."""
    from packaging.version import InvalidVersion, Version

    try:
        return (1, Version(copy.version), copy.where)
    except InvalidVersion:
        return (0, Version("0"), copy.where)


def functions_of(copy: Copy, max_lines: int = MAX_LINES) -> dict[tuple[str, str], Function]:
    """The functions and methods of a copy that ``c2llm dupes`` compares, by (module path, qualified name); a name
    defined twice in one module (``if``/``else`` variants) is left out."""
    from c2llm.clones.detect import Detector
    from c2llm.clones.settings import DetectSettings
    from c2llm.data.mining import SkipFile, read_code_file
    from c2llm.search.units import units_of_file

    base = copy.path if copy.path.is_dir() else copy.path.parent
    units = []
    for file in python_files(copy.path):
        try:
            text = read_code_file(file)
        except SkipFile:
            continue
        units += [unit for unit in units_of_file(file.relative_to(base).as_posix(), text)
                  if unit.kind in ("function", "method") and unit.end_line - unit.start_line < max_lines]
    kept = Detector(units, settings=DetectSettings()).units
    counts = Counter((unit.path, unit.name) for unit in kept)
    return {(unit.path, unit.name): Function(copy.library, unit.path, unit.name, unit.text, unit) for unit in kept
            if counts[unit.path, unit.name] == 1}


def _code_lines(text: str) -> list[str]:
    """A function's lines as a reviewer compares them: stripped, blank and comment-only lines left out."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def shared_lines(a: str, b: str) -> float:
    """The share of two functions' code lines that match (``difflib``'s ratio over stripped code lines)."""
    return difflib.SequenceMatcher(None, _code_lines(a), _code_lines(b), autojunk=False).ratio()


def edit_size(a: str, b: str) -> str:
    """``identical`` (the same Type-1 tokens: layout and comments aside), ``small`` (at most :data:`SMALL_EDIT` of
    the code lines changed) or ``large``."""
    from c2llm.clones.detect import fingerprint

    if fingerprint(a, "python").type1 == fingerprint(b, "python").type1:
        return "identical"
    return "small" if 1 - shared_lines(a, b) <= SMALL_EDIT else "large"


def differs(a: str, b: str) -> bool:
    """Whether two functions of one module are not copies of each other by the measures that define the edit
    sizes (neither a Type-2 copy nor half of their code lines in common): siblings written by copying one another
    (``pad_left`` and ``pad_right``) are clones, not hard negatives."""
    from c2llm.clones.detect import fingerprint

    return fingerprint(a, "python").type2 != fingerprint(b, "python").type2 and shared_lines(a, b) < MAX_SHARED


def _similar_length(a: str, b: str, ratio: float = 1.5) -> bool:
    return max(len(a), len(b)) <= ratio * min(len(a), len(b))


def library_cases(copies: Sequence[Copy], per_size: int, rng: random.Random
                  ) -> tuple[list[Case], dict[tuple[str, str], Function]]:
    """Positives (same module and name, each older copy against the newest; a pair of texts once) and one hard
    negative each; at most ``per_size`` positives of each edit size (sampled), so that no library's unchanged
    functions drown the edited ones. Also returns the newest copy's functions."""
    newest = functions_of(copies[-1])
    by_module: dict[str, list[Function]] = defaultdict(list)
    for function in newest.values():
        by_module[function.module].append(function)
    by_size: dict[str, list[tuple[Function, Function]]] = defaultdict(list)
    seen = set()
    for older in copies[:-1]:
        for key, function in sorted(functions_of(older).items()):
            if key in newest and (function.text, newest[key].text) not in seen:
                seen.add((function.text, newest[key].text))
                by_size[edit_size(function.text, newest[key].text)].append((function, newest[key]))
    cases = []
    for size in EDIT_SIZES:
        for old, new in rng.sample(by_size[size], min(per_size, len(by_size[size]))):
            cases.append(Case(old, new, 1, size))
            others = [other for other in by_module[new.module] if other.name != new.name
                      and _similar_length(old.text, other.text) and differs(old.text, other.text)]
            if others:
                cases.append(Case(old, rng.choice(others), 0, "non-clone"))
    return cases, newest


def split_libraries(sizes: dict[str, int]) -> tuple[list[str], list[str]]:
    """Two halves of about the same number of positives: libraries by size, largest first, each to the smaller half
    so far (ties by name)."""
    halves: tuple[list[str], list[str]] = ([], [])
    totals = [0, 0]
    for name in sorted(sizes, key=lambda name: (-sizes[name], name)):
        side = 0 if totals[0] <= totals[1] else 1
        halves[side].append(name)
        totals[side] += sizes[name]
    return sorted(halves[0]), sorted(halves[1])


# ------------------------------------------------------------------------------------------------ scoring


@dataclass(kw_only=True)
class RealClonesSettings(BenchSettings):
    NAME = "real_clones"
    QUICK_DEFAULTS: ClassVar[dict[str, tuple[int, int]]] = {"per_size": (15, 60), "planted": (20, 60)}

    per_size: int | None = None
    """Positives sampled per library and edit size."""
    planted: int | None = None
    """Standard-library functions planted as Type-2 and Type-3 copies."""
    roots: list[str] | None = None
    """site-packages folders searched (default: :func:`default_roots`)."""
    model: str | None = None
    """The embedding model (default: all-MiniLM-L6-v2, the offline default)."""
    out: str | None = None
    """The JSON report (the Markdown table beside it)."""


class _Vectors:
    """Embeddings of texts, each encoded once."""

    def __init__(self, encode: Callable[[list[str]], np.ndarray]):
        self.encode, self.cache = encode, {}

    def __call__(self, texts: Sequence[str]) -> np.ndarray:
        missing = sorted({text for text in texts if text not in self.cache})
        if missing:
            self.cache.update(zip(missing, self.encode(missing)))
        return np.array([self.cache[text] for text in texts], dtype=np.float32)

    def cosines(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        left, right = self([a for a, _ in pairs]), self([b for _, b in pairs])
        return (left * right).sum(axis=1)


def prf(predicted: np.ndarray, cases: Sequence[Case]) -> dict[str, dict]:
    """P/R/F1 per edit size (that size's positives against all negatives) and over all positives."""
    labels = np.array([case.label for case in cases])
    edits = np.array([case.edit for case in cases])
    false_positives = int(predicted[labels == 0].sum())
    result = {}
    for size in (*EDIT_SIZES, "all"):
        positives = (labels == 1) if size == "all" else (edits == size)
        true_positives = int(predicted[positives].sum())
        precision = true_positives / (true_positives + false_positives) if true_positives + false_positives else 0.0
        recall = true_positives / int(positives.sum()) if positives.any() else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        result[size] = {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3),
                        "pairs": int(positives.sum())}
    result["non-clones flagged"] = {"count": false_positives, "of": int((labels == 0).sum())}
    return result


def _scores(cases: Sequence[Case], vectors: _Vectors) -> dict[str, np.ndarray]:
    """Every stage's score of every case."""
    from c2llm.clones.mutate import prepare
    from .clones import hash_match, token_jaccard, trigram_jaccard

    texts = [(prepare(case.a.text), prepare(case.b.text)) for case in cases]
    return {"hash": np.array([hash_match(a, b) for a, b in texts]),
            "token-jaccard": np.array([token_jaccard(a, b) for a, b in texts]),
            "trigram-jaccard": np.array([trigram_jaccard(a, b) for a, b in texts]),
            "cosine": vectors.cosines(texts)}


def _rule_dict(rule) -> dict[str, float]:
    from c2llm.clones.report import rule_dict

    return {key: value for key, value in rule_dict(rule).items() if value != float("inf")}


def pair_stages(calibration: list[Case], test: list[Case], rules: dict, vectors: _Vectors) -> dict[str, dict]:
    """Each stage on the test pairs, its threshold chosen on the calibration pairs (best F1); the calibrated rules
    of ``c2llm dupes calibrate`` as given (``rules``), and the same rule family fitted on the real calibration pairs
    for comparison."""
    from c2llm.clones.calibrate import best_rule, best_threshold

    fit, score = _scores(calibration, vectors), _scores(test, vectors)
    labels = [case.label for case in calibration]
    stages = {"hash": {"rule": None, "metrics": prf(score["hash"], test)}}
    for name in ("token-jaccard", "trigram-jaccard", "cosine"):
        threshold, *_ = best_threshold(fit[name], labels)
        key = "cosine" if name == "cosine" else "jaccard"
        stages[name] = {"rule": {key: round(threshold, 4)}, "metrics": prf(score[name] >= threshold, test)}
    for name, rule in rules.items():
        stages[name] = {"rule": _rule_dict(rule),
                        "metrics": prf(score["hash"] | rule.accepts(score["cosine"], score["trigram-jaccard"]),
                                       test)}
    rule, *_ = best_rule(fit["cosine"], fit["trigram-jaccard"], labels)
    stages["rule fitted on the real calibration pairs"] = {
        "rule": _rule_dict(rule), "metrics": prf(score["hash"] | rule.accepts(score["cosine"],
                                                                               score["trigram-jaccard"]), test)}
    return stages


def _detector(units: list[Unit], vectors: _Vectors):
    from c2llm.clones.detect import Detector

    kept = Detector(units).units
    return Detector(kept, vectors([unit.text for unit in kept]) if kept else None)


def scan_stage(test: list[Case], newest: dict[str, dict], rules: dict, vectors: _Vectors) -> dict[str, dict]:
    """``c2llm dupes --against`` on the test libraries: the corpus is every function of the newest copy's modules
    that hold a test case; the scanned units are the older functions of the positives. A positive is found when its
    older function is matched to its newer one; precision is over every match reported. With the default rule (no
    calibration) and the rule calibrated on the calibration half."""
    from c2llm.clones.known import match_known

    modules = {(case.a.library, case.b.module) for case in test}
    corpus_units = [function.unit for library, functions in newest.items() for (module, _), function in
                    functions.items() if (library, module) in modules]
    positives = [case for case in test if case.label]
    scanned_units = list({case.a.unit: None for case in positives})
    corpus, scanned = _detector(corpus_units, vectors), _detector(scanned_units, vectors)
    truth = {(case.a.unit, case.b.unit) for case in positives}
    result = {}
    for name, rule in rules.items():
        matches = match_known(scanned, corpus, "newest", lambda unit: {}, rule, lambda unit: True)
        found = {(match.unit, match.known) for match in matches}
        correct = len(found & truth)
        recall = {size: round(sum((case.a.unit, case.b.unit) in found for case in positives if case.edit == size)
                              / max(1, sum(case.edit == size for case in positives)), 3) for size in EDIT_SIZES}
        recall["all"] = round(correct / len(truth), 3)
        result[name] = {"recall": recall, "precision": round(correct / len(found), 3) if found else 0.0,
                        "matches": len(found)}
    result["data"] = {"corpus_units": len(corpus.units), "scanned_units": len(scanned.units),
                      "positives": {size: sum(case.edit == size for case in positives) for size in EDIT_SIZES}}
    return result


def planted_stage(count: int, rules: dict, vectors: _Vectors, seed: int) -> dict:
    """Renamed Type-2 copies and Type-3 copies (renamed, two statements of other functions inserted) of held-out
    standard-library functions, planted in a repository of 30 of their files, found by ``c2llm dupes --base``'s
    pipeline (hash stages, then each rule over token and cosine candidates). Recall: planted copies paired with their
    original; precision: reported pairs of the planted copies that pair a copy with its own family."""
    from c2llm.clones.detect import Detector
    from c2llm.clones.mutate import borrowable_statements, insert_statements, prepare, type2_copy
    from c2llm.data.mining import SkipFile, read_code_file, stdlib_root
    from c2llm.search.units import units_of_file
    from .clones import sample_units

    rng = random.Random(seed)
    _, test_units = sample_units(MAX_LINES, seed)
    files = rng.sample(sorted({unit.path for unit in test_units}), 30)
    units = []
    for path in files:
        try:
            units += units_of_file(path, read_code_file(stdlib_root() / path))
        except SkipFile:
            continue
    functions = [unit for unit in Detector(units).units if unit.kind in ("function", "method")]
    family, planted = {}, []
    for number, unit in enumerate(rng.sample(functions, min(count, len(functions)))):
        renamed = type2_copy(prepare(unit.text), "python", rng)
        if renamed is None:
            continue
        donors = [other for other in rng.sample(functions, 10) if other.path != unit.path][:3]
        edited = insert_statements(renamed, rng, [text for donor in donors for text in
                                                  borrowable_statements(donor.text)], count=2)
        for kind, text in (("type2", renamed), ("type3", edited)):
            if text is not None:
                copy = Unit(f"planted/{kind}_{number}.py", 1, text.count("\n") + 1, "python", unit.name, "function",
                            text)
                planted.append((kind, copy))
                family[copy.path] = (unit.path, unit.name)
    everything = units + [copy for _, copy in planted]
    kept = Detector(everything).units
    detector = Detector(kept, vectors([unit.text for unit in kept]))
    result = {"data": dict(Counter(kind for kind, _ in planted))}
    for name, rule in rules.items():
        pairs = detector.pairs(rule, focus=lambda unit: unit.path.startswith("planted/"))
        right, found = 0, Counter()
        for pair in pairs:
            sides = {family.get(side.path, (side.path, side.name)) for side in (pair.a, pair.b)}
            right += len(sides) == 1
            for side, other in ((pair.a, pair.b), (pair.b, pair.a)):
                if side.path in family and not other.path.startswith("planted/") and len(sides) == 1:
                    found[side.path.split("/")[1].split("_")[0]] += 1
        result[name] = {
            "recall": {kind: round(found[kind] / max(1, result["data"].get(kind, 0)), 3)
                       for kind in ("type2", "type3")},
            "precision": round(right / len(pairs), 3) if pairs else 0.0, "pairs": len(pairs)}
    return result


def run(settings: RealClonesSettings) -> dict:
    setup()
    from c2llm.clones.calibrate import calibrate
    from c2llm.search.encoder import default_model, load_encoder

    settings.apply_quick_defaults()
    started = time.perf_counter()
    roots = [Path(root) for root in settings.roots] if settings.roots else default_roots()
    libraries = discover_copies(roots)
    rng = random.Random(settings.seed)
    cases, newest = {}, {}
    for name, copies in libraries.items():
        cases[name], newest[name] = library_cases(copies, settings.per_size, rng)
    sizes = {name: sum(case.label for case in found) for name, found in cases.items() if found}
    calibration_half, test_half = split_libraries(sizes)
    calibration = [case for name in calibration_half for case in cases[name]]
    test = [case for name in test_half for case in cases[name]]
    model = settings.model or default_model()
    encoder = load_encoder(model)  # a static folder too, as `c2llm dupes` loads the index's
    vectors = _Vectors(encoder.encode_documents)
    calibration_units = [function.unit for name in calibration_half for function in newest[name].values()]
    from c2llm.clones.calibrate import DEFAULT_RULE

    rules = {"default rule (no calibration)": DEFAULT_RULE}
    for label, min_precision in (("calibrated rule, best F1", None), ("calibrated rule, --min-precision 0.99",
                                                                       0.99)):
        fitted = calibrate(calibration_units, vectors, model, functions=200, seed=settings.seed,
                           min_precision=min_precision)
        rules[label] = fitted.rule
    stages = pair_stages(calibration, test, rules, vectors)
    scan = scan_stage(test, {name: newest[name] for name in test_half}, rules, vectors)
    planted = planted_stage(settings.planted, rules, vectors, settings.seed)
    return {
        "settings": settings.to_dict(), "machine": machine_info(), "model": model,
        "copies": {name: [{"version": copy.version, "where": copy.where} for copy in copies]
                   for name, copies in libraries.items()},
        "halves": {"calibration": calibration_half, "test": test_half},
        "data": {"calibration": dict(Counter(case.edit for case in calibration)),
                 "test": dict(Counter(case.edit for case in test))},
        "stages": stages, "scan": scan, "planted": planted,
        "seconds": round(time.perf_counter() - started, 1),
    }


def _cell(metrics: dict) -> str:
    return f"{metrics['precision']:.2f} / {metrics['recall']:.2f} / {metrics['f1']:.2f}"


def to_markdown(payload: dict, command: str) -> str:
    from .clones import rule_text

    rows = []
    for stage, result in payload["stages"].items():
        metrics = result["metrics"]
        flagged = metrics["non-clones flagged"]
        rows.append([stage, rule_text(result["rule"]), *(_cell(metrics[size]) for size in (*EDIT_SIZES, "all")),
                     f"{flagged['count']}/{flagged['of']}"])
    test = payload["data"]["test"]
    pairs = markdown_table(["stage", "threshold(s)", f"identical ({test.get('identical', 0)}) P/R/F1",
                            f"small edit ({test.get('small', 0)}) P/R/F1", f"large edit ({test.get('large', 0)}) P/R/F1",
                            "all P/R/F1", "non-clones flagged"], rows)
    scan = payload["scan"]
    scan_rows = [[name, *(f"{result['recall'][size]:.2f}" for size in (*EDIT_SIZES, "all")),
                  f"{result['precision']:.2f}", result["matches"]]
                 for name, result in scan.items() if name != "data"]
    scan_table = markdown_table(["rule", "recall identical", "recall small", "recall large", "recall all",
                                 "precision", "matches"], scan_rows)
    planted = payload["planted"]
    planted_rows = [[name, f"{result['recall']['type2']:.2f}", f"{result['recall']['type3']:.2f}",
                     f"{result['precision']:.2f}", result["pairs"]] for name, result in planted.items()
                    if name != "data"]
    planted_table = markdown_table(["rule", "Type-2 recall", "Type-3 recall", "precision", "pairs"],
                                   planted_rows)
    return "\n".join([
        "# Real clones (bench.real_clones)", "", machine_header(payload["machine"], command), "",
        f"- model: {payload['model']}", f"- calibration libraries: {', '.join(payload['halves']['calibration'])}",
        f"- test libraries: {', '.join(payload['halves']['test'])}",
        f"- pairs: calibration {payload['data']['calibration']}, test {payload['data']['test']}", "",
        "## Pairs scored by each stage (test libraries)", "", pairs, "",
        f"## `--against` scan (test libraries; corpus {scan['data']['corpus_units']} units, scanned "
        f"{scan['data']['scanned_units']})", "", scan_table, "",
        f"## Planted copies in a standard-library repository ({planted['data']})", "", planted_table, ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.real_clones", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="15 positives per library and edit size: a smoke test")
    parser.add_argument("--per-size", type=int, help="positives per library and edit size (default: 60)")
    parser.add_argument("--planted", type=int, help="planted standard-library functions (default: 60)")
    parser.add_argument("--roots", nargs="+", help="site-packages folders to search (default: this environment's, "
                        "the base interpreter's, /usr/lib/python3/dist-packages)")
    parser.add_argument("--model", help="embedding model: a SentenceTransformer or a static folder (default: "
                        "all-MiniLM-L6-v2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="bench/results/real_clones.json",
                        help="the JSON report; the Markdown table goes beside it (default: %(default)s)")
    args = parser.parse_args(argv)
    arguments = list(sys.argv[1:] if argv is None else argv)
    settings = RealClonesSettings(quick=args.quick, per_size=args.per_size, planted=args.planted, roots=args.roots,
                                  model=args.model, seed=args.seed, out=args.out,
                                  command=shlex.join(["python", "-m", "bench.real_clones", *arguments]))
    payload = run(settings)
    markdown = to_markdown(payload, settings.command)
    from c2llm.atomic import atomic_write_text

    out = Path(args.out)
    atomic_write_text(out, json.dumps(payload, indent=2, default=str) + "\n")
    atomic_write_text(out.with_suffix(".md"), markdown)
    print(markdown)
    print(f"wrote {out} and {out.with_suffix('.md')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
