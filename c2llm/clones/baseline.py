"""The baseline file of accepted clone pairs (``--baseline FILE``): pairs in it are not new findings.

A pair is identified by the paths and names of its two units (:attr:`ClonePair.key`), not by line numbers, so that an
accepted pair stays accepted when code above it moves. The file is JSON, written atomically::

    {"version": 1, "pairs": [{"a": {"path": "a.py", "name": "load"}, "b": {"path": "b.py", "name": "load_all"}}]}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from ..atomic import atomic_write
from ..errors import UserError
from .detect import ClonePair

VERSION = 1
Key = tuple[str, str, str, str]


class BaselineError(UserError):
    """A baseline file that cannot be read."""


def load_baseline(path: str | Path) -> set[Key]:
    """The accepted pair keys of a baseline file; a missing file is an empty baseline (the first run creates it)."""
    path = Path(path)
    if not path.exists():
        return set()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"--baseline {path}: not a readable JSON file: {error}") from error
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("pairs"), list):
        raise BaselineError(f"--baseline {path}: expected {{\"version\": {VERSION}, \"pairs\": [...]}}")
    keys = set()
    for index, entry in enumerate(data["pairs"]):
        try:
            a, b = entry["a"], entry["b"]
            keys.add((str(a["path"]), str(a["name"]), str(b["path"]), str(b["name"])))
        except (KeyError, TypeError) as error:
            raise BaselineError(f"--baseline {path}: pair {index} needs a.path, a.name, b.path, b.name") from error
    return keys


def write_baseline(path: str | Path, pairs: Iterable[ClonePair]) -> int:
    """Write ``pairs`` as the accepted pairs (replacing the file atomically); returns how many."""
    entries = sorted({pair.key for pair in pairs})
    data = {"version": VERSION, "pairs": [{"a": {"path": a_path, "name": a_name}, "b": {"path": b_path, "name": b_name}}
                                          for a_path, a_name, b_path, b_name in entries]}
    atomic_write(Path(path), lambda handle: json.dump(data, handle, indent=1))
    return len(entries)
