"""docs/search.md's quality tables are the tracked results files of ``python -m bench.search quality``."""

from __future__ import annotations

import json
import statistics
from dataclasses import asdict
from pathlib import Path

import pytest

from c2llm.search.ranking import RankingSettings, ranking_profile
from tests.conftest import doc_table

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
MINILM_ROWS = {"keyword (FTS5 BM25, common words pruned)": "keyword", "dense (MiniLM, cosine)": "dense",
               "hybrid, default (`auto`: a description ranked as `units`)": "hybrid",
               "hybrid, files profile (`--ranking files`)": "hybrid, files profile",
               "hybrid, units profile (RAG default, `--ranking units`)": "hybrid, units profile",
               "hybrid without the ranking layer": "hybrid, no ranking layer",
               "hybrid, files profile + same-file decay 0.9": "hybrid, files profile with same-file decay 0.9",
               "hybrid as RRF, keyword weight 1, no layer": "hybrid, rrf (keyword weight 1)"}
DEMO_ROWS = {"keyword (FTS5 BM25, common words pruned)": "keyword", "dense (demo model, cosine)": "dense",
             "hybrid, default (`auto`)": "hybrid",
             "hybrid, files profile (as chosen with MiniLM)": "hybrid, files profile",
             "hybrid, units profile": "hybrid, units profile",
             "hybrid as RRF, keyword weight 1, no layer": "hybrid, rrf (keyword weight 1)"}

STATIC_ROWS = {"keyword (FTS5 BM25, common words pruned)": "keyword", "dense (static model, cosine)": "dense",
               "hybrid, default (`auto`)": "hybrid", "hybrid, files profile": "hybrid, files profile",
               "hybrid, units profile": "hybrid, units profile",
               "hybrid without the ranking layer": "hybrid, no ranking layer"}

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
    # the default (auto) is not below dense alone on either split: one default for both kinds of question
    for split in (dev, test):
        assert split["results"]["hybrid"]["ndcg@10"] >= split["results"]["dense"]["ndcg@10"]
    demo_dev, demo_test = results("dev_c2llm_demo"), results("test_c2llm_demo")
    assert demo_dev["model"] == demo_test["model"] == "outputs/c2llm-demo/model"
    rows = table("| ranking (demo model) |")
    assert [row[0] for row in rows] == list(DEMO_ROWS)
    for label, *numbers in rows:
        assert numbers == cells(demo_dev, demo_test, DEMO_ROWS[label]), label
    static_dev, static_test = results("dev_static"), results("test_static")
    rows = table("| ranking (static model) |")
    assert [row[0] for row in rows] == list(STATIC_ROWS)
    for label, *numbers in rows:
        assert numbers == cells(static_dev, static_test, STATIC_ROWS[label]), label
    for split in (static_dev, static_test):  # the default index model: the default not below its dense side either
        assert split["results"]["hybrid"]["ndcg@10"] >= split["results"]["dense"]["ndcg@10"]
    rows = table("| share of units above which")
    assert len(rows) == len(dev["keyword_pruning"]) == len(test["keyword_pruning"])
    for row, on_dev, on_test in zip(rows, dev["keyword_pruning"], test["keyword_pruning"]):
        share = on_dev["keyword_max_share"]
        assert row[0].split()[0] == f"{share:g}" and on_test["keyword_max_share"] == share
        assert row[1:] == [f"{side[mode]['ndcg@10']:.3f}" for side in (on_dev, on_test) for mode in ("keyword", "hybrid")]
    # the defaults the tables describe are the code's
    default = RankingSettings()
    for split in (dev, test, demo_dev, demo_test, static_dev, static_test):
        assert split["default_ranking"] == asdict(default)
    assert (default.keyword_weight, default.test_factor, default.keyword_max_share) == (0.3, 0.7, 0.3)
    # the units profile is the dev split's best of its grid, and what the table's units row measured
    best = dev["units_grid"][0]  # the grid ranks every query as set (the auto rule off): the same for the profile
    assert {key: best[key] for key in asdict(default) if key != "unit_level_descriptions"} == {
        key: value for key, value in asdict(ranking_profile("units")).items() if key != "unit_level_descriptions"}
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
    ``python -m bench.semble_dev run/ablate/speed``, made with the code's default ranking."""
    run = json.loads((RESULTS / "semble_dev_hybrid.json").read_text())
    ablation = json.loads((RESULTS / "semble_dev_ablation.json").read_text())
    speed = json.loads((RESULTS / "semble_dev_speed.json").read_text())
    rows = table("| ranking | NDCG@10 |")
    assert rows == [[name, f"{v['ndcg10']:.3f}"] for name, v in ablation["results"].items()]
    assert ablation["default_ranking"] == asdict(RankingSettings())
    assert ablation["results"]["hybrid, default"]["ndcg10"] == run["mean"]["ndcg10"]  # one ranking, two commands
    text = (ROOT / "docs" / "search.md").read_text()
    assert (f"on them the default hybrid scores {run['mean']['ndcg10']:.4f} with the shipped model, a tuned figure"
            in " ".join(text.split()))
    assert f"**{speed['speedup_per_unit']}x per unit**" in text
    units = sum(row["index"]["units"] for row in run["repos"].values())
    seconds = sum(row["index"]["seconds"] for row in run["repos"].values())
    assert (f"The 37 development roots ({units:,} units) indexed in {seconds:.0f} s in all in this release's run "
            f"(`semble_dev_hybrid.json`; {units / seconds:,.0f} units/s") in " ".join(text.split())


def test_semble_dev_cross_validation_and_side_by_side_are_the_results_files():
    """The out-of-fold figure, the per-fold table, semble run side by side (per language, and its first answers) and
    the README's sentence are ``python -m bench.semble_dev cv / side-by-side``'s tracked reports; the
    side-by-side's c2llm column is the default ranking's run, and cv's semble column is the side-by-side's."""
    cv = json.loads((RESULTS / "semble_dev_cv.json").read_text())
    sbs = json.loads((RESULTS / "semble_dev_side_by_side.json").read_text())
    run = json.loads((RESULTS / "semble_dev_hybrid.json").read_text())
    for name, row in sbs["repos"].items():
        assert row["c2llm"] == pytest.approx(run["repos"][name]["ndcg10"], abs=1e-4), name
    for fold in cv["folds"]:
        live = statistics.fmean(sbs["repos"][name]["semble"] for name in fold["held_out"])
        assert fold["held_out_ndcg10"]["semble live"] == pytest.approx(live, abs=1e-4)
    assert sorted(cv["out_of_fold"]["repos"]) == sorted(run["repos"])
    keys = ("keyword_weight", "definition_boost", "path_boost", "named_file_boost", "file_coherence",
            "coverage_boost", "file_decay")
    rows = table("| fold | held out |")
    assert rows == [[str(number), ", ".join(f["held_out"]), " / ".join(format(f["chosen"][k], "g") for k in keys),
                     f"{f['training_ndcg10']:.4f}", *(f"{f['held_out_ndcg10'][name]:.4f}" for name in
                                                      ("chosen", "semble live", "semble published"))]
                    for number, f in enumerate(cv["folds"], start=1)]
    rows = table("| language | repositories | c2llm hybrid | semble 0.7.0, same model |")
    assert rows == [[language, str(v["repos"]), f"{run['by_language'][language]['ndcg10']:.3f}",
                     f"{v['semble']:.3f}", f"{v['semble_published']:.3f}"] for language, v in sbs["by_language"].items()]
    rows = table("| repository | c2llm first answer |")
    assert rows == [[name, *(f"{r[tool][key]:.2f}" for key in ("first_answer_seconds", "one_shot_seconds_median")
                             for tool in ("c2llm", "semble"))] for name, r in sbs["first_answer"].items()]
    oof = cv["out_of_fold"]
    text = " ".join((ROOT / "docs" / "search.md").read_text().split())
    assert (f"**Out of fold: {oof['ndcg10']:.4f}**, against **{oof['semble_live']:.4f} for semble 0.7.0 run side by "
            "side**") in text
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert (f"out of fold {oof['ndcg10']:.4f} against {oof['semble_live']:.4f} for semble 0.7.0 run side by side "
            f"with the same static model") in readme


def test_rag_doc_quotes_the_profiles_measured():
    dev, test = results("dev"), results("test")
    text = " ".join((ROOT / "docs" / "rag.md").read_text().split())
    units = [f"{split['results']['hybrid, units profile']['ndcg@10']:.3f}" for split in (dev, test)]
    files = [f"{split['results']['hybrid, files profile']['ndcg@10']:.3f}" for split in (dev, test)]
    auto = [f"{split['results']['hybrid']['ndcg@10']:.3f}" for split in (dev, test)]
    assert (f"nDCG@10 {units[0]} / {units[1]} (dev / test) against {files[0]} / {files[1]} for the `files` profile "
            f"and {auto[0]} / {auto[1]} for `c2llm search`'s default `auto`") in text


def test_readme_quotes_the_one_function_and_first_answer_figures():
    dev, test = results("dev"), results("test")
    sbs = json.loads((RESULTS / "semble_dev_side_by_side.json").read_text())
    speed = json.loads((RESULTS / "semble_dev_speed.json").read_text())
    readme = " ".join((ROOT / "README.md").read_text().split())
    hybrid, dense = ([f"{split['results'][key]['ndcg@10']:.3f}" for split in (dev, test)]
                     for key in ("hybrid", "dense"))
    assert (f"the default ranks {hybrid[0]} / {hybrid[1]} nDCG@10 (dev / test packages) against {dense[0]} / "
            f"{dense[1]} for dense search alone") in readme
    first, later = ({tool: statistics.median(row[tool][key] for row in sbs["first_answer"].values())
                     for tool in ("c2llm", "semble")} for key in ("first_answer_seconds", "one_shot_seconds_median"))
    assert (f"a first answer in an unindexed repository takes one command and {first['c2llm']:.2f} s median against "
            f"semble's {first['semble']:.2f} s on {len(sbs['first_answer'])} repositories, and a later one-shot search "
            f"{later['c2llm']:.2f} s against {later['semble']:.2f} s") in readme
    text = " ".join((ROOT / "docs" / "search.md").read_text().split())
    worst = max(row["c2llm"]["one_shot_seconds_median"] for row in sbs["first_answer"].values())
    wins = [sum(row["c2llm"][key] < row["semble"][key] for row in sbs["first_answer"].values())
            for key in ("first_answer_seconds", "one_shot_seconds_median")]
    assert (f"c2llm answers first on {wins[0]} of the {len(sbs['first_answer'])} repositories and searches again "
            f"faster on {wins[1]}:") in text
    assert (f"median of {sbs['one_shot_repeats']} later one-shot searches" in text
            and f"median **first answer c2llm {first['c2llm']:.2f} s, semble {first['semble']:.2f} s**, and median "
                f"**one-shot c2llm {later['c2llm']:.2f} s ({worst:.2f} s at most), semble {later['semble']:.2f} s**"
            in text)
    static = speed["index"]["static (default)"]["units_per_second"]
    assert f"Indexing runs at {static:,} units/s ({speed['speedup_per_unit']}x all-MiniLM-L6-v2 per unit" in readme


MODEL_LABELS = {"distilled": "all-MiniLM-L6-v2 distilled (previous default)",
                "code": "trained on code (default)"}
QUALITY_ROWS = {"dense": "dense", "hybrid, default": "hybrid", "hybrid, units profile": "hybrid, units profile"}


def test_the_vocabulary_growth_that_lost_is_quoted_from_its_reports():
    """docs/search.md's tried-and-dropped larger vocabulary: its build record and its cv report."""
    build = json.loads((RESULTS / "static_model_build_vocab25k.json").read_text())
    cv = json.loads((RESULTS / "semble_dev_cv_vocab25k.json").read_text())
    shipped = json.loads((RESULTS / "semble_dev_cv.json").read_text())
    text = " ".join((ROOT / "docs" / "search.md").read_text().split())
    assert build["vocab_size"] == 25000 and Path(cv["model"]).name == build["model"]
    assert (f"--vocab-size {build['vocab_size']} --out-dir DIR` adds the corpus's most frequent words to the "
            f"vocabulary ({build['vocabulary']:,} tokens, {build['model_bytes'] / 1e6:.1f} MB;") in text
    assert (f"It scores {cv['out_of_fold']['ndcg10']:.4f} out of fold and "
            f"{cv['out_of_fold']['shipped_default_in_sample']:.4f} in sample") in text
    ours = shipped["out_of_fold"]
    assert (f"against {ours['ndcg10']:.4f} and {ours['shipped_default_in_sample']:.4f} for the shipped model: lower in "
            "each of the 5 folds") in text
    for fold, shipped_fold in zip(cv["folds"], shipped["folds"], strict=True):
        assert fold["held_out"] == shipped_fold["held_out"]
        assert fold["held_out_ndcg10"]["chosen"] < shipped_fold["held_out_ndcg10"]["chosen"]


def test_the_default_model_section_is_the_results_files():
    """docs/search.md's "The default model" figures: the manifest, the build's record, `semble_dev models` (from
    each model's cv and side-by-side reports, themselves checked above for the default) and `bench.search quality`
    with each model; the shipped model is the one measured."""
    from c2llm.search.encoder import SHIPPED_STATIC_MODEL, default_index_model

    manifest = json.loads((ROOT / "staticmodel" / "manifest.json").read_text())
    build = json.loads((RESULTS / "static_model_build.json").read_text())
    models = json.loads((RESULTS / "semble_dev_models.json").read_text())["models"]
    text = " ".join((ROOT / "docs" / "search.md").read_text().split())
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert build["model"] == SHIPPED_STATIC_MODEL and build["corpus_sha256"] == manifest["corpus"]["sha256"]
    assert f"the **shipped static model** `{SHIPPED_STATIC_MODEL}`" in text
    assert f"each of {manifest['corpus']['units']:,} code units" in text
    assert f"{len(manifest['packages'])} packages pinned in `staticmodel/packages.json`" in text
    assert f"trained on the code of {len(manifest['packages'])} permissively licensed packages" in readme
    languages = ", ".join(f"{name} {count:,}" for name, count in manifest["units_per_language"].items())
    assert f"Per language: {languages}." in text
    assert (f"teacher encoding {build['teacher_encoding_s']:,.0f} s and training {build['training_s']:,.0f} s on 2 CPU "
            f"cores. The folder is {build['model_bytes'] / 1e6:.1f} MB") in text
    assert f"shipped in the package ({build['model_bytes'] / 1e6:.1f} MB)" in readme
    # the reports compare the shipped model with the previous default, each with its own cv and side-by-side
    assert Path(models["code"]["model"]).name == Path(default_index_model()).name
    assert "all-MiniLM-L6-v2-static256-" in models["distilled"]["model"]  # bench/distilled.py's folder
    cv = json.loads((RESULTS / "semble_dev_cv.json").read_text())
    assert models["code"]["cv"] == "bench/results/semble_dev_cv.json"
    assert models["code"]["mean"]["c2llm_out_of_fold"] == cv["out_of_fold"]["ndcg10"]
    rows = table("| model | c2llm out of fold |")
    assert rows == [[MODEL_LABELS[label], f"{m['mean']['c2llm_out_of_fold']:.4f}", f"{m['mean']['c2llm_in_sample']:.4f}",
                     f"{m['mean']['semble']:.4f}",
                     f"{sum(v['ahead'] for v in m['by_language'].values())} of {len(m['by_language'])}"]
                    for label, m in models.items()]
    difference = models["code"]["out_of_fold_difference"]
    assert difference["from"] == "distilled" and difference["repos"] == len(cv["out_of_fold"]["repos"])
    low, high = difference["ci95"]
    assert (f"over the distilled one out of fold is {difference['mean']:+.4f}, and its 95% bootstrap interval is "
            f"[{low:+.4f}, {high:+.4f}] (`out_of_fold_difference` in `semble_dev_models.json`: "
            f"{difference['resamples']:,} resamples of the {difference['repos']} repositories)") in text
    rows = table("| language | repositories | distilled: c2llm |")
    assert rows == [[language, str(v["repos"]), *(f"{models[label]['by_language'][language][key]:.3f}"
                                                   for label in ("distilled", "code") for key in
                                                   ("c2llm_out_of_fold", "semble"))]
                    for language, v in models["code"]["by_language"].items()]
    quality = {label: [json.loads((RESULTS / f"search_quality_{split}_{name}.json").read_text())
                       for split in ("dev", "test")] for label, name in (("distilled", "distilled"),
                                                                          ("code", "static"))}
    assert Path(quality["code"][0]["model"]).name == SHIPPED_STATIC_MODEL
    dense = {label: " / ".join(f"{split['results']['dense']['ndcg@10']:.3f}" for split in quality[label])
             for label in quality}
    assert (f"dense side went from {dense['distilled']} (the distilled previous default, "
            f"`search_quality_{{dev,test}}_distilled.json`) to {dense['code']}") in text
    rows = table("| model | dense, dev | dense, test |")
    assert rows == [[MODEL_LABELS[label], *(f"{split['results'][key]['ndcg@10']:.3f}" for key in QUALITY_ROWS.values()
                                            for split in quality[label])] for label in ("distilled", "code")]
