"""semble's side of ``python -m bench.semble_dev side-by-side``, run by the Python of semble's own venv
(``pip install semble==0.7.0``): the standard library and semble only, nothing of c2llm, so that semble stays a
benchmark dependency, never one of the package.

    SEMBLE_PYTHON semble_runner.py SPEC.json

SPEC: ``{"model": STATIC_DIR, "out": HITS.jsonl, "timing": TIMING.json, "repos": [{"name", "root", "queries":
[{"id", "text"}]}]}``. Each repository's root is copied to a scratch folder (nothing of an earlier run is reused),
indexed in-process with the given model (wall time around the index), and every query is searched (top 10; hit
paths relative to the root, as the harness reads them).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def main(spec_path: str) -> int:
    spec = json.loads(Path(spec_path).read_text())
    from semble import SembleIndex

    lines, timing = [], {}
    for repo in spec["repos"]:
        work = Path(tempfile.mkdtemp(prefix="semble-side-by-side-"))
        try:
            os.environ["SEMBLE_CACHE_LOCATION"] = str(work / "cache")
            root = work / "root"
            shutil.copytree(repo["root"], root, symlinks=True)
            started = time.perf_counter()
            index = SembleIndex.from_path(root, model_path=spec["model"])
            index_seconds = time.perf_counter() - started
            query_seconds = []
            for query in repo["queries"]:
                started = time.perf_counter()
                results = index.search(query["text"], top_k=10)
                query_seconds.append(time.perf_counter() - started)
                lines.append({"id": query["id"], "hits": [
                    {"path": result.chunk.file_path, "start": result.chunk.start_line, "end": result.chunk.end_line}
                    for result in results]})
            timing[repo["name"]] = {"index_seconds": round(index_seconds, 3), "chunks": len(index.chunks),
                                    "query_ms_median": round(1000 * statistics.median(query_seconds), 2)}
            print(f"semble {repo['name']}: {len(index.chunks)} chunks, index {index_seconds:.2f} s", file=sys.stderr)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    Path(spec["out"]).write_text("".join(json.dumps(line) + "\n" for line in lines))
    Path(spec["timing"]).write_text(json.dumps(timing, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
