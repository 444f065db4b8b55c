"""Build, save and load C2LLM models in the package's Hub layout.

The layout (what `save_model` writes, what `SentenceTransformer(path, trust_remote_code=True)` loads):

    config.json, model.safetensors          C2LLMModel: backbone + pooling weights, stored once
    configuration_c2llm.py, modeling_c2llm.py   the remote code, copied by transformers on every save
    tokenizer files
    modules.json                            [Transformer -> C2LLMPooling]
    sentence_bert_config.json               module 0 calls C2LLMModel.encode_tokens
    1_C2LLMPooling/config.json              the pooling module (no weights)
    config_sentence_transformers.json       prompts, cosine similarity, version requirements
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import torch
from sentence_transformers import SentenceTransformer
from sentence_transformers.base.modules import Transformer
from transformers import (
    AutoModel,
    PreTrainedConfig,
    PreTrainedModel,
    PreTrainedTokenizerBase,
    Qwen2Config,
)

from configuration_c2llm import C2LLMConfig
from modeling_c2llm import C2LLMPMA, C2LLMModel, C2LLMPooling

from .atomic import staged_directory
from .layout import BACKBONE_SOURCE, add_requirements
from .prompts import DEFAULT_MAX_SEQ_LENGTH, sentence_transformers_prompts

# Module 0 of the sentence-transformers pipeline returns token states; C2LLMPooling pools them.
MODALITY_CONFIG = {"text": {"method": "encode_tokens", "method_output_name": "last_hidden_state"}}


def register_auto_classes() -> None:
    """Make `save_pretrained` write `auto_map` and copy the two model files next to the weights."""
    C2LLMConfig.register_for_auto_class()
    C2LLMModel.register_for_auto_class("AutoModel")


def small_qwen2_config(
    vocab_size: int,
    hidden_size: int = 128,
    num_hidden_layers: int = 4,
    num_attention_heads: int = 4,
    num_key_value_heads: int = 2,
    intermediate_size: int = 512,
    max_position_embeddings: int = 4096,
    **kwargs,
) -> Qwen2Config:
    """A scaled-down Qwen2.5-Coder architecture for tests, CPU demos and ablations (weights are random)."""
    return Qwen2Config(
        vocab_size=vocab_size,
        hidden_size=hidden_size,
        num_hidden_layers=num_hidden_layers,
        num_attention_heads=num_attention_heads,
        num_key_value_heads=num_key_value_heads,
        intermediate_size=intermediate_size,
        max_position_embeddings=max_position_embeddings,
        tie_word_embeddings=True,
        **kwargs,
    )


def build_c2llm(
    backbone: str | os.PathLike | PreTrainedConfig | PreTrainedModel,
    *,
    embedding_method: str = "pma",
    compressed_dim: int | None = None,
    pma_num_heads: int = 32,
    pma_ln: bool = True,
    pma_norm: bool = True,
    pma_residual: str = "projected",
    pma_init: str = "xavier_uniform",
    padding_side: str = "left",
    dtype: torch.dtype | None = None,
    attn_implementation: str | None = None,
    seed: int | None = None,
) -> C2LLMModel:
    """A C2LLM model around a backbone: a Hub id or local path (pretrained weights, any `AutoModel`; a causal-LM
    checkpoint loses its unused lm_head), a config (random weights) or a loaded `AutoModel` (used as it is, e.g. a
    GGUF decoder from :mod:`c2llm.backbones`). The pooling head is freshly initialised."""
    if seed is not None:
        torch.manual_seed(seed)
    load_kwargs = {"dtype": dtype} if dtype is not None else {}
    if attn_implementation is not None:
        load_kwargs["attn_implementation"] = attn_implementation
    if isinstance(backbone, PreTrainedModel):
        backbone_model = backbone if dtype is None else backbone.to(dtype)
    elif isinstance(backbone, PreTrainedConfig):
        backbone_model = AutoModel.from_config(backbone, **load_kwargs)
    else:
        backbone_model = AutoModel.from_pretrained(str(backbone), **load_kwargs)
    config = C2LLMConfig(
        backbone_config=backbone_model.config,
        embedding_method=embedding_method,
        compressed_dim=compressed_dim,
        pma_num_heads=pma_num_heads,
        pma_ln=pma_ln,
        pma_norm=pma_norm,
        pma_residual=pma_residual,
        pma_init=pma_init,
        padding_side=padding_side,
    )
    with torch.device("meta"):  # the backbone is already materialised: don't build (and init) a second one
        model = C2LLMModel(config)
    model.backbone = backbone_model
    if embedding_method == "pma":
        model.pma = C2LLMPMA(config).to(device=backbone_model.device, dtype=backbone_model.dtype)
        model.pma.apply(model._init_weights)
    # building C2LLMModel reset the shared backbone config to the default attention: set the requested one again
    model.set_attn_implementation(attn_implementation or backbone_model.config._attn_implementation or "sdpa")
    return model


def to_sentence_transformer(
    model: C2LLMModel,
    tokenizer: PreTrainedTokenizerBase,
    *,
    prompts: dict[str, str] | None = None,
    max_seq_length: int = DEFAULT_MAX_SEQ_LENGTH,
    model_kwargs: dict | None = None,
) -> SentenceTransformer:
    """The sentence-transformers pipeline `Transformer -> C2LLMPooling` around a C2LLM model.

    `prompts` defaults to the paper's: the CodeSearchNet query instruction for `encode_query`, "Retrieved Answer:" for
    `encode_document`, and one `<Task>-query` / `<Task>-document` pair per MTEB(Code) task.
    """
    if tokenizer.pad_token is None:  # e.g. Llama tokenizers: batches need a pad token, the mask hides it
        tokenizer.pad_token = tokenizer.eos_token
    processor_kwargs = {"padding_side": model.config.padding_side}
    if model.config.embedding_method == "last_token" and appends_nothing(tokenizer):
        # EOS pooling reads an appended EOS, as gte-Qwen2 and F2LLM do (Qwen tokenizers append none); the tokenizer's
        # truncation keeps it. Tokenizers that already add special tokens (BERT's [SEP], Llama's BOS) keep theirs.
        processor_kwargs["add_eos_token"] = True
    with tempfile.TemporaryDirectory(prefix="c2llm-stage-") as staging:
        register_auto_classes()
        model.save_pretrained(staging)
        tokenizer.save_pretrained(staging)
        hub_kwargs = {"trust_remote_code": True}
        transformer = Transformer(
            staging,
            model_kwargs={
                **hub_kwargs,
                "dtype": model.dtype,
                "attn_implementation": model.config._attn_implementation,
                **(model_kwargs or {}),
            },
            config_kwargs=hub_kwargs,
            # passed at load time so that the tokenizer saves them in tokenizer_config.json
            processor_kwargs={**hub_kwargs, **processor_kwargs},
            modality_config=MODALITY_CONFIG,
            module_output_name="token_embeddings",
            max_seq_length=max_seq_length,
        )
    return SentenceTransformer(
        modules=[transformer, C2LLMPooling()],
        prompts=sentence_transformers_prompts() if prompts is None else prompts,
        similarity_fn_name="cosine",
    )


def appends_nothing(tokenizer: PreTrainedTokenizerBase) -> bool:
    """Whether the tokenizer adds no special tokens of its own (Qwen2/2.5/3) and has an EOS to append."""
    plain = tokenizer("def f(): pass", add_special_tokens=False)["input_ids"]
    return tokenizer.eos_token is not None and tokenizer("def f(): pass")["input_ids"] == plain


def save_model(model: SentenceTransformer, output_dir: str | os.PathLike,
               provenance_from: str | os.PathLike | None = None) -> Path:
    """Save atomically: the folder is written next to its destination and swapped in whole, so a crash never leaves
    a half-written model where a good one was. ``provenance_from``: the folder the model was trained from, whose
    record of its backbone's source (``c2llm backbone``) the new folder keeps, so that its card still names it."""
    with staged_directory(output_dir) as staging:
        model.save_pretrained(str(staging))
        add_requirements(staging)
        record = Path(provenance_from) / BACKBONE_SOURCE if provenance_from else None
        if record is not None and record.is_file():
            shutil.copy2(record, staging / BACKBONE_SOURCE)
    return Path(output_dir).resolve()


def load_model(
    model: str | os.PathLike | SentenceTransformer,
    *,
    max_seq_length: int | None = None,
    padding_side: str | None = None,
    **kwargs,
) -> SentenceTransformer:
    """A C2LLM model folder or Hub repo loaded with one ``SentenceTransformer(..., trust_remote_code=True)`` call
    (``kwargs`` go to it), or an instance taken as is; then the settings, when given, are applied in place.

    Args:
        max_seq_length: Token limit; ``None`` keeps the model's own.
        padding_side: ``"left"`` or ``"right"``; ``None`` keeps the tokenizer's own.
    """
    if not isinstance(model, SentenceTransformer):
        model = SentenceTransformer(str(model), trust_remote_code=True, **kwargs)
    if max_seq_length is not None:
        model.max_seq_length = max_seq_length
    if padding_side is not None:
        model.tokenizer.padding_side = padding_side
    return model
