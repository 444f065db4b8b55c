"""Tiny GGUF decoders written with ``gguf.GGUFWriter``, for tests that must not download anything: a Qwen2 and a Llama
of a few thousand parameters, with a byte-level BPE tokenizer, some tensors quantized (Q8_0) as real files have them."""

from __future__ import annotations

from pathlib import Path

import numpy as np

HIDDEN, LAYERS, HEADS, KV_HEADS, FFN = 64, 2, 4, 2, 128
SPECIAL = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")
MERGES = ("Ġ t", "d e", "r e", "e t", "u r", "ur n", "Ġ re", "Ġre t", "Ġret urn", "de f")


def byte_alphabet() -> list[str]:
    """GPT-2's byte-to-unicode table, the base vocabulary of Qwen2 and SmolLM2 tokenizers."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(
        range(ord("®"), ord("ÿ") + 1))
    codes, extra = printable[:], 0
    for byte in range(256):
        if byte not in printable:
            printable.append(byte)
            codes.append(256 + extra)
            extra += 1
    return [chr(code) for _, code in sorted(zip(printable, codes, strict=True))]


def vocabulary() -> list[str]:
    merged = ["".join(merge.split(" ")) for merge in MERGES]
    return byte_alphabet() + merged + list(SPECIAL)


def write_gguf(path: Path, architecture: str = "qwen2", *, seed: int = 0, quantize: bool = True,
               truncate_to: int | None = None) -> Path:
    """A tiny decoder of ``architecture`` (qwen2, qwen3, llama, or any name: the metadata says it, the tensors are a
    Llama's) at ``path``; ``truncate_to`` cuts the file to that many bytes."""
    from gguf import GGMLQuantizationType, GGUFWriter, TokenType
    from gguf.quants import quantize as quantize_array

    rng = np.random.default_rng(seed)
    tokens = vocabulary()
    # transformers reads no head size from a Qwen3 GGUF and takes Qwen3's own, 128 (that of every Qwen3 release)
    head_dim = 128 if architecture == "qwen3" else HIDDEN // HEADS
    writer = GGUFWriter(str(path), architecture)
    writer.add_name(f"tiny {architecture}")
    writer.add_context_length(512)
    writer.add_embedding_length(HIDDEN)
    writer.add_block_count(LAYERS)
    writer.add_feed_forward_length(FFN)
    writer.add_head_count(HEADS)
    writer.add_head_count_kv(KV_HEADS)
    writer.add_rope_freq_base(10000.0)
    writer.add_layer_norm_rms_eps(1e-6)
    if architecture in ("llama", "qwen3"):
        writer.add_rope_dimension_count(head_dim)
        writer.add_key_length(head_dim)
        writer.add_value_length(head_dim)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen2" if architecture.startswith("qwen") else "smollm")
    writer.add_token_list(tokens)
    writer.add_token_types([TokenType.CONTROL if t in SPECIAL else TokenType.NORMAL for t in tokens])
    writer.add_token_merges(list(MERGES))
    writer.add_bos_token_id(tokens.index("<|endoftext|>"))
    writer.add_eos_token_id(tokens.index("<|im_end|>"))
    writer.add_add_bos_token(False)

    def tensor(name: str, *shape: int, scale: float = 0.08, quantized: bool = False) -> None:
        values = (rng.standard_normal(shape) * scale).astype(np.float32)
        if quantized and quantize:
            writer.add_tensor(name, quantize_array(values, GGMLQuantizationType.Q8_0),
                              raw_dtype=GGMLQuantizationType.Q8_0)
        else:
            writer.add_tensor(name, values)

    tensor("token_embd.weight", len(tokens), HIDDEN, scale=1.0)
    for layer in range(LAYERS):
        block = f"blk.{layer}"
        tensor(f"{block}.attn_norm.weight", HIDDEN, scale=0.1)
        writer.add_tensor(f"{block}.ffn_norm.weight", np.ones(HIDDEN, dtype=np.float32))
        tensor(f"{block}.attn_q.weight", HEADS * head_dim, HIDDEN, quantized=True)
        tensor(f"{block}.attn_k.weight", KV_HEADS * head_dim, HIDDEN)
        tensor(f"{block}.attn_v.weight", KV_HEADS * head_dim, HIDDEN)
        if architecture == "qwen2":
            tensor(f"{block}.attn_q.bias", HEADS * head_dim)
            tensor(f"{block}.attn_k.bias", KV_HEADS * head_dim)
            tensor(f"{block}.attn_v.bias", KV_HEADS * head_dim)
        if architecture == "qwen3":
            writer.add_tensor(f"{block}.attn_q_norm.weight", np.ones(head_dim, dtype=np.float32))
            writer.add_tensor(f"{block}.attn_k_norm.weight", np.ones(head_dim, dtype=np.float32))
        tensor(f"{block}.attn_output.weight", HIDDEN, HEADS * head_dim, quantized=True)
        tensor(f"{block}.ffn_gate.weight", FFN, HIDDEN)
        tensor(f"{block}.ffn_up.weight", FFN, HIDDEN, quantized=True)
        tensor(f"{block}.ffn_down.weight", HIDDEN, FFN)
    writer.add_tensor("output_norm.weight", np.ones(HIDDEN, dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    if truncate_to is not None:
        with path.open("r+b") as handle:
            handle.truncate(truncate_to)
    return path
