"""Check that a C2LLM model folder is ready for the Hub.

``verify(model_dir)`` checks what a Hub user will meet:

* the files of the layout (``config.json`` with ``auto_map``, both code files in the root, ``modules.json`` types that
  resolve, tokenizer, ``requirements`` in ``config_sentence_transformers.json``, a valid card front matter);
* the weights: every safetensors header is read and checked against the file size (a truncated file, a missing shard
  or a shard that lacks its tensors is named), then against the tensors the model needs (transformers 5 silently
  initialises missing weights at random: they are errors here);
* loading in a FRESH interpreter where this project cannot be imported (its modules are blocked and its root is off
  ``sys.path``), by both entry points, ``SentenceTransformer(dir, trust_remote_code=True)`` and
  ``AutoModel.from_pretrained(dir, trust_remote_code=True)`` + the tokenizer, whose embeddings must agree (fp32: 1e-5).

It reports the size on disk, the parameter count and dtype, and the ``hf upload ORG/NAME FOLDER`` command.

Command line: ``c2llm verify --model DIR``.
"""

from __future__ import annotations

import json
import os
import shlex
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..layout import (
    AUTO_MAP,
    CARD,
    CODE_FILES,
    CONFIG,
    CONVERSION_FORMAT,
    CONVERSION_RECORD,
    MODULES,
    PLACEHOLDER_ID,
    REQUIRED_FILES,
    ST_CONFIG,
    TOKENIZER_CONFIG,
    TOKENIZER_VOCAB_FILES,
    TRAINER_ARTIFACTS,
)
from .checkpoint_files import CheckpointScan, compare_with_model, scan_checkpoint
from .fresh_load import fresh_process_load

# Max |SentenceTransformer - AutoModel| per loaded dtype.
TOLERANCE = {"torch.float32": 1e-5, "torch.bfloat16": 2e-2, "torch.float16": 5e-3}


def _read_json(path: Path, errors: list[str]) -> Any:
    """Parsed JSON, or None with an error naming the file."""
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return None  # reported by the required-files check
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        errors.append(f"{path}: invalid JSON ({exc})")
        return None


def check_layout(model_dir: Path) -> tuple[list[str], list[str]]:
    """Errors and warnings about the files of the Hub layout (weights excluded)."""
    errors: list[str] = []
    warnings: list[str] = []
    for name in REQUIRED_FILES:
        if not (model_dir / name).is_file():
            errors.append(f"{model_dir / name}: missing" + _missing_hint(model_dir, name))
    if not any((model_dir / name).is_file() for name in TOKENIZER_VOCAB_FILES):
        errors.append(f"{model_dir}: no tokenizer vocabulary ({' or '.join(TOKENIZER_VOCAB_FILES)})")
    _check_config(model_dir, errors)
    _check_modules(model_dir, errors)
    _check_st_config(model_dir, errors, warnings)
    _check_conversion(model_dir, warnings)
    readme = model_dir / CARD
    if readme.is_file():
        card_errors, card_warnings = check_card(readme)
        errors += card_errors
        warnings += card_warnings
    else:
        warnings.append(f"{readme}: no model card (export writes one)")
    for pattern in TRAINER_ARTIFACTS:
        for path in model_dir.glob(pattern):
            warnings.append(f"{path}: trainer artifact, not needed on the Hub (export leaves it out)")
    return errors, warnings


def _check_conversion(model_dir: Path, warnings: list[str]) -> None:
    """A release converted by an earlier `c2llm convert`: its head adds the raw seed, not the official projected one."""
    record = _read_json(model_dir / CONVERSION_RECORD, [])
    if isinstance(record, dict) and record.get("format", 1) < CONVERSION_FORMAT:
        warnings.append(f"{model_dir / CONVERSION_RECORD}: converted before the official head was known (format "
                        f"{record.get('format', 1)} < {CONVERSION_FORMAT}): its PMA adds the raw seed; convert the "
                        "release again with `c2llm convert`")


def _missing_hint(model_dir: Path, name: str) -> str:
    """Why a required file may be missing."""
    if name in CODE_FILES:
        nested = sorted(str(p.relative_to(model_dir)) for p in model_dir.glob(f"*/{name}"))
        where = f" (a copy is in {', '.join(nested)}, where transformers does not look)" if nested else ""
        return f": the remote code must be in the folder root{where}; export copies it there"
    return ""


def _check_config(model_dir: Path, errors: list[str]) -> None:
    """`config.json`: a c2llm model whose auto_map points at the root code files."""
    config = _read_json(model_dir / CONFIG, errors)
    if config is None:
        return
    if config.get("model_type") != "c2llm":
        errors.append(f"{model_dir / CONFIG}: model_type is {config.get('model_type')!r}, expected 'c2llm'"
                      " (an official C2LLM checkpoint? convert it with `c2llm convert`)")
    auto_map = config.get("auto_map") or {}
    for auto_class in AUTO_MAP:
        target = auto_map.get(auto_class)
        if target is None:
            errors.append(f"{model_dir / CONFIG}: auto_map has no {auto_class} entry")
            continue
        module = target.split("--")[-1].rsplit(".", 1)[0]
        if "--" not in target and not (model_dir / f"{module}.py").is_file():
            errors.append(f"{model_dir / CONFIG}: auto_map {auto_class} -> {target}, but {module}.py is not "
                          "in the folder root")


def _check_modules(model_dir: Path, errors: list[str]) -> None:
    """`modules.json`: each module type is a sentence-transformers class or `file.Class` with the file in the root."""
    modules = _read_json(model_dir / MODULES, errors)
    if modules is None:
        return
    for module in modules:
        module_type, path = module.get("type", ""), module.get("path", "")
        if not module_type.startswith("sentence_transformers."):
            parts = module_type.split(".")
            if len(parts) != 2:
                errors.append(f"{model_dir / MODULES}: module type {module_type!r} is not 'file.Class' of a "
                              "root file: it only loads where that package is installed")
            elif not (model_dir / f"{parts[0]}.py").is_file():
                errors.append(f"{model_dir / MODULES}: module type {module_type!r} needs {parts[0]}.py in "
                              "the folder root")
        if path and not (model_dir / path).is_dir():
            errors.append(f"{model_dir / MODULES}: module folder {path!r} is missing")


def _check_st_config(model_dir: Path, errors: list[str], warnings: list[str]) -> None:
    """`config_sentence_transformers.json`: version requirements, prompts, similarity."""
    path = model_dir / ST_CONFIG
    config = _read_json(path, errors)
    if config is None:
        return
    requirements = config.get("requirements") or {}
    for package in ("transformers", "sentence_transformers"):
        if package not in requirements:
            errors.append(f"{path}: requirements has no {package!r} entry (old versions would load the checkpoint "
                          "wrongly); export adds it")
    prompts = config.get("prompts") or {}
    for name in ("query", "document"):
        if name not in prompts:
            warnings.append(f"{path}: no {name!r} prompt: encode_{name} would embed raw text")
    if config.get("similarity_fn_name") not in (None, "cosine"):
        warnings.append(f"{path}: similarity_fn_name is {config.get('similarity_fn_name')!r}; C2LLM uses cosine")


def check_card(readme: str | os.PathLike) -> tuple[list[str], list[str]]:
    """Errors and warnings about a model card's YAML front matter (parsed with huggingface_hub)."""
    import yaml
    from huggingface_hub import ModelCardData, metadata_load
    from huggingface_hub.repocard_data import model_index_to_eval_results

    readme = Path(readme)
    try:
        metadata = metadata_load(readme)
    except yaml.YAMLError as exc:
        return [f"{readme}: invalid YAML front matter ({' '.join(str(exc).split())})"], []
    if not metadata:
        return [f"{readme}: no YAML front matter (library_name, pipeline_tag, tags)"], []
    errors, warnings = [], []
    try:
        ModelCardData(**metadata)
        if "model-index" in metadata:
            model_index_to_eval_results(metadata["model-index"])
    except (KeyError, TypeError, ValueError) as exc:
        errors.append(f"{readme}: invalid front matter ({exc!r})")
    if metadata.get("library_name") != "sentence-transformers":
        warnings.append(f"{readme}: library_name is {metadata.get('library_name')!r}, not 'sentence-transformers'")
    if metadata.get("pipeline_tag") not in ("sentence-similarity", "feature-extraction"):
        warnings.append(f"{readme}: pipeline_tag is {metadata.get('pipeline_tag')!r}")
    text = readme.read_text()
    if "sentence_transformers_model_id" in text or "trust_remote_code=True" not in text:
        warnings.append(f"{readme}: the usage snippet is sentence-transformers' auto card (no repo id, no "
                        "trust_remote_code=True); export writes the C2LLM card")
    return errors, warnings


@dataclass
class VerifyReport:
    """What :func:`verify` found. ``ok`` is True when there is no error."""

    model_dir: str
    model_id: str = PLACEHOLDER_ID
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)
    size_bytes: int = 0
    n_parameters: int | None = None
    stored_dtypes: dict[str, int] = field(default_factory=dict)
    dtype: str | None = None
    embedding_dim: int | None = None
    max_seq_length: int | None = None
    max_abs_diff: float | None = None
    tolerance: float | None = None
    loaded: bool = False

    @property
    def ok(self) -> bool:
        """No error was found."""
        return not self.errors

    @property
    def upload_command(self) -> str:
        """The `hf upload` command that publishes the folder."""
        return f"hf upload {self.model_id} {shlex.quote(self.model_dir)}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready report."""
        return {**asdict(self), "ok": self.ok, "upload_command": self.upload_command}

    def format(self) -> str:
        """Human-readable report."""
        lines = [f"{'OK' if self.ok else 'FAILED'}: {self.model_dir}"]
        lines += [f"  ok       {line}" for line in self.passed]
        lines += [f"  WARNING  {line}" for line in self.warnings]
        lines += [f"  ERROR    {line}" for line in self.errors]
        lines.append(f"size on disk: {_human_size(self.size_bytes)} ({self.size_bytes:,} bytes)")
        if self.n_parameters is not None:
            stored = ", ".join(f"{name} {count:,}" for name, count in sorted(self.stored_dtypes.items()))
            loaded = f"loaded as {self.dtype}; " if self.dtype else ""
            lines.append(f"parameters: {self.n_parameters:,} ({loaded}stored: {stored})")
        if self.embedding_dim is not None:
            lines.append(f"embedding dimension: {self.embedding_dim}, max_seq_length: {self.max_seq_length}")
        lines.append(f"upload: {self.upload_command}" if self.ok else "upload: fix the errors above first")
        return "\n".join(lines)


def _human_size(size: int) -> str:
    """`1.2 GB` style."""
    value = float(size)
    for unit in ("B", "kB", "MB", "GB", "TB"):
        if value < 1000 or unit == "TB":
            return f"{value:.1f} {unit}" if unit != "B" else f"{int(value)} B"
        value /= 1000
    return f"{size} B"


def folder_size(model_dir: Path) -> int:
    """Bytes of all files under the folder."""
    return sum(path.stat().st_size for path in model_dir.rglob("*") if path.is_file())


def verify(
    model_dir: str | os.PathLike, *, model_id: str | None = None, load: bool = True, timeout: float = 900.0
) -> VerifyReport:
    """Check that a model folder is ready for the Hub and loads, without this project, by both entry points.

    Args:
        model_dir: The folder to check.
        model_id: Repo id for the printed upload command (default: the card's model-index name, else ORG/NAME).
        load: Also load it in a fresh interpreter and compare the two entry points (the slow part).
        timeout: Seconds allowed for that load.

    Returns:
        The report; ``report.ok`` is False when any error was found.
    """
    model_dir = Path(model_dir).resolve()
    report = VerifyReport(model_dir=str(model_dir), model_id=model_id or _card_model_id(model_dir) or PLACEHOLDER_ID)
    if not model_dir.is_dir():
        report.errors.append(f"{model_dir}: not a folder")
        return report
    report.size_bytes = folder_size(model_dir)
    layout_errors, layout_warnings = check_layout(model_dir)
    report.errors += layout_errors
    report.warnings += layout_warnings
    if not layout_errors:
        report.passed.append("layout: config.json auto_map, code files in the root, modules, tokenizer, requirements")
    scan = scan_checkpoint(model_dir)
    report.errors += scan.errors
    if scan.tensors:
        report.n_parameters, report.stored_dtypes = scan.n_parameters, scan.dtypes
    if not scan.errors:
        report.passed.append(f"weights: {len(scan.files)} safetensors file(s) intact, {len(scan.tensors)} tensors")
    blockers = scan.errors + _load_blockers(model_dir)
    if load and not blockers:
        _check_fresh_load(model_dir, scan, report, timeout)
    elif load:
        report.warnings.append("not loaded in a fresh process: fix the file errors first")
    return report


def _load_blockers(model_dir: Path) -> list[str]:
    """Problems that make loading pointless (it could only fail): missing files the loaders read, no auto_map."""
    needed = (CONFIG, *CODE_FILES, MODULES, TOKENIZER_CONFIG)
    blockers = [name for name in needed if not (model_dir / name).is_file()]
    if not blockers:
        try:
            auto_map = json.loads((model_dir / CONFIG).read_text()).get("auto_map") or {}
        except (json.JSONDecodeError, UnicodeDecodeError):
            return [CONFIG]
        blockers += [f"auto_map.{name}" for name in AUTO_MAP if name not in auto_map]
    return blockers


def _check_fresh_load(model_dir: Path, scan: CheckpointScan, report: VerifyReport, timeout: float) -> None:
    """Fill the report from a fresh-process load."""
    result = fresh_process_load(model_dir, timeout=timeout)
    for stage, message in result.get("errors", {}).items():
        report.errors.append(f"{stage} load failed in a fresh process: {_last_line(message)}")
    if "expected" in result:
        expected = {name: tuple(shape) for name, shape in result["expected"].items()}
        weight_errors, weight_warnings = compare_with_model(scan, expected, set(result.get("tied", [])))
        report.errors += weight_errors
        report.warnings += weight_warnings
        if not weight_errors:
            report.passed.append("weights: every tensor the model needs is stored, with its shape")
    if result.get("project_importable"):
        report.errors.append(f"the fresh process could import {result['project_importable']}: isolation failed")
    _check_remote_code(result, report)
    report.dtype = result.get("dtype")
    report.n_parameters = result.get("n_parameters", report.n_parameters)
    report.embedding_dim, report.max_seq_length = result.get("embedding_dim"), result.get("max_seq_length")
    if "max_abs_diff" in result:
        report.loaded = True
        _check_agreement(result, report)


def _check_remote_code(result: dict[str, Any], report: VerifyReport) -> None:
    """The classes must come from the folder's own code (transformers_modules), not from an installed package."""
    classes = [result.get("auto_class"), *result.get("st_modules", [])]
    foreign = [c for c in classes if c and not c.startswith(("transformers_modules.", "sentence_transformers."))]
    if foreign:
        report.errors.append(f"classes loaded from outside the folder: {foreign}")
    elif result.get("auto_class"):
        report.passed.append("remote code: both entry points use the folder's own code files")


def _check_agreement(result: dict[str, Any], report: VerifyReport) -> None:
    """SentenceTransformer and AutoModel embeddings agree within the dtype's tolerance."""
    report.max_abs_diff = result["max_abs_diff"]
    report.tolerance = TOLERANCE.get(result.get("dtype"), 1e-5)
    if not result.get("finite", False):
        report.errors.append("embeddings contain NaN or infinity")
    if report.max_abs_diff > report.tolerance:
        report.errors.append(f"SentenceTransformer and AutoModel embeddings differ by {report.max_abs_diff:.3g} "
                             f"(tolerance {report.tolerance:g} for {result.get('dtype')})")
    else:
        report.passed.append(f"SentenceTransformer == AutoModel + tokenizer: max |diff| {report.max_abs_diff:.2g} "
                             f"<= {report.tolerance:g} ({result.get('dtype')})")


def _last_line(message: str) -> str:
    """The exception line of a traceback."""
    lines = [line for line in message.strip().splitlines() if line.strip()]
    return lines[-1] if lines else message


def _card_model_id(model_dir: Path) -> str | None:
    """The repo id a C2LLM card was written for (its model-index name)."""
    readme = model_dir / CARD
    if not readme.is_file():
        return None
    try:
        from huggingface_hub import metadata_load

        metadata = metadata_load(readme) or {}
    except Exception:  # a broken card is reported by check_card
        return None
    index = metadata.get("model-index") or []
    name = index[0].get("name") if index and isinstance(index[0], dict) else None
    return name if isinstance(name, str) and name.count("/") == 1 else None
