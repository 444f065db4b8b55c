"""constraints.txt (written by .ci/lock) is the set CI installs: it must pin every declared dependency to a version
that setup.cfg allows, or `pip install -c constraints.txt` fails or installs something never tested."""

from __future__ import annotations

import configparser
import re
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]


def declared_requirements() -> list[Requirement]:
    setup = configparser.ConfigParser()
    setup.read(ROOT / "setup.cfg")
    lines = setup["options"]["install_requires"].splitlines()
    lines += setup["options.extras_require"]["dev"].splitlines()
    return [Requirement(line) for line in (line.split("#")[0].strip() for line in lines) if line]


def locked_versions() -> dict[str, Version]:
    pins = {}
    for number, line in enumerate((ROOT / "constraints.txt").read_text().splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)", line)
        assert match, f"constraints.txt line {number} is not an exact pin: {line!r}"
        pins[canonicalize_name(match[1])] = Version(match[2])
    return pins


def test_every_declared_dependency_is_pinned_inside_its_declared_range():
    pins = locked_versions()
    checked = 0
    for requirement in declared_requirements():
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is declared in setup.cfg but not pinned in constraints.txt"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"constraints.txt pins {name}=={pins[name]}, outside setup.cfg's {requirement}")
        checked += 1
    assert checked >= 30  # install_requires plus dev: a parse that found nothing must not pass


def test_ci_installs_the_locked_torch_with_the_lock():
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("\nmake test")  # CI installs through the Makefile
    setup = (ROOT / "Makefile").read_text()
    torch_pin = re.search(r"torch==([0-9.]+)", setup)[1]
    assert Version(torch_pin) == locked_versions()["torch"]
    assert 'pip install -q -c constraints.txt -e ".[dev]"' in setup
