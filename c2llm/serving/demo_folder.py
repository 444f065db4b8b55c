"""A C2LLM folder with the CPU demo's architecture and random weights, for the vLLM tests and benchmark when the
trained demo (``make demo``: outputs/c2llm-demo/model) is not there: the same shapes, tokenizer and layout, built in
seconds instead of minutes of training."""

from __future__ import annotations

import os
from pathlib import Path

DEMO_MODEL = Path("outputs/c2llm-demo/model")  # what `make demo` writes, relative to the repository root
DEMO_PMA_HEADS = 8  # c2llm.training.presets.PRESETS["demo"]
DEMO_MAX_SEQ_LENGTH = 128


def build_demo_architecture_folder(out_dir: str | os.PathLike, *, seed: int = 0) -> Path:
    """Save a random demo-architecture model (Qwen2 backbone of c2llm.build.small_qwen2_config: head size 32, which
    vLLM's CPU attention supports; the Qwen2.5 tokenizer; the PMA head) to ``out_dir`` and return its path."""
    import torch

    from ..build import build_c2llm, save_model, small_qwen2_config, to_sentence_transformer
    from ..qwen_tokenizer import build_qwen2_tokenizer

    tokenizer = build_qwen2_tokenizer()
    backbone = small_qwen2_config(len(tokenizer), pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id)
    model = build_c2llm(backbone, pma_num_heads=DEMO_PMA_HEADS, seed=seed)
    # as c2llm.training.trainer does for the demo: unit-scale embeddings, so that random layers still tell tokens apart
    with torch.no_grad():
        torch.nn.init.normal_(model.get_input_embeddings().weight, std=1.0)
    return save_model(to_sentence_transformer(model, tokenizer, max_seq_length=DEMO_MAX_SEQ_LENGTH), out_dir)
