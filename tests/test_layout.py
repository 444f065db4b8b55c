"""The file names of a model folder are spelled once, in ``c2llm/layout.py``: no other module of the package types one
as a string literal (checked on the source with ``ast``; docstrings and prose in messages are not file names)."""

from __future__ import annotations

import ast
from pathlib import Path

from c2llm import layout

PACKAGE = Path(__file__).resolve().parents[1] / "c2llm"
NAMES = {
    layout.CONFIG, layout.MODULES, layout.ST_CONFIG, layout.ST_MODULE_CONFIG, layout.TOKENIZER_CONFIG,
    layout.SINGLE_WEIGHTS, layout.WEIGHTS_INDEX, layout.CONVERSION_RECORD, layout.CARD, layout.TRAINER_STATE,
    *layout.CODE_FILES, *layout.REQUIRED_FILES, *layout.TOKENIZER_FILES, *layout.TOKENIZER_VOCAB_FILES,
}  # fmt: skip
# Modules that read a folder of another kind, whose file only shares its name with the C2LLM layout's.
ALLOWED = {
    "search/static_model.py": "model2vec folders: their config.json is model2vec's, not a C2LLM one",
}


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes of a module and of its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def file_name_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string constant that is a layout file name or a path ending in one (f-string parts
    included)."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
        and (node.value in NAMES or any(node.value.endswith("/" + name) for name in NAMES))
    )  # fmt: skip


def test_the_check_finds_paths_and_ignores_prose():
    source = '''
"""Reads config.json."""
def f(folder):
    """Opens ``modules.json``."""
    a = folder / "config.json"
    b = f"{folder}/model.safetensors"
    c = f"{folder / 'README.md'}: missing"
    raise ValueError("set auto_map in config.json")
'''
    assert file_name_literals(source) == [(5, "config.json"), (6, "/model.safetensors"), (7, "README.md")]


def test_no_module_spells_a_layout_file_name():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == "layout.py" or relative in ALLOWED:
            continue
        for line, text in file_name_literals(path.read_text(encoding="utf-8")):
            offenders.append(f"c2llm/{relative}:{line}: {text!r} (use the constant of c2llm.layout)")
    assert not offenders, "\n".join(offenders)
