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
    python -m bench.poj104 table                             # the Markdown table docs/evaluation.md quotes

Nothing is tuned on the test split: TF-IDF's one choice (which tokens) and every choice of the static training
(learning rate, step) are made on the valid split; the test split is scored once per row.
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
        from c2llm.build import load_model
        from c2llm.evaluation.clones import clone_metrics
        from c2llm.search.encoder import default_model

        start = time.perf_counter()
        model = load_model(default_model(), max_seq_length=MINILM_MAX_SEQ_LENGTH)
        texts = test.texts[: args.limit] if args.limit else test.texts
        encode = time.perf_counter()
        vectors = model.encode_document(texts, batch_size=32, convert_to_numpy=True, normalize_embeddings=True)
        encode = time.perf_counter() - encode
        row = score_row(vectors, test.problems[: len(texts)], model="all-MiniLM-L6-v2 (mean pooling)",
                        kind="zero-shot", tuned_on="nothing", max_seq_length=MINILM_MAX_SEQ_LENGTH,
                        command=command + "   # = c2llm evaluate --model <all-MiniLM-L6-v2> --poj104 "
                        "../shared/clones-public/poj104.jsonl.gz --split test --max-seq-length 256",
                        encode_seconds=round(encode, 1), programs_per_second=round(len(texts) / encode, 1),
                        threads=args.threads, started=start)
        rows["minilm"] = row
        print(row, file=sys.stderr)
        del clone_metrics
    write_rows(rows, args.out)


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


# ------------------------------------------------------------------------------------------------ the table


def fmt(value: float, interval: list[float] | None = None) -> str:
    text = f"{100 * value:.2f}"
    return text + (f" [{100 * interval[0]:.2f}, {100 * interval[1]:.2f}]" if interval else "")


ROW_ORDER = ["static-poj104", "minilm", "tfidf", "static", "distilled"]


def table(results: dict[str, Any]) -> str:
    """The Markdown table of docs/evaluation.md: measured rows (x 100, 95 % interval over the 24 test problems),
    then the published ones."""
    lines = ["| model | MAP@R [95% CI] | R-precision [95% CI] | tuned on | encode (programs/s, 1 thread) | wall time |",
             "|---|---|---|---|---|---|"]
    measured = results["rows"]
    for key in [k for k in ROW_ORDER if k in measured] + sorted(set(measured) - set(ROW_ORDER)):
        row = measured[key]
        speed = row.get("programs_per_second")
        lines.append(f"| {row['model']} | {fmt(row['map_at_r'], row['map_at_r_ci95'])} | "
                     f"{fmt(row['r_precision'], row['r_precision_ci95'])} | {row['tuned_on']} | "
                     f"{speed if speed is not None else '-'} | {row['wall_seconds']} s |")
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
                     choices=["tfidf", "static", "distilled", "minilm"])
    job.add_argument("--limit", type=int, help="MiniLM: the first N test programs only (a smoke test)")
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
    job = jobs.add_parser("table")
    job.set_defaults(run=lambda args: print(table(read_results(args.out))))
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
