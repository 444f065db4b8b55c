"""The mteb route (optional extra ``mteb``): ``mteb.evaluate`` with the C2LLM per-task query prompts and
``"Retrieved Answer:"`` for documents, at the official settings (max_seq_length 2048, left padding)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..build import load_model
from ..errors import UserError
from ..prompts import DEFAULT_MAX_SEQ_LENGTH as OFFICIAL_MAX_SEQ_LENGTH
from ..prompts import (
    OFFICIAL_PADDING_SIDE,
    sentence_transformers_prompts,
)
from .beir import load_beir
from .dense import model_name
from .metrics import MAIN_METRIC
from .results import json_safe

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer


class MissingExtraError(UserError, ImportError):
    """An optional dependency is not installed; the message says how to install it."""


def _import_mteb() -> Any:
    """Import mteb with an actionable error."""
    try:
        import mteb
    except ImportError as exc:
        message = "The mteb path needs the optional extra: pip install 'c2llm[mteb]' (or: pip install mteb)"
        raise MissingExtraError(message) from exc
    return mteb


def local_mteb_task(
    folder: str | os.PathLike[str],
    name: str,
    split: str = "test",
    *,
    languages: Sequence[str] = ("eng-Latn",),
) -> Any:
    """Wrap a BEIR folder as an mteb ``AbsTaskRetrieval``, so the mteb path runs offline.

    Args:
        folder: BEIR folder, validated with :func:`load_beir`.
        name: Task name. Prompts are looked up by it: use an MTEB(Code) name (e.g. ``"CosQA"``) to get that task's
            C2LLM prompt, any other name falls back to the ``"query"`` / ``"document"`` prompts.
        split: The qrels split to evaluate.
        languages: mteb language codes of the task (e.g. ``"python-Code"``).

    Returns:
        An mteb task instance whose ``load_data`` reads the folder.
    """
    _import_mteb()
    from datasets import Dataset
    from mteb.abstasks.retrieval import AbsTaskRetrieval
    from mteb.abstasks.task_metadata import TaskMetadata

    data = load_beir(folder, split)
    metadata = TaskMetadata(
        name=name,
        description=f"Local BEIR folder {Path(folder).resolve()}",
        reference=None,
        dataset={"path": str(Path(folder).resolve()), "revision": "local"},
        type="Retrieval",
        category="t2t",
        modalities=["text"],
        eval_splits=[split],
        eval_langs=list(languages),
        main_score=MAIN_METRIC,
        date=None,
        domains=["Programming"],
        task_subtypes=["Code retrieval"],
        license="not specified",
        annotations_creators="derived",
        dialect=[],
        sample_creation="found",
        bibtex_citation="",
    )

    class LocalBeirRetrieval(AbsTaskRetrieval):
        """A BEIR folder as an mteb retrieval task."""

        def load_data(self, num_proc: int | None = None, **kwargs: Any) -> None:
            """Build the mteb v2 dataset layout from the folder's data."""
            if self.data_loaded:
                return
            corpus = Dataset.from_list(
                [{"id": cid, "title": doc["title"], "text": doc["text"]} for cid, doc in data.corpus.items()]
            )
            queries = Dataset.from_list([{"id": qid, "text": text} for qid, text in data.queries.items()])
            split_data = {"corpus": corpus, "queries": queries, "relevant_docs": data.qrels, "top_ranked": None}
            self.dataset = {"default": {split: split_data}}
            self.data_loaded = True

    LocalBeirRetrieval.metadata = metadata
    return LocalBeirRetrieval()


def mteb_tasks(names: Sequence[str] | None = None, benchmark: str | None = None) -> list[Any]:
    """mteb task objects by task names or by benchmark name (e.g. ``"MTEB(Code, v1)"``)."""
    mteb = _import_mteb()
    if benchmark:
        return list(mteb.get_benchmark(benchmark).tasks)
    return list(mteb.get_tasks(tasks=list(names or [])))


@contextmanager
def _temporary_settings(
    model: SentenceTransformer, prompts: dict[str, str], max_seq_length: int | None, padding_side: str | None
) -> Iterator[None]:
    """Set the prompts, max_seq_length and padding side for one evaluation and restore them afterwards."""
    saved = (model.max_seq_length, model.tokenizer.padding_side, dict(model.prompts))
    try:
        load_model(model, max_seq_length=max_seq_length, padding_side=padding_side)
        model.prompts = prompts
        yield
    finally:
        model.max_seq_length, model.tokenizer.padding_side, model.prompts = saved


def evaluate_mteb(
    model: str | os.PathLike[str] | SentenceTransformer,
    tasks: Sequence[Any],
    *,
    prompts: Mapping[str, str] | None = None,
    mteb_parity: bool = False,
    max_seq_length: int | None = OFFICIAL_MAX_SEQ_LENGTH,
    padding_side: str | None = OFFICIAL_PADDING_SIDE,
    batch_size: int = 32,
    name: str | None = None,
    show_progress_bar: bool = True,
) -> list[dict[str, Any]]:
    """Evaluate a model with ``mteb.evaluate``, with C2LLM prompts and the official settings.

    mteb's SentenceTransformer wrapper looks a prompt up, for each task and side, as ``"<Task>-query"`` /
    ``"<Task>-document"``, then ``"<Task>"``, then ``"<TaskType>-query"``, ..., then ``"query"`` / ``"document"``,
    and encodes with ``encode_query`` / ``encode_document`` and that prompt. Keys naming tasks unknown to mteb's
    registry are dropped (with a warning), so local tasks with other names use ``"query"`` / ``"document"``.

    Args:
        model: SentenceTransformer instance (settings restored afterwards) or a folder / id.
        tasks: mteb task objects, or task names.
        prompts: Prompt dict in that key format; default: the paper's prompts of all 12 MTEB(Code) tasks plus the
            default ``"query"`` / ``"document"`` prompts (:func:`c2llm.prompts.sentence_transformers_prompts`).
        mteb_parity: With the default prompts, use mteb's exact strings (see :mod:`c2llm.prompts`).
        max_seq_length: Token limit (official: 2048); ``None`` keeps the model's own.
        padding_side: Tokenizer padding side (official: ``"left"``); ``None`` keeps the tokenizer's own.
        batch_size: Encoding batch size.
        name: Model name in the results.
        show_progress_bar: Show progress bars.

    Returns:
        One result entry per task, in the layout of :func:`result_entry` (with all of mteb's score keys).
    """
    mteb = _import_mteb()
    from mteb.models.sentence_transformer_wrapper import (
        SentenceTransformerEncoderWrapper,
    )

    display_name = model_name(model, name)
    model = load_model(model)
    task_objects = [mteb.get_task(task) if isinstance(task, str) else task for task in tasks]
    prompt_dict = dict(prompts) if prompts is not None else sentence_transformers_prompts(mteb_parity=mteb_parity)
    with _temporary_settings(model, prompt_dict, max_seq_length, padding_side):
        wrapper = SentenceTransformerEncoderWrapper(model)  # takes the prompts from model.prompts
        result = mteb.evaluate(
            wrapper,
            task_objects,
            cache=None,
            encode_kwargs={"batch_size": batch_size},
            show_progress_bar=show_progress_bar,
        )
    return [_mteb_entry(display_name, task_result) for task_result in result.task_results]


def _mteb_entry(model: str, task_result: Any) -> dict[str, Any]:
    """Our result entry from an mteb ``TaskResult``."""
    return {
        "model_name": model,
        "task_name": task_result.task_name,
        "dataset_revision": task_result.dataset_revision,
        "mteb_version": task_result.mteb_version,
        "evaluation_time": task_result.evaluation_time,
        "scores": json_safe(task_result.scores),
        "source": "mteb",
    }
