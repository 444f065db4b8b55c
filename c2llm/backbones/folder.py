"""A C2LLM folder from a GGUF decoder: the dequantized backbone as safetensors, its tokenizer with a pad token, the
pooling head initialised as the official code does, the provenance record and the model card.

The head settings are the official C2LLM-0.5B's (config.json of codefuse-ai/C2LLM-0.5B, research note §1.2): PMA
with 32 heads, output size = hidden size, LayerNorm on, no L2 normalisation in the model (``pma_norm: false``: the
embedding is compared with cosine similarity), the projected-seed residual, left padding. For Qwen2.5-Coder-0.5B the
result has exactly the official checkpoint's tensors and shapes.

Command line: ``c2llm backbone --source NAME --output-dir DIR`` or ``c2llm backbone --gguf FILE --output-dir DIR``.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from ..errors import ConfigError
from .gguf import GGUFInfo
from .sources import PypiGGUF, sha256_of

logger = logging.getLogger(__name__)

# The official C2LLM-0.5B head (config.json: pma_num_heads 32, pma_ln true, pma_norm false = unnormalised, the
# PMA_v2 projected-seed residual, padding_side left; compressed_dim = hidden size).
OFFICIAL_HEAD = {"pma_num_heads": 32, "pma_ln": True, "pma_norm": False, "pma_residual": "projected",
                 "padding_side": "left"}
POOLINGS = ("pma", "mean", "last_token")


def source_record(info: GGUFInfo, source: PypiGGUF | None, sha256: str) -> dict:
    """What the folder records of where its backbone came from (the card quotes it)."""
    from .. import __version__

    return {
        "file": info.path.name,
        "size": info.size,
        "sha256": sha256,
        "architecture": info.architecture,
        "gguf_name": info.name,
        "tensor_types": info.tensor_types,
        "dequantized_to": "float32",
        "source": None if source is None else {"name": source.name, "packages": list(source.packages),
                                               "version": source.version, "members": list(source.members)},
        "upstream": source.upstream if source else None,
        "licence": source.licence if source else info.licence,
        "origin": source.origin if source else None,
        "built_by": f"c2llm {__version__} (c2llm backbone)",
    }


def build_backbone_folder(
    gguf_path: str | os.PathLike,
    output_dir: str | os.PathLike,
    *,
    source: PypiGGUF | None = None,
    pooling: str = "pma",
    seed: int = 0,
    max_seq_length: int | None = None,
) -> Path:
    """Write a C2LLM folder around the GGUF decoder at ``gguf_path`` (atomically: a failed build leaves nothing).

    Args:
        source: The named source the file came from, recorded with its licence.
        pooling: ``pma`` (the official head), ``mean`` or ``last_token`` (EOS appended by the saved tokenizer).
        seed: Seeds the head's initialisation.
        max_seq_length: Token limit saved with the model (default: the official evaluation's 2048).
    """
    from ..atomic import staged_directory
    from ..build import build_c2llm, register_auto_classes, to_sentence_transformer
    from ..hub.hub_card import write_model_card
    from ..layout import BACKBONE_SOURCE, DEFAULT_LICENSE, add_requirements
    from ..prompts import DEFAULT_MAX_SEQ_LENGTH
    from .gguf import load_backbone

    if pooling not in POOLINGS:
        raise ConfigError("pooling", f"{pooling!r} is not one of {', '.join(POOLINGS)}")
    info, backbone, tokenizer = load_backbone(gguf_path)
    hidden = backbone.config.hidden_size
    if pooling == "pma" and hidden % OFFICIAL_HEAD["pma_num_heads"]:
        raise ConfigError("pooling", f"{info.path}: hidden size {hidden} is not divisible by PMA's "
                          f"{OFFICIAL_HEAD['pma_num_heads']} heads")
    record = source_record(info, source, sha256_of(info.path))
    model = build_c2llm(backbone, embedding_method=pooling, attn_implementation="sdpa", seed=seed, **OFFICIAL_HEAD)
    embedder = to_sentence_transformer(model, tokenizer, max_seq_length=max_seq_length or DEFAULT_MAX_SEQ_LENGTH)
    with staged_directory(output_dir) as staging:
        register_auto_classes()
        embedder.save_pretrained(str(staging))
        add_requirements(staging)
        (staging / BACKBONE_SOURCE).write_text(json.dumps(record, indent=2) + "\n")
        write_model_card(staging, license=record["licence"] or DEFAULT_LICENSE)
    logger.info("wrote %s: %s backbone from %s, %s pooling", output_dir, info.architecture, info.path.name, pooling)
    return Path(output_dir).resolve()
