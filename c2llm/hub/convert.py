"""Convert a checkpoint in a release layout into this package's layout: the official C2LLM releases
(codefuse-ai/C2LLM-0.5B, -7B) and the CodeFuse-CGE ones they descend from (CodeFuse-CGE-Large, -Small).

Official C2LLM layout (docs/publishing.md, research note §1.2-1.7):

* ``config.json``: a flat Qwen2 config with ``model_type: c2llm``, ``architectures: [C2LLMForEmbedding]``, the pooling
  keys (``embedding_method``, ``compressed_dim``, ``pma_num_heads``, ``pma_ln``, ``pma_norm``, ``pma_norm_mode``,
  ``padding_side``) and an ``auto_map`` to the official code files;
* weights ``plm_model.model.*`` (a Qwen2ForCausalLM backbone), optionally ``plm_model.lm_head.weight`` (unused by
  embeddings: dropped) and the PMA tensors ``mha_pma.*``; one ``model.safetensors`` or shards with an index;
* a single sentence-transformers module ``custom_transformer.C2LLMTransformer``, ``max_seq_length`` 32768.
* the head is ``PMA_v2``/``MAB_POST_v2``: the residual adds the projected seed, and ``pma_norm: false`` returns an
  unnormalised vector (the D2LLM meaning of the key). Converted: ``pma_residual: projected``, ``pma_norm`` as is.

CodeFuse-CGE layout: the same tensor names and pooling keys, but a flat config of the backbone's own ``model_type``
(``qwen2`` for Large, ``phi3`` for Small), ``architectures: [CodeFuse_CGE_*]``, ``compress_dim`` for
``compressed_dim`` and ``keep_max_layer`` (the pooled layer; only the last is supported). Its ``MAB_POST`` adds the raw
seed and normalises when ``pma_norm`` is false. Converted: ``pma_residual: seed``, ``pma_norm`` inverted.

Output: ``config.json`` (``model_type: c2llm``, nested ``backbone_config``), ``model.safetensors`` with ``backbone.*``
and ``pma.*`` in the input dtype (bf16 stays bf16), our code files, the tokenizer padding on the left, the paper's
prompts, ``max_seq_length`` 2048 (the official evaluation setting), ``Transformer -> C2LLMPooling``. Every tensor name
and shape is checked; errors name the file.

Command line: ``c2llm convert --model OFFICIAL_DIR --output-dir OUT_DIR``.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..atomic import staged_directory
from ..errors import UserError
from ..layout import (
    CGE,
    CONFIG,
    CONVERSION_FORMAT,
    CONVERSION_RECORD,
    OFFICIAL,
    PACKAGE,
    TOKENIZER_FILES,
    TOKENIZER_VOCAB_FILES,
    WEIGHTS_INDEX,
    add_requirements,
    kind_of_config,
)
from ..prompts import DEFAULT_MAX_SEQ_LENGTH, sentence_transformers_prompts
from .checkpoint_files import CheckpointScan, scan_checkpoint

# Official tensor name -> ours; None drops the tensor. Entries ending in "." are prefixes, the others exact names.
# `plm_model.` is READ from the official modeling code (`self.plm_model = AutoModelForCausalLM.from_config(...)`).
# The `mha_pma.` names are INFERRED: they are the CodeFuse-CGE / D2LLM names (`self.mha_pma = PMA(...)`, `PMA.S`,
# `PMA.mab = MAB_POST(...)` with fc_q/fc_k/fc_v/fc_o/ln0/ln1) the official code descends from; the shapes are
# confirmed by the exact parameter counts of both released models. A checkpoint with other names fails loudly here.
KEY_MAP: tuple[tuple[str, str | None], ...] = (
    ("plm_model.model.", "backbone."),
    ("plm_model.lm_head.", None),
    ("mha_pma.S", "pma.seed"),
    ("mha_pma.mab.", "pma."),
)
POOLING_KEYS = ("embedding_method", "compressed_dim", "pma_num_heads", "pma_ln", "pma_norm", "pma_norm_mode",
                "padding_side")
# Release config keys that are not backbone settings (dropped from backbone_config); the last three are CGE's
# (`compress_dim` is its `compressed_dim`; `embedding_dim`, `encoder_mode`, `num_encoder_layers` are unused there).
NON_BACKBONE_KEYS = (*POOLING_KEYS, "model_type", "architectures", "auto_map", "attn_implementation",
                     "tokenizer_name_or_path", "transformers_version", "torch_dtype", "dtype", "_name_or_path",
                     "inf_seq_length", "keep_max_layer", "compress_dim", "embedding_dim", "encoder_mode",
                     "num_encoder_layers")


@dataclass(frozen=True)
class Lineage:
    """How a release's head reads its config: what its residual adds and which `pma_norm` means normalised."""

    name: str
    pma_residual: str
    normalised_when_pma_norm: bool
    evidence: str


LINEAGES = {
    OFFICIAL: Lineage("C2LLM", "projected", True,
                      "PMA_v2/MAB_POST_v2 (projected-seed residual) and pma_norm false = unnormalised, as the MLX port "
                      "written from the official modeling_c2llm.py states (Blaizzy/mlx-embeddings PR #77) and the "
                      "paper's eq. 5 writes; the official file itself was not read"),
    CGE: Lineage("CodeFuse-CGE", "seed", False,
                 "MAB_POST (raw-seed residual) and `if not norm: normalize`, read in CodeFuse-CGE's public code"),
}


class ConversionError(UserError, ValueError):
    """The official checkpoint does not match what the conversion expects; the message names the file."""


# --------------------------------------------------------------------------------------------------------------------
# Config
# --------------------------------------------------------------------------------------------------------------------


def read_official_config(official_dir: Path) -> tuple[dict[str, Any], str]:
    """The release's flat config.json and its kind (``official`` or ``cge``, see :func:`c2llm.layout.folder_kind`)."""
    path = official_dir / CONFIG
    if not path.is_file():
        raise ConversionError(f"{path}: missing")
    try:
        config = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise ConversionError(f"{path}: invalid JSON ({exc})") from None
    kind = kind_of_config(config) if isinstance(config, dict) else None
    if kind == PACKAGE or (isinstance(config, dict) and "backbone_config" in config):
        raise ConversionError(f"{path}: already in this package's layout (has backbone_config): nothing to convert")
    if kind not in LINEAGES:
        raise ConversionError(f"{path}: not an official C2LLM or CodeFuse-CGE config (model_type "
                              f"{config.get('model_type')!r}, architectures {config.get('architectures')})")
    return config, kind


def c2llm_config_from_official(official: dict[str, Any], source: Path, kind: str = OFFICIAL):
    """Our composite config: the flat keys become the `backbone_config` (Qwen2 for C2LLM, the config's own
    `model_type` for CGE), the pooling keys stay top-level with the residual and the output scale of the lineage."""
    from transformers import AutoConfig

    from configuration_c2llm import C2LLMConfig

    path = source / CONFIG
    lineage = LINEAGES[kind]
    backbone_keys = {key: value for key, value in official.items() if key not in NON_BACKBONE_KEYS}
    keep_max_layer = official.get("keep_max_layer")
    if keep_max_layer is not None and keep_max_layer != official.get("num_hidden_layers"):
        raise ConversionError(f"{path}: keep_max_layer={keep_max_layer} pools an intermediate layer; only the last "
                              f"layer ({official.get('num_hidden_layers')}) is supported")
    pooling = {key: official[key] for key in POOLING_KEYS if key in official}
    if "compress_dim" in official:
        pooling.setdefault("compressed_dim", official["compress_dim"])
    # the key's meaning in this package is the C2LLM one (True = normalised)
    pooling["pma_norm"] = official.get("pma_norm", False) == lineage.normalised_when_pma_norm
    try:
        backbone = AutoConfig.for_model("qwen2" if kind == OFFICIAL else official.get("model_type"), **backbone_keys)
        return C2LLMConfig(backbone_config=backbone, pma_residual=lineage.pma_residual, **pooling)
    except (TypeError, ValueError) as exc:
        raise ConversionError(f"{path}: {exc}") from None


# --------------------------------------------------------------------------------------------------------------------
# Weights
# --------------------------------------------------------------------------------------------------------------------


def map_key(name: str) -> tuple[bool, str | None]:
    """(known, our name or None to drop) for an official tensor name."""
    for source, target in KEY_MAP:
        if source.endswith("."):
            if name.startswith(source):
                return True, None if target is None else target + name[len(source):]
        elif name == source:
            return True, target
    return False, None


def plan_tensors(scan: CheckpointScan, expected: dict[str, tuple[int, ...]]) -> tuple[dict[str, str], list[str]]:
    """Official name -> our name for every kept tensor, and the dropped names.

    Raises:
        ConversionError: Unknown, missing or wrongly shaped tensors (each named with its file).
    """
    plan, dropped, errors = {}, [], []
    unknown = sorted(name for name in scan.tensors if not map_key(name)[0])
    if unknown:
        errors.append(_by_file(scan, unknown, "unexpected tensor(s) (not in the official C2LLM layout)"))
    for name, info in sorted(scan.tensors.items()):
        known, target = map_key(name)
        if not known:
            continue
        if target is None:
            dropped.append(name)
        elif target not in expected:
            errors.append(f"{info.file}: tensor {name} maps to {target}, which the model built from config.json "
                          "does not have")
        elif tuple(info.shape) != tuple(expected[target]):
            errors.append(f"{info.file}: tensor {name} has shape {list(info.shape)}, config.json implies "
                          f"{list(expected[target])} (for {target})")
        else:
            plan[name] = target
    missing = sorted(set(expected) - set(plan.values()))
    if missing:
        official_names = [_official_name(name) for name in missing]
        errors.append(f"{scan.description}: missing tensor(s) {', '.join(official_names[:8])}"
                      + (f" (+{len(missing) - 8} more)" if len(missing) > 8 else ""))
    if errors:
        raise ConversionError("; ".join(errors))
    return plan, dropped


def _official_name(ours: str) -> str:
    """The official name our tensor would come from (for messages)."""
    for source, target in KEY_MAP:
        if target is not None and (ours.startswith(target) if target.endswith(".") else ours == target):
            return source + ours[len(target):] if target.endswith(".") else source
    return ours


def _by_file(scan: CheckpointScan, names: list[str], what: str) -> str:
    """`file: what: a, b; file2: ...`."""
    files: dict[Path, list[str]] = {}
    for name in names:
        files.setdefault(scan.tensors[name].file, []).append(name)
    shown = []
    for file, file_names in sorted(files.items()):
        more = f" (+{len(file_names) - 8} more)" if len(file_names) > 8 else ""
        shown.append(f"{file}: {what}: {', '.join(file_names[:8])}{more}")
    return "; ".join(shown)


def load_tensors(scan: CheckpointScan, plan: dict[str, str]):
    """Our state dict (tensors in their stored dtype), read file by file."""
    from safetensors import safe_open

    state = {}
    for file in scan.files:
        with safe_open(str(file), framework="pt") as handle:
            for name in handle.keys():  # noqa: SIM118 (safe_open is not a mapping)
                if name in plan:
                    state[plan[name]] = handle.get_tensor(name)
    return state


def checkpoint_dtype(state: dict) -> Any:
    """The dtype most elements are stored in (the backbone's)."""
    counts: Counter = Counter()
    for tensor in state.values():
        counts[tensor.dtype] += tensor.numel()
    return counts.most_common(1)[0][0]


def expected_shapes(config) -> dict[str, tuple[int, ...]]:
    """Tensor shapes of our model for a config (built on the meta device)."""
    import torch

    from modeling_c2llm import C2LLMModel

    with torch.device("meta"):
        skeleton = C2LLMModel(config)
    tied = set(getattr(skeleton, "all_tied_weights_keys", None) or {})
    return {name: tuple(t.shape) for name, t in skeleton.state_dict().items() if name not in tied}


def build_model(config, state: dict, source: Path):
    """Our C2LLMModel holding exactly the converted tensors, in their dtype."""
    from modeling_c2llm import C2LLMModel

    model, info = C2LLMModel.from_pretrained(
        None, config=config, state_dict=state, dtype=checkpoint_dtype(state), output_loading_info=True
    )
    problems = {key: sorted(values) for key, values in info.items() if values}
    if problems:
        raise ConversionError(f"{source}: the converted weights did not load cleanly: {problems}")
    return model.eval()


# --------------------------------------------------------------------------------------------------------------------
# Tokenizer and conversion
# --------------------------------------------------------------------------------------------------------------------


def load_official_tokenizer(official_dir: Path, padding_side: str = "left"):
    """The official tokenizer, read from its own files only (the official config.json would ask for remote code)."""
    from transformers import AutoTokenizer

    present = [name for name in TOKENIZER_FILES if (official_dir / name).is_file()]
    if not any(name in present for name in TOKENIZER_VOCAB_FILES):
        raise ConversionError(f"{official_dir}: no tokenizer files (tokenizer.json or vocab.json + merges.txt)")
    with tempfile.TemporaryDirectory(prefix="c2llm-tokenizer-") as staging:
        for name in present:
            shutil.copy2(official_dir / name, Path(staging) / name)
        tokenizer = AutoTokenizer.from_pretrained(staging, padding_side=padding_side)
    tokenizer.padding_side = padding_side
    return tokenizer


def conversion_record(official_dir: Path, official: dict[str, Any], dropped: list[str], dtype: Any,
                      kind: str = OFFICIAL) -> dict:
    """Provenance written next to the converted model (the model card reads it)."""
    lineage = LINEAGES[kind]
    return {
        "format": CONVERSION_FORMAT,
        "lineage": lineage.name,
        "pma_residual": lineage.pma_residual,
        "pma_residual_status": lineage.evidence,
        "source": official_dir.name,
        "source_model": official.get("tokenizer_name_or_path") or official.get("_name_or_path"),
        "source_transformers_version": official.get("transformers_version"),
        "converted_by": "c2llm.hub.convert",
        "key_map": [[source, target] for source, target in KEY_MAP],
        "key_map_status": "plm_model.* read from the official modeling code; mha_pma.* read in CodeFuse-CGE's "
        "checkpoints and inferred for C2LLM, which descends from it (names and shapes checked at conversion)",
        "dropped": dropped,
        "dtype": str(dtype).replace("torch.", ""),
        "max_seq_length": DEFAULT_MAX_SEQ_LENGTH,
    }


def convert(
    official_dir: str | os.PathLike, out_dir: str | os.PathLike, *, max_seq_length: int = DEFAULT_MAX_SEQ_LENGTH
) -> Path:
    """Convert an official C2LLM checkpoint folder into this package's layout (see the module docstring).

    Args:
        official_dir: Folder with the official config.json, safetensors weights and tokenizer files.
        out_dir: Output folder (written atomically; replaced if it exists).
        max_seq_length: Truncation length of the sentence-transformers pipeline.

    Returns:
        The output folder.

    Raises:
        ConversionError: Unexpected, missing or wrongly shaped tensors, or a config that is not C2LLM's; the message
            names the file.
    """
    from ..build import to_sentence_transformer

    source = Path(official_dir).resolve()
    official, kind = read_official_config(source)
    config = c2llm_config_from_official(official, source, kind)
    scan = scan_checkpoint(source)
    if scan.errors:
        raise ConversionError("; ".join(scan.errors))
    plan, dropped = plan_tensors(scan, expected_shapes(config))
    state = load_tensors(scan, plan)
    dtype = checkpoint_dtype(state)
    model = build_model(config, state, source / WEIGHTS_INDEX if len(scan.files) > 1 else scan.files[0])
    del state
    tokenizer = load_official_tokenizer(source, config.padding_side)
    pipeline = to_sentence_transformer(model, tokenizer, prompts=sentence_transformers_prompts(),
                                       max_seq_length=max_seq_length)
    del model
    record = conversion_record(source, official, dropped, dtype, kind)
    with staged_directory(out_dir) as staging:  # build.save_model's steps, plus the record: all appear together
        pipeline.save_pretrained(str(staging))
        add_requirements(staging)
        (staging / CONVERSION_RECORD).write_text(json.dumps(record, indent=2) + "\n")
    return Path(out_dir).resolve()
