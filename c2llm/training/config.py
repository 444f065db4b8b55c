"""What a training run is: :class:`TrainConfig`, its defaults and its checks, without torch.

``c2llm train`` builds its flags from these fields and defaults (``c2llm --help`` must not import torch), and
:func:`c2llm.training.trainer.run` runs one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..data.manifest import is_built_folder
from ..errors import ConfigError
from .presets import PADDING_SIDES, POOLINGS, PRESETS

# Settings that shape the initial model, the mined data or the "before" scores, which a resumed run reuses.
RUN_SPEC_KEYS = ("backbone", "dataset", "pooling", "padding_side", "pma_num_heads", "compressed_dim", "seed",
                 "max_train_pairs", "eval_beir", "max_seq_length")  # fmt: skip


@dataclass
class TrainConfig:
    """One training run. Fields left ``None`` take the value of ``preset`` (:data:`c2llm.training.presets.PRESETS`)."""

    output_dir: str = "outputs/c2llm-demo"
    """Run folder: ``model/``, ``results.json``, ``checkpoints/``, ``data/``."""
    preset: str = "demo"
    """``demo`` (CPU, random small Qwen2, stdlib pairs) or ``paper`` (LoRA r64, lr 1e-4, 3 epochs, 7 negatives)."""
    backbone: str | None = None
    """Hub id or local path of the backbone (or of a C2LLM folder to train further), or ``small-qwen2``."""
    dataset: list[str] | None = None
    """Training tables (jsonl / parquet / csv) or Hub dataset ids, or ``["stdlib"]``, or one folder built by
    ``c2llm data build`` (read through its ``manifest.json``)."""
    eval_beir: str | None = None
    """BEIR folder evaluated before and after training (default: the demo's held-out test split)."""
    pooling: str = "pma"
    """``pma`` (C2LLM), ``mean`` or ``last_token`` (baselines)."""
    padding_side: str = "left"
    pma_num_heads: int | None = None
    compressed_dim: int | None = None
    """PMA output size (default: the backbone's hidden size)."""
    epochs: float | None = None
    max_steps: int = -1
    """Stop after this many optimizer steps (-1: run the epochs)."""
    batch_size: int | None = None
    """Per device; in-batch negatives are gathered across devices."""
    learning_rate: float | None = None
    warmup_ratio: float | None = None
    max_seq_length: int | None = None
    num_hard_negatives: int | None = None
    """``negative_1..K`` columns used per row (paper: 7)."""
    temperature: float = 0.05
    """InfoNCE temperature; the loss scale is its inverse."""
    cached_loss: bool = False
    """``CachedMultipleNegativesRankingLoss`` (GradCache): big batches in little memory, same result."""
    mini_batch_size: int = 16
    lora_r: int | None = None
    """LoRA rank on the backbone's linear layers (0: full training)."""
    lora_alpha: int = 32
    freeze_embeddings: bool | None = None
    """Keep the token embeddings fixed (demo: random embeddings stay informative for tokens never trained)."""
    adapter_only: bool = False
    """Save the LoRA adapter instead of merging it."""
    merge_last: int = 0
    """Final model = weighted average of the last N checkpoints."""
    merge_weights: list[float] | None = None
    save_steps: int | None = None
    resume: bool = False
    """Continue from the last complete checkpoint in ``output_dir``."""
    bf16: bool | None = None
    """Default: on with CUDA."""
    activation_checkpointing: bool | None = None
    """Default: on with CUDA."""
    attn_implementation: str | None = None
    """``sdpa`` (default), ``eager``, or ``flash_attention_2`` (default with CUDA when flash-attn is installed)."""
    deepspeed: str | None = None
    """DeepSpeed config JSON for multi-GPU runs, e.g. ``configs/deepspeed_zero2.json``."""
    max_train_pairs: int | None = None
    """Cap the mined demo training pairs."""
    evaluate: bool = True
    """Evaluate before and after training."""
    out: str | None = None
    """A second copy of ``results.json`` written here (e.g. a tracked file that documents quote)."""
    seed: int = 42
    extra: dict[str, Any] = field(default_factory=dict, repr=False)
    """Free-form facts recorded in ``results.json`` (e.g. the command line)."""

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ConfigError("preset", f"unknown preset {self.preset!r}; choose from {', '.join(sorted(PRESETS))}")
        for key, value in PRESETS[self.preset].items():
            if getattr(self, key) is None:
                setattr(self, key, value)
        self._validate()

    def _validate(self) -> None:
        if self.dataset is None:
            raise ConfigError("dataset", f"required with --preset {self.preset} (jsonl/parquet/csv files or Hub ids)")
        if len(self.dataset) > 1 and any(is_built_folder(source) for source in self.dataset):
            raise ConfigError("dataset", "a folder built by `c2llm data build` must be the only --dataset")
        if self.pooling not in POOLINGS:
            raise ConfigError("pooling", f"must be one of {', '.join(POOLINGS)}, got {self.pooling!r}")
        if self.padding_side not in PADDING_SIDES:
            raise ConfigError("padding_side", f"must be left or right, got {self.padding_side!r}")
        if not 0 <= self.warmup_ratio < 1:
            raise ConfigError("warmup_ratio", f"must be in [0, 1), got {self.warmup_ratio}")
        if self.temperature <= 0:
            raise ConfigError("temperature", f"must be > 0, got {self.temperature}")
        for name in ("batch_size", "max_seq_length", "save_steps"):
            if getattr(self, name) < 1:
                raise ConfigError(name, f"must be at least 1, got {getattr(self, name)}")
        if self.max_steps == 0 or self.max_steps < -1:  # the Trainer would take one step for 0
            raise ConfigError("max_steps", f"must be at least 1, or -1 to run the epochs, got {self.max_steps}")
        if self.cached_loss and self.mini_batch_size < 1:
            raise ConfigError("mini_batch_size", f"must be at least 1, got {self.mini_batch_size}")
        if self.merge_weights is not None:
            from .checkpoints import merge_weights

            try:
                merge_weights(self.merge_last, self.merge_weights)
            except ValueError as error:
                raise ConfigError("merge_weights", str(error)) from None
        if self.adapter_only and not self.lora_r:
            raise ConfigError("adapter_only", "needs --lora-r > 0")
        if self.lora_r:
            from .lora import require_compatible_peft

            require_compatible_peft()  # before any model is loaded, not at add_adapter
        if self.adapter_only and self.merge_last:
            raise ConfigError("adapter_only", "cannot be combined with --merge-last (averaging gives full weights)")

    def run_spec(self) -> dict[str, Any]:
        """The settings a resumed run must share with the run that set ``output_dir`` up."""
        return {key: getattr(self, key) for key in RUN_SPEC_KEYS}
