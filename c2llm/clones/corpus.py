"""Known-code corpora for ``c2llm dupes --against``: a folder of code known for a reason (a vulnerable version of a
library, code under a licence the project cannot take), indexed once as an ordinary c2llm index, and what is known
about its files in ``c2llm-corpus.jsonl`` at its root.

The metadata file holds one JSON object a line (blank lines are skipped)::

    {"path": "**", "license": "GPL-3.0-only"}
    {"path": "lib/parse.py", "name": "parse_header", "id": "CVE-2023-1234", "severity": "high",
     "url": "https://example.org/advisory", "note": "fixed in 2.4"}

* ``path`` (required): a file of the corpus, relative to its root, or a glob (``fnmatch``: ``*`` also matches
  ``/``, so ``**`` and ``*`` are the same);
* ``name``: a unit's qualified name (``Class.method``) or a glob of names; without it the line covers every unit of
  the matching files;
* ``id`` (an advisory id: ``CVE-...``, ``GHSA-...``), ``severity`` (``critical``, ``high``, ``medium`` or ``low``),
  ``license`` (an SPDX expression), ``url``, ``note``: strings.

Every line that matches a unit applies to it, field by field, from the least specific to the most specific: a glob
path, then an exact path, then a glob path with a name, then an exact path with a name; among lines equally
specific, the later one wins. So a catch-all licence line and a per-function advisory line combine.

A line that is not a JSON object, lacks ``path``, has an unknown key or a value of the wrong type is one
:class:`CorpusError` naming the file and the line; nothing is scanned then.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

from ..errors import UserError
from ..search.units import Unit

METADATA_FILE = "c2llm-corpus.jsonl"
FIELDS = ("id", "severity", "license", "url", "note")  # what a line tells about the units it covers
KEYS = ("path", "name", *FIELDS)
# severity -> (SARIF level, GitHub's security-severity score: critical >= 9.0, high 7.0-8.9, medium 4.0-6.9, low < 4)
SEVERITIES = {"critical": ("error", "9.5"), "high": ("error", "8.0"), "medium": ("warning", "5.5"),
              "low": ("note", "2.0")}
_GLOB = re.compile(r"[*?\[]")


class CorpusError(UserError):
    """A corpus that cannot be used: missing, empty, indexed with another model, or bad metadata."""


@dataclass(frozen=True)
class MetadataLine:
    """One line of ``c2llm-corpus.jsonl``: which units it covers and what it says about them."""

    line: int
    path: str
    name: str | None
    fields: dict[str, str] = field(hash=False)

    @property
    def specificity(self) -> int:
        """0 glob path, 1 exact path, 2 glob path and a name, 3 exact path and a name."""
        return 2 * (self.name is not None) + (not _GLOB.search(self.path))

    def covers(self, unit: Unit) -> bool:
        if not fnmatchcase(unit.path, self.path):
            return False
        return self.name is None or fnmatchcase(unit.name, self.name)


def _fail(path: Path, line: int, message: str) -> CorpusError:
    return CorpusError(f"{path}:{line}: {message}")


def _parse_line(path: Path, number: int, text: str) -> MetadataLine:
    try:
        entry = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(path, number, f"not valid JSON ({error.msg} at column {error.colno})") from None
    if not isinstance(entry, dict):
        raise _fail(path, number, f"expected a JSON object, got {type(entry).__name__}")
    unknown = [key for key in entry if key not in KEYS]
    if unknown:
        raise _fail(path, number, f"unknown key {unknown[0]!r} (known: {', '.join(KEYS)})")
    if "path" not in entry:
        raise _fail(path, number, "'path' is required (a file of the corpus or a glob)")
    for key, value in entry.items():
        if not isinstance(value, str) or not value.strip():
            raise _fail(path, number, f"{key!r} must be a non-empty string, got {json.dumps(value)}")
    glob = entry["path"].strip()
    if glob.startswith("/") or ".." in PurePosixPath(glob).parts:
        raise _fail(path, number, f"'path' must be relative to the corpus root, got {glob!r}")
    if "severity" in entry and entry["severity"].lower() not in SEVERITIES:
        raise _fail(path, number, f"'severity' must be one of {', '.join(SEVERITIES)}, got {entry['severity']!r}")
    fields = {key: entry[key].strip() for key in FIELDS if key in entry}
    if "severity" in fields:
        fields["severity"] = fields["severity"].lower()
    return MetadataLine(number, glob.removeprefix("./"), entry.get("name"), fields)


def read_metadata(root: str | Path) -> list[MetadataLine]:
    """The lines of a corpus's ``c2llm-corpus.jsonl`` (none without the file).

    Raises:
        CorpusError: ``FILE:LINE: ...`` for the first bad line; ``FILE: ...`` for a file that is not UTF-8 text.
    """
    path = Path(root) / METADATA_FILE
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise CorpusError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise CorpusError(f"{path}: cannot be read ({error.strerror})") from None
    return [_parse_line(path, number, line) for number, line in enumerate(text.splitlines(), start=1)
            if line.strip()]


def metadata_for(unit: Unit, lines: Sequence[MetadataLine]) -> dict[str, str]:
    """What the metadata says about one corpus unit: the fields of every line that covers it, the most specific
    (then the latest) line winning each field."""
    merged: dict[str, str] = {}
    for line in sorted((line for line in lines if line.covers(unit)), key=lambda line: (line.specificity,
                                                                                       line.line)):
        merged.update(line.fields)
    return merged


@dataclass(frozen=True)
class Corpus:
    """A corpus folder as ``--against`` names it: its resolved root, its label in outputs (the folder's name) and
    its metadata."""

    root: Path
    label: str
    metadata: list[MetadataLine]

    def describe(self, unit: Unit) -> dict[str, str]:
        return metadata_for(unit, self.metadata)


def _has_files(root: Path) -> bool:
    """Whether a folder holds any file outside hidden folders and the metadata file (an empty corpus is a mistake:
    it would match nothing, silently)."""
    for path in root.rglob("*"):
        relative = path.relative_to(root)
        if path.is_file() and path.name != METADATA_FILE and not any(part.startswith(".") for part in relative.parts):
            return True
    return False


def load_corpora(paths: Sequence[str | Path]) -> list[Corpus]:
    """The corpora of ``--against``, checked before anything is indexed or written: each must be a folder with
    files, their labels (folder names) distinct, their metadata valid.

    Raises:
        CorpusError: one line naming the corpus (or the metadata file and line).
    """
    corpora: list[Corpus] = []
    for given in paths:
        root = Path(given).expanduser()
        if not root.exists():
            raise CorpusError(f"--against {given}: no such folder")
        if not root.is_dir():
            raise CorpusError(f"--against {given}: not a folder (a corpus is a folder of known code)")
        root = root.resolve()
        if not _has_files(root):
            raise CorpusError(f"--against {given}: the corpus is empty (no file to index)")
        label = root.name or str(root)
        if any(corpus.label == label for corpus in corpora):
            raise CorpusError(f"--against {given}: two corpora named {label!r}; give each folder its own name")
        corpora.append(Corpus(root, label, read_metadata(root)))
    return corpora
