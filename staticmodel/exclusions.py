"""What the static-model training corpus must never contain, and the checks that keep it out.

The semble benchmark repositories (the model is scored on them) and the names of
/work/shared/search-dev/corpus-exclude.txt (they feed held-out test sets) are stored in ``excluded.json`` next to this
file, so the checks work where /work/shared does not exist (CI). Matching is deliberately over-broad: dropping an
innocent package costs little, letting a benchmark repository in spoils the evaluation.
"""

from __future__ import annotations

import json
import re
import subprocess
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXCLUDED_JSON = HERE / "excluded.json"
SEMBLE_GIT_DIR = "/work/.mirror/michalfedyna+semble/repo"
SEMBLE_REVISION = "8d737aba"
EXCLUDE_LIST = Path("/work/shared/search-dev/corpus-exclude.txt")
# The packages of this project's own function-level search benchmark (bench/search.py SPLITS, import and
# distribution names): the model is scored on their docstrings.
PROJECT_BENCHMARK = ("click", "jinja2", "requests", "attr", "attrs", "dateutil", "python-dateutil", "h11", "dill",
                     "httpx", "starlette", "anyio", "jsonschema", "tqdm", "pathspec", "typer", "referencing")
# A file under one of these folders is a copy of someone else's code (pip's _vendor/requests, bundled lodash).
VENDOR_FOLDERS = frozenset(("vendor", "_vendor", "vendored", "third_party", "thirdparty", "node_modules",
                            "bower_components", "external", "deps"))
# Slug repo names too generic to drop a folder by (nlohmann/json, laravel/framework); package names still match them.
GENERIC_REPO_NAMES = frozenset(("json", "framework"))
# Folder names vendored copies of benchmark code go by, besides their repository names.
EXTRA_PATH_NAMES = ("nlohmann", "absl")
# Debian (and some registry) spellings around an upstream name: prefixes, then suffixes, then trailing digits.
PREFIXES = ("golang-github-", "golang-gopkg-", "golang-", "rust-", "ruby-", "php-", "haskell-", "lua-", "node-",
            "python3-", "python-", "py-", "lib")
SUFFIXES = ("-java", "-perl", "-ocaml", "-cil", "-sharp", "-dev", "-js", "-cpp", "-go", "-rs", "-py", "-php", "-hs",
            "-lua", "-ruby", "-rb", "-nvim", "-vim")
_GITHUB = re.compile(r"github\.com[/:]+([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)", re.IGNORECASE)


def normalise(name: str) -> str:
    """Lowercase, with ``-``, ``_``, ``.`` (and a scope's ``@``/``/``) treated alike, as registries compare names."""
    return re.sub(r"[-_./@]+", "-", name.strip().lower()).strip("-")


def _slug(owner: str, repo: str) -> str:
    return owner.lower() + "/" + normalise(_strip_git(repo))


def _strip_git(repo: str) -> str:
    return re.sub(r"(?i)\.git$", "", repo)


def build_excluded() -> dict:
    """Read the semble benchmark list and corpus-exclude.txt into the dict stored as excluded.json."""
    listing = subprocess.run(["git", "--git-dir", SEMBLE_GIT_DIR, "show", f"{SEMBLE_REVISION}:benchmarks/repos.json"],
                             capture_output=True, check=True, text=True).stdout
    repos = []
    for repo in json.loads(listing):
        match = _GITHUB.search(repo["url"])
        repos.append({"name": repo["name"], "language": repo["language"],
                      "slug": match.group(1) + "/" + _strip_git(match.group(2))})
    names = [line.strip() for line in EXCLUDE_LIST.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    return {"semble_benchmark": {"source": f"{SEMBLE_GIT_DIR}@{SEMBLE_REVISION}:benchmarks/repos.json",
                                 "repos": repos},
            "corpus_exclude": {"source": str(EXCLUDE_LIST), "names": names},
            "project_benchmark": {"source": "bench/search.py SPLITS", "names": list(PROJECT_BENCHMARK)}}


@lru_cache(maxsize=1)
def load_excluded() -> dict:
    return json.loads(EXCLUDED_JSON.read_text())


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, str], dict[str, str], frozenset[str]]:
    """(normalised package name -> reason, slug -> reason, normalised names that drop a path component)."""
    data = load_excluded()
    names: dict[str, str] = {}
    slugs: dict[str, str] = {}
    for repo in data["semble_benchmark"]["repos"]:
        owner, name = repo["slug"].split("/")
        reason = f"semble benchmark repo {repo['name']} ({repo['slug']})"
        names.setdefault(normalise(repo["name"]), reason)
        names.setdefault(normalise(name), reason)
        slugs[_slug(owner, name)] = reason
    for name in data["corpus_exclude"]["names"]:
        names.setdefault(normalise(name), f"corpus-exclude.txt: {name}")
    for name in data["project_benchmark"]["names"]:
        names.setdefault(normalise(name), f"bench.search's packages: {name}")
    path_names = {n for n in names if n not in GENERIC_REPO_NAMES} | {normalise(n) for n in EXTRA_PATH_NAMES}
    return names, slugs, frozenset(path_names)


def name_candidates(package_name: str) -> set[str]:
    """The upstream names a (Debian) package name may stand for: ``rust-tokio`` -> tokio, ``libuv1`` -> libuv and
    uv, ``nlohmann-json3`` -> nlohmann-json, ``libjackson2-databind-java`` -> jackson-databind,
    ``golang-github-gin-gonic-gin`` -> gin-gonic-gin, gonic-gin, gin (every owner/repo split)."""
    base = normalise(package_name)
    if base.startswith("@"):
        base = base[1:]
    found = {base, base.split("-", 1)[-1]} if "/" in package_name else {base}  # @scope/name: also name alone
    frontier = set(found)
    for _ in range(4):  # prefix, suffix and digit strips in any order
        grown = set()
        for name in frontier:
            for prefix in PREFIXES:
                if name.startswith(prefix) and len(name) > len(prefix):
                    grown.add(name[len(prefix):])
            for suffix in SUFFIXES:
                if name.endswith(suffix) and len(name) > len(suffix):
                    grown.add(name[: -len(suffix)])
            stripped = re.sub(r"(?<=[a-z])-?[0-9][0-9.-]*$", "", name)  # libuv1, jackson2, lua5.4
            if stripped and stripped != name:
                grown.add(stripped)
            stripped = re.sub(r"(?<=[a-z])[0-9]+(?=-)", "", name)  # jackson2-databind -> jackson-databind
            if stripped != name:
                grown.add(stripped)
        frontier = grown - found
        found |= grown
    for name in list(found):  # golang-github-<owner>-<repo>: owner and repo may both hold dashes
        if normalise(package_name).startswith(("golang-github-", "golang-gopkg-")):
            parts = name.split("-")
            found.update("-".join(parts[i:]) for i in range(1, len(parts)))
    return {name for name in found if name}


def excluded_reason(package_name: str, urls=(), registry: str = "") -> str | None:
    """Why a package must stay out of the corpus, or ``None``: its name (or an upstream name it stands for, see
    :func:`name_candidates`) is excluded, or one of its metadata URLs points at an excluded GitHub repository (or at a
    repository whose name is an excluded package name: github.com/lodash/lodash)."""
    names, slugs, _ = _index()
    for candidate in sorted(name_candidates(package_name)):
        if candidate in names:
            return f"{registry + ':' if registry else ''}{package_name} matches {candidate!r}: {names[candidate]}"
        if "/" not in candidate and any(slug.replace("/", "-") == candidate for slug in slugs):
            return f"{package_name} matches a benchmark owner-repo slug"
    for url in urls or ():
        for owner, repo in _GITHUB.findall(str(url)):
            slug = _slug(owner, repo)
            if slug in slugs:
                return f"URL {url} is {slugs[slug]}"
            repo_name = slug.split("/")[1]
            if repo_name in names and repo_name not in GENERIC_REPO_NAMES:
                return f"URL {url} names excluded repo {repo_name!r}: {names[repo_name]}"
    return None


def excluded_path(path: str) -> str | None:
    """Why a FILE (POSIX path inside a package) is dropped, or ``None``: it lies in a vendored-code folder, or a
    path component (a file's name without its extensions) equals an excluded name, so copies of excluded code
    bundled inside other packages (pip's _vendor/requests, urllib3's packages/six.py, spdlog's fmt/) stay out."""
    _, _, path_names = _index()
    parts = [part for part in path.split("/") if part]
    for folder in parts[:-1]:
        if folder.lower() in VENDOR_FOLDERS:
            return f"vendored folder {folder!r}"
    for part in parts[:-1] + [parts[-1].split(".")[0]] if parts else []:
        if normalise(part) in path_names:
            return f"path component {part!r} is an excluded name"
    return None


if __name__ == "__main__":  # regenerate excluded.json from the sources named in build_excluded
    EXCLUDED_JSON.write_text(json.dumps(build_excluded(), indent=1) + "\n")
    print(f"wrote {EXCLUDED_JSON}")
