"""Path safety shared by the indexer and the MCP server: a path given by a user or a client resolves inside the root."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UserError


class OutsideRootError(UserError):
    """A path that leaves the indexed root (``..``, an absolute path elsewhere, or a symlink pointing out)."""


def resolve_inside(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> Path:
    """``path`` (relative to ``root``, or absolute) resolved with symlinks followed; refused unless it is ``root`` or
    lies under it.

    Raises:
        OutsideRootError: naming the path and the root.
    """
    if "\0" in os.fspath(path):  # Path.resolve would raise ValueError
        raise OutsideRootError(f"{os.fspath(path)!r}: not a valid path (NUL character)")
    base = Path(root).resolve()
    candidate = Path(path)
    resolved = (candidate if candidate.is_absolute() else base / candidate).resolve()
    if resolved != base and not resolved.is_relative_to(base):
        raise OutsideRootError(f"{os.fspath(path)!r} is outside the indexed root {base}")
    return resolved


def relative_key(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> str:
    """The POSIX path of ``path`` relative to ``root``, as units record it (the path is checked by
    :func:`resolve_inside`)."""
    return resolve_inside(root, path).relative_to(Path(root).resolve()).as_posix()
