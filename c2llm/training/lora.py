"""LoRA for C2LLM: adapters on the backbone's linear layers, the pooling head fully trained.

Two traps this guards (research note, ecosystem §3.4): target names such as `q_proj` would also match attention-like
projections of a head, and a LoRA'd model freezes every module that is not an adapter, including a fresh PMA head.
"""

from __future__ import annotations

import re
from importlib.metadata import version

from packaging.version import Version
from peft import LoraConfig, TaskType
from torch import nn

from ..errors import ConfigError

# The fix that every incompatible-pair message gives: the versions this repository was tested with (constraints.txt,
# written by `.ci/lock`).
TESTED_INSTALL = "pip install -c constraints.txt -e ."


def require_compatible_peft() -> None:
    """Refuse at start-up a transformers/peft pair whose LoRA integration would fail mid-run.

    transformers checks its own minimum peft (``MIN_PEFT_VERSION``) only when an adapter is added, deep inside a
    run; transformers 5.24 raised it to 0.22 before any such peft was published. Reading transformers' own constant
    keeps this check right for releases we have not seen.
    """
    from transformers.integrations.peft import MIN_PEFT_VERSION

    installed = version("peft")
    if Version(installed) < Version(MIN_PEFT_VERSION):
        raise ConfigError(
            "lora_r",
            f"transformers {version('transformers')} needs peft >= {MIN_PEFT_VERSION} for LoRA, but peft {installed} "
            f"is installed; install the tested versions with `{TESTED_INSTALL}`",
        )


def backbone_linear_names(model: nn.Module) -> list[str]:
    """Leaf names of the linear layers inside `model.backbone` (q_proj, ..., down_proj for Qwen2)."""
    names = {name.rsplit(".", 1)[-1] for name, module in model.backbone.named_modules() if isinstance(module, nn.Linear)}
    return sorted(names)


def lora_config(
    model: nn.Module,
    *,
    r: int = 64,
    alpha: int = 32,
    dropout: float = 0.0,
    target_modules: list[str] | None = None,
) -> LoraConfig:
    """A `LoraConfig` for a `C2LLMModel` (the paper: r=64, alpha=32). `target_modules` are leaf names inside the
    backbone, all of its linear layers by default; the pooling head is saved and trained in full."""
    require_compatible_peft()
    targets = target_modules or backbone_linear_names(model)
    unknown = sorted(set(targets) - set(backbone_linear_names(model)))
    if unknown:
        raise ValueError(f"target_modules {unknown} are not linear layers of the backbone {backbone_linear_names(model)}")
    pattern = r"backbone\..*\.(" + "|".join(re.escape(name) for name in targets) + r")"
    return LoraConfig(
        task_type=TaskType.FEATURE_EXTRACTION,
        r=r,
        lora_alpha=alpha,
        lora_dropout=dropout,
        target_modules=pattern,  # a string is matched as a full regex, so only backbone modules qualify
        modules_to_save=["pma"] if getattr(model, "pma", None) is not None else None,
    )


def merge_lora(model: nn.Module) -> nn.Module:
    """Fold LoRA adapters injected in place (`SentenceTransformer.add_adapter`) into the base weights and unwrap the
    fully trained modules (`modules_to_save`), leaving a plain model that saves as full weights.

    The in-place integration has no `merge_and_unload`; this does the same with peft's public layer API.
    """
    from peft.tuners.tuners_utils import BaseTunerLayer
    from peft.utils import ModulesToSaveWrapper

    for name, module in list(model.named_modules()):
        if isinstance(module, BaseTunerLayer):
            module.merge()
            replacement = module.get_base_layer()
        elif isinstance(module, ModulesToSaveWrapper):
            replacement = module.modules_to_save[module.active_adapters[0]]
        else:
            continue
        parent_name, _, child_name = name.rpartition(".")
        setattr(model.get_submodule(parent_name) if parent_name else model, child_name, replacement)
    for parameter in model.parameters():
        parameter.requires_grad_(True)
    if hasattr(model, "peft_config"):
        del model.peft_config
    model._hf_peft_config_loaded = False
    return model
