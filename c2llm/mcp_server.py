"""``c2llm serve-mcp``: the repository index as tools for coding agents, over MCP (the ``mcp`` package, stdio).

Tools (all read-only; annotated ``readOnlyHint``):

* ``search(query, k, mode, lang, path_glob)``: the best units for a query (hybrid, dense or keyword);
* ``related(path, line, k)``: the units most similar to the one holding ``path:line``;
* ``find_duplicates(code, language, k)``: indexed units that a snippet copies (hash stages, then the model's
  near-copy rule over cosine and token-trigram Jaccard, calibrated or the default, as ``c2llm dupes``);
* ``index_status()``: files, units, embedded, pending, progress (0..1) and whether the update still runs.

At start the server updates the index in a background thread (``--no-update``: it serves the index as it is), so an
agent can search what is committed while embeddings are still being computed and watch ``index_status``. Meanwhile
hybrid search ranks the units that have a vector and keeps the others by their keyword score: each hit says whether
its vector took part (``embedded``: false for a unit not embedded yet). The update waits for a ``c2llm index`` of the
same tree that is running (one writer at a time).

Limits: every path accepted (``related``, ``path_glob``) must lie inside the indexed root (``..`` and absolute paths
elsewhere are refused by :func:`c2llm.search.paths.resolve_inside`) and every path returned is relative to it; ``k``
is at most :data:`MAX_K`; queries, snippets and globs have size limits; hit texts are cut at :data:`MAX_HIT_CHARS`.
"""

from __future__ import annotations

import threading
from pathlib import Path, PurePosixPath
from typing import Any

from .errors import UserError
from .search.index import MODES, Index
from .search.ranking import DEFAULT_PROFILE, RANKING_PROFILES, ranking_profile
from .search.paths import relative_key

MAX_K = 50
MAX_QUERY_CHARS = 2_000
MAX_CODE_CHARS = 20_000
MAX_GLOB_CHARS = 200
MAX_HIT_CHARS = 4_000
SERVER_NAME = "c2llm"


class RequestError(UserError):
    """A tool argument out of bounds or a path outside the root."""


def _bounded_k(k: int) -> int:
    if not 1 <= k <= MAX_K:
        raise RequestError(f"k: expected 1..{MAX_K}, got {k}")
    return k


def _bounded_text(name: str, text: str, limit: int) -> str:
    if not text.strip():
        raise RequestError(f"{name}: empty")
    if len(text) > limit:
        raise RequestError(f"{name}: {len(text)} characters, at most {limit} allowed")
    return text


def check_glob(path_glob: str) -> str:
    """A path glob relative to the root: no absolute path, no ``..`` component, bounded length."""
    _bounded_text("path_glob", path_glob, MAX_GLOB_CHARS)
    pure = PurePosixPath(path_glob)
    if pure.is_absolute() or path_glob.startswith("~") or ".." in pure.parts or "\\" in path_glob:
        raise RequestError(f"path_glob: {path_glob!r} must be relative to the indexed root, without '..'")
    return path_glob


def _hit(hit) -> dict[str, Any]:
    data = hit.to_dict()
    if len(data["text"]) > MAX_HIT_CHARS:
        data["text"] = data["text"][:MAX_HIT_CHARS] + "\n[... cut]"
    return data


class RepositoryTools:
    """The tools' logic over one index, independent of the MCP transport.

    A reader :class:`~c2llm.search.index.Index` answers the tools (behind a lock: the SQLite connection serves one
    thread at a time); an updater with its own connection (WAL lets both work) and the same encoder builds the index.
    """

    def __init__(self, root: str | Path, *, model: str | None = None):
        self.root = Path(root).expanduser().resolve()
        self.index = Index.open(self.root, model=model)
        self.lock = threading.Lock()
        self.state, self.error = "ready", None
        self._thread: threading.Thread | None = None
        self._detector = None
        self._detector_key: str | None = None

    # ------------------------------------------------------------------------------------------------ update

    def start_update(self) -> threading.Thread:
        """Update the index in a background thread; :meth:`index_status` reports its progress."""
        self.state = "updating"

        def work() -> None:
            try:
                with Index.open(self.root) as updater:
                    updater.encoder = self.index.encoder  # one model in memory, not two
                    updater.update(progress=False)
                self.state = "ready"
            except Exception as error:  # noqa: BLE001 - any failure is reported by index_status; serving goes on
                self.state, self.error = "failed", f"{type(error).__name__}: {error}"

        self._thread = threading.Thread(target=work, name="c2llm-index-update", daemon=True)
        self._thread.start()
        return self._thread

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def close(self) -> None:
        self.wait()
        self.index.close()

    # ------------------------------------------------------------------------------------------------ tools

    def search(self, query: str, k: int = 10, mode: str = "hybrid", lang: str | None = None,
               path_glob: str | None = None, ranking: str = DEFAULT_PROFILE) -> list[dict[str, Any]]:
        _bounded_text("query", query, MAX_QUERY_CHARS)
        if mode not in MODES:
            raise RequestError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
        if ranking not in RANKING_PROFILES:
            raise RequestError(f"ranking: expected one of {', '.join(RANKING_PROFILES)}, got {ranking!r}")
        if path_glob is not None:
            check_glob(path_glob)
        with self.lock:
            hits = self.index.search(query, k=_bounded_k(k), mode=mode, lang=lang or None, path_glob=path_glob,
                                     ranking=ranking_profile(ranking))
        return [_hit(hit) for hit in hits]

    def related(self, path: str, line: int, k: int = 10) -> list[dict[str, Any]]:
        _bounded_text("path", path, MAX_GLOB_CHARS)
        key = relative_key(self.root, path)  # refuses ../ and absolute paths elsewhere
        if line < 1:
            raise RequestError(f"line: expected >= 1, got {line}")
        with self.lock:
            hits = self.index.related(key, line, k=_bounded_k(k))
        return [_hit(hit) for hit in hits]

    def find_duplicates(self, code: str, language: str = "python", k: int = 10) -> dict[str, Any]:
        from .clones.calibrate import rule_for
        from .clones.report import rule_dict
        from .clones.scan import detector_of, store_dir

        _bounded_text("code", code, MAX_CODE_CHARS)
        k = _bounded_k(k)
        with self.lock:
            status = self.index.status()
            key = self.state  # rebuilt when an update ends, not for every chunk it commits (that would block tools)
            if self._detector is None or key != self._detector_key:
                self._detector, self._detector_key = detector_of(self.index, _detect_settings(), True), key
            vector = self.index.encode_documents([code])[0] if status["embedded"] else None
            rule, source, _ = rule_for(store_dir(self.index), status["model"])
        matches = self._detector.matches(code, language, vector, rule, k)
        return {"rule": rule_dict(rule), "rule_source": source,
                "matches": [{"path": unit.path, "start_line": unit.start_line, "end_line": unit.end_line,
                             "name": unit.name, "similarity": round(similarity, 4), "method": method}
                            for unit, similarity, method in matches]}

    def index_status(self) -> dict[str, Any]:
        with self.lock:
            status = self.index.status()
        status["root"] = str(self.root)
        status.pop("store", None)  # the server speaks in paths relative to the root
        return {**status, "state": self.state, "error": self.error}


def _detect_settings():
    """Snippets are compared with every unit of at least 3 lines (a pasted snippet is often short)."""
    from .clones.settings import DetectSettings

    return DetectSettings(min_lines=3, min_tokens=20)


def build_server(tools: RepositoryTools):
    """The MCP server exposing ``tools`` (an ``mcp.server.mcpserver.MCPServer``)."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    server = MCPServer(SERVER_NAME, instructions=(
        f"Semantic code search over the repository at {tools.root} (paths are relative to it). Use search for code "
        "by what it does, related for code similar to a file:line, find_duplicates before writing a helper that may "
        "exist, index_status to see whether indexing is done."))
    read_only = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)

    def call(method, **kwargs):
        try:
            return method(**kwargs)
        except UserError as error:  # bad arguments and paths outside the root: the agent gets the message
            raise ToolError(str(error)) from error

    @server.tool(annotations=read_only)
    def search(query: str, k: int = 10, mode: str = "hybrid", lang: str | None = None,
               path_glob: str | None = None, ranking: str = DEFAULT_PROFILE) -> list[dict[str, Any]]:
        """Find code by what it does. mode: hybrid (default), dense or keyword; lang: python, go, java,
        javascript, typescript, rust...; path_glob: e.g. 'src/*' ('*' also matches '/'); ranking: auto (default: a query
        that describes one function, such as 'parse a jsonl file', ranked as units, any other as files), files (a page
        of distinct files) or units (each function on its own merit, several may share a file). Returns hits with path,
        start_line, end_line, name, kind, score, text and embedded (false: the unit has no vector yet while the
        index is still embedding, so hybrid ranked it by its keywords alone; null in keyword mode)."""
        return call(tools.search, query=query, k=k, mode=mode, lang=lang, path_glob=path_glob, ranking=ranking)

    @server.tool(annotations=read_only)
    def related(path: str, line: int, k: int = 10) -> list[dict[str, Any]]:
        """Units most similar to the function or window that holds `line` of `path` (relative to the root)."""
        return call(tools.related, path=path, line=line, k=k)

    @server.tool(annotations=read_only)
    def find_duplicates(code: str, language: str = "python", k: int = 10) -> dict[str, Any]:
        """Indexed code that `code` duplicates: exact copies, renamed copies and near-copies (the near-copy rule
        over cosine and token-trigram Jaccard that `c2llm dupes calibrate` chose, or the default)."""
        return call(tools.find_duplicates, code=code, language=language, k=k)

    @server.tool(annotations=read_only)
    def index_status() -> dict[str, Any]:
        """Index size and progress: files, units, embedded, pending, progress (0..1), state (updating, ready,
        failed)."""
        return call(tools.index_status)

    return server


def serve(root: str | Path, *, model: str | None = None, update: bool = True) -> None:
    """Run the server on stdio until the client disconnects."""
    tools = RepositoryTools(root, model=model)
    try:
        if update:
            tools.start_update()
        build_server(tools).run("stdio")
    finally:
        tools.index.close()
