"""Export a model folder for the Hub: copy it without trainer files, fix what a re-save can leave wrong, write
the model card, and verify the result (:func:`c2llm.hub.verify.verify`).

Command line: ``c2llm export --model DIR --output-dir HUB_DIR --model-id ORG/NAME``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
from pathlib import Path

from ..atomic import staged_directory
from ..errors import UserError
from .hub_card import find_results_json, write_model_card
from ..layout import (
    AUTO_MAP,
    CODE_FILES,
    CONFIG,
    DEFAULT_LICENSE,
    MODULES,
    PLACEHOLDER_ID,
    REQUIREMENTS,
    ST_CONFIG,
    TRAINER_ARTIFACTS,
    add_requirements,
)
from .verify import VerifyReport, verify


class ExportError(UserError, ValueError):
    """The export cannot start: a missing source, or a target that would overwrite something else."""


def export(
    model_dir: str | os.PathLike,
    out_dir: str | os.PathLike,
    model_id: str = PLACEHOLDER_ID,
    *,
    results_json: str | os.PathLike | None = None,
    base_model: str | None = None,
    license: str = DEFAULT_LICENSE,
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
        raise ExportError(f"{source}: no such model folder")
    if target == source or source in target.parents or target in source.parents:
        raise ExportError(f"--output-dir {target} must be outside the model folder {source} (and not contain it)")
    if target.exists() and not overwrite:
        is_model = (target / CONFIG).exists() or (target / MODULES).exists()
        if any(target.iterdir()) and not is_model:
            raise ExportError(f"{target} exists and is not a model folder; pass overwrite=True (--overwrite)")


def fix_layout(model_dir: Path) -> list[str]:
    """Repair what a re-save or an old version can leave wrong; returns what was changed."""
    fixes = []
    for name in CODE_FILES:
        if not (model_dir / name).is_file():
            shutil.copy2(_package_code_file(name), model_dir / name)
            fixes.append(f"copied {name} into the root")
    config_path = model_dir / CONFIG
    if config_path.is_file():
        config = json.loads(config_path.read_text())
        if config.get("model_type") == "c2llm" and any(config.get("auto_map", {}).get(k) != v
                                                       for k, v in AUTO_MAP.items()):
            config["auto_map"] = {**config.get("auto_map", {}), **AUTO_MAP}
            config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
            fixes.append("set auto_map in config.json")
    st_config = model_dir / ST_CONFIG
    if st_config.is_file():
        current = json.loads(st_config.read_text()).get("requirements") or {}
        if any(package not in current for package in REQUIREMENTS):
            add_requirements(model_dir)
            fixes.append("added requirements to config_sentence_transformers.json")
    return fixes


def _package_code_file(name: str) -> Path:
    """This installation's copy of a model code file (a top-level module: the checkout or site-packages)."""
    spec = importlib.util.find_spec(Path(name).stem)
    path = Path(spec.origin) if spec and spec.origin else Path(name)
    if not path.is_file():
        raise ExportError(f"{path}: this installation has no {name} to copy")
    return path
