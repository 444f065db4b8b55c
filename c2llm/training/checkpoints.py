"""Checkpoint merging: the paper's final model is a weighted average of checkpoints from different steps."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

import torch
from sentence_transformers import SentenceTransformer

from ..build import load_model
from .lora import merge_lora

_CHECKPOINT = re.compile(r"^checkpoint-(\d+)$")


def list_checkpoints(checkpoint_dir: str | os.PathLike) -> list[Path]:
    """Trainer checkpoints (`checkpoint-<step>`) in step order."""
    folder = Path(checkpoint_dir)
    if not folder.is_dir():
        return []
    found = [(int(m.group(1)), p) for p in folder.iterdir() if p.is_dir() and (m := _CHECKPOINT.match(p.name))]
    return [path for _, path in sorted(found)]


def merge_weights(count: int, weights: Sequence[float] | None) -> list[float]:
    """Normalised weights for `count` checkpoints (uniform by default); errors name the bad argument."""
    if weights is None:
        return [1.0 / count] * count
    if len(weights) != count:
        raise ValueError(f"{len(weights)} values but --merge-last is {count}")
    if any(w < 0 for w in weights) or sum(weights) <= 0:
        raise ValueError(f"must be non-negative with a positive sum, got {list(weights)}")
    total = sum(weights)
    return [w / total for w in weights]


def full_state_dict(model: SentenceTransformer) -> dict[str, torch.Tensor]:
    """The C2LLMModel weights of a loaded checkpoint, with any LoRA adapter merged in."""
    hf_model = model[0].model
    if getattr(hf_model, "_hf_peft_config_loaded", False):
        merge_lora(hf_model)
    return hf_model.state_dict()


def average_checkpoints(
    checkpoints: Sequence[str | os.PathLike], weights: Sequence[float] | None = None
) -> SentenceTransformer:
    """Load the checkpoints and return the first one carrying their weighted average (accumulated in float32)."""
    if not checkpoints:
        raise ValueError("average_checkpoints: no checkpoints given")
    weights = merge_weights(len(checkpoints), weights)
    merged_model, average = None, {}
    for path, weight in zip(checkpoints, weights):
        model = load_model(path)
        state = full_state_dict(model)
        for key, tensor in state.items():
            average[key] = average.get(key, 0) + weight * tensor.float()
        if merged_model is None:
            merged_model = model
    hf_model = merged_model[0].model
    dtype = next(hf_model.parameters()).dtype
    hf_model.load_state_dict({key: tensor.to(dtype) for key, tensor in average.items()})
    return merged_model
