"""Atomic writes of files and folders: a reader, or a crash, only ever sees the old version or the complete new one.

API (stable; every module that writes outputs uses it):

``atomic_write_text(path, text) -> Path``
    Write ``text`` to ``path`` (UTF-8, ``"\\n"`` line ends).
``atomic_write(path, write_fn, mode="w") -> Path``
    Call ``write_fn(handle)`` on an open temporary file, then move it to ``path``. ``mode`` is ``"w"`` (text, UTF-8,
    ``"\\n"`` line ends) or ``"wb"`` (binary). For streaming writers: ``json.dump``, ``Dataset.to_json``,
    ``Figure.savefig``.
``staged_directory(target, *, replace=True)`` (context manager) ``-> Path``
    Yields an empty temporary folder next to ``target`` to write into. When the block succeeds, the folder is swapped
    in as ``target`` with :func:`replace_dir` (``replace=False``: never replace an existing ``target``, raise
    ``OSError`` instead); when it raises, the temporary folder is deleted and ``target`` is untouched.
``replace_dir(new, target) -> None``
    Move the folder ``new`` to ``target``: an existing ``target`` is renamed aside, ``new`` renamed in, and the old one
    deleted last (it is put back if the second rename fails).

Common rules: parent folders are created; temporaries live in the destination's folder (same file system, so the
final ``os.replace`` is atomic) and are named ``.<name>.<random>.tmp`` (files) or ``.<name>.tmp-<random>`` (folders);
they are removed on any error, ``KeyboardInterrupt`` included. Results get the permissions of normal outputs, files
``0o644`` and folders ``0o755`` (``mkstemp``/``mkdtemp`` and safetensors create private ``0o600``/``0o700`` ones);
in a staged folder this applies to everything in it except symlinks.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

FILE_MODE = 0o644
DIR_MODE = 0o755

__all__ = ["atomic_write", "atomic_write_text", "replace_dir", "staged_directory"]


def atomic_write(path: str | os.PathLike, write_fn: Callable[[IO[Any]], object], mode: str = "w") -> Path:
    """Write ``path`` through ``write_fn(handle)`` on a temporary file in the same folder, then ``os.replace``."""
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_write: mode must be 'w' or 'wb', got {mode!r}")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(handle, mode, **({"encoding": "utf-8", "newline": "\n"} if mode == "w" else {})) as file:
            write_fn(file)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, FILE_MODE)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def atomic_write_text(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` to ``path`` atomically (UTF-8, ``"\\n"`` line ends)."""
    return atomic_write(path, lambda file: file.write(text))


def replace_dir(new: str | os.PathLike, target: str | os.PathLike) -> None:
    """Move the folder ``new`` to ``target``, replacing an existing ``target`` by two renames (old one deleted last)."""
    new, target = Path(new), Path(target)
    old = None
    if os.path.lexists(target):
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        shutil.rmtree(old, ignore_errors=True)  # leftover of a crashed swap
        os.replace(target, old)
    try:
        os.replace(new, target)
    except BaseException:
        if old is not None:
            os.replace(old, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _normal_permissions(root: Path) -> None:
    """Folders 0o755, files 0o644, under and including ``root`` (symlinks are left alone)."""
    os.chmod(root, DIR_MODE)
    for folder, dirnames, filenames in os.walk(root):
        for name in (*dirnames, *filenames):
            entry = os.path.join(folder, name)
            if not os.path.islink(entry):
                os.chmod(entry, DIR_MODE if os.path.isdir(entry) else FILE_MODE)


@contextmanager
def staged_directory(target: str | os.PathLike, *, replace: bool = True) -> Iterator[Path]:
    """A temporary folder next to ``target`` that becomes ``target`` when the block succeeds (see the module doc).

    Example::

        with staged_directory("outputs/model") as staging:
            model.save_pretrained(str(staging))
    """
    target = Path(target).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=target.parent))
    try:
        os.chmod(staging, DIR_MODE)
        yield staging
        _normal_permissions(staging)
        if replace:
            replace_dir(staging, target)
        elif os.path.lexists(target):
            raise FileExistsError(f"{target} exists")
        else:
            os.rename(staging, target)  # a writer that got there first makes this fail too (folder not empty)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
