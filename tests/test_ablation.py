"""``c2llm ablation``: the plan of runs, batching, freezing, resuming from the runs' result files (without training)
and the report's numbers against those files; one tiny real run end to end on a tiny random backbone."""

from __future__ import annotations

import json
import statistics
import textwrap

import pytest
import torch

from c2llm.bench import ablation
from c2llm.bench.ablation import (
    AblationSettings,
    RunSpec,
    batches,
    plan,
    trainable_parameters,
)
from c2llm.cli import main
from c2llm.errors import ConfigError


def run_cli(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


def test_plan_shares_runs_between_studies_and_goes_seed_by_seed():
    settings = AblationSettings(seeds=[0, 1], dims=[64], dimension_seeds=1, foreign_code=[],
                                studies=["pooling", "dimension", "recipe"])
    names = [spec.name for spec in plan(settings)]
    assert len(names) == len(set(names))
    assert names[:6] == ["reference", "pma-untrained-seed0", "pma-untrained-seed1", "mean-untrained-seed0",
                         "first_token-untrained-seed0", "last_token-untrained-seed0"]
    seed0 = ["pma-default-seed0", "mean-default-seed0", "first_token-default-seed0", "last_token-default-seed0",
             "pma-64-default-seed0", "mean-matryoshka-seed0"]  # full-size PMA and plain mean: the pooling study's
    recipes = ["pma-all-layers-stdlib-seed0", "pma-fast-head-seed0", "mean-no-prompts-seed0"]
    seed1 = ["pma-default-seed1", "mean-default-seed1", "first_token-default-seed1", "last_token-default-seed1"]
    assert names[6:] == seed0 + recipes + seed1  # dimension_seeds=1: no pma-64 / matryoshka at seed 1
    specs = {spec.name: spec for spec in plan(settings)}
    assert specs["mean-matryoshka-seed0"].eval_dims == (64,) and specs["pma-64-default-seed0"].compressed_dim == 64
    assert specs["pma-all-layers-stdlib-seed0"].sources == ("stdlib",)
    assert specs["pma-all-layers-stdlib-seed0"].train_layers == -1
    assert not specs["mean-no-prompts-seed0"].prompts and specs["mean-no-prompts-seed0"].train_layers == 2
    assert ablation.recipes(settings)["fast-head"]["head_learning_rate"] == 10 * settings.head_learning_rate
    assert not specs["reference"].prompts and specs["reference"].steps == 0


def test_settings_errors_name_the_flag():
    with pytest.raises(ConfigError, match=r"^--dims: \[100\]: every size must be a positive multiple of "
                                          r"--pma-num-heads 32$"):
        AblationSettings(dims=[100])
    with pytest.raises(ConfigError, match=r"^--poolings: choose one or more of pma, mean, first_token, last_token"):
        AblationSettings(poolings=["max"])


def test_batches_never_repeat_a_query_or_code_within_a_batch():
    pairs = [(f"q{i % 7}", f"c{i}") for i in range(20)]  # 7 distinct queries: duplicates must be split up
    result = batches(pairs, batch_size=4, steps=12, seed=0)
    assert len(result) == 12
    for batch in result:
        queries, codes = [q for q, _ in batch], [c for _, c in batch]
        assert len(set(queries)) == len(queries) and len(set(codes)) == len(codes)
    first_epoch = [pair for batch in result[:5] for pair in batch]  # 20 pairs in batches of 4: one epoch
    assert sorted(first_epoch) == sorted(pairs)
    assert batches(pairs, 4, 12, seed=0) == result and batches(pairs, 4, 12, seed=1) != result


# --------------------------------------------------------------------------------------- a tiny random backbone


@pytest.fixture(scope="module")
def backbone_dir(tmp_path_factory):
    """A saved tiny random Qwen2 backbone (2 layers) with the tests' byte-level tokenizer."""
    from transformers import AutoModel

    from c2llm.build import small_qwen2_config
    from tests.conftest import make_tokenizer

    tokenizer = make_tokenizer()
    torch.manual_seed(0)
    config = small_qwen2_config(len(tokenizer), hidden_size=64, num_hidden_layers=2, intermediate_size=128,
                                num_attention_heads=4, num_key_value_heads=2, architectures=["Qwen2ForCausalLM"])
    path = tmp_path_factory.mktemp("backbone")
    AutoModel.from_config(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


def test_only_the_top_layers_and_the_head_train(backbone_dir):
    settings = AblationSettings(backbone=backbone_dir, pma_num_heads=4, dims=[32], steps=3, batch_size=2,
                                foreign_code=[], show_progress=False)
    spec = RunSpec("pma", 0, 3, learning_rate=1e-2, train_layers=1)
    model = ablation.build_pipeline(spec, settings)
    before = {name: p.detach().clone() for name, p in model[0].model.named_parameters()}
    head, trained = trainable_parameters(model, 1)
    names = {id(p): name for name, p in model[0].model.named_parameters()}
    assert {names[id(p)].split(".")[0] for p in head} == {"pma"}
    assert {names[id(p)].split(".")[1] for p in trained} == {"layers", "norm"}
    assert all(names[id(p)].startswith(("backbone.layers.1.", "backbone.norm.")) for p in trained)
    pairs = [(f"return the number {i} plus one", f"def f{i}(x):\n    return x + {i}") for i in range(8)]
    ablation.train(model, spec, settings, pairs, [64])
    changed = {name for name, p in model[0].model.named_parameters() if not torch.equal(p, before[name])}
    assert "backbone.layers.1.mlp.up_proj.weight" in changed and "pma.seed" in changed
    assert not any(name.startswith(("backbone.embed_tokens", "backbone.layers.0.")) for name in changed)


def write_sources(root, prefix: str, count: int, suffix: str = ".py"):
    """``count`` files with one documented function each (4 code lines, docstrings of >= 3 words)."""
    root.mkdir(parents=True)
    for i in range(count):
        if suffix == ".py":
            body = f'''
                def {prefix}_{i}(values):
                    """Compute the {prefix} score number {i} of the values."""
                    total = 0
                    for value in values:
                        total += value * {i}
                    return total
                '''
        else:
            body = f'''
                /** Compute the {prefix} score number {i} of the values. */
                function {prefix}{i}(values) {{
                  let total = 0;
                  for (const v of values) total += v * {i};
                  return total;
                }}
                '''
        (root / f"{prefix}_{i}{suffix}").write_text(textwrap.dedent(body))
    return str(root)


def test_tiny_run_resumes_from_its_result_files_and_reports_their_numbers(backbone_dir, tmp_path, monkeypatch):
    settings = AblationSettings(
        output_dir=str(tmp_path / "out"), backbone=backbone_dir, studies=["pooling", "attention"], seeds=[0, 1],
        poolings=["pma"], dims=[32], steps=2, batch_size=4, max_seq_length=48, pma_num_heads=4,
        train_sources=[write_sources(tmp_path / "train", "alpha", 60)],
        ood_sources=[write_sources(tmp_path / "ood", "beta", 12)],
        foreign_code=[write_sources(tmp_path / "js", "gamma", 55, ".js")], train_pairs=40, eval_queries=10,
        show_progress=False,
    )  # fmt: skip
    report = ablation.run(settings, command="test")
    runs = {r["name"]: r for r in ablation.read_results(settings.output_dir)}
    assert set(runs) == {spec.name for spec in plan(settings)}
    assert report["splits"] == ["in-domain", "ood-python", "ood-javascript"]
    stats = json.loads((tmp_path / "out" / "data" / "stats.json").read_text())
    assert stats["splits"]["ood-javascript"] == {"queries": 10, "languages": ["javascript"]}

    # the report's numbers are the runs' files: mean and sample std over seeds
    pma_rows = {row["pooling"]: row for row in report["pooling"]}
    for pooling, row in pma_rows.items():
        values = [runs[f"{pooling}-default-seed{s}"]["scores"]["in-domain"][str(64)]["ndcg_at_10"] for s in (0, 1)]
        assert row["trained"]["in-domain"] == {"mean": statistics.fmean(values), "std": statistics.stdev(values),
                                               "values": values}
    untrained = [runs[f"pma-untrained-seed{s}"]["scores"]["ood-python"]["64"]["ndcg_at_10"] for s in (0, 1)]
    assert pma_rows["pma"]["untrained"]["ood-python"]["values"] == untrained
    assert report["reference"]["scores"] == runs["reference"]["scores"]
    attention = {row["run"]: row for row in report["attention"]}
    assert set(attention) == {"pma-default-seed0", "pma-default-seed1", "pma-untrained-seed0", "pma-untrained-seed1"}
    assert attention["pma-default-seed1"]["verdicts"] == runs["pma-default-seed1"]["attention"]["verdicts"]
    markdown = (tmp_path / "out" / "report" / "report.md").read_text()
    trained_cell = pma_rows["pma"]["trained"]["in-domain"]
    assert f"| pma | 2 | {100 * trained_cell['mean']:.2f} +- {100 * trained_cell['std']:.2f} |" in markdown
    for picture in ("pooling.png", "attention-heatmap.png", "attention-histograms.png"):
        assert (tmp_path / "out" / "report" / picture).read_bytes().startswith(b"\x89PNG")

    # a rerun trains nothing: every run is read back from its result.json, which a fake edit shows
    def no_training(*args, **kwargs):
        raise AssertionError("a finished run was executed again")

    monkeypatch.setattr(ablation, "execute", no_training)
    path = tmp_path / "out" / "runs" / "pma-default-seed1" / "result.json"
    edited = json.loads(path.read_text())
    edited["scores"]["in-domain"]["64"]["ndcg_at_10"] = 0.123
    path.write_text(json.dumps(edited))
    again = ablation.run(settings, command="test")
    (row,) = again["pooling"]
    assert row["trained"]["in-domain"]["values"][1] == 0.123
    # --report-only: a partial report from what is finished, a third seed missing
    partial = ablation.run(AblationSettings(**{**settings.__dict__, "seeds": [0, 1, 2], "report_only": True}))
    assert partial["pooling"][0]["seeds"] == 2 and partial["pooling"][0]["untrained_seeds"] == 2

    # a finished run with other settings is refused, not silently mixed in
    edited["spec"]["learning_rate"] = 1.0
    path.write_text(json.dumps(edited))
    with pytest.raises(ConfigError, match=r"pma-default-seed1/result\.json was run with other settings"):
        ablation.run(settings)
    changed = AblationSettings(**{**settings.__dict__, "train_pairs": 30})
    with pytest.raises(ConfigError, match=r"^--train-pairs: .*data was mined with other data settings"):
        ablation.run(changed)


def test_cli_bad_source_is_one_error_line(tmp_path, capsys):
    argv = ["ablation", "--output-dir", str(tmp_path), "--train-sources", "no_such_package_xyz", "--no-progress"]
    assert run_cli(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == "error: --train-sources: 'no_such_package_xyz' is neither 'stdlib', an installed package nor a " \
                      "folder"
