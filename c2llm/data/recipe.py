"""The training-data recipe: which Hub datasets, at which revisions, become which training tables.

A recipe is a YAML file (the shipped ones are ``c2llm/data/recipes/paper.yaml`` and ``heldout.yaml``; see
docs/data.md for every key). :func:`load_recipe` reads one by name or path and validates it completely: every error
names the file and the key, e.g. ``paper.yaml: sources[3].revision: required``. A valid recipe becomes a frozen
:class:`Recipe`; nothing is read from the Hub here.

A source (and a decontamination test set) has one of two layouts:

* ``beir``: ``queries`` / ``corpus`` tables (``_id``, ``text``, optional ``partition``) and a qrels table
  (``query-id`` / ``corpus-id`` or ``query_id`` / ``corpus_id``, ``score``); pairs are the join of the ``split`` qrels.
* ``pairs``: one row per pair; ``columns`` names the query and positive columns.

Per-language tables are named by templates in which ``{lang}`` stands for each of ``languages``: ``configs`` (Hub
configs) and ``data_dir`` (a folder of the repo, as for ``cassanof/CodeEditSearch``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..prompts import QUERY_INSTRUCTIONS
from .negative_settings import SAMPLINGS

LAYOUTS = ("beir", "pairs")
TRANSFORMS = ("strip_docstring",)
TRAIN_SPLIT = "train"
SHIPPED_RECIPES = ("paper", "heldout")
BEIR_TABLES = ("queries", "corpus", "qrels")
BEIR_DEFAULT_CONFIGS = {"queries": "queries", "corpus": "corpus", "qrels": "default"}
_OUTPUT_NAME = re.compile(r"^[A-Za-z0-9][\w.-]*$")
_HUB_ID = re.compile(r"^[\w.-]+/[\w.-]+$")


class RecipeError(UserError, ValueError):
    """A recipe that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class SourceSpec:
    """One Hub dataset read as (query, positive) pairs per language: a training source or a test set.

    Attributes:
        name: Training source: the output name (the file stem, also the MTEB task whose prompt applies unless
            ``prompt_task`` says otherwise). Test set: the MTEB task.
        hub: ``org/name`` of the Hub dataset (read from ``<mirror>/org/name/`` with ``--mirror``).
        revision: The commit (full, or short: 4 to 39 hex digits) or branch read; the manifest records the commit
            it resolved to. A mirror's recorded commit must equal or start with a commit pin.
        layout: ``beir`` or ``pairs``.
        languages: Output languages; ``{lang}`` in ``configs`` / ``data_dir`` takes each value.
        configs: ``pairs``: ``{"pairs": template}``; ``beir``: templates of ``queries``, ``corpus``, ``qrels``.
        data_dir: Folder template inside the repo (``pairs`` only), or None.
        split: The split read (qrels split for ``beir``).
        columns: ``pairs``: ``query`` and ``positive`` column names.
        transforms: ``strip_docstring`` removes the query (docstring) from the positive (code).
        min_score: ``beir``: qrels rows scoring below this are dropped (``1``: keep score > 0).
        skip_first: Rows dropped at the start of every language (mteb evaluates CodeEditSearch's first 1,000).
        first_rows: Test sets: only the first N rows per language are scored by mteb (None: all).
        max_rows: Cap per language (a seeded sample), or None.
        loss_weight: Multiplies the loss of this source's batches.
        prompt_task: The MTEB task whose instruction the queries get (default: ``name``).
        mteb_task: The MTEB(Code) task this source derives from (its test set comes from the same data), or None.
    """

    name: str
    hub: str
    revision: str
    layout: str
    languages: tuple[str, ...]
    configs: dict[str, str] = field(default_factory=dict)
    data_dir: str | None = None
    split: str = TRAIN_SPLIT
    columns: dict[str, str] = field(default_factory=dict)
    transforms: tuple[str, ...] = ()
    min_score: float = 1
    skip_first: int = 0
    first_rows: int | None = None
    max_rows: int | None = None
    loss_weight: float = 1.0
    prompt_task: str | None = None
    mteb_task: str | None = None

    @property
    def task(self) -> str:
        """The MTEB task whose prompt this source's queries get."""
        return self.prompt_task or self.name

    def config(self, table: str, language: str) -> str | None:
        """The Hub config of one table (``pairs`` / ``queries`` / ``corpus`` / ``qrels``) for ``language``."""
        template = self.configs.get(table, BEIR_DEFAULT_CONFIGS.get(table))
        return None if template is None else template.replace("{lang}", language)

    def folder(self, language: str) -> str | None:
        """The repo folder of ``language`` (``data_dir``), or None."""
        return None if self.data_dir is None else self.data_dir.replace("{lang}", language)


@dataclass(frozen=True)
class NegativesSpec:
    """Hard-negative mining (F2LLM's: ranks 5..100, score <= 0.8 and <= 95 % of the positive's, top 24 stored).

    ``teacher`` None mines with BM25 (window only: BM25 scores are not cosines, so the score rules do not apply).
    ``train`` negatives of the ``store`` columns are drawn per row and epoch by the trainer.
    """

    teacher: str | None = None
    store: int = 24
    train: int = 7
    range_min: int = 5
    range_max: int = 100
    max_score: float | None = 0.8
    relative_margin: float | None = 0.05
    sampling: str = "top"
    batch_size: int = 64
    max_seq_length: int | None = 1024


@dataclass(frozen=True)
class MinHashSpec:
    """Near-duplicate matching (``datasketch``, extra ``c2llm[minhash]``): estimated Jaccard similarity of word
    5-gram sets at or above ``threshold``, with ``num_perm`` hash functions."""

    threshold: float = 0.9
    num_perm: int = 128


@dataclass(frozen=True)
class DecontaminationSpec:
    """Dropping training rows that match an MTEB(Code) test query or relevant document (exactly after
    normalisation, and with ``minhash`` also as near-duplicates)."""

    enabled: bool = True
    minhash: MinHashSpec | None = None
    test_sets: tuple[SourceSpec, ...] = ()
    test_sets_file: str | None = None


@dataclass(frozen=True)
class Recipe:
    """A validated recipe (see the module doc)."""

    name: str
    path: Path
    seed: int
    max_length: int
    sources: tuple[SourceSpec, ...]
    negatives: NegativesSpec
    decontaminate: DecontaminationSpec
    description: str = ""

    @property
    def mteb_tasks(self) -> list[str]:
        """The MTEB(Code) tasks whose data the recipe trains on (sorted)."""
        return sorted({source.mteb_task for source in self.sources if source.mteb_task})

    @property
    def hub_datasets(self) -> list[str]:
        """The Hub datasets trained on, in recipe order (for the model card's ``datasets:``)."""
        return list(dict.fromkeys(source.hub for source in self.sources))


# --------------------------------------------------------------------------------------------------------------------
# Validation helpers: each reads one key of a mapping and raises with the key's full path
# --------------------------------------------------------------------------------------------------------------------


class _Keys:
    """Reads the keys of one YAML mapping; every error names ``file: path.key``."""

    def __init__(self, file: str, path: str, data: Any, known: tuple[str, ...]):
        self.file, self.path = file, path
        if not isinstance(data, dict):
            raise RecipeError(f"{file}: {path or 'top level'}: must be a mapping, got {_kind(data)}")
        self.data = data
        for key in data:
            if key not in known:
                raise RecipeError(f"{file}: {self.key(str(key))}: unknown key (known: {', '.join(known)})")

    def key(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, message: str) -> RecipeError:
        return RecipeError(f"{self.file}: {self.key(key)}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., *, nullable: bool = False) -> Any:
        if key not in self.data or (self.data[key] is None and default is not ... and not nullable):
            if default is ...:
                raise self.error(key, "required")
            return default
        value = self.data[key]
        if value is None and nullable:
            return None
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in kinds).replace("str", "a string").replace("int", "an integer")
            names = names.replace("float", "a number").replace("list", "a list").replace("dict", "a mapping")
            raise self.error(key, f"must be {names.replace('bool', 'true or false')}, got {_kind(value)}")
        return value

    def number(self, key: str, default: Any, *, minimum: float, integer: bool = False, nullable: bool = False,
               exclusive: bool = False) -> Any:
        value = self.get(key, int if integer else (int, float), default, nullable=nullable)
        if value is not None and (value < minimum or (exclusive and value == minimum)):
            raise self.error(key, f"must be {'>' if exclusive else '>='} {minimum}, got {value}")
        return value

    def strings(self, key: str, default: Any = ...) -> tuple[str, ...]:
        value = self.get(key, list, default)
        for i, item in enumerate(value):
            if not isinstance(item, str) or not item:
                raise self.error(f"{key}[{i}]", f"must be a non-empty string, got {_kind(item)}")
        if len(set(value)) != len(value):
            raise self.error(key, f"repeats {sorted({v for v in value if value.count(v) > 1})}")
        return tuple(value)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "a mapping", list: "a list", str: f"{value!r}", bool: str(value).lower()}.get(type(value),
                                                                                                   repr(value))


# --------------------------------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------------------------------

_SOURCE_KEYS = ("name", "hub", "revision", "layout", "languages", "configs", "data_dir", "split", "columns",
                "transforms", "min_score", "skip_first", "first_rows", "max_rows", "loss_weight", "prompt_task",
                "mteb_task", "note")  # fmt: skip


def _parse_source(file: str, path: str, data: Any, *, test_set: bool, decontaminate: bool) -> SourceSpec:
    keys = _Keys(file, path, data, _SOURCE_KEYS)
    name = keys.get("name", str)
    if not _OUTPUT_NAME.match(name):  # it names output files: no path separators, no leading dot
        raise keys.error("name", f"must be letters, digits, '_', '-' or '.', starting with a letter or digit, "
                         f"got {name!r}")
    hub = keys.get("hub", str)
    if not _HUB_ID.match(hub):
        raise keys.error("hub", f"must be a Hub dataset id 'org/name', got {hub!r}")
    revision = keys.get("revision", str)
    layout = keys.get("layout", str)
    if layout not in LAYOUTS:
        raise keys.error("layout", f"must be one of {', '.join(LAYOUTS)}, got {layout!r}")
    languages = keys.strings("languages")
    if not languages:
        raise keys.error("languages", "must name at least one language")
    configs = keys.get("configs", dict, {})
    allowed = BEIR_TABLES if layout == "beir" else ("pairs",)
    for table, template in configs.items():
        if table not in allowed:
            raise keys.error(f"configs.{table}", f"unknown table for layout {layout} (known: {', '.join(allowed)})")
        if not isinstance(template, str) or not template:
            raise keys.error(f"configs.{table}", f"must be a non-empty string, got {_kind(template)}")
    data_dir = keys.get("data_dir", str, None)
    if data_dir is not None and layout != "pairs":
        raise keys.error("data_dir", "only for layout pairs")
    templated = [t for t in (*configs.values(), data_dir or "") if "{lang}" in t]
    if len(languages) > 1 and not templated:
        raise keys.error("languages", "several languages need '{lang}' in configs or data_dir")
    split = keys.get("split", str, "test" if test_set else TRAIN_SPLIT)
    if not test_set and decontaminate and split != TRAIN_SPLIT:
        raise keys.error("split", f"{split!r} is not the train split: only train splits are read while "
                         "decontamination is on")
    columns = keys.get("columns", dict, {})
    if layout == "pairs":
        for column in ("query", "positive"):
            if not isinstance(columns.get(column), str):
                raise keys.error(f"columns.{column}", "required for layout pairs (the dataset's column name)")
    for column in columns:
        if column not in ("query", "positive"):
            raise keys.error(f"columns.{column}", "unknown key (known: query, positive)")
    transforms = keys.strings("transforms", ())
    for i, transform in enumerate(transforms):
        if transform not in TRANSFORMS:
            raise keys.error(f"transforms[{i}]", f"unknown transform {transform!r} (known: {', '.join(TRANSFORMS)})")
    prompt_task = keys.get("prompt_task", str, None)
    mteb_task = keys.get("mteb_task", str, None)
    for key, task in (("prompt_task", prompt_task), ("mteb_task", mteb_task)):
        if task is not None and task not in QUERY_INSTRUCTIONS:
            raise keys.error(key, f"{task!r} is not an MTEB(Code) task (known: {', '.join(QUERY_INSTRUCTIONS)})")
    if (test_set or prompt_task is None) and name not in QUERY_INSTRUCTIONS:
        what = "a test set's name" if test_set else "without prompt_task, the name"
        raise keys.error("name" if test_set else "prompt_task",
                         f"{what} must be an MTEB(Code) task, whose prompt applies; {name!r} is not" if test_set
                         else f"required: {name!r} is not an MTEB(Code) task, so name the task whose prompt it uses")
    return SourceSpec(
        name=name, hub=hub, revision=revision, layout=layout, languages=languages, configs=dict(configs),
        data_dir=data_dir, split=split, columns=dict(columns), transforms=transforms,
        min_score=keys.number("min_score", 1, minimum=float("-inf")),
        skip_first=keys.number("skip_first", 0, minimum=0, integer=True),
        first_rows=keys.number("first_rows", None, minimum=1, integer=True, nullable=True),
        max_rows=keys.number("max_rows", None, minimum=1, integer=True, nullable=True),
        loss_weight=float(keys.number("loss_weight", 1.0, minimum=0, exclusive=True)),
        prompt_task=prompt_task, mteb_task=mteb_task,
    )  # fmt: skip


def _parse_negatives(file: str, data: Any) -> NegativesSpec:
    keys = _Keys(file, "negatives", data, ("teacher", "store", "train", "range_min", "range_max", "max_score",
                                           "relative_margin", "sampling", "batch_size", "max_seq_length"))
    spec = NegativesSpec(
        teacher=keys.get("teacher", str, None, nullable=True),
        store=keys.number("store", 24, minimum=1, integer=True),
        train=keys.number("train", 7, minimum=1, integer=True),
        range_min=keys.number("range_min", 5, minimum=0, integer=True),
        range_max=keys.number("range_max", 100, minimum=1, integer=True),
        max_score=keys.number("max_score", 0.8, minimum=float("-inf"), nullable=True),
        relative_margin=keys.number("relative_margin", 0.05, minimum=0, nullable=True),
        sampling=keys.get("sampling", str, "top"),
        batch_size=keys.number("batch_size", 64, minimum=1, integer=True),
        max_seq_length=keys.number("max_seq_length", 1024, minimum=1, integer=True, nullable=True),
    )
    if spec.train > spec.store:
        raise keys.error("train", f"must be <= store ({spec.store}), got {spec.train}")
    if spec.range_max - spec.range_min < spec.store:
        raise keys.error("range_max", f"ranks {spec.range_min}..{spec.range_max - 1} hold "
                         f"{spec.range_max - spec.range_min} candidates, fewer than store ({spec.store})")
    if spec.sampling not in SAMPLINGS:  # the miner's own choices (NegativeSettings)
        raise keys.error("sampling", f"must be {' or '.join(SAMPLINGS)}, got {spec.sampling!r}")
    return spec


def _parse_decontamination(file: str, data: Any, base: Path) -> DecontaminationSpec:
    keys = _Keys(file, "decontaminate", data, ("enabled", "minhash", "test_sets"))
    enabled = keys.get("enabled", bool, True)
    minhash = None
    raw_minhash = keys.get("minhash", dict, None, nullable=True)
    if raw_minhash is not None:
        mk = _Keys(file, "decontaminate.minhash", raw_minhash, ("threshold", "num_perm"))
        threshold = float(mk.number("threshold", 0.9, minimum=0, exclusive=True))
        if threshold > 1:
            raise mk.error("threshold", f"must be <= 1, got {threshold}")
        minhash = MinHashSpec(threshold=threshold, num_perm=mk.number("num_perm", 128, minimum=16, integer=True))
    raw = keys.get("test_sets", (str, list), ... if enabled else [])
    test_sets_file = None
    if isinstance(raw, str):  # a file of test sets: a shipped name or a path relative to the recipe
        test_sets_file = raw
        sets_path = _find_file(raw, base, "test_sets")
        sets_name = sets_path.name
        document = _read_yaml(sets_path)
        top = _Keys(sets_name, "", document, ("test_sets",))
        raw = top.get("test_sets", list)
        file, prefix = sets_name, "test_sets"
    else:
        prefix = "decontaminate.test_sets"
    test_sets = tuple(_parse_source(file, f"{prefix}[{i}]", item, test_set=True, decontaminate=enabled)
                      for i, item in enumerate(raw))
    if enabled and not test_sets:
        raise RecipeError(f"{file}: {prefix}: must list at least one test set while decontamination is on")
    return DecontaminationSpec(enabled=enabled, minhash=minhash, test_sets=test_sets, test_sets_file=test_sets_file)


def _read_yaml(path: Path) -> Any:
    import yaml

    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise RecipeError(f"{path.name}{where}: invalid YAML ({getattr(error, 'problem', None) or error})") from None
    except OSError as error:
        raise RecipeError(f"{path}: cannot be read ({error.strerror})") from None


def shipped_recipe_dir() -> Path:
    """The folder of the recipes that ship with the package."""
    return Path(str(resources.files("c2llm.data") / "recipes"))


def _find_file(name: str, base: Path, what: str) -> Path:
    """A shipped ``<name>.yaml`` or a path (relative to ``base``)."""
    shipped = shipped_recipe_dir() / f"{name}.yaml"
    if "/" not in name and not name.endswith((".yaml", ".yml")) and shipped.is_file():
        return shipped
    path = Path(name) if Path(name).is_absolute() else base / name
    if not path.is_file():
        raise RecipeError(f"{what}: no such file or shipped name: {name!r}")
    return path


def resolve_recipe_path(name_or_path: str | Path) -> Path:
    """``paper`` / ``heldout`` (shipped) or the path of a YAML file."""
    text = str(name_or_path)
    shipped = shipped_recipe_dir() / f"{text}.yaml"
    if text in SHIPPED_RECIPES or (not Path(text).exists() and shipped.is_file()):
        return shipped
    path = Path(text)
    if not path.is_file():
        raise RecipeError(f"--recipe: no such file, and not a shipped recipe ({', '.join(SHIPPED_RECIPES)}): {text}")
    return path


def parse_recipe(data: Any, path: Path) -> Recipe:
    """Validate the parsed YAML of a recipe file (``path`` names it in errors and anchors relative paths)."""
    file = path.name
    keys = _Keys(file, "", data, ("version", "name", "description", "seed", "max_length", "negatives",
                                  "decontaminate", "sources"))
    version = keys.get("version", int)
    if version != 1:
        raise keys.error("version", f"unsupported version {version} (this c2llm reads version 1)")
    decontaminate = _parse_decontamination(file, keys.get("decontaminate", dict, {}), path.parent)
    raw_sources = keys.get("sources", list)
    if not raw_sources:
        raise keys.error("sources", "must list at least one source")
    sources = tuple(_parse_source(file, f"sources[{i}]", item, test_set=False, decontaminate=decontaminate.enabled)
                    for i, item in enumerate(raw_sources))
    seen: dict[str, int] = {}
    for i, source in enumerate(sources):
        if source.name in seen:
            raise keys.error(f"sources[{i}].name", f"{source.name!r} is already the name of sources[{seen[source.name]}]"
                             " (one output per name)")
        seen[source.name] = i
    return Recipe(
        name=keys.get("name", str), path=path, description=keys.get("description", str, ""),
        seed=keys.get("seed", int, 0), max_length=keys.number("max_length", 1024, minimum=1, integer=True),
        sources=sources, negatives=_parse_negatives(file, keys.get("negatives", dict, {})),
        decontaminate=decontaminate,
    )  # fmt: skip


def load_recipe(name_or_path: str | Path) -> Recipe:
    """Read and validate a recipe: a shipped name (``paper``, ``heldout``) or a YAML file.

    Raises:
        RecipeError: The file is missing or invalid; the message names the file and the key.
    """
    path = resolve_recipe_path(name_or_path)
    return parse_recipe(_read_yaml(path), path)
