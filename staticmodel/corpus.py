"""Build the licence-clean, multi-language code corpus that trains the static (model2vec/tokenlearn) search model.

``pin``   resolves staticmodel/candidates.txt against the registries (PyPI, npm, Debian bookworm Sources) into
          staticmodel/packages.json: pinned versions, permissive licences only, excluded packages left out.
``build`` downloads every pinned package (cached under --cache, sha256 checked and recorded), re-checks licence and
          exclusions, cuts source files into units exactly as ``c2llm index`` does (c2llm.search.files filters,
          c2llm.search.units), samples per package and per language with --seed, and writes corpus.jsonl and the
          manifest. A killed build resumes: each package's units are cached behind a done marker, every file is
          written to a temporary name and renamed.
          With ``--mteb-mirror DIR`` it first reads the MTEB(Code) test sets of ``--mteb-recipe`` (a c2llm recipe's
          ``decontaminate`` section, by default the shipped ``paper`` recipe's) from that local Hub
          mirror (c2llm.data.decontaminate) and drops every unit equal, after normalisation, to a test query or
          relevant document, before sampling; the manifest's ``mteb_decontamination`` says what was checked and
          dropped, or why nothing was.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import lzma
import os
import random
import re
import shutil
import sys
import tarfile
import tempfile
import time
import urllib.parse
import urllib.request
import zipfile
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from .exclusions import EXCLUDED_JSON, excluded_path, excluded_reason, load_excluded

HERE = Path(__file__).resolve().parent
PACKAGES_JSON = HERE / "packages.json"
CANDIDATES = HERE / "candidates.txt"
DEBIAN = "http://deb.debian.org/debian"
SOURCES_URL = f"{DEBIAN}/dists/bookworm/main/source/Sources.xz"
PERMISSIVE = frozenset(("MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "ISC", "Zlib", "PSF-2.0", "Unlicense",
                        "0BSD", "BSL-1.0", "X11"))
KEEP_KINDS = frozenset(("function", "method", "class"))
MIN_LINES, MAX_CHARS = 3, 8_000
PER_PACKAGE, PER_LANGUAGE, PER_WINDOW_LANGUAGE = 300, 8_000, 2_000
# Work bound per package, independent of the seed so the unit cache stays valid: files are taken in the order of
# their path's hash, until this many files or candidate units (the 300-unit sample needs no more).
MAX_FILES, ENOUGH_UNITS = 600, 3_000
# Autotools and packaging boilerplate: the same generated shell in thousands of packages, not anyone's code.
BOILERPLATE = frozenset(("configure", "ltmain.sh", "config.guess", "config.sub", "install-sh", "depcomp", "missing",
                         "compile", "mkinstalldirs", "test-driver", "ar-lib", "py-compile", "libtool", "aclocal.m4",
                         "config.status", "gradlew"))
UNITS_VERSION = 2  # bump when the unit cutting changes, so cached units are recomputed
MTEB_RECIPE = "paper"  # the shipped recipe: its decontaminate section lists the 12 MTEB(Code) test sets
MTEB_UNCHECKED = ("no --mteb-mirror: the MTEB(Code) test sets cannot be read offline, so units were not compared "
                  "with them; the corpus holds registry packages only (PyPI, npm, Debian), not the GitHub code "
                  "those test sets were mined from")

# --- licences --------------------------------------------------------------------------------------------------

_ALIASES = {
    "expat": "MIT", "mit": "MIT", "mit license": "MIT", "the mit license": "MIT", "mit-0": "MIT", "x11": "X11",
    "bsd-2-clause": "BSD-2-Clause", "bsd-2": "BSD-2-Clause", "bsd 2-clause": "BSD-2-Clause",
    "simplified bsd": "BSD-2-Clause", "freebsd": "BSD-2-Clause", "bsd-2-clause-freebsd": "BSD-2-Clause",
    "bsd-3-clause": "BSD-3-Clause", "bsd-3": "BSD-3-Clause", "bsd 3-clause": "BSD-3-Clause", "new bsd": "BSD-3-Clause",
    "new bsd license": "BSD-3-Clause", "modified bsd": "BSD-3-Clause", "bsd-new": "BSD-3-Clause",
    "revised bsd": "BSD-3-Clause", "3-clause bsd": "BSD-3-Clause", "bsd 3-clause license": "BSD-3-Clause",
    "apache-2.0": "Apache-2.0", "apache-2": "Apache-2.0", "apache 2.0": "Apache-2.0", "apache 2": "Apache-2.0",
    "apache2": "Apache-2.0", "apache license 2.0": "Apache-2.0", "apache license, version 2.0": "Apache-2.0",
    "apache software license": "Apache-2.0", "apache license version 2.0": "Apache-2.0", "asl 2.0": "Apache-2.0",
    "apache": "Apache-2.0", "apache license": "Apache-2.0", "isc": "ISC", "isc license": "ISC", "zlib": "Zlib",
    "zlib/libpng": "Zlib", "psf": "PSF-2.0", "psf-2.0": "PSF-2.0", "psf-2": "PSF-2.0", "python-2.0": "PSF-2.0",
    "python software foundation license": "PSF-2.0", "unlicense": "Unlicense", "the unlicense": "Unlicense",
    "0bsd": "0BSD", "bsl-1.0": "BSL-1.0", "boost-1.0": "BSL-1.0", "boost": "BSL-1.0",
    "boost software license 1.0": "BSL-1.0", "bsd": "BSD", "bsd license": "BSD", "bsd-like": "BSD",
}
_CLASSIFIERS = {"MIT License": "MIT", "BSD License": "BSD", "Apache Software License": "Apache-2.0",
                "ISC License (ISCL)": "ISC", "zlib/libpng License": "Zlib", "Python Software Foundation License":
                "PSF-2.0", "The Unlicense (Unlicense)": "Unlicense", "Boost Software License 1.0 (BSL-1.0)": "BSL-1.0",
                "MIT No Attribution License (MIT-0)": "MIT"}


def spdx(text: str | None) -> str | None:
    """A licence expression normalised to SPDX (``BSD`` stays ambiguous for :func:`resolve_bsd`), or ``None``."""
    if not text or len(text) > 200:  # a whole licence text pasted into the field says nothing reliable
        return None
    text = re.sub(r"\s+", " ", text.strip().strip("()"))
    if text.lower() in _ALIASES:
        return _ALIASES[text.lower()]
    if " or " not in text.lower():
        text = text.replace("/", " or ")
    for joiner, word in ((r"\s+or\s+|\s*\|\|\s*", " OR "), (r"\s+and\s+|\s*&&\s*|\s*,\s*", " AND ")):
        parts = re.split(joiner, text, flags=re.IGNORECASE)
        if len(parts) > 1:
            normalised = [spdx(part) for part in parts]
            return None if None in normalised else word.join(normalised)
    key = text.strip().strip("()").lower().removesuffix("+").strip()
    if key in _ALIASES:
        return _ALIASES[key]
    # Debian's variants: BSD3, BSD-C3, BSD-3-clause~Google (the same text, another holder), BSL-1
    key = key.split("~")[0]
    for pattern, identifier in ((r"bsd-?c?3(-clause)?|bsd-3-google|3-clause bsd( license)?", "BSD-3-Clause"),
                                (r"bsd-?c?2(-clause)?|2-clause bsd( license)?", "BSD-2-Clause"),
                                (r"bsl-?1(\.0)?|boost-?1(\.0)?", "BSL-1.0")):
        if re.fullmatch(pattern, key):
            return identifier
    return _ALIASES.get(key) or text.strip()


def permissive(expression: str | None) -> bool:
    """An OR is permissive when any alternative is, an AND when every part is."""
    if not expression:
        return False
    return any(all(part.strip().strip("()") in PERMISSIVE for part in alternative.split(" AND "))
               for alternative in expression.split(" OR "))


def resolve_bsd(expression: str, licence_text: str | None) -> str:
    """Metadata often says just "BSD": the licence file decides between the 2- and 3-clause texts."""
    if "BSD" not in expression.split(" OR ") + expression.split(" AND ") or licence_text is None:
        return expression
    clause = "BSD-3-Clause" if re.search(r"neither the name|names? of (its|the) contributors", licence_text, re.I) \
        else "BSD-2-Clause"
    return re.sub(r"\bBSD\b(?!-)", clause, expression)


def debian_file_licences(copyright_text: str) -> list[tuple[re.Pattern, str | None]]:
    """Every DEP-5 ``Files:`` paragraph as (glob regex, SPDX licence); for a path the last match wins."""
    import fnmatch

    rules = []
    for paragraph in re.split(r"\n\s*\n", copyright_text):
        files = re.search(r"^Files:\s*(.*(?:\n[ \t].*)*)", paragraph, re.M)
        licence = re.search(r"^License:\s*(.+)$", paragraph, re.M)
        if files:
            patterns = files.group(1).split()
            rules.append((re.compile("|".join(fnmatch.translate(p) for p in patterns)),
                          spdx(licence.group(1)) if licence else None))
    return rules


def debian_licence(copyright_text: str) -> str | None:
    """The ``License:`` of the ``Files: *`` paragraph of a DEP-5 debian/copyright, as SPDX; ``None`` if not DEP-5."""
    if not re.search(r"^Format:", copyright_text, re.M):
        return None
    for paragraph in re.split(r"\n\s*\n", copyright_text):
        files = re.search(r"^Files:\s*(.*(?:\n[ \t].*)*)", paragraph, re.M)
        if files and "*" in files.group(1).split():
            licence = re.search(r"^License:\s*(.+)$", paragraph, re.M)
            return spdx(licence.group(1)) if licence else None
    return None


# --- downloads -------------------------------------------------------------------------------------------------

def atomic_write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(handle, "wb") as file:
        file.write(data.encode() if isinstance(data, str) else data)
    os.chmod(temp, 0o644)  # mkstemp makes 0600; these files are shared and tracked
    os.replace(temp, path)


def download(url: str, path: Path, sha256: str | None = None) -> str:
    """Fetch ``url`` to ``path`` once (a cached file is reused), checking ``sha256`` when known; returns the sha256."""
    if not path.exists():
        for attempt in range(4):
            try:
                with urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": "c2llm-corpus"}),
                                            timeout=120) as response:
                    data = response.read()
                break
            except OSError as error:
                if attempt == 3 or getattr(error, "code", 500) == 404:
                    raise RuntimeError(f"download failed: {url}: {error}") from None
                time.sleep(2 ** attempt)
        digest = hashlib.sha256(data).hexdigest()
        if sha256 and digest != sha256:
            raise RuntimeError(f"sha256 mismatch for {url}: {digest} != {sha256}")
        atomic_write(path, data)
        return digest
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if sha256 and digest != sha256:
        path.unlink()
        raise RuntimeError(f"cached {path} has sha256 {digest}, expected {sha256}; removed, rerun")
    return digest


def get_json(url: str, path: Path) -> dict:
    download(url, path)
    return json.loads(path.read_text())


def debian_sources(cache: Path) -> dict[str, dict]:
    """Package -> {version, directory, files: {name: (size, sha256)}} from bookworm's Sources.xz (highest version)."""
    path = cache / "debian" / "Sources.xz"
    download(SOURCES_URL, path)
    index: dict[str, dict] = {}
    for record in lzma.decompress(path.read_bytes()).decode("utf-8", "replace").split("\n\n"):
        fields = dict(re.findall(r"^([\w-]+):[ \t]*(.*(?:\n[ \t].*)*)", record, re.M))
        if "Package" not in fields:
            continue
        files = {}
        for line in fields.get("Checksums-Sha256", "").strip().splitlines():
            digest, size, name = line.split()
            files[name] = (int(size), digest)
        entry = {"version": fields["Version"].strip(), "directory": fields["Directory"].strip(), "files": files,
                 "homepage": fields.get("Homepage", "").strip(), "vcs": fields.get("Vcs-Git", "").strip()}
        index.setdefault(fields["Package"].strip(), entry)
    return index


# --- registry metadata -----------------------------------------------------------------------------------------

def pypi_info(cache: Path, name: str, version: str | None = None) -> dict:
    """Version, sdist URL/sha256, licence (maybe ambiguous BSD) and URLs of a PyPI release."""
    # the per-version JSON endpoint is not reachable here: the project JSON (cached on first use) lists every
    # release's files; its ``info`` (licence, URLs) is the latest release's, which is what `pin` pinned
    meta = get_json(f"https://pypi.org/pypi/{name}/json", cache / "pypi" / f"{name}.json")
    info = meta["info"]
    files = meta["releases"].get(version, []) if version else meta["urls"]
    sdists = [file for file in files if file["packagetype"] == "sdist" and not file.get("yanked")]
    licence = spdx(info.get("license_expression"))
    if licence is None:
        classifiers = sorted({_CLASSIFIERS.get(c.split(" :: ")[-1], "LicenseRef-unknown")
                              for c in info.get("classifiers", []) if c.startswith("License :: ")})
        licence = " AND ".join(classifiers) if classifiers else spdx(info.get("license"))
    urls = [info.get("home_page"), info.get("project_url"), *(info.get("project_urls") or {}).values()]
    return {"version": version or info["version"], "licence": licence, "urls": [u for u in urls if u],
            # the mirror here gives file URLs relative to the JSON's own URL
            "url": urllib.parse.urljoin(f"https://pypi.org/pypi/{name}/json", sdists[0]["url"]) if sdists else None, "sha256": sdists[0]["digests"]["sha256"] if sdists else None}


def npm_info(cache: Path, name: str, version: str | None = None) -> dict:
    """Version, tarball URL, licence and URLs of an npm release."""
    meta = get_json(f"https://registry.npmjs.org/{name.replace('/', '%2F')}/{version or 'latest'}",
                    cache / "npm" / f"{name.replace('/', '+')}-{version or 'latest'}.json")
    licence = meta.get("license")
    if isinstance(licence, dict):
        licence = licence.get("type")
    if not licence and isinstance(meta.get("licenses"), list):
        licence = " OR ".join(str(item.get("type", item)) if isinstance(item, dict) else str(item)
                              for item in meta["licenses"])
    repository = meta.get("repository")
    urls = [meta.get("homepage"), repository.get("url") if isinstance(repository, dict) else repository,
            (meta.get("bugs") or {}).get("url") if isinstance(meta.get("bugs"), dict) else None]
    # npm's shorthand "owner/repo" and "github:owner/repo" name a GitHub repository too
    urls = [re.sub(r"^(?:github:)?([\w.-]+/[\w.-]+)$", r"https://github.com/\1", u) for u in urls
            if isinstance(u, str) and u]
    return {"version": meta["version"], "licence": spdx(licence) if isinstance(licence, str) else None,
            "urls": urls, "url": meta["dist"]["tarball"], "sha256": None,
            "integrity": meta["dist"].get("integrity"), "shasum": meta["dist"].get("shasum")}


def debian_info(cache: Path, sources: dict, name: str) -> dict:
    """Version, archives and licence (from the debian/copyright of the packaging tarball) of a Debian source."""
    entry = sources[name]
    archives = [f for f in entry["files"] if re.search(r"\.tar\.(gz|xz|bz2|lzma|zst)$", f)]
    packaging = [f for f in archives if ".debian.tar." in f]
    upstream = [f for f in archives if ".debian.tar." not in f and "orig-" not in f]  # main tarball, no components
    if len(upstream) != 1:
        raise RuntimeError(f"no single upstream tarball among {archives}")
    copyright_from = packaging[0] if packaging else upstream[0]  # a native package holds debian/ itself
    path = cache / "debian" / "pool" / copyright_from
    download(f"{DEBIAN}/{entry['directory']}/{copyright_from}", path, entry["files"][copyright_from][1])
    copyright_text = None
    with tarfile.open(path) as archive:
        for member in archive:
            if member.isfile() and re.fullmatch(r"(?:[^/]+/)?debian/copyright", member.name):
                copyright_text = archive.extractfile(member).read().decode("utf-8", "replace")
                break
    return {"version": entry["version"], "licence": debian_licence(copyright_text or ""),
            "urls": [u for u in (entry["homepage"], entry["vcs"]) if u],
            "url": f"{DEBIAN}/{entry['directory']}/{upstream[0]}", "sha256": entry["files"][upstream[0]][1],
            "archive": upstream[0], "copyright": copyright_text or ""}


def package_info(cache: Path, registry: str, name: str, version: str | None, sources: dict | None) -> dict:
    if registry == "pypi":
        return pypi_info(cache, name, version)
    if registry == "npm":
        return npm_info(cache, name, version)
    info = debian_info(cache, sources, name)
    if version and info["version"] != version:
        raise RuntimeError(f"bookworm now has {info['version']}, packages.json pins {version}")
    return info


# --- units -----------------------------------------------------------------------------------------------------

class Archive:
    """A tar or zip archive open for reading: (path, size, reader) of its regular files, while the ``with`` lasts."""

    def __init__(self, path: Path) -> None:
        self.zip = path.suffix == ".zip"
        self.handle = zipfile.ZipFile(path) if self.zip else tarfile.open(path)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.handle.close()

    def members(self):
        if self.zip:
            for info in self.handle.infolist():
                if not info.is_dir():
                    yield info.filename, info.file_size, lambda info=info: self.handle.read(info)
            return
        for member in self.handle:
            if member.isfile():
                yield member.name, member.size, lambda member=member: self.handle.extractfile(member).read()


def _licence_file(archive_path: Path) -> str | None:
    with Archive(archive_path) as archive:
        return next((read().decode("utf-8", "replace") for name, size, read in archive.members()
                     if re.fullmatch(r"(?:[^/]+/)?(licen[cs]e|copying)(\.\w+)?", name, re.I) and size < 100_000),
                    None)


def extract_units(archive_path: Path, work: Path, file_licences=()) -> tuple[list[dict], dict]:
    """Units of one archive cut as ``c2llm index`` cuts them, after the corpus's own filters; and file counts."""
    from c2llm.code import SkipFile
    from c2llm.code.languages import CODE_LANGUAGES, language_of
    from c2llm.code import PARSED_LANGUAGES
    from c2llm.search.files import read_source, scan_tree
    from c2llm.search.units import embedding_text, units_of_file

    stats = {"files_in_archive": 0, "files_dropped_excluded": 0, "files_dropped_licence": 0, "files_used": 0,
             "files_skipped": 0}
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    chosen = []
    archive = Archive(archive_path)
    for name, size, read in archive.members():
        stats["files_in_archive"] += 1
        parts = [p for p in name.split("/") if p not in ("", ".")]
        if len(parts) < 2 or ".." in parts or language_of(parts[-1]) not in CODE_LANGUAGES:
            continue
        relative = "/".join(parts[1:])  # below the archive's top folder (package/, name-version/)
        if parts[-1] in BOILERPLATE or excluded_path(relative):
            stats["files_dropped_excluded"] += excluded_path(relative) is not None
            continue
        # a Debian file under another DEP-5 paragraph than ``Files: *`` goes by that paragraph's licence
        licence = next((lic for rule, lic in reversed(file_licences) if rule.match(relative)), "MIT")
        if not permissive(licence):
            stats["files_dropped_licence"] += 1
            continue
        if size <= 1_000_000:  # read in archive order: a compressed tar does not seek back cheaply
            chosen.append((hashlib.sha256(relative.encode()).hexdigest(), relative, size, read()))
    archive.__exit__()
    chosen.sort()
    for _, relative, size, data in chosen[: MAX_FILES * 3]:
        atomic_write(work / relative, data)
    del chosen[MAX_FILES * 3:]
    units: list[dict] = []
    scan = scan_tree(work)
    order = {relative: key for key, relative, _, _ in chosen}
    files = sorted(scan.files, key=lambda f: order.get(f.path, f.path))
    stats["files_skipped"] = sum(scan.skipped.values())
    for file in files[:MAX_FILES]:
        if len(units) >= ENOUGH_UNITS:
            break
        try:
            text = read_source(work, file)
        except SkipFile:
            stats["files_skipped"] += 1
            continue
        stats["files_used"] += 1
        for unit in units_of_file(file.path, text):
            windows_only = unit.language not in PARSED_LANGUAGES
            if unit.language not in CODE_LANGUAGES or (unit.kind not in KEEP_KINDS and not windows_only):
                continue
            content = embedding_text(unit)
            if unit.end_line - unit.start_line + 1 < MIN_LINES or len(content) > MAX_CHARS:
                continue
            units.append({"text": content, "language": unit.language, "path": file.path, "kind": unit.kind,
                          "hash": hashlib.sha256(content.encode()).hexdigest()})
    shutil.rmtree(work, ignore_errors=True)
    return units, stats


def process(cache: str, registry: str, name: str, version: str | None, sources: dict | None) -> dict:
    """One package end to end, cached behind its done marker: metadata, licence, exclusions, download, units."""
    cache = Path(cache)
    safe = re.sub(r"[^A-Za-z0-9._+-]", "+", name)
    # the exclusions decide what is kept, so a change to them recomputes every package
    rules = hashlib.sha256(EXCLUDED_JSON.read_bytes()).hexdigest()[:8]
    marker = cache / "units" / registry / f"{safe}-{version}.v{UNITS_VERSION}-{rules}.json"
    if marker.exists():
        return json.loads(marker.read_text())
    started = time.time()
    record = {"registry": registry, "name": name, "version": version}
    try:
        info = package_info(cache, registry, name, version, sources)
        record.update(version=info["version"], source_url=info["url"], urls=info["urls"])
        reason = excluded_reason(name, info["urls"], registry)
        if reason:
            record["skipped"] = f"excluded: {reason}"
        elif not info["url"]:
            record["skipped"] = "no source archive (sdist) for this version"
        elif not permissive(info["licence"]) and info["licence"] not in ("BSD", None):
            record["skipped"] = f"licence not permissive: {info['licence']}"
        else:
            archive_name = info.get("archive") or info["url"].rsplit("/", 1)[-1]
            archive = cache / registry / "archives" / archive_name
            record["sha256"] = download(info["url"], archive, info["sha256"])
            if registry == "npm" and info.get("shasum"):
                sha1 = hashlib.sha1(archive.read_bytes()).hexdigest()
                if sha1 != info["shasum"]:
                    archive.unlink()
                    raise RuntimeError(f"shasum mismatch for {info['url']}")
            record["archive_bytes"] = archive.stat().st_size
            licence = info["licence"]
            if licence is not None and "BSD" in re.split(r" (?:AND|OR) ", licence):
                licence = resolve_bsd(licence, _licence_file(archive))
            record["licence"] = licence
            if not permissive(licence):
                record["skipped"] = f"licence not permissive or unknown: {licence}"
            else:
                rules = debian_file_licences(info["copyright"]) if registry == "debian" else ()
                units, stats = extract_units(archive, cache / "work" / f"{registry}-{safe}", rules)
                record.update(stats, units=units)
    except Exception as error:  # noqa: BLE001 - one bad package must not stop the corpus; it is reported
        record["skipped"] = f"error: {type(error).__name__}: {error}"
        record["error"] = True
    record["seconds"] = round(time.time() - started, 1)
    if not record.get("error"):
        atomic_write(marker, json.dumps(record))
    return record


# --- commands --------------------------------------------------------------------------------------------------

def read_candidates(path: Path) -> list[tuple[str, list[str], str]]:
    """(registry, languages, name) from lines ``registry lang[,lang] name name ...``; ``#`` starts a comment."""
    rows = []
    for line in path.read_text().splitlines():
        fields = line.split("#", 1)[0].split()
        if len(fields) >= 3:
            rows += [(fields[0], fields[1].split(","), name) for name in fields[2:]]
    return rows


def pin(args) -> None:
    """Resolve candidates into packages.json: latest version, permissive licence, not excluded."""
    from concurrent.futures import ThreadPoolExecutor

    cache = Path(args.cache).expanduser()
    sources = debian_sources(cache)
    chosen: dict[str, list] = {"pypi": [], "npm": [], "debian": []}
    rejected, seen = [], set()
    rows = [row for row in read_candidates(Path(args.candidates))
            if (row[0], row[2]) not in seen and not seen.add((row[0], row[2]))]

    def resolve(row):
        registry, languages, name = row
        try:
            if registry == "debian" and name not in sources:
                return row, None, "not in bookworm"
            info = package_info(cache, registry, name, None, sources)
        except Exception as error:  # noqa: BLE001
            return row, None, f"error: {error}"
        reason = excluded_reason(name, info["urls"], registry)
        if reason:
            return row, info, f"excluded: {reason}"
        if not info["url"]:
            return row, info, "no sdist"
        if not (permissive(info["licence"]) or info["licence"] == "BSD"):
            return row, info, f"licence: {info['licence']}"
        return row, info, None

    with ThreadPoolExecutor(8) as pool:
        for (registry, languages, name), info, reason in pool.map(resolve, rows):
            if reason:
                rejected.append({"registry": registry, "name": name, "reason": reason})
                print(f"reject {registry}:{name}: {reason}", file=sys.stderr)
            else:
                chosen[registry].append({"name": name, "version": info["version"], "languages": languages,
                                         "licence": info["licence"]})
    atomic_write(Path(args.out), json.dumps({"about": "pinned by `python -m staticmodel.corpus pin`; licences as "
                                             "the registry metadata says (build re-checks)", **chosen,
                                             "rejected_at_pin": rejected}, indent=1) + "\n")
    print(f"pinned {sum(map(len, chosen.values()))} packages, rejected {len(rejected)}", file=sys.stderr)


def mteb_spec(recipe: str | Path = MTEB_RECIPE):
    """The :class:`c2llm.data.recipe.DecontaminationSpec` of a c2llm recipe (a shipped name or a path): the test sets
    its training data is kept clear of.

    Raises:
        c2llm.data.recipe.RecipeError: The recipe is missing or invalid, or checks no test set; the message starts
            with ``--mteb-recipe:``.
    """
    from c2llm.data.recipe import RecipeError, load_recipe

    try:
        spec = load_recipe(recipe).decontaminate
    except RecipeError as error:
        raise RecipeError(f"--mteb-recipe: {_without_option(error)}") from None
    if not spec.enabled or not spec.test_sets:
        raise RecipeError(f"--mteb-recipe: {recipe}: decontamination is off there, no test sets to read")
    return spec


def mteb_index(mirror: str | Path, recipe: str | Path = MTEB_RECIPE, *, progress: bool = True):
    """The :class:`c2llm.data.decontaminate.ContaminationIndex` of the test sets of ``recipe`` (see
    :func:`mteb_spec`), read from the Hub mirror folder ``mirror``.

    Raises:
        c2llm.errors.UserError: The recipe or the mirror cannot be read; the message starts with the option.
    """
    from c2llm.data.decontaminate import build_index
    from c2llm.data.sources import HubReader, SourceError

    spec = mteb_spec(recipe)
    try:
        reader = HubReader(mirror)
        for test_set in spec.test_sets:  # a missing dataset folder stops here, before any progress bar is drawn
            reader.location(test_set)
        return build_index(spec, reader, progress=progress)
    except SourceError as error:
        raise SourceError(f"--mteb-mirror: {_without_option(error)}") from None


def _without_option(error: Exception) -> str:
    """The message of an error of c2llm.data without its leading ``--mirror:`` / ``--recipe:``."""
    return re.sub(r"^--(?:mirror|recipe):\s*", "", str(error))


def build(args) -> int:
    # the test sets first: a bad mirror stops the build before any download
    index = mteb_index(args.mteb_mirror, args.mteb_recipe, progress=sys.stderr.isatty()) if args.mteb_mirror \
        else None
    cache = Path(args.cache).expanduser()
    cache.mkdir(parents=True, exist_ok=True)
    started = time.time()
    spec = json.loads(Path(args.packages).read_text())
    packages = [(registry, item) for registry in ("pypi", "npm", "debian") for item in spec.get(registry, [])]
    sources = debian_sources(cache) if spec.get("debian") else None
    needed = {item["name"]: sources[item["name"]] for registry, item in packages
              if registry == "debian" and item["name"] in sources} if sources else None
    for registry, item in packages:
        if registry == "debian" and item["name"] not in (needed or {}):
            print(f"error: debian:{item['name']}: not in bookworm Sources", file=sys.stderr)
    records: dict[tuple[str, str], dict] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(process, str(cache), registry, item["name"], item.get("version"), needed):
                   (registry, item["name"]) for registry, item in packages
                   if registry != "debian" or item["name"] in (needed or {})}
        for done, future in enumerate(as_completed(futures), 1):
            key = futures[future]
            record = records[key] = future.result()
            status = record.get("skipped") or f"{len(record.get('units', []))} units, {record.get('licence')}"
            prefix = "error: " if record.get("error") else ""
            print(f"{prefix}[{done}/{len(futures)}] {key[0]}:{key[1]} {record.get('version')}: {status} "
                  f"({record.get('seconds')}s)", file=sys.stderr, flush=True)
    return assemble(args, spec, packages, records, started, index)


def assemble(args, spec, packages, records, started, index=None) -> int:
    """Dedupe across packages (package order), drop units repeating an MTEB(Code) test text (with ``index``, a
    ContaminationIndex), sample per package and per language (seeded), write outputs."""
    seen: set[str] = set()
    dropped: dict[str, int] = {}
    kept: list[dict] = []
    manifest_packages, skipped = [], []
    from c2llm.code import PARSED_LANGUAGES

    for registry, item in packages:
        record = records.get((registry, item["name"]))
        if record is None:
            skipped.append({"registry": registry, "name": item["name"], "reason": "not in bookworm Sources"})
            continue
        if "skipped" in record:
            skipped.append({"registry": registry, "name": item["name"], "version": record.get("version"),
                            "reason": record["skipped"]})
            continue
        fresh, contaminated = [], 0
        for unit in record["units"]:
            if unit["hash"] not in seen:
                seen.add(unit["hash"])
                reason = index.reason(unit["text"], unit["text"]) if index is not None else None
                if reason is not None:
                    dropped[reason] = dropped.get(reason, 0) + 1
                    contaminated += 1
                    continue
                fresh.append(unit)
        rng = random.Random(f"{args.seed}:{registry}:{item['name']}")
        sample = rng.sample(fresh, PER_PACKAGE) if len(fresh) > PER_PACKAGE else fresh
        for unit in sample:
            kept.append({"text": unit["text"], "language": unit["language"], "package": item["name"],
                         "registry": registry, "path": unit["path"], "kind": unit["kind"]})
        manifest_packages.append({"registry": registry, "name": item["name"], "version": record["version"],
                                  "licence": record["licence"], "source_url": record["source_url"],
                                  "archive_sha256": record["sha256"], "archive_bytes": record["archive_bytes"],
                                  "urls": record["urls"], "meant_for": item.get("languages", []),
                                  "files_used": record["files_used"],
                                  "files_dropped_vendored_or_excluded": record["files_dropped_excluded"],
                                  "files_dropped_licence": record.get("files_dropped_licence", 0),
                                  "units_candidate": len(record["units"]), "units_unique": len(fresh)})
        if index is not None:
            manifest_packages[-1]["units_dropped_mteb_test"] = contaminated
    by_language: dict[str, list[dict]] = {}
    for unit in kept:
        by_language.setdefault(unit["language"], []).append(unit)
    final = []
    for language in sorted(by_language):
        units = by_language[language]
        cap = PER_LANGUAGE if language in PARSED_LANGUAGES else PER_WINDOW_LANGUAGE
        if len(units) > cap:
            order = random.Random(f"{args.seed}:{language}").sample(range(len(units)), cap)
            units = [units[i] for i in sorted(order)]
        final += units
    kept_per_package: dict[tuple[str, str], int] = {}
    for unit in final:
        key = (unit["registry"], unit["package"])
        kept_per_package[key] = kept_per_package.get(key, 0) + 1
    for entry in manifest_packages:
        entry["units_kept"] = kept_per_package.get((entry["registry"], entry["name"]), 0)
    body = "".join(json.dumps(unit, ensure_ascii=False) + "\n" for unit in final).encode()
    out = Path(args.out).expanduser()
    atomic_write(out, body)
    counts: dict[str, int] = {}
    for unit in final:
        counts[unit["language"]] = counts.get(unit["language"], 0) + 1
    excluded = load_excluded()
    manifest = {
        "about": "static-model training corpus: see staticmodel/corpus.py", "seed": args.seed,
        "corpus": {"path": str(out.name), "sha256": hashlib.sha256(body).hexdigest(), "units": len(final),
                   "bytes": len(body)},
        "units_per_language": dict(sorted(counts.items())),
        "limits": {"per_package": PER_PACKAGE, "per_language": PER_LANGUAGE,
                   "per_window_only_language": PER_WINDOW_LANGUAGE, "min_lines": MIN_LINES, "max_chars": MAX_CHARS,
                   "max_files_per_package": MAX_FILES, "kinds": sorted(KEEP_KINDS)},
        "exclusions": {"semble_benchmark_repos": [r["slug"] for r in excluded["semble_benchmark"]["repos"]],
                       "corpus_exclude_names": excluded["corpus_exclude"]["names"],
                       "project_benchmark_names": excluded["project_benchmark"]["names"],
                       "vendored_folders": "see staticmodel/exclusions.py VENDOR_FOLDERS"},
        "mteb_decontamination": mteb_section(index, getattr(args, "mteb_mirror", None), dropped),
        "download_bytes": sum(p["archive_bytes"] for p in manifest_packages),
        "wall_seconds": round(time.time() - started, 1),
        "packages": manifest_packages, "skipped": skipped,
    }
    atomic_write(Path(args.manifest), json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    print(f"corpus: {len(final)} units from {len(manifest_packages)} packages ({len(skipped)} skipped) -> {out}",
          file=sys.stderr)
    print(json.dumps(manifest["units_per_language"]), file=sys.stderr)
    return 0


def mteb_section(index, mirror, dropped: dict[str, int]) -> dict:
    """The manifest's ``mteb_decontamination``: what was checked against the MTEB(Code) test sets, or why not."""
    if index is None:
        return {"checked": False, "why": MTEB_UNCHECKED}
    return {"checked": True, "mirror": str(mirror), "test_sets": index.test_sets,
            "dropped": dict(sorted(dropped.items()))}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m staticmodel.corpus", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("build", "pin"):
        command = commands.add_parser(name)
        command.add_argument("--cache", default="~/.cache/c2llm-static-corpus")
    commands.choices["pin"].add_argument("--candidates", default=str(CANDIDATES))
    commands.choices["pin"].add_argument("--out", default=str(PACKAGES_JSON))
    build_parser = commands.choices["build"]
    build_parser.add_argument("--out", default="~/.cache/c2llm-static-corpus/corpus.jsonl")
    build_parser.add_argument("--manifest", default=str(HERE / "manifest.json"))
    build_parser.add_argument("--packages", default=str(PACKAGES_JSON))
    build_parser.add_argument("--seed", type=int, default=0)
    build_parser.add_argument("--jobs", type=int, default=max(1, min(4, os.cpu_count() or 1)))
    build_parser.add_argument("--mteb-mirror", metavar="DIR",
                              help="a local Hub mirror (laid out as `hf download --local-dir` writes) holding the "
                                   "MTEB(Code) test sets; units equal to a test query or relevant document are dropped")
    build_parser.add_argument("--mteb-recipe", metavar="PATH", default=MTEB_RECIPE,
                              help=f"the c2llm recipe whose decontaminate.test_sets are read (a shipped name or a "
                                   f"path; default: {MTEB_RECIPE})")
    args = parser.parse_args(argv)
    from c2llm.errors import UserError

    try:
        return build(args) if args.command == "build" else pin(args) or 0
    except UserError as error:  # names the option; one line, no traceback
        print(f"error: {error}", file=sys.stderr)
        return error.exit_code
    except (OSError, ValueError, KeyError, RuntimeError) as error:
        print(f"error: {type(error).__name__}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
