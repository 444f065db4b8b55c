"""A non-editable install works: the wheel, unpacked outside the checkout, trains and verifies with `c2llm`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_outside_the_checkout_trains_and_verifies(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                    str(tmp_path / "dist"), str(ROOT)], check=True, capture_output=True, timeout=300)
    (wheel,) = (tmp_path / "dist").glob("c2llm-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    # the model code files and the card (its template is package data) travel in the wheel; the repo's generic
    # script names do not
    assert {"modeling_c2llm.py", "configuration_c2llm.py", "c2llm/hub/hub_card/__init__.py",
            "c2llm/hub/hub_card/model_card.md"} <= set(names)
    assert not any(name.startswith(("train_sentence_transformers", "hub_card/", "tests/", "bench/")) for name in names)
    # the package's benchmarks are the ones users run (c2llm bench, c2llm ablation); every harness stays in bench/
    assert sorted(name.removeprefix("c2llm/bench/") for name in names if name.startswith("c2llm/bench/")) == [
        "__init__.py", "ablation.py", "ablation_report.py", "common.py", "encode_throughput.py", "settings.py",
        "train_throughput.py",
    ]

    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site), TOKENIZERS_PARALLELISM="false")

    def c2llm(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "c2llm", *argv], cwd=run_dir, env=env, capture_output=True,
                              text=True, timeout=600)

    where = subprocess.run([sys.executable, "-c", "import c2llm, modeling_c2llm; print(c2llm.__file__); "
                            "print(modeling_c2llm.__file__)"], cwd=run_dir, env=env, capture_output=True, text=True)
    assert all(Path(line).is_relative_to(site) for line in where.stdout.split()), where.stdout + where.stderr

    # the demo preset (stdlib pairs, small random Qwen2, Qwen2.5 tokenizer built offline), cut to seconds
    trained = c2llm("train", "--max-steps", "2", "--max-train-pairs", "64", "--max-seq-length", "32",
                    "--batch-size", "8", "--output-dir", "run")
    assert trained.returncode == 0, trained.stderr[-3000:]
    results = json.loads((run_dir / "run" / "results.json").read_text())
    assert results["global_steps"] == 2 and results["backbone"] == "small-qwen2" and results["model_dir"] == "model"

    verified = c2llm("verify", "--model", "run/model")
    assert verified.returncode == 0, verified.stdout + verified.stderr[-3000:]
    assert verified.stdout.startswith(f"OK: {run_dir / 'run' / 'model'}")
    assert "SentenceTransformer == AutoModel + tokenizer" in verified.stdout
