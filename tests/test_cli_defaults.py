"""Every default and choice of the ``c2llm`` flags has one source: ``--help`` shows argparse's default (never a
hand-typed one), ``c2llm train``'s flags are the fields of ``TrainConfig`` with their defaults, the other settings'
defaults are read from their torch-free settings modules (no copies), choices are the library's constants, the shared
flags are declared alike everywhere, and an error found after parsing is a ``UserError`` that ``main`` prints and
returns 2."""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import re
import subprocess
import sys
import types
import typing
from pathlib import Path

import pytest

from c2llm import cli
from c2llm.bench.settings import EncodeSettings, TrainBenchSettings
from c2llm.cli import flags
from c2llm.data.negative_settings import DEFAULT_RELATIVE_MARGIN, SAMPLINGS, NegativeSettings
from c2llm.training.config import TrainConfig
from c2llm.training.presets import PADDING_SIDES


def parsers() -> dict[str, argparse.ArgumentParser]:
    """Every parser of ``c2llm``, by its command words ("" for the top level)."""
    found: dict[str, argparse.ArgumentParser] = {}

    def walk(words: str, parser: argparse.ArgumentParser) -> None:
        found[words] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(f"{words} {name}".strip(), child)

    walk("", cli.build_parser())
    return found


PARSERS = parsers()


def action_of(command: str, dest: str) -> argparse.Action:
    (action,) = [action for action in PARSERS[command]._actions if action.dest == dest]
    return action


def all_actions() -> list[tuple[str, argparse.Action]]:
    return [(command, action) for command, parser in PARSERS.items() for action in parser._actions
            if not isinstance(action, argparse._SubParsersAction | argparse._HelpAction)]


# -------------------------------------------------------------------------------------------- the help formatter


def test_the_formatter_shows_defaults_that_mean_something(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # no wrapping: each flag's help on one line
    parser = flags.CommandParser(prog="demo", epilog="examples:\n  demo --n 4\n  demo --rate 0.5")
    parser.add_argument("--n", type=int, default=3, help="a count")
    parser.add_argument("--rate", type=float, default=1e-4, help="a rate")
    parser.add_argument("--name", default="a%b", help="a name")
    parser.add_argument("--unset", help="nothing by default")
    parser.add_argument("--zero", type=int, default=0, help="zero is a value")
    parser.add_argument("--switch", action="store_true", help="turn it on")
    parser.add_argument("--no-eval", dest="evaluate", action="store_false", help="skip it")
    parser.add_argument("--maybe", action=argparse.BooleanOptionalAction, default=None, help="left to the library")
    parser.add_argument("--placed", default="x", help="the default is %(default)s, placed by hand")
    flags.add_list(parser, "--sizes", type=int, metavar="N", shown_default=(64, 128), help="sizes")
    parser.add_argument("root", nargs="?", default=".", help="a folder")
    lines = {line.split()[0]: line for line in parser.format_help().splitlines() if line.startswith("  ")}
    assert lines["--n"].endswith("a count (default: 3)")
    assert lines["--rate"].endswith("a rate (default: 0.0001)")
    assert lines["--name"].endswith("a name (default: a%b)")  # a % in a value is not a format directive
    assert lines["--zero"].endswith("zero is a value (default: 0)")
    assert lines["--sizes"].endswith("sizes (default: 64 128)")  # the list-flag spelling
    assert lines["root"].endswith("a folder (default: .)")
    assert lines["--placed"].endswith("the default is x, placed by hand")
    for flag in ("--unset", "--switch", "--no-eval", "--maybe,"):
        assert "default:" not in lines[flag], flag
    assert parser.format_help().endswith("examples:\n  demo --n 4\n  demo --rate 0.5\n")  # epilog lines kept


def test_a_list_flag_keeps_none_so_given_values_replace_the_library_list():
    parser = flags.CommandParser(prog="demo")
    flags.add_list(parser, "--seeds", type=int, shown_default=[0, 1, 2], help="seeds")
    assert parser.parse_args([]).seeds is None
    assert parser.parse_args(["--seeds", "5", "--seeds", "6"]).seeds == [5, 6]


@pytest.mark.parametrize(("command", "action"), all_actions(), ids=lambda value: getattr(value, "dest", value))
def test_no_help_types_a_default_that_argparse_shows(command, action):
    """The formatter appends ``(default: X)`` from the flag itself; a hand-typed one would repeat it, or disagree."""
    if flags.shown_default(action) is None:
        return
    assert not re.search(r"\(default\b|\bdefault:", action.help or "", flags=re.IGNORECASE), (command, action.dest)


@pytest.mark.parametrize(("argv", "shown"), [
    (["search"], ["hybrid: dense + keyword fused; dense: embeddings; keyword: BM25 (default: hybrid)",
                  "number of hits (default: 10)"]),
    (["index"], ["folder to index (default: .)", "skip bigger files (default: 1000000)"]),
    (["ablation"], ["training seeds (default: 0 1 2)", "optimizer steps per run (default: 30)",
                    "(default: outputs/ablation)"]),
    (["mine"], ["train dev test shares (default: 0.8 0.1 0.1)"]),
    (["bench", "encode"], ["truncation length (default: 512; --quick: 256)"]),
])
def test_help_shows_the_library_defaults(argv, shown, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    with pytest.raises(SystemExit) as stop:
        cli.main([*argv, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for text in shown:
        assert text in out
    assert "(default: None)" not in out and "(default: False)" not in out


# ------------------------------------------------------------------------------------ c2llm train = TrainConfig

NOT_EXPOSED = {
    "extra": "free-form facts for results.json; c2llm train fills it with the command line itself",
}
CLI_ONLY = {
    "help": "argparse's",
    "no_progress": "how the run is shown, not what it does (c2llm train only, not the script's parser)",
}
SPELLING = {"evaluate": "--no-eval"}  # the flag turns the default (True) off
SAMPLES = {int: ["3"], float: ["0.5"], str: ["x"]}


def _field_type(hint) -> tuple[type, type | None]:
    """(type, element type of a list) of a field, ``None`` left out of ``X | None``."""
    args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        hint = args[0]
    if typing.get_origin(hint) is list:
        return list, typing.get_args(hint)[0]
    return hint, None


def test_train_flags_are_the_fields_of_train_config():
    parser = PARSERS["train"]
    hints = typing.get_type_hints(TrainConfig)
    fields = {field.name: field for field in dataclasses.fields(TrainConfig)}
    by_dest: dict[str, list[argparse.Action]] = {}
    for action in parser._actions:
        by_dest.setdefault(action.dest, []).append(action)
    assert set(by_dest) - set(fields) == set(CLI_ONLY)
    assert set(fields) - set(by_dest) == set(NOT_EXPOSED)
    for name, field in fields.items():
        if name in NOT_EXPOSED:
            continue
        (action,) = by_dest[name]  # exactly one flag
        assert SPELLING.get(name, "--" + name.replace("_", "-")) in action.option_strings
        assert parser.get_default(name) == field.default, name
        kind, element = _field_type(hints[name])
        flag = action.option_strings[0]
        if kind is bool:
            assert action.nargs == 0, name  # a switch
            continue
        if kind is list:
            assert action.nargs == "+" and isinstance(action, argparse._ExtendAction), name
            value = parser.parse_args([flag, *SAMPLES[element] * 2]).__dict__[name]
            assert all(isinstance(item, element) for item in value) and len(value) == 2, name
            continue
        sample = [action.choices[0] if action.choices else SAMPLES[kind][0]]
        value = parser.parse_args([flag, *sample]).__dict__[name]
        # --out is a path flag everywhere (a Path); TrainConfig.out is only ever opened as a path
        assert isinstance(value, Path if name == "out" else kind), name


def test_train_padding_sides_are_the_ones_train_config_accepts():
    from c2llm.errors import ConfigError

    assert tuple(action_of("train", "padding_side").choices) == PADDING_SIDES
    for side in PADDING_SIDES:
        assert TrainConfig(padding_side=side).padding_side == side
    with pytest.raises(ConfigError, match="--padding-side: must be left or right"):
        TrainConfig(padding_side="middle")


# ---------------------------------------------------------- settings read from torch-free modules, not copied


def test_the_cli_imports_no_torch_or_datasets():
    """``c2llm --help`` must stay light: every default it shows comes from a settings module without them."""
    code = ("import sys, c2llm.cli; c2llm.cli.build_parser(); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'torch', 'datasets', 'transformers', "
            "'sentence_transformers'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(("command", "settings"), [("bench encode", EncodeSettings),
                                                  ("bench train", TrainBenchSettings)])
def test_bench_defaults_are_the_settings_own(command, settings):
    """Each field's flag: argparse default = the field's; a list flag shows the field's list; a field --quick sets
    shows both values of QUICK_DEFAULTS."""
    for field in dataclasses.fields(settings):
        if field.name == "command":  # recorded from the command line itself, not a flag
            continue
        action = action_of(command, field.name)
        default = flags.default_of(settings, field.name)
        if field.name in settings.QUICK_DEFAULTS:
            quick, full = settings.QUICK_DEFAULTS[field.name]
            assert default is None and action.default is None, field.name
            assert f"(default: {flags.default_text(full)}; --quick: {flags.default_text(quick)})" in action.help
        elif action.nargs == "+":
            assert action.default is None and action.shown_default == default, field.name
        else:
            assert action.default == default, field.name


class _Captured(Exception):
    """Raised by a stand-in ``run`` with the settings it was given."""


@pytest.mark.parametrize(("argv", "module", "settings", "expected"), [
    (["bench", "encode"], "encode_throughput", "settings.EncodeSettings", {}),
    (["bench", "encode", "--quick"], "encode_throughput", "settings.EncodeSettings", {"quick": True}),
    (["bench", "train"], "train_throughput", "settings.TrainBenchSettings", {}),
    (["bench", "train", "--quick"], "train_throughput", "settings.TrainBenchSettings", {"quick": True}),
    (["ablation"], "ablation", "ablation.AblationSettings", {}),
])
def test_a_benchmark_without_flags_runs_the_library_defaults(argv, module, settings, expected, monkeypatch, quiet_env):
    """The flags' defaults reach the settings unchanged: the same settings as the library builds with no arguments."""
    bench_module = importlib.import_module(f"c2llm.bench.{module}")

    def run(given, **_):
        raise _Captured(given)

    monkeypatch.setattr(bench_module, "run", run)
    with pytest.raises(_Captured) as captured:
        cli.main(argv)
    (got,) = captured.value.args
    settings_module, _, settings = settings.rpartition(".")
    settings = getattr(importlib.import_module(f"c2llm.bench.{settings_module}"), settings)
    library = settings(**expected, **({"command": got.command} if module != "ablation" else {}))
    assert dataclasses.asdict(got) == dataclasses.asdict(library)


def test_negatives_defaults_are_the_settings_own():
    for name in ("num_negatives", "range_min", "range_max", "sampling", "seed", "batch_size"):
        assert PARSERS["negatives"].get_default(name) == flags.default_of(NegativeSettings, name), name
    assert tuple(action_of("negatives", "sampling").choices) == SAMPLINGS
    # --relative-margin stays None (it must not be sent with --bm25); its help names the library's default
    assert flags.default_of(NegativeSettings, "relative_margin") == DEFAULT_RELATIVE_MARGIN
    assert f"(default: {DEFAULT_RELATIVE_MARGIN} unless" in action_of("negatives", "relative_margin").help


def test_evaluate_split_is_load_beirs_default():
    from c2llm.evaluation.beir import load_beir

    assert PARSERS["evaluate"].get_default("split") == flags.default_of(load_beir, "split")


# ------------------------------------------------------------------------------------ choices and shared flags


def _choices_cases():
    from c2llm.bench.ablation import STUDIES
    from c2llm.bench.common import DTYPES, SHAPES
    from c2llm.data.mining import LANGUAGES
    from c2llm.prompts import QUERY_INSTRUCTIONS
    from c2llm.search.index import MODES
    from c2llm.search.store import VECTOR_TYPES
    from c2llm.training.presets import PMA_INITS, PMA_RESIDUALS, POOLINGS, PRESETS

    return [
        ("train", "preset", sorted(PRESETS)), ("train", "pooling", POOLINGS), ("search", "mode", MODES),
        ("index", "vector_type", VECTOR_TYPES), ("ablation", "poolings", POOLINGS), ("ablation", "studies", STUDIES),
        ("ablation", "pma_init", PMA_INITS), ("ablation", "pma_residual", PMA_RESIDUALS), ("mine", "languages", LANGUAGES), ("bench encode", "shapes", SHAPES),
        ("bench encode", "dtypes", DTYPES), ("bench train", "shape", SHAPES), ("bench train", "dtypes", DTYPES),
        ("evaluate", "task_prompt", sorted(QUERY_INSTRUCTIONS)), ("evaluate", "padding_side", PADDING_SIDES),
    ]


@pytest.mark.parametrize(("command", "dest", "constant"), _choices_cases())
def test_choices_are_the_library_constants(command, dest, constant):
    assert list(action_of(command, dest).choices) == list(constant)


SHARED = {  # flag -> (metavar, type) every command declares it with
    "--model": ("PATH_OR_ID", str),
    "--output-dir": ("DIR", str),
    "--out": ("FILE", Path),
    "--max-seq-length": ("N", flags.positive_int),
}


@pytest.mark.parametrize(("command", "action"), all_actions(), ids=lambda value: getattr(value, "dest", value))
def test_shared_flags_are_declared_alike(command, action):
    for flag, (metavar, kind) in SHARED.items():
        if flag in action.option_strings:
            assert (action.metavar, action.type or str) == (metavar, kind), (command, flag)  # no type: text
    if "--seed" in action.option_strings:
        assert action.type is int
    if "--batch-size" in action.option_strings:
        # c2llm train leaves the range check to TrainConfig (its message); elsewhere the flag checks it
        assert action.metavar == "N" and action.type in (flags.positive_int, int), command
    if action.option_strings and action.nargs == "+":
        assert isinstance(action, argparse._ExtendAction), (command, action.dest)  # a list flag: repeatable


# ------------------------------------------------------------------------------------------------ one error path


def test_fail_is_gone():
    assert not hasattr(flags, "fail")


@pytest.mark.parametrize(("argv", "message"), [
    (["serve-mcp", "MISSING"], "error: PATH: not a folder: MISSING"),
    (["mine", "MISSING", "--output-dir", "OUT"], "error: SRC: no such file or folder: MISSING"),
    (["mine", "HERE", "--output-dir", "OUT", "--fractions", "0.5", "0.5"],
     "error: --fractions: expected 3 non-negative numbers summing to 1, got [0.5, 0.5]"),
    (["dupes", "HERE", "HERE"], "error: PATH: expected one folder, got 2: HERE HERE"),
    (["dupes", "calibrate", "HERE", "--no-semantic"], "error: --no-semantic: calibration needs the model"),
    (["evaluate", "--beir", "HERE"], "error: --model: give at least one --model, or --bm25"),
])
def test_errors_after_parsing_are_one_line_and_exit_code_2(argv, message, tmp_path, capsys):
    """Raised as UserError and printed by main, which returns 2 (no SystemExit, no traceback); nothing is written."""
    names = {"MISSING": str(tmp_path / "missing"), "HERE": str(tmp_path), "OUT": str(tmp_path / "out")}
    argv = [names.get(arg, arg) for arg in argv]
    assert cli.main(argv) == flags.EXIT_USAGE
    for name, path in names.items():
        message = message.replace(name, path)
    assert capsys.readouterr().err == message + "\n"
    assert sorted(tmp_path.iterdir()) == []


def test_each_command_is_registered_by_the_group_the_table_names():
    """``COMMANDS`` lets a command import only its own group: it must name every command, and the right group."""
    registered = {}
    for name in cli.GROUPS:
        parser = flags.CommandParser(prog="c2llm")
        subparsers = parser.add_subparsers(dest="command")
        cli.group(name).register(subparsers)
        registered |= dict.fromkeys(subparsers.choices, name)
    assert registered == cli.COMMANDS
    full = cli.build_parser()
    argv = ["search", "parse a file", ".", "-k", "3", "--mode", "keyword"]
    assert vars(cli.build_parser("search").parse_args(argv)) == vars(full.parse_args(argv))
    code = ("import sys, c2llm.cli; c2llm.cli.build_parser('search'); "
            "print(sorted(m for m in sys.modules if m.startswith('c2llm.cli.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['c2llm.cli.flags', 'c2llm.cli.search']"
