"""Train a C2LLM code embedder with ``SentenceTransformerTrainer`` (the recipe of arXiv 2512.21332).

The programmatic API: build a :class:`TrainConfig` (a preset's defaults, overridden field by field) and call
:func:`run`. ``c2llm train`` and ``python train_sentence_transformers.py`` parse flags into a ``TrainConfig``;
the ablation and the tests call :func:`run` directly::

    from c2llm.training.trainer import TrainConfig, run

    results = run(TrainConfig(output_dir="outputs/demo", max_steps=20))

Outputs in ``output_dir``: ``model/`` (Hub-ready, written atomically), ``results.json`` (nDCG@10 / MRR@10 before and
after training, with BM25 on the same split), ``checkpoints/`` (resumable with ``resume=True``), ``data/`` (the mined
demo data), ``init-model/`` (with LoRA only: the base its adapters refer to).
"""

from __future__ import annotations

import json
import logging
import math
import os
import shlex
import time
from pathlib import Path
from typing import Any

import torch
from transformers import TrainerCallback

from ..atomic import atomic_write_text
from ..data.manifest import is_built_folder
from ..errors import ConfigError, TrainingDiverged
from ..layout import CONVERTIBLE, MODULES, PACKAGE, folder_kind
from ..model_folders import loadable_path
from ..provenance import source_commit
from .config import TrainConfig
from .presets import DEMO_BACKBONE, STDLIB

logger = logging.getLogger(__name__)

# ------------------------------------------------------------------------------------------------------ data


def prepare_stdlib_data(data_dir: Path, seed: int, max_train_pairs: int | None) -> tuple[list[str], Path]:
    """Mine the stdlib once (split by file), write train/dev/test jsonl and the test split as a BEIR folder."""
    from ..data.mining import mine_pairs, split_by_file, stdlib_root, write_dataset
    from ..evaluation.beir import write_beir

    stats_path = data_dir / "stats.json"
    if not stats_path.exists():
        pairs, stats = mine_pairs([stdlib_root()], languages=["python"], seed=seed)
        splits = split_by_file(pairs, seed=seed)
        if max_train_pairs:
            splits["train"] = splits["train"][:max_train_pairs]
        write_dataset(splits, stats, data_dir)
        for split in ("dev", "test"):
            rows = [json.loads(line) for line in (data_dir / f"{split}.jsonl").read_text().splitlines()]
            queries = {f"q{i}": row["query"] for i, row in enumerate(rows)}
            corpus = {f"d{i}": row["positive"] for i, row in enumerate(rows)}
            write_beir(data_dir / f"{split}-beir", queries, corpus, {f"q{i}": {f"d{i}": 1} for i in range(len(rows))})
    return [str(data_dir / "train.jsonl")], data_dir / "test-beir"


def run_relative(path: str | os.PathLike, run_dir: Path) -> str:
    """A path as recorded in results and cards: relative to the run when inside it, never absolute otherwise."""
    path = Path(path)
    resolved = path.resolve()
    if resolved.is_relative_to(run_dir):
        return resolved.relative_to(run_dir).as_posix()
    return path.as_posix() if not path.is_absolute() else path.name


# ----------------------------------------------------------------------------------------------------- model


def attention(config: TrainConfig) -> str:
    """The configured attention, else flash-attention 2 on CUDA when flash-attn is installed, else sdpa."""
    if config.attn_implementation:
        return config.attn_implementation
    if torch.cuda.is_available():
        try:
            import flash_attn  # noqa: F401

            return "flash_attention_2"
        except ImportError:
            pass
    return "sdpa"


def weights_dtype(config: TrainConfig) -> torch.dtype:
    """bf16 storage only for a frozen LoRA base on CUDA; trained weights stay fp32 (bf16 autocast does the maths)."""
    return torch.bfloat16 if (torch.cuda.is_available() and config.bf16 is not False and config.lora_r) else torch.float32


def keeps_initial_model(config: TrainConfig) -> bool:
    """Whether the initial model is written to ``init-model/``: only for LoRA, whose checkpoints and --adapter-only
    model store just the adapter and name ``init-model/`` as its base (``base_model_name_or_path``), so loading any of
    them (a resumed run, --merge-last, the adapter-only result) reads it. Full-training checkpoints hold every weight:
    a resumed run rebuilds the initial model and the trainer overwrites all of it from the checkpoint."""
    return bool(config.lora_r)


def build_initial_model(config: TrainConfig, init_dir: Path):
    """The model before training; saved to ``init_dir`` and read back from there when :func:`keeps_initial_model`
    (for a 7B that is tens of GB written and read, so never without a reader)."""
    from transformers import AutoTokenizer

    from ..build import (
        build_c2llm,
        load_model,
        save_model,
        small_qwen2_config,
        to_sentence_transformer,
    )

    model_kwargs = {"attn_implementation": attention(config), "dtype": weights_dtype(config)}
    if (init_dir / MODULES).exists():  # resuming a run that kept it: the base its adapters refer to
        model = load_model(init_dir, model_kwargs=model_kwargs)
    else:
        if folder_kind(config.backbone) in (PACKAGE, *CONVERTIBLE):  # train a C2LLM model further (a release: converted)
            model = load_model(loadable_path(config.backbone), model_kwargs=model_kwargs)
        else:
            if config.backbone == DEMO_BACKBONE:
                from ..qwen_tokenizer import build_qwen2_tokenizer

                tokenizer = build_qwen2_tokenizer()
                backbone = small_qwen2_config(
                    len(tokenizer), pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id
                )
            else:
                tokenizer = AutoTokenizer.from_pretrained(config.backbone)
                backbone = config.backbone
            # seeded: without init-model/ to read, every rank of a distributed run builds the same weights itself
            hf_model = build_c2llm(
                backbone, embedding_method=config.pooling, compressed_dim=config.compressed_dim,
                pma_num_heads=config.pma_num_heads, padding_side=config.padding_side, seed=config.seed,
                **model_kwargs,
            )  # fmt: skip
            if config.backbone == DEMO_BACKBONE:
                # Token identity must survive the random layers, whose outputs are ~10x the usual 0.02-std
                # embeddings: start the embeddings at unit scale (with --freeze-embeddings they stay random features).
                torch.nn.init.normal_(hf_model.get_input_embeddings().weight, std=1.0)
            model = to_sentence_transformer(hf_model, tokenizer, max_seq_length=config.max_seq_length)
            del hf_model
        if keeps_initial_model(config):
            save_model(model, init_dir)
            del model
            # loaded from init_dir, the model records that path, which add_adapter writes as the adapters' base
            model = load_model(init_dir, model_kwargs=model_kwargs)
    model.max_seq_length = config.max_seq_length
    return model


# -------------------------------------------------------------------------------------------------- training


def training_arguments(config: TrainConfig, prompts: dict, distributed: bool):
    from sentence_transformers import SentenceTransformerTrainingArguments
    from sentence_transformers.base.sampler import (
        BatchSamplers,
        MultiDatasetBatchSamplers,
    )

    cuda = torch.cuda.is_available()
    return SentenceTransformerTrainingArguments(
        output_dir=str(Path(config.output_dir) / "checkpoints"),
        num_train_epochs=config.epochs,
        max_steps=config.max_steps,
        per_device_train_batch_size=config.batch_size,
        learning_rate=config.learning_rate,
        warmup_steps=config.warmup_ratio,  # a float below 1 is a ratio of the total steps (transformers 5)
        lr_scheduler_type="cosine",
        weight_decay=0.01,
        adam_beta2=0.98,
        max_grad_norm=1.0,
        bf16=cuda if config.bf16 is None else config.bf16,
        activation_checkpointing=False,  # enabled on the model itself (prepare_model_for_training)
        batch_sampler=BatchSamplers.NO_DUPLICATES,  # a duplicate in the batch would be a false negative
        multi_dataset_batch_sampler=MultiDatasetBatchSamplers.PROPORTIONAL,  # each batch from one dataset/language
        prompts=prompts,
        save_strategy="steps",
        save_steps=config.save_steps,
        save_total_limit=max(config.merge_last, 2),
        logging_steps=10,
        report_to="none",
        seed=config.seed,
        use_cpu=not cuda,
        ddp_backend=None if cuda else ("gloo" if distributed else None),
        ddp_find_unused_parameters=False,
        optim="adamw_torch",
        dataloader_drop_last=distributed,
        deepspeed=config.deepspeed,
    )


class WeightedLoss(torch.nn.Module):
    """A loss times a constant: the per-source loss weight of a built dataset (the paper down-weights
    CodeEditSearch)."""

    def __init__(self, loss: torch.nn.Module, weight: float):
        super().__init__()
        self.loss, self.weight = loss, weight

    @property
    def model(self):
        """The trained model, as the wrapped loss holds it (the trainer swaps in its DDP wrapper there)."""
        return self.loss.model

    @property
    def citation(self) -> str:
        return self.loss.citation

    def get_config_dict(self) -> dict[str, Any]:
        return {**self.loss.get_config_dict(), "loss_weight": self.weight}

    def forward(self, features, labels):
        return self.weight * self.loss(features, labels)


def make_losses(model, config: TrainConfig, distributed: bool, weights: dict[str, float] | None):
    """One loss (every weight 1) or, per group, the loss times its weight."""
    if not weights or all(weight == 1 for weight in weights.values()):
        return make_loss(model, config, distributed)
    return {name: WeightedLoss(make_loss(model, config, distributed), weight) for name, weight in weights.items()}


def make_loss(model, config: TrainConfig, distributed: bool):
    """InfoNCE over in-batch and hard negatives at ``config.temperature``, gathered across devices when distributed;
    without GradCache, its texts are embedded in like-length groups (``c2llm.training.length_grouping``: far less
    padding)."""
    from sentence_transformers.sentence_transformer.losses import CachedMultipleNegativesRankingLoss

    from .length_grouping import LengthGroupedMultipleNegativesRankingLoss

    scale = 1.0 / config.temperature
    if config.cached_loss:
        return CachedMultipleNegativesRankingLoss(
            model, scale=scale, mini_batch_size=config.mini_batch_size, gather_across_devices=distributed
        )
    return LengthGroupedMultipleNegativesRankingLoss(model, scale=scale, gather_across_devices=distributed)


def column_prompts(dataset_names: list[str], columns: list[str], default_query_prompt: str,
                   prompt_tasks: dict[str, str] | None = None) -> dict:
    """Per-dataset column -> prompt, as in the paper's Table 1: the instruction of the MTEB(Code) task a dataset is
    named after (`CosQA.jsonl` -> CosQA's; a built folder's manifest names the task of each group in
    ``prompt_tasks``) or the default query prompt on `query`, "Retrieved Answer:" on documents."""
    from ..prompts import DOCUMENT_PROMPT, QUERY_INSTRUCTIONS, query_prompt

    tasks = {task.lower(): task for task in QUERY_INSTRUCTIONS}
    prompts = {}
    for name in dataset_names:
        task = (prompt_tasks or {}).get(name) or tasks.get(name.split("/")[0].lower())
        query = query_prompt(task) if task else default_query_prompt
        prompts[name] = {column: (query if column == "query" else DOCUMENT_PROMPT) for column in columns}
    return prompts


class EpochSetter(TrainerCallback):
    """Tells the per-epoch negative draw which epoch begins (a resumed run starts mid-epoch: the floor)."""

    def __init__(self, draw):
        self.draw = draw

    def on_epoch_begin(self, args, state, control, **kwargs):
        self.draw.epoch = math.floor((state.epoch or 0) + 1e-9)


def load_built_training_data(folder: str, config: TrainConfig):
    """A folder of ``c2llm data build``: its groups with ``K`` = ``num_hard_negatives`` of the stored negatives
    drawn per row and epoch (:class:`c2llm.data.epoch_negatives.EpochNegatives`), and the manifest's facts.

    Returns:
        ``(DatasetDict, BuiltDataset, EpochNegatives)``.
    """
    from datasets import DatasetDict

    from ..data.epoch_negatives import ROW_COLUMN, EpochNegatives
    from ..data.manifest import load_built_dataset
    from ..data.training import negative_columns

    built = load_built_dataset(folder)
    stored = min(len(negative_columns(d.column_names)) for d in built.groups.values())
    k = config.num_hard_negatives or 0
    if k > stored:
        raise ConfigError("num_hard_negatives", f"{k}: {folder} stores {stored} negatives per row")
    draw = EpochNegatives(stored=stored, k=k, seed=config.seed)
    groups = {}
    for name, dataset in built.groups.items():
        dataset = dataset.add_column(ROW_COLUMN, list(range(len(dataset))))
        dataset.set_transform(draw)
        groups[name] = dataset
    return DatasetDict(groups), built, draw


class StepCounter(TrainerCallback):
    """Counts the optimizer steps this process runs (a resumed run runs only the remaining ones)."""

    def __init__(self):
        self.steps = 0

    def on_step_end(self, args, state, control, **kwargs):
        self.steps += 1


def check_run_spec(output_dir: Path, config: TrainConfig) -> None:
    """The initial model, the mined data and the "before" scores in ``output_dir`` are reused: refuse to reuse them
    for a run that would have built them differently."""
    spec = config.run_spec()
    path = output_dir / "run-spec.json"
    if path.exists():
        saved = json.loads(path.read_text())
        changed = sorted(key for key in spec if saved.get(key) != spec[key])
        if changed:
            was = ", ".join(f"--{key.replace('_', '-')}={saved.get(key)!r}" for key in changed)
            raise ConfigError("output_dir", f"{output_dir} was set up with {was}; use a new --output-dir for other "
                              "settings")
    else:
        write_json_atomic(path, spec)


def finish_model(model, config: TrainConfig):
    """The final model: optionally the weighted average of the last N checkpoints, LoRA merged unless adapter-only."""
    from .checkpoints import average_checkpoints, list_checkpoints
    from .lora import merge_lora

    if config.merge_last:
        checkpoints = list_checkpoints(Path(config.output_dir) / "checkpoints")[-config.merge_last :]
        if len(checkpoints) < config.merge_last:
            raise ConfigError("merge_last", f"{config.merge_last}: only {len(checkpoints)} checkpoint(s) were saved")
        logger.info("Averaging %s", [p.name for p in checkpoints])
        model = average_checkpoints(checkpoints, config.merge_weights)
    elif config.lora_r and not config.adapter_only:
        merge_lora(model[0].model)
    return model


def evaluate(model, beir_dir: Path | None, label: str) -> dict | None:
    if beir_dir is None:
        return None
    from ..evaluation.dense import evaluate_model

    model.eval()
    with torch.no_grad():
        scores = evaluate_model(model, beir_dir, name=label, batch_size=64)
    logger.info("%s: nDCG@10 %.4f  MRR@10 %.4f", label, scores["ndcg_at_10"], scores["mrr_at_10"])
    return scores


def write_json_atomic(path: Path, payload: dict) -> None:
    atomic_write_text(path, json.dumps(payload, indent=2) + "\n")


def record_divergence(output_dir: Path, config: TrainConfig, header: dict, before: dict | None,
                      error: TrainingDiverged, steps_this_run: int) -> None:
    """``results.json`` (and ``--out``) of a run stopped by :class:`TrainingDiverged`: where and why, no model."""
    results = {
        **header,
        "global_steps": error.step - 1,
        "steps_this_run": steps_this_run,
        "before": before,
        "after": None,
        "model_dir": None,
        "diverged": {
            "step": error.step,
            "loss": f"{error.loss:g}",  # text: JSON has no NaN or infinity
            "grad_norm": f"{error.grad_norm:g}",
            "last_checkpoint": run_relative(error.checkpoint, output_dir) if error.checkpoint else None,
            "error": str(error),
        },
        "code": source_commit(),
    }
    write_json_atomic(output_dir / "results.json", results)
    if config.out:
        write_json_atomic(Path(config.out), results)


def prepare_model_for_training(model, config: TrainConfig) -> None:
    """LoRA adapters (with fp32 masters of what is trained) or full training, embeddings frozen when asked, and
    activation checkpointing (on with CUDA by default)."""
    from .lora import lora_config

    checkpointing = torch.cuda.is_available() if config.activation_checkpointing is None else config.activation_checkpointing
    if checkpointing:
        # transformers 5 deprecates gradient_checkpointing_enable, which the trainer would call through
        # sentence-transformers: enable it here on the backbone model instead.
        model[0].model.activation_checkpointing_enable()

    if config.lora_r:
        model.add_adapter(lora_config(model[0].model, r=config.lora_r, alpha=config.lora_alpha))
        for parameter in model.parameters():  # adapters and the PMA copy are trained: keep an fp32 master
            if parameter.requires_grad:
                parameter.data = parameter.data.float()
    elif config.freeze_embeddings:
        model[0].model.get_input_embeddings().weight.requires_grad_(False)


def run(config: TrainConfig) -> dict:
    """Train as configured; returns what ``results.json`` records (empty on ranks other than 0)."""
    from accelerate import PartialState

    from ..build import save_model
    from ..data.training import load_training_data, negative_columns
    from ..prompts import query_prompt
    from .checkpoints import list_checkpoints
    from .finite_trainer import FiniteStepTrainer, last_complete_checkpoint

    started = time.time()
    cuda = torch.cuda.is_available()
    if not cuda:
        from .allocator import keep_freed_memory

        keep_freed_memory()  # CPU steps several times faster (c2llm/training/allocator.py)
    distributed = int(os.environ.get("WORLD_SIZE", "1")) > 1  # launched by torchrun / accelerate launch
    state = PartialState(cpu=not cuda, **({"backend": "gloo"} if distributed and not cuda else {}))
    output_dir = Path(config.output_dir).resolve()
    output_dir.mkdir(parents=True, exist_ok=True)
    if not config.resume and list_checkpoints(output_dir / "checkpoints"):
        raise ConfigError("output_dir", f"{output_dir}/checkpoints already has checkpoints: pass --resume or a new "
                          "--output-dir")
    if state.is_main_process:
        check_run_spec(output_dir, config)

    with state.main_process_first():  # rank 0 mines data (and saves a kept initial model); the others then read them
        sources, beir_dir = list(config.dataset), Path(config.eval_beir) if config.eval_beir else None
        if sources == [STDLIB]:
            sources, default_beir = prepare_stdlib_data(output_dir / "data", config.seed, config.max_train_pairs)
            beir_dir = beir_dir or default_beir
        built = draw = None
        if is_built_folder(sources[0]):
            train_data, built, draw = load_built_training_data(sources[0], config)
            dropped = {run_relative(sources[0], output_dir): built.manifest.data["dropped"]}
        else:
            train_data, report = load_training_data(sources, config.num_hard_negatives)
            dropped = {run_relative(source, output_dir): count for source, count in report.dropped.items()}
        model = build_initial_model(config, output_dir / "init-model")

    evaluate_now = state.is_main_process and config.evaluate
    before = None
    if evaluate_now and beir_dir is not None:  # kept on disk so that a resumed run reports it too
        before_path = output_dir / "before-training.json"
        if not before_path.exists():
            write_json_atomic(before_path, evaluate(model, beir_dir, "before training"))
        before = json.loads(before_path.read_text())
    prepare_model_for_training(model, config)

    if draw is not None:
        columns = ["query", "positive", *(f"negative_{i}" for i in range(1, draw.k + 1))]
    else:
        columns = ["query", "positive", *negative_columns(next(iter(train_data.values())).column_names)]
    prompts = column_prompts(list(train_data), columns, model.prompts.get("query", query_prompt()),
                             built.prompt_tasks if built else None)
    step_counter = StepCounter()
    trainer = FiniteStepTrainer(
        model=model,
        args=training_arguments(config, prompts, distributed),
        train_dataset=train_data,
        loss=make_losses(model, config, distributed, built.loss_weights if built else None),
        callbacks=[step_counter, *([EpochSetter(draw)] if draw is not None else [])],
    )
    # a kill mid-save is harmless: an unfinished checkpoint is never resumed from
    resume_from = last_complete_checkpoint(output_dir / "checkpoints") if config.resume else None
    extra = dict(config.extra)
    if "command" in extra:  # as recorded in cards: no absolute local path
        extra["command"] = shlex.join(run_relative(token, output_dir) if os.path.isabs(token) else token
                                      for token in shlex.split(extra["command"]))
    header = {
        **extra,
        "preset": config.preset,
        "backbone": config.backbone,
        "pooling": model[0].model.config.embedding_method,  # a C2LLM folder trains with its own, whatever --pooling
        "datasets": {name: len(ds) for name, ds in train_data.items()},
        "dropped_rows": dropped,
    }
    try:
        train_output = trainer.train(resume_from_checkpoint=str(resume_from) if resume_from else None)
    except TrainingDiverged as error:
        if state.is_main_process:  # the record of the failed run; no model/ is written
            record_divergence(output_dir, config, header, before, error, step_counter.steps)
        raise

    results: dict[str, Any] = {}
    if state.is_main_process:
        model = finish_model(model, config)
        final_dir = save_model(model, output_dir / "model", provenance_from=config.backbone)
        after = evaluate(model, beir_dir, "after training") if evaluate_now else None
        bm25 = None
        if evaluate_now and beir_dir is not None:
            from ..evaluation.baseline import evaluate_bm25

            bm25 = evaluate_bm25(beir_dir)
        results = {
            **header,
            "global_steps": trainer.state.global_step,
            "steps_this_run": step_counter.steps,
            "train_loss": train_output.training_loss,
            "train_seconds": round(train_output.metrics.get("train_runtime", 0.0), 1),
            "total_seconds": round(time.time() - started, 1),
            "eval_split": run_relative(beir_dir, output_dir) if beir_dir else None,
            "before": before,
            "after": after,
            "bm25": bm25,
            "model_dir": run_relative(final_dir, output_dir),
            "code": source_commit(),
        }
        if built is not None:  # for the model card's `datasets:` and mteb's ModelMeta(training_datasets=...)
            results["training_datasets"] = built.manifest.training_datasets
            results["mteb_tasks"] = built.manifest.mteb_tasks
            results["negatives_per_epoch"] = {"stored": draw.stored, "drawn": draw.k}
        write_json_atomic(output_dir / "results.json", results)
        if config.out:
            write_json_atomic(Path(config.out), results)
    # no barrier here: the other ranks may exit while rank 0 merges, saves and evaluates (a 7B can outlast a timeout)
    return results
