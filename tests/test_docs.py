"""The docs cannot drift from the code: every command they show parses with the real parser, every subcommand's help
shows examples, and every number README.md quotes equals the tracked results file that the command wrote."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from c2llm import cli
from c2llm.cli import flags
from tests.conftest import doc_table

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def documented_commands() -> list[tuple[str, str]]:
    """(file, command) for every `c2llm ...` or `python train_sentence_transformers.py ...` line in a bash block."""
    found = []
    for path in DOCS:
        for block in re.findall(r"```bash\n(.*?)```", path.read_text(), flags=re.S):
            lines = block.replace("\\\n", " ").splitlines()
            for line in lines:
                line = line.split(" #")[0].strip()
                if line.startswith(("c2llm ", "python train_sentence_transformers.py")) or line == "c2llm":
                    found.append((path.name, line))
    return found


def test_the_docs_show_commands():
    commands = {command.split()[1] for _, command in documented_commands() if command.startswith("c2llm ")}
    assert {"train", "mine", "negatives", "evaluate", "verify", "export", "convert"} <= commands


@pytest.mark.parametrize(("doc", "command"), documented_commands())
def test_documented_command_parses(doc, command, monkeypatch):
    # Folders named in examples do not exist here: accept any path, check everything else the parser checks.
    for module in vars(cli).values():
        for name in ("existing_dir", "existing_file", "existing_path"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, Path)
    argv = shlex.split(command.replace("~", "/home/user"))
    argv = ["train", *argv[2:]] if argv[0] == "python" else argv[1:]
    try:
        args = cli.build_parser().parse_args(argv)
    except SystemExit as error:
        assert error.code == 0 and "--help" in argv, f"{doc}: `{command}` does not parse (exit {error.code})"
        return
    assert callable(args.run)


def subcommands() -> list[list[str]]:
    parser = cli.build_parser()
    (action,) = [a for a in parser._actions if a.dest == "command"]
    names = []
    for name, sub in action.choices.items():
        nested = [a for a in sub._actions if a.dest == "command" or getattr(a, "choices", None) and a.nargs == "A..."]
        names.extend([[name, child] for child in nested[0].choices] if nested else [[name]])
    return names


@pytest.mark.parametrize("argv", subcommands(), ids=" ".join)
def test_every_subcommand_help_shows_examples(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main([*argv, "--help"])
    assert exit_info.value.code == 0
    help_text = capsys.readouterr().out
    examples = help_text.split("examples:\n", 1)[1].splitlines()
    assert examples and all(line.strip().startswith(("c2llm", "torchrun", "python")) for line in examples
                            if line.startswith("  ") and not line.startswith("      "))


def test_an_unknown_flag_is_one_error_line_with_exit_code_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["verify", "--model", "x", "--bogus"])
    assert exit_info.value.code == flags.EXIT_USAGE
    assert capsys.readouterr().err == "error: unrecognized arguments: --bogus\n"


# ------------------------------------------------------------------------------ numbers quoted in README.md


def _readme_row(label: str) -> list[str]:
    (line,) = [line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith(f"| {label}")]
    return [cell.strip().strip("*") for cell in line.strip("|").split("|")]


def test_readme_demo_table_is_the_tracked_results_file():
    results = json.loads((ROOT / "docs" / "results" / "demo.json").read_text())
    assert results["command"] == "c2llm train --out docs/results/demo.json"
    for label, key in (("C2LLM demo, untrained", "before"), ("C2LLM demo, trained", "after"), ("BM25", "bm25")):
        cells = _readme_row(label)
        expected = [f"{100 * results[key][metric]:.2f}" for metric in ("ndcg_at_10", "mrr_at_10", "recall_at_10")]
        assert cells[1:] == expected, label
    assert f"the commit it ran at,\n{results['code']['commit'][:7]}:" in (ROOT / "README.md").read_text()
    label = _readme_row("C2LLM demo, trained")[0]
    assert f"{results['global_steps']} steps, {results['train_seconds']:.0f} s of training" in label
    minutes, seconds = divmod(round(results["total_seconds"]), 60)
    assert f"The whole command took {minutes} min {seconds} s" in (ROOT / "README.md").read_text()


def test_readme_benchmark_figures_are_the_tracked_results_files():
    readme = " ".join((ROOT / "README.md").read_text().split())
    encode = json.loads((ROOT / "bench" / "results" / "encode_throughput.json").read_text())
    (run,) = [r for r in encode["results"] if (r["shape"], r["dtype"]) == ("0.5b", "bf16")]
    peak = {row["variant"]: row["peak_fraction"] for row in run["rows"]}
    assert f"(ratio {run['ratios']['pma_vs_st-lasttoken']:.3f})" in readme
    assert f"was {run['ratios']['default_vs_pma+budget']:.2f}x faster than fixed batches of 32" in readme
    assert f"reached {100 * peak['pma+budget']:.1f}% of the machine's measured matmul peak" in readme
    assert f"({100 * peak['pma']:.1f}% with fixed batches)" in readme
    train = json.loads((ROOT / "bench" / "results" / "train_throughput_pma.json").read_text())
    (ratio,) = [row[2] for row in train["comparisons"] if row[1].startswith("PMA / stock lasttoken tokens/s")]
    assert f"PMA trained at {float(ratio):.2f}x the throughput" in readme


# ---------------------------------------------------------------------- numbers quoted in docs/*.md


@pytest.mark.parametrize("folder, min_tables", [
    ("ablation", 3), ("ablation/steps-150", 2), ("ablation/official-init-steps30", 2),
    ("ablation/official-init-steps30-lr1e-2", 2), ("ablation/official-init-steps150", 2),
    ("ablation/causal-steps30", 2), ("ablation/causal-steps150", 2), ("ablation/causal-all-layers-steps150", 2),
    ("ablation/causal-steps30-official-head", 2), ("ablation/causal-steps30-raw-seed-rerun", 2),
    ("ablation/causal-steps150-official-head", 2), ("ablation/causal-all-layers-steps150-official-head", 2)])
def test_ablation_doc_tables_are_the_tracked_report(folder, min_tables):
    """docs/ablation.md quotes the tables of each tracked report.md verbatim, and report.md is what the ablation's
    report code makes of report.json (whose numbers tests/test_ablation.py checks against the runs' files)."""
    from c2llm.bench.ablation_report import markdown

    report = json.loads((ROOT / "docs" / folder / "report.json").read_text())
    generated = markdown(report)
    assert (ROOT / "docs" / folder / "report.md").read_text() == generated
    doc = (ROOT / "docs" / "ablation.md").read_text()
    tables = [block.strip() for block in generated.split("\n\n") if block.startswith("|")]
    assert len(tables) >= min_tables
    for table in tables:
        assert table in doc


def test_ablation_doc_quotes_the_causal_backbone_report():
    """Section 7's description of the pretrained decoder is its tracked pretrain.json, and the ablation ran on it."""
    report = json.loads((ROOT / "docs" / "ablation" / "causal" / "pretrain.json").read_text())
    doc = " ".join((ROOT / "docs" / "ablation.md").read_text().split())
    final = report["final"]
    assert f"**{final['validation_loss']}** nats (perplexity {final['validation_perplexity']})" in doc
    assert f"({report['tokens_seen']:,} tokens, {report['epochs']} epochs)" in doc
    assert f"{report['data']['files']['test']} test files" in doc
    assert report["validation_loss"][-1][1] == pytest.approx(final["validation_loss"], abs=1e-4)
    assert len(report["train_loss"]) == report["steps"] == report["settings"]["steps"]
    residuals = {"causal-steps30": "seed", "causal-steps150": "seed", "causal-all-layers-steps150": "seed",
                 "causal-steps30-official-head": "projected", "causal-steps30-raw-seed-rerun": "seed",
                 "causal-steps150-official-head": "projected", "causal-all-layers-steps150-official-head": "projected"}
    for folder, residual in residuals.items():
        budget = json.loads((ROOT / "docs" / "ablation" / folder / "report.json").read_text())["budget"]
        assert budget["backbone"] == report["settings"]["output_dir"] + "/backbone"
        assert budget["pma_init"] == "xavier_uniform"
        assert budget.get("pma_residual", "seed") == residual  # reports from before the key were raw-seed runs


ENCODE_VARIANTS = {"PMA, default batching": "pma", "stock last-token": "st-lasttoken", "stock mean": "st-mean",
                   "PMA, token budget 4096": "pma+budget"}
TRAIN_RUNS = {"PMA, MNRL, batch 32": "pma:mnrl:32", "stock last-token, MNRL, batch 32": "st-lasttoken:mnrl:32",
              "PMA, MNRL, batch 128": "pma:mnrl:128", "PMA, cached MNRL (mini-batch 16), batch 128": "pma:cached16:128"}


def test_benchmark_doc_tables_are_the_tracked_results_files():
    encode = json.loads((ROOT / "bench" / "results" / "encode_throughput.json").read_text())
    runs = {(r["shape"].upper() if r["shape"] == "0.5b" else r["shape"]): {row["variant"]: row for row in r["rows"]}
            for r in encode["results"]}
    rows = doc_table(ROOT / "docs" / "benchmarks.md", "| shape | variant | tokens/s vs stock last-token")
    assert len(rows) == 6
    for shape, label, speed, padding, peak, rss in rows:
        variants = runs[shape]
        row = variants[ENCODE_VARIANTS[label]]
        assert speed == f"{row['tokens_per_second'] / variants['st-lasttoken']['tokens_per_second']:.3f}", label
        assert padding == f"{row['padded_tokens'] / row['real_tokens']:.2f}"
        assert peak == f"{100 * row['peak_fraction']:.1f}%"
        assert rss == f"{row['rss']['encode_peak_mb']:,.0f}"
    train = {run["run"]: run for run in json.loads((ROOT / "bench" / "results" / "train_throughput.json").read_text())
             ["runs"]}
    rows = doc_table(ROOT / "docs" / "benchmarks.md", "| run | s/step | tokens/s | train peak RSS MiB")
    assert [row[0] for row in rows] == list(TRAIN_RUNS)
    for label, seconds, tokens, rss in rows:
        run = train[TRAIN_RUNS[label]]
        assert [seconds, tokens, rss] == [f"{run['seconds_per_step']:.2f}", f"{run['tokens_per_second']:,.0f}",
                                          f"{run['train_peak_mb']:,.0f}"], label


def test_flags_are_spelt_out(capsys):
    # --out names a file and --output-dir a folder: an abbreviation must not turn one into the other
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["ablation", "--out", "docs/ablation"])
    assert exit_info.value.code == flags.EXIT_USAGE
    assert capsys.readouterr().err == "error: unrecognized arguments: --out docs/ablation\n"
