"""Search units and file listing: definitions with exact line spans per language, windows, skip reasons, paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from c2llm.search.files import scan_tree
from c2llm.search.paths import OutsideRootError, resolve_inside
from c2llm.search.units import WINDOW_LINES, units_of_file

PYTHON = '''\
"""Module docstring."""
import json
import os
import sys


@cache
def load(path):
    """Load a jsonl file."""
    def parse(line):
        return json.loads(line)
    return [parse(line) for line in open(path)]


class Store(Base):
    """A store."""

    limit = 3

    def put(self, key):
        self.items[key] = 1

    class Inner:
        def get(self):
            return 2


if __name__ == "__main__":
    main()
    print("done")
    sys.exit(0)
'''

GO = '''\
package stack

// Stack holds items.
type Stack[T any] struct {
\titems []T
}

// Push adds an item.
func (s *Stack[T]) Push(x T) {
\ts.items = append(s.items, x)
}

func Max(a, b int) int {
\tif a > b {
\t\treturn a
\t}
\treturn b
}
'''

JS = '''\
/** Add two numbers. */
export function add(a, b) {
  return a + b;
}

const mul = (a, b) => a * b;

class Shape {
  constructor(n) {
    this.n = n;
  }
  /** The area. */
  area() {
    return 0;
  }
}
[1, 2].map((x) => x + 1);
'''


def spans(units):
    return [(unit.kind, unit.name, unit.start_line, unit.end_line) for unit in units]


def test_python_units_have_exact_spans_and_texts():
    units = units_of_file("pkg/store.py", PYTHON)
    assert spans(units) == [
        ("window", "pkg/store.py:1-4", 1, 4),  # docstring + imports: 4 code lines
        ("function", "load", 7, 12),  # decorator included, nested parse() stays inside
        ("class", "Store", 15, 18),  # header down to the first method
        ("method", "Store.put", 20, 21),  # a one-line `class Inner:` header is no unit of its own
        ("method", "Store.Inner.get", 24, 25),
        ("window", "pkg/store.py:28-31", 28, 31),
    ]
    lines = PYTHON.splitlines()
    for unit in units:
        assert unit.text == "\n".join(lines[unit.start_line - 1 : unit.end_line])
        assert unit.language == "python" and unit.path == "pkg/store.py"
    assert len({unit.content_hash for unit in units}) == len(units)


def test_go_and_javascript_units_include_doc_comments():
    assert spans(units_of_file("s/stack.go", GO)) == [
        ("class", "Stack", 3, 6), ("method", "Stack.Push", 8, 11), ("function", "Max", 13, 18)]
    assert spans(units_of_file("web/shape.js", JS)) == [
        ("function", "add", 1, 4), ("function", "mul", 6, 6), ("method", "Shape.constructor", 9, 11),
        ("method", "Shape.area", 12, 15)]  # a class of only methods adds no header unit; the callback is no unit


def test_unparsable_and_plain_text_files_become_line_windows():
    broken = "def f(:\n    x = = 1\n" * 25 + "x = 1\n"  # every row in a syntax error
    units = units_of_file("bad.py", broken)
    assert spans(units) == [("window", "bad.py:1-40", 1, 40), ("window", "bad.py:41-51", 41, 51)]
    # one broken line in an otherwise sound file: the tolerant parser still finds what is there
    assert spans(units_of_file("half.py", "def f(:\n" + "x = 1\n" * 50))[0] == ("function", "f", 1, 1)
    notes = "\n".join(f"line {i}" for i in range(1, 2 * WINDOW_LINES + 3)) + "\n"
    assert [unit.language for unit in units_of_file("docs/notes.md", notes)] == ["markdown"] * 3
    assert units_of_file("empty.txt", "\n\n") == []


def test_scan_skips_by_reason_and_respects_gitignore(tmp_path):
    outside = tmp_path / "outside.py"
    outside.write_text("def secret(): pass\n")
    root = tmp_path / "repo"
    (root / "src" / "gen").mkdir(parents=True)
    (root / ".hidden").mkdir()
    files = {
        "src/app.py": "def main():\n    return 1\n",
        "src/gen/keep.py": "x = 1\n",
        "src/gen/drop.py": "x = 2\n",
        "build.log": "log\n",
        ".gitignore": "*.log\n",
        "src/.gitignore": "gen/drop.py\n",
        ".env": "TOKEN=1\n",
        "deploy/id_rsa": "KEY\n",
        "package-lock.json": "{}\n",
        "web/app.min.js": "x\n",
        "web/long.js": "var s = '" + "x" * 2_100 + "';\n",  # one line longer than 2,000 characters
        "big.txt": "a\n" * 1_500,
        ".hidden/x.py": "y = 1\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    (root / "blob.dat").write_bytes(b"\x00\x01binary")
    (root / "latin1.txt").write_bytes("caf\xe9\n".encode("latin-1"))
    os.symlink(outside, root / "link_out.py")
    os.symlink(root / "src" / "app.py", root / "link_in.py")
    from c2llm.search.index import Index

    with Index.open(root, model="unused-model-id") as index:
        report = index.update(progress=False, embed=False, max_file_bytes=2_500)
        indexed = sorted({unit.path for unit in index.units()})
    assert indexed == [".gitignore", "src/.gitignore", "src/app.py", "src/gen/keep.py"]
    assert report.skipped == {"binary": 1, "generated": 2, "minified": 1, "not_utf8": 1, "secret": 2, "symlink": 1,
                              "symlink_outside_root": 1, "too_large": 1}
    assert scan_tree(root, include_secrets=True).skipped["secret"] == 0


def test_a_tracked_folder_replaced_by_a_symlink_out_of_the_root_is_not_followed(tmp_path):
    import subprocess

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.py").write_text("def stolen(): pass\n")
    root = tmp_path / "repo"
    (root / "vendor").mkdir(parents=True)
    (root / "vendor" / "x.py").write_text("def mine(): pass\n")
    (root / "app.py").write_text("def main(): pass\n")
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "base"], check=True)
    (root / "vendor" / "x.py").unlink()
    (root / "vendor").rmdir()
    os.symlink(outside, root / "vendor")  # git's index still lists vendor/x.py
    scan = scan_tree(root)
    assert [file.path for file in scan.files] == ["app.py"]
    assert scan.skipped["symlink_outside_root"] == 2  # the link itself (untracked) and vendor/x.py under it


def test_the_walk_lists_what_pathlib_names_and_counts_links_it_does_not_follow(tmp_path):
    """Outside git: a name led by dots keeps its suffix (``..png`` is binary, as ``PurePath.suffix`` says), a link
    loop and a link to a folder are counted as links, never followed or fatal, and hidden, ``node_modules`` and
    ignored folders are not walked."""
    root = tmp_path / "repo"
    for name in ("src/app.py", "src/..png", "node_modules/dep.js", ".cache/x.py", "out/gen.py", "src/deep/b.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x = 1\n")
    (root / ".gitignore").write_text("out/\n")
    os.symlink(root / "loop2", root / "loop1")
    os.symlink(root / "loop1", root / "loop2")
    os.symlink(root / "src", root / "src_link")
    scan = scan_tree(root)
    assert [file.path for file in scan.files] == [".gitignore", "src/app.py", "src/deep/b.py"]
    assert dict(scan.skipped) == {"binary": 1, "symlink": 3}


@pytest.mark.parametrize("path, secret", [
    (".git-credentials", True), ("infra/prod.tfvars", True), ("state/terraform.tfstate", True),
    (".aws/config", True), ("home/.ssh/config", True), ("deploy/.kube/config", True), (".docker/config.json", True),
    ("src/credentials_test.py", False), ("docs/aws.md", False), ("src/ssh/client.py", False),
])
def test_secret_files_by_name_and_by_folder(path, secret):
    from c2llm.search.files import is_secret

    assert is_secret(path) is secret


def test_resolve_inside_refuses_a_nul_character(tmp_path):
    with pytest.raises(OutsideRootError, match=r"^'a\\x00b': not a valid path \(NUL character\)$"):
        resolve_inside(tmp_path, "a\0b")


def test_resolve_inside_refuses_paths_out_of_the_root(tmp_path):
    root = tmp_path / "root"
    (root / "a").mkdir(parents=True)
    os.symlink(tmp_path, root / "a" / "up")
    assert resolve_inside(root, "a") == (root / "a").resolve()
    assert resolve_inside(root, root / "a" / "x.py") == (root / "a" / "x.py").resolve()
    for bad in ("../x.py", "a/up/x.py", "/etc/passwd"):
        with pytest.raises(OutsideRootError, match=f"'{bad}' is outside the indexed root {root.resolve()}"):
            resolve_inside(root, Path(bad))


def test_git_work_tree_lists_tracked_and_untracked_but_not_ignored(tmp_path):
    import shutil
    import subprocess

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path / "repo"
    (root / "out").mkdir(parents=True)
    (root / ".gitignore").write_text("out/\n")
    (root / "tracked.py").write_text("a = 1\n")
    (root / "untracked.py").write_text("b = 2\n")
    (root / "out" / "build.py").write_text("c = 3\n")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "tracked.py"], check=True)
    assert [f.path for f in scan_tree(root).files] == [".gitignore", "tracked.py", "untracked.py"]
    # a folder the repository ignores is still indexed when asked for explicitly
    assert [f.path for f in scan_tree(root / "out").files] == ["build.py"]
