"""What a C2LLM model card says, gathered from the model folder and the training run (no Markdown here).

The folder gives ``config.json``, ``sentence_bert_config.json`` / ``tokenizer_config.json``,
``config_sentence_transformers.json``, the safetensors headers, the conversion record and the sentence-transformers
trainer's own record in the folder's previous README; the run gives its ``results.json``. The front matter is
huggingface_hub ``ModelCardData``; :mod:`c2llm.hub.hub_card` renders the rest from ``model_card.md``.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..checkpoint_files import scan_checkpoint
from ...layout import BACKBONE_SOURCE, CARD, CONFIG, CONVERSION_RECORD, ST_CONFIG, ST_MODULE_CONFIG, TOKENIZER_CONFIG
from ...training.presets import DEMO_BACKBONE

TAGS = (
    "sentence-transformers",
    "sentence-similarity",
    "feature-extraction",
    "code",
    "code-search",
    "custom_code",
    "c2llm",
    "pma",
)
PIPELINE_TAG = "sentence-similarity"  # what sentence-transformers embedding models carry on the Hub
LIBRARY_NAME = "sentence-transformers"
CARD_METRICS = (("ndcg_at_10", "nDCG@10"), ("mrr_at_10", "MRR@10"))
TRAINER_RECORD_START, TRAINER_RECORD_END = "<!-- trainer-record:start -->", "<!-- trainer-record:end -->"
POOLING_KEYS = ("embedding_method", "compressed_dim", "pma_num_heads", "pma_ln", "pma_norm", "pma_residual",
                "pma_norm_mode", "padding_side")


# --------------------------------------------------------------------------------------------------------------------
# The model folder
# --------------------------------------------------------------------------------------------------------------------


@dataclass
class ModelFacts:
    """What a card needs to know about a model folder."""

    config: dict[str, Any]
    prompts: dict[str, str]
    similarity: str
    requirements: dict[str, Any]
    max_seq_length: int | None
    n_parameters: int | None
    stored_dtype: str | None
    conversion: dict[str, Any] | None
    trainer_record: str | None
    backbone_source: dict[str, Any] | None = None  # the GGUF file the backbone was read from (c2llm.backbones)

    @property
    def backbone(self) -> dict[str, Any]:
        """The backbone config (composite C2LLM config)."""
        return self.config.get("backbone_config") or {}

    @property
    def output_dim(self) -> int:
        """Embedding size."""
        return int(self.config.get("compressed_dim") or self.backbone.get("hidden_size"))

    @property
    def read_as(self) -> dict[str, Any]:
        """The config as the model code reads it (a folder saved before `pma_residual` existed: raw seed, and
        `pma_norm: false` meaning normalised)."""
        from configuration_c2llm import upgrade_saved_config

        return upgrade_saved_config(self.config)

    @property
    def normalized(self) -> bool:
        """Whether the model's output is L2-normalised (`pma_norm`, in the official C2LLM meaning)."""
        return bool(self.read_as.get("pma_norm", True))

    @property
    def residual(self) -> str:
        """What PMA's residual adds: ``projected`` (fc_q(seed), the official head) or ``seed``."""
        return self.read_as["pma_residual"]

    @property
    def padding_side(self) -> str:
        """The tokenizer side the pooling expects (left unless the config says otherwise)."""
        return self.config.get("padding_side", "left")

    @property
    def pooling_config(self) -> dict[str, str]:
        """The pooling keys present in config.json, each with its value as JSON text."""
        return {key: json.dumps(self.config.get(key)) for key in POOLING_KEYS if key in self.config}

    @property
    def requirement_specs(self) -> list[tuple[str, str]]:
        """(pip package name, version specifier) of the declared requirements, sorted by name."""
        return [
            (package.replace("_", "-"), requirement.get("specifier", "") if isinstance(requirement, dict)
             else str(requirement))
            for package, requirement in sorted(self.requirements.items())
        ]

    @property
    def prompt_rows(self) -> list[tuple[str, str]]:
        """(name, prompt) with `query` and `document` first, each prompt as a JSON string body (newline shown as
        ``\\n``) safe inside a Markdown table cell."""
        names = [name for name in ("query", "document") if name in self.prompts]
        names += sorted(name for name in self.prompts if name not in ("query", "document"))
        return [(name, json.dumps(self.prompts[name])[1:-1].replace("|", "&#124;")) for name in names]


def _read_json(path: Path) -> dict[str, Any]:
    """A JSON file, or {} when absent."""
    return json.loads(path.read_text()) if path.is_file() else {}


def read_facts(model_dir: Path) -> ModelFacts:
    """Read what the card needs from a C2LLM folder."""
    config = _read_json(model_dir / CONFIG)
    if config.get("model_type") != "c2llm":
        raise ValueError(f"{model_dir / CONFIG}: not a C2LLM model folder (model_type "
                         f"{config.get('model_type')!r}); convert official checkpoints with `c2llm convert`")
    st_config = _read_json(model_dir / ST_CONFIG)
    n_parameters, stored_dtype = _stored_parameters(model_dir)
    conversion = _read_json(model_dir / CONVERSION_RECORD) or None
    return ModelFacts(
        config=config,
        prompts=dict(st_config.get("prompts") or {}),
        similarity=st_config.get("similarity_fn_name") or "cosine",
        requirements=dict(st_config.get("requirements") or {}),
        max_seq_length=_max_seq_length(model_dir),
        n_parameters=n_parameters,
        stored_dtype=stored_dtype,
        conversion=conversion,
        trainer_record=_trainer_record(model_dir / CARD),
        backbone_source=_read_json(model_dir / BACKBONE_SOURCE) or None,
    )


def _max_seq_length(model_dir: Path) -> int | None:
    """The truncation length sentence-transformers applies: `max_seq_length` of sentence_bert_config.json (older
    layouts), else the tokenizer's `model_max_length` (what the sentence-transformers 6 Transformer reads)."""
    value = _read_json(model_dir / ST_MODULE_CONFIG).get("max_seq_length")
    if value is None:
        value = _read_json(model_dir / TOKENIZER_CONFIG).get("model_max_length")
    return int(value) if isinstance(value, (int, float)) and value < 1e9 else None


def _stored_parameters(model_dir: Path) -> tuple[int | None, str | None]:
    """Parameter count and main dtype from the safetensors headers (None when unreadable)."""
    scan = scan_checkpoint(model_dir)
    if scan.errors or not scan.tensors:
        return None, None
    dtypes = scan.dtypes
    return scan.n_parameters, max(dtypes, key=dtypes.get)


def _trainer_record(readme: Path) -> str | None:
    """The "Training Details" the sentence-transformers trainer wrote into the folder's README (or that a previous
    C2LLM card kept), with headings moved one level down."""
    if not readme.is_file():
        return None
    text = readme.read_text()
    if TRAINER_RECORD_START in text and TRAINER_RECORD_END in text:
        record = text.split(TRAINER_RECORD_START, 1)[1].split(TRAINER_RECORD_END, 1)[0].strip()
        return record or None
    match = re.search(r"^## Training Details[ \t]*\n(.*?)(?=^## |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    if not match or not match.group(1).strip():
        return None
    return re.sub(r"^(#{3,5}) ", r"#\1 ", match.group(1).strip(), flags=re.MULTILINE)


# --------------------------------------------------------------------------------------------------------------------
# The training run
# --------------------------------------------------------------------------------------------------------------------


def find_results_json(model_dir: str | os.PathLike) -> Path | None:
    """``results.json`` next to the folder when the training run that wrote it names this folder as its model."""
    model_dir = Path(model_dir).resolve()
    candidate = model_dir.parent / "results.json"
    if not candidate.is_file():
        return None
    try:
        named = json.loads(candidate.read_text()).get("model_dir")
    except (json.JSONDecodeError, AttributeError):
        return None
    # results.json names its model relative to the run folder (absolute in files of older versions)
    return candidate if named and (candidate.parent / named).resolve() == model_dir else None


def load_results(results_json: str | os.PathLike | dict | None) -> dict[str, Any] | None:
    """A training run's results (``train_sentence_transformers.py`` format), from a path or a dict."""
    if results_json is None:
        return None
    results = results_json if isinstance(results_json, dict) else json.loads(Path(results_json).read_text())
    if not isinstance(results, dict) or not {"after", "before"} & set(results):
        raise ValueError(f"{results_json}: not a results.json of train_sentence_transformers.py (no 'after' metrics)")
    return results


def eval_split_name(results: dict[str, Any]) -> str:
    """The held-out split's name: its folder name, never the local path."""
    split = results.get("eval_split")
    return Path(split).name if split else "held-out"


def is_demo(results: dict[str, Any] | None) -> bool:
    """Whether the run was the CPU demo (random small backbone)."""
    return bool(results) and (results.get("preset") == "demo" or results.get("backbone") == DEMO_BACKBONE)


def training_rows(results: dict[str, Any]) -> list[tuple[str, Any]]:
    """(label, value) of what the run recorded, in table order; absent entries left out."""
    train_loss = results.get("train_loss")
    rows = [
        ("Command", f"`{results['command']}`" if results.get("command") else None),
        ("Preset", results.get("preset")),
        ("Backbone", results.get("backbone")),
        ("Pooling", results.get("pooling")),
        ("Training data", ", ".join(f"{name} ({rows:,} rows)" for name, rows in (results.get("datasets") or {})
                                    .items()) or None),
        ("Dropped rows", results.get("dropped_rows")),
        ("Optimizer steps", results.get("global_steps")),
        ("Final training loss", f"{train_loss:.4f}" if isinstance(train_loss, float) else train_loss),
        ("Training time", f"{results['train_seconds']} s" if results.get("train_seconds") is not None else None),
    ]
    return [(label, value) for label, value in rows if value not in (None, "", {})]


def mteb_training_datasets(results: dict[str, Any] | None) -> list[str] | None:
    """The MTEB tasks whose data the run trained on (recorded for a built training folder), or None if unknown."""
    tasks = (results or {}).get("mteb_tasks")
    return sorted(tasks) if isinstance(tasks, list) else None


def has_evaluation(results: dict[str, Any] | None) -> bool:
    """Whether the run recorded held-out metrics."""
    return bool(results) and bool(results.get("after") or results.get("before"))


def evaluation_rows(results: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """(label, one value per :data:`CARD_METRICS`) for the trained model, the untrained one and BM25, as recorded."""
    rows = [("this model", results.get("after")), ("before training", results.get("before")),
            ("BM25 (code-aware baseline)", results.get("bm25"))]
    return [
        (label, [f"{scores[metric]:.4f}" if isinstance(scores.get(metric), (int, float)) else "-"
                 for metric, _ in CARD_METRICS])
        for label, scores in rows
        if scores
    ]


def default_base_model(facts: ModelFacts, results: dict[str, Any] | None) -> str | None:
    """A Hub id the model descends from, when the folder or the run records one."""
    candidates = [
        (facts.conversion or {}).get("source_model"),
        (facts.backbone_source or {}).get("upstream"),
        (results or {}).get("backbone"),
        facts.backbone.get("_name_or_path"),
    ]
    for candidate in candidates:
        if isinstance(candidate, str) and re.fullmatch(r"[\w.-]+/[\w.-]+", candidate) and not Path(candidate).exists():
            return candidate
    return None


# --------------------------------------------------------------------------------------------------------------------
# Front matter
# --------------------------------------------------------------------------------------------------------------------


def card_data(
    model_id: str,
    results: dict[str, Any] | None,
    base_model: str | None,
    license: str,
    datasets: list[str] | None,
):
    """The YAML front matter as huggingface_hub ``ModelCardData`` (model-index from the results' ``after``;
    ``datasets`` defaults to the Hub datasets of the run's built training folder)."""
    from huggingface_hub import ModelCardData

    eval_results = _eval_results(results) if results else []
    return ModelCardData(
        library_name=LIBRARY_NAME,
        pipeline_tag=PIPELINE_TAG,
        tags=list(TAGS),
        base_model=base_model,
        license=license,
        datasets=list(datasets) if datasets else ((results or {}).get("training_datasets") or None),
        language=["en"],
        eval_results=eval_results or None,
        model_name=model_id if eval_results else None,
    )


def _eval_results(results: dict[str, Any]) -> list:
    """nDCG@10 / MRR@10 of the trained model on the local held-out split, marked as not MTEB."""
    from huggingface_hub import EvalResult

    after = results.get("after") or {}
    split = eval_split_name(results)
    label = f"{split} (local held-out split, not MTEB)"
    return [
        EvalResult(
            task_type="retrieval",
            task_name="Code retrieval (local held-out split, not MTEB)",
            dataset_type="local-held-out",
            dataset_name=label,
            dataset_split="test",
            metric_type=metric,
            metric_name=f"{name}, local held-out split {split} (not MTEB)",
            metric_value=after[metric],
            verified=False,
        )
        for metric, name in CARD_METRICS
        if isinstance(after.get(metric), (int, float))
    ]
