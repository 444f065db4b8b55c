"""Copies people make, found in a commit: ``c2llm dupes --base`` and ``--against`` beside jscpd and a token-bag
detector, per clone type and per edit size, on the same repositories in one run.

Built offline from real functions (:func:`bench.clones.sample_units`: standard-library functions and methods
of 5 to 80 lines and 50 tokens, split in two halves by file). Per half, a git repository whose first commit holds the
sampled functions' files (``lib/``) and whose second commit adds one file per copy or non-clone (``new/``):

* Type-1: the function pasted under another name, layout and comments changed (:func:`~c2llm.clones.mutate.
  renamed_function`);
* Type-2: every local name and most literals renamed (:func:`~c2llm.clones.mutate.type2_copy`);
* Type-3: a Type-2 copy with 5 to 30 % of its lines edited (:func:`~c2llm.clones.mutate.edit_lines`: statements of
  other functions of the same half inserted, statements deleted, tokens changed), bucketed by the share of lines
  that differ from the Type-2 copy (``5-10``, ``10-20``, ``20-30`` %);
* hard non-clones: per function, a function of another library (the installed site-packages, split in halves by
  file too) with the same name, or else the one sharing the most identifiers (the same API), of similar length and
  sharing less than half of its lines; and sharing less than half of its lines with any ``lib/`` function or other
  non-clone too (site-packages hold vendored and backported copies of the standard library and of each other: such a
  function is a real clone, not a non-clone).

Each tool reports pairs (or, for jscpd, duplicated fragments) with a side in ``new/``. A pair is right when both
sides are of one family (a function and its copies), or when it pairs a copy with a ``lib/`` function that is a
clone of the copy's original by NiCad's measure (70 % of the normalised lines shared: the standard library holds
near-twins); a copy is found when one right pair holds it. Precision of a
type counts the pairs of its copies and every pair of a non-clone (a false alarm). ``c2llm`` runs as users run it:
the default rule (no calibration step), the default static index model and all-MiniLM-L6-v2, in the repository
(``--base HEAD~1``) and against a corpus holding the ``lib/`` files (``--against``). The near-copy stage's threshold
(``STRUCTURE_JACCARD``) is chosen on the calibration half (best F1 of the structure alone); every number is reported
on the test half. The token-bag baseline (SourcererCC's measure: shared tokens over the larger bag, identifiers
kept) compares every new unit with every ``lib/`` unit; its threshold is chosen on the calibration half too. jscpd
(npm ``jscpd``) runs with its defaults and with its Type-2/Type-3 options (``--ignore-identifiers
--ignore-literals --max-gap-lines 3``).

Run::

    python -m bench.edited_clones --jscpd PATH/TO/node_modules/.bin/jscpd    # bench/results/edited_clones.*
    python -m bench.edited_clones --quick --jscpd ...                         # 40 functions a half
"""

from __future__ import annotations

import argparse
import difflib
import json
import keyword
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from c2llm.search.units import Unit
from c2llm.bench.common import BenchSettings, machine_header, machine_info, markdown_table, setup, write_report

KINDS = ("type1", "type2", "type3", "non-clone")
EDIT_BINS = ((0.05, 0.10, "5-10%"), (0.10, 0.20, "10-20%"), (0.20, 0.30, "20-30%"))
JSCPD_VERSION = "5.3.2"
JSCPD_FLAGS = {"jscpd (defaults)": [],
               "jscpd --ignore-identifiers --ignore-literals --max-gap-lines 3": [
                   "--ignore-identifiers", "--ignore-literals", "--max-gap-lines", "3"]}
MAX_SHARED_LINES = 0.5  # a non-clone shares less than this share of its code lines with the function it mimics


@dataclass(kw_only=True)
class EditedClonesSettings(BenchSettings):
    NAME = "edited_clones"
    QUICK_DEFAULTS: ClassVar[dict[str, tuple[int, int]]] = {"functions": (40, 150)}

    functions: int | None = None
    """Functions sampled per half (each gives a Type-1, a Type-2 and a Type-3 copy and one hard non-clone)."""
    models: list[str] | None = None
    """Index models of the c2llm rows (default: the default static model and all-MiniLM-L6-v2)."""
    jscpd: str | None = None
    """The jscpd executable (``npm i -E jscpd@5.3.2``); without it the jscpd rows are left out, and the run says so."""
    max_lines: int = 80


@dataclass(frozen=True)
class Member:
    """A file of ``new/``: what it is (a ``KINDS`` entry), the family it belongs to (the original's path and name;
    a non-clone is a family of its own) and, for Type-3, its edit bucket."""

    kind: str
    family: tuple[str, str]
    edit: str | None = None


@dataclass
class Half:
    """One half's repository: the original units by family, the new files and what each is, and the ``lib/``
    units by (path, name)."""

    repo: Path
    corpus: Path
    originals: dict[tuple[str, str], Unit] = field(default_factory=dict)
    members: dict[str, Member] = field(default_factory=dict)  # new/FILE -> member
    lib: dict[tuple[str, str], Unit] = field(default_factory=dict)
    _related: dict[tuple[tuple[str, str], tuple[str, str]], bool] = field(default_factory=dict)

    def same_family(self, a: tuple[str, str], b: tuple[str, str]) -> bool:
        """Whether a pair is right: both sides of one family, or one side a copy of an original and the other a
        ``lib/`` function that is itself a clone of that original by NiCad's measure (:func:`nicad_clone`: the
        standard library holds near-twins, such as ``IPv4Network.__init__`` and ``IPv6Network.__init__``, and a
        copy of one is a copy of the other)."""
        first, second = family_of(self, *a), family_of(self, *b)
        if first == second:
            return True
        for side, other in ((first, b), (second, a)):
            if side in self.originals and other in self.lib and other[0] not in self.members:
                key = (side, other)
                if key not in self._related:
                    self._related[key] = nicad_clone(self.originals[side].text, self.lib[other].text)
                if self._related[key]:
                    return True
        return False


# ------------------------------------------------------------------------------------------------------------ data


def _code_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def shared_lines(a: str, b: str) -> float:
    """The share of the longer side's code lines that the other side has too (in order)."""
    left, right = _code_lines(a), _code_lines(b)
    matcher = difflib.SequenceMatcher(None, left, right, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / max(len(left), len(right), 1)


def edit_bin(before: str, after: str) -> str:
    """The edit bucket of a Type-3 copy: the share of lines that differ from the copy it was edited from."""
    changed = round(1 - shared_lines(before, after), 9)  # 2 of 20 lines is 10 %, not 9.999... %
    for low, high, label in EDIT_BINS:
        if changed < high:
            return label
    return EDIT_BINS[-1][2]


NICAD_THRESHOLD = 0.7  # NiCad's default: at most 30 % of the normalised lines differ
_WORD = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|\"[^\"]*\"|'[^']*'|[^\w\s]")


def _normalised_lines(text: str) -> list[str]:
    """Code lines with identifiers blinded to ``ID`` and literals to ``LIT`` (NiCad's blind renaming)."""
    lines = []
    for line in _code_lines(text):
        words = []
        for word in _WORD.findall(line):
            if word[0] in "\"'" or word[0].isdigit():
                words.append("LIT")
            elif (word[0].isalpha() or word[0] == "_") and not keyword.iskeyword(word):
                words.append("ID")
            else:
                words.append(word)
        lines.append(" ".join(words))
    return lines


def nicad_clone(a: str, b: str) -> bool:
    """Whether two functions are clones by NiCad's measure, independent of c2llm's: at least
    :data:`NICAD_THRESHOLD` of the longer one's normalised lines shared, in order."""
    left, right = _normalised_lines(a), _normalised_lines(b)
    matcher = difflib.SequenceMatcher(None, left, right, autojunk=False)
    shared = sum(block.size for block in matcher.get_matching_blocks())
    return shared / max(len(left), len(right), 1) >= NICAD_THRESHOLD


def _short(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def library_pool(half: str, seed: int, limit: int = 4000) -> list[Unit]:
    """Functions of other libraries (this environment's site-packages, standard library excluded), of one half by
    file: the hard non-clones."""
    import site

    from c2llm.clones.detect import Detector
    from c2llm.data.mining import SkipFile, read_code_file, split_of
    from c2llm.search.units import units_of_file

    roots = [Path(path) for path in site.getsitepackages() if Path(path).is_dir()]
    files = sorted(path for root in roots for path in root.rglob("*.py")
                   if "test" not in path.as_posix().lower() and split_of(path.name + path.parent.name,
                                                                          (0.5, 0.0, 0.5), seed) == half)
    rng = random.Random(seed)
    units: list[Unit] = []
    for path in rng.sample(files, min(len(files), 1500)):
        try:
            text = read_code_file(path)
        except SkipFile:
            continue
        units += [unit for unit in units_of_file(path.name, text) if unit.kind in ("function", "method")
                  and unit.end_line - unit.start_line < 80]
        if len(units) > limit:
            break
    return Detector(units).units


def _identifiers(text: str) -> frozenset[str]:
    from c2llm.clones.tokens import Kind, lex

    return frozenset(token.text for token in lex(text, "python") if token.kind is Kind.IDENTIFIER)


def hard_non_clone(unit: Unit, pool: Sequence[Unit], names: Sequence[frozenset[str]],
                   copy_of_any: Callable[[str], bool]) -> str | None:
    """Another library's function of similar length with the same name, or else sharing the most identifiers,
    that does not share half of its lines with ``unit`` nor is a copy of anything else (``copy_of_any``)."""
    def similar(other: Unit) -> bool:
        a, b = len(unit.text), len(other.text)
        return (max(a, b) <= 1.5 * min(a, b) and shared_lines(unit.text, other.text) < MAX_SHARED_LINES
                and not copy_of_any(other.text))

    same_name = [other for other in pool if _short(other.name) == _short(unit.name) and similar(other)]
    if same_name:
        return same_name[0].text
    own = _identifiers(unit.text)
    ranked = sorted(range(len(pool)), key=lambda i: -len(own & names[i]) / max(1, len(own | names[i])))
    return next((pool[i].text for i in ranked[:20] if similar(pool[i])), None)


class Copies:
    """Whether a text shares half of its lines with any text added so far; the texts that might are found by their
    token structure first (a :class:`~c2llm.clones.detect.Detector`'s MinHash bands), so that each check reads a few
    texts, not all."""

    def __init__(self, texts: Sequence[str]):
        self.texts: list[str] = []
        self.bands: dict[int, list[int]] = defaultdict(list)
        for text in texts:
            self.add(text)

    def add(self, text: str) -> None:
        from c2llm.clones.detect import fingerprint

        for key in fingerprint(text, "python").bands:
            self.bands[key].append(len(self.texts))
        self.texts.append(text)

    def __call__(self, text: str) -> bool:
        from c2llm.clones.detect import fingerprint

        shared = Counter(i for key in fingerprint(text, "python").bands for i in self.bands.get(key, ()))
        return any(shared_lines(text, self.texts[i]) >= MAX_SHARED_LINES for i, _ in shared.most_common(10))


def build_half(name: str, units: Sequence[Unit], pool: Sequence[Unit], functions: int, folder: Path,
               seed: int) -> Half:
    """The repository of one half: ``lib/`` (the sampled functions' files, first commit) and ``new/`` (copies and
    non-clones, second commit); and the corpus folder (``lib/`` again) for ``--against``."""
    from c2llm.clones.mutate import borrowable_statements, edit_lines, prepare, renamed_function, type2_copy
    from c2llm.data.mining import read_code_file, stdlib_root

    rng = random.Random(f"{seed}-{name}")
    half = Half(folder / name / "repo", folder / name / "known")
    names = [_identifiers(unit.text) for unit in pool]
    donors = [text for unit in rng.sample(list(units), min(200, len(units)))
              for text in borrowable_statements(unit.text, max_lines=1)]
    sampled = rng.sample(list(units), min(functions, len(units)))
    files = sorted({unit.path for unit in sampled})
    seen = Copies([unit.text for unit in units if unit.path in files])
    half.lib = {(f"lib/{unit.path}", unit.name): unit for unit in units if unit.path in files}
    for path in files:
        for root in (half.repo / "lib", half.corpus / "lib"):
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(read_code_file(stdlib_root() / path), encoding="utf-8")
    _git(half.repo, "init", "-q")
    _git(half.repo, "add", ".")
    _git(half.repo, "commit", "-qm", "base")
    new = half.repo / "new"
    new.mkdir()
    for number, unit in enumerate(sampled):
        family = (f"lib/{unit.path}", unit.name)
        half.originals[family] = unit
        original = prepare(unit.text)
        renamed = type2_copy(original, "python", rng)
        edited = edit_lines(renamed, rng, rng.uniform(0.05, 0.30), donors) if renamed else None
        copies = {"type1": renamed_function(original, rng), "type2": renamed, "type3": edited}
        for kind, text in copies.items():
            if text is not None:
                path = f"new/{kind}_{number:04d}.py"
                (half.repo / path).write_text(text + "\n", encoding="utf-8")
                half.members[path] = Member(kind, family, edit_bin(renamed, edited) if kind == "type3" else None)
        other = hard_non_clone(unit, pool, names, seen)
        if other is not None:
            seen.add(other)
            path = f"new/nonclone_{number:04d}.py"
            (half.repo / path).write_text(prepare(other) + "\n", encoding="utf-8")
            half.members[path] = Member("non-clone", (path, "non-clone"))
    _git(half.repo, "add", ".")
    _git(half.repo, "commit", "-qm", "copies and non-clones")
    return half


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.org", *args], cwd=root,
                   check=True, capture_output=True)


# ------------------------------------------------------------------------------------------------------------ scores


def family_of(half: Half, path: str, name: str) -> tuple[str, str]:
    """The family of a unit: a ``new/`` file's member, or a ``lib/`` unit itself."""
    member = half.members.get(path)
    return member.family if member else (path, name)


def score(half: Half, pairs: Sequence[tuple[tuple[str, str], tuple[str, str]]]) -> dict:
    """Recall per kind and edit bucket, and precision per kind, of ``(path, name)`` pairs with a ``new/`` side."""
    found: set[str] = set()
    right: Counter = Counter()
    wrong: Counter = Counter()
    for a, b in pairs:
        sides = [side for side in (a, b) if side[0] in half.members]
        if not sides:
            continue
        correct = half.same_family(a, b)
        for path, _ in sides:
            member = half.members[path]
            key = member.kind if member.kind != "type3" else f"type3 {member.edit}"
            if correct:
                right[key] += 1
                found.add(path)
            else:
                wrong[key] += 1
    result: dict = {"recall": {}, "precision": {}, "pairs": len(pairs)}
    groups = {kind: [path for path, member in half.members.items() if member.kind == kind] for kind in KINDS[:3]}
    groups |= {f"type3 {label}": [path for path, member in half.members.items() if member.edit == label]
               for *_, label in EDIT_BINS}
    for key, paths in groups.items():
        result["recall"][key] = round(sum(path in found for path in paths) / len(paths), 3) if paths else None
        keys = [key] if key != "type3" else [f"type3 {label}" for *_, label in EDIT_BINS]
        hits = sum(right[k] for k in keys)
        reported = hits + sum(wrong[k] for k in keys) + wrong["non-clone"]
        result["precision"][key] = round(hits / reported, 3) if reported else None
    total_right, total = sum(right.values()), sum(right.values()) + sum(wrong.values())
    result["precision"]["all"] = round(total_right / total, 3) if total else None
    result["false alarms on non-clones"] = wrong["non-clone"]
    return result


# ------------------------------------------------------------------------------------------------------------ tools


def c2llm_pairs(half: Half, model: str, structure: float | None, against: bool) -> list:
    from c2llm.clones.scan import ScanOptions, scan_known, scan_tree

    options = ScanOptions(base="HEAD~1", structure=structure)
    if against:
        report = scan_known(half.repo, [half.corpus], options, model=model, progress=False)
        return [((m.unit.path, m.unit.name), (m.known.path, m.known.name), m.jaccard, m.method)
                for m in report.matches]
    report = scan_tree(half.repo, options, model=model, progress=False)
    return [((p.a.path, p.a.name), (p.b.path, p.b.name), p.jaccard, p.method) for p in report.pairs]


def choose_structure(half: Half, model: str) -> dict:
    """The near-copy Jaccard with the best F1 on this half, the structure alone (a sweep over the candidates that a
    scan at a low threshold scores)."""
    from c2llm.clones.detect import METHODS

    pairs = [(a, b, jaccard) for a, b, jaccard, method in c2llm_pairs(half, model, 0.3, against=False)
             if method in METHODS[2:]] + [(a, b, 1.0) for a, b, _, method in c2llm_pairs(half, model, 0.3, False)
                                           if method in METHODS[:2]]
    copies = sum(member.kind != "non-clone" for member in half.members.values())
    best = None
    for cut in sorted({round(j, 3) for *_, j in pairs if j is not None}):
        kept = [(a, b) for a, b, j in pairs if j >= cut]
        right = [(a, b) for a, b in kept if half.same_family(a, b)]
        found = {side[0] for pair in right for side in pair if side[0] in half.members}
        precision, recall = len(right) / max(1, len(kept)), len(found) / max(1, copies)
        f1 = 2 * precision * recall / max(precision + recall, 1e-12)
        if best is None or f1 > best["f1"] + 1e-12:
            best = {"structure": cut, "precision": round(precision, 3), "recall": round(recall, 3),
                    "f1": round(f1, 3)}
    return best


def token_bag(text: str) -> Counter:
    from c2llm.clones.tokens import lex

    return Counter(token.text for token in lex(text, "python") if not token.text.startswith("<"))


def token_bag_scores(half: Half) -> list[tuple[tuple[str, str], tuple[str, str], float]]:
    """SourcererCC's overlap (shared tokens over the larger bag) of every new unit with every ``lib/`` unit, where
    it can reach 0.5 (the smaller bag at least half the larger)."""
    from c2llm.clones.detect import Detector
    from c2llm.search.units import units_of_file

    lib, new = [], []
    for path in sorted(half.repo.rglob("*.py")):
        relative = path.relative_to(half.repo).as_posix()
        units = Detector(units_of_file(relative, path.read_text(encoding="utf-8"))).units
        (new if relative.startswith("new/") else lib).extend(units)
    lib_bags = [(unit, token_bag(unit.text)) for unit in lib]
    sizes = [sum(bag.values()) for _, bag in lib_bags]
    found = []
    for unit in new:
        bag = token_bag(unit.text)
        size = sum(bag.values())
        for (other, other_bag), other_size in zip(lib_bags, sizes):
            if 2 * min(size, other_size) < max(size, other_size):
                continue
            overlap = sum((bag & other_bag).values()) / max(size, other_size)
            if overlap >= 0.5:
                found.append(((unit.path, unit.name), (other.path, other.name), overlap))
    return found


def best_overlap(half: Half, scored: list) -> float:
    best, best_f1 = 0.5, -1.0
    copies = sum(member.kind != "non-clone" for member in half.members.values())
    for cut in sorted({round(s, 3) for *_, s in scored}):
        kept = [(a, b) for a, b, s in scored if s >= cut]
        right = [(a, b) for a, b in kept if half.same_family(a, b)]
        found = {a[0] for a, _ in right}
        precision, recall = len(right) / max(1, len(kept)), len(found) / max(1, copies)
        f1 = 2 * precision * recall / max(precision + recall, 1e-12)
        if f1 > best_f1 + 1e-12:
            best, best_f1 = cut, f1
    return best


def jscpd_pairs(half: Half, executable: str, flags: list[str]) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """jscpd's duplicated fragments with a side in ``new/``, as pairs of units: each side's unit of its family
    where a fragment overlaps one (a ``new/`` file is one unit), else the fragment's file and lines."""
    from c2llm.search.units import units_of_file

    with tempfile.TemporaryDirectory() as out:
        subprocess.run([executable, "--reporters", "json", "--output", out, "--format", "python", "--silent",
                        *flags, "."], cwd=half.repo, check=True, capture_output=True, timeout=600)
        report = json.loads((Path(out) / "jscpd-report.json").read_text())
    units: dict[str, list[Unit]] = {}

    def sides(fragment: dict) -> list[tuple[str, str]]:
        path = Path(fragment["name"]).as_posix().removeprefix("./")
        path = path.split(half.repo.as_posix() + "/")[-1]
        if path in half.members:
            return [(path, "")]
        if path not in units:
            units[path] = units_of_file(path, (half.repo / path).read_text(encoding="utf-8"))
        start, end = fragment["start"], fragment["end"]
        return [(path, unit.name) for unit in units[path] if unit.start_line <= end and start <= unit.end_line
                and unit.kind != "class"] or [(path, f"{start}-{end}")]

    pairs = []
    for duplicate in report.get("duplicates", []):
        left, right = sides(duplicate["firstFile"]), sides(duplicate["secondFile"])
        if not any(side[0] in half.members for side in left + right):
            continue
        match = [(a, b) for a in left for b in right if half.same_family(a, b)]
        pairs.append(match[0] if match else (left[0], right[0]))
    return pairs


# ------------------------------------------------------------------------------------------------------------ run


def default_models() -> list[str]:
    from c2llm.search.encoder import default_index_model, default_model

    return [default_index_model(), default_model()]


def model_label(model: str) -> str:
    from c2llm.search.encoder import default_index_model
    from .clones import model_label as label

    return "static model (default)" if model == default_index_model() else label(model)


def run(settings: EditedClonesSettings) -> dict:
    setup()
    from c2llm.clones.settings import STRUCTURE_JACCARD
    from c2llm.search.files import INDEX_DIR
    from .clones import sample_units

    settings.apply_quick_defaults()
    started = time.perf_counter()
    models = settings.models or default_models()
    calibration_units, test_units = sample_units(settings.max_lines, settings.seed)
    work = Path(tempfile.mkdtemp(prefix="c2llm-edited-clones-"))
    try:
        halves = {name: build_half(name, units, library_pool(split, settings.seed), settings.functions, work,
                                   settings.seed)
                  for name, units, split in (("calibration", calibration_units, "train"),
                                             ("test", test_units, "test"))}
        chosen = choose_structure(halves["calibration"], models[0])
        calibration_bags = token_bag_scores(halves["calibration"])
        overlap = best_overlap(halves["calibration"], calibration_bags)
        test = halves["test"]
        rows: dict[str, dict] = {}
        for model in models:
            for root in (test.repo, test.corpus):  # each model builds its own indexes
                shutil.rmtree(root / INDEX_DIR, ignore_errors=True)
            for against in (False, True):
                label = f"c2llm dupes {'--against' if against else '--base'}, {model_label(model)}"
                pairs = c2llm_pairs(test, model, None, against)
                rows[label] = score(test, [(a, b) for a, b, *_ in pairs])
        rows[f"token bag (SourcererCC overlap >= {overlap:.2f})"] = score(
            test, [(a, b) for a, b, s in token_bag_scores(test) if s >= overlap])
        if settings.jscpd:
            for label, flags in JSCPD_FLAGS.items():
                rows[label] = score(test, jscpd_pairs(test, settings.jscpd, flags))
        data = {name: dict(Counter(member.edit or member.kind for member in half.members.values()))
                for name, half in halves.items()}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return {"settings": settings.to_dict(), "machine": machine_info(), "models": models,
            "structure": {"chosen on the calibration half": chosen, "shipped default": STRUCTURE_JACCARD},
            "token_bag_threshold": overlap, "jscpd": JSCPD_VERSION if settings.jscpd else None, "data": data,
            "rows": rows, "seconds": round(time.perf_counter() - started, 1)}


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def to_markdown(payload: dict, command: str) -> str:
    columns = ["type1", "type2", "type3", *(f"type3 {label}" for *_, label in EDIT_BINS)]
    headers = ["tool", "Type-1 R", "Type-2 R", "Type-3 R", *(f"Type-3 {label} R" for *_, label in EDIT_BINS),
               "Type-1 P", "Type-2 P", "Type-3 P", "all P", "non-clones flagged"]
    rows = [[name, *(_cell(row["recall"][key]) for key in columns),
             *(_cell(row["precision"][key]) for key in ("type1", "type2", "type3", "all")),
             row["false alarms on non-clones"]] for name, row in payload["rows"].items()]
    structure = payload["structure"]
    jscpd = f"jscpd {payload['jscpd']}" if payload["jscpd"] else "jscpd not run (no --jscpd)"
    return "\n".join([
        "# Edited copies in a commit (bench.edited_clones)", "", machine_header(payload["machine"], command),
        "", f"- copies and non-clones: {payload['data']}",
        f"- near-copy Jaccard chosen on the calibration half (structure alone, best F1): "
        f"{structure['chosen on the calibration half']}; shipped default {structure['shipped default']}",
        f"- token-bag threshold chosen on the calibration half: {payload['token_bag_threshold']}; {jscpd}",
        "- reported on the test half (R recall, P precision; precision counts every non-clone flagged)", "",
        markdown_table(headers, rows), ""])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.edited_clones", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="40 functions a half: a smoke test")
    parser.add_argument("--functions", type=int, help="functions sampled per half (default: 150)")
    parser.add_argument("--models", nargs="+", help="index models (default: the static default and all-MiniLM-L6-v2)")
    parser.add_argument("--jscpd", help="the jscpd executable (npm i -E jscpd@5.3.2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output-dir", default="bench/results")
    args = parser.parse_args(argv)
    arguments = list(sys.argv[1:] if argv is None else argv)
    settings = EditedClonesSettings(quick=args.quick, functions=args.functions, models=args.models,
                                    jscpd=args.jscpd, seed=args.seed, output_dir=args.output_dir,
                                    command=shlex.join(["python", "-m", "bench.edited_clones", *arguments]))
    payload = run(settings)
    write_report(settings.name, to_markdown(payload, settings.command), payload, settings.output_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
