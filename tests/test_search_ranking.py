"""The ranking layer's steps (c2llm/search/ranking.py), each on a hand-made candidate list whose right order is
known, and the store's lookup of definitions by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from c2llm.search.ranking import (
    RankingSettings,
    boost_definitions,
    boost_file_coherence,
    boost_path_terms,
    boost_term_coverage,
    defines,
    fuse,
    path_prior,
    query_kind,
    query_terms,
    queried_symbols,
    rank,
    ranking_profile,
    select_top,
    stems,
    without_layer,
)
from c2llm.search.store import Store, search_words
from c2llm.search.units import Unit


def unit(path: str, name: str, kind: str = "function", text: str = "", language: str = "python") -> Unit:
    return Unit(path, 1, 5, language, name, kind, text or f"def {name.split('.')[-1]}():\n    pass")


@pytest.mark.parametrize("query, kind", [
    ("HTTPAdapter", "symbol"), ("field_validator", "symbol"), ("Sinatra::Base", "symbol"), ("_private", "symbol"),
    ("URL", "symbol"), ("self->field", "symbol"), ("session", "text"), ("how are routes matched", "text"),
    ("parse a HTTPAdapter response", "description"),
    # a verb opening with its object, or sentences (docstrings): one function is asked for
    ("parse a jsonl file", "description"), ("Returns the first item of a sequence", "description"),
    ("Check if the key is set", "description"), ("applies each patch in order", "description"),
    ("The stacklevel that attributes a warning.", "description"), ("Create __init__ method.", "description"),
    # a verb that may be a noun, a gerund, a question, a dotted name: file-level phrases
    ("filter handler for level-based record filtering", "text"), ("request path helpers on Plug.Conn", "text"),
    ("parsing the URL and filling the connection struct", "text"), ("how the router dispatches commands", "text"),
    ("adapting tRPC to run as a Node.js HTTP server handler", "text"), ("load everything read_config returns", "text"),
])
def test_query_kind(query, kind):
    assert query_kind(query) == kind


def test_queried_symbols_of_a_symbol_query_and_inside_a_sentence():
    assert queried_symbols("Sinatra::Base") == {"Sinatra::Base", "Base"}
    assert queried_symbols("how StateManager and safeParse use read_config") == {
        "StateManager", "safeParse", "read_config"}
    assert queried_symbols("how are routes matched") == set()


def test_a_definition_is_read_from_the_parsed_name_or_a_windows_definition_line():
    assert defines(unit("a.rb", "Sinatra.Base", "class"), {"Base"})
    assert not defines(unit("a.rb", "Sinatra.BaseError", "class"), {"Base"})
    window = Unit("x.zig", 1, 3, "zig", "x.zig:1-3", "window", "const std = @import(\"std\");\npub fn parseArgs() void {}")
    assert defines(window, {"parseArgs"}) and not defines(window, {"parse"})


def test_query_words_match_file_stems_and_folders_by_prefix():
    assert query_terms("how the configuration of aliases is loaded") == {"configuration", "aliases", "loaded"}
    config = unit("src/config.py", "load")
    aliases = unit("cli/aliases.py", "resolve")
    other = unit("src/misc.py", "helper")
    candidates = {1: config, 2: aliases, 3: other}
    scores = {1: 1.0, 2: 1.0, 3: 1.0}
    boost_path_terms(scores, candidates, {"configuration", "alias"}, RankingSettings(path_boost=0.5,
                                                                                   named_file_boost=0.0))
    # best score 1 x 0.5 x share matched (1 of 2 words each); "misc" matches nothing
    assert scores == {1: 1.25, 2: 1.25, 3: 1.0}
    scores = {3: 1.0}
    boost_path_terms(scores, {3: unit("re/misc.py", "x")}, {"re", "request"}, RankingSettings(path_boost=0.5))
    assert scores == {3: 1.0}  # "re" is under 3 letters: no prefix match with "request"


def test_a_file_stem_the_query_spells_out_gains_the_named_file_boost():
    candidates = {1: unit("rails/command.rb", "invoke"), 2: unit("rails/commands/unused_routes_command.rb", "perform"),
                  3: unit("rails/engine.rb", "boot")}
    scores = {1: 1.0, 2: 2.0, 3: 1.0}
    terms = query_terms("Rails command dispatch and subcommand routing")
    assert terms == {"rails", "command", "dispatch", "subcommand", "routing"}
    boost_path_terms(scores, candidates, terms, RankingSettings(path_boost=0.4, named_file_boost=0.6))
    # best score 2. command.rb: "rails" (its folder) and "command", 2 of 5 words, and they name its whole stem:
    # + 2 x (0.4 + 0.6) x 2/5. unused_routes_command.rb: "command" only ("routing" and "routes" are no prefixes of
    # each other), its stem not covered: + 2 x 0.4 x 1/5. engine.rb: its folder "rails": + 2 x 0.4 x 1/5
    assert scores == pytest.approx({1: 1.0 + 2 * 1.0 * 2 / 5, 2: 2.0 + 2 * 0.4 * 1 / 5, 3: 1.0 + 2 * 0.4 * 1 / 5})
    # stems decide what a file is named after, not prefixes: "model" names model.rs, not mod.rs (it still matches
    # mod.rs's stem by prefix, so that file keeps the plain boost)
    candidates = {1: unit("src/mod.rs", "f", language="rust"), 2: unit("src/model.rs", "g", language="rust")}
    scores = {1: 1.0, 2: 1.0}
    boost_path_terms(scores, candidates, {"model", "loading"}, RankingSettings(path_boost=0.4, named_file_boost=0.6))
    assert scores == pytest.approx({1: 1.0 + 0.4 / 2, 2: 1.0 + 1.0 / 2})


def test_file_coherence_gives_each_files_best_unit_its_share_of_the_largest_file_sum():
    candidates = {1: unit("a/router.py", "dispatch"), 2: unit("a/router.py", "match"),
                  3: unit("b/lucky.py", "route"), 4: unit("c/far.py", "other")}
    scores = {1: 0.5, 2: 0.4, 3: 0.8, 4: -0.1}
    boost_file_coherence(scores, candidates, RankingSettings(file_coherence=0.2))
    # best score 0.8; file sums (negative scores count 0): router.py 0.9 (the largest), lucky.py 0.8, far.py 0.
    # Each file's best unit gains 0.2 x 0.8 x its sum / 0.9; the other units keep their scores
    assert scores == pytest.approx({1: 0.5 + 0.16 * 0.9 / 0.9, 2: 0.4, 3: 0.8 + 0.16 * 0.8 / 0.9, 4: -0.1})
    unchanged = {1: 0.5, 2: 0.4, 3: 0.8}
    boost_file_coherence(unchanged, candidates, RankingSettings(file_coherence=0.0))
    assert unchanged == {1: 0.5, 2: 0.4, 3: 0.8}
    # through rank() with the rest of the layer off: the file answering with two units passes the lone lucky unit
    dense = {1: 0.5, 2: 0.45, 3: 0.52}
    layer_off = without_layer(RankingSettings())
    assert [i for i, _ in rank("route dispatch", dense, {}, candidates, layer_off)] == [3, 1, 2]
    # best 0.52; sums: router.py 0.95 (the largest), lucky.py 0.52. 1: 0.5 + 0.2 x 0.52 = 0.604; 3: 0.52 + 0.2 x 0.52 x
    # 0.52 / 0.95 = 0.577
    ranked = rank("route dispatch", dense, {}, candidates, replace(layer_off, file_coherence=0.2))
    assert [i for i, _ in ranked] == [1, 3, 2]
    assert [score for _, score in ranked] == pytest.approx([0.5 + 0.104, 0.52 + 0.104 * 0.52 / 0.95, 0.45])


def test_boosts_are_multiples_of_1_when_no_score_is_positive():
    """A boost is a multiple of the best score, or of 1 when none is positive: a multiple of a negative best would push
    the boosted unit down, and of an empty list's 0 would leave a definition found by name with nothing."""
    candidates = {1: unit("a/caller.py", "use_config"), 2: unit("b/loader.py", "read_config")}
    scores = {1: -0.1, 2: -0.2}  # cosines of a query unlike every unit
    boost_definitions(scores, candidates, {"read_config"}, 1.0, RankingSettings(definition_boost=2.0))
    assert scores == pytest.approx({1: -0.1, 2: -0.2 + 2.0})
    scores = {}  # the definition found outside both candidate lists joins with the boost alone (x1.5: its file)
    boost_definitions(scores, {9: unit("src/read_config.py", "read_config")}, {"read_config"}, 1.0,
                      RankingSettings(definition_boost=2.0))
    assert scores == pytest.approx({9: 2.0 * 1.5})
    scores = {1: -0.3, 2: -0.2, 3: -0.4}
    boost_file_coherence(scores, {**candidates, 3: unit("a/caller.py", "more")}, RankingSettings(file_coherence=0.2))
    assert scores == {1: -0.3, 2: -0.2, 3: -0.4}  # no positive evidence in any file: nothing to share
    scores = {1: -0.1, 2: -0.2}
    boost_path_terms(scores, candidates, {"loader"}, RankingSettings(path_boost=0.4, named_file_boost=0.6))
    assert scores == pytest.approx({1: -0.1, 2: -0.2 + 1.0})  # "loader" names loader.py: x (0.4 + 0.6) x 1/1
    # the whole ranking: the definition comes first although every cosine is negative
    dense = {1: -0.05, 2: -0.3}
    assert [i for i, _ in rank("read_config", dense, {}, candidates, RankingSettings())] == [2, 1]


def test_term_coverage_lifts_the_file_that_holds_every_query_word():
    candidates = {1: unit("sessions/session.swift", "Session", text="final class Session { var data: SessionData }"),
                  2: unit("sessions/driver.swift", "SessionDriver",
                          text="protocol SessionDriver { func createSession() }\n// stores sessions"),
                  3: unit("sessions/driver.swift", "SessionDriver.delete", text="func deleteSession(_ id: ID)")}
    scores = {1: 1.0, 2: 0.8, 3: 0.9}
    terms = query_terms("session drivers for server-side session storage")
    assert stems(terms) == {"session", "driver", "server", "side", "storag"}
    boost_term_coverage(scores, candidates, terms, RankingSettings(coverage_boost=0.2))
    # best score 1. session.swift holds "session", 1 of 5 stems; driver.swift's two units hold "session" and
    # "driver" ("stores" stems to "store", not "storag"), 2 of 5, which go to its best unit (3) only
    assert scores == pytest.approx({1: 1.0 + 0.2 * 1 / 5, 2: 0.8, 3: 0.9 + 0.2 * 2 / 5})
    unchanged = {1: 1.0}
    boost_term_coverage(unchanged, candidates, terms, RankingSettings(coverage_boost=0.0))
    assert unchanged == {1: 1.0}


def test_coverage_words_and_stems_are_the_regex_split_of_each_word():
    """The coverage step's fast paths (ASCII text split by str.translate, a one-part word stemmed without the camelCase
    regex, new words stemmed in one call) give what the regex definitions give word by word."""
    import random

    from c2llm.search import ranking

    rng = random.Random(3)
    alphabet = [chr(code) for code in range(128)] + list("éßİıſ٣\u00a0\u2028") + ["HTTPServer", "Format", "x1Y2z"]
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 400))) for _ in range(300)]
    texts += ["getHTTPResponse_v2 parseJSONLines Format format FORMAT a A aB Ab", "naïve_café ABCé x٣y"]
    for text in texts:
        expected = frozenset(ranking._WORDS.findall(f"src/a_b.py {text}"))
        assert ranking._unit_words("src/a_b.py", text) == expected, text
        ranking._WORD_STEMS.clear()
        assert ranking._word_stems(expected) == {
            word: frozenset(stems(part.lower() for part in ranking._CAMEL_PART.findall(word))) for word in expected}


def test_path_priors_multiply_and_code_comes_first():
    settings = RankingSettings(test_factor=0.5, example_factor=0.4, legacy_factor=0.3, package_file_factor=0.8,
                               declaration_factor=0.9, non_code_factor=0.2)
    assert path_prior(unit("src/app.py", "f"), settings) == 1.0
    assert path_prior(unit("tests/test_app.py", "f"), settings) == 0.5
    assert path_prior(unit("examples/vendor/app.py", "f"), settings) == pytest.approx(0.4 * 0.3)
    assert path_prior(unit("pkg/__init__.py", "f"), settings) == 0.8
    assert path_prior(unit("types/index.d.ts", "f", language="typescript"), settings) == 0.9
    assert path_prior(unit("README.md", "README.md:1-5", "window", language="markdown"), settings) == 0.2
    # test-file names in any language; a name that only contains "test" is not one
    assert path_prior(unit("lib/test_helpers.sh", "f", language="bash"), settings) == 0.5
    assert path_prior(unit("pkg/parser_test.go", "f", language="go"), settings) == 0.5
    assert path_prior(unit("src/latest_version.py", "f"), settings) == 1.0
    # no layout of one project: docs_src/ is ordinary code, docs/ is documentation's examples
    assert path_prior(unit("docs_src/app.py", "f"), settings) == 1.0
    assert path_prior(unit("docs/app.py", "f"), settings) == 0.4


def test_saturation_lets_a_second_file_into_the_top():
    candidates = {1: unit("a.py", "f1"), 2: unit("a.py", "f2"), 3: unit("a.py", "f3"), 4: unit("b.py", "g")}
    scores = {1: 1.0, 2: 0.9, 3: 0.8, 4: 0.5}
    assert [i for i, _ in select_top(scores, candidates, 2, RankingSettings(file_decay=0.5))] == [1, 4]
    assert [i for i, _ in select_top(scores, candidates, 2, RankingSettings(file_decay=1.0))] == [1, 2]


def test_the_definition_of_a_symbol_wins_even_from_outside_both_candidate_lists():
    users = {i: unit(f"handlers/h{i}.py", f"use_{i}", text=f"def use_{i}():\n    JsonFormatter()") for i in (1, 2, 3)}
    definition = unit("formatters/json_formatter.py", "JsonFormatter", "class",
                      text="class JsonFormatter:\n    pass")
    candidates = {**users, 9: definition}
    dense = {1: 0.9, 2: 0.8, 3: 0.7}
    keyword = {1: 3.0, 2: 2.0, 3: 1.0}
    ranked = rank("JsonFormatter", dense, keyword, candidates, RankingSettings())
    assert ranked[0][0] == 9
    plain = rank("JsonFormatter", dense, keyword, candidates, without_layer(RankingSettings()))
    assert [i for i, _ in plain] == [1, 2, 3]  # without the layer the definition never enters


def test_the_units_profile_keeps_symbol_definitions_and_drops_file_level_steps():
    candidates = {1: unit("a/caller.py", "load_all", text="def load_all():\n    read_config()"),
                  2: unit("a/caller.py", "load_more", text="def load_more():\n    read_config()"),
                  3: unit("b/config.py", "read_config", text="def read_config():\n    pass")}
    dense, keyword = {1: 0.9, 2: 0.85, 3: 0.6}, {}
    files, units = ranking_profile("files"), ranking_profile("units")
    sentence = "load everything that read_config returns"
    # files: the identifier in the sentence and the file-level steps lift the definition and push the same file down
    assert [i for i, _ in rank(sentence, dense, keyword, candidates, files)] == [3, 1, 2]
    # units: a docstring's identifiers name callees as often as targets: the two callers keep their order
    assert [i for i, _ in rank(sentence, dense, keyword, candidates, units)] == [1, 2, 3]
    # a bare symbol is still answered by its definition
    assert rank("read_config", dense, keyword, candidates, units)[0][0] == 3
    with pytest.raises(ValueError, match=r"^unknown ranking profile 'pages'; expected one of auto, files, units$"):
        ranking_profile("pages")


def test_auto_ranks_a_description_unit_level_and_other_text_file_level():
    # two good functions of one file, then a weaker one elsewhere
    candidates = {1: unit("a/io.py", "read_rows"), 2: unit("a/io.py", "read_jsonl"), 3: unit("b/util.py", "helper")}
    dense, keyword = {1: 0.9, 2: 0.88, 3: 0.5}, {}
    auto, files = ranking_profile("auto"), ranking_profile("files")
    description, phrase = "read a jsonl file", "jsonl file reading"
    assert (query_kind(description), query_kind(phrase)) == ("description", "text")
    # a description: every good unit, the sibling included (no saturation), scored as the units profile scores it
    assert rank(description, dense, keyword, candidates, auto) == rank(
        description, dense, keyword, candidates, ranking_profile("units"))
    assert [i for i, _ in rank(description, dense, keyword, candidates, auto)] == [1, 2, 3]
    # other text, and a description under the files profile: one unit per file first
    assert [i for i, _ in rank(phrase, dense, keyword, candidates, auto)] == [1, 3, 2]
    assert [i for i, _ in rank(description, dense, keyword, candidates, files)] == [1, 3, 2]


def test_without_the_layer_rank_is_the_fusion_sorted():
    candidates = {1: unit("tests/test_a.py", "a"), 2: unit("b.py", "b"), 3: unit("b.py", "c")}
    dense, keyword = {1: 0.9, 2: 0.5, 3: 0.4}, {2: 4.0, 3: 1.0}
    settings = without_layer(RankingSettings(keyword_weight=0.25))
    fused = fuse(dense, keyword, settings)
    assert fused == pytest.approx({1: 0.9, 2: 0.75, 3: 0.4625})
    ranked = rank("a query about things", dense, keyword, candidates, settings)
    assert [i for i, _ in ranked] == [1, 2, 3]
    assert [score for _, score in ranked] == pytest.approx([0.9, 0.75, 0.4625])


def test_compound_identifiers_are_keyword_terms_whole_and_in_parts():
    assert search_words("def parseHTTPResponse(raw_bytes): pass") == [
        "def", "parse", "http", "response", "raw", "bytes", "pass", "parsehttpresponse", "rawbytes"]


def test_definitions_by_name_put_the_file_named_after_them_first(tmp_path):
    store = Store(tmp_path / "index.db")
    units = [unit("ext/Application+Servers.swift", "Application", "class", language="swift"),
             unit("Application.swift", "Application", "class", language="swift"),
             unit("x/app.py", "app.Application.run", "method"),
             unit("x/other.py", "application", "function"),
             Unit("x/w.py", 1, 2, "python", "x/w.py:1-2", "window", "Application = 1")]
    with store.transaction():
        store.replace_file("all", 1, 1, "h", units, ["k0", "k1", "k2", "k3", "k4"])
    found = store.defining({"Application"}, 10)
    paths = store.paths(found)
    assert [paths[i] for i in found] == ["Application.swift", "ext/Application+Servers.swift"]  # case-sensitive
    assert [store.paths([i])[i] for i in store.defining({"run"}, 10)] == ["x/app.py"]
    assert store.defining({"Application"}, 1) == found[:1]
    store.close()


@pytest.mark.parametrize("query", ["HTTPAdapter.", "read_config.", "Parse."])
def test_one_word_is_never_a_description(query):
    assert query_kind(query) == "text"


def test_long_runs_are_split_but_not_kept_in_the_word_caches():
    """Words are split once and cached, but a long run (base64, minified code) is split each time: a long-lived
    process (the MCP server) would otherwise keep every blob it indexed."""
    from c2llm import bm25
    from c2llm.search import store

    blob = "Ab" * 40 + "_" + "Cd" * 40  # one identifier of two long runs
    sizes = (bm25._cached_parts.cache_info().currsize, store._cached_compound.cache_info().currsize)
    assert search_words(blob) == [*(["ab"] * 40), *(["cd"] * 40), "ab" * 40 + "cd" * 40]
    assert (bm25._cached_parts.cache_info().currsize, store._cached_compound.cache_info().currsize) == sizes
    assert search_words("zqxCachedWord") == ["zqx", "cached", "word", "zqxcachedword"]  # short ones are cached
    assert bm25._cached_parts.cache_info().currsize == sizes[0] + 1
    from c2llm.search import ranking

    assert ranking._word_stems([blob.replace("_", ""), "zqxCachedWord"]) == {
        blob.replace("_", ""): {"ab", "cd"}, "zqxCachedWord": {"zqx", "cach", "word"}}
    assert blob.replace("_", "") not in ranking._WORD_STEMS and "zqxCachedWord" in ranking._WORD_STEMS
