"""Which files of a tree get indexed, and why the others do not.

Listing: in a git work tree, ``git ls-files --cached --others --exclude-standard`` (tracked files plus untracked ones
that ``.gitignore`` does not exclude); elsewhere a walk that applies every ``.gitignore`` on the way with
``pathspec`` and skips hidden folders. ``.c2llm/`` (the index itself) is never listed. Skipped, with a count per
reason (:data:`SKIP_REASONS`): likely secrets (``.env``, keys, credentials), symlinks (the target is indexed under
its own path if it lies inside the root, never when it lies outside), binary, non-UTF-8, oversized, minified or
generated files.
"""

from __future__ import annotations

import os
import stat
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

import pathspec

from ..data.mining import SkipFile, read_code_file

INDEX_DIR = ".c2llm"
DEFAULT_MAX_FILE_BYTES = 1_000_000
SKIP_REASONS = ("secret", "symlink", "symlink_outside_root", "binary", "not_utf8", "too_large", "minified",
                "generated", "unreadable")
# Likely secrets: skipped unless include_secrets (matched on the lowercased file name).
SECRET_PATTERNS = (".env", ".env.*", "*.env", "*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore", "id_rsa*",
                   "id_dsa*", "id_ecdsa*", "id_ed25519*", ".netrc", ".pgpass", ".pypirc", ".npmrc", ".htpasswd",
                   "credentials", "credentials.*", "secrets.json", "secrets.yaml", "secrets.yml", "*.secret",
                   ".git-credentials", "*.tfvars", "*.tfstate", "*.tfstate.*", "*.kdbx", "*.asc", "*.gpg")
# Folders whose every file is a likely secret (matched on any lowercased path component).
SECRET_FOLDERS = frozenset((".ssh", ".aws", ".kube", ".docker", ".gnupg", ".azure", ".gcloud"))
GENERATED_PATTERNS = ("*.min.js", "*.min.css", "*.map", "*_pb2.py", "*_pb2_grpc.py", "*.pb.go", "package-lock.json",
                      "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "cargo.lock", "go.sum", "uv.lock", "*.lock")
BINARY_SUFFIXES = frozenset((
    ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".webp", ".pdf", ".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z",
    ".tar", ".whl", ".egg", ".jar", ".class", ".so", ".dylib", ".dll", ".exe", ".o", ".a", ".pyc", ".pyo", ".bin",
    ".pt", ".pth", ".ckpt", ".safetensors", ".onnx", ".npy", ".npz", ".parquet", ".arrow", ".db", ".sqlite", ".woff",
    ".woff2", ".ttf", ".otf", ".mp3", ".mp4", ".wav", ".mov", ".avi"))
MAX_LINE_CHARS = 2_000  # a longer line means minified or generated code


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
    return any(fnmatch(name, pattern) for pattern in SECRET_PATTERNS) or not SECRET_FOLDERS.isdisjoint(folders)


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
    specs: list[tuple[str, pathspec.PathSpec]] = []  # (folder prefix, its .gitignore)
    listed = []

    def ignored(relative: str, is_dir: bool) -> bool:
        for prefix, spec in specs:
            if relative.startswith(prefix) and spec.match_file(relative[len(prefix):] + ("/" if is_dir else "")):
                return True
        return False

    for directory, subdirs, names in os.walk(root):
        relative_dir = Path(directory).relative_to(root).as_posix()
        prefix = "" if relative_dir == "." else relative_dir + "/"
        gitignore = Path(directory) / ".gitignore"
        if gitignore.is_file():
            lines = gitignore.read_text("utf-8", errors="replace").splitlines()
            specs.append((prefix, pathspec.GitIgnoreSpec.from_lines(lines)))
        kept = []
        for name in sorted(subdirs):
            full = Path(directory) / name
            if name.startswith(".") or name in ("__pycache__", "node_modules") or ignored(prefix + name, True):
                continue
            if full.is_symlink():
                listed.append(prefix + name)
            else:
                kept.append(name)
        subdirs[:] = kept
        listed += [prefix + name for name in sorted(names) if not ignored(prefix + name, False)]
    return sorted(listed)


def scan_tree(root: str | os.PathLike[str], *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
              include_secrets: bool = False) -> Scan:
    """List the files of ``root`` to index (see the module docstring); reads no file contents."""
    root = Path(root).resolve()
    listing = _git_listing(root)
    listing = _walk_listing(root) if listing is None else listing
    scan = Scan()
    for relative in listing:
        if relative == INDEX_DIR or relative.startswith(INDEX_DIR + "/"):
            continue
        full = root / relative
        try:
            info = full.lstat()
        except OSError:  # deleted since git listed it
            continue
        name = full.name.lower()
        # resolved, not just lstat-ed: a parent folder replaced by a symlink (git still lists the files under it)
        # must not lead out of the root
        inside = full.resolve().is_relative_to(root)
        if stat.S_ISLNK(info.st_mode) or not inside:
            scan.skipped["symlink" if inside else "symlink_outside_root"] += 1
        elif not stat.S_ISREG(info.st_mode):
            continue
        elif not include_secrets and is_secret(relative):
            scan.skipped["secret"] += 1
        elif full.suffix.lower() in BINARY_SUFFIXES:
            scan.skipped["binary"] += 1
        elif any(fnmatch(name, pattern) for pattern in GENERATED_PATTERNS):
            scan.skipped["generated"] += 1
        elif info.st_size > max_file_bytes:
            scan.skipped["too_large"] += 1
        else:
            scan.files.append(SourceFile(relative, info.st_size, info.st_mtime_ns))
    return scan


def read_source(root: Path, file: SourceFile, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES) -> str:
    """A listed file's text (``\\n`` line ends).

    Raises:
        SkipFile: ``unreadable``, ``too_large``, ``binary``, ``not_utf8`` or ``minified``.
    """
    text = read_code_file(root / file.path, max_file_bytes)
    if any(len(line) > MAX_LINE_CHARS for line in text.split("\n")):
        raise SkipFile("minified")
    return text
