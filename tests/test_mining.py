"""The pair miner: exact extraction per language, bad files, de-duplication, file-level splits and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from c2llm.cli import main
from c2llm.data import mining
from c2llm.data.mining import MiningSettings, Pair, clean_query, mine_pairs, split_by_file, split_of

PYTHON_SOURCE = '''\
import os


def add(a, b):
    """Add two numbers together.

    Args:
        a: first number.
    """

    total = a + b
    if total < 0:
        total = 0
    return total


class Greeter:
    """A class docstring is not a function docstring."""

    @staticmethod
    async def greet(name):
        \'\'\'Return a friendly greeting for naïve users,
        in one line.\'\'\'
        message = "Héllo, " + name
        message += "!"
        return message

    def short(self):
        """Too short to keep after removal."""
        return 1

    def test_something(self):
        """Tests are skipped by their name."""
        x = 1
        y = 2
        assert x < y

    def tiny_doc(self):
        """Two words."""
        a = 1
        b = 2
        return a + b


def undocumented(x):
    y = x
    z = y
    return z
'''

GO_SOURCE = """\
package geo

import "math"

// Distance returns the Euclidean distance
// between two points.
//
// It never fails.
//go:noinline
func Distance(x1, y1, x2, y2 float64) float64 {
\tdx := x2 - x1
\tdy := y2 - y1
\treturn math.Sqrt(dx*dx + dy*dy)
}

// Scale multiplies both coordinates by [k].
func (p *Point) Scale(k float64) {
\tp.X *= k
\tp.Y *= k
\tp.Z *= k
}

// A detached comment, separated by a blank line.

func Orphan() int {
\ta := 1
\tb := 2
\treturn a + b
}

var limit = 3 // a trailing comment is not documentation
func Trailing() int {
\ta := 1
\tb := 2
\treturn a + b
}

// TestDistance checks the distance function.
func TestDistance(t *testing.T) {
\tif Distance(0, 0, 3, 4) != 5 {
\t\tt.Fatal("bad")
\t}
}

/* Clamp limits v to the closed range lo to hi. */
func Clamp(v, lo, hi int) int {
\tif v < lo {
\t\treturn lo
\t}
\treturn min(v, hi)
}
"""

JAVA_SOURCE = """\
package demo;

/** A class comment is not a method comment. */
public abstract class Stack<T> {
    private final java.util.ArrayList<T> items = new java.util.ArrayList<>();

    /**
     * Creates an empty stack with room for {@code capacity} items.
     *
     * @param capacity initial capacity
     */
    public Stack(int capacity) {
        items.ensureCapacity(capacity);
        size = 0;
        modCount = 0;
    }

    /**
     * Pushes an item onto the top of this {@link Stack stack}.
     * <p>Never returns null.
     * @param item the item
     */
    @Override
    public T push(T item) {
        items.add(item);
        size++;
        return item;
    }

    // A line comment is not Javadoc.
    public T peek() {
        if (items.isEmpty()) {
            return null;
        }
        return items.get(items.size() - 1);
    }

    /** Abstract methods have no body to retrieve. */
    abstract void reset();
}
"""

JS_SOURCE = """\
/**
 * Sum all numbers in a list.
 * @param {number[]} xs
 */
export function sum(xs) {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

/** Double every element of the array. */
const doubleAll = (xs) => {
  const out = [];
  for (const x of xs) out.push(x * 2);
  return out;
};

/** Format a user's name as &quot;Last, First&quot;. */
User.prototype.formatName = function () {
  const first = this.first;
  const last = this.last;
  return `${last}, ${first}`;
};

class Queue {
  /** Remove and return the oldest item. */
  pop() {
    const item = this.items[0];
    this.items = this.items.slice(1);
    return item;
  }
}

items.forEach(function (x) {
  /* anonymous callbacks have no name */
  console.log(x);
  return x;
});
"""

TS_SOURCE = """\
/** Parse a port number from a string. */
export function parsePort(value: string): number {
  const port = Number.parseInt(value, 10);
  if (Number.isNaN(port)) throw new Error("bad port");
  return port;
}

export class Server {
  /**
   * Start listening on the configured port.
   */
  @logged
  public async start(): Promise<void> {
    await this.bind();
    this.running = true;
    this.emit("start");
  }
}

interface Shape {
  /** Area of the shape in square units. */
  area(): number;
}
"""

TSX_SOURCE = """\
/** Render a greeting for the given user. */
export function Hello({ name }: { name: string }) {
  const text = `Hello ${name}`;
  return <div className="hello">{text}</div>;
}
"""

RUST_SOURCE = """\
//! Crate-level documentation is not a function doc.

/// Returns the larger of two integers,
/// preferring the first on ties.
///
/// # Examples
/// ```
/// assert_eq!(max(1, 2), 2);
/// ```
#[inline]
pub fn max(a: i32, b: i32) -> i32 {
    if a >= b {
        return a;
    }
    b
}

impl Counter {
    /**
     * Increments the counter by one [`Step`].
     */
    fn bump(&mut self) {
        self.count += 1;
        self.total += 1;
        self.dirty = true;
    }

    // A plain comment on a method.
    fn reset(&mut self) {
        self.count = 0;
        self.total = 0;
        self.dirty = false;
    }
}

//// Four slashes make a plain comment.
fn quad() -> i32 {
    let a = 1;
    let b = 2;
    a + b
}
"""


def _write(root: Path, files: dict[str, str | bytes]) -> Path:
    """Create ``files`` (relative path -> text or bytes) under ``root``."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def _mine(root: Path, **kwargs) -> tuple[dict[str, Pair], dict]:
    pairs, stats = mine_pairs([root], progress=False, **kwargs)
    by_name = {pair.name: pair for pair in pairs}
    assert len(by_name) == len(pairs)
    return by_name, stats


def test_python_pairs(tmp_path: Path) -> None:
    pairs, stats = _mine(_write(tmp_path, {"pkg/mod.py": PYTHON_SOURCE}))
    assert sorted(pairs) == ["add", "greet"]
    assert pairs["add"] == Pair(
        query="Add two numbers together.",
        positive="def add(a, b):\n    total = a + b\n    if total < 0:\n        total = 0\n    return total",
        language="python",
        path="pkg/mod.py",
        name="add",
    )
    assert pairs["greet"].query == "Return a friendly greeting for naïve users, in one line."
    assert pairs["greet"].positive == (
        "@staticmethod\nasync def greet(name):\n"
        '    message = "Héllo, " + name\n    message += "!"\n    return message'
    )
    assert stats["functions"] == 6 and stats["documented_functions"] == 5
    assert stats["filtered"] == {"test_name": 1, "short_query": 1, "short_code": 1}


def test_go_pairs(tmp_path: Path) -> None:
    pairs, stats = _mine(_write(tmp_path, {"geo/geo.go": GO_SOURCE}))
    assert sorted(pairs) == ["Clamp", "Distance", "Scale"]
    assert pairs["Distance"].query == "Distance returns the Euclidean distance between two points."
    assert pairs["Distance"].positive == GO_SOURCE.split("//go:noinline\n")[1].split("\n\n")[0]
    assert pairs["Scale"].query == "Scale multiplies both coordinates by [k]."
    assert pairs["Scale"].positive.startswith("func (p *Point) Scale(k float64) {\n\tp.X *= k")
    assert pairs["Clamp"].query == "Clamp limits v to the closed range lo to hi."
    assert "/*" not in pairs["Clamp"].positive
    assert stats["functions"] == 6 and stats["filtered"]["test_name"] == 1


def test_java_pairs(tmp_path: Path) -> None:
    pairs, stats = _mine(_write(tmp_path, {"src/demo/Stack.java": JAVA_SOURCE}))
    assert sorted(pairs) == ["Stack", "push"]
    assert pairs["Stack"].query == "Creates an empty stack with room for capacity items."
    assert pairs["Stack"].positive.startswith("public Stack(int capacity) {\n    items.ensureCapacity(capacity);")
    assert pairs["push"].query == "Pushes an item onto the top of this stack."
    assert pairs["push"].positive == (
        "@Override\npublic T push(T item) {\n    items.add(item);\n    size++;\n    return item;\n}"
    )
    assert stats["functions"] == 3  # the abstract method has no body


def test_javascript_pairs(tmp_path: Path) -> None:
    pairs, _ = _mine(_write(tmp_path, {"lib/util.js": JS_SOURCE}))
    assert sorted(pairs) == ["doubleAll", "formatName", "pop", "sum"]
    assert pairs["sum"].query == "Sum all numbers in a list."
    assert pairs["sum"].positive.startswith("export function sum(xs) {")
    assert pairs["doubleAll"].positive.startswith("const doubleAll = (xs) => {")
    assert pairs["doubleAll"].positive.endswith("  return out;\n};")
    assert pairs["formatName"].query == 'Format a user\'s name as "Last, First".'
    assert pairs["formatName"].positive.startswith("User.prototype.formatName = function () {")
    assert pairs["pop"].positive == (
        "pop() {\n  const item = this.items[0];\n  this.items = this.items.slice(1);\n  return item;\n}"
    )
    assert all("/**" not in pair.positive for pair in pairs.values())


def test_typescript_pairs(tmp_path: Path) -> None:
    pairs, _ = _mine(_write(tmp_path, {"src/server.ts": TS_SOURCE, "src/hello.tsx": TSX_SOURCE}))
    assert sorted(pairs) == ["Hello", "parsePort", "start"]
    assert pairs["parsePort"].query == "Parse a port number from a string."
    assert pairs["start"].query == "Start listening on the configured port."
    assert pairs["start"].positive.startswith("@logged\npublic async start(): Promise<void> {\n  await this.bind();")
    assert pairs["Hello"].path == "src/hello.tsx"
    assert pairs["Hello"].positive.endswith('return <div className="hello">{text}</div>;\n}')
    assert {pair.language for pair in pairs.values()} == {"typescript"}


def test_rust_pairs(tmp_path: Path) -> None:
    pairs, stats = _mine(_write(tmp_path, {"src/lib.rs": RUST_SOURCE}))
    assert sorted(pairs) == ["bump", "max"]
    assert pairs["max"].query == "Returns the larger of two integers, preferring the first on ties."
    assert pairs["max"].positive == RUST_SOURCE.split("/// ```\n")[2].split("\n\n")[0]
    assert pairs["max"].positive.startswith("#[inline]\npub fn max")
    assert pairs["bump"].query == "Increments the counter by one `Step`."
    assert pairs["bump"].positive.startswith("fn bump(&mut self) {\n    self.count += 1;")
    assert stats["functions"] == 4


def test_clean_query() -> None:
    assert clean_query("Returns {@code true} if {@link java.util.List#isEmpty() empty}.\n<p>More.") == (
        "Returns true if empty."
    )
    assert clean_query("Reads a [file](https://example.com/f) into a <b>buffer</b>.\n\nDetails.") == (
        "Reads a file into a buffer."
    )
    assert clean_query("Compute the thing:\n>>> compute()\n1") == "Compute the thing:"
    assert clean_query("  Spread\n   over\tlines  \nArgs:\n  x: nothing") == "Spread over lines"
    assert clean_query("@return nothing at all") == ""


def test_bad_files_are_skipped_and_counted(tmp_path: Path) -> None:
    good = "def keep_me(x):\n    '''Keep this function please.'''\n    a = x\n    b = a\n    c = b\n    return c\n"
    _write(
        tmp_path,
        {
            "good.py": good,
            "latin1.py": "# caf\xe9\n".encode("latin-1") + good.encode(),
            "binary.py": bytes(range(256)) * 4,
            "broken.py": "def broken(:\n    pass\n",
            "notes.txt": "not a source file",
        },
    )
    (tmp_path / "ghost.py").symlink_to(tmp_path / "missing.py")  # dangling: cannot be read
    pairs, stats = _mine(tmp_path)
    assert list(pairs) == ["keep_me"] and pairs["keep_me"].path == "good.py"
    assert stats["files_skipped"] == {"binary": 1, "not_utf8": 1, "syntax_error": 1, "unreadable": 1, "too_large": 0}
    assert stats["files_mined"] == {"python": 1}

    _, small = _mine(tmp_path, settings=MiningSettings(max_file_bytes=10))
    assert small["files_skipped"]["too_large"] == 4  # checked before reading


def test_crlf_and_bom_are_normalised(tmp_path: Path) -> None:
    source = "\ufeffdef f(x):\r\n    '''Return x plus three.'''\r\n    y = x\r\n    y += 3\r\n    return y\r\n"
    pairs, _ = _mine(_write(tmp_path, {"crlf.py": source.encode("utf-8")}))
    assert pairs["f"].positive == "def f(x):\n    y = x\n    y += 3\n    return y"


def test_duplicates_are_removed(tmp_path: Path) -> None:
    function = "def twin(x):\n    '''Return x doubled for sure.'''\n    y = x\n    y *= 2\n    return y\n"
    other_doc = function.replace("doubled for sure", "times two, always")
    _write(tmp_path, {"a.py": function, "b.py": function, "c.py": other_doc})
    pairs, stats = mine_pairs([tmp_path], progress=False)
    assert [(pair.path, pair.query) for pair in pairs] == [
        ("a.py", "Return x doubled for sure."),
        ("c.py", "Return x times two, always."),
    ]
    assert stats["duplicates"] == 1


def test_excluded_directories(tmp_path: Path) -> None:
    function = "def helper_{i}(x):\n    '''Return the input unchanged.'''\n    y = x\n    z = y\n    return z + {i}\n"
    directories = ["pkg", "pkg/tests", "test", ".hidden"]
    _write(tmp_path, {f"{d}/m.py": function.format(i=i) for i, d in enumerate(directories)})
    everything, _ = mine_pairs([tmp_path], exclude_dirs=(), progress=False)
    assert sorted(p.path for p in everything) == ["pkg/m.py", "pkg/tests/m.py", "test/m.py"]  # hidden dirs never
    default, _ = mine_pairs([tmp_path], progress=False)  # not the stdlib: nothing excluded by default
    assert len(default) == 3
    kept, _ = mine_pairs([tmp_path], exclude_dirs=mining.STDLIB_EXCLUDED_DIRS, progress=False)
    assert [p.path for p in kept] == ["pkg/m.py"]
    assert mining._default_excludes(mining.stdlib_root()) == mining.STDLIB_EXCLUDED_DIRS
    assert mining._default_excludes(mining.stdlib_root() / "email") == mining.STDLIB_EXCLUDED_DIRS
    assert mining._default_excludes(tmp_path) == frozenset()


def _many_pairs(n_files: int) -> list[Pair]:
    """Three pairs per file."""
    return [
        Pair(f"query {i} {j}", f"code {i} {j}", "python", f"dir{i % 7}/file{i}.py", f"f{j}")
        for i in range(n_files)
        for j in range(3)
    ]


def test_splits_are_disjoint_by_file_and_deterministic() -> None:
    pairs = _many_pairs(300)
    splits = split_by_file(pairs)
    files = {name: {pair.path for pair in split} for name, split in splits.items()}
    assert files["train"].isdisjoint(files["dev"] | files["test"]) and files["dev"].isdisjoint(files["test"])
    assert sum(len(split) for split in splits.values()) == len(pairs)
    assert all(len(split) % 3 == 0 for split in splits.values())  # the 3 pairs of a file stay together
    assert 0.7 < len(files["train"]) / 300 < 0.9 and len(files["dev"]) > 10 and len(files["test"]) > 10
    assert split_by_file(pairs) == splits
    assert split_by_file(pairs, seed=1) != splits
    assert split_by_file(pairs, fractions=(1.0, 0.0, 0.0))["train"] == pairs
    assert {split_of("x.py", (0.0, 0.0, 1.0), seed) for seed in range(20)} == {"test"}
    with pytest.raises(ValueError, match="fractions"):
        split_by_file(pairs, fractions=(0.8, 0.3, 0.1))


def test_max_pairs_sample_is_seeded(tmp_path: Path) -> None:
    function = "def f_{i}(x):\n    '''Return the value number {i}.'''\n    y = x\n    z = y\n    return z + {i}\n"
    _write(tmp_path, {f"m{i:02d}.py": function.format(i=i) for i in range(30)})
    first, stats = mine_pairs([tmp_path], max_pairs=10, seed=3, progress=False)
    again, _ = mine_pairs([tmp_path], max_pairs=10, seed=3, progress=False)
    other, _ = mine_pairs([tmp_path], max_pairs=10, seed=4, progress=False)
    assert len(first) == 10 and first == again and first != other
    assert [p.path for p in first] == sorted(p.path for p in first)  # source order is kept
    assert stats["dropped_by_max_pairs"] == 20 and stats["pairs"] == 10


def test_cli_writes_dataset(tmp_path: Path) -> None:
    src = _write(tmp_path / "src", {"a/mod.py": PYTHON_SOURCE, "b/lib.rs": RUST_SOURCE, "c/geo.go": GO_SOURCE})
    out = tmp_path / "out"
    assert main(["mine", str(src), "--output-dir", str(out), "--languages", "python", "rust", "--no-progress"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["dev.jsonl", "stats.json", "test.jsonl", "train.jsonl"]
    rows = {
        split: [json.loads(line) for line in (out / f"{split}.jsonl").read_text(encoding="utf-8").splitlines()]
        for split in mining.SPLITS
    }
    all_rows = [row for split_rows in rows.values() for row in split_rows]
    assert sorted(row["name"] for row in all_rows) == ["add", "bump", "greet", "max"]
    assert all(list(row) == ["query", "positive", "language", "path", "name"] for row in all_rows)
    for split, split_rows in rows.items():
        assert all(split_of(row["path"]) == split for row in split_rows)
    stats = json.loads((out / "stats.json").read_text())
    assert stats["splits"] == {split: len(split_rows) for split, split_rows in rows.items()}
    assert stats["pairs_per_language"] == {"python": 2, "rust": 2}


def test_cli_errors_name_the_bad_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere"
    cases = [
        ([str(missing), "--output-dir", str(tmp_path / "o")], f"error: SRC: no such file or folder: {missing}"),
        ([str(tmp_path), "--output-dir", str(tmp_path / "o"), "--languages", "python", "cobol"],
         "error: --languages: invalid choice: 'cobol'"),
        ([str(tmp_path), "--output-dir", str(tmp_path / "o"), "--fractions", "0.5", "0.5"],
         "error: --fractions: expected 3 non-negative numbers summing to 1, got [0.5, 0.5]"),
    ]
    for argv, expected in cases:
        try:  # argparse's own errors exit; the package's return the code from main
            code = main(["mine", *argv])
        except SystemExit as exit_info:
            code = exit_info.code
        assert code == 2
        (line,) = capsys.readouterr().err.splitlines()
        assert line.startswith(expected)
    assert not (tmp_path / "o").exists()


def test_real_stdlib_subset() -> None:
    root = mining.stdlib_root()
    pairs, stats = mine_pairs([root / "json", root / "email"], languages=["python"], progress=False)
    assert len(pairs) >= 50
    assert sum(stats["files_skipped"].values()) == 0
    dumps = next(pair for pair in pairs if pair.path == "__init__.py" and pair.name == "dumps")
    assert dumps.query.startswith("Serialize ``obj`` to a JSON formatted ``str``.")
    assert dumps.positive.startswith("def dumps(") and '"""' not in dumps.positive
    assert all(len(pair.query.split()) >= 3 and len(pair.positive.splitlines()) >= 4 for pair in pairs)
