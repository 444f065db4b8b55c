"""A small causal code backbone pretrained here, so that PMA can be studied in the paper's setting without a hub.

No pretrained decoder is available offline, so this module builds one: a Qwen2-shaped decoder (Qwen2ForCausalLM,
Qwen2.5's pre-tokenizer with its own small byte-level BPE vocabulary trained by ``train_new_from_iterator``) trained
by next-token prediction on the Python files of the ablation's training sources. Files are split exactly as the
ablation splits its pairs (:func:`c2llm.data.mining.split_of` of the path relative to its source): ``train`` files
are pretrained on, ``dev`` files give the validation loss, and ``test`` files (the ablation's in-domain retrieval
split) and the out-of-domain sources are never read.

    python -m bench.causal_backbone --output-dir outputs/causal-backbone --report docs/ablation/causal
    c2llm ablation --backbone outputs/causal-backbone/backbone --studies pooling attention ...

The run checkpoints every ``checkpoint_every`` steps (model, optimizer, schedule, losses; written atomically) and a
rerun resumes from the last checkpoint with the same batches it would have drawn (batch ``s`` comes from a generator
seeded with ``seed`` and ``s``), so a killed run ends where an uninterrupted one would. The finished backbone is
``<output-dir>/backbone`` (weights and tokenizer, rebuilt by the command, never committed); the report (settings,
train and validation loss curves, tokens seen, seconds) is ``pretrain.json`` and ``loss.png``.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from c2llm.atomic import atomic_write, atomic_write_text, staged_directory
from c2llm.errors import ConfigError, UserError
from c2llm.bench.ablation import DEFAULT_TRAIN_SOURCES, source_root

logger = logging.getLogger(__name__)

SEPARATOR = "<|endoftext|>"  # between files in the token stream (Qwen's document separator)
SPLIT_SEED = 0  # the ablation's split_by_file seed: its test files are never pretrained on


# integer settings that must be at least 1 (seed and warmup_steps may be 0)
COUNTS = ("vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads",
          "intermediate_size", "block_size", "batch_size", "steps", "eval_every", "eval_blocks", "checkpoint_every")


@dataclass
class PretrainSettings:
    """The corpus, the decoder's shape and the training budget."""

    output_dir: str = "outputs/causal-backbone"
    sources: list[str] = field(default_factory=lambda: list(DEFAULT_TRAIN_SOURCES))
    """``stdlib``, installed package names or folders: their Python files (train split) are the corpus."""
    max_corpus_mb: float = 40.0
    """Train-split text read at most (files in a seeded order), in MB."""
    vocab_size: int = 8192
    hidden_size: int = 256
    num_hidden_layers: int = 4
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    intermediate_size: int = 1024
    block_size: int = 256
    """Tokens per training sequence."""
    batch_size: int = 16
    steps: int = 1200
    learning_rate: float = 1e-3
    warmup_steps: int = 60
    min_lr_ratio: float = 0.1
    """Cosine decay ends at this share of the peak learning rate."""
    weight_decay: float = 0.1
    eval_every: int = 100
    eval_blocks: int = 64
    """Validation sequences (from the dev files), scored every ``eval_every`` steps."""
    checkpoint_every: int = 50
    seed: int = 0
    show_progress: bool = True

    def __post_init__(self) -> None:
        for name in COUNTS:
            if getattr(self, name) < 1:
                raise ConfigError(name, f"must be at least 1, got {getattr(self, name)}")
        if self.hidden_size % self.num_attention_heads or self.num_attention_heads % self.num_key_value_heads:
            raise ConfigError("num_attention_heads", f"{self.num_attention_heads} heads must divide --hidden-size "
                              f"{self.hidden_size} and be a multiple of --num-key-value-heads {self.num_key_value_heads}")
        if not 0 <= self.min_lr_ratio <= 1:
            raise ConfigError("min_lr_ratio", f"must be in [0, 1], got {self.min_lr_ratio}")
        if self.max_corpus_mb <= 0:
            raise ConfigError("max_corpus_mb", f"must be > 0, got {self.max_corpus_mb}")

    def data_spec(self) -> dict:
        """What the tokenizer and token files depend on (a rerun with another spec needs a new output folder)."""
        return {key: getattr(self, key) for key in ("sources", "max_corpus_mb", "vocab_size", "seed")}

    def model_spec(self) -> dict:
        """What a checkpoint depends on (everything but progress display and checkpoint cadence)."""
        return {key: value for key, value in asdict(self).items() if key not in ("show_progress", "output_dir",
                                                                                  "checkpoint_every")}


# ------------------------------------------------------------------------------------------------------- data


def corpus_files(sources: Sequence[str]) -> dict[str, list[Path]]:
    """Split -> the Python files of ``sources`` in it, by the ablation's file split (``test`` included so that it can
    be counted; it is never read)."""
    from c2llm.data.mining import STDLIB_EXCLUDED_DIRS, iter_source_files, split_of

    files: dict[str, list[Path]] = {"train": [], "dev": [], "test": []}
    for source in sources:
        root = source_root(source, "sources")
        excluded = STDLIB_EXCLUDED_DIRS if source == "stdlib" else ()
        for path in iter_source_files(root, ["python"], excluded):
            files[split_of(path.relative_to(root).as_posix(), seed=SPLIT_SEED)].append(path)
    return files


def read_texts(paths: Sequence[Path], max_bytes: float, seed: int) -> list[str]:
    """Readable UTF-8 texts of ``paths`` in a seeded order, until ``max_bytes`` are read."""
    import random

    from c2llm.code.files import SkipFile, read_code_file

    order = list(paths)
    random.Random(seed).shuffle(order)
    texts, total = [], 0
    for path in order:
        if total >= max_bytes:
            break
        try:
            text = read_code_file(path)
        except SkipFile:
            continue
        texts.append(text)
        total += len(text.encode("utf-8"))
    return texts


def prepare_data(settings: PretrainSettings, data_dir: Path) -> dict:
    """The tokenizer (``data_dir/tokenizer``), ``train.npy`` and ``dev.npy`` token streams and ``stats.json``; reused
    while :meth:`PretrainSettings.data_spec` is unchanged, refused when it changed."""
    import numpy as np

    from c2llm.qwen_tokenizer import build_qwen2_tokenizer

    stats_path = data_dir / "stats.json"
    spec = settings.data_spec()
    if stats_path.exists():
        stats = json.loads(stats_path.read_text())
        if stats["spec"] != spec:
            changed = sorted(key for key in spec if stats["spec"].get(key) != spec[key])
            raise ConfigError(changed[0], f"{data_dir} was built with other data settings ({', '.join(changed)}); "
                              "use a new --output-dir")
        return stats
    started = time.perf_counter()
    files = corpus_files(settings.sources)
    limit = settings.max_corpus_mb * 1e6
    train_texts = read_texts(files["train"], limit, settings.seed)
    dev_texts = read_texts(files["dev"], limit * 0.05, settings.seed)
    if not train_texts or not dev_texts:
        raise ConfigError("sources", f"{settings.sources}: no readable Python files in the train and dev splits")
    logger.info("training a %d-token BPE vocabulary on %d files", settings.vocab_size, len(train_texts))
    # Qwen2.5's tokenizer class and pre-tokenizer, with a vocabulary of this corpus (Qwen's 151k would be 90% of
    # a small model's parameters)
    tokenizer = build_qwen2_tokenizer().train_new_from_iterator(train_texts, vocab_size=settings.vocab_size)
    separator = tokenizer.convert_tokens_to_ids(SEPARATOR)
    data_dir.mkdir(parents=True, exist_ok=True)
    tokenizer.save_pretrained(data_dir / "tokenizer")
    counts = {}
    for split, texts in (("train", train_texts), ("dev", dev_texts)):
        ids = [token for row in tokenizer(texts, add_special_tokens=False)["input_ids"] for token in [*row, separator]]
        array = np.asarray(ids, dtype=np.uint16 if len(tokenizer) < 2**16 else np.int32)
        atomic_write(data_dir / f"{split}.npy", lambda file, array=array: np.save(file, array), mode="wb")
        counts[split] = len(array)
    stats = {"spec": spec, "files": {split: len(paths) for split, paths in files.items()},
             "files_read": {"train": len(train_texts), "dev": len(dev_texts)},
             "megabytes_read": {"train": round(sum(len(t.encode()) for t in train_texts) / 1e6, 2),
                                "dev": round(sum(len(t.encode()) for t in dev_texts) / 1e6, 2)},
             "tokens": counts, "vocab_size": len(tokenizer), "seconds": round(time.perf_counter() - started, 1)}
    atomic_write_text(stats_path, json.dumps(stats, indent=2) + "\n")
    return stats


def batch_starts(step: int, seed: int, tokens: int, block_size: int, batch_size: int) -> list[int]:
    """The start offsets of step ``step``'s sequences: a generator seeded by (seed, step), so that a resumed run
    draws the same batches as an uninterrupted one."""
    import numpy as np

    rng = np.random.default_rng([seed, step])
    return rng.integers(0, tokens - block_size - 1, size=batch_size).tolist()


def blocks(stream, starts: Sequence[int], block_size: int):
    """(inputs, labels) of ``block_size + 1`` tokens starting at each offset, as an int64 tensor pair."""
    import numpy as np
    import torch

    rows = np.stack([stream[start:start + block_size + 1].astype(np.int64) for start in starts])
    batch = torch.from_numpy(rows)
    return batch[:, :-1], batch[:, 1:]


# ------------------------------------------------------------------------------------------------------ model


def build_model(settings: PretrainSettings, vocab_size: int):
    """A Qwen2ForCausalLM of the settings' shape (Qwen2.5-Coder's architecture, scaled down; tied embeddings)."""
    import torch
    from transformers import Qwen2ForCausalLM

    from c2llm.build import small_qwen2_config

    torch.manual_seed(settings.seed)
    config = small_qwen2_config(
        vocab_size=vocab_size, hidden_size=settings.hidden_size, num_hidden_layers=settings.num_hidden_layers,
        num_attention_heads=settings.num_attention_heads, num_key_value_heads=settings.num_key_value_heads,
        intermediate_size=settings.intermediate_size, max_position_embeddings=max(512, settings.block_size))
    config.architectures = ["Qwen2ForCausalLM"]  # the ablation pads causal backbones on the left, as the paper does
    return Qwen2ForCausalLM(config)


def learning_rate(step: int, settings: PretrainSettings) -> float:
    """Linear warm-up to the peak, then cosine decay to ``min_lr_ratio`` of it at the last step."""
    if step < settings.warmup_steps:
        return settings.learning_rate * (step + 1) / settings.warmup_steps
    progress = (step - settings.warmup_steps) / max(1, settings.steps - settings.warmup_steps)
    floor = settings.min_lr_ratio
    return settings.learning_rate * (floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * min(progress, 1.0))))


def validation_loss(model, stream, settings: PretrainSettings) -> float:
    """Mean next-token loss on ``eval_blocks`` fixed, evenly spaced sequences of the dev stream."""
    import torch

    span = len(stream) - settings.block_size - 1
    starts = [int(i * span / settings.eval_blocks) for i in range(settings.eval_blocks)]
    model.eval()
    losses = []
    with torch.no_grad():
        for first in range(0, len(starts), settings.batch_size):
            inputs, labels = blocks(stream, starts[first:first + settings.batch_size], settings.block_size)
            logits = model(input_ids=inputs).logits
            losses.append(torch.nn.functional.cross_entropy(logits.flatten(0, 1), labels.flatten()).item())
    model.train()
    return sum(losses) / len(losses)


# ------------------------------------------------------------------------------------------------------ train


def save_checkpoint(path: Path, model, optimizer, state: dict) -> None:
    import torch

    atomic_write(path, lambda file: torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(),
                                                **state}, file), mode="wb")  # fmt: skip


def pretrain(settings: PretrainSettings, command: str = "") -> dict:
    """Prepare the data, train (resuming from the checkpoint if there is one), save the backbone; returns the report."""
    import numpy as np
    import torch
    from tqdm.auto import tqdm
    from transformers import AutoTokenizer

    from c2llm.training.allocator import keep_freed_memory

    keep_freed_memory()  # CPU steps several times faster (c2llm/training/allocator.py)
    output_dir = Path(settings.output_dir)
    stats = prepare_data(settings, output_dir / "data")
    tokenizer = AutoTokenizer.from_pretrained(output_dir / "data" / "tokenizer")
    train_stream = np.load(output_dir / "data" / "train.npy", mmap_mode="r")
    dev_stream = np.load(output_dir / "data" / "dev.npy", mmap_mode="r")
    model = build_model(settings, len(tokenizer))
    decay = [p for n, p in model.named_parameters() if p.ndim >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.ndim < 2]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": settings.weight_decay},
                                   {"params": no_decay, "weight_decay": 0.0}], lr=settings.learning_rate,
                                  betas=(0.9, 0.95))  # fmt: skip
    checkpoint_path = output_dir / "checkpoint.pt"
    state = {"spec": settings.model_spec(), "step": 0, "train_loss": [], "validation_loss": [], "seconds": 0.0}
    if checkpoint_path.exists():
        saved = torch.load(checkpoint_path, weights_only=False)
        if saved["spec"] != state["spec"]:
            changed = sorted(key for key in state["spec"] if saved["spec"].get(key) != state["spec"][key])
            raise ConfigError(changed[0], f"{checkpoint_path} was trained with other settings ({', '.join(changed)}); "
                              "use a new --output-dir")
        model.load_state_dict(saved.pop("model"))
        optimizer.load_state_dict(saved.pop("optimizer"))
        state = saved
        logger.info("resuming at step %d of %d", state["step"], settings.steps)
    model.train()
    started = time.perf_counter() - state["seconds"]
    progress = tqdm(total=settings.steps, initial=state["step"], desc="pretraining", disable=not settings.show_progress)
    if state["step"] == 0 and not state["validation_loss"]:
        state["validation_loss"].append([0, validation_loss(model, dev_stream, settings)])
    while state["step"] < settings.steps:
        step = state["step"]
        for group in optimizer.param_groups:
            group["lr"] = learning_rate(step, settings)
        inputs, labels = blocks(train_stream, batch_starts(step, settings.seed, len(train_stream), settings.block_size,
                                                           settings.batch_size), settings.block_size)  # fmt: skip
        logits = model(input_ids=inputs).logits
        loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), labels.flatten())
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        state["step"] = step + 1
        state["train_loss"].append(round(loss.item(), 4))
        progress.update(1)
        progress.set_postfix(loss=f"{loss.item():.3f}")
        if state["step"] % settings.eval_every == 0 or state["step"] == settings.steps:
            state["validation_loss"].append([state["step"], validation_loss(model, dev_stream, settings)])
        if state["step"] % settings.checkpoint_every == 0 or state["step"] == settings.steps:
            state["seconds"] = round(time.perf_counter() - started, 1)
            save_checkpoint(checkpoint_path, model, optimizer, state)
    progress.close()
    with staged_directory(output_dir / "backbone") as staging:
        model.save_pretrained(staging)
        tokenizer.save_pretrained(staging)
    return report(settings, stats, state, model, command)


def report(settings: PretrainSettings, stats: dict, state: dict, model, command: str) -> dict:
    """What was trained on, the shape and the loss curves (train loss every step, validation every ``eval_every``)."""
    parameters = sum(p.numel() for p in model.parameters())
    embedding = model.get_input_embeddings().weight.numel()
    tokens_seen = state["step"] * settings.batch_size * settings.block_size
    return {"command": command, "settings": {k: v for k, v in asdict(settings).items() if k != "show_progress"},
            "data": stats, "parameters": parameters, "non_embedding_parameters": parameters - embedding,
            "steps": state["step"], "tokens_seen": tokens_seen,
            "epochs": round(tokens_seen / stats["tokens"]["train"], 3), "train_seconds": state["seconds"],
            "train_loss": state["train_loss"], "validation_loss": state["validation_loss"],
            "final": {"train_loss_last_50": round(sum(state["train_loss"][-50:]) / len(state["train_loss"][-50:]), 4),
                      "validation_loss": round(state["validation_loss"][-1][1], 4),
                      "validation_perplexity": round(math.exp(state["validation_loss"][-1][1]), 2)}}


def write_report(payload: dict, report_dir: Path) -> None:
    """``pretrain.json`` and ``loss.png`` (train loss, smoothed over 20 steps, and validation loss per step)."""
    from c2llm.plots import pyplot, save_png

    atomic_write_text(report_dir / "pretrain.json", json.dumps(payload, indent=2) + "\n")
    plt = pyplot()
    fig, axis = plt.subplots(figsize=(6, 3.5))
    train = payload["train_loss"]
    smooth = [sum(train[max(0, i - 19):i + 1]) / len(train[max(0, i - 19):i + 1]) for i in range(len(train))]
    axis.plot(range(1, len(train) + 1), smooth, label="train (20-step mean)")
    steps, values = zip(*payload["validation_loss"])
    axis.plot(steps, values, "o-", label="validation (dev files)")
    axis.set_xlabel("step")
    axis.set_ylabel("next-token loss (nats)")
    axis.set_title(f"causal backbone, {payload['non_embedding_parameters'] / 1e6:.1f}M non-embedding parameters")
    axis.legend()
    fig.tight_layout()
    save_png(fig, report_dir / "loss.png")


def main(argv: Sequence[str] | None = None) -> int:
    defaults = PretrainSettings()
    parser = argparse.ArgumentParser(prog="python -m bench.causal_backbone",
                                     description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                                     allow_abbrev=False)  # --steps must not stand for --steps-something
    parser.add_argument("--output-dir", default=defaults.output_dir, help="data, checkpoint and backbone/")
    parser.add_argument("--report", metavar="DIR", help="also write pretrain.json and loss.png here (a tracked copy)")
    parser.add_argument("--sources", nargs="+", default=defaults.sources, help="corpus sources (train-split files)")
    for setting in fields(PretrainSettings):  # one flag per number, typed and defaulted by the field itself
        value = getattr(defaults, setting.name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            parser.add_argument(f"--{setting.name.replace('_', '-')}", type=type(value), default=value)
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    args = vars(parser.parse_args(argv))
    report_dir = args.pop("report")
    args["show_progress"] = not args.pop("no_progress")
    command = shlex.join(["python", "-m", "bench.causal_backbone", *(sys.argv[1:] if argv is None else argv)])
    try:
        settings = PretrainSettings(**args)
        payload = pretrain(settings, command=command)
    except UserError as error:  # a bad setting, a source that is not there: one line, no traceback
        print(f"error: {error}", file=sys.stderr)
        return 2
    write_report(payload, Path(settings.output_dir))
    if report_dir:
        write_report(payload, Path(report_dir))
    final = payload["final"]
    print(f"{payload['steps']} steps, {payload['tokens_seen']:,} tokens ({payload['epochs']} epochs) in "
          f"{payload['train_seconds']:.0f} s: validation loss {final['validation_loss']} (perplexity "
          f"{final['validation_perplexity']}); backbone in {Path(settings.output_dir) / 'backbone'}")
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    raise SystemExit(main())

