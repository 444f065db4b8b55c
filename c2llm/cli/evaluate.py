"""``c2llm evaluate``: retrieval metrics of models (and BM25) on BEIR folders or mteb tasks."""

from __future__ import annotations

import argparse
import time
from typing import Any

from ..errors import UserError
from ..prompts import DEFAULT_MAX_SEQ_LENGTH as OFFICIAL_MAX_SEQ_LENGTH
from ..prompts import MTEB_CODE_BENCHMARK, OFFICIAL_PADDING_SIDE, QUERY_INSTRUCTIONS
from ..training.presets import PADDING_SIDES
from .flags import (
    EXIT_OK,
    add_batch_size,
    add_list,
    add_max_seq_length,
    add_model,
    add_out,
    command,
    existing_dir,
    existing_path,
)


def register(subparsers) -> None:
    parser = command(subparsers, "evaluate", "nDCG@10, MRR@10, Recall@1/10/100, MAP@100 of models and BM25; "
                     "MAP@R and R-precision of clone detection (POJ-104)", [
        "c2llm evaluate --model outputs/c2llm-demo/model --bm25 --beir data/my-split --out results.json",
        "c2llm evaluate --model outputs/c2llm-demo/model --poj104 data/poj104-test   # MAP@R, as CL4D reports",
        "c2llm evaluate --model outputs/c2llm-demo/model --poj104 poj104.jsonl.gz --split test",
        "c2llm evaluate --model me/c2llm-0.5b --mteb-benchmark 'MTEB(Code, v1)'",
        "c2llm evaluate --model a b --mteb-tasks CosQA AppsRetrieval",
    ])
    add_model(parser, required=False, multiple=True, help="SentenceTransformer folder(s) or id(s) "
              "(trust_remote_code=True)")
    parser.add_argument("--bm25", action="store_true", help="also evaluate the BM25 baseline (BEIR folders only)")
    source = parser.add_mutually_exclusive_group(required=True)
    add_list(source, "--beir", type=existing_dir, metavar="DIR", help="BEIR-format folder(s)")
    add_list(source, "--mteb-tasks", metavar="NAME", help="mteb task names (needs the mteb extra)")
    source.add_argument("--mteb-benchmark", metavar="NAME", help=f"mteb benchmark, e.g. {MTEB_CODE_BENCHMARK!r}")
    add_list(source, "--poj104", type=existing_path, metavar="PATH", help="clone detection: folder(s) in the "
             "POJ-104 layout (PROBLEM_ID/SOLUTION files) or JSON-lines file(s) (.jsonl[.gz]: split, problem, code a "
             "line; --split picks the rows); MAP@R and R-precision, every other solution of a problem relevant")
    parser.add_argument("--split", default="test", help="qrels split of the BEIR folders; rows of the POJ-104 "
                        "JSON-lines files (train, valid or test)")
    parser.add_argument("--task-prompt", choices=sorted(QUERY_INSTRUCTIONS), metavar="NAME",
                        help="BEIR: use the C2LLM query prompt of this MTEB(Code) task and 'Retrieved Answer:' for "
                        "documents (default: the model's own 'query'/'document' prompts)")
    parser.add_argument("--mteb-parity", action="store_true", help="use mteb's exact C2LLM prompt strings")
    add_max_seq_length(parser, help=f"token limit (default: {OFFICIAL_MAX_SEQ_LENGTH} for mteb, the model's own for "
                       "BEIR)")
    parser.add_argument("--padding-side", choices=PADDING_SIDES,
                        help=f"tokenizer padding side (default: {OFFICIAL_PADDING_SIDE} for mteb, the model's own "
                        "for BEIR)")
    add_batch_size(parser)
    add_out(parser, help="write the results JSON here (atomically)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..evaluation.results import format_table, write_results

    if not args.model and not args.bm25:
        raise UserError("--model: give at least one --model, or --bm25")
    if args.bm25 and not args.beir:
        raise UserError("--bm25: only with --beir (mteb publishes its own BM25 baseline, mteb/baseline-bm25s)")
    if args.task_prompt and not args.beir:
        raise UserError("--task-prompt: only with --beir (mteb tasks get their own per-task prompt)")
    if args.poj104:
        return _run_poj104(args)
    results = _run_beir(args) if args.beir else _run_mteb(args)
    if args.out:
        write_results(args.out, results)
        print(f"wrote {args.out}")
    print(format_table(results))
    return EXIT_OK


def _run_poj104(args: argparse.Namespace) -> int:
    """MAP@R and R-precision of every model on every POJ-104 folder or JSON-lines split."""
    from ..build import load_model
    from ..evaluation.clones import (
        clone_result_entry,
        evaluate_clones,
        format_clone_table,
        load_poj104_data,
    )
    from ..evaluation.results import write_results

    if not args.model:
        raise UserError("--model: MAP@R needs a model")
    datasets = [load_poj104_data(source, args.split) for source in args.poj104]
    results = []
    for model_ref in args.model:
        model = load_model(model_ref, max_seq_length=args.max_seq_length, padding_side=args.padding_side)
        for data in datasets:
            start = time.perf_counter()
            metrics = evaluate_clones(model, data, batch_size=args.batch_size)
            results.append(clone_result_entry(model_ref, data, metrics, time.perf_counter() - start))
    if args.out:
        write_results(args.out, results)
        print(f"wrote {args.out}")
    print(format_clone_table(results))
    return EXIT_OK


def _run_beir(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every model (and BM25) on every BEIR folder."""
    from ..build import load_model
    from ..evaluation.baseline import evaluate_bm25
    from ..evaluation.beir import load_beir
    from ..evaluation.dense import evaluate_model, task_prompts
    from ..evaluation.results import result_entry

    datasets = [load_beir(folder, args.split) for folder in args.beir]
    prompts = task_prompts(args.task_prompt, mteb_parity=args.mteb_parity) if args.task_prompt else (None, None)
    results = []
    for model_ref in args.model or []:
        model = load_model(model_ref, max_seq_length=args.max_seq_length, padding_side=args.padding_side)
        for data in datasets:
            start = time.perf_counter()
            metrics = evaluate_model(model, data, query_prompt=prompts[0], document_prompt=prompts[1],
                                     batch_size=args.batch_size, name=model_ref)
            results.append(result_entry(model_ref, data, metrics, time.perf_counter() - start))
    if args.bm25:
        for data in datasets:
            start = time.perf_counter()
            metrics = evaluate_bm25(data)
            results.append(result_entry("bm25", data, metrics, time.perf_counter() - start))
    return results


def _run_mteb(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every model on the mteb tasks or benchmark."""
    from ..evaluation.mteb import evaluate_mteb, mteb_tasks

    try:
        tasks = mteb_tasks(args.mteb_tasks, args.mteb_benchmark)
    except (KeyError, ValueError) as exc:
        flag = "--mteb-benchmark" if args.mteb_benchmark else "--mteb-tasks"
        raise UserError(f"{flag}: {exc.args[0] if exc.args else exc}") from None
    results = []
    for model_ref in args.model:
        try:
            results.extend(evaluate_mteb(
                model_ref, tasks, mteb_parity=args.mteb_parity,
                max_seq_length=args.max_seq_length or OFFICIAL_MAX_SEQ_LENGTH,
                padding_side=args.padding_side or OFFICIAL_PADDING_SIDE, batch_size=args.batch_size, name=model_ref,
            ))  # fmt: skip
        except ConnectionError as exc:
            raise UserError(f"{exc}; mteb tasks download their data from the Hugging Face Hub: offline, evaluate a "
                            "BEIR folder (--beir) or wrap it with c2llm.evaluation.local_mteb_task()") from None
    return results
