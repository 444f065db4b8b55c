"""Which files of a tree get indexed, and why the others do not.

Listing: in a git work tree, ``git ls-files --cached --others --exclude-standard`` (tracked files plus untracked ones
that ``.gitignore`` does not exclude); elsewhere a walk that applies every ``.gitignore`` on the way with
``pathspec`` and skips hidden folders. ``.c2llm/`` (the index itself) is never listed. Skipped, with a count per
reason (:data:`SKIP_REASONS`): likely secrets (``.env``, keys, credentials by name; by content, a high-confidence
token or private key found by :mod:`c2llm.search.secret_scan`), symlinks (the target is indexed under its own path if
it lies inside the root, never when it lies outside), binary, non-UTF-8, oversized, minified or machine-made files.

Minified and machine-made files are told by the shape of the whole file (:func:`file_shape`), not by one line: long
lines holding most of its characters, a high mean line length, or a generator's marker in its first lines.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..code import SkipFile, language_of, read_code_file

INDEX_DIR = ".c2llm"
DEFAULT_MAX_FILE_BYTES = 1_000_000
SKIP_REASONS = ("secret", "symlink", "symlink_outside_root", "binary", "not_utf8", "too_large", "minified",
                "generated", "unreadable")
# Likely secrets: skipped unless include_secrets (matched on the lowercased file name).
SECRET_PATTERNS = (".env", ".env.*", "*.env", ".envrc", "*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore",
                   "id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*", ".netrc", ".pgpass", ".pypirc", ".npmrc",
                   ".htpasswd", "credentials", "credentials.*", "secrets", "*.secret", "*.secrets",
                   "*service-account*.json", "*service_account*.json", ".git-credentials", "*.tfvars", "*.tfstate",
                   "*.tfstate.*", "*.kdbx", "*.asc", "*.gpg")
# ``secrets.*`` is a likely secret unless it is code or prose (``secrets.py`` is read, and its content scanned)
SECRET_DATA_NAME = "secrets.*"
DATA_LANGUAGES = frozenset(("text", "json", "yaml", "toml", "ini"))
# Folders whose every file is a likely secret (matched on any lowercased path component).
SECRET_FOLDERS = frozenset((".ssh", ".aws", ".kube", ".docker", ".gnupg", ".azure", ".gcloud"))
GENERATED_PATTERNS = ("*.min.js", "*.min.css", "*.map", "*_pb2.py", "*_pb2_grpc.py", "*.pb.go", "package-lock.json",
                      "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "cargo.lock", "go.sum", "uv.lock", "*.lock")
# each list as one expression: a name is matched once, not once per pattern (fnmatch per pattern was most of a
# one-shot search's listing time)
_SECRET_NAME = re.compile("|".join(map(fnmatch.translate, SECRET_PATTERNS)))
_SECRET_DATA_NAME = re.compile(fnmatch.translate(SECRET_DATA_NAME))
_GENERATED_NAME = re.compile("|".join(map(fnmatch.translate, GENERATED_PATTERNS)))
BINARY_SUFFIXES = frozenset((
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".webp", ".pdf", ".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z",
    ".tar", ".whl", ".egg", ".jar", ".class", ".so", ".dylib", ".dll", ".exe", ".o", ".a", ".pyc", ".pyo", ".bin",
    ".pt", ".pth", ".ckpt", ".safetensors", ".onnx", ".npy", ".npz", ".parquet", ".arrow", ".db", ".sqlite", ".woff",
    ".woff2", ".ttf", ".otf", ".mp3", ".mp4", ".wav", ".mov", ".avi"))
# Minified or machine-made by shape (:func:`file_shape`): lines of LONG_LINE_CHARS or more hold over
# MINIFIED_LONG_SHARE of the characters, or the mean non-blank line is over MINIFIED_MEAN_CHARS. One long line in
# handwritten code (boltons' strutils.py has a 2,177-character dict literal among 1,200 short lines) is kept.
LONG_LINE_CHARS = 2_000
MINIFIED_LONG_SHARE = 0.5
MINIFIED_MEAN_CHARS = 300
PROSE_LANGUAGES = frozenset(("markdown", "rst", "text"))
GENERATOR_MARKER_LINES = 10  # a generator's marker is looked for in this many first lines
# ``@generated`` (Meta's convention), or "generated" with "do not edit/modify" on one line (Go's
# ``// Code generated ... DO NOT EDIT.``, protoc's, Thrift's, ...)
_GENERATED_TAG = re.compile(r"@generated\b")
_DO_NOT_EDIT = re.compile(r"do not (?:edit|modify)", re.IGNORECASE)


@dataclass(frozen=True)
class SourceFile:
    """A file to index: POSIX path relative to the root, and its size and modification time."""

    path: str
    size: int
    mtime_ns: int


@dataclass
class Scan:
    """The result of listing a tree: files to index, in path order, and skip counts by reason."""

    files: list[SourceFile] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)


def is_secret(path: str) -> bool:
    """Whether a file (its POSIX path relative to the root, or its name) is a likely secret: its name matches
    :data:`SECRET_PATTERNS` or it lies in one of :data:`SECRET_FOLDERS`."""
    *folders, name = path.lower().split("/")
    if _SECRET_DATA_NAME.match(name) and language_of(name) in DATA_LANGUAGES:
        return True
    return _SECRET_NAME.match(name) is not None or not SECRET_FOLDERS.isdisjoint(folders)


def _git_listing(root: Path) -> list[str] | None:
    """Paths under ``root`` that git tracks or would track, or ``None`` when ``root`` is not in a git work tree or
    is a folder that its repository ignores (indexing it was asked for explicitly)."""
    try:
        ignored = subprocess.run(["git", "-C", str(root), "check-ignore", "-q", str(root)], capture_output=True,
                                 check=False)
        if ignored.returncode != 1:  # 0: ignored; 128: not a repository (or git failed)
            return None
        result = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return sorted({path for path in result.stdout.decode("utf-8", "surrogateescape").split("\0") if path})


def _walk_listing(root: Path) -> list[str]:
    """Paths under ``root`` not excluded by any ``.gitignore`` on the way, hidden folders skipped, links not
    followed (a symlinked folder is listed like a file, so the caller can count it)."""
    specs: list[tuple[str, Any]] = []  # (folder prefix, its .gitignore as a pathspec.GitIgnoreSpec)
    listed = []

    def ignored(relative: str, is_dir: bool) -> bool:
        for prefix, spec in specs:
            if relative.startswith(prefix) and spec.match_file(relative[len(prefix):] + ("/" if is_dir else "")):
                return True
        return False

    folders = [(os.fspath(root), "")]  # (folder, its prefix); strings, not Paths: a one-shot search walks every time
    while folders:
        directory, prefix = folders.pop()
        try:
            with os.scandir(directory) as found:
                entries = sorted(found, key=lambda entry: entry.name)
        except OSError:  # unreadable: skipped, as os.walk skips it
            continue
        gitignore = os.path.join(directory, ".gitignore")
        if any(entry.name == ".gitignore" for entry in entries) and os.path.isfile(gitignore):
            import pathspec  # only for a tree with a .gitignore outside git (git lists the others itself)

            with open(gitignore, encoding="utf-8", errors="replace") as file:
                specs.append((prefix, pathspec.GitIgnoreSpec.from_lines(file.read().splitlines())))
        for entry in entries:
            relative = prefix + entry.name
            try:
                is_dir = entry.is_dir()  # a link to a folder counts as a folder, as in os.walk
            except OSError:
                is_dir = False
            if not is_dir:
                if not ignored(relative, False):
                    listed.append(relative)
            elif not (entry.name.startswith(".") or entry.name in ("__pycache__", "node_modules")
                      or ignored(relative, True)):
                if entry.is_symlink():
                    listed.append(relative)
                else:
                    folders.append((entry.path, relative + "/"))
    return sorted(listed)


def _inside(path: str, root: str) -> bool:
    path, root = os.path.normcase(path), os.path.normcase(root)  # as pathlib compares on Windows
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _suffix(name: str) -> str:
    """``PurePath(name).suffix``: ``..png`` has the suffix ``.png`` (``os.path.splitext`` gives it none)."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def scan_tree(root: str | os.PathLike[str], *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
              include_secrets: bool = False) -> Scan:
    """List the files of ``root`` to index (see the module docstring); reads no file contents."""
    root = Path(root).resolve()
    listing = _git_listing(root)
    listing = _walk_listing(root) if listing is None else listing
    scan = Scan()
    top = os.fspath(root)
    folders_inside: dict[str, bool] = {}
    for relative in listing:
        if relative == INDEX_DIR or relative.startswith(INDEX_DIR + "/"):
            continue
        full = os.path.join(top, relative)
        try:
            info = os.lstat(full)
        except OSError:  # deleted since git listed it
            continue
        folder, name = os.path.split(full)
        # resolved, not just lstat-ed: a parent folder replaced by a symlink (git still lists the files under it)
        # must not lead out of the root. A file that is no link is where its folder resolves: one folder, one walk.
        if stat.S_ISLNK(info.st_mode):
            inside = _inside(os.path.realpath(full), top)
        else:
            if folder not in folders_inside:
                folders_inside[folder] = _inside(os.path.realpath(folder), top)
            inside = folders_inside[folder]
        name = name.lower()
        if stat.S_ISLNK(info.st_mode) or not inside:
            scan.skipped["symlink" if inside else "symlink_outside_root"] += 1
        elif not stat.S_ISREG(info.st_mode):
            continue
        elif not include_secrets and is_secret(relative):
            scan.skipped["secret"] += 1
        elif _suffix(name) in BINARY_SUFFIXES:
            scan.skipped["binary"] += 1
        elif _GENERATED_NAME.match(name):
            scan.skipped["generated"] += 1
        elif info.st_size > max_file_bytes:
            scan.skipped["too_large"] += 1
        else:
            scan.files.append(SourceFile(relative, info.st_size, info.st_mtime_ns))
    return scan


class SecretInFile(SkipFile):
    """A file skipped because its content holds a secret: where, and of which kind (never the value)."""

    def __init__(self, line: int, kind: str) -> None:
        super().__init__("secret")
        self.line, self.kind = line, kind


def file_shape(text: str, language: str = "text") -> str | None:
    """``"minified"`` or ``"generated"`` when the whole file looks machine-made (see the constants above), else
    ``None``. Prose (``language`` markdown, rst, text) is not judged by its mean line: a paragraph is often one line."""
    lines = text.split("\n")
    for line in lines[:GENERATOR_MARKER_LINES]:
        if _GENERATED_TAG.search(line) or ("generated" in line.lower() and _DO_NOT_EDIT.search(line)):
            return "generated"
    lengths = [len(line) for line in lines if line.strip()]
    if not lengths:
        return None
    total = sum(lengths)
    if sum(length for length in lengths if length >= LONG_LINE_CHARS) > MINIFIED_LONG_SHARE * total:
        return "minified"
    if language not in PROSE_LANGUAGES and total / len(lengths) > MINIFIED_MEAN_CHARS:
        return "minified"
    return None


def read_source(root: Path, file: SourceFile, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, *,
                include_secrets: bool = False) -> str:
    """A listed file's text (``\\n`` line ends), unless it is machine-made or (without ``include_secrets``) holds a
    secret.

    Raises:
        SkipFile: ``unreadable``, ``too_large``, ``binary``, ``not_utf8``, ``minified`` or ``generated``;
            :class:`SecretInFile` (reason ``secret``).
    """
    text = read_code_file(root / file.path, max_file_bytes)
    shape = file_shape(text, language_of(file.path))
    if shape is not None:
        raise SkipFile(shape)
    if not include_secrets:
        from .secret_scan import find_secret

        secret = find_secret(text)
        if secret is not None:
            raise SecretInFile(secret.line, secret.kind)
    return text
