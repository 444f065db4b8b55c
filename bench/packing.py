"""Packed against padded batches on the CPU: the tokens the backbone computes, and the time a training step and an
encode take, at the paper's batch shape.

    OMP_NUM_THREADS=1 python -m bench.packing --out bench/results/packing_cpu.json

Training: the paper's batch shape (queries, positives and 7 hard negatives of real standard-library functions, as in
``bench.gpu_check``) at a size a CPU can run: the ``small`` random backbone with PMA, fp32, ``--batch`` rows,
``--max-seq-length`` tokens, one forward and backward pass a step. Three ways run on the same batches, in turn
(A B C C B A ...), medians reported:

* ``merged, padded``: sentence-transformers' MultipleNegativesRankingLoss, the document columns in one padded batch;
* ``like-length groups, padded``: the product's loss before packing (``pack_sequences=False``);
* ``packed``: the product as it is: like-length groups, each run packed.

Encoding: ``SentenceTransformer.encode`` of the same functions, padded and packed. The tokens computed are counted
where the backbone reads them (``TokenCounter``), not derived from the masks. The GPU figures are ``bench.gpu_check``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

TRAINING = ("merged, padded (sentence-transformers)", "like-length groups, padded (before packing)",
            "packed (c2llm)")


def training_rows(model, batches: list[list[dict]]) -> tuple[dict, bool]:
    """Each way's median step time, tokens computed and losses; and whether all ways gave the same losses."""
    from sentence_transformers.sentence_transformer.losses import MultipleNegativesRankingLoss

    from c2llm.bench.common import TokenCounter
    from c2llm.training.length_grouping import LengthGroupedMultipleNegativesRankingLoss

    hf_model = model[0].model
    ways = {TRAINING[0]: (MultipleNegativesRankingLoss(model, scale=20.0), False),
            TRAINING[1]: (LengthGroupedMultipleNegativesRankingLoss(model, scale=20.0), False),
            TRAINING[2]: (LengthGroupedMultipleNegativesRankingLoss(model, scale=20.0), True)}
    seconds: dict[str, list[float]] = {name: [] for name in ways}
    values: dict[str, list[float]] = {name: [] for name in ways}
    computed = dict.fromkeys(ways, 0)
    for index, step in enumerate(batches):
        for name in ways if index % 2 == 0 else list(ways)[::-1]:
            loss_fn, pack = ways[name]
            hf_model.config.pack_sequences = pack
            model.zero_grad(set_to_none=True)
            with TokenCounter(model) as counter:
                start = time.perf_counter()
                loss = loss_fn([dict(column) for column in step], None)
                loss.backward()
                seconds[name].append(time.perf_counter() - start)
            computed[name] += counter.computed
            values[name].append(float(loss.detach()))
    hf_model.config.pack_sequences = True
    real = sum(int(column["attention_mask"].sum()) for step in batches for column in step)
    rows = {name: {"median_step_s": round(statistics.median(seconds[name]), 3), "computed_tokens": computed[name],
                   "real_tokens": real, "real_token_fraction": round(real / computed[name], 3),
                   "losses": [round(value, 5) for value in values[name]]} for name in ways}
    same = all(abs(a - b) < 1e-3 for name in ways for a, b in zip(values[name], values[TRAINING[0]], strict=True))
    return rows, same


def encode_rows(model, texts: list[str], batch_size: int, repeats: int) -> dict:
    import torch

    from c2llm.bench.common import TokenCounter

    hf_model = model[0].model
    seconds: dict[str, list[float]] = {"padded": [], "packed": []}
    computed, embeddings = {}, {}
    for repeat in range(repeats):
        for name in seconds if repeat % 2 == 0 else list(seconds)[::-1]:
            hf_model.config.pack_sequences = name == "packed"
            with TokenCounter(model) as counter, torch.inference_mode():
                start = time.perf_counter()
                embeddings[name] = model.encode(texts, batch_size=batch_size, convert_to_tensor=True)
                seconds[name].append(time.perf_counter() - start)
            computed[name] = counter.computed
    hf_model.config.pack_sequences = True
    real = int(model.preprocess(texts)["attention_mask"].sum())
    rows = {name: {"median_s": round(statistics.median(seconds[name]), 3),
                   "tokens_per_s": round(real / statistics.median(seconds[name])), "computed_tokens": computed[name],
                   "real_tokens": real, "real_token_fraction": round(real / computed[name], 3)} for name in seconds}
    difference = float((embeddings["packed"] - embeddings["padded"]).abs().max())
    return {"rows": rows, "max_abs_difference": difference,
            "speedup": round(rows["padded"]["median_s"] / rows["packed"]["median_s"], 2)}


def run(out: Path, batch: int, max_seq_length: int, steps: int, encode_texts: int, seed: int = 0,
        command: str = "") -> dict:
    import torch

    from bench.gpu_check import paper_batches, write_json
    from c2llm.bench import common

    torch.manual_seed(seed)
    work = Path(tempfile.mkdtemp(prefix="c2llm-packing-"))
    common.prepare_pipelines(["pma"], "small", work)
    model = common.load_pipeline("pma", work, "small", torch.float32, max_seq_length)
    pairs = common.code_pairs(4096, seed=seed)
    model.train()
    batches = [[model.preprocess(column) for column in columns]
               for columns in paper_batches(pairs, steps, batch=batch, seed=seed)]
    training, same_losses = training_rows(model, batches)
    model.eval()
    encoding = encode_rows(model, [pair.positive for pair in pairs[:encode_texts]], batch_size=32, repeats=3)
    padded, packed = (training[name]["median_step_s"] for name in TRAINING[1:])
    report = {"command": f"python -m bench.packing {command}".strip(), "shape": "small", "dtype": "fp32",
              "batch": batch, "hard_negatives": 7, "max_seq_length": max_seq_length, "steps": steps,
              "threads": torch.get_num_threads(), "training": training, "same_losses": same_losses,
              "training_speedup_over_merged": round(training[TRAINING[0]]["median_step_s"] / packed, 2),
              "training_speedup_over_groups": round(padded / packed, 2),
              "encode": {"texts": encode_texts, "batch_size": 32, **encoding}}
    write_json(out, report)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.packing", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("bench/results/packing_cpu.json"))
    parser.add_argument("--batch", type=int, default=8, help="queries per step (each with 8 documents)")
    parser.add_argument("--max-seq-length", type=int, default=512)
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--encode-texts", type=int, default=256)
    args = parser.parse_args(argv)
    command = " ".join(sys.argv[1:] if argv is None else argv)
    report = run(args.out, args.batch, args.max_seq_length, args.steps, args.encode_texts, command=command)
    for name, row in report["training"].items():
        print(f"train {name}: {row['median_step_s']} s a step, {row['computed_tokens']:,} tokens computed "
              f"({row['real_token_fraction']} real)")
    for name, row in report["encode"]["rows"].items():
        print(f"encode {name}: {row['tokens_per_s']:,} tokens/s ({row['real_token_fraction']} real)")
    print(f"training {report['training_speedup_over_groups']}x over the padded groups, "
          f"{report['training_speedup_over_merged']}x over merged; encode {report['encode']['speedup']}x; "
          f"results: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
