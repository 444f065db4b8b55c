"""Pooling on frozen decoder states: does PMA pool a pretrained decoder's token states better than the mean, the last
token (EOS) or the mean without the first token, when only the pooling trains? (C2LLM's claim, on its own backbone.)

Two tasks (``--task``), each with a train, a valid and test splits:

* ``poj104`` (clone detection, MAP@R): the train rows of ``bench.poj104``'s grouped pair file (query, positive, BM25
  hard negative; no two rows of one problem in a batch) and ``bench.decoders``' valid and test subsets (the same
  programs as its rows), every text with the document prompt;
* ``docstring`` (code search, nDCG@10): the ablation's (docstring -> code) data as ``c2llm ablation`` mines it; its
  last :data:`DOCSTRING_VALID` train pairs are the valid split, and in-domain, ood-python and ood-javascript the test
  splits; queries with the query prompt, code with the document prompt; in-batch negatives only.

Jobs (results in ``bench/results/frozen_pooling.json``, one row per task and backbone; each job resumes):

* ``cache --model DIR --label L``: the backbone's last hidden states (float16) of every text the task reads, once.
  Each text (prompt included) is cut at ``max_seq_length - 1`` tokens, then EOS. Attention is causal, so every state
  before EOS is what the text alone gives: one pass serves every pooling (PMA and the means read the positions before
  EOS, last-token pooling reads EOS). Shards of :data:`SHARD` texts are written atomically; a killed run recomputes
  at most one.
* ``train --label L``: only the pooling trains, on the cache, everything else equal: :data:`STEPS` steps of
  :data:`BATCH_SIZE` rows, InfoNCE at temperature 0.05 (sentence-transformers' MultipleNegativesRankingLoss), AdamW
  with 10 % warm-up then linear decay, an output of the backbone's hidden size for every pooling:

  - ``pma``: the folder's own PMA head (the official C2LLM-0.5B settings) with the official init, trained in full;
  - ``mean``, ``last_token``, ``mean_no_first``: the pooled states, then a trained ``nn.Linear(hidden, hidden)``;
  - ``pma_uniform``: the same PMA head with its keys fixed at zero, so that it attends uniformly: everything PMA has
    but token selection (its projections, residual, LayerNorms and MLP over the mean), the control that says whether
    a PMA win comes from what it attends to or from the head around the attention.

  Each pooling's learning rate is chosen on valid (seed 0, :data:`LEARNING_RATES`) and each run's step on valid
  (every :data:`EVAL_EVERY` steps); :data:`SEEDS` seeds at the chosen rate are scored once on the test splits.
  Untrained references (the raw poolings, PMA at its init) are scored beside them. For PMA, what its heads attend to
  (entropy, first token, punctuation, identifiers) is recorded against a uniform head.
* ``table``: the Markdown tables of docs/ablation.md section 8.

    python -m bench.frozen_pooling --threads 1 cache --model outputs/backbones/smollm2-135m-instruct --label smollm2-135m
    python -m bench.frozen_pooling --threads 1 train --label smollm2-135m
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
import re
import shlex
import string
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.decoders import scored, subsets
from bench.poj104 import DATA, WORK_DIR, build_pair_file, load, paired_difference, per_problem_stats, seed_average

RESULTS = Path("bench/results/frozen_pooling.json")
FORMAT = 1
SHARD = 64
POOLINGS = ("pma", "mean", "last_token", "mean_no_first", "pma_uniform")
LEARNING_RATES = (1e-4, 1e-3, 1e-2)
SEEDS = (0, 1, 2, 3, 4)
STEPS = 200
EVAL_EVERY = 20
BATCH_SIZE = 16
SCALE = 20.0  # MultipleNegativesRankingLoss's default: temperature 0.05
WARMUP_RATIO = 0.1
DOCSTRING_VALID = 200
DOCSTRING_TESTS = ("in-domain", "ood-python", "ood-javascript")
# per task: its metric, the splits scored on test, what a paired interval resamples
TASKS = {"poj104": {"metric": "map_at_r", "tests": ("test",), "units": "problems"},
         "docstring": {"metric": "ndcg_at_10", "tests": DOCSTRING_TESTS, "units": "queries"}}


def command_line() -> str:
    return shlex.join(["python", "-m", "bench.frozen_pooling", *sys.argv[1:]])


# ---------------------------------------------------------------------------------------------------------------------
# The texts of each task


def token_ids(tokenizer, texts: list[str], max_seq_length: int) -> list[list[int]]:
    """Each text (its prompt included) cut at ``max_seq_length - 1`` tokens, then EOS: the last position is EOS."""
    encoded = tokenizer(texts, truncation=True, max_length=max_seq_length - 1)
    return [ids + [tokenizer.eos_token_id] for ids in encoded["input_ids"]]


def poj104_texts(args: argparse.Namespace, prompts: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Per split, the prompted texts and what scoring and training need: problems (valid, test), and for train the
    rows as (query, positive, negative) indices into its distinct texts, with each row's problem as its group."""
    (valid_texts, valid_problems), (test_texts, test_problems) = subsets(args)
    pairs = Path(args.work_dir) / "finetune-data" / f"pairs-n{args.train_pairs}-s{args.subset_seed}-grouped.jsonl"
    if not pairs.exists():
        info = build_pair_file(load("train", args.data), pairs, args.train_pairs, args.subset_seed, groups=True)
        pairs.with_suffix(".json").write_text(json.dumps(info, indent=2) + "\n")
    texts: list[str] = []
    where: dict[str, int] = {}
    rows, groups = [], []
    for line in pairs.read_text().splitlines():
        record = json.loads(line)
        row = []
        for column in ("query", "positive", "negative_1"):
            if record[column] not in where:
                where[record[column]] = len(texts)
                texts.append(record[column])
            row.append(where[record[column]])
        rows.append(row)
        groups.append(record["group"])
    document = prompts["document"]
    return {"train": {"texts": [document + t for t in texts], "rows": rows, "groups": groups},
            "valid": {"texts": [document + t for t in valid_texts], "problems": valid_problems},
            "test": {"texts": [document + t for t in test_texts], "problems": test_problems}}


def docstring_texts(args: argparse.Namespace, prompts: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The ablation's data, mined with ``c2llm ablation``'s defaults (sources, sizes, seeds). A split holds its
    queries (query prompt), then their code (document prompt): query ``i``'s one relevant text is ``queries + i``."""
    from c2llm.bench.ablation import AblationSettings, prepare_data
    from c2llm.evaluation.beir import load_beir

    data_dir = Path(args.work_dir) / "ablation-data"
    prepare_data(AblationSettings(show_progress=False), data_dir)
    pairs = [json.loads(line) for line in (data_dir / "train.jsonl").read_text().splitlines() if line]
    query, document = prompts["query"], prompts["document"]

    def split(chosen: list[tuple[str, str]]) -> dict[str, Any]:
        return {"texts": [query + q for q, _ in chosen] + [document + d for _, d in chosen], "queries": len(chosen)}

    train = [(p["query"], p["positive"]) for p in pairs[:-DOCSTRING_VALID][:args.train_pairs]]
    out = {"train": {**split(train), "rows": [[i, len(train) + i] for i in range(len(train))],
                     "groups": [q for q, _ in train]},  # one docstring twice in a batch would be a false negative
           "valid": split([(p["query"], p["positive"]) for p in pairs[-DOCSTRING_VALID:]])}
    for name in DOCSTRING_TESTS:
        beir = load_beir(data_dir / name)
        relevant = {qid: next(iter(docs)) for qid, docs in beir.qrels.items()}
        out[name] = split([(beir.queries[qid], beir.corpus[relevant[qid]]["text"]) for qid in sorted(beir.queries)])
    return out


def study_texts(args: argparse.Namespace, prompts: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {"poj104": poj104_texts, "docstring": docstring_texts}[args.task](args, prompts)


def cache_dir(args: argparse.Namespace) -> Path:
    sample = (f"-v{args.valid_per_problem}-t{args.test_per_problem}-s{args.subset_seed}" if args.task == "poj104"
              else "")
    return (Path(args.work_dir) / "frozen-states"
            / f"{args.task}-{args.label}-L{args.max_seq_length}-pairs{args.train_pairs}{sample}")


# ---------------------------------------------------------------------------------------------------------------------
# The cache


def write_shard(path: Path, states: list[np.ndarray], ids: list[list[int]]) -> None:
    """One shard: the texts' states concatenated (float16), their lengths and token ids; written atomically."""
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez(tmp, states=np.concatenate(states).astype(np.float16), lengths=np.array([len(i) for i in ids]),
             ids=np.concatenate([np.asarray(i, dtype=np.int64) for i in ids]))
    os.replace(tmp, path)


def encode_split(model, ids: list[list[int]], folder: Path, batch_size: int, label: str) -> None:
    """The last hidden states of ``ids``, :data:`SHARD` texts a shard; shards already written are kept."""
    import torch

    folder.mkdir(parents=True, exist_ok=True)
    started, done = time.perf_counter(), 0
    for number, start in enumerate(range(0, len(ids), SHARD)):
        path = folder / f"shard-{number:05d}.npz"
        if path.exists():
            continue
        chunk = ids[start:start + SHARD]
        states: list[np.ndarray] = [np.empty(0)] * len(chunk)
        order = sorted(range(len(chunk)), key=lambda i: len(chunk[i]))  # similar lengths batched: little padding
        for begin in range(0, len(order), batch_size):
            batch = [chunk[i] for i in order[begin:begin + batch_size]]
            longest = max(map(len, batch))
            input_ids = torch.tensor([row + [0] * (longest - len(row)) for row in batch])
            mask = torch.tensor([[1] * len(row) + [0] * (longest - len(row)) for row in batch])
            with torch.inference_mode():
                hidden = model.encode_tokens(input_ids=input_ids, attention_mask=mask).last_hidden_state
            for row_number, i in enumerate(order[begin:begin + batch_size]):
                states[i] = hidden[row_number, :len(chunk[i])].float().numpy()
        if max(float(np.abs(s).max()) for s in states) > np.finfo(np.float16).max:
            raise SystemExit(f"error: {folder}: a state exceeds float16's range; the cache cannot hold it")
        write_shard(path, states, chunk)
        done += sum(map(len, chunk))
        print(f"{label} {folder.name}: {min(start + SHARD, len(ids))}/{len(ids)} texts, "
              f"{done / (time.perf_counter() - started):.0f} tokens/s", file=sys.stderr)


class States:
    """A split's cached states: ``states`` (all tokens, float16), ``offsets`` (n + 1), ``ids``."""

    def __init__(self, folder: Path, count: int):
        paths = sorted(folder.glob("shard-*.npz"))
        if len(paths) != math.ceil(count / SHARD):
            raise SystemExit(f"error: {folder}: {len(paths)} of {math.ceil(count / SHARD)} shards; run the cache job")
        shards = [np.load(path) for path in paths]
        self.states = np.concatenate([shard["states"] for shard in shards])
        self.ids = np.concatenate([shard["ids"] for shard in shards])
        lengths = np.concatenate([shard["lengths"] for shard in shards])
        self.offsets = np.concatenate([[0], np.cumsum(lengths)])

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def batch(self, indices) -> tuple[Any, Any]:
        """(batch, longest, hidden) float32 states, right-padded with zeros, and their (batch, longest) mask."""
        import torch

        lengths = [int(self.offsets[i + 1] - self.offsets[i]) for i in indices]
        states = torch.zeros(len(indices), max(lengths), self.states.shape[1])
        for row, (i, length) in enumerate(zip(indices, lengths, strict=True)):
            states[row, :length] = torch.from_numpy(self.states[self.offsets[i]:self.offsets[i + 1]].astype(np.float32))
        mask = torch.arange(max(lengths))[None, :] < torch.tensor(lengths)[:, None]
        return states, mask.long()


def cache(args: argparse.Namespace) -> None:
    import torch
    from transformers import AutoModel, AutoTokenizer

    from c2llm.atomic import atomic_write_text

    torch.set_num_threads(args.threads)
    folder = cache_dir(args)
    prompts = json.loads((Path(args.model) / "config_sentence_transformers.json").read_text())["prompts"]
    texts = study_texts(args, prompts)
    spec = {"task": args.task, "model": str(args.model), "label": args.label, "max_seq_length": args.max_seq_length,
            "prompts": {kind: prompts[kind] for kind in ("query", "document")}, "eos_appended": True,
            "train_pairs": args.train_pairs,
            **({"valid_per_problem": args.valid_per_problem, "test_per_problem": args.test_per_problem,
                "subset_seed": args.subset_seed} if args.task == "poj104" else {}),
            "texts": {split: len(part["texts"]) for split, part in texts.items()}}
    spec_path = folder / "spec.json"
    if spec_path.exists() and json.loads(spec_path.read_text()) != spec:
        raise SystemExit(f"error: {spec_path}: this cache was made with other settings; remove it or change --label")
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(spec_path, json.dumps(spec, indent=2) + "\n")
    atomic_write_text(folder / "texts.json", json.dumps({split: {k: v for k, v in part.items() if k != "texts"}
                                                         for split, part in texts.items()}) + "\n")
    tokenizer = AutoTokenizer.from_pretrained(args.model, trust_remote_code=True)
    model = AutoModel.from_pretrained(args.model, trust_remote_code=True, dtype=torch.float32).eval()
    started = time.perf_counter()
    for split in sorted(texts, key=lambda name: name == "train"):  # train last: the scored splits first
        ids = token_ids(tokenizer, texts[split]["texts"], args.max_seq_length)
        encode_split(model, ids, folder / split, args.batch_size, args.label)
    timing_path = folder / "timing.json"
    before = json.loads(timing_path.read_text())["encode_seconds"] if timing_path.exists() else 0.0
    atomic_write_text(timing_path, json.dumps({"encode_seconds": round(before + time.perf_counter() - started, 1),
                                               "threads": args.threads, "command": command_line()}, indent=2) + "\n")


# ---------------------------------------------------------------------------------------------------------------------
# The poolings


def content_mask(mask):
    """The positions before EOS (the last real position of each row)."""
    import torch

    ends = mask.sum(dim=1, keepdim=True) - 1
    return (torch.arange(mask.shape[1])[None, :] < ends).long()


def pooled_states(pooling: str, states, mask):
    """The raw pooled states of :data:`POOLINGS` but PMA: ``mean`` and ``mean_no_first`` over the positions before
    EOS (the latter without position 0, where pretrained decoders park their attention sink), ``last_token`` at EOS."""
    from modeling_c2llm import last_token_pool, mean_pool

    if pooling == "last_token":
        return last_token_pool(states, mask)
    content = content_mask(mask)
    if pooling == "mean_no_first":
        content[:, 0] = 0
    return mean_pool(states, content)


def official_pma(model_dir: str, seed: int):
    """The folder's PMA head (its config: heads, LayerNorms, residual) initialised by the package's own
    ``_init_weights`` under ``seed``: a C2LLMModel built around a one-layer stand-in of the backbone (same hidden
    size), whose head is taken."""
    import torch
    from transformers import AutoConfig

    from modeling_c2llm import C2LLMModel

    config = copy.deepcopy(AutoConfig.from_pretrained(model_dir, trust_remote_code=True))
    backbone = config.backbone_config
    backbone.num_hidden_layers, backbone.vocab_size, backbone.pad_token_id = 1, 8, None
    if getattr(backbone, "layer_types", None):
        backbone.layer_types = backbone.layer_types[:1]
    torch.manual_seed(seed)
    return C2LLMModel(config).pma


class Pooling:
    """One pooling under study: PMA, or a raw pooling followed by a trained linear layer (``linear=False``: the raw
    pooling alone, an untrained reference)."""

    def __init__(self, name: str, model_dir: str, hidden: int, seed: int, linear: bool = True):
        import torch

        self.name = name
        if name.startswith("pma"):
            self.module = official_pma(model_dir, seed)
            if name == "pma_uniform":  # every logit q.(W_k h + b_k) is 0: a uniform softmax over the content
                with torch.no_grad():
                    self.module.fc_k.weight.zero_()
                    self.module.fc_k.bias.zero_()
                self.module.fc_k.requires_grad_(False)
        else:
            torch.manual_seed(seed)
            self.module = torch.nn.Linear(hidden, hidden) if linear else torch.nn.Identity()

    def __call__(self, states, mask):
        import torch.nn.functional as F

        if self.name.startswith("pma"):
            embeddings = self.module(states, content_mask(mask))
        else:
            embeddings = self.module(pooled_states(self.name, states, mask))
        return F.normalize(embeddings, dim=-1)

    def embed(self, split: States, indices=None, chunk: int = 64) -> np.ndarray:
        import torch

        indices = list(range(len(split))) if indices is None else indices
        out = []
        with torch.no_grad():
            for start in range(0, len(indices), chunk):
                out.append(self(*split.batch(indices[start:start + chunk])).numpy())
        return np.concatenate(out)


# ---------------------------------------------------------------------------------------------------------------------
# Scores


def retrieval_scores(vectors: np.ndarray, queries: int) -> np.ndarray:
    """Per query (rows ``:queries``; its relevant text is row ``queries + i`` of the rest): nDCG@10 with one relevant
    text, 1 / log2(rank + 1) when it ranks in the top 10 (ties ranked in its favour), else 0."""
    similarity = vectors[:queries] @ vectors[queries:].T
    relevant = similarity[np.arange(queries), np.arange(queries)]
    rank = (similarity > relevant[:, None]).sum(axis=1) + 1
    return np.where(rank <= 10, 1.0 / np.log2(rank + 1), 0.0)


def split_score(task: str, vectors: np.ndarray, meta: dict[str, Any]) -> dict[str, Any]:
    """The task's metric on one split, its bootstrap interval and the per-unit figures a paired interval needs."""
    if task == "poj104":
        return scored(vectors, meta["problems"])
    from c2llm.evaluation.clones import problem_bootstrap

    per_query = retrieval_scores(vectors, meta["queries"])
    units = [f"q{i}" for i in range(meta["queries"])]
    return {"ndcg_at_10": round(float(per_query.mean()), 4),
            "ndcg_at_10_ci95": [round(x, 4) for x in problem_bootstrap(per_query, units)],
            "per_problem": {"ndcg_at_10": per_problem_stats(per_query, units)}}


def valid_score(task: str, pooling: Pooling, data: dict[str, Any]) -> float:
    return split_score(task, pooling.embed(data["valid"]), data["texts"]["valid"])[TASKS[task]["metric"]]


# ---------------------------------------------------------------------------------------------------------------------
# Training


def distinct_batches(groups: list[str], batch_size: int, steps: int, rng: random.Random) -> list[list[int]]:
    """``steps`` batches of row indices: each epoch a seeded shuffle of every row, cut into batches that never hold
    two rows of one group (a row whose group is already in the batch waits for the next one)."""
    batches: list[list[int]] = []
    while len(batches) < steps:
        waiting = list(range(len(groups)))
        rng.shuffle(waiting)
        while waiting and len(batches) < steps:
            batch, seen, rest = [], set(), []
            for row in waiting:
                if len(batch) < batch_size and groups[row] not in seen:
                    batch.append(row)
                    seen.add(groups[row])
                else:
                    rest.append(row)
            if len(batch) < batch_size:  # the epoch's tail: too few groups left for a full batch
                break
            batches.append(batch)
            waiting = rest
    return batches


def train_run(task: str, name: str, lr: float, seed: int, data: dict[str, Any], model_dir: str,
              steps: int = STEPS) -> dict:
    """One pooling trained on the cached train rows (column 0 the query, the rest its positive and negatives); the
    step is chosen on valid, and that state is scored on every test split."""
    import torch
    import torch.nn.functional as F
    from transformers import get_linear_schedule_with_warmup

    train, rows = data["train"], data["texts"]["train"]["rows"]
    pooling = Pooling(name, model_dir, train.states.shape[1], seed)
    optimizer = torch.optim.AdamW([p for p in pooling.module.parameters() if p.requires_grad], lr=lr)
    schedule = get_linear_schedule_with_warmup(optimizer, math.ceil(WARMUP_RATIO * steps), steps)
    batches = distinct_batches(data["texts"]["train"]["groups"], BATCH_SIZE, steps, random.Random(seed))
    history, best, started = [], None, time.perf_counter()
    for step, batch in enumerate(batches, start=1):
        query, *others = (pooling(*train.batch([rows[r][k] for r in batch])) for k in range(len(rows[0])))
        loss = F.cross_entropy(query @ torch.cat(others).T * SCALE, torch.arange(len(batch)))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        schedule.step()
        if step % EVAL_EVERY == 0 or step == len(batches):
            score = valid_score(task, pooling, data)
            history.append({"step": step, "loss": round(loss.item(), 4), "valid": round(score, 4)})
            if best is None or score > best[1]:
                best = (step, score, copy.deepcopy(pooling.module.state_dict()))
    pooling.module.load_state_dict(best[2])
    return {"pooling": name, "lr": lr, "seed": seed, "steps": len(batches), "chosen_step": best[0],
            "valid": round(best[1], 4), "valid_history": history,
            "train_seconds": round(time.perf_counter() - started, 1), "test": test_scores(task, pooling, data),
            **({"attention": attention_summary(pooling, data)} if name == "pma" else {})}


def test_scores(task: str, pooling: Pooling, data: dict[str, Any]) -> dict[str, Any]:
    return {split: split_score(task, pooling.embed(data[split]), data["texts"][split]) for split in TASKS[task]["tests"]}


def choose_lr(runs: dict[str, dict], name: str) -> float:
    """The learning rate whose seed-0 run scored best on valid (test never chooses)."""
    tried = [run for run in runs.values() if run["pooling"] == name and run["seed"] == 0]
    return max(tried, key=lambda run: (run["valid"], -run["lr"]))["lr"]


# ---------------------------------------------------------------------------------------------------------------------
# What PMA attends to

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def token_kinds(tokenizer_dir: str, ids: np.ndarray) -> dict[str, np.ndarray]:
    """Per token: punctuation (only punctuation characters once spaces are stripped), identifier (a name or
    keyword)."""
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tokenizer_dir, trust_remote_code=True)
    texts = {int(i): tokenizer.decode([int(i)]).strip() for i in np.unique(ids)}
    kinds = {"punctuation": lambda t: bool(t) and all(c in string.punctuation for c in t),
             "identifier": lambda t: bool(IDENTIFIER.fullmatch(t))}
    return {kind: np.isin(ids, [i for i, t in texts.items() if test(t)]) for kind, test in kinds.items()}


def attention_summary(pooling: Pooling, data: dict[str, Any], texts: int = 240) -> dict[str, Any]:
    """PMA's heads on the first ``texts`` texts of the first test split, against a uniform head: the entropy as a
    fraction of the uniform one (1.0: uniform), and the weight on the first token, on punctuation and on identifiers
    (a uniform head puts on each the share of such tokens)."""
    import torch

    split, kinds = data["attention_split"], data["kinds"]
    count = min(texts, len(split))
    sums = dict.fromkeys(("entropy_fraction", "first_token", "punctuation", "identifier", "uniform_first_token",
                          "uniform_punctuation", "uniform_identifier"), 0.0)
    heads = 0
    with torch.no_grad():
        for i in range(count):
            states, mask = split.batch([i])
            content = content_mask(mask)
            n = int(content.sum())
            weights = pooling.module(states, content, return_weights=True)[1][0, :, :n].double()  # (heads, n)
            heads = weights.shape[0]
            entropy = -(weights * weights.clamp(min=1e-30).log()).sum(dim=1)
            sums["entropy_fraction"] += float((entropy / math.log(n)).mean()) if n > 1 else 1.0
            sums["first_token"] += float(weights[:, 0].mean())
            sums["uniform_first_token"] += 1.0 / n
            start = int(split.offsets[i])
            for kind in ("punctuation", "identifier"):
                is_kind = torch.from_numpy(kinds[kind][start:start + n])
                sums[kind] += float(weights[:, is_kind].sum(dim=1).mean())
                sums[f"uniform_{kind}"] += float(is_kind.double().mean())
    return {"texts": count, "heads": heads, **{key: round(value / count, 4) for key, value in sums.items()}}


# ---------------------------------------------------------------------------------------------------------------------
# The study


def read_results(path: Path = RESULTS) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.is_file() else {"format": FORMAT, "rows": {}}


def write_results(results: dict[str, Any], path: Path = RESULTS) -> None:
    from c2llm.atomic import atomic_write_text

    results["format"] = FORMAT
    # compact: every run keeps its per-problem / per-query figures (thousands of numbers, what the paired intervals
    # need), which indented would make a 5 MB file
    atomic_write_text(path, json.dumps(results, separators=(",", ":")) + "\n")


def load_study(args: argparse.Namespace) -> dict[str, Any]:
    folder = cache_dir(args)
    if not (folder / "timing.json").exists():
        raise SystemExit(f"error: {folder}: no finished cache; run the cache job with --task {args.task} first")
    spec = json.loads((folder / "spec.json").read_text())
    data = {"spec": spec, "texts": json.loads((folder / "texts.json").read_text()),
            "timing": json.loads((folder / "timing.json").read_text())}
    for split in spec["texts"]:
        data[split] = States(folder / split, spec["texts"][split])
    data["attention_split"] = data[TASKS[args.task]["tests"][0]]
    data["kinds"] = token_kinds(spec["model"], data["attention_split"].ids)
    return data


def train(args: argparse.Namespace) -> None:
    """Every run of the study for one task and cached backbone; finished runs are kept in the results file and
    skipped."""
    import torch

    from c2llm.bench.common import machine_info
    from c2llm.provenance import source_commit

    torch.set_num_threads(args.threads)
    data = load_study(args)
    model_dir, hidden = data["spec"]["model"], int(data["train"].states.shape[1])
    results = read_results(args.out)
    row = results["rows"].setdefault(f"{args.task}:{args.label}", {})
    row.update({"task": args.task, "label": args.label, "cache": {**data["spec"], **data["timing"]}, "recipe": {
        "steps": args.steps, "batch_size": BATCH_SIZE, "scale": SCALE, "warmup_ratio": WARMUP_RATIO,
        "eval_every": EVAL_EVERY, "learning_rates": list(LEARNING_RATES), "seeds": list(SEEDS),
        "negatives": "in-batch + 1 BM25 hard negative" if args.task == "poj104" else "in-batch",
        "output_size": hidden, "chosen_on": "valid: the learning rate on seed 0, the step of every run"}})
    runs = row.setdefault("runs", {})

    def run(name: str, lr: float, seed: int) -> None:
        key = f"{name}-lr{lr:g}-s{seed}"
        if key not in runs:
            runs[key] = train_run(args.task, name, lr, seed, data, model_dir, args.steps)
            row["code"], row["machine"], row["command"] = source_commit(), machine_info(), command_line()
            write_results(results, args.out)
            print(f"{args.task}:{args.label} {key}: valid {runs[key]['valid']:.4f} (step {runs[key]['chosen_step']})",
                  file=sys.stderr)

    for name in POOLINGS:
        for lr in LEARNING_RATES:
            run(name, lr, 0)
    row["chosen_lr"] = {name: choose_lr(runs, name) for name in POOLINGS}
    for name in POOLINGS:
        for seed in SEEDS:
            run(name, row["chosen_lr"][name], seed)
    references = row.setdefault("untrained", {})
    for name in POOLINGS:
        for seed in (SEEDS if name.startswith("pma") else (0,)):
            key = f"{name}-s{seed}" if name.startswith("pma") else name
            if key not in references:
                pooling = Pooling(name, model_dir, hidden, seed, linear=False)
                references[key] = {"test": test_scores(args.task, pooling, data),
                                   **({"attention": attention_summary(pooling, data)} if name == "pma" else {})}
    row["paired"] = paired(row)
    write_results(results, args.out)


def chosen_runs(row: dict[str, Any], name: str) -> list[dict[str, Any]]:
    lr = row["chosen_lr"][name]
    return [run for run in row["runs"].values() if run["pooling"] == name and run["lr"] == lr and run["seed"] in SEEDS]


def paired(row: dict[str, Any]) -> dict[str, Any]:
    """Per test split: PMA minus each other pooling (seeds averaged per unit, interval over problems or queries),
    and each trained pooling minus the untrained mean."""
    metric = TASKS[row["task"]]["metric"]
    out = {}
    for split in TASKS[row["task"]]["tests"]:
        average = {name: seed_average([run["test"][split]["per_problem"][metric] for run in chosen_runs(row, name)])
                   for name in POOLINGS}
        for other in POOLINGS[1:]:
            out[f"{split}: pma minus {other}"] = paired_difference(average["pma"], average[other])
        for name in POOLINGS:
            out[f"{split}: {name} minus untrained mean"] = paired_difference(
                average[name], row["untrained"]["mean"]["test"][split]["per_problem"][metric])
    return out


# ---------------------------------------------------------------------------------------------------------------------
# Tables


def pct(values) -> str:
    values = np.atleast_1d(values)
    return f"{100 * np.mean(values):.2f}" + (f" +- {100 * np.std(values):.2f}" if len(values) > 1 else "")


def table(results: dict[str, Any]) -> str:
    """Per task, backbone and pooling: the chosen learning rate, valid and test scores x 100 (mean +- std over
    seeds) and the untrained pooling's test score."""
    lines = ["| task | backbone | pooling (frozen states) | lr (valid) | seeds | valid | test split | test | "
             "untrained test |", "|---|---|---|---|---|---|---|---|---|"]
    for _, row in sorted(results["rows"].items()):
        metric = TASKS[row["task"]]["metric"]
        for name in POOLINGS:
            runs = chosen_runs(row, name)
            for split in TASKS[row["task"]]["tests"]:
                untrained = [ref["test"][split][metric] for key, ref in row["untrained"].items()
                             if key.split("-s")[0] == name]
                lines.append(f"| {row['task']} ({metric}) | {row['label']} | {name} | {row['chosen_lr'][name]:g} | "
                             f"{len(runs)} | {pct([run['valid'] for run in runs])} | {split} | "
                             f"{pct([run['test'][split][metric] for run in runs])} | {pct(untrained)} |")
    return "\n".join(lines)


def paired_table(results: dict[str, Any]) -> str:
    lines = ["| task | backbone | test split: difference (seeds averaged) | x 100 [95% CI] | won |",
             "|---|---|---|---|---|"]
    for _, row in sorted(results["rows"].items()):
        units = TASKS[row["task"]]["units"]
        for key, value in row["paired"].items():
            low, high = value["ci95"]
            lines.append(f"| {row['task']} | {row['label']} | {key} | {100 * value['difference']:+.2f} "
                         f"[{100 * low:+.2f}, {100 * high:+.2f}] | {value['wins']} of {value['problems']} {units} |")
    return "\n".join(lines)


def attention_table(results: dict[str, Any]) -> str:
    lines = ["| task | backbone | PMA | entropy fraction | first token (uniform) | punctuation (uniform) | "
             "identifiers (uniform) |", "|---|---|---|---|---|---|---|"]
    for _, row in sorted(results["rows"].items()):
        groups = {"trained (chosen lr)": [run["attention"] for run in chosen_runs(row, "pma")],
                  "untrained (official init)": [ref["attention"] for key, ref in row["untrained"].items()
                                                if key.startswith("pma-")]}
        for name, summaries in groups.items():
            mean = {key: float(np.mean([s[key] for s in summaries])) for key in summaries[0] if key != "heads"}
            lines.append(f"| {row['task']} | {row['label']} | {name}, {len(summaries)} seeds | "
                         f"{mean['entropy_fraction']:.3f} | {mean['first_token']:.3f} ({mean['uniform_first_token']:.3f})"
                         f" | {mean['punctuation']:.3f} ({mean['uniform_punctuation']:.3f}) | "
                         f"{mean['identifier']:.3f} ({mean['uniform_identifier']:.3f}) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.frozen_pooling", description=__doc__.split("\n\n")[0])
    parser.add_argument("--task", choices=sorted(TASKS), default="poj104")
    parser.add_argument("--data", type=Path, default=DATA, help="POJ-104 (poj104 task)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--work-dir", default=str(WORK_DIR))
    parser.add_argument("--train-pairs", type=int, default=640, help="train rows cached")
    parser.add_argument("--valid-per-problem", type=int, default=20, help="poj104 valid subset")
    parser.add_argument("--test-per-problem", type=int, default=50, help="poj104 test subset")
    parser.add_argument("--subset-seed", type=int, default=0)
    parser.add_argument("--max-seq-length", type=int, default=256, help="tokens a text keeps, EOS included")
    jobs = parser.add_subparsers(dest="job", required=True)
    job = jobs.add_parser("cache", help="the backbone's last hidden states of every text of the task")
    job.add_argument("--model", required=True, help="a folder of c2llm backbone")
    job.add_argument("--label", required=True)
    job.add_argument("--batch-size", type=int, default=8)
    job = jobs.add_parser("train", help="train and score every pooling on a cache")
    job.add_argument("--label", required=True)
    job.add_argument("--steps", type=int, default=STEPS)
    jobs.add_parser("table", help="print the tables of docs/ablation.md")
    args = parser.parse_args(argv)
    if args.job == "table":
        results = read_results(args.out)
        print("\n\n".join([table(results), paired_table(results), attention_table(results)]))
        return
    {"cache": cache, "train": train}[args.job](args)


if __name__ == "__main__":
    main()
