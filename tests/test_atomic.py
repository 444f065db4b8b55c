"""c2llm.atomic: a failed write or swap leaves the previous file / folder exactly as it was, and no temporaries."""

from __future__ import annotations

import os
import stat

import pytest

from c2llm import atomic
from c2llm.atomic import atomic_write, atomic_write_text, replace_dir, staged_directory


def _tree(folder) -> dict[str, str]:
    """Relative path -> text of every file under ``folder`` (folders appear as their path -> "<dir>")."""
    found = {}
    for path in sorted(folder.rglob("*")):
        found[str(path.relative_to(folder))] = "<dir>" if path.is_dir() else path.read_text()
    return found


def _old_folder(parent):
    target = parent / "model"
    (target / "sub").mkdir(parents=True)
    (target / "weights.bin").write_text("old weights")
    (target / "sub" / "config.json").write_text('{"old": true}')
    return target


OLD_TREE = {"sub": "<dir>", "sub/config.json": '{"old": true}', "weights.bin": "old weights"}


def _fail_on_call(monkeypatch, number: int, error: type[BaseException] = OSError):
    """Make the ``number``-th call (1-based) of ``os.replace`` raise; the other calls go through."""
    real_replace = os.replace
    calls = []

    def replace(src, dst, *args, **kwargs):
        calls.append((os.fspath(src), os.fspath(dst)))
        if len(calls) == number:
            raise error(f"simulated failure moving {src} -> {dst}")
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(atomic.os, "replace", replace)
    return calls


# --------------------------------------------------------------------------------------------------------- replace_dir


def test_replace_dir_swaps_in_the_new_folder_and_deletes_the_old(tmp_path):
    target = _old_folder(tmp_path)
    new = tmp_path / "staging"
    new.mkdir()
    (new / "weights.bin").write_text("new weights")
    replace_dir(new, target)
    assert _tree(target) == {"weights.bin": "new weights"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]  # no backup folder, staging moved in


def test_replace_dir_puts_the_old_folder_back_when_the_second_rename_fails(tmp_path, monkeypatch):
    target = _old_folder(tmp_path)
    new = tmp_path / "staging"
    new.mkdir()
    (new / "weights.bin").write_text("new weights")
    calls = _fail_on_call(monkeypatch, 2)  # 1: target -> backup (works), 2: new -> target (fails)
    with pytest.raises(OSError, match="simulated failure"):
        replace_dir(new, target)
    backup = calls[0][1]
    assert calls[0][0] == str(target) and calls[1] == (str(new), str(target))
    assert calls[2] == (backup, str(target))  # the rollback rename
    assert _tree(target) == OLD_TREE  # the old folder is intact, at its place
    assert not os.path.lexists(backup)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model", "staging"]  # the caller's folder is not deleted
    assert _tree(new) == {"weights.bin": "new weights"}


def test_replace_dir_rolls_back_on_keyboard_interrupt(tmp_path, monkeypatch):
    target = _old_folder(tmp_path)
    new = tmp_path / "staging"
    new.mkdir()
    _fail_on_call(monkeypatch, 2, KeyboardInterrupt)
    with pytest.raises(KeyboardInterrupt):
        replace_dir(new, target)
    assert _tree(target) == OLD_TREE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model", "staging"]


def test_replace_dir_clears_the_leftover_of_a_crashed_swap(tmp_path):
    target = _old_folder(tmp_path)
    leftover = tmp_path / f".model.old-{os.getpid()}"
    leftover.mkdir()
    (leftover / "stale").write_text("from a crash")
    new = tmp_path / "staging"
    new.mkdir()
    (new / "weights.bin").write_text("new weights")
    replace_dir(new, target)
    assert _tree(target) == {"weights.bin": "new weights"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]


def test_replace_dir_without_an_existing_target(tmp_path):
    new = tmp_path / "staging"
    new.mkdir()
    (new / "a.txt").write_text("a")
    replace_dir(new, tmp_path / "fresh")
    assert _tree(tmp_path / "fresh") == {"a.txt": "a"} and not new.exists()


# ---------------------------------------------------------------------------------------------------- staged_directory


def test_staged_directory_replaces_the_target_with_normal_permissions(tmp_path):
    target = _old_folder(tmp_path)
    with staged_directory(target) as staging:
        assert staging.parent == tmp_path and staging.name.startswith(".model.tmp-")
        assert _tree(target) == OLD_TREE  # untouched while the block runs
        (staging / "nested").mkdir(mode=0o700)
        (staging / "nested" / "w.safetensors").write_text("new")
        os.chmod(staging / "nested" / "w.safetensors", 0o600)
    assert _tree(target) == {"nested": "<dir>", "nested/w.safetensors": "new"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o755
    assert stat.S_IMODE((target / "nested").stat().st_mode) == 0o755
    assert stat.S_IMODE((target / "nested" / "w.safetensors").stat().st_mode) == 0o644


def test_staged_directory_leaves_the_old_folder_when_the_body_raises(tmp_path):
    target = _old_folder(tmp_path)
    with pytest.raises(RuntimeError, match="save failed"), staged_directory(target) as staging:
        (staging / "weights.bin").write_text("half written")
        raise RuntimeError("save failed")
    assert _tree(target) == OLD_TREE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]  # the staging folder is gone


def test_staged_directory_leaves_the_old_folder_when_the_swap_fails(tmp_path, monkeypatch):
    target = _old_folder(tmp_path)
    with pytest.raises(OSError, match="simulated failure"), staged_directory(target) as staging:
        (staging / "weights.bin").write_text("new weights")
        _fail_on_call(monkeypatch, 2)  # the swap's second rename (staging -> target)
    assert _tree(target) == OLD_TREE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]  # no staging, no backup


def test_staged_directory_without_replace_refuses_an_existing_target(tmp_path):
    target = _old_folder(tmp_path)
    with pytest.raises(FileExistsError), staged_directory(target, replace=False) as staging:
        (staging / "weights.bin").write_text("new weights")
    assert _tree(target) == OLD_TREE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]
    with staged_directory(tmp_path / "other", replace=False) as staging:
        (staging / "x").write_text("x")
    assert _tree(tmp_path / "other") == {"x": "x"}


# -------------------------------------------------------------------------------------------------------- atomic_write


def test_atomic_write_keeps_the_previous_file_when_the_writer_raises(tmp_path):
    path = tmp_path / "results.json"
    path.write_text("previous")

    def writer(handle):
        handle.write("partial")
        raise ValueError("serialisation failed")

    with pytest.raises(ValueError, match="serialisation failed"):
        atomic_write(path, writer)
    assert path.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]  # the temporary file is removed


def test_atomic_write_keeps_the_previous_file_on_keyboard_interrupt_and_failed_rename(tmp_path, monkeypatch):
    path = tmp_path / "results.json"
    path.write_text("previous")

    def interrupted(handle):
        handle.write("partial")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write(path, interrupted)
    _fail_on_call(monkeypatch, 1)
    with pytest.raises(OSError, match="simulated failure"):
        atomic_write_text(path, "new")
    assert path.read_text() == "previous"
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


def test_atomic_write_text_and_binary(tmp_path):
    path = atomic_write_text(tmp_path / "a" / "b.txt", "line\nnext\n")
    assert path.read_bytes() == b"line\nnext\n"  # "\n" line ends on every platform, parent folders created
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    atomic_write(tmp_path / "c.bin", lambda handle: handle.write(b"\x00\x01"), mode="wb")
    assert (tmp_path / "c.bin").read_bytes() == b"\x00\x01"
    with pytest.raises(ValueError, match="mode"):
        atomic_write(tmp_path / "d", lambda handle: None, mode="a")
