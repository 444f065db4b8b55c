"""Which code wrote a results file: the git commit of the checkout this package runs from.

Every tracked results file records it (``"code": {"commit": ..., "dirty": ...}``), so a figure can be traced to the
code it measured and rerun when that code changes.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[1]


def source_commit(root: str | Path = PACKAGE_ROOT) -> dict:
    """``{"commit": sha, "dirty": bool}`` of the git checkout at ``root`` (dirty: tracked files differ from the
    commit); ``{"commit": None, "dirty": None}`` for an installed copy or without git."""
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=root, capture_output=True, text=True,
                             timeout=30)
        # an installed copy inside some other repository (a venv in a checkout) is not that repository's code
        if top.returncode != 0 or Path(top.stdout.strip()).resolve() != Path(root).resolve():
            return {"commit": None, "dirty": None}
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=30)
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                                capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}
    return {"commit": head.stdout.strip(), "dirty": bool(status.stdout.strip())}
