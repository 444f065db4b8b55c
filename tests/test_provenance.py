"""Results files record the commit of the code that wrote them (c2llm.provenance)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from c2llm.provenance import source_commit

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def git(folder, *args) -> str:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True).stdout.strip()


def test_commit_and_dirty_state_of_a_checkout(tmp_path):
    git(tmp_path, "init", "-q")
    (tmp_path / "a.py").write_text("x = 1\n")
    git(tmp_path, "add", "a.py")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    sha = git(tmp_path, "rev-parse", "HEAD")
    (tmp_path / "untracked.txt").write_text("not code of the commit, not a change of it\n")
    assert source_commit(tmp_path) == {"commit": sha, "dirty": False}
    (tmp_path / "a.py").write_text("x = 2\n")
    assert source_commit(tmp_path) == {"commit": sha, "dirty": True}


def test_outside_a_checkout_there_is_no_commit(tmp_path):
    assert source_commit(tmp_path) == {"commit": None, "dirty": None}


def test_a_folder_inside_a_checkout_is_not_that_checkout(tmp_path):
    git(tmp_path, "init", "-q")
    inner = tmp_path / "venv" / "site-packages"
    inner.mkdir(parents=True)
    assert source_commit(inner) == {"commit": None, "dirty": None}
