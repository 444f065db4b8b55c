"""What a C2LLM model folder holds: its file names, the ``auto_map`` of its config, the packages a user needs, and
what kind of folder a path is (this package's, or a release to convert).

Defined once here; building, verifying, exporting, converting and the model card all read it::

    config.json, model.safetensors          C2LLMModel: backbone + pooling weights, stored once
    configuration_c2llm.py, modeling_c2llm.py   the remote code (auto_map points here)
    modules.json                            [Transformer -> C2LLMPooling]
    sentence_bert_config.json, tokenizer files
    config_sentence_transformers.json       prompts, cosine similarity, version requirements
    README.md                               the model card
"""

from __future__ import annotations

import json
import os
from pathlib import Path

CONFIGURATION_CODE, MODELING_CODE = "configuration_c2llm.py", "modeling_c2llm.py"  # official snapshots name theirs alike
CODE_FILES = (CONFIGURATION_CODE, MODELING_CODE)
AUTO_MAP = {"AutoConfig": "configuration_c2llm.C2LLMConfig", "AutoModel": "modeling_c2llm.C2LLMModel"}
CONFIG = "config.json"
MODULES = "modules.json"
ST_CONFIG = "config_sentence_transformers.json"
ST_MODULE_CONFIG = "sentence_bert_config.json"  # the settings of module 0 (the Transformer)
TOKENIZER_CONFIG = "tokenizer_config.json"
TOKENIZER_JSON = "tokenizer.json"
REQUIRED_FILES = (CONFIG, *CODE_FILES, MODULES, ST_MODULE_CONFIG, ST_CONFIG, TOKENIZER_CONFIG)
TOKENIZER_VOCAB_FILES = (TOKENIZER_JSON, "vocab.json")  # at least one
TOKENIZER_FILES = (TOKENIZER_JSON, TOKENIZER_CONFIG, "vocab.json", "merges.txt", "special_tokens_map.json",
                   "added_tokens.json", "chat_template.jinja")  # fmt: skip
SINGLE_WEIGHTS = "model.safetensors"
WEIGHTS_INDEX = "model.safetensors.index.json"
CONVERSION_RECORD = "c2llm_conversion.json"  # provenance of a converted official checkpoint (the card reads it)
BACKBONE_SOURCE = "c2llm_backbone_source.json"  # provenance of a backbone read from a GGUF file (c2llm.backbones)
CARD = "README.md"
TRAINER_STATE = "trainer_state.json"  # the last file a Trainer checkpoint save writes
# Trainer checkpoint files that do not belong in a published model.
TRAINER_ARTIFACTS = (
    "optimizer.pt",
    "scheduler.pt",
    "scaler.pt",
    TRAINER_STATE,
    "training_args.bin",
    "rng_state*.pth",
    "__pycache__",
    ".ipynb_checkpoints",
)
PLACEHOLDER_ID = "ORG/NAME"  # the repo id in cards and upload commands until the user names one
DEFAULT_LICENSE = "apache-2.0"  # the card's licence unless the user names one (the base models' licence)

# Written into config_sentence_transformers.json so an incompatible environment fails with a clear error.
REQUIREMENTS = {
    "transformers": {
        "specifier": ">=5.18,<6",
        "reason": "the checkpoint uses the transformers 5 config format (nested backbone_config, rope_parameters)",
    },
    "sentence_transformers": {
        "specifier": ">=6.0,<7",
        "reason": "the pipeline uses the sentence-transformers 6 module API (C2LLMPooling, modality_config)",
    },
}


def add_requirements(model_dir: str | os.PathLike) -> None:
    """Declare the version requirements in `config_sentence_transformers.json` (sentence-transformers reads the key but
    never writes it, so every save path calls this)."""
    path = Path(model_dir) / ST_CONFIG
    config = json.loads(path.read_text())
    config["requirements"] = REQUIREMENTS
    path.write_text(json.dumps(config, indent=2) + "\n")


# --------------------------------------------------------------------------------------------------------------------
# What kind of folder a path is, from its config.json alone: the one place that answers it.
#   package   this package's layout (model_type c2llm with a nested backbone_config): loads as it is
#   official  a codefuse-ai/C2LLM-* release (flat Qwen2 config, architectures [C2LLMForEmbedding])
#   cge       a codefuse-ai/CodeFuse-CGE-* release (flat Qwen2 / Phi-3 config, CodeFuse_CGE_* architectures)
#   None      anything else (a plain backbone, a sentence-transformers model, a Hub id, no readable config)
# The two release kinds are converted (c2llm.hub.convert) before they load (c2llm.model_folders.loadable_path).
# --------------------------------------------------------------------------------------------------------------------

PACKAGE, OFFICIAL, CGE = "package", "official", "cge"
CONVERTIBLE = (OFFICIAL, CGE)
# Bumped when a conversion computes other numbers from the same release (2: the official head's projected residual
# and unnormalised output), so that no cached copy or embedding of an earlier conversion is used.
CONVERSION_FORMAT = 2


def kind_of_config(config: dict) -> str | None:
    """The kind of a parsed ``config.json`` (see above)."""
    architectures = config.get("architectures") or []
    if "backbone_config" in config:
        return PACKAGE if config.get("model_type") == "c2llm" else None
    if config.get("model_type") == "c2llm" or "C2LLMForEmbedding" in architectures:
        return OFFICIAL
    if any(str(name).startswith("CodeFuse_CGE") for name in architectures):
        return CGE
    return None


def folder_kind(path: str | os.PathLike) -> str | None:
    """The kind of the folder at ``path``; ``None`` when it has no readable ``config.json``."""
    try:
        config = json.loads((Path(path).expanduser() / CONFIG).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return kind_of_config(config) if isinstance(config, dict) else None
