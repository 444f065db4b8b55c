"""Named training presets: the CPU demo and the paper's recipe (arXiv 2512.21332, section 4.1).

Kept apart from :mod:`c2llm.training.trainer` so that light modules (the model card) can name them without importing
torch.
"""

from __future__ import annotations

DEMO_BACKBONE = "small-qwen2"  # a scaled-down random Qwen2.5-Coder with the real Qwen2.5 tokenizer
STDLIB = "stdlib"  # (docstring -> code) pairs mined from the running interpreter's standard library
# the model's embedding methods (configuration_c2llm.EMBEDDING_METHODS, not imported: it pulls in torch), in report order
POOLINGS = ("pma", "mean", "first_token", "last_token")
PADDING_SIDES = ("left", "right")  # how a tokenizer pads a batch (the paper: left, for a causal backbone)
PMA_INITS = ("xavier_uniform", "normal")  # configuration_c2llm.PMA_INITS, likewise
PMA_RESIDUALS = ("projected", "seed")  # configuration_c2llm.PMA_RESIDUALS, likewise

PRESETS = {
    # CPU demo: trains from scratch in minutes, so a higher learning rate and short sequences.
    "demo": dict(
        backbone=DEMO_BACKBONE, dataset=[STDLIB], epochs=6, batch_size=32, learning_rate=1e-3, max_seq_length=128,
        lora_r=0, pma_num_heads=8, num_hard_negatives=0, warmup_ratio=0.1, save_steps=100, freeze_embeddings=True,
    ),
    # Paper §4.1: LoRA r=64 / alpha=32 with PMA fully trained, lr 1e-4, 3 epochs, length 1024, 7 hard negatives.
    "paper": dict(
        backbone="Qwen/Qwen2.5-Coder-0.5B-Instruct", dataset=None, epochs=3, batch_size=32, learning_rate=1e-4,
        max_seq_length=1024, lora_r=64, pma_num_heads=32, num_hard_negatives=7, warmup_ratio=0.05, save_steps=500,
        freeze_embeddings=False,
    ),
}  # fmt: skip
