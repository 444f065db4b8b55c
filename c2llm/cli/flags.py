"""The flag conventions every ``c2llm`` subcommand shares, as code (documented in docs/cli.md):

* ``--model`` names a model (folder or Hub id); ``--output-dir`` is a folder written; ``--out`` is one file written;
  ``--dataset`` is a training table (jsonl / parquet / csv) or Hub dataset id. A command that takes such a flag
  declares it with the helper of this module (:func:`add_model`, :func:`add_output_dir`, :func:`add_out`,
  :func:`add_seed`, :func:`add_batch_size`, ...), so its spelling, metavar and type are the same everywhere.
* A list is given as space-separated values after its flag, and the flag may be repeated: ``--seeds 0 1 2``.
* ``--help`` shows each flag's default as ``(default: X)``, written by :class:`HelpFormatter` from the flag's own
  default: help text never types a default. A flag whose default is applied later by the library (argparse default
  ``None``) describes it in words, with the value read from the library's constant or settings field
  (:func:`default_of`); a list flag shows the library's list through ``shown_default`` (:func:`add_list`).
* Choices come from the library's constants (``choices=POOLINGS``), never retyped.
* Exit codes: 0 done, 1 the job ran and its check failed, 2 bad usage or bad input (flag, file, row).
* Every user error is one ``error:`` line on stderr naming the argument, file, line or row; no traceback. argparse
  reports what it parses (:class:`CommandParser`); everything found after parsing is raised as
  :class:`c2llm.errors.UserError` (or a subclass such as ``ConfigError``), which :func:`c2llm.cli.main` prints.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Epilogs and descriptions as written (the examples keep their lines), and each flag's help ending with
    ``(default: X)`` taken from the flag itself (:func:`shown_default`), so that a default is written once."""

    def _get_help_string(self, action: argparse.Action) -> str:
        help = action.help or ""
        value = shown_default(action)
        if value is None or "%(default)" in help:
            return help
        return f"{help} (default: {value.replace('%', '%%')})"  # help strings are %-formatted by argparse


def shown_default(action: argparse.Action) -> str | None:
    """The default ``--help`` shows for a flag, as text, or ``None`` when there is nothing to show: no default,
    ``False``, a switch (``store_true`` says what it does; ``--no-eval``'s ``True`` means nothing to a user), a
    required positional. A list flag's argparse default must stay ``None`` (``extend`` would add the given values to
    it), so :func:`add_list` records the library's list as ``shown_default`` instead."""
    value = getattr(action, "shown_default", action.default)
    if value is None or value is False or value is argparse.SUPPRESS:
        return None
    if action.nargs == 0 and not isinstance(action, argparse.BooleanOptionalAction):
        return None
    if not action.option_strings and action.nargs not in (argparse.OPTIONAL, argparse.ZERO_OR_MORE):
        return None
    return default_text(value)


def default_text(value: Any) -> str:
    """A default as a user would type it: lists space-separated (the list-flag convention), floats in short form."""
    if isinstance(value, list | tuple | set | frozenset):
        return " ".join(default_text(item) for item in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def default_of(owner: type | Callable, name: str) -> Any:
    """The default of field ``name`` of a dataclass, or of parameter ``name`` of a function: a flag's default read
    from the library, where it is defined."""
    if dataclasses.is_dataclass(owner):
        (found,) = [field for field in dataclasses.fields(owner) if field.name == name]
        if found.default_factory is not dataclasses.MISSING:
            return found.default_factory()
        if found.default is dataclasses.MISSING:
            raise ValueError(f"{owner.__name__}.{name} has no default")
        return found.default
    default = inspect.signature(owner).parameters[name].default
    if default is inspect.Parameter.empty:
        raise ValueError(f"{owner.__qualname__}({name}) has no default")
    return default


class CommandParser(argparse.ArgumentParser):
    """An argparse parser whose usage errors are one ``error:`` line and exit code 2. Flags must be spelt out: an
    abbreviation such as ``--out`` would otherwise be taken for ``--output-dir``."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        # argparse says "argument --flag: ..."; the package's own errors say "--flag: ...": one style for both
        self.exit(EXIT_USAGE, f"error: {message.removeprefix('argument ')}\n")


def command(subparsers, name: str, help: str, examples: list[str], description: str | None = None) -> CommandParser:
    """A subcommand whose ``--help`` ends with its examples."""
    epilog = "examples:\n" + "\n".join(f"  {example}" for example in examples)
    return subparsers.add_parser(name, help=help, description=description or help, epilog=epilog,
                                 formatter_class=HelpFormatter)


# ------------------------------------------------------------------------------------------------ value types


def _number(convert: Callable[[str], float], accept: Callable[[float], bool], expected: str):
    """An argparse type that converts a value and accepts it or names what was expected."""

    def parse(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None
        if not accept(value):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {value}")
        return value

    return parse


positive_int = _number(int, lambda value: value >= 1, "a positive integer")
non_negative_int = _number(int, lambda value: value >= 0, "an integer >= 0")
positive_float = _number(float, lambda value: value > 0, "a number > 0")


def existing_dir(text: str) -> Path:
    """argparse type: an existing folder."""
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"not a folder: {text!r}")
    return path


def existing_path(text: str) -> Path:
    """argparse type: an existing folder or file."""
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"no such file or folder: {text!r}")
    return path


def existing_file(text: str) -> Path:
    """argparse type: an existing file."""
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such file: {text!r}")
    return path


# ----------------------------------------------------------------------------------------------------- flags


def add_list(parser: argparse.ArgumentParser, flag: str, *, type=str, help: str,
             shown_default: Sequence | None = None, **kwargs) -> argparse.Action:
    """A list flag: space-separated values, the flag repeatable (``--seeds 0 1 --seeds 2`` = ``--seeds 0 1 2``).
    Its value is ``None`` when not given (the library then applies its own list, ``shown_default`` in ``--help``)."""
    action = parser.add_argument(flag, nargs="+", action="extend", type=type, help=help, **kwargs)
    action.shown_default = shown_default
    return action


def add_model(parser: argparse.ArgumentParser, *, required: bool = True, multiple: bool = False,
              help: str = "model folder or Hub id (loaded with trust_remote_code=True)") -> None:
    """``--model``: one model, or several (a list flag)."""
    if multiple:
        add_list(parser, "--model", metavar="PATH_OR_ID", required=required, help=help)
    else:
        parser.add_argument("--model", metavar="PATH_OR_ID", required=required, help=help)


def add_output_dir(parser: argparse.ArgumentParser, *, default: str | None = None, required: bool = False,
                   help: str = "folder to write") -> None:
    parser.add_argument("--output-dir", metavar="DIR", default=default, required=required, help=help)


def add_out(parser: argparse.ArgumentParser, *, required: bool = False, help: str = "file to write") -> None:
    parser.add_argument("--out", metavar="FILE", type=Path, required=required, help=help)


def add_seed(parser: argparse.ArgumentParser, default: int | None = 0, help: str = "random seed") -> None:
    parser.add_argument("--seed", type=int, default=default, help=help)


def add_max_seq_length(parser: argparse.ArgumentParser, help: str = "token limit (default: the model's own)",
                       default: int | None = None) -> None:
    parser.add_argument("--max-seq-length", type=positive_int, default=default, metavar="N", help=help)


def add_batch_size(parser: argparse.ArgumentParser, default: int | None = 32, help: str = "encoding batch size",
                   type: Callable[[str], int] = positive_int) -> None:
    """``--batch-size N``; ``type=int`` leaves the range check to the library's settings (their error message)."""
    parser.add_argument("--batch-size", type=type, default=default, metavar="N", help=help)


def add_no_progress(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-progress", action="store_true", help="hide progress bars")


def add_json(parser: argparse.ArgumentParser, help: str = "print the result as JSON") -> None:
    parser.add_argument("--json", action="store_true", help=help)
