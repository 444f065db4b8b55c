"""The settings of the throughput benchmarks (``c2llm bench encode|train``), apart from the benchmarks themselves.

The benchmark modules import torch; ``c2llm --help`` must not, yet its flags take their defaults from these settings.
So they live here, next to :mod:`c2llm.bench.common` (also torch-free, and free of import side effects).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..encoding import DEFAULT_TOKEN_BUDGET
from ..errors import ConfigError
from . import common

# ---------------------------------------------------------------------------------------------------- encode

DEFAULT_VARIANTS = ("pma", "st-lasttoken", "st-mean", "pma+budget")


def check_variant(variant: str) -> str:
    """A variant is PIPELINE, PIPELINE+budget or PIPELINE+budgetN; raises ValueError otherwise."""
    pipeline, _, batching = variant.partition("+")
    if pipeline not in common.PIPELINES or not re.fullmatch(r"(budget\d*)?", batching):
        raise ValueError(f"bad variant {variant!r}: use PIPELINE, PIPELINE+budget or PIPELINE+budgetN, with PIPELINE "
                         f"in {list(common.PIPELINES)}")
    return variant


@dataclass(kw_only=True)
class EncodeSettings(common.BenchSettings):
    """One encode benchmark. Fields left ``None`` take their full-run default, or the smoke-test one with ``quick``
    (explicit values win)."""

    NAME = "encode_throughput"  # results file names: NAME.{md,json}, NAME_quick.* with quick
    # settings left None take (quick, full) defaults
    QUICK_DEFAULTS = dict(shapes=(["small"], ["small", "0.5b"]), num_texts=(32, 256), max_seq_length=(256, 512),
                          repeats=(2, 3), peak_sizes=([512, 1024, 2048], [1024, 2048, 4096]))

    shapes: list[str] | None = None
    """From :data:`common.SHAPES` (default: small, 0.5b; quick: small)."""
    dtypes: list[str] = field(default_factory=lambda: ["bf16", "fp32"])
    variants: list[str] = field(default_factory=lambda: list(DEFAULT_VARIANTS))
    """Pipelines of :data:`common.PIPELINES`, each optionally followed by ``+budget`` (token-budget batching with
    ``token_budget``) or ``+budgetN`` (a budget of N tokens)."""
    num_texts: int | None = None
    """Stdlib functions encoded per pass (default 256; quick: 32)."""
    max_seq_length: int | None = None
    """Truncation length (default 512; quick: 256)."""
    batch_size: int = 32
    """Batch size of default batching (sentence-transformers' default)."""
    token_budget: int = DEFAULT_TOKEN_BUDGET
    """Padded tokens per batch of ``+budget`` variants."""
    repeats: int | None = None
    """Timed passes per variant (default 3; quick: 2)."""
    peak_sizes: list[int] | None = None
    """Square matmul sizes of the peak measurement (default 1024, 2048, 4096; quick: 512, 1024, 2048)."""
    peak_repeats: int = 5
    """Best of N per matmul size."""
    no_rss: bool = False
    """Skip the peak-RSS child processes."""

    def __post_init__(self) -> None:
        self.apply_quick_defaults()
        self.shapes = common.check_choices("shapes", self.shapes, common.SHAPES)
        self.dtypes = common.check_choices("dtypes", self.dtypes, common.DTYPES)
        self.variants = list(self.variants)
        if not self.variants:
            raise ConfigError("variants", "needs at least one value")
        for variant in self.variants:
            try:
                check_variant(variant)
            except ValueError as error:
                raise ConfigError("variants", str(error)) from None
        self.peak_sizes = [int(n) for n in self.peak_sizes]
        if not self.peak_sizes:
            raise ConfigError("peak_sizes", "needs at least one value")
        common.check_positive(self, "num_texts", "max_seq_length", "batch_size", "token_budget", "repeats",
                              "peak_repeats", "threads")
        for n in self.peak_sizes:
            if n < 1:
                raise ConfigError("peak_sizes", f"must be at least 1, got {n}")


# ---------------------------------------------------------------------------------------------------- train

RUN_PATTERN = re.compile(r"(?P<pipeline>[\w.-]+?)(?P<right>@right)?:(?P<loss>mnrl|cached(?P<mini>\d+)):(?P<batch>\d+)")


def check_run(run: str) -> str:
    """A run is PIPELINE[@right]:mnrl|cachedN:BATCH; raises ValueError otherwise."""
    match = RUN_PATTERN.fullmatch(run)
    if not match or match["pipeline"] not in common.PIPELINES:
        raise ValueError(f"bad run {run!r}: use PIPELINE[@right]:mnrl|cachedN:BATCH with PIPELINE in "
                         f"{list(common.PIPELINES)}")
    if int(match["batch"]) < 1 or (match["mini"] is not None and int(match["mini"]) < 1):
        raise ValueError(f"bad run {run!r}: batch and mini-batch sizes must be at least 1")
    return run


@dataclass(kw_only=True)
class TrainBenchSettings(common.BenchSettings):
    """One training benchmark. Fields left ``None`` take their full-run default, or the smoke-test one with ``quick``
    (explicit values win)."""

    NAME = "train_throughput"  # results file names: NAME.{md,json}, NAME_quick.* with quick
    # settings left None take (quick, full) defaults
    QUICK_DEFAULTS = dict(batch_size=(16, 32), large_batch_size=(32, 128), mini_batch_size=(8, 16),
                          max_seq_length=(128, 256), steps=(2, 8), warmup_steps=(1, 2), repeats=(2, 3))

    shape: str = "small"
    """From :data:`common.SHAPES` (0.5b is impractical for full training on CPU)."""
    dtypes: list[str] = field(default_factory=lambda: ["fp32"])
    """fp32, and/or bf16 (torch.autocast bf16 over fp32 weights)."""
    batch_size: int | None = None
    """Pairs per step of the pooling comparison (default 32; quick: 16)."""
    large_batch_size: int | None = None
    """Pairs per step of the loss comparison (default 128; quick: 32)."""
    mini_batch_size: int | None = None
    """Cached MNRL mini-batch size (default 16; quick: 8)."""
    runs: list[str] | None = None
    """Runs PIPELINE[@right]:LOSS:BATCH (default: pma:mnrl:B, st-lasttoken:mnrl:B, pma:mnrl:LB, pma:cachedMB:LB)."""
    max_seq_length: int | None = None
    """Truncation length (default 256; quick: 128)."""
    steps: int | None = None
    """Timed steps per run (default 8; quick: 2)."""
    warmup_steps: int | None = None
    """Untimed steps first (default 2; quick: 1)."""
    repeats: int | None = None
    """Runs per configuration, interleaved (default 3; quick: 2)."""
    learning_rate: float = 1e-4
    scale: float = 20.0
    """Loss scale (1 / temperature)."""
    peak_sizes: list[int] = field(default_factory=lambda: [1024, 2048])
    """Square matmul sizes of the peak measurement."""

    def __post_init__(self) -> None:
        self.apply_quick_defaults()
        if self.shape not in common.SHAPES:
            raise ConfigError("shape", f"unknown shape {self.shape!r}; choose from {sorted(common.SHAPES)}")
        self.dtypes = common.check_choices("dtypes", self.dtypes, common.DTYPES)
        common.check_positive(self, "batch_size", "large_batch_size", "mini_batch_size", "max_seq_length", "steps",
                              "repeats", "threads")
        common.check_positive(self, "warmup_steps", minimum=0)
        self.peak_sizes = [int(n) for n in self.peak_sizes]
        if not self.peak_sizes or min(self.peak_sizes) < 1:
            raise ConfigError("peak_sizes", f"needs sizes of at least 1, got {self.peak_sizes}")
        if self.runs is None:
            b, lb, mb = self.batch_size, self.large_batch_size, self.mini_batch_size
            self.runs = [f"pma:mnrl:{b}", f"st-lasttoken:mnrl:{b}", f"pma:mnrl:{lb}", f"pma:cached{mb}:{lb}"]
        self.runs = list(self.runs)
        if not self.runs:
            raise ConfigError("runs", "needs at least one value")
        for run in self.runs:
            try:
                check_run(run)
            except ValueError as error:
                raise ConfigError("runs", str(error)) from None
