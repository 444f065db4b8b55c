"""The three outputs of ``c2llm dupes``: text lines, JSON and SARIF 2.1.0 (for GitHub code scanning).

Text, one pair a line (``a.py:10-24  b.py:88-101  0.95  renamed-copy``), then a summary line that says which
near-copy rule was used and where it came from (calibrated, the fallback default, or flags).

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
from typing import Any
from urllib.parse import quote

from .. import __version__
from ..search.units import Unit
from .detect import METHODS, ClonePair, NearRule

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
RULES = {
    "exact-copy": ("C2LLM-DUP001", "Exact copy", "The same code as another unit, up to layout and comments."),
    "renamed-copy": ("C2LLM-DUP002", "Renamed copy",
                     "The same code as another unit with identifiers or literals renamed."),
    "near-copy": ("C2LLM-DUP003", "Near copy",
                  ("Code among another unit's nearest neighbours by embedding whose token trigrams also largely "
                   "match (statements added, removed or changed), by the calibrated near-copy rule.")),
}


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
        return {
            "pairs": len(self.pairs),
            "new": len(self.new_pairs),
            "accepted": len(self.pairs) - len(self.new_pairs),
            "by_method": {method: sum(pair.method == method for pair in self.pairs) for method in METHODS},
            "units": self.units,
            "rule": None if self.rule is None else {"cosine": round(self.rule.cosine, 4),
                                                    "jaccard": round(self.rule.jaccard, 4),
                                                    "source": self.rule_source, "objective": self.rule_objective},
            "model": self.model,
            "base": self.base,
        }


def _span(unit: Unit) -> str:
    return f"{unit.path}:{unit.start_line}-{unit.end_line}"


def rule_line(report: Report) -> str:
    """The near-copy rule and where it comes from, in words."""
    if report.rule is None:
        return "near-copy stage off (hash stages only)"
    base, _, overridden = report.rule_source.partition(", ")
    source = {"calibrated": f"calibrated for this model by 'c2llm dupes calibrate': {report.rule_objective}",
              "default": "fallback default: run 'c2llm dupes calibrate' to calibrate it"}[base]
    if overridden:
        source += "; overridden by --threshold/--jaccard"
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
        "properties": {"tags": ["maintainability", "duplicate-code"], "precision": "high" if method != "near-copy"
                       else "medium"},
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
