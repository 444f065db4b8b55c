"""The Hugging Face model card (README.md) of a C2LLM model folder.

The card's text is the Jinja2 template ``model_card.md`` next to this file; :mod:`.facts` gathers what it shows from
the folder (``config.json``, ``sentence_bert_config.json``, ``config_sentence_transformers.json``, the safetensors
headers), from the training run's ``results.json`` when there is one, and from the sentence-transformers trainer's
own record in the folder's previous README. The usage snippets are written to run exactly as shown (the tests execute
them).

    from c2llm.hub.hub_card import write_model_card
    write_model_card("outputs/run/model", model_id="me/c2llm-demo", results_json="outputs/run/results.json")
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...atomic import atomic_write_text
from ...layout import CARD, DEFAULT_LICENSE
from .facts import (
    CARD_METRICS,
    TRAINER_RECORD_END,
    TRAINER_RECORD_START,
    ModelFacts,
    card_data,
    default_base_model,
    eval_split_name,
    evaluation_rows,
    find_results_json,
    has_evaluation,
    is_demo,
    load_results,
    mteb_training_datasets,
    read_facts,
    training_rows,
)

TEMPLATE = "model_card.md"
ARXIV_ID = "2512.21332"
PAPER_TITLE = "C2LLM Technical Report: A New Frontier in Code Retrieval via Adaptive Cross-Attention Pooling"
# Authors as printed on the paper's title page (arXiv:2512.21332v1) and in the official README's citation.
PAPER_AUTHORS = ("Jin Qin", "Zihan Liao", "Ziyin Zhang", "Hang Yu", "Peng Di", "Rui Wang")

EXAMPLE_QUERIES = ["Return the sum of two numbers."]
EXAMPLE_DOCUMENTS = ["def add(a, b):\n    return a + b", "def is_even(n):\n    return n % 2 == 0"]
MTEB_EXAMPLE_TASK = "CosQA"

__all__ = ["ModelFacts", "build_model_card", "find_results_json", "read_facts", "write_model_card"]


def python_list(items: list[str]) -> str:
    """A Python list literal of strings, one item per line when it is long."""
    literal = "[" + ", ".join(json.dumps(item) for item in items) + "]"
    if len(literal) <= 80:
        return literal
    return "[\n" + "".join(f"    {json.dumps(item)},\n" for item in items) + "]"


def python_set(items: list[str]) -> str:
    """A Python set literal of strings (``set()`` when empty)."""
    return "{" + ", ".join(json.dumps(item) for item in items) + "}" if items else "set()"


@lru_cache(maxsize=1)
def _environment():
    """The Jinja2 environment of the card template: Markdown, so no escaping; a missing variable is an error."""
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.filters.update(thousands="{:,}".format, pyrepr=repr, pylist=python_list, pyset=python_set)
    return environment


def card_context(
    model_dir: Path,
    *,
    model_id: str,
    results_json: str | os.PathLike | dict | None,
    base_model: str | None,
    license: str,
    datasets: list[str] | None,
) -> dict[str, Any]:
    """The facts the template renders: the folder's, the run's and the front matter."""
    facts = read_facts(model_dir)
    results = load_results(results_json if results_json is not None else find_results_json(model_dir))
    base_model = base_model or default_base_model(facts, results)
    return {
        "card_data": card_data(model_id, results, base_model, license, datasets).to_yaml(),
        "model_id": model_id,
        "model_name": model_id.split("/")[-1],
        "facts": facts,
        "base_model": base_model,
        "license": license,
        "demo": is_demo(results),
        "results": results,
        "training_rows": training_rows(results) if results else [],
        "has_evaluation": has_evaluation(results),
        "eval_split": eval_split_name(results) if results else None,
        "metrics": [name for _, name in CARD_METRICS],
        "evaluation_rows": evaluation_rows(results) if results else [],
        "examples": {"queries": EXAMPLE_QUERIES, "documents": EXAMPLE_DOCUMENTS},
        "mteb_task": MTEB_EXAMPLE_TASK,
        "mteb_training_datasets": mteb_training_datasets(results),
        "paper": {"arxiv_id": ARXIV_ID, "title": PAPER_TITLE, "authors": PAPER_AUTHORS},
        "trainer_record_start": TRAINER_RECORD_START,
        "trainer_record_end": TRAINER_RECORD_END,
    }


def build_model_card(
    model_dir: str | os.PathLike,
    *,
    model_id: str = "org/name",
    results_json: str | os.PathLike | dict | None = None,
    base_model: str | None = None,
    license: str = DEFAULT_LICENSE,
    datasets: list[str] | None = None,
) -> str:
    """The README.md text for a C2LLM folder (see :func:`write_model_card`)."""
    from huggingface_hub import ModelCard

    context = card_context(Path(model_dir), model_id=model_id, results_json=results_json, base_model=base_model,
                           license=license, datasets=datasets)
    content = _environment().get_template(TEMPLATE).render(context)
    ModelCard(content)  # parses the front matter back: raises on anything the Hub would reject
    return content


def write_model_card(
    model_dir: str | os.PathLike,
    *,
    model_id: str = "org/name",
    results_json: str | os.PathLike | dict | None = None,
    base_model: str | None = None,
    license: str = DEFAULT_LICENSE,
    datasets: list[str] | None = None,
) -> Path:
    """Write the model card ``README.md`` of a C2LLM folder atomically.

    Args:
        model_dir: The model folder (``config.json`` with ``model_type: c2llm``).
        model_id: Hub repo id used in the snippets and the model-index.
        results_json: ``results.json`` of ``train_sentence_transformers.py`` (path or dict); default: the one next
            to the folder if it names this folder.
        base_model: Hub id of the model it descends from (default: recorded conversion source or training backbone).
        license: License id.
        datasets: Hub dataset ids for the front matter.

    Returns:
        The path of the README.
    """
    content = build_model_card(model_dir, model_id=model_id, results_json=results_json, base_model=base_model,
                               license=license, datasets=datasets)
    return atomic_write_text(Path(model_dir) / CARD, content)
