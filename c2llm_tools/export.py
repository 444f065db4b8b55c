"""Check a C2LLM model folder for the Hub, export it with a model card, and push it.

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

Command line::

    python -m c2llm_tools.export MODEL_DIR                                   # verify in place
    python -m c2llm_tools.export MODEL_DIR --out hub/my-model --model-id me/my-model --results results.json
    python -m c2llm_tools.export MODEL_DIR --out hub/my-model --push me/my-model   # needs HF_TOKEN or `hf auth login`

Loading a published model by repo id works as in transformers: ``SentenceTransformer("me/my-model",
trust_remote_code=True, revision="<commit sha>")``. :func:`load_checked` does the same with one-line errors that name
the id (e.g. offline and not cached) or the broken file.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

PROJECT_ROOT = Path(__file__).resolve().parents[1]
# Names of this project: the fresh-process load must succeed without any of them.
PROJECT_MODULES = ("configuration_c2llm", "modeling_c2llm", "c2llm_tools", "hub_card", "train_sentence_transformers")
CODE_FILES = ("configuration_c2llm.py", "modeling_c2llm.py")
AUTO_MAP = {"AutoConfig": "configuration_c2llm.C2LLMConfig", "AutoModel": "modeling_c2llm.C2LLMModel"}
REQUIRED_FILES = (
    "config.json",
    *CODE_FILES,
    "modules.json",
    "sentence_bert_config.json",
    "config_sentence_transformers.json",
    "tokenizer_config.json",
)
TOKENIZER_VOCAB_FILES = ("tokenizer.json", "vocab.json")  # at least one
SINGLE_WEIGHTS = "model.safetensors"
WEIGHTS_INDEX = "model.safetensors.index.json"
# Trainer checkpoint files that do not belong in a published model.
TRAINER_ARTIFACTS = (
    "optimizer.pt",
    "scheduler.pt",
    "scaler.pt",
    "trainer_state.json",
    "training_args.bin",
    "rng_state*.pth",
    "__pycache__",
    ".ipynb_checkpoints",
)
# Max |SentenceTransformer - AutoModel| per loaded dtype.
TOLERANCE = {"torch.float32": 1e-5, "torch.bfloat16": 2e-2, "torch.float16": 5e-3}
PLACEHOLDER_ID = "ORG/NAME"
SAMPLE_QUERIES = ["Return the sum of two numbers.", "Parse a JSON document and return a dict."]
SAMPLE_DOCUMENTS = [
    "def add(a, b):\n    return a + b",
    "import json\n\ndef load(path):\n    with open(path) as f:\n        return json.load(f)",
    "x",
]
_SAFETENSORS_DTYPE_BYTES = {
    "BOOL": 1, "U8": 1, "I8": 1, "F8_E4M3": 1, "F8_E5M2": 1, "U16": 2, "I16": 2, "F16": 2, "BF16": 2,
    "U32": 4, "I32": 4, "F32": 4, "U64": 8, "I64": 8, "F64": 8,
}  # fmt: skip


class CheckpointError(ValueError):
    """A weights file is missing, truncated or inconsistent; the message names the file."""


class PushError(RuntimeError):
    """Pushing to the Hub cannot start or failed; the message says why and what to do."""


class ModelLoadError(OSError):
    """A model could not be loaded; the one-line message names the folder or repo id."""


# --------------------------------------------------------------------------------------------------------------------
# Weights: safetensors headers, shards, tensors the model needs
# --------------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TensorInfo:
    """One tensor of a safetensors file, from its header."""

    dtype: str
    shape: tuple[int, ...]
    file: Path

    @property
    def numel(self) -> int:
        """Number of elements."""
        return math.prod(self.shape)


def read_safetensors_header(path: str | os.PathLike) -> dict[str, TensorInfo]:
    """The tensors of one safetensors file, checked against the file size without reading the data.

    Raises:
        CheckpointError: The file is missing, truncated, or its header is corrupt (the message names the file).
    """
    path = Path(path)
    if not path.is_file():
        raise CheckpointError(f"{path}: file not found")
    size = path.stat().st_size
    with path.open("rb") as handle:
        prefix = handle.read(8)
        if len(prefix) < 8:
            raise CheckpointError(f"{path}: truncated: {size} bytes, less than the 8-byte safetensors prefix")
        header_len = int.from_bytes(prefix, "little")
        if 8 + header_len > size:
            raise CheckpointError(
                f"{path}: truncated or not a safetensors file: the header claims {header_len} bytes, the file has "
                f"{size} bytes in all"
            )
        try:
            header = json.loads(handle.read(header_len))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CheckpointError(f"{path}: corrupt safetensors header ({exc})") from None
    if not isinstance(header, dict):
        raise CheckpointError(f"{path}: corrupt safetensors header (not a JSON object)")
    header.pop("__metadata__", None)
    return _header_tensors(path, header, data_size=size - 8 - header_len)


def _header_tensors(path: Path, header: dict[str, Any], data_size: int) -> dict[str, TensorInfo]:
    """Validate the header entries against the data section of `data_size` bytes."""
    tensors, data_end = {}, 0
    for name, entry in header.items():
        try:
            dtype, shape, (begin, end) = entry["dtype"], tuple(int(d) for d in entry["shape"]), entry["data_offsets"]
        except (KeyError, TypeError, ValueError):
            raise CheckpointError(f"{path}: corrupt safetensors header entry for tensor {name!r}") from None
        itemsize = _SAFETENSORS_DTYPE_BYTES.get(dtype)
        if itemsize is not None and end - begin != math.prod(shape) * itemsize:
            raise CheckpointError(
                f"{path}: tensor {name!r} ({dtype} {list(shape)}) spans {end - begin} bytes, expected "
                f"{math.prod(shape) * itemsize}: the header is corrupt"
            )
        tensors[name] = TensorInfo(dtype, shape, path)
        data_end = max(data_end, end)
    if data_end > data_size:
        raise CheckpointError(
            f"{path}: truncated: the header describes {data_end} bytes of tensor data but the file holds {data_size} "
            "(an interrupted download or save?); re-download or re-save it"
        )
    if data_end < data_size:
        raise CheckpointError(f"{path}: {data_size - data_end} unexpected bytes after the tensor data (corrupt file)")
    return tensors


@dataclass
class CheckpointScan:
    """The tensors of a model folder's weights (single file or shards) and what is wrong with them."""

    tensors: dict[str, TensorInfo] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def n_parameters(self) -> int:
        """Elements stored in the checkpoint."""
        return sum(info.numel for info in self.tensors.values())

    @property
    def dtypes(self) -> dict[str, int]:
        """Stored elements per safetensors dtype."""
        counts: Counter[str] = Counter()
        for info in self.tensors.values():
            counts[info.dtype] += info.numel
        return dict(counts)

    @property
    def description(self) -> str:
        """The weights file, or the index of the shards, for messages."""
        return str(self.files[0].parent / WEIGHTS_INDEX) if len(self.files) > 1 else str(self.files[0])


def scan_checkpoint(model_dir: str | os.PathLike) -> CheckpointScan:
    """Read every safetensors header of a folder (``model.safetensors`` or the shards of its index)."""
    model_dir = Path(model_dir)
    index_path, single = model_dir / WEIGHTS_INDEX, model_dir / SINGLE_WEIGHTS
    scan = CheckpointScan()
    if index_path.is_file():
        _scan_shards(index_path, scan)
    elif single.exists():
        scan.files.append(single)
        try:
            scan.tensors.update(read_safetensors_header(single))
        except CheckpointError as exc:
            scan.errors.append(str(exc))
    else:
        others = sorted(p.name for p in model_dir.glob("*.bin")) + sorted(p.name for p in model_dir.glob("*.pt"))
        hint = f" (found {', '.join(others)}: save the model again to get safetensors)" if others else ""
        scan.errors.append(f"{model_dir}: no {SINGLE_WEIGHTS} and no {WEIGHTS_INDEX}{hint}")
    return scan


def _scan_shards(index_path: Path, scan: CheckpointScan) -> None:
    """Check the shards listed by a safetensors index: present, intact, holding the tensors the index assigns."""
    try:
        weight_map = json.loads(index_path.read_text())["weight_map"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        scan.errors.append(f"{index_path}: not a valid safetensors index ({exc!r})")
        return
    for shard_name in sorted(set(weight_map.values())):
        shard = index_path.parent / shard_name
        scan.files.append(shard)
        if not shard.exists():
            scan.errors.append(f"{shard}: missing shard (listed in {index_path.name})")
            continue
        try:
            tensors = read_safetensors_header(shard)
        except CheckpointError as exc:
            scan.errors.append(str(exc))
            continue
        lacking = sorted(name for name, file in weight_map.items() if file == shard_name and name not in tensors)
        if lacking:
            scan.errors.append(f"{shard}: lacks {len(lacking)} tensor(s) {index_path.name} assigns to it: "
                               f"{_few(lacking)}")
        scan.tensors.update(tensors)


def _few(names: list[str], limit: int = 5) -> str:
    """`a, b, c, ... (+N more)`."""
    shown = ", ".join(names[:limit])
    return shown + (f", ... (+{len(names) - limit} more)" if len(names) > limit else "")


def compare_with_model(
    scan: CheckpointScan, expected: dict[str, tuple[int, ...]], tied: set[str] = frozenset()
) -> tuple[list[str], list[str]]:
    """Errors (missing or wrongly shaped tensors) and warnings (unused tensors) of a checkpoint against the shapes of
    the model its config builds. Missing tensors are errors: transformers 5 initialises them at random and only
    logs it."""
    errors, warnings = [], []
    missing = sorted(name for name in expected if name not in scan.tensors and name not in tied)
    if missing:
        errors.append(f"{scan.description}: lacks {len(missing)} tensor(s) the model needs, which transformers would "
                      f"silently initialise at random: {_few(missing)}")
    for name in sorted(set(expected) & set(scan.tensors)):
        info = scan.tensors[name]
        if tuple(info.shape) != tuple(expected[name]):
            errors.append(f"{info.file}: tensor {name} has shape {list(info.shape)}, the model built from config.json "
                          f"expects {list(expected[name])}")
    unused = sorted(set(scan.tensors) - set(expected))
    if unused:
        by_file = sorted({str(scan.tensors[name].file) for name in unused})
        warnings.append(f"{', '.join(by_file)}: {len(unused)} tensor(s) the model does not use (ignored on load): "
                        f"{_few(unused)}")
    return errors, warnings


def expected_state_shapes(model_dir: str | os.PathLike) -> tuple[dict[str, tuple[int, ...]], set[str]]:
    """Tensor shapes of the model a folder's config builds (on the meta device, no memory), and its tied keys."""
    import torch
    from transformers import AutoConfig, AutoModel

    config = AutoConfig.from_pretrained(str(model_dir), trust_remote_code=True)
    with torch.device("meta"):
        skeleton = AutoModel.from_config(config, trust_remote_code=True)
    shapes = {name: tuple(tensor.shape) for name, tensor in skeleton.state_dict().items()}
    return shapes, set(getattr(skeleton, "all_tied_weights_keys", None) or {})


def checkpoint_problems(model_dir: str | os.PathLike) -> list[str]:
    """Everything that would make the folder's weights fail to load or load partly random (empty: sound)."""
    scan = scan_checkpoint(model_dir)
    if scan.errors:
        return scan.errors
    expected, tied = expected_state_shapes(model_dir)
    return compare_with_model(scan, expected, tied)[0]


# --------------------------------------------------------------------------------------------------------------------
# Static checks of the layout
# --------------------------------------------------------------------------------------------------------------------


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
    readme = model_dir / "README.md"
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


def _missing_hint(model_dir: Path, name: str) -> str:
    """Why a required file may be missing."""
    if name in CODE_FILES:
        nested = sorted(str(p.relative_to(model_dir)) for p in model_dir.glob(f"*/{name}"))
        where = f" (a copy is in {', '.join(nested)}, where transformers does not look)" if nested else ""
        return f": the remote code must be in the folder root{where}; export copies it there"
    return ""


def _check_config(model_dir: Path, errors: list[str]) -> None:
    """`config.json`: a c2llm model whose auto_map points at the root code files."""
    config = _read_json(model_dir / "config.json", errors)
    if config is None:
        return
    if config.get("model_type") != "c2llm":
        errors.append(f"{model_dir / 'config.json'}: model_type is {config.get('model_type')!r}, expected 'c2llm'"
                      " (an official C2LLM checkpoint? convert it with python -m c2llm_tools.convert)")
    auto_map = config.get("auto_map") or {}
    for auto_class in AUTO_MAP:
        target = auto_map.get(auto_class)
        if target is None:
            errors.append(f"{model_dir / 'config.json'}: auto_map has no {auto_class} entry")
            continue
        module = target.split("--")[-1].rsplit(".", 1)[0]
        if "--" not in target and not (model_dir / f"{module}.py").is_file():
            errors.append(f"{model_dir / 'config.json'}: auto_map {auto_class} -> {target}, but {module}.py is not "
                          "in the folder root")


def _check_modules(model_dir: Path, errors: list[str]) -> None:
    """`modules.json`: each module type is a sentence-transformers class or `file.Class` with the file in the root."""
    modules = _read_json(model_dir / "modules.json", errors)
    if modules is None:
        return
    for module in modules:
        module_type, path = module.get("type", ""), module.get("path", "")
        if not module_type.startswith("sentence_transformers."):
            parts = module_type.split(".")
            if len(parts) != 2:
                errors.append(f"{model_dir / 'modules.json'}: module type {module_type!r} is not 'file.Class' of a "
                              "root file: it only loads where that package is installed")
            elif not (model_dir / f"{parts[0]}.py").is_file():
                errors.append(f"{model_dir / 'modules.json'}: module type {module_type!r} needs {parts[0]}.py in "
                              "the folder root")
        if path and not (model_dir / path).is_dir():
            errors.append(f"{model_dir / 'modules.json'}: module folder {path!r} is missing")


def _check_st_config(model_dir: Path, errors: list[str], warnings: list[str]) -> None:
    """`config_sentence_transformers.json`: version requirements, prompts, similarity."""
    path = model_dir / "config_sentence_transformers.json"
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


# --------------------------------------------------------------------------------------------------------------------
# Fresh-process load
# --------------------------------------------------------------------------------------------------------------------

# Run as a file by a fresh interpreter: argv = model_dir, project_root, report_path, blocked module names (comma list).
_FRESH_LOAD_SCRIPT = textwrap.dedent(
    '''
    import json, os, sys, traceback
    from collections import Counter

    model_dir, project_root, report_path, blocked = sys.argv[1:5]
    root = os.path.realpath(project_root)
    sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.getcwd()) != root]
    for name in blocked.split(","):
        sys.modules[name] = None  # any import of the project raises ImportError
    report = {"errors": {}}

    def fail(stage):
        report["errors"][stage] = traceback.format_exc(limit=4)

    def save():
        with open(report_path, "w") as handle:
            json.dump(report, handle)

    QUERIES, DOCUMENTS = json.loads(os.environ["C2LLM_VERIFY_TEXTS"])
    try:
        import torch
        from sentence_transformers import SentenceTransformer
        from transformers import AutoConfig, AutoModel, AutoTokenizer
        config = AutoConfig.from_pretrained(model_dir, trust_remote_code=True)
        with torch.device("meta"):
            skeleton = AutoModel.from_config(config, trust_remote_code=True)
        report["expected"] = {k: list(v.shape) for k, v in skeleton.state_dict().items()}
        report["tied"] = sorted(getattr(skeleton, "all_tied_weights_keys", None) or {})
        del skeleton
    except Exception:
        fail("config")
        save()
        sys.exit(0)
    report["project_importable"] = []
    for name in blocked.split(","):
        try:
            __import__(name)
            report["project_importable"].append(name)
        except ImportError:
            pass
    auto = st = None
    try:
        auto, info = AutoModel.from_pretrained(model_dir, trust_remote_code=True, output_loading_info=True)
        auto.eval()
        tokenizer = AutoTokenizer.from_pretrained(model_dir, trust_remote_code=True)
        report["loading_info"] = {k: sorted(str(x) for x in v) for k, v in info.items()}
        report["auto_class"] = type(auto).__module__ + "." + type(auto).__qualname__
        report["n_parameters"] = sum(p.numel() for p in auto.parameters())
        dtypes = Counter()
        for p in auto.parameters():
            dtypes[str(p.dtype)] += p.numel()
        report["param_dtypes"] = dict(dtypes)
        report["dtype"] = str(auto.dtype)
    except Exception:
        fail("AutoModel")
    try:
        st = SentenceTransformer(model_dir, trust_remote_code=True, device="cpu")
        report["st_modules"] = [type(m).__module__ + "." + type(m).__qualname__ for m in st]
        report["embedding_dim"] = st.get_embedding_dimension()
        report["max_seq_length"] = st.max_seq_length
    except Exception:
        fail("SentenceTransformer")
    if auto is not None and st is not None:
        try:
            def embed(texts, prompt):
                batch = tokenizer([prompt + t for t in texts], padding=True, truncation=True,
                                  max_length=st.max_seq_length, return_tensors="pt")
                with torch.no_grad():
                    return auto(**batch).sentence_embedding.float()

            with torch.no_grad():
                st_q = st.encode_query(QUERIES, convert_to_tensor=True, batch_size=len(QUERIES)).float()
                st_d = st.encode_document(DOCUMENTS, convert_to_tensor=True, batch_size=len(DOCUMENTS)).float()
            am_q = embed(QUERIES, st.prompts.get("query", ""))
            am_d = embed(DOCUMENTS, st.prompts.get("document", ""))
            report["max_abs_diff"] = max((st_q - am_q).abs().max().item(), (st_d - am_d).abs().max().item())
            report["finite"] = bool(torch.isfinite(st_q).all() and torch.isfinite(st_d).all())
            report["norms"] = torch.cat([st_q, st_d]).norm(dim=-1).tolist()
        except Exception:
            fail("compare")
    save()
    '''
)


def fresh_process_load(model_dir: Path, *, timeout: float = 900.0) -> dict[str, Any]:
    """Load the folder by both entry points in a new interpreter where this project cannot be imported.

    The interpreter runs from an empty temporary directory, with this project's modules blocked
    (``sys.modules[name] = None``), its root off ``sys.path`` and ``PYTHONPATH``, the Hub offline and a fresh
    transformers modules cache, so the remote code is the copy in the folder.
    """
    with tempfile.TemporaryDirectory(prefix="c2llm-verify-") as work:
        work_dir = Path(work)
        script, report_path = work_dir / "fresh_load.py", work_dir / "report.json"
        script.write_text(_FRESH_LOAD_SCRIPT)
        run_dir = work_dir / "cwd"
        run_dir.mkdir()
        env = _isolated_env(work_dir)
        command = [sys.executable, str(script), str(model_dir), str(PROJECT_ROOT), str(report_path),
                   ",".join(PROJECT_MODULES)]
        try:
            result = subprocess.run(command, cwd=run_dir, env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"errors": {"process": f"loading took longer than {timeout:.0f} s"}}
        if not report_path.exists():
            tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-15:])
            return {"errors": {"process": f"the loader process exited with code {result.returncode}:\n{tail}"}}
        return json.loads(report_path.read_text())


def _isolated_env(work_dir: Path) -> dict[str, str]:
    """The environment of the fresh interpreter."""
    env = dict(os.environ)
    root = os.path.realpath(PROJECT_ROOT)
    python_path = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and os.path.realpath(p) != root]
    env["PYTHONPATH"] = os.pathsep.join(python_path)
    env.update(
        HF_HUB_OFFLINE="1",  # a local folder needs no network; nothing may hang on it
        HF_MODULES_CACHE=str(work_dir / "modules"),
        TOKENIZERS_PARALLELISM="false",
        C2LLM_VERIFY_TEXTS=json.dumps([SAMPLE_QUERIES, SAMPLE_DOCUMENTS]),
    )
    return env


# --------------------------------------------------------------------------------------------------------------------
# verify
# --------------------------------------------------------------------------------------------------------------------


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
    needed = ("config.json", *CODE_FILES, "modules.json", "tokenizer_config.json")
    blockers = [name for name in needed if not (model_dir / name).is_file()]
    if not blockers:
        try:
            auto_map = json.loads((model_dir / "config.json").read_text()).get("auto_map") or {}
        except (json.JSONDecodeError, UnicodeDecodeError):
            return ["config.json"]
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
    readme = model_dir / "README.md"
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


# --------------------------------------------------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------------------------------------------------


def export(
    model_dir: str | os.PathLike,
    out_dir: str | os.PathLike,
    model_id: str = PLACEHOLDER_ID,
    *,
    results_json: str | os.PathLike | None = None,
    base_model: str | None = None,
    license: str = "apache-2.0",
    datasets: list[str] | None = None,
    overwrite: bool = False,
    load: bool = True,
) -> VerifyReport:
    """Copy a model folder to `out_dir`, fix what can be fixed, write the model card, and verify the result.

    Fixes: code files missing from the root are copied from this package, a missing ``auto_map`` and ``requirements``
    are added, trainer artifacts are left out. The copy is written next to `out_dir` and swapped in whole.

    Args:
        model_dir: A C2LLM folder (e.g. ``<training output>/model``).
        out_dir: Where the Hub-ready folder goes (replaced if it is a model folder; see `overwrite`).
        model_id: Hub repo id used in the card and the upload command.
        results_json: Training results for the card (default: ``../results.json`` of `model_dir` if it names it).
        base_model: Hub id of the backbone the model was trained from.
        license: License id for the card.
        datasets: Hub dataset ids for the card's front matter.
        overwrite: Replace `out_dir` even if it does not look like a model folder.
        load: Run the fresh-process load check.

    Returns:
        The verify report of `out_dir`.
    """
    from hub_card import find_results_json, write_model_card

    from .atomic import staged_directory

    source, target = Path(model_dir).resolve(), Path(out_dir).resolve()
    _check_export_target(source, target, overwrite)
    results = results_json if results_json is not None else find_results_json(source)
    with staged_directory(target) as staging:
        shutil.copytree(source, staging, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*TRAINER_ARTIFACTS))
        fixes = fix_layout(staging)
        write_model_card(staging, model_id=model_id, results_json=results, base_model=base_model, license=license,
                         datasets=datasets)
    report = verify(target, model_id=model_id, load=load)
    report.passed[:0] = [f"fixed: {fix}" for fix in fixes]
    return report


def _check_export_target(source: Path, target: Path, overwrite: bool) -> None:
    """Refuse to export onto the source or over a folder that is not a model."""
    if not source.is_dir():
        raise FileNotFoundError(f"{source}: no such model folder")
    if target == source or source in target.parents or target in source.parents:
        raise ValueError(f"--out {target} must be outside the model folder {source} (and not contain it)")
    if target.exists() and not overwrite:
        is_model = (target / "config.json").exists() or (target / "modules.json").exists()
        if any(target.iterdir()) and not is_model:
            raise FileExistsError(f"{target} exists and is not a model folder; pass overwrite=True (--overwrite)")


def fix_layout(model_dir: Path) -> list[str]:
    """Repair what a re-save or an old version can leave wrong; returns what was changed."""
    from .build import REQUIREMENTS, add_requirements

    fixes = []
    for name in CODE_FILES:
        if not (model_dir / name).is_file():
            shutil.copy2(_package_code_file(name), model_dir / name)
            fixes.append(f"copied {name} into the root")
    config_path = model_dir / "config.json"
    if config_path.is_file():
        config = json.loads(config_path.read_text())
        if config.get("model_type") == "c2llm" and any(config.get("auto_map", {}).get(k) != v
                                                       for k, v in AUTO_MAP.items()):
            config["auto_map"] = {**config.get("auto_map", {}), **AUTO_MAP}
            config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
            fixes.append("set auto_map in config.json")
    st_config = model_dir / "config_sentence_transformers.json"
    if st_config.is_file():
        current = json.loads(st_config.read_text()).get("requirements") or {}
        if any(package not in current for package in REQUIREMENTS):
            add_requirements(model_dir)
            fixes.append("added requirements to config_sentence_transformers.json")
    return fixes


def _package_code_file(name: str) -> Path:
    """This package's copy of a model code file."""
    path = PROJECT_ROOT / name
    if not path.is_file():
        raise FileNotFoundError(f"{path}: this installation has no {name} to copy")
    return path


# --------------------------------------------------------------------------------------------------------------------
# push and load by repo id
# --------------------------------------------------------------------------------------------------------------------


def _offline() -> bool:
    """HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE) is set, now or when huggingface_hub was imported."""
    from huggingface_hub import constants

    flags = (os.environ.get("HF_HUB_OFFLINE"), os.environ.get("TRANSFORMERS_OFFLINE"))
    return constants.HF_HUB_OFFLINE or any(str(v).strip().lower() in ("1", "on", "yes", "true") for v in flags)


def push_preflight(repo_id: str, folder: str | os.PathLike | None = None, token: str | None = None) -> str:
    """Everything a push needs that can be checked without the network: a repo id, online mode, a token.

    Returns:
        The token to use.

    Raises:
        PushError: At once, with the reason and the manual command.
    """
    from huggingface_hub import get_token

    manual = f"hf upload {repo_id} {shlex.quote(str(folder))}" if folder is not None else f"hf upload {repo_id} DIR"
    if repo_id.count("/") != 1 or not all(repo_id.split("/")):
        raise PushError(f"cannot push: {repo_id!r} is not a repo id of the form ORG/NAME")
    if _offline():
        raise PushError(f"cannot push to {repo_id}: HF_HUB_OFFLINE is set (offline mode). Unset it on a machine "
                        f"with network access, then run: {manual}")
    token = token or get_token()
    if not token:
        raise PushError(f"cannot push to {repo_id}: no Hugging Face token. Set HF_TOKEN or run `hf auth login`, "
                        f"then run again or: {manual}")
    return token


def _probe_hub(token: str, timeout: float) -> str:
    """Check with one short request that the Hub answers and accepts the token; returns the user name."""
    from huggingface_hub import constants
    from huggingface_hub.utils import build_hf_headers, get_session

    url = f"{constants.ENDPOINT}/api/whoami-v2"
    try:
        response = get_session().get(url, headers=build_hf_headers(token=token), timeout=timeout)
    except Exception as exc:  # connection refused, DNS, timeout, proxy: all mean "cannot reach it"
        raise PushError(f"cannot reach the Hub at {constants.ENDPOINT} within {timeout:g} s "
                        f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]})") from None
    if response.status_code == 401:
        raise PushError(f"the Hub at {constants.ENDPOINT} rejected the token: run `hf auth login` or set HF_TOKEN")
    if response.status_code >= 400:
        raise PushError(f"the Hub at {constants.ENDPOINT} answered HTTP {response.status_code} to {url}")
    return response.json().get("name", "?")


def push(
    folder: str | os.PathLike,
    repo_id: str,
    *,
    token: str | None = None,
    private: bool | None = None,
    commit_message: str = "Upload C2LLM model",
    revision: str | None = None,
    timeout: float = 10.0,
) -> str:
    """Upload a verified folder with ``HfApi().upload_folder``; fails fast when offline, without a token, or when
    the Hub does not answer within `timeout` seconds.

    Returns:
        The URL of the commit.
    """
    from huggingface_hub import HfApi

    token = push_preflight(repo_id, folder, token)
    _probe_hub(token, timeout)
    api = HfApi(token=token)
    try:
        api.create_repo(repo_id, repo_type="model", private=private, exist_ok=True)
        commit = api.upload_folder(repo_id=repo_id, folder_path=str(folder), repo_type="model",
                                   commit_message=commit_message, revision=revision)
    except Exception as exc:
        raise PushError(f"upload of {folder} to {repo_id} failed: {' '.join(str(exc).split())[:300]}") from exc
    return str(getattr(commit, "commit_url", commit))


def load_checked(path_or_id: str | os.PathLike, revision: str | None = None, **kwargs: Any) -> SentenceTransformer:
    """``SentenceTransformer(path_or_id, trust_remote_code=True, revision=revision)`` with one-line errors.

    A local folder is checked first (truncated or missing weight files, missing or wrongly shaped tensors, which
    transformers would reject with a message that does not name the file, or silently initialise at random). A repo
    id is loaded as transformers does it (from the cache when offline); a failure names the id and the revision.

    Raises:
        ModelLoadError: The folder or repo cannot be loaded; the message names it (and the file at fault).
    """
    from .build import load_model

    local = Path(path_or_id).expanduser()
    if local.is_dir():
        problems = checkpoint_problems(local)
        if problems:
            raise ModelLoadError(f"{local}: broken checkpoint: {'; '.join(problems)}")
        return load_model(local, **kwargs)
    name = str(path_or_id)
    if name.startswith((".", "/", "~")) or name.count("/") > 1 or os.sep != "/" and os.sep in name:
        raise ModelLoadError(f"{name}: no such model folder")
    try:
        model = load_model(name, revision=revision, **kwargs)
    except Exception as exc:
        raise ModelLoadError(_hub_error_message(name, revision, exc)) from exc
    snapshot = _cached_snapshot(name, revision)
    problems = checkpoint_problems(snapshot) if snapshot is not None else []
    if problems:
        raise ModelLoadError(f"{name}: broken checkpoint in the cache ({snapshot}): {'; '.join(problems)}")
    return model


def _hub_error_message(repo_id: str, revision: str | None, exc: Exception) -> str:
    """One line saying why a repo id did not load."""
    at = f"{repo_id} (revision {revision})" if revision else repo_id
    cause = f"{type(exc).__name__}: {' '.join(str(exc).split())[:240]}"
    if _offline():
        download = f"hf download {repo_id}" + (f" --revision {revision}" if revision else "")
        return (f"{at}: not a local folder, and not in the Hugging Face cache while HF_HUB_OFFLINE is set; download "
                f"it where there is network ({download}) or pass a local folder [{cause}]")
    return (f"{at}: could not be loaded from the Hub (wrong id or revision, private without a token, or no network) "
            f"[{cause}]")


def _cached_snapshot(repo_id: str, revision: str | None) -> Path | None:
    """The cache folder a repo id was loaded from, if it can be located."""
    try:
        from huggingface_hub import try_to_load_from_cache

        found = try_to_load_from_cache(repo_id, "config.json", revision=revision)
    except Exception:
        return None
    return Path(found).parent if isinstance(found, str) else None


# --------------------------------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line arguments."""
    parser = argparse.ArgumentParser(
        prog="python -m c2llm_tools.export",
        description="Verify a C2LLM model folder for the Hugging Face Hub; with --out, export it with a model card; "
        "with --push, upload it.",
    )
    parser.add_argument("model_dir", help="the model folder (e.g. <training output>/model)")
    parser.add_argument("--model-id", help="Hub repo id ORG/NAME for the card and the upload command")
    parser.add_argument("--out", help="write the Hub-ready folder here (copy + fixes + card) and verify it")
    parser.add_argument("--push", metavar="ORG/NAME", help="upload the verified folder to this repo")
    parser.add_argument("--results", help="results.json of the training run, for the card")
    parser.add_argument("--base-model", help="Hub id of the backbone, for the card")
    parser.add_argument("--license", default="apache-2.0")
    parser.add_argument("--dataset", action="append", dest="datasets", help="Hub dataset id for the card (repeat)")
    parser.add_argument("--private", action="store_true", help="create the repo private when pushing")
    parser.add_argument("--overwrite", action="store_true", help="replace --out even if it is not a model folder")
    parser.add_argument("--no-load", action="store_true", help="skip the fresh-process load (static checks only)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point; exit code 0 when verified (and pushed), 1 when verification failed, 2 when pushing failed."""
    args = parse_args(argv)
    model_id = args.model_id or args.push or PLACEHOLDER_ID
    folder = Path(args.out or args.model_dir).resolve()
    try:
        if args.push:  # fail before any slow work when a push cannot happen
            push_preflight(args.push, folder)
        if args.out:
            report = export(args.model_dir, args.out, model_id, results_json=args.results, base_model=args.base_model,
                            license=args.license, datasets=args.datasets, overwrite=args.overwrite,
                            load=not args.no_load)
        else:
            report = verify(args.model_dir, model_id=args.model_id or args.push, load=not args.no_load)
    except PushError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report.to_dict(), indent=2) if args.json else report.format())
    if not report.ok:
        return 1
    if args.push:
        try:
            print(f"pushed: {push(folder, args.push, private=args.private or None)}")
        except PushError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
