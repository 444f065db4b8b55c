"""The three outputs of ``c2llm dupes``: text lines, JSON and SARIF 2.1.0 (for GitHub code scanning).

Text, one pair a line (``a.py:10-24  b.py:88-101  0.95  renamed-copy``), then a summary line that says which
near-copy rule was used and where it came from (calibrated, the default, or flags).

SARIF: one result per pair, located at the side that is new (``--base``) or else the first side, with the other side
as a ``relatedLocation`` linked from the message; one rule per method. Fields follow the OASIS SARIF 2.1.0 schema
(required: ``version``, ``runs``; ``tool.driver.name``; ``result.message.text``; ``artifactLocation.uri``;
``region.startLine`` >= 1) plus what GitHub code scanning reads (``ruleId``, rule ``shortDescription``,
``partialFingerprints`` to track an alert across runs, relative ``uri`` with ``uriBaseId`` ``%SRCROOT%``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..search.units import Unit
from .corpus import SEVERITIES
from .detect import METHODS, ClonePair, NearRule

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
RULES = {
    "exact-copy": ("C2LLM-DUP001", "Exact copy", "The same code as another unit, up to layout and comments."),
    "renamed-copy": ("C2LLM-DUP002", "Renamed copy",
                     "The same code as another unit with identifiers or literals renamed."),
    "near-copy": ("C2LLM-DUP003", "Near copy",
                  ("Code whose token structure largely matches another unit's once identifiers and literals are "
                   "abstracted: a copy renamed and with statements added, removed or changed.")),
    "semantic-copy": ("C2LLM-DUP004", "Semantic copy",
                      ("Code among another unit's nearest neighbours by embedding whose token trigrams also partly "
                       "match: a copy edited further, by the model's near-copy rule.")),
}
PRECISION = {"exact-copy": "very-high", "renamed-copy": "high", "near-copy": "high", "semantic-copy": "medium"}


@dataclass
class Report:
    """The findings of one run and what produced them.

    Attributes:
        pairs: The reported pairs, most similar first.
        accepted: Keys of the pairs that the baseline accepts.
        rule: The near-copy rule (``None``: hash stages only).
        rule_source: ``"calibrated"`` or ``"default"`` (either followed by ``", overridden by flags"``), or
            ``"none"``.
        rule_objective: What the calibration optimised (``"best F1"``...), ``None`` unless calibrated.
        model: The index's model (``None`` without one).
        units: How many units were compared.
        base: ``--base`` revision, if any.
        new_side: For ``--base``: whether a unit overlaps added lines.
    """

    pairs: list[ClonePair]
    accepted: set[tuple[str, str, str, str]] = field(default_factory=set)
    rule: NearRule | None = None
    rule_source: str = "none"
    rule_objective: str | None = None
    model: str | None = None
    units: int = 0
    base: str | None = None
    new_side: Callable[[Unit], bool] | None = None

    @property
    def new_pairs(self) -> list[ClonePair]:
        """Pairs not accepted by the baseline."""
        return [pair for pair in self.pairs if pair.key not in self.accepted]

    def summary(self) -> dict[str, Any]:
        return {"pairs": len(self.pairs), **_summary(self)}


def _summary(report: Report | KnownReport, **extra: Any) -> dict[str, Any]:
    """What both reports' ``summary`` share (after their count of pairs or matches), in the JSON's key order."""
    new = len(report.new_pairs)
    return {
        "new": new,
        "accepted": len(report.pairs) - new,
        "by_method": {method: sum(pair.method == method for pair in report.pairs) for method in METHODS},
        "units": report.units,
        **extra,
        "rule": None if report.rule is None else {**rule_dict(report.rule), "source": report.rule_source,
                                                  "objective": report.rule_objective},
        "model": report.model,
        "base": report.base,
    }


def rule_dict(rule: NearRule) -> dict[str, float]:
    """A rule's thresholds, as the JSON outputs and the MCP tool give them."""
    return {"structure": round(rule.structure, 4), "cosine": round(rule.cosine, 4), "jaccard": round(rule.jaccard, 4)}


def _span(unit: Unit) -> str:
    return f"{unit.path}:{unit.start_line}-{unit.end_line}"


def rule_line(report: Report) -> str:
    """The near-copy rule and where it comes from, in words."""
    if report.rule is None:
        return "near-copy and semantic-copy stages off (hash stages only)"
    base, _, overridden = report.rule_source.partition(", ")
    source = {"calibrated": f"calibrated for this model by 'c2llm dupes calibrate': {report.rule_objective}",
              "default": "default; 'c2llm dupes calibrate' fits the semantic part to this model"}[base]
    if overridden:
        source += "; overridden by --structure/--threshold/--jaccard"
    if report.model is None:
        return (f"near-copy rule: token-trigram Jaccard >= {report.rule.structure:.3f} (semantic-copy stage off: no "
                "model)")
    return f"near-copy rule: {report.rule.describe()} ({source})"


def to_text(report: Report) -> str:
    """One line per pair, then a summary."""
    lines = []
    width = max((len(_span(pair.a)) for pair in report.pairs), default=0)
    for pair in report.pairs:
        mark = "  (accepted)" if pair.key in report.accepted else ""
        lines.append(f"{_span(pair.a):<{width}}  {_span(pair.b)}  {pair.similarity:.2f}  {pair.method}{mark}")
    summary = report.summary()
    counts = ", ".join(f"{summary['by_method'][method]} {method}" for method in METHODS)
    accepted = f", {summary['accepted']} accepted by the baseline" if report.accepted else ""
    scope = f" touching lines added since {report.base}" if report.base else ""
    lines.append(f"{summary['pairs']} pair(s){scope} among {report.units} units ({counts}){accepted}; "
                 f"{rule_line(report)}")
    return "\n".join(lines) + "\n"


def _unit_dict(unit: Unit) -> dict[str, Any]:
    return {"path": unit.path, "start_line": unit.start_line, "end_line": unit.end_line, "name": unit.name,
            "kind": unit.kind, "language": unit.language}


def to_json(report: Report) -> dict[str, Any]:
    """``{"pairs": [{a, b, similarity, jaccard, method, new}], "summary": {...}}`` (``jaccard``: near copies)."""
    return {
        "pairs": [{"a": _unit_dict(pair.a), "b": _unit_dict(pair.b), "similarity": pair.similarity,
                   "jaccard": pair.jaccard, "method": pair.method, "new": pair.key not in report.accepted}
                  for pair in report.pairs],
        "summary": report.summary(),
    }


def _location(unit: Unit, **extra: Any) -> dict[str, Any]:
    return {**extra, "physicalLocation": {
        "artifactLocation": {"uri": quote(unit.path), "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": unit.start_line, "endLine": unit.end_line},
    }}


def _fingerprint(pair: ClonePair, primary: Unit) -> str:
    """Stable across runs while the pair's units keep their paths and names (lines may move)."""
    other = pair.b if primary is pair.a else pair.a
    key = f"{pair.method}\0{primary.path}\0{primary.name}\0{other.path}\0{other.name}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def to_sarif(report: Report) -> dict[str, Any]:
    """A SARIF 2.1.0 log with one run (new pairs only when a baseline is given)."""
    rule_ids = list(RULES)
    rules = [{
        "id": RULES[method][0], "name": RULES[method][1].replace(" ", ""),
        "shortDescription": {"text": RULES[method][1]}, "fullDescription": {"text": RULES[method][2]},
        "help": {"text": RULES[method][2] + " Move the shared code into one helper, or accept the pair with "
                 "'c2llm dupes --baseline FILE --update-baseline'."},
        "defaultConfiguration": {"level": "warning"},
        "properties": {"tags": ["maintainability", "duplicate-code"], "precision": PRECISION[method]},
    } for method in rule_ids]
    results = []
    for pair in report.new_pairs:
        primary, other = pair.a, pair.b
        if report.new_side is not None and not report.new_side(primary) and report.new_side(other):
            primary, other = other, primary
        results.append({
            "ruleId": RULES[pair.method][0],
            "ruleIndex": rule_ids.index(pair.method),
            "level": "warning",
            "message": {"text": f"{RULES[pair.method][1]} of [{_span(other)}](1) (similarity "
                                f"{pair.similarity:.2f})."},
            "locations": [_location(primary)],
            "relatedLocations": [_location(other, id=1, message={"text": other.name})],
            "partialFingerprints": {"c2llmDuplicate/v1": _fingerprint(pair, primary)},
            "properties": {"similarity": pair.similarity, "jaccard": pair.jaccard, "method": pair.method},
        })
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {"name": "c2llm dupes", "version": __version__, "rules": rules}},
            "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "The indexed root."}}},
            "results": results,
            "properties": report.summary(),
        }],
    }


# ------------------------------------------------------------------------------------------------ --against corpora

KNOWN_RULE = ("C2LLM-KNOWN001", "Copy of known code",
              "Code that copies a unit of a known-code corpus ('c2llm dupes --against'): exactly, renamed, or with "
              "statements edited (the near-copy rule), or by the model's semantic-copy rule.")
METADATA_KEYS = ("id", "severity", "license", "url", "note")


@dataclass
class KnownReport:
    """The matches of one ``--against`` run and what produced them (see :class:`Report` for the shared fields).

    Attributes:
        matches: :class:`~c2llm.clones.known.KnownMatch` list, exact first.
        corpora: Label -> (root folder, units compared) of each corpus.
    """

    matches: list
    corpora: dict[str, tuple[str, int]]
    accepted: set[tuple[str, str, str, str]] = field(default_factory=set)
    rule: NearRule | None = None
    rule_source: str = "none"
    rule_objective: str | None = None
    model: str | None = None
    units: int = 0
    base: str | None = None

    @property
    def pairs(self) -> list:
        """The matches (what ``--update-baseline`` writes)."""
        return self.matches

    @property
    def new_pairs(self) -> list:
        return [match for match in self.matches if match.key not in self.accepted]

    def summary(self) -> dict[str, Any]:
        corpora = {label: {"root": root, "units": units} for label, (root, units) in self.corpora.items()}
        return {"matches": len(self.matches), **_summary(self, corpora=corpora)}


def _known_span(match) -> str:
    return f"{match.corpus}:{_span(match.known)}"


def _metadata_text(metadata: dict[str, str]) -> str:
    """``CVE-2023-1234 high MIT`` (what the text line shows of a corpus unit's metadata)."""
    return " ".join(metadata[key] for key in ("id", "severity", "license") if key in metadata)


def known_to_text(report: KnownReport) -> str:
    """One line per match (``new.py:4-20  corpus:lib/x.py:10-30  0.93  renamed-copy  CVE-2023-1234 high MIT``),
    then a summary."""
    lines = []
    width = max((len(_span(match.unit)) for match in report.matches), default=0)
    for match in report.matches:
        mark = "  (accepted)" if match.key in report.accepted else ""
        about = _metadata_text(match.metadata)
        lines.append(f"{_span(match.unit):<{width}}  {_known_span(match)}  {match.similarity:.2f}  {match.method}"
                     f"{'  ' + about if about else ''}{mark}")
    summary = report.summary()
    counts = ", ".join(f"{summary['by_method'][method]} {method}" for method in METHODS)
    accepted = f", {summary['accepted']} accepted by the baseline" if report.accepted else ""
    scope = f" touching lines added since {report.base}" if report.base else ""
    corpora = ", ".join(f"{label} ({units} units)" for label, (_, units) in report.corpora.items())
    lines.append(f"{summary['matches']} match(es) of known code{scope} among {report.units} units against "
                 f"{corpora} ({counts}){accepted}; {rule_line(report)}")
    return "\n".join(lines) + "\n"


def known_to_json(report: KnownReport) -> dict[str, Any]:
    """``{"matches": [{unit, known, similarity, jaccard, method, new, metadata}], "summary": {...}}``: ``known``
    is the corpus unit with its ``corpus`` label; ``jaccard`` (the token-trigram Jaccard) for near copies."""
    return {
        "matches": [{"unit": _unit_dict(match.unit), "known": {**_unit_dict(match.known), "corpus": match.corpus},
                     "similarity": match.similarity, "jaccard": match.jaccard, "method": match.method,
                     "new": match.key not in report.accepted, "metadata": dict(match.metadata)}
                    for match in report.matches],
        "summary": report.summary(),
    }


def _known_rule(rule_id: str, metadata: dict[str, str]) -> dict[str, Any]:
    """A SARIF rule: one per advisory id (GitHub shows the id, and ranks security alerts by ``security-severity``),
    or :data:`KNOWN_RULE` for corpus units without one."""
    if rule_id == KNOWN_RULE[0]:
        name, short, full = "CopyOfKnownCode", KNOWN_RULE[1], KNOWN_RULE[2]
        tags = ["maintainability", "known-code"]
    else:
        name = "CopyOfKnownVulnerableCode"
        short = f"Copy of code affected by {rule_id}"
        note = f": {metadata['note'].rstrip('.')}." if "note" in metadata else "."
        full = (f"Code that copies a unit of a known-code corpus that its metadata ties to {rule_id}{note} Check "
                "whether the fix applies here.")
        tags = ["security", "known-code"]
    rule: dict[str, Any] = {
        "id": rule_id, "name": name, "shortDescription": {"text": short}, "fullDescription": {"text": full},
        "help": {"text": full + " Accept the match with 'c2llm dupes --against ... --baseline FILE "
                 "--update-baseline' once reviewed."},
        "defaultConfiguration": {"level": SEVERITIES[metadata["severity"]][0] if "severity" in metadata
                                 else "warning"},
        "properties": {"tags": tags},
    }
    if "url" in metadata and rule_id != KNOWN_RULE[0]:
        rule["helpUri"] = metadata["url"]
    if "severity" in metadata and rule_id != KNOWN_RULE[0]:
        rule["properties"]["security-severity"] = SEVERITIES[metadata["severity"]][1]
    return rule


def _corpus_location(match, base_id: str, **extra: Any) -> dict[str, Any]:
    return {**extra, "physicalLocation": {
        "artifactLocation": {"uri": quote(match.known.path), "uriBaseId": base_id},
        "region": {"startLine": match.known.start_line, "endLine": match.known.end_line},
    }}


def _known_fingerprint(match) -> str:
    key = "\0".join((match.method, *match.key))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def known_to_sarif(report: KnownReport) -> dict[str, Any]:
    """A SARIF 2.1.0 log: one result per new match, at the scanned unit, the corpus unit as a related location under
    the corpus's own ``uriBaseId``; rules per advisory id, results' ``properties`` with the corpus unit's metadata."""
    base_ids = {label: f"CORPUS{number}" for number, label in enumerate(report.corpora, start=1)}
    rules: dict[str, dict[str, Any]] = {}
    results = []
    for match in report.new_pairs:
        rule_id = match.metadata.get("id", KNOWN_RULE[0])
        rules.setdefault(rule_id, _known_rule(rule_id, match.metadata))
        about = [f"{key} {match.metadata[key]}" for key in ("severity", "license") if key in match.metadata]
        results.append({
            "ruleId": rule_id,
            "ruleIndex": list(rules).index(rule_id),
            "level": SEVERITIES[match.metadata["severity"]][0] if "severity" in match.metadata else "warning",
            "message": {"text": f"{RULES[match.method][1]} of [{_known_span(match)}](1) `{match.known.name}` "
                                f"(similarity {match.similarity:.2f})" + (f"; {', '.join(about)}" if about else "")
                                + "."},
            "locations": [_location(match.unit)],
            "relatedLocations": [_corpus_location(match, base_ids[match.corpus], id=1,
                                                  message={"text": f"{match.corpus}: {match.known.name}"})],
            "partialFingerprints": {"c2llmKnownCode/v1": _known_fingerprint(match)},
            "properties": {"similarity": match.similarity, "jaccard": match.jaccard, "method": match.method,
                           "corpus": match.corpus, **{("advisory" if key == "id" else key): match.metadata[key]
                                                      for key in METADATA_KEYS if key in match.metadata}},
        })
    roots = {"%SRCROOT%": {"description": {"text": "The scanned root."}}}
    for label, (root, _) in report.corpora.items():
        roots[base_ids[label]] = {"uri": Path(root).as_uri().rstrip("/") + "/",
                                  "description": {"text": f"The known-code corpus {label!r}."}}
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {"name": "c2llm dupes", "version": __version__, "rules": list(rules.values())}},
            "originalUriBaseIds": roots,
            "results": results,
            "properties": report.summary(),
        }],
    }
