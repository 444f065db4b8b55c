"""docs/search.md's quality tables are the tracked results files of ``python -m c2llm.bench.search quality``."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from c2llm.search.ranking import RankingSettings, ranking_profile
from tests.conftest import doc_table

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
MINILM_ROWS = {"keyword (FTS5 BM25, common words pruned)": "keyword", "dense (MiniLM, cosine)": "dense",
               "hybrid, files profile (`c2llm search` default)": "hybrid",
               "hybrid, units profile (RAG default, `--ranking units`)": "hybrid, units profile",
               "hybrid without the ranking layer": "hybrid, no ranking layer",
               "hybrid + same-file decay 0.9": "hybrid, with same-file decay 0.9",
               "hybrid as RRF, keyword weight 1, no layer": "hybrid, rrf (keyword weight 1)"}
DEMO_ROWS = {"keyword (FTS5 BM25, common words pruned)": "keyword", "dense (demo model, cosine)": "dense",
             "hybrid, files profile (as chosen with MiniLM)": "hybrid", "hybrid, units profile": "hybrid, units profile",
             "hybrid as RRF, keyword weight 1, no layer": "hybrid, rrf (keyword weight 1)"}


def table(header_start: str) -> list[list[str]]:
    """The cells of the docs/search.md table under the header line starting with ``header_start``."""
    return doc_table(ROOT / "docs" / "search.md", header_start)


def results(name: str) -> dict:
    return json.loads((RESULTS / f"search_quality_{name}.json").read_text())


def cells(dev: dict, test: dict, key: str) -> list[str]:
    return [f"{split['results'][key][metric]:.3f}" for split in (dev, test) for metric in ("ndcg@10", "recall@10")]


def test_quality_tables_are_the_results_files():
    dev, test = results("dev"), results("test")
    rows = table("| ranking | dev nDCG@10")
    assert [row[0] for row in rows] == list(MINILM_ROWS)
    for label, *numbers in rows:
        assert numbers == cells(dev, test, MINILM_ROWS[label]), label
    demo_dev, demo_test = results("dev_c2llm_demo"), results("test_c2llm_demo")
    assert demo_dev["model"] == demo_test["model"] == "outputs/c2llm-demo/model"
    rows = table("| ranking (demo model) |")
    assert [row[0] for row in rows] == list(DEMO_ROWS)
    for label, *numbers in rows:
        assert numbers == cells(demo_dev, demo_test, DEMO_ROWS[label]), label
    rows = table("| share of units above which")
    assert len(rows) == len(dev["keyword_pruning"]) == len(test["keyword_pruning"])
    for row, on_dev, on_test in zip(rows, dev["keyword_pruning"], test["keyword_pruning"]):
        share = on_dev["keyword_max_share"]
        assert row[0].split()[0] == f"{share:g}" and on_test["keyword_max_share"] == share
        assert row[1:] == [f"{side[mode]['ndcg@10']:.3f}" for side in (on_dev, on_test) for mode in ("keyword", "hybrid")]
    # the defaults the tables describe are the code's
    default = RankingSettings()
    for split in (dev, test, demo_dev, demo_test):
        assert split["default_ranking"] == asdict(default)
    assert (default.keyword_weight, default.test_factor, default.keyword_max_share) == (0.3, 0.7, 0.3)
    # the units profile is the dev split's best of its grid, and what the table's units row measured
    best = dev["units_grid"][0]
    assert {key: best[key] for key in asdict(default)} == asdict(ranking_profile("units"))
    assert dev["results"]["hybrid, units profile"] == {key: best[key] for key in ("ndcg@10", "recall@10")}


def test_results_name_models_without_machine_paths():
    for path in RESULTS.glob("search_*.json"):
        assert not json.loads(path.read_text())["model"].startswith("/"), path


def test_pruning_latency_table_is_the_results_file():
    latency = json.loads((RESULTS / "search_pruning.json").read_text())["latency"]
    rows = table("| units | mode | p50 without pruning")
    assert len(rows) == 4
    for units, mode, *numbers in rows:
        runs = latency[f"{units.replace(',', '')}_units"]
        expected = [f"{runs[f'keyword_max_share={share}'][mode][p]:.1f} ms" for share in (1.0, 0.1)
                    for p in ("p50_ms", "p95_ms")]
        assert numbers == expected, (units, mode)


def test_int8_table_is_the_results_files():
    rows = table("| split | mode | nDCG@10 float32")
    assert len(rows) == 4
    for split, mode, *numbers in rows:
        result = json.loads((RESULTS / f"search_int8_{split}.json").read_text())[mode]
        assert numbers == [f"{result['float32']['ndcg@10']:.3f}", f"{result['int8']['ndcg@10']:.3f}",
                           f"{100 * result['same_top10_set']:.1f}%", f"{100 * result['same_top10_order']:.1f}%"]
        # the int8 run's float32 side is the quality benchmark's own run
        quality = results(split)["results"][mode]
        assert result["float32"] == quality


def test_semble_dev_tables_are_the_results_files():
    """The development-split tables (per language, ablation) and headline are the tracked reports of
    ``python -m c2llm.bench.semble_dev run/ablate/speed``, made with the code's default ranking."""
    run = json.loads((RESULTS / "semble_dev_hybrid.json").read_text())
    ablation = json.loads((RESULTS / "semble_dev_ablation.json").read_text())
    speed = json.loads((RESULTS / "semble_dev_speed.json").read_text())
    rows = table("| language | repositories | c2llm hybrid | semble (published) |")
    assert rows == [[language, str(v["repos"]), f"{v['ndcg10']:.3f}", f"{v['published']['semble-hybrid']:.3f}"]
                    for language, v in run["by_language"].items()]
    rows = table("| ranking | NDCG@10 |")
    assert rows == [[name, f"{v['ndcg10']:.3f}"] for name, v in ablation["results"].items()]
    assert ablation["default_ranking"] == asdict(RankingSettings())
    assert ablation["results"]["hybrid, default"]["ndcg10"] == run["mean"]["ndcg10"]  # one ranking, two commands
    text = (ROOT / "docs" / "search.md").read_text()
    assert (f"c2llm hybrid {run['mean']['ndcg10']:.4f} against semble's published "
            f"{run['mean']['published']['semble-hybrid']:.4f}") in " ".join(text.split())
    assert f"**{speed['speedup_per_unit']}x per unit**" in text


def test_semble_dev_halves_table_is_the_results_file():
    """The split-half check of the new ranking steps and the per-repository comparison with the previous release are
    ``python -m c2llm.bench.semble_dev halves``'s report, made with the code's default ranking."""
    report = json.loads((RESULTS / "semble_dev_halves.json").read_text())
    run = json.loads((RESULTS / "semble_dev_hybrid.json").read_text())
    assert report["default_ranking"] == asdict(RankingSettings())
    assert {key: getattr(RankingSettings(), key) for key in report["grid"]} != report["previous_release"]
    rows = table("| tuned on | chosen there")
    assert rows == [[f"{len(r['tuned_on'])} repositories ({r['tuned_on'][0]}, {r['tuned_on'][1]}, ...)",
                     " / ".join(f"{r['chosen'][key]:g}" for key in report["grid"]), f"{r['tuned_ndcg10']:.4f}",
                     *(f"{r['judged_ndcg10'][name]:.4f}" for name in ("chosen", "default", "previous release"))]
                    for r in report["rounds"]]
    repos = report["repos"]
    assert sorted(repos) == sorted(run["repos"])
    for name, scores in repos.items():  # the report's default is the run's ranking, repository by repository
        assert scores["default"] == pytest.approx(run["repos"][name]["ndcg10"], abs=1e-4)
    change = {name: scores["default"] - scores["previous release"] for name, scores in repos.items()}
    worst = min(change, key=change.get)
    counts = (sum(v > 0 for v in change.values()), sum(v < 0 for v in change.values()),
              sum(v == 0 for v in change.values()))
    text = " ".join((ROOT / "docs" / "search.md").read_text().split())
    previous = sum(scores["previous release"] for scores in repos.values()) / len(repos)
    assert (f"Against the previous release ({previous:.4f}), {counts[0]} repositories gained, {counts[1]} lost "
            f"({worst} most, {change[worst]:+.3f}) and {counts[2]} did not move") in text


def test_rag_doc_quotes_the_profiles_measured():
    dev, test = results("dev"), results("test")
    text = " ".join((ROOT / "docs" / "rag.md").read_text().split())
    units = [f"{split['results']['hybrid, units profile']['ndcg@10']:.3f}" for split in (dev, test)]
    files = [f"{split['results']['hybrid']['ndcg@10']:.3f}" for split in (dev, test)]
    assert f"nDCG@10 {units[0]} / {units[1]} (dev / test) against {files[0]} / {files[1]}" in text
