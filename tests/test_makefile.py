"""`make demo` and `make test`: the README's two set-up commands (dry runs: what make would execute)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make(*args: str) -> list[str]:
    """What `make -n ARGS` prints, as from a shell (not from inside `make test`, which CI runs: a nested make would
    print its directory)."""
    env = {key: value for key, value in os.environ.items() if key not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(["make", "--no-print-directory", "-n", *args], cwd=ROOT, capture_output=True, text=True,
                          check=True, env=env)
    return done.stdout.splitlines()


def planned(target: str, venv: Path) -> list[str]:
    """The commands `make TARGET` runs in a checkout whose venv is ``venv`` (-B: as on a fresh machine)."""
    return make("-B", target, f"VENV={venv}")


@pytest.mark.parametrize(("target", "last"), [("demo", "train_sentence_transformers.py"), ("test", "-m pytest -q")])
def test_each_target_sets_up_the_venv_then_runs_its_job(tmp_path, target, last):
    venv = tmp_path / "venv"
    assert planned(target, venv) == [
        f"test -x {venv}/bin/python || python3 -m venv {venv}",
        f"{venv}/bin/python -m pip install -q -c constraints.txt torch==2.13.0",  # the CPU wheel first
        f'{venv}/bin/python -m pip install -q -c constraints.txt -e ".[dev]"',
        f"touch {venv}/.installed",
        f"{venv}/bin/python {last}",
    ]


def test_the_rag_tests_get_a_venv_of_their_own(tmp_path):
    venv = tmp_path / "rag"
    assert make("-B", "test-rag", f"RAG_VENV={venv}") == [
        f"test -x {venv}/bin/python || python3 -m venv {venv}",
        f"{venv}/bin/python -m pip install -q -c constraints.txt torch==2.13.0",
        f'{venv}/bin/python -m pip install -q -e ".[dev,rag]"',
        f"touch {venv}/.installed",
        f"{venv}/bin/python -m pytest -q tests/test_rag_integrations.py",
    ]


def test_an_installed_venv_is_reused(tmp_path):
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / ".installed").touch()  # newer than setup.cfg and constraints.txt
    assert make("test", f"VENV={venv}") == [f"{venv}/bin/python -m pytest -q"]


def test_ci_runs_the_readme_test_command():
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("\nmake test")
    assert "make test     # python -m pytest -q" in (ROOT / "README.md").read_text()


@pytest.mark.parametrize(("target", "source"), [("backbone-qwen", "qwen2.5-coder-0.5b-instruct"),
                                                ("backbone-smollm2", "smollm2-135m-instruct")])
def test_each_pretrained_backbone_has_a_target(tmp_path, target, source):
    from c2llm.backbones.sources import SOURCES

    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / ".installed").touch()
    assert source in SOURCES
    assert make(target, f"VENV={venv}", "BACKBONES=out") == [
        f"{venv}/bin/c2llm backbone --source {source} --output-dir out/{source}"]
