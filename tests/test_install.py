"""A non-editable install works: the wheel, unpacked outside the checkout, trains and verifies with `c2llm`."""

from __future__ import annotations

import json
import os
import sqlite3
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
    # the default index model travels in the wheel: a fresh install searches offline with no training step
    from c2llm.search.encoder import SHIPPED_STATIC_MODEL

    shipped = f"c2llm/search/models/{SHIPPED_STATIC_MODEL}/"
    assert {shipped + name for name in ("config.json", "model.safetensors", "tokenizer.json", "README.md")} <= set(names)
    assert not any(name.startswith(("staticmodel/", "c2llm/search/models/")) and not name.startswith(shipped)
                   for name in names)
    with zipfile.ZipFile(wheel) as archive:  # what the model costs the wheel, as docs/search.md says
        compressed = sum(info.compress_size for info in archive.infolist() if info.filename.startswith(shipped))
    search_doc = " ".join((ROOT / "docs" / "search.md").read_text().split())
    assert f"the wheel carries it compressed, {compressed / 1e6:.1f} MB" in search_doc

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

    (run_dir / "code").mkdir()
    (run_dir / "code" / "jsonl.py").write_text('def read_jsonl(path):\n    """Read a JSON lines file."""\n'
                                               '    return [json.loads(line) for line in open(path)]\n')
    indexed = c2llm("index", "code", "--json", "--no-progress")
    assert indexed.returncode == 0, indexed.stderr[-3000:]
    with sqlite3.connect(run_dir / "code" / ".c2llm" / "index.db") as database:
        (model,) = database.execute("SELECT value FROM meta WHERE key = 'model'").fetchone()
    assert model == str(site / shipped.rstrip("/"))  # the wheel's own copy, nothing distilled or downloaded
    found = c2llm("search", "load json lines", "code", "--json", "--mode", "dense")
    assert found.returncode == 0 and json.loads(found.stdout.splitlines()[0])["name"] == "read_jsonl", found.stderr
