"""``c2llm``: one command for every job of the package. Each command group lives in a module of its own that
parses flags and calls the library; :mod:`c2llm.cli.flags` holds the conventions they share."""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import Sequence
from types import ModuleType

from ..errors import UserError
from .flags import CommandParser

# command -> the module of this package that registers it, in --help order. A command imports only its own group:
# a one-shot `c2llm search` does not pay for the training and benchmark groups' imports.
COMMANDS = {
    "backbone": "backbone", "train": "train", "data": "data", "mine": "data", "negatives": "data", "evaluate": "evaluate",
    "verify": "hub", "export": "hub", "convert": "hub", "bench": "bench", "ablation": "bench",
    "index": "search", "index-embed": "search", "index-import": "search", "search": "search", "related": "search",
    "dupes": "dupes", "explain": "explain", "serve-mcp": "serve",
}
GROUPS = tuple(dict.fromkeys(COMMANDS.values()))


def group(name: str) -> ModuleType:
    """The module of a command group (``search``: :mod:`c2llm.cli.search`)."""
    return importlib.import_module(f"{__name__}.{name}")


def build_parser(command: str | None = None) -> CommandParser:
    """The parser of every command, or only of ``command``'s group when it names one."""
    parser = CommandParser(
        prog="c2llm",
        description="C2LLM code embeddings: train, mine data, evaluate, verify and publish models.",
        epilog="Run 'c2llm <command> --help' for a command's flags and examples. Flag conventions: docs/cli.md.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="<command>", required=True,
                                       parser_class=CommandParser)
    for name in [COMMANDS[command]] if command in COMMANDS else GROUPS:
        group(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; returns the exit code (0 done, 1 check failed, 2 bad usage or input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(argv[0] if argv else None).parse_args(argv)
    args.argv = argv  # recorded by jobs that write results
    # our INFO lines only: a library's (datasets announcing JAX, say) would crowd one-line errors on some machines
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("c2llm").setLevel(logging.INFO)
    try:
        return args.run(args)
    except UserError as error:
        print(f"error: {error}", file=sys.stderr)
        return error.exit_code
