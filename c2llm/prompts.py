"""Instruction prompts of C2LLM (arXiv 2512.21332, Table 1).

Queries get a per-task instruction followed by a newline; documents get ``"Retrieved Answer:"`` for every task.
These are the strings mteb's C2LLM loader used for the leaderboard numbers (``c2llm_prompts_dict``), except that
CodeTransOceanDL gets the paper's own instruction here: mteb's copy reuses the Contest one (pass
``mteb_parity=True`` to get mteb's exact strings). The official evaluation setting that goes with them,
``max_seq_length`` 2048, is :data:`DEFAULT_MAX_SEQ_LENGTH` (defined here, in a module without heavy imports, so that
evaluation and conversion share it without importing torch).
"""

from __future__ import annotations

DOCUMENT_PROMPT = "Retrieved Answer:"
DEFAULT_MAX_SEQ_LENGTH = 2048  # the official evaluation setting (mteb's C2LLM loader; training uses 1024)
OFFICIAL_PADDING_SIDE = "left"  # the official evaluation pads on the left
MTEB_CODE_BENCHMARK = "MTEB(Code, v1)"  # the benchmark of the paper's headline numbers, by its mteb name

QUERY_INSTRUCTIONS: dict[str, str] = {
    "CodeEditSearchRetrieval": "Retrieve the diff code that relevant the following query:",
    "CodeSearchNetRetrieval": "Retrieve the code that solves the following query:",
    "AppsRetrieval": (
        "Given a problem description from a programming contest, retrieve code examples that can assist in solving it."
    ),
    "CodeFeedbackMT": (
        "Given a multi-turn conversation history that includes both text and code, retrieve relevant multimodal "
        "answers composed of text and code that address the ongoing discussion."
    ),
    "CodeFeedbackST": (
        "Given a single-turn question composed of text and code, retrieve suitable answers that also mix text and "
        "code to provide helpful feedback."
    ),
    "CodeSearchNetCCRetrieval": "Given an initial code segment, retrieve the subsequent segment that continues the code.",
    "CodeTransOceanContest": "Given a Python code snippet, retrieve its semantically equivalent version written in C++.",
    "CodeTransOceanDL": "Given a code snippet, retrieve a semantically equivalent implementation of the same code.",
    "COIRCodeSearchNetRetrieval": (
        "Given a code snippet, retrieve its corresponding document string that summarizes its functionality."
    ),
    "CosQA": "Given a query from a web search, retrieve code that is helpful in addressing the query.",
    "StackOverflowQA": (
        "Given a question combining text and code, retrieve relevant answers that also contain both text and code "
        "snippets and can address the question."
    ),
    "SyntheticText2SQL": "Given a natural language question, retrieve SQL queries that serve as appropriate responses.",
}

# Text-to-code search is what most users do; it is the default "query" prompt of a published model.
DEFAULT_QUERY_TASK = "CodeSearchNetRetrieval"


def query_prompt(task: str = DEFAULT_QUERY_TASK, *, mteb_parity: bool = False) -> str:
    """The query prompt (instruction + newline) for one MTEB(Code) task."""
    if task not in QUERY_INSTRUCTIONS:
        raise KeyError(f"No C2LLM instruction for task {task!r}; known tasks: {', '.join(sorted(QUERY_INSTRUCTIONS))}")
    if mteb_parity:
        if task == "CodeTransOceanDL":
            task = "CodeTransOceanContest"
        if task == "CodeFeedbackMT":
            return QUERY_INSTRUCTIONS[task].replace("multimodal", "multi-modal") + "\n"
    return QUERY_INSTRUCTIONS[task] + "\n"


def sentence_transformers_prompts(*, mteb_parity: bool = False) -> dict[str, str]:
    """Prompts for ``config_sentence_transformers.json``.

    ``"query"`` / ``"document"`` are what ``encode_query`` / ``encode_document`` apply; ``"<Task>-query"`` and
    ``"<Task>-document"`` are the names mteb looks up per task.
    """
    prompts = {"query": query_prompt(mteb_parity=mteb_parity), "document": DOCUMENT_PROMPT}
    for task in QUERY_INSTRUCTIONS:
        prompts[f"{task}-query"] = query_prompt(task, mteb_parity=mteb_parity)
        prompts[f"{task}-document"] = DOCUMENT_PROMPT
    return prompts
