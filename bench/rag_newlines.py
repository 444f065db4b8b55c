"""What LangChain's newline replacement costs: retrieval with code as written against code with every ``"\\n"``
replaced by a space, as ``langchain_huggingface.HuggingFaceEmbeddings`` does to queries and documents alike (checked
against the real class in tests/test_rag_integrations.py).

For each model: nDCG@10 (and MRR@10, Recall@10) of dense retrieval with the model's own prompts on a BEIR split, once
as written and once with newlines replaced in queries and documents. Default split: the mined standard-library test
split of the demo (``c2llm train`` writes ``outputs/c2llm-demo/data/test-beir``; any BEIR folder works).

Run::

    python -m bench.rag_newlines       # bench/results/rag_newlines.{md,json}
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence

from c2llm.bench.common import (
    command_line,
    machine_header,
    machine_info,
    markdown_table,
    setup,
    write_report,
)

DEFAULT_BEIR = "outputs/c2llm-demo/data/test-beir"


def without_newlines(data):
    """A copy of a BEIR split with ``"\\n"`` replaced by ``" "`` in queries and documents (LangChain's rewrite)."""
    return dataclasses.replace(
        data, queries={qid: text.replace("\n", " ") for qid, text in data.queries.items()},
        corpus={cid: {key: value.replace("\n", " ") for key, value in doc.items()} for cid, doc in data.corpus.items()})


def measure(models: Sequence[str], beir: str) -> dict:
    setup()
    from c2llm.build import load_model
    from c2llm.evaluation.beir import load_beir
    from c2llm.evaluation.dense import dense_search
    from c2llm.evaluation.metrics import compute_metrics
    from .clones import model_label

    data = load_beir(beir)
    flat = without_newlines(data)
    results = {}
    for name in models:
        model = load_model(name)
        row = {}
        for variant, split in (("as written", data), ("newlines replaced", flat)):
            scores = compute_metrics(split.qrels, dense_search(model, split, show_progress_bar=False))
            row[variant] = {key: round(scores[key], 4) for key in ("ndcg_at_10", "mrr_at_10", "recall_at_10")}
        row["ndcg_at_10_change"] = round(row["newlines replaced"]["ndcg_at_10"] - row["as written"]["ndcg_at_10"], 4)
        results[model_label(name)] = row
    return {"beir": beir, "queries": len(data.qrels), "documents": len(data.corpus), "models": results,
            "machine": machine_info()}


def main(argv: Sequence[str] | None = None) -> int:
    from .clones import default_models

    parser = argparse.ArgumentParser(prog="python -m bench.rag_newlines", description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", nargs="+", help="default: all-MiniLM-L6-v2 and outputs/c2llm-demo/model")
    parser.add_argument("--beir", default=DEFAULT_BEIR, help=f"BEIR folder (default: {DEFAULT_BEIR})")
    parser.add_argument("--output-dir", default="bench/results")
    args = parser.parse_args(argv)
    payload = measure(args.models or default_models(), args.beir)
    rows = [[model, row["as written"]["ndcg_at_10"], row["newlines replaced"]["ndcg_at_10"],
             f"{row['ndcg_at_10_change']:+.4f}", row["as written"]["mrr_at_10"], row["newlines replaced"]["mrr_at_10"]]
            for model, row in payload["models"].items()]
    markdown = "\n".join([
        "# LangChain's newline replacement (bench.rag_newlines)", "", machine_header(payload["machine"],
                                                                                          command_line()), "",
        f"- data: {payload['beir']} ({payload['queries']} queries, {payload['documents']} documents)", "",
        markdown_table(["model", "nDCG@10 as written", "nDCG@10 newlines replaced", "change", "MRR@10 as written",
                        "MRR@10 newlines replaced"], rows), ""])
    md_path, json_path = write_report("rag_newlines", markdown, payload, args.output_dir)
    print(markdown)
    print(f"wrote {md_path} and {json_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
