"""Weights on disk: safetensors headers and shards read without loading the data, checked against the file
sizes and against the tensors the folder's model needs."""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..layout import SINGLE_WEIGHTS, WEIGHTS_INDEX

_SAFETENSORS_DTYPE_BYTES = {
    "BOOL": 1, "U8": 1, "I8": 1, "F8_E4M3": 1, "F8_E5M2": 1, "U16": 2, "I16": 2, "F16": 2, "BF16": 2,
    "U32": 4, "I32": 4, "F32": 4, "U64": 8, "I64": 8, "F64": 8,
}  # fmt: skip


class CheckpointError(UserError, ValueError):
    """A weights file is missing, truncated or inconsistent; the message names the file."""


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
