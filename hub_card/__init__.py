"""The Hugging Face model card (README.md) of a C2LLM model folder.

Everything in the card is read from the folder (``config.json``, ``sentence_bert_config.json``,
``config_sentence_transformers.json``, the safetensors headers), from the training run's ``results.json`` when there
is one, and from the sentence-transformers trainer's own record in the folder's previous README. The usage snippets
are written to run exactly as shown (the tests execute them).

    from c2llm.hub_card import write_model_card
    write_model_card("outputs/run/model", model_id="me/c2llm-demo", results_json="outputs/run/results.json")
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_text
from ..hub.checkpoint_files import scan_checkpoint
from ..layout import CONVERSION_RECORD
from ..presets import DEMO_BACKBONE

ARXIV_ID = "2512.21332"
PAPER_TITLE = "C2LLM Technical Report: A New Frontier in Code Retrieval via Adaptive Cross-Attention Pooling"
# Authors as printed on the paper's title page (arXiv:2512.21332v1) and in the official README's citation.
PAPER_AUTHORS = ("Jin Qin", "Zihan Liao", "Ziyin Zhang", "Hang Yu", "Peng Di", "Rui Wang")
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

EXAMPLE_QUERIES = ["Return the sum of two numbers."]
EXAMPLE_DOCUMENTS = ["def add(a, b):\n    return a + b", "def is_even(n):\n    return n % 2 == 0"]
MTEB_EXAMPLE_TASK = "CosQA"

__all__ = ["build_model_card", "find_results_json", "write_model_card"]


# --------------------------------------------------------------------------------------------------------------------
# What the folder says
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

    @property
    def backbone(self) -> dict[str, Any]:
        """The backbone config (composite C2LLM config)."""
        return self.config.get("backbone_config") or {}

    @property
    def output_dim(self) -> int:
        """Embedding size."""
        return int(self.config.get("compressed_dim") or self.backbone.get("hidden_size"))

    @property
    def normalized(self) -> bool:
        """The official CGE meaning of pma_norm: False => L2-normalised output."""
        return not self.config.get("pma_norm", False)


def _read_json(path: Path) -> dict[str, Any]:
    """A JSON file, or {} when absent."""
    return json.loads(path.read_text()) if path.is_file() else {}


def read_facts(model_dir: Path) -> ModelFacts:
    """Read what the card needs from a C2LLM folder."""
    config = _read_json(model_dir / "config.json")
    if config.get("model_type") != "c2llm":
        raise ValueError(f"{model_dir / 'config.json'}: not a C2LLM model folder (model_type "
                         f"{config.get('model_type')!r}); convert official checkpoints with `c2llm convert`")
    st_config = _read_json(model_dir / "config_sentence_transformers.json")
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
        trainer_record=_trainer_record(model_dir / "README.md"),
    )


def _max_seq_length(model_dir: Path) -> int | None:
    """The truncation length sentence-transformers applies: `max_seq_length` of sentence_bert_config.json (older
    layouts), else the tokenizer's `model_max_length` (what the sentence-transformers 6 Transformer reads)."""
    value = _read_json(model_dir / "sentence_bert_config.json").get("max_seq_length")
    if value is None:
        value = _read_json(model_dir / "tokenizer_config.json").get("model_max_length")
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
    """The YAML front matter as huggingface_hub ``ModelCardData`` (model-index from the results' ``after``)."""
    from huggingface_hub import ModelCardData

    eval_results = _eval_results(results) if results else []
    return ModelCardData(
        library_name=LIBRARY_NAME,
        pipeline_tag=PIPELINE_TAG,
        tags=list(TAGS),
        base_model=base_model,
        license=license,
        datasets=list(datasets) if datasets else None,
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


# --------------------------------------------------------------------------------------------------------------------
# Body
# --------------------------------------------------------------------------------------------------------------------


def _fmt_bool(value: Any) -> str:
    return "yes" if value else "no"


def _intro(model_id: str, facts: ModelFacts, results: dict[str, Any] | None, base_model: str | None) -> str:
    """Title and what the model is."""
    backbone = facts.backbone
    lines = [
        f"# {model_id.split('/')[-1]}",
        "",
        f"A **C2LLM** code embedding model ([arXiv:{ARXIV_ID}](https://arxiv.org/abs/{ARXIV_ID})): a causal code LLM "
        f"(a {backbone.get('model_type', '?')} backbone{_origin(base_model, facts)}) "
        "whose last hidden states are pooled into one vector by "
        + _pooling_phrase(facts)
        + f". It maps code and natural-language queries to {facts.output_dim}-dimensional vectors for code search, "
        "code-to-code retrieval and similarity.",
    ]
    if _is_demo(results):
        lines += ["", "> **Demonstration model.** It was trained from random weights for minutes on a CPU "
                  "(a scaled-down Qwen2 on Python standard-library docstring/code pairs). It shows the pipeline "
                  "works end to end; it is not useful for real retrieval."]
    if facts.conversion:
        source = facts.conversion.get("source_model") or facts.conversion.get("source")
        lines += ["", f"The weights are the official C2LLM release `{source}`, converted to this layout with "
                  "`c2llm convert` (unused `lm_head` dropped, tensors unchanged)."]
    return "\n".join(lines)


def _origin(base_model: str | None, facts: ModelFacts) -> str:
    """` initialised from `X`` when the model was trained from a Hub model (a conversion says so separately)."""
    return f" initialised from `{base_model}`" if base_model and not facts.conversion else ""


def _pooling_phrase(facts: ModelFacts) -> str:
    """One phrase for the pooling of the config."""
    method = facts.config.get("embedding_method", "pma")
    if method == "pma":
        return (f"**PMA** (Pooling by Multihead Attention: one learnable query cross-attends over all token states "
                f"with {facts.config.get('pma_num_heads')} heads)")
    return {"mean": "masked **mean pooling**", "last_token": "the **last token** state"}.get(method, method)


def _details(facts: ModelFacts, base_model: str | None, license: str) -> str:
    """The model-details table."""
    backbone, config = facts.backbone, facts.config
    pooling_keys = ("embedding_method", "compressed_dim", "pma_num_heads", "pma_ln", "pma_norm", "pma_norm_mode",
                    "padding_side")
    pooling_config = ", ".join(f"`{key}={json.dumps(config.get(key))}`" for key in pooling_keys if key in config)
    params = f"{facts.n_parameters:,} (stored as {facts.stored_dtype})" if facts.n_parameters else "unknown"
    rows = [
        ("Model type", "C2LLM (`model_type: c2llm`, remote code: `configuration_c2llm.py`, `modeling_c2llm.py`)"),
        ("Backbone", _backbone_phrase(backbone)),
        ("Base model", f"[{base_model}](https://huggingface.co/{base_model})" if base_model else "not recorded"),
        ("Pooling", _pooling_phrase(facts)),
        ("Pooling config (config.json)", pooling_config),
        ("Output dimension", f"{facts.output_dim}" + (" (L2-normalised)" if facts.normalized else "")),
        ("Similarity function", facts.similarity),
        ("Max sequence length", f"{facts.max_seq_length} tokens" if facts.max_seq_length else "not set"),
        ("Padding side", config.get("padding_side", "left")),
        ("Parameters", params),
        ("License", license),
    ]
    table = ["| | |", "|---|---|", *(f"| {key} | {value} |" for key, value in rows)]
    architecture = (
        "The sentence-transformers pipeline is `Transformer` (module 0, returns the backbone's token states) -> "
        "`C2LLMPooling` (module 1, applies the pooling stored with the model in `model.safetensors`). "
        "`AutoModel` gives the same embedding as `outputs.sentence_embedding`."
    )
    return "## Model details\n\n" + "\n".join(table) + "\n\n" + architecture


def _backbone_phrase(backbone: dict[str, Any]) -> str:
    """`qwen2: 24 layers, hidden size 896, ...`."""
    get = backbone.get
    return (
        f"{get('model_type', '?')}: {get('num_hidden_layers', '?')} layers, hidden size {get('hidden_size', '?')}, "
        f"{get('num_attention_heads', '?')} attention heads, vocabulary {get('vocab_size', '?')}; "
        "causal attention kept"
    )


def _install_line(facts: ModelFacts) -> str:
    """pip command from the declared requirements."""
    specs = []
    for package, requirement in sorted(facts.requirements.items()):
        specifier = requirement.get("specifier", "") if isinstance(requirement, dict) else str(requirement)
        specs.append(f'"{package.replace("_", "-")}{specifier}"')
    return "pip install -U " + (" ".join(specs) if specs else "sentence-transformers transformers")


def _python_list(items: list[str]) -> str:
    """A Python list literal, one item per line when it is long."""
    literal = "[" + ", ".join(json.dumps(item) for item in items) + "]"
    if len(literal) <= 80:
        return literal
    return "[\n" + "".join(f"    {json.dumps(item)},\n" for item in items) + "]"


def usage_snippets(model_id: str, facts: ModelFacts) -> dict[str, str]:
    """The runnable snippets of the card: sentence-transformers, transformers, mteb."""
    queries, documents = _python_list(EXAMPLE_QUERIES), _python_list(EXAMPLE_DOCUMENTS)
    dim, max_len = facts.output_dim, facts.max_seq_length or 2048
    query_prompt, document_prompt = facts.prompts.get("query", ""), facts.prompts.get("document", "")
    shapes = f"({len(EXAMPLE_QUERIES)}, {dim}) ({len(EXAMPLE_DOCUMENTS)}, {dim})"
    sentence_transformers = f"""\
from sentence_transformers import SentenceTransformer

model = SentenceTransformer("{model_id}", trust_remote_code=True)

queries = {queries}
documents = {documents}
query_embeddings = model.encode_query(queries)  # prepends the "query" prompt
document_embeddings = model.encode_document(documents)  # prepends the "document" prompt
print(query_embeddings.shape, document_embeddings.shape)  # {shapes}

similarities = model.similarity(query_embeddings, document_embeddings)
print(similarities)"""
    transformers = f"""\
import torch
import torch.nn.functional as F
from transformers import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("{model_id}", trust_remote_code=True)  # pads on the left
model = AutoModel.from_pretrained("{model_id}", trust_remote_code=True).eval()


def embed(texts, prompt):
    batch = tokenizer(
        [prompt + text for text in texts], padding=True, truncation=True, max_length={max_len}, return_tensors="pt"
    )
    with torch.no_grad():
        return model(**batch).sentence_embedding


queries = {queries}
documents = {documents}
query_embeddings = embed(queries, {query_prompt!r})
document_embeddings = embed(documents, {document_prompt!r})
similarities = F.normalize(query_embeddings, dim=-1) @ F.normalize(document_embeddings, dim=-1).T
print(similarities)"""
    mteb = f"""\
import mteb
from sentence_transformers import SentenceTransformer

model = SentenceTransformer("{model_id}", trust_remote_code=True)
tasks = mteb.get_tasks(tasks=["{MTEB_EXAMPLE_TASK}"])  # all 12 code tasks: mteb.get_benchmark("MTEB(Code, v1)").tasks
results = mteb.evaluate(model, tasks=tasks)
print(results.task_results[0].get_score())"""
    return {"sentence-transformers": sentence_transformers, "transformers": transformers, "mteb": mteb}


def _usage(model_id: str, facts: ModelFacts) -> str:
    """The usage section."""
    snippets = usage_snippets(model_id, facts)
    return f"""## Usage

The model ships its own code (`configuration_c2llm.py`, `modeling_c2llm.py`), so every loader needs
`trust_remote_code=True`. Pin the revision you reviewed with `revision="<commit sha>"` (accepted by
`SentenceTransformer`, `AutoModel` and `AutoTokenizer` alike); with `HF_HUB_OFFLINE=1` a model must already be in the
local cache.

```bash
{_install_line(facts)}
```

### Sentence Transformers

```python
{snippets["sentence-transformers"]}
```

### Transformers

`outputs.sentence_embedding` is the pooled embedding; prepend the prompts yourself (see the table below).

```python
{snippets["transformers"]}
```

### MTEB

mteb takes the per-task prompts (`"<Task>-query"` / `"<Task>-document"`) from the model's
`config_sentence_transformers.json`. {_mteb_settings(facts)} Running it downloads the task data.

```python
{snippets["mteb"]}
```"""


def _mteb_settings(facts: ModelFacts) -> str:
    """Whether the saved settings are the official evaluation settings (max_seq_length 2048, left padding)."""
    if facts.max_seq_length == 2048 and facts.config.get("padding_side", "left") == "left":
        return "The model's saved settings are the official evaluation settings (max_seq_length 2048, left padding)."
    return (f"The model is saved with max_seq_length {facts.max_seq_length}; the official evaluation used 2048 with "
            "left padding (`model.max_seq_length = 2048` before `mteb.evaluate`).")


def _prompts(facts: ModelFacts) -> str:
    """The prompts table, from config_sentence_transformers.json."""
    if not facts.prompts:
        return "## Prompts\n\nThe model has no prompts: texts are embedded as they are."
    names = [name for name in ("query", "document") if name in facts.prompts]
    names += sorted(name for name in facts.prompts if name not in ("query", "document"))
    rows = [f"| `{name}` | `{json.dumps(facts.prompts[name])[1:-1].replace('|', '&#124;')}` |" for name in names]
    return (
        "## Prompts\n\n"
        "Prompts are prepended to the text (`prompt + text`), as in the paper (Table 1): queries get a per-task "
        "instruction and a newline, documents get `Retrieved Answer:`. `encode_query` / `encode_document` use "
        "`query` / `document`; pass `prompt_name=\"<Task>-query\"` for another task.\n\n"
        "| Name | Prompt |\n|---|---|\n" + "\n".join(rows)
    )


def _training(results: dict[str, Any] | None, facts: ModelFacts) -> str:
    """Training details from the run's results and the trainer's own record."""
    parts = ["## Training"]
    if results:
        rows = [
            ("Command", f"`{results['command']}`" if results.get("command") else None),
            ("Preset", results.get("preset")),
            ("Backbone", results.get("backbone")),
            ("Pooling", results.get("pooling")),
            ("Training data", ", ".join(f"{name} ({rows:,} rows)" for name, rows in (results.get("datasets") or {})
                                        .items()) or None),
            ("Dropped rows", results.get("dropped_rows")),
            ("Optimizer steps", results.get("global_steps")),
            ("Final training loss", f"{results['train_loss']:.4f}" if isinstance(results.get("train_loss"), float)
             else results.get("train_loss")),
            ("Training time", f"{results['train_seconds']} s" if results.get("train_seconds") is not None else None),
        ]
        table = [f"| {key} | {value} |" for key, value in rows if value not in (None, "", {})]
        parts.append("Recorded by `train_sentence_transformers.py`:\n\n| | |\n|---|---|\n" + "\n".join(table))
    elif facts.conversion:
        parts.append("Not trained here: see the official C2LLM release for its training (paper §4.1: LoRA r=64, "
                     "alpha=32, lr 1e-4, 3 epochs, max length 1024, InfoNCE with 7 hard negatives, tau 0.05).")
    else:
        parts.append("No training record was provided with this model.")
    if facts.trainer_record:
        parts.append("### Recorded by the sentence-transformers trainer\n\n"
                     f"{TRAINER_RECORD_START}\n{facts.trainer_record}\n{TRAINER_RECORD_END}")
    return "\n\n".join(parts)


def _evaluation(results: dict[str, Any] | None) -> str:
    """Local held-out metrics (never presented as MTEB)."""
    reference = ("For reference, the paper reports MTEB(Code, v1) averages (nDCG@10) of 75.46 for C2LLM-0.5B and "
                 "80.75 for C2LLM-7B; use the MTEB snippet above to measure this model on that benchmark.")
    if not results or not (results.get("after") or results.get("before")):
        return f"## Evaluation\n\nNo evaluation was recorded with this model. {reference}"
    rows = [("this model", results.get("after")), ("before training", results.get("before")),
            ("BM25 (code-aware baseline)", results.get("bm25"))]
    lines = ["| | " + " | ".join(name for _, name in CARD_METRICS) + " |", "|---|" + "---|" * len(CARD_METRICS)]
    for label, scores in rows:
        if scores:
            values = " | ".join(f"{scores[m]:.4f}" if isinstance(scores.get(m), (int, float)) else "-"
                                for m, _ in CARD_METRICS)
            lines.append(f"| {label} | {values} |")
    return (
        "## Evaluation\n\n"
        f"**Local held-out split `{eval_split_name(results)}`, not MTEB.** These numbers come from the training run's "
        "own held-out split (documents retrieved by cosine similarity with the model's prompts, top 100 per query); "
        "they are not comparable with MTEB leaderboard scores.\n\n" + "\n".join(lines) + f"\n\n{reference}"
    )


def _limitations(facts: ModelFacts, results: dict[str, Any] | None) -> str:
    """Limitations and caveats."""
    requirements = ", ".join(
        f"{package.replace('_', '-')} {value.get('specifier', '') if isinstance(value, dict) else value}"
        for package, value in sorted(facts.requirements.items())
    )
    items = [
        "Remote code: loading runs `modeling_c2llm.py` from the repo (`trust_remote_code=True`); pin a revision.",
        f"Versions: {requirements or 'transformers 5 and sentence-transformers 6'} (checked when the model loads).",
        f"Inputs longer than {facts.max_seq_length or 'max_seq_length'} tokens are truncated; the official models "
        "were trained with 1024 tokens and evaluated with 2048.",
        "Pooling needs padded batches: flash-attention sequence packing is disabled for this model. bf16 and fp32 "
        "are tested; fp16 is not.",
        "Embeddings from different C2LLM checkpoints (or different `compressed_dim`) are not interchangeable.",
    ]
    if facts.conversion:
        items.append("Converted weights: the official PMA tensor names (`mha_pma.*`) were inferred from the "
                     "CodeFuse-CGE code the official model descends from; the conversion checks every name and shape.")
    if _is_demo(results):
        items.append("This is a demonstration model with random-initialised weights trained briefly on CPU.")
    return "## Limitations\n\n" + "\n".join(f"- {item}" for item in items)


def _citation() -> str:
    """BibTeX of the C2LLM paper."""
    authors = " and ".join(PAPER_AUTHORS)
    return f"""## Citation

```bibtex
@misc{{qin2025c2llm,
  title={{{PAPER_TITLE}}},
  author={{{authors}}},
  year={{2025}},
  eprint={{{ARXIV_ID}}},
  archivePrefix={{arXiv}},
  primaryClass={{cs.CL}},
  url={{https://arxiv.org/abs/{ARXIV_ID}}},
}}
```"""


def _is_demo(results: dict[str, Any] | None) -> bool:
    """Whether the run was the CPU demo (random small backbone)."""
    return bool(results) and (results.get("preset") == "demo" or results.get("backbone") == DEMO_BACKBONE)


def _default_base_model(facts: ModelFacts, results: dict[str, Any] | None) -> str | None:
    """A Hub id the model descends from, when the folder or the run records one."""
    candidates = [
        (facts.conversion or {}).get("source_model"),
        (results or {}).get("backbone"),
        facts.backbone.get("_name_or_path"),
    ]
    for candidate in candidates:
        if isinstance(candidate, str) and re.fullmatch(r"[\w.-]+/[\w.-]+", candidate) and not Path(candidate).exists():
            return candidate
    return None


# --------------------------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------------------------


def build_model_card(
    model_dir: str | os.PathLike,
    *,
    model_id: str = "org/name",
    results_json: str | os.PathLike | dict | None = None,
    base_model: str | None = None,
    license: str = "apache-2.0",
    datasets: list[str] | None = None,
) -> str:
    """The README.md text for a C2LLM folder (see :func:`write_model_card`)."""
    from huggingface_hub import ModelCard

    model_dir = Path(model_dir)
    facts = read_facts(model_dir)
    results = load_results(results_json if results_json is not None else find_results_json(model_dir))
    base_model = base_model or _default_base_model(facts, results)
    data = card_data(model_id, results, base_model, license, datasets)
    sections = [
        _intro(model_id, facts, results, base_model),
        _details(facts, base_model, license),
        _usage(model_id, facts),
        _prompts(facts),
        _training(results, facts),
        _evaluation(results),
        _limitations(facts, results),
        _citation(),
    ]
    content = f"---\n{data.to_yaml()}\n---\n\n" + "\n\n".join(sections) + "\n"
    ModelCard(content)  # parses the front matter back: raises on anything the Hub would reject
    return content


def write_model_card(
    model_dir: str | os.PathLike,
    *,
    model_id: str = "org/name",
    results_json: str | os.PathLike | dict | None = None,
    base_model: str | None = None,
    license: str = "apache-2.0",
    datasets: list[str] | None = None,
) -> Path:
    """Write the model card ``README.md`` of a C2LLM folder atomically.

    Args:
        model_dir: The model folder (``config.json`` with ``model_type: c2llm``).
        model_id: Hub repo id used in the snippets and the model-index.
        results_json: ``results.json`` of ``train_sentence_transformers.py`` (path or dict); default: the one next
            to the folder if it names this folder.
        base_model: Hub id of the model it descends from (default: recorded conversion source or training backbone).
        license: License id.
        datasets: Hub dataset ids for the front matter.

    Returns:
        The path of the README.
    """
    content = build_model_card(model_dir, model_id=model_id, results_json=results_json, base_model=base_model,
                               license=license, datasets=datasets)
    return atomic_write_text(Path(model_dir) / "README.md", content)
