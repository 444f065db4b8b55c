"""``c2llm serve-mcp``: the repository index as MCP tools for coding agents (:mod:`c2llm.mcp_server`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import UserError
from ..search.encoder import SHIPPED_STATIC_MODEL
from .flags import EXIT_OK, add_model, command


def register(subparsers) -> None:
    serve = command(subparsers, "serve-mcp", "serve search, related, find_duplicates and index_status to coding "
                    "agents over MCP (stdio)", [
                        "c2llm serve-mcp .",
                        "c2llm serve-mcp ~/src/monorepo --no-update",
                        "c2llm serve-mcp . --model outputs/c2llm-demo/model",
                    ], description=(
                        "An MCP server on standard input/output for the index of PATH (c2llm index). It updates the "
                        "index in the background at start (index_status shows the progress) and answers the tools "
                        "search(query, k, mode, lang, path_glob), related(path, line, k), find_duplicates(code, "
                        "language, k) and index_status(). Read-only; paths stay inside PATH. See docs/mcp.md for "
                        "client settings."))
    serve.add_argument("root", nargs="?", default=".", metavar="PATH", help="the folder to serve")
    add_model(serve, required=False, help="model of a new index (default: the index's own model, or "
              f"the shipped static model {SHIPPED_STATIC_MODEL} for a new index)")
    serve.add_argument("--no-update", action="store_true", help="serve the index as it is (no background update)")
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from ..mcp_server import serve

    if not Path(args.root).is_dir():
        raise UserError(f"PATH: not a folder: {args.root}")
    serve(args.root, model=args.model, update=not args.no_update)
    return EXIT_OK
