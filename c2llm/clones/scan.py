"""``c2llm dupes`` over a repository index: the units and vectors of the index, the stages of
:mod:`c2llm.clones.detect`, the ``--base`` focus, the baseline and the near-copy rule (calibrated or default, parts
of it overridden by flags).

Lexing is most of a run's time, so each unit's fingerprint (:class:`~c2llm.clones.detect.Fingerprint`) is kept in
the index file, in a table keyed by unit id and content hash (:meth:`c2llm.search.index.Index.unit_fingerprints`):
read once per run, the missing ones written in one transaction, which also drops the rows of units an update changed
or removed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import UserError
from ..search.files import INDEX_DIR
from ..search.index import Index
from ..search.store import IndexStoreError
from ..search.units import Unit
from .baseline import load_baseline
from .calibrate import Calibration, calibrate, rule_for, save_calibration
from .corpus import Corpus, CorpusError
from .detect import Detector, Fingerprint, NearRule, overlaps
from .gitdiff import added_lines
from .known import match_known, sort_matches
from .report import KnownReport, Report
from .settings import CALIBRATION_FUNCTIONS, CALIBRATION_SEED, NEIGHBOURS, DetectSettings


@dataclass(frozen=True)
class ScanOptions:
    """What ``c2llm dupes`` was asked for."""

    base: str | None = None
    baseline: Path | None = None
    cosine: float | None = None  # overrides the cosine threshold of the calibrated/default rule (--threshold)
    jaccard: float | None = None  # overrides its token-trigram Jaccard threshold (--jaccard)
    semantic: bool = True  # False: hash stages only (no model is loaded)
    neighbours: int = NEIGHBOURS
    settings: DetectSettings = field(default_factory=DetectSettings)


def store_dir(index: Index) -> Path:
    """The index folder, where the calibration lives."""
    return index.root / INDEX_DIR


FINGERPRINTS_VERSION = 1  # bump when the lexer or the normalisation changes: stored fingerprints are then dropped
OLD_FINGERPRINTS_FILE = "dupes-fingerprints.json"  # the cache before the index held it: removed on the next write


def _detector(index: Index, units: dict[int, Unit], vectors: np.ndarray | None, settings: DetectSettings) -> Detector:
    """A detector whose fingerprints come from (and go back to) the index's fingerprint table."""
    stored = index.unit_fingerprints(FINGERPRINTS_VERSION)
    cached = {digest: Fingerprint(*fields) for digest, *fields in stored.values()}
    detector = Detector(list(units.values()), vectors, settings=settings, fingerprints=cached)
    current = {unit_id for unit_id, (digest, *_) in stored.items()
               if unit_id in units and units[unit_id].content_hash == digest}
    new = [(unit_id, unit.content_hash, *_fields(detector.fingerprints[unit.content_hash]))
           for unit_id, unit in units.items() if unit_id not in current and unit.content_hash in detector.fingerprints]
    if new:
        try:
            index.put_unit_fingerprints(new, FINGERPRINTS_VERSION)
            (store_dir(index) / OLD_FINGERPRINTS_FILE).unlink(missing_ok=True)
        except (IndexStoreError, OSError):  # a read-only or busy index: the run is just slower next time
            pass
    return detector


def _fields(fingerprint: Fingerprint) -> tuple[str, str | None, int]:
    return fingerprint.type1, fingerprint.type2, fingerprint.tokens


def detector_of(index: Index, settings: DetectSettings, semantic: bool) -> Detector:
    """A detector over every unit of the index; with ``semantic``, each embedded unit gets its vector (units without
    one get a zero row, which matches nothing)."""
    units, vectors = index.units_by_id(vectors=semantic)
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


def calibrate_index(index: Index, *, functions: int = CALIBRATION_FUNCTIONS, seed: int = CALIBRATION_SEED,
                    min_precision: float | None = None,
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
