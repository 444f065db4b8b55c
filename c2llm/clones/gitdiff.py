"""Lines added since a git revision (``git diff -U0 REF...HEAD``), for ``c2llm dupes --base``."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from ..errors import UserError

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", '"': '"'}


class GitError(UserError):
    """git failed: not a repository, an unknown revision, or git missing."""


def _unquote(path: str) -> str:
    """A path as git prints it: C-quoted (octal UTF-8 bytes) when it holds special characters."""
    if not (path.startswith('"') and path.endswith('"')):
        return path
    out, body, index = bytearray(), path[1:-1], 0
    while index < len(body):
        char = body[index]
        if char == "\\" and body[index + 1] in "01234567":
            out.append(int(body[index + 1:index + 4], 8))
            index += 4
        elif char == "\\":
            out.extend(_ESCAPES[body[index + 1]].encode())
            index += 2
        else:
            out.extend(char.encode("utf-8"))
            index += 1
    return out.decode("utf-8", errors="replace")


def parse_added_lines(diff: str) -> dict[str, set[int]]:
    """Added line numbers (1-based, in the new file) per path from ``git diff -U0`` output."""
    added: dict[str, set[int]] = {}
    path: str | None = None
    previous = ""
    for line in diff.splitlines():
        # a header follows its "--- " line; an added line reading "++ x" also starts with "+++ "
        header, previous = previous.startswith("--- ") and line.startswith("+++ "), line
        if header:
            target = line[4:].rstrip("\t")
            path = None if target == "/dev/null" else _unquote(target).removeprefix("b/")
        elif path is not None and (match := _HUNK.match(line)):
            start, count = int(match.group(1)), int(match.group(2) or 1)
            added.setdefault(path, set()).update(range(start, start + count))
    return added


def check_revision(root: str | Path, base: str) -> None:
    """Refuse a ``--base`` that is not a commit of the repository at ``root``, before anything is indexed.

    Raises:
        GitError: ``--base REF: not a commit of the repository at ROOT``, or git's own message when ``root`` is not
            in a repository.
    """
    if base.startswith("-"):
        raise GitError(f"--base {base}: a git revision cannot start with '-'")
    try:
        result = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}"], cwd=root,
                                capture_output=True, encoding="utf-8", errors="replace", check=False)
    except FileNotFoundError as error:
        raise GitError("--base: git is not installed") from error
    if result.returncode == 0:
        return
    inside = subprocess.run(["git", "rev-parse", "--git-dir"], cwd=root, capture_output=True, encoding="utf-8",
                            errors="replace", check=False)
    if inside.returncode != 0:
        raise GitError(f"--base {base}: {root} is not in a git repository")
    raise GitError(f"--base {base}: not a commit of the repository at {root}")


def added_lines(root: str | Path, base: str) -> dict[str, set[int]]:
    """Lines added on this branch since it left ``base`` (``git diff -U0 base...HEAD``), with paths relative to
    ``root`` (a subfolder of the repository gives only its own files).

    Raises:
        GitError: naming ``--base`` and git's own message.
    """
    if base.startswith("-"):
        raise GitError(f"--base {base}: a git revision cannot start with '-'")
    command = ["git", "-c", "core.quotepath=off", "diff", "-U0", "--no-color", "--no-ext-diff", "--relative",
               f"{base}...HEAD", "--"]
    try:
        result = subprocess.run(command, cwd=root, capture_output=True, encoding="utf-8", errors="replace",
                                check=False)  # a non-UTF-8 line in some file must not stop the scan
    except FileNotFoundError as error:
        raise GitError("--base: git is not installed") from error
    if result.returncode != 0:
        message = result.stderr.strip().splitlines()[0] if result.stderr.strip() else f"exit {result.returncode}"
        raise GitError(f"--base {base}: git diff failed in {root}: {message}")
    return parse_added_lines(result.stdout)
