"""``c2llm``: one command for every job of the package. Each command group lives in a module of its own that
parses flags and calls the library; :mod:`c2llm.cli.flags` holds the conventions they share."""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence

from ..errors import UserError
from . import bench, data, dupes, evaluate, explain, hub, search, serve, train
from .flags import EXIT_USAGE, CommandParser

GROUPS = (train, data, evaluate, hub, bench, search, dupes, explain, serve)


def build_parser() -> CommandParser:
    parser = CommandParser(
        prog="c2llm",
        description="C2LLM code embeddings: train, mine data, evaluate, verify and publish models.",
        epilog="Run 'c2llm <command> --help' for a command's flags and examples. Flag conventions: docs/cli.md.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="<command>", required=True,
                                       parser_class=CommandParser)
    for group in GROUPS:
        group.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; returns the exit code (0 done, 1 check failed, 2 bad usage or input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    args.argv = argv  # recorded by jobs that write results
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        return args.run(args)
    except UserError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
