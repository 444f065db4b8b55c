"""``c2llm dupes`` over a repository index: the units and vectors of the index, the stages of
:mod:`c2llm.clones.detect`, the ``--base`` focus, the baseline and the near-copy rule (calibrated or default, parts
of it overridden by flags). :func:`scan_tree` and :func:`scan_known` are the whole of ``c2llm dupes PATH`` and
``c2llm dupes PATH --against CORPUS``: opening (building, updating) the indexes and checking the corpora and the
revision first, so that the CLI, the MCP server and Python callers run the same thing.

Lexing is most of a run's time, so each unit's fingerprint (:class:`~c2llm.clones.detect.Fingerprint`) is kept in
the index file, in a table keyed by unit id and content hash (:meth:`c2llm.search.index.Index.unit_fingerprints`):
read once per run, the missing ones written in one transaction, which also drops the rows of units an update changed
or removed.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import UserError
from ..search.files import INDEX_DIR
from ..search.index import EmptyRepositoryError, Index, IndexPathError
from ..search.store import IndexStoreError
from ..search.units import Unit
from .baseline import load_baseline
from .calibrate import Calibration, calibrate, rule_for, save_calibration
from .corpus import Corpus, CorpusError, load_corpora
from .detect import Detector, Fingerprint, NearRule, overlaps
from .gitdiff import added_lines, check_revision
from .known import FINGERPRINTS_VERSION, IndexedCorpus, fingerprint_index, match_known, sort_matches
from .lsh import pack, unpack
from .report import KnownReport, Report
from .settings import CALIBRATION_FUNCTIONS, CALIBRATION_SEED, NEIGHBOURS, DetectSettings


@dataclass(frozen=True)
class ScanOptions:
    """What ``c2llm dupes`` was asked for."""

    base: str | None = None
    baseline: Path | None = None
    structure: float | None = None  # overrides the near-copy Jaccard of the calibrated/default rule (--structure)
    cosine: float | None = None  # overrides its semantic-copy cosine threshold (--threshold)
    jaccard: float | None = None  # overrides its semantic-copy Jaccard threshold (--jaccard)
    semantic: bool = True  # False: no model, no semantic-copy stage (hashes and token structure only)
    neighbours: int = NEIGHBOURS
    settings: DetectSettings = field(default_factory=DetectSettings)


def store_dir(index: Index) -> Path:
    """The index folder, where the calibration lives."""
    return index.root / INDEX_DIR


OLD_FINGERPRINTS_FILE = "dupes-fingerprints.json"  # the cache before the index held it: removed on the next write


def _detector(index: Index, units: dict[int, Unit], vectors: np.ndarray | None, settings: DetectSettings) -> Detector:
    """A detector whose fingerprints come from (and go back to) the index's fingerprint table."""
    stored = index.unit_fingerprints(FINGERPRINTS_VERSION)
    cached = {digest: _fingerprint(*fields) for digest, *fields in stored.values()}
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


def _fields(fingerprint: Fingerprint) -> tuple[str, str | None, int, bytes | None]:
    """A fingerprint as the index stores it."""
    return fingerprint.type1, fingerprint.type2, fingerprint.tokens, pack(fingerprint.bands) if fingerprint.bands else None


def _fingerprint(type1: str, type2: str | None, tokens: int, bands: bytes | None) -> Fingerprint:
    """A fingerprint as the index stored it."""
    return Fingerprint(type1, type2, tokens, unpack(bands))


def detector_of(index: Index, settings: DetectSettings, semantic: bool) -> Detector:
    """A detector over every unit of the index; with ``semantic``, each embedded unit gets its vector (units without
    one get a zero row, which matches nothing)."""
    units, vectors = index.units_by_id(vectors=semantic)
    return _detector(index, units, vectors, settings)


def near_rule(index: Index, options: ScanOptions) -> tuple[NearRule, str, str | None]:
    """The near-copy rule of a scan, where it comes from and its calibration objective."""
    rule, source, objective = rule_for(store_dir(index), index.status()["model"])
    overrides = {name: value for name in ("structure", "cosine", "jaccard")
                 if (value := getattr(options, name)) is not None}
    if overrides:
        rule = NearRule(**{**rule.__dict__, **overrides})
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


def scan_against(index: Index, corpora: list[tuple[Corpus, Index]], options: ScanOptions, *,
                 progress: bool = False) -> KnownReport:
    """The units of an (updated) index that copy units of the (updated) corpus indexes. A corpus is fingerprinted
    once (the first scan; later scans only fingerprint what an update changed), then looked up unit by unit
    (:class:`~c2llm.clones.known.IndexedCorpus`).

    Raises:
        CorpusError: a corpus without a unit large enough to compare.
    """
    rule, source, objective = near_rule(index, options)
    accepted = load_baseline(options.baseline) if options.baseline else set()
    focus = _focus(index, options.base, [corpus.root for corpus, _ in corpora])
    scanned = detector_of(index, options.settings, options.semantic)
    matches, sizes = [], {}
    for corpus, corpus_index in corpora:
        fingerprint_index(corpus_index, progress=progress)
        known = IndexedCorpus(corpus_index, options.settings, options.semantic)
        size = known.size()
        if not size:
            raise CorpusError(f"--against {corpus.root}: no function, method or code window of at least "
                              f"{options.settings.min_tokens} tokens to compare against")
        sizes[corpus.label] = (str(corpus.root), size)
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


def open_index(root: Path, model: str | None = None, *, update: bool = True, progress: bool = True,
               embed: bool = True) -> Index:
    """The index of ``root`` (built if missing), updated first unless ``update`` is false."""
    index = Index.open(root, model=model)
    try:
        if update:
            index.update(progress=progress, embed=embed)
    except BaseException:
        index.close()
        raise
    return index


def scan_tree(root: Path, options: ScanOptions, *, model: str | None = None, update: bool = True,
              progress: bool = True) -> Report:
    """``c2llm dupes PATH``: the clone pairs of a tree; a bad ``--base`` is refused before any index is written."""
    if options.base and root.is_dir():
        check_revision(root, options.base)
    with open_index(root, model, update=update, progress=progress, embed=options.semantic) as index:
        return scan(index, options)


def _model_of(root: Path, model: str | None) -> str:
    """The model that ``root``'s index has, or will have once built, found without writing anything."""
    from ..search.encoder import default_index_model, model_key

    try:
        with Index.open(root, model=model, create=False) as index:
            return index.status()["model"]
    except IndexPathError:
        return model_key(model or default_index_model())


def _check_corpus_model(corpus: Corpus, model: str) -> None:
    """Refuse a corpus already indexed with another model than the tree's (their vectors cannot be compared)."""
    try:
        with Index.open(corpus.root, create=False) as index:
            recorded = index.status()["model"]
    except IndexPathError:
        return
    if recorded is not None and recorded != model:
        raise CorpusError(f"--against {corpus.root}: indexed with model {recorded}, but PATH's index uses {model}; "
                          f"rebuild it with `c2llm index {corpus.root} --rebuild --model {model}`")


def _open_corpus(corpus: Corpus, model: str | None, *, update: bool, progress: bool, embed: bool) -> Index:
    """A corpus's index, built or updated like the tree's (an index with no file to read is an empty corpus)."""
    try:
        return open_index(corpus.root, model, update=update, progress=progress, embed=embed)
    except EmptyRepositoryError:
        raise CorpusError(f"--against {corpus.root}: the corpus is empty (no file to index)") from None


def scan_known(root: Path, against: Sequence[str | Path], options: ScanOptions, *, model: str | None = None,
               update: bool = True, progress: bool = True) -> KnownReport:
    """``c2llm dupes PATH --against CORPUS...``. Everything that can be refused is checked before any index is
    built or updated: the corpora (folders, metadata, models) and the ``--base`` revision.

    Raises:
        CorpusError: a bad corpus (one line naming it).
    """
    corpora = load_corpora(against)
    if options.base and root.is_dir():
        check_revision(root, options.base)
    expected = _model_of(root, model) if root.is_dir() else model
    for corpus in corpora if options.semantic and expected is not None else ():
        _check_corpus_model(corpus, expected)
    with ExitStack() as stack:
        index = stack.enter_context(open_index(root, model, update=update, progress=progress,
                                               embed=options.semantic))
        model = index.status()["model"]
        opened = [(corpus, stack.enter_context(_open_corpus(corpus, model, update=update, progress=progress,
                                                            embed=options.semantic))) for corpus in corpora]
        return scan_against(index, opened, options, progress=progress)
