"""The flag conventions every ``c2llm`` subcommand shares, as code (documented in docs/cli.md):

* ``--model`` names a model (folder or Hub id); ``--output-dir`` is a folder written; ``--out`` is one file written;
  ``--dataset`` is a training table (jsonl / parquet / csv) or Hub dataset id.
* A list is given as space-separated values after its flag, and the flag may be repeated: ``--seeds 0 1 2``.
* Exit codes: 0 done, 1 the job ran and its check failed, 2 bad usage or bad input (flag, file, row).
* Every user error is one ``error:`` line on stderr naming the argument, file, line or row; no traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class CommandParser(argparse.ArgumentParser):
    """An argparse parser whose usage errors are one ``error:`` line and exit code 2. Flags must be spelt out: an
    abbreviation such as ``--out`` would otherwise be taken for ``--output-dir``."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        # argparse says "argument --flag: ..."; the package's own errors say "--flag: ...": one style for both
        self.exit(EXIT_USAGE, f"error: {message.removeprefix('argument ')}\n")


def command(subparsers, name: str, help: str, examples: list[str], description: str | None = None) -> CommandParser:
    """A subcommand whose ``--help`` ends with its examples."""
    epilog = "examples:\n" + "\n".join(f"  {example}" for example in examples)
    return subparsers.add_parser(name, help=help, description=description or help, epilog=epilog,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)


def fail(message: str) -> NoReturn:
    """Stop with one ``error:`` line (a user error found after parsing) and exit code 2."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(EXIT_USAGE)


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


def existing_file(text: str) -> Path:
    """argparse type: an existing file."""
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such file: {text!r}")
    return path


# ----------------------------------------------------------------------------------------------------- flags


def add_list(parser: argparse.ArgumentParser, flag: str, *, type=str, help: str, **kwargs) -> None:
    """A list flag: space-separated values, the flag repeatable (``--seeds 0 1 --seeds 2`` = ``--seeds 0 1 2``)."""
    parser.add_argument(flag, nargs="+", action="extend", type=type, help=help, **kwargs)


def add_model(parser: argparse.ArgumentParser, *, required: bool = True, multiple: bool = False,
              help: str = "model folder or Hub id (loaded with trust_remote_code=True)") -> None:
    """``--model``: one model, or several (a list flag)."""
    if multiple:
        add_list(parser, "--model", metavar="PATH_OR_ID", required=required, help=help)
    else:
        parser.add_argument("--model", metavar="PATH_OR_ID", required=required, help=help)


def add_output_dir(parser: argparse.ArgumentParser, *, default: str | None = None, required: bool = False,
                   help: str = "folder to write") -> None:
    suffix = f" (default: {default})" if default else ""
    parser.add_argument("--output-dir", metavar="DIR", default=default, required=required, help=help + suffix)


def add_out(parser: argparse.ArgumentParser, *, required: bool = False, help: str = "file to write") -> None:
    parser.add_argument("--out", metavar="FILE", type=Path, required=required, help=help)


def add_seed(parser: argparse.ArgumentParser, default: int = 0) -> None:
    parser.add_argument("--seed", type=int, default=default, help=f"random seed (default: {default})")


def add_max_seq_length(parser: argparse.ArgumentParser, help: str = "token limit (default: the model's own)") -> None:
    parser.add_argument("--max-seq-length", type=positive_int, metavar="N", help=help)


def add_batch_size(parser: argparse.ArgumentParser, default: int | None = 32, help: str = "encoding batch size") -> None:
    suffix = f" (default: {default})" if default else ""
    parser.add_argument("--batch-size", type=positive_int, default=default, metavar="N", help=help + suffix)


def add_no_progress(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-progress", action="store_true", help="hide progress bars")


def add_json(parser: argparse.ArgumentParser, help: str = "print the result as JSON") -> None:
    parser.add_argument("--json", action="store_true", help=help)
