"""c2llm.rag.retrieve: ranked chunks within a token budget, with the text and lines of the file."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from c2llm.errors import UserError
from c2llm.rag import Chunk, format_context, retrieve
from c2llm.search.index import Index
from c2llm.search.ranking import ranking_profile


def words(text: str) -> int:
    """A token counter with an obvious reference value: whitespace-separated words."""
    return len(text.split())


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    import json.decoder
    import json.encoder

    root = tmp_path_factory.mktemp("rag")
    (root / "decoder.py").write_text(inspect.getsource(json.decoder))
    (root / "encoder.py").write_text(inspect.getsource(json.encoder))
    with Index.open(root) as opened:
        opened.update(progress=False, embed=False)  # keyword search: no model needed
        yield opened


def _file_lines(index: Index, chunk: Chunk) -> str:
    lines = (index.root / chunk.path).read_text().split("\n")
    return "\n".join(lines[chunk.start_line - 1 : chunk.end_line])


def test_chunks_fill_the_budget_greedily_in_rank_order(index):
    query, budget = "decode a JSON string with escapes", 300
    chunks = retrieve(index, query, token_budget=budget, k=5, mode="keyword", count_tokens=words)
    hits = index.search(query, k=50, mode="keyword", ranking=ranking_profile("units"))
    expected, left = [], budget  # the reference: take hits in rank order while they fit, skip the others
    for hit in hits:
        if len(expected) == 5:
            break
        if words(hit.unit.text) <= left:
            expected.append((hit.unit.path, hit.unit.start_line, hit.unit.end_line))
            left -= words(hit.unit.text)
    assert [(c.path, c.start_line, c.end_line) for c in chunks] == expected
    assert sum(chunk.tokens for chunk in chunks) <= budget
    assert [chunk.score for chunk in chunks] == sorted((chunk.score for chunk in chunks), reverse=True)
    for chunk in chunks:
        assert chunk.text == _file_lines(index, chunk) and chunk.tokens == words(chunk.text)


def test_a_best_hit_larger_than_the_budget_is_cut_to_whole_lines(index):
    (chunk,) = retrieve(index, "JSONObject", token_budget=40, k=1, mode="keyword", count_tokens=words)
    best = index.search("JSONObject", k=1, mode="keyword")[0].unit
    assert words(best.text) > 40
    assert chunk.start_line == best.start_line and chunk.end_line < best.end_line
    assert chunk.text == _file_lines(index, chunk) and chunk.tokens <= 40
    next_line = best.text.split("\n")[chunk.end_line - chunk.start_line + 1]
    assert words(chunk.text + "\n" + next_line) > 40  # one more line would not fit


def test_retrieve_opens_an_index_folder_and_counts_qwen_tokens(index):
    chunks = retrieve(index.root, "encode a string as JSON", token_budget=500, k=3, mode="keyword")
    assert chunks and sum(chunk.tokens for chunk in chunks) <= 500
    context = format_context(chunks)
    assert context.startswith(f"{chunks[0].path}:{chunks[0].start_line}-{chunks[0].end_line}\n```python\n")


@pytest.mark.parametrize("kwargs, message", [
    ({"token_budget": 0}, "token_budget: expected a positive number of tokens, got 0"),
    ({"k": 0}, "k: expected a positive number of chunks, got 0"),
    ({"ranking": "pages"}, "^ranking: unknown ranking profile 'pages'; expected one of auto, files, units$"),
])
def test_bad_arguments(index, kwargs, message):
    with pytest.raises(UserError, match=message):
        retrieve(index, "x", mode="keyword", **kwargs)


def test_passages_are_ranked_each_on_its_merit_not_as_a_page_of_files(index):
    # c2llm search's page shows distinct files (the n-th unit of a file decays); a model's context wants the best
    # passages even when they share a file (hybrid on an index without vectors: keyword scores through the layer)
    query = "scan string escapes"
    units = [(h.unit.path, h.unit.start_line) for h in index.search(query, k=50, ranking=ranking_profile("units"))]
    files = [(h.unit.path, h.unit.start_line) for h in index.search(query, k=50)]
    assert [path for path, _ in units[:4]] == ["decoder.py"] * 4  # the decoder's scanning code, all of it
    assert [path for path, _ in files[:4]] == ["decoder.py", "encoder.py", "decoder.py", "encoder.py"]
    chunks = retrieve(index, query, token_budget=10_000, k=4, count_tokens=words)
    assert [(c.path, c.start_line) for c in chunks] == units[:4]
    paged = retrieve(index, query, token_budget=10_000, k=4, count_tokens=words, ranking="files")
    assert [(c.path, c.start_line) for c in paged] == files[:4]


def test_a_folder_without_index_is_refused(tmp_path):
    with pytest.raises(UserError, match="no index in"):
        retrieve(Path(tmp_path), "x")
