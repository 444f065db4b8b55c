"""bench.ray_memory: the synthetic units and index it builds, the flat memory its results file records, and
docs/search.md's table as that file says."""

from __future__ import annotations

import json
from pathlib import Path

from bench import ray_memory
from tests.conftest import doc_table

ROOT = Path(__file__).resolve().parents[2]
HEADER = "| pending rows |"


def test_synthetic_units_are_short_distinct_python_functions():
    units = [ray_memory.synthetic_unit(number) for number in range(0, 3000, 7)]
    assert len({unit.text for unit in units}) == len(units)
    assert all(unit.text.startswith(f"def {unit.name}(") and len(unit.text) < 200 for unit in units)
    assert ray_memory.synthetic_unit(12).path == ray_memory.synthetic_unit(19).path != \
        ray_memory.synthetic_unit(20).path


def test_the_index_it_builds_exports_every_unit_as_pending(tmp_path):
    from c2llm.search.index import Index
    from c2llm.search.shards import read_pending

    built = ray_memory.build_index(tmp_path / "index", 25)
    assert (built["units"], built["files"]) == (25, 3)
    with Index.open(tmp_path / "index", create=False) as index:
        assert index.export_pending(tmp_path / "pending.parquet") == 25
    assert len(set(read_pending(tmp_path / "pending.parquet").keys)) == 25


def test_docs_show_the_results_file(tmp_path):
    payload = json.loads((ROOT / "bench" / "results" / "ray_memory.json").read_text())
    generated = tmp_path / "ray_memory.md"
    generated.write_text(ray_memory.to_markdown(payload, payload["settings"]["command"]))
    assert doc_table(ROOT / "docs" / "search.md", HEADER) == doc_table(generated, HEADER)
    assert doc_table(ROOT / "bench" / "results" / "ray_memory.md", HEADER) == doc_table(generated, HEADER)
    sizes = payload["sizes"]
    assert list(sizes) == ["100000", "1000000"]
    small, large = sizes["100000"], sizes["1000000"]
    # the driver stays flat from storage to storage, grows through the driver, and import stays flat
    assert large["storage"]["peak_rss_mb"] < 1.2 * small["storage"]["peak_rss_mb"]
    assert large["import"]["peak_rss_mb"] < 1.2 * small["import"]["peak_rss_mb"]
    assert large["driver"]["peak_rss_mb"] > 3 * small["driver"]["peak_rss_mb"]
    assert large["after_import"]["pending"] == 0 and large["import"]["report"]["imported"] == 1_000_000
