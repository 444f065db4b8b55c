"""Package boundaries, checked on the import statements of the source (with ``ast``, nothing is imported).

* :mod:`c2llm.search` and :mod:`c2llm.clones` know code through :mod:`c2llm.code`, never through the training-data
  miner (:mod:`c2llm.data`);
* no module imports a private name (a leading underscore) from another package of ``c2llm``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "c2llm"
MODULES = sorted(PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """Every import of a module (at any depth, lazy ones in functions too) as ``(absolute module, names, line)``;
    ``import a.b`` gives ``("a.b", [], line)``."""
    return _imports_of(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")


def _imports_of(source: str, module: str, is_package: bool = False) -> list[tuple[str, list[str], int]]:
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((alias.name, [], node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, [alias.name for alias in node.names], node.lineno))
    return found


def _top_package(module: str) -> str:
    """The package of ``c2llm`` a module belongs to: ``c2llm.search.index`` -> ``c2llm.search``; top-level modules
    (``c2llm.errors``) are their own."""
    return ".".join(module.split(".")[:2])


def test_modules_are_found():
    names = {_module_name(path) for path in MODULES}
    assert {"c2llm.search.files", "c2llm.clones.tokens", "c2llm.code.files", "c2llm.data.mining"} <= names


@pytest.mark.parametrize("package", ["search", "clones"])
def test_search_and_clones_do_not_import_the_miner(package):
    offenders = []
    for path in sorted((PACKAGE / package).rglob("*.py")):
        for target, names, line in _imports(path):
            modules = [target] + [f"{target}.{name}" for name in names]
            if any(module == "c2llm.data" or module.startswith("c2llm.data.") for module in modules):
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports from {target}")
    assert not offenders, "\n".join(offenders)


def test_no_private_names_across_packages():
    offenders = []
    for path in MODULES:
        own = _top_package(_module_name(path))
        for target, names, line in _imports(path):
            if not (target == "c2llm" or target.startswith("c2llm.")) or _top_package(target) == own:
                continue
            private = [name for name in names if name.startswith("_") and not name.startswith("__")]
            private += [part for part in target.split(".") if part.startswith("_") and not part.startswith("__")]
            if private:
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {', '.join(private)} "
                                 f"from {target}")
    assert not offenders, "\n".join(offenders)


def test_the_checks_see_relative_and_lazy_imports():
    """Relative imports are resolved against the module's package, and imports inside functions are found."""
    source = "from . import detect\nfrom .tokens import lex\n\ndef f():\n    from ..data.mining import _parser\n"
    assert _imports_of(source, "c2llm.clones.mutate") == [
        ("c2llm.clones", ["detect"], 1), ("c2llm.clones.tokens", ["lex"], 2), ("c2llm.data.mining", ["_parser"], 5)]
    assert _imports_of("from .parsing import walk\n", "c2llm.code", is_package=True) == [
        ("c2llm.code.parsing", ["walk"], 1)]
