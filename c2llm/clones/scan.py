"""``c2llm dupes`` over a repository index: the units and vectors of the index, the stages of
:mod:`c2llm.clones.detect`, the ``--base`` focus, the baseline and the near-copy rule (calibrated or default, parts
of it overridden by flags)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..atomic import atomic_write
from ..errors import UserError
from ..search.files import INDEX_DIR
from ..search.index import Index
from ..search.units import Unit
from .baseline import load_baseline
from .calibrate import Calibration, calibrate, rule_for, save_calibration
from .corpus import Corpus, CorpusError
from .detect import Detector, DetectSettings, Fingerprint, NearRule, overlaps
from .gitdiff import added_lines
from .known import match_known, sort_matches
from .report import KnownReport, Report


@dataclass(frozen=True)
class ScanOptions:
    """What ``c2llm dupes`` was asked for."""

    base: str | None = None
    baseline: Path | None = None
    cosine: float | None = None  # overrides the cosine threshold of the calibrated/default rule (--threshold)
    jaccard: float | None = None  # overrides its token-trigram Jaccard threshold (--jaccard)
    semantic: bool = True  # False: hash stages only (no model is loaded)
    neighbours: int = 5  # most near-copies reported per unit
    settings: DetectSettings = field(default_factory=DetectSettings)


def store_dir(index: Index) -> Path:
    """The index folder, where the calibration lives."""
    return index.root / INDEX_DIR


FINGERPRINTS_FILE = "dupes-fingerprints.json"  # inside the index folder: lexing is most of a run's time
FINGERPRINTS_VERSION = 1  # bump when the lexer or the normalisation changes


def _load_fingerprints(path: Path) -> dict[str, Fingerprint]:
    """The cached fingerprints by content hash; an unreadable or outdated cache is simply rebuilt."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != FINGERPRINTS_VERSION:
            return {}
        return {key: Fingerprint(*value) for key, value in data["fingerprints"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def _save_fingerprints(path: Path, fingerprints: dict[str, Fingerprint]) -> None:
    data = {"version": FINGERPRINTS_VERSION,
            "fingerprints": {key: [fp.type1, fp.type2, fp.tokens] for key, fp in fingerprints.items()}}
    atomic_write(path, lambda handle: json.dump(data, handle, separators=(",", ":")))


def _detector(index: Index, units: list[Unit], vectors: np.ndarray | None, settings: DetectSettings) -> Detector:
    """A detector whose fingerprints come from (and go back to) the cache next to the index."""
    path = store_dir(index) / FINGERPRINTS_FILE
    cached = _load_fingerprints(path)
    detector = Detector(units, vectors, settings=settings, fingerprints=cached)
    current = {unit.content_hash: detector.fingerprints[unit.content_hash] for unit in units
               if unit.content_hash in detector.fingerprints}
    if current.keys() != cached.keys():
        try:
            _save_fingerprints(path, current)
        except OSError:  # a read-only index folder: the run is just slower next time
            pass
    return detector


def detector_of(index: Index, settings: DetectSettings, semantic: bool) -> Detector:
    """A detector over every unit of the index; with ``semantic``, each embedded unit gets its vector (units without
    one get a zero row, which matches nothing)."""
    units = list(index.units())
    if not semantic:
        return _detector(index, units, None, settings)
    embedded, matrix = index.vectors()
    row_of = {(unit.path, unit.start_line, unit.end_line): row for row, unit in enumerate(embedded)}
    vectors = np.zeros((len(units), matrix.shape[1] if matrix.ndim == 2 and len(matrix) else 1), dtype=np.float32)
    for position, unit in enumerate(units):
        row = row_of.get((unit.path, unit.start_line, unit.end_line))
        if row is not None:
            vectors[position] = matrix[row]
    return _detector(index, units, vectors, settings)


def near_rule(index: Index, options: ScanOptions) -> tuple[NearRule | None, str, str | None]:
    """The near-copy rule of a scan, where it comes from and its calibration objective (``None, "none", None``
    without the semantic stage)."""
    if not options.semantic:
        return None, "none", None
    rule, source, objective = rule_for(store_dir(index), index.status()["model"])
    if options.cosine is not None or options.jaccard is not None:
        rule = NearRule(rule.cosine if options.cosine is None else options.cosine,
                        rule.jaccard if options.jaccard is None else options.jaccard)
        source += ", overridden by flags"
    return rule, source, objective


def scan(index: Index, options: ScanOptions) -> Report:
    """Find the clone pairs of an (updated) index."""
    rule, source, objective = near_rule(index, options)
    accepted = load_baseline(options.baseline) if options.baseline else set()
    focus = None
    if options.base:
        added = added_lines(index.root, options.base)

        def focus(unit: Unit) -> bool:
            return unit.path in added and overlaps(unit, added[unit.path])

    detector = detector_of(index, options.settings, options.semantic)
    pairs = detector.pairs(rule, focus, options.neighbours)
    return Report(pairs=pairs, accepted=accepted, rule=rule, rule_source=source, rule_objective=objective,
                  model=index.status()["model"] if options.semantic else None, units=len(detector.units),
                  base=options.base, new_side=focus)


def _focus(index: Index, base: str | None, skip: list[Path] = ()):
    """Which units of the scanned tree take part: all, or those overlapping lines added since ``base``; never those
    inside a corpus folder (a corpus kept in the tree would match itself)."""
    added = added_lines(index.root, base) if base else None
    inside = [folder.relative_to(index.root).as_posix() + "/" for folder in skip if index.root in folder.parents]
    everything = any(folder == index.root for folder in skip)

    def focus(unit: Unit) -> bool:
        if everything or unit.path.startswith(tuple(inside)):
            return False
        return added is None or (unit.path in added and overlaps(unit, added[unit.path]))

    return focus


def scan_against(index: Index, corpora: list[tuple[Corpus, Index]], options: ScanOptions) -> KnownReport:
    """The units of an (updated) index that copy units of the (updated) corpus indexes.

    Raises:
        CorpusError: a corpus without a unit large enough to compare.
    """
    rule, source, objective = near_rule(index, options)
    accepted = load_baseline(options.baseline) if options.baseline else set()
    focus = _focus(index, options.base, [corpus.root for corpus, _ in corpora])
    scanned = detector_of(index, options.settings, options.semantic)
    matches, sizes = [], {}
    for corpus, corpus_index in corpora:
        known = detector_of(corpus_index, options.settings, options.semantic)
        if not known.units:
            raise CorpusError(f"--against {corpus.root}: no function, method or code window of at least "
                              f"{options.settings.min_lines} lines and {options.settings.min_tokens} tokens to "
                              "compare against")
        sizes[corpus.label] = (str(corpus.root), len(known.units))
        matches += match_known(scanned, known, corpus.label, corpus.describe, rule, focus, options.neighbours)
    return KnownReport(matches=sort_matches(matches), corpora=sizes, accepted=accepted, rule=rule,
                       rule_source=source, rule_objective=objective,
                       model=index.status()["model"] if options.semantic else None, units=len(scanned.units),
                       base=options.base)


def calibrate_index(index: Index, *, functions: int = 200, seed: int = 0, min_precision: float | None = None,
                    settings: DetectSettings | None = None) -> tuple[Calibration, Path]:
    """Calibrate the index's near-copy rule on the index's own functions and store it with the index."""
    settings = settings or DetectSettings()
    model = index.status()["model"]
    if model is None:
        raise UserError(f"the index of {index.root} has no model")
    units = Detector(list(index.units()), settings=settings).units
    calibration = calibrate(units, index.encode_documents, model, functions=functions, seed=seed,
                            min_precision=min_precision)
    return calibration, save_calibration(store_dir(index), calibration)
