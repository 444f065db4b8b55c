"""``manifest.json`` of a built training folder: what ``c2llm data build`` wrote, and how training reads it.

The manifest lists every output table (``<name>/<language>.parquet``: rows, sha256, the prompt's MTEB task, the loss
weight, estimated tokens), every source (pinned and resolved revision, rows read and kept per language, drops by
reason), the hard-negative and decontamination settings, the MTEB tasks whose data was trained on and the Hub
datasets read. ``c2llm train --dataset DIR`` reads the folder through it (:func:`load_built_dataset`).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..atomic import atomic_write_text
from ..errors import UserError

MANIFEST = "manifest.json"
FORMAT = 1


class ManifestError(UserError, ValueError):
    """A built folder that cannot be trained on; the message names the folder or file."""


@dataclass
class Manifest:
    """The parsed ``manifest.json``."""

    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_build(cls, *, recipe, seed: int, sources: list[dict], negatives: dict, decontamination: dict) -> Manifest:
        outputs, dropped = [], Counter()
        pairs = with_negatives = 0
        for source in sources:
            for language, entry in source["languages"].items():
                dropped.update(entry["dropped"])
                if not entry.get("file"):
                    continue
                tokens = entry["estimated_tokens"]
                pairs += tokens["pairs"]
                with_negatives += tokens["with_negatives"]
                outputs.append({"group": f"{source['name']}/{language}", "file": entry["file"], "rows": entry["rows"],
                                "sha256": entry["sha256"], "source": source["name"], "language": language,
                                "prompt_task": source["prompt_task"], "loss_weight": source["loss_weight"]})
        return cls({
            "format": FORMAT,
            "created_by": f"c2llm {__version__}",
            "recipe": {"name": recipe.name, "file": recipe.path.name, "seed": seed},
            "rows": sum(output["rows"] for output in outputs),
            "outputs": outputs,
            "sources": sources,
            "dropped": dict(sorted(dropped.items())),
            "negatives": negatives,
            "decontamination": decontamination,
            "mteb_tasks": sorted({s["mteb_task"] for s in sources if s.get("mteb_task")}),
            "training_datasets": list(dict.fromkeys(s["hub"] for s in sources)),
            "estimated_tokens": {"pairs": pairs, "with_negatives": with_negatives,
                                 "train_negatives": negatives["train"], "max_length": recipe.max_length},
        })  # fmt: skip

    def write(self, path: Path) -> Path:
        return atomic_write_text(path, json.dumps(self.data, indent=2, ensure_ascii=False) + "\n")

    @classmethod
    def read(cls, folder: str | Path) -> Manifest:
        path = Path(folder) / MANIFEST
        if not path.is_file():
            raise ManifestError(f"{folder}: no {MANIFEST} (build the folder with `c2llm data build`)")
        try:
            data = json.loads(path.read_text())
        except json.JSONDecodeError as error:
            raise ManifestError(f"{path}: invalid JSON ({error.msg} at line {error.lineno})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("outputs"), list):
            raise ManifestError(f"{path}: not a manifest of format {FORMAT} written by `c2llm data build`")
        return cls(data)

    @property
    def outputs(self) -> list[dict[str, Any]]:
        return self.data["outputs"]

    @property
    def mteb_tasks(self) -> list[str]:
        return list(self.data.get("mteb_tasks") or [])

    @property
    def training_datasets(self) -> list[str]:
        return list(self.data.get("training_datasets") or [])

    @property
    def train_negatives(self) -> int:
        return int(self.data["negatives"]["train"])


def is_built_folder(path: str | Path) -> bool:
    """Whether ``path`` is a folder written by ``c2llm data build``."""
    return (Path(path) / MANIFEST).is_file()


@dataclass
class BuiltDataset:
    """A built folder loaded for training: one ``Dataset`` per group ``<name>/<language>``."""

    groups: dict[str, Any]
    prompt_tasks: dict[str, str]
    loss_weights: dict[str, float]
    manifest: Manifest


def load_built_dataset(folder: str | Path) -> BuiltDataset:
    """Every output table of a built folder, keyed ``<name>/<language>`` (batches are drawn from one group).

    Raises:
        ManifestError: The manifest is missing or invalid, or a table is missing or has other rows than listed.
    """
    from datasets import load_dataset

    folder = Path(folder)
    manifest = Manifest.read(folder)
    groups, prompts, weights = {}, {}, {}
    for output in manifest.outputs:
        path = folder / output["file"]
        if not path.is_file():
            raise ManifestError(f"{path}: listed in {folder / MANIFEST} but missing")
        dataset = load_dataset("parquet", data_files=str(path), split="train")
        if len(dataset) != output["rows"]:
            raise ManifestError(f"{path}: {len(dataset)} rows, {folder / MANIFEST} lists {output['rows']}; rebuild")
        if "language" in dataset.column_names:
            dataset = dataset.remove_columns("language")
        groups[output["group"]] = dataset
        prompts[output["group"]] = output["prompt_task"]
        weights[output["group"]] = float(output["loss_weight"])
    if not groups:
        raise ManifestError(f"{folder / MANIFEST}: no output tables")
    return BuiltDataset(groups, prompts, weights, manifest)
