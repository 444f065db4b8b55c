"""c2llm.code: the language table, definitions and chunks of a small real snippet per language (exact names, kinds and
line spans), a large class cut by methods, and line windows for what does not parse."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from c2llm.code import (
    CHUNK_CHARS,
    CODE_LANGUAGES,
    PARSED_LANGUAGES,
    Chunk,
    chunks,
    definitions,
    embedding_text,
    get_language,
    language_of,
    parses_cleanly,
)

SMALL = 8  # a budget in lines that cuts the snippets below, so that chunk boundaries show


@dataclass(frozen=True)
class Case:
    path: str
    text: str
    definitions: list[tuple[str, str, int, int]]  # (kind, qualified name, first line, last line)
    chunks: list[tuple[int, int, str, tuple[str, ...]]]  # (first line, last line, kind, names) at SMALL lines


def assert_partition(text: str, found: list[Chunk]) -> None:
    """Chunks are in order, hold their lines exactly, have no blank edges, and cover every non-blank line once."""
    lines = text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")
    seen = [0] * (len(lines) + 1)
    previous_end = 0
    for chunk in found:
        assert previous_end < chunk.start_line <= chunk.end_line <= len(lines)
        assert chunk.text == "\n".join(lines[chunk.start_line - 1 : chunk.end_line])
        assert lines[chunk.start_line - 1].strip() and lines[chunk.end_line - 1].strip()
        for line in range(chunk.start_line, chunk.end_line + 1):
            seen[line] += 1
        previous_end = chunk.end_line
    assert [number for number, line in enumerate(lines, 1) if line.strip() and seen[number] != 1] == []


CASES = {
    "python": Case("pkg/store.py", '''\
"""A tiny key-value store."""
import json


# Default capacity.
LIMIT = 3


@dataclass
class Store:
    """Keeps items in memory."""

    def put(self, key, value):
        self.items[key] = value

    async def get(self, key):
        return self.items.get(key)


def load(path):
    with open(path) as handle:
        return json.load(handle)
''',
        # the decorator belongs to the class; the comment above LIMIT to LIMIT's chunk
        [("class", "Store", 9, 17), ("method", "Store.put", 13, 14), ("method", "Store.get", 16, 17),
         ("function", "load", 20, 22)],
        # Store is 9 lines: cut, then its two-line tail (get) glued back rather than left alone
        [(1, 6, "code", ()), (9, 17, "class", ("Store",)), (20, 22, "function", ("load",))]),
    "javascript": Case("web/shape.js", '''\
import { PI } from "./math.js";

/** Add two numbers. */
export function add(a, b) {
  return a + b;
}

const mul = (a, b) => a * b;

class Circle {
  constructor(r) {
    this.r = r;
  }

  area() {
    return PI * this.r ** 2;
  }
}

[1, 2].map((x) => x + 1);
''',
        # the JSDoc and `export` belong to add; an arrow bound by `const` is named; the callback is no definition
        [("function", "add", 3, 6), ("function", "mul", 8, 8), ("class", "Circle", 10, 18),
         ("method", "Circle.constructor", 11, 13), ("method", "Circle.area", 15, 17)],
        [(1, 8, "function", ("add", "mul")), (10, 13, "method", ("Circle.constructor",)),
         (15, 18, "method", ("Circle.area",)), (20, 20, "code", ())]),
    "typescript": Case("src/stack.ts", '''\
export interface Sized {
  size(): number;
}

/** A last-in, first-out stack. */
export class Stack<T> implements Sized {
  private items: T[] = [];

  push(item: T): void {
    this.items.push(item);
  }

  size(): number {
    return this.items.length;
  }
}

export const empty = <T>(): Stack<T> => new Stack<T>();
''',
        [("class", "Sized", 1, 3), ("method", "Sized.size", 2, 2), ("class", "Stack", 5, 16),
         ("method", "Stack.push", 9, 11), ("method", "Stack.size", 13, 15), ("function", "empty", 18, 18)],
        # the class head (doc, `export class ... {`, the field) goes with the first method
        [(1, 3, "class", ("Sized",)), (5, 11, "method", ("Stack.push",)), (13, 16, "method", ("Stack.size",)),
         (18, 18, "function", ("empty",))]),
    "go": Case("stack/stack.go", '''\
package stack

import "errors"

// Stack holds items.
type Stack[T any] struct {
\titems []T
}

// Push adds an item.
func (s *Stack[T]) Push(x T) {
\ts.items = append(s.items, x)
}

func New[T any]() *Stack[T] {
\treturn &Stack[T]{}
}

var ErrEmpty = errors.New("empty")
''',
        # a method is named by its receiver type, without type parameters
        [("class", "Stack", 5, 8), ("method", "Stack.Push", 10, 13), ("function", "New", 15, 17)],
        # the one-line var cannot join New within the budget and does not stand alone
        [(1, 8, "class", ("Stack",)), (10, 19, "method", ("Stack.Push", "New"))]),
    "java": Case("src/main/java/demo/Stack.java", '''\
package demo;

import java.util.ArrayList;

/** A last-in, first-out stack. */
public class Stack<T> {
    private final ArrayList<T> items = new ArrayList<>();

    public Stack() {
    }

    /** Pushes an item. */
    @Override
    public void push(T item) {
        items.add(item);
    }

    interface Visitor {
        void visit(Object item);
    }
}
''',
        [("class", "Stack", 5, 21), ("method", "Stack.Stack", 9, 10), ("method", "Stack.push", 12, 16),
         ("class", "Stack.Visitor", 18, 20), ("method", "Stack.Visitor.visit", 19, 19)],
        [(1, 7, "class", ("Stack",)), (9, 16, "method", ("Stack.Stack", "Stack.push")),
         (18, 21, "class", ("Stack.Visitor",))]),
    "rust": Case("src/stack.rs", '''\
use std::fmt;

/// A last-in, first-out stack.
#[derive(Debug, Default)]
pub struct Stack<T> {
    items: Vec<T>,
}

impl<T> Stack<T> {
    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }
}

impl<T> fmt::Display for Stack<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{} items", self.items.len())
    }
}

pub trait Sized2 {
    fn size(&self) -> usize;
}

fn main() {
    println!("hi");
}
''',
        # doc comment and attribute belong to the struct; an impl (of a trait too) is named by its type
        [("class", "Stack", 3, 7), ("class", "Stack", 9, 13), ("method", "Stack.push", 10, 12),
         ("class", "Stack", 15, 19), ("method", "Stack.fmt", 16, 18), ("class", "Sized2", 21, 23),
         ("method", "Sized2.size", 22, 22), ("function", "main", 25, 27)],
        [(1, 7, "class", ("Stack",)), (9, 13, "class", ("Stack",)), (15, 19, "class", ("Stack",)),
         (21, 27, "class", ("Sized2", "main"))]),
    "c": Case("src/point.c", '''\
#include <stdio.h>

/* A point in the plane. */
struct point {
    int x;
    int y;
};

typedef struct {
    int w, h;
} size;

static int add(int a, int b)
{
    return a + b;
}

int *make(void);

int main(void)
{
    printf("%d\\n", add(1, 2));
    return 0;
}
''',
        # an anonymous struct takes its typedef name; a prototype is no definition
        [("class", "point", 3, 7), ("class", "size", 9, 11), ("function", "add", 13, 16),
         ("function", "main", 20, 24)],
        [(1, 7, "class", ("point",)), (9, 16, "class", ("size", "add")), (18, 24, "function", ("main",))]),
    "cpp": Case("src/shape.cpp", '''\
#include <cmath>

namespace geo {

// A shape with an area.
class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
    int sides() const { return sides_; }

private:
    int sides_ = 0;
};

double Circle::area() const {
    return M_PI * r_ * r_;
}

}  // namespace geo

template <typename T>
T biggest(T a, T b) {
    return a > b ? a : b;
}
''',
        # namespaces qualify; `Circle::area` is a method defined out of its class; `template <...>` belongs to it
        [("class", "geo.Shape", 5, 14), ("method", "geo.Shape.~Shape", 8, 8), ("method", "geo.Shape.sides", 10, 10),
         ("method", "geo.Circle.area", 16, 18), ("function", "biggest", 22, 25)],
        # the namespace's closing line goes with its last child
        [(1, 8, "method", ("geo.Shape.~Shape",)), (9, 14, "method", ("geo.Shape.sides",)),
         (16, 20, "method", ("geo.Circle.area",)), (22, 25, "function", ("biggest",))]),
    "csharp": Case("Shapes/Circle.cs", '''\
using System;

namespace Shapes
{
    /// <summary>A circle.</summary>
    [Serializable]
    public class Circle : IShape
    {
        public Circle(double radius)
        {
            Radius = radius;
        }

        public double Radius { get; }

        public double Area() => Math.PI * Radius * Radius;
    }

    public interface IShape
    {
        double Area();
    }
}
''',
        [("class", "Shapes.Circle", 5, 17), ("method", "Shapes.Circle.Circle", 9, 12),
         ("method", "Shapes.Circle.Area", 16, 16), ("class", "Shapes.IShape", 19, 22),
         ("method", "Shapes.IShape.Area", 21, 21)],
        [(1, 7, "class", ("Shapes.Circle",)), (8, 17, "method", ("Shapes.Circle.Circle", "Shapes.Circle.Area")),
         (19, 23, "class", ("Shapes.IShape",))]),
    "kotlin": Case("src/main/kotlin/Stack.kt", '''\
package demo

import kotlin.math.max

/** A last-in, first-out stack. */
class Stack<T> {
    private val items = mutableListOf<T>()

    fun push(item: T) {
        items.add(item)
    }

    companion object {
        fun <T> empty() = Stack<T>()
    }
}

object Registry {
    fun size(): Int = 0
}

fun biggest(a: Int, b: Int): Int = max(a, b)
''',
        # an unnamed companion object adds no name: its functions read as the class's
        [("class", "Stack", 5, 16), ("method", "Stack.push", 9, 11), ("method", "Stack.empty", 14, 14),
         ("class", "Registry", 18, 20), ("method", "Registry.size", 19, 19), ("function", "biggest", 22, 22)],
        [(1, 7, "class", ("Stack",)), (9, 16, "method", ("Stack.push", "Stack.empty")),
         (18, 22, "class", ("Registry", "biggest"))]),
    "scala": Case("src/main/scala/Stack.scala", '''\
package demo

import scala.collection.mutable

/** A last-in, first-out stack. */
class Stack[A] {
  private val items = mutable.ListBuffer.empty[A]

  def push(x: A): Unit = items.prepend(x)

  def size: Int = items.size
}

object Stack {
  def empty[A]: Stack[A] = new Stack[A]
}

trait Shape {
  def area: Double
}
''',
        [("class", "Stack", 5, 12), ("method", "Stack.push", 9, 9), ("method", "Stack.size", 11, 11),
         ("class", "Stack", 14, 16), ("method", "Stack.empty", 15, 15), ("class", "Shape", 18, 20),
         ("method", "Shape.area", 19, 19)],
        [(1, 6, "class", ("Stack",)), (7, 12, "method", ("Stack.push", "Stack.size")),
         (14, 20, "class", ("Stack", "Shape"))]),
    "swift": Case("Sources/Stack.swift", '''\
import Foundation

/// A last-in, first-out stack.
struct Stack<Element> {
    private var items: [Element] = []

    mutating func push(_ item: Element) {
        items.append(item)
    }
}

extension Stack {
    var top: Element? {
        items.last
    }
}

class Shape {
    init(sides: Int) {
        self.sides = sides
    }
}

func greet(_ name: String) -> String {
    return "Hello, \\(name)"
}
''',
        # struct, extension and class are all class declarations to the grammar; `init` has no name node
        [("class", "Stack", 3, 10), ("method", "Stack.push", 7, 9), ("class", "Stack", 12, 16),
         ("class", "Shape", 18, 22), ("method", "Shape.init", 19, 21), ("function", "greet", 24, 26)],
        [(1, 4, "class", ("Stack",)), (5, 10, "method", ("Stack.push",)), (12, 16, "class", ("Stack",)),
         (18, 22, "class", ("Shape",)), (24, 26, "function", ("greet",))]),
    "php": Case("src/Models/User.php", '''\
<?php

namespace App\\Models;

use Illuminate\\Database\\Eloquent\\Model;

/**
 * A registered user.
 */
class User extends Model
{
    protected $fillable = ['name'];

    public function name(): string
    {
        return $this->name;
    }
}

function helper($value)
{
    return $value;
}
''',
        # a `namespace X;` statement holds nothing, so it qualifies nothing
        [("class", "User", 7, 18), ("method", "User.name", 14, 17), ("function", "helper", 20, 23)],
        [(1, 5, "code", ()), (7, 12, "class", ("User",)), (14, 18, "method", ("User.name",)),
         (20, 23, "function", ("helper",))]),
    "ruby": Case("lib/collections/stack.rb", '''\
require "json"

module Collections
  # A last-in, first-out stack.
  class Stack
    def initialize
      @items = []
    end

    def push(item)
      @items.push(item)
    end

    def self.empty
      new
    end
  end
end

def helper(x) = x * 2
''',
        # the comment lies outside the class's body node, above the class: it still belongs to it
        [("class", "Collections", 3, 18), ("class", "Collections.Stack", 4, 17),
         ("method", "Collections.Stack.initialize", 6, 8), ("method", "Collections.Stack.push", 10, 12),
         ("method", "Collections.Stack.empty", 14, 16), ("function", "helper", 20, 20)],
        [(1, 8, "method", ("Collections.Stack.initialize",)), (10, 12, "method", ("Collections.Stack.push",)),
         (14, 18, "method", ("Collections.Stack.empty",)), (20, 20, "function", ("helper",))]),
    "elixir": Case("lib/my_app/stack.ex", '''\
defmodule MyApp.Stack do
  @moduledoc "A last-in, first-out stack."

  alias MyApp.Item

  @doc "Pushes an item."
  def push(stack, %Item{} = item), do: [item | stack]

  def size([]), do: 0
  def size([_ | rest]), do: 1 + size(rest)

  defp check(stack) when is_list(stack) do
    stack
  end
end
''',
        # definitions are macro calls; `@doc` belongs to its function; the two clauses of size are one function;
        # a module's functions stay functions
        [("class", "MyApp.Stack", 1, 15), ("function", "MyApp.Stack.push", 6, 7),
         ("function", "MyApp.Stack.size", 9, 10), ("function", "MyApp.Stack.check", 12, 14)],
        [(1, 7, "function", ("MyApp.Stack.push",)), (9, 15, "function", ("MyApp.Stack.size", "MyApp.Stack.check"))]),
    "haskell": Case("src/Data/Stack.hs", '''\
module Data.Stack (Stack, push) where

import Data.List (sort)

-- | A last-in, first-out stack.
newtype Stack a = Stack [a]

class Container f where
  empty :: f a

instance Container Stack where
  empty = Stack []

-- | Push an item.
push :: a -> Stack a -> Stack a
push x (Stack xs) = Stack (x : xs)

size :: Stack a -> Int
size (Stack []) = 0
size (Stack (_ : xs)) = 1 + size (Stack xs)
''',
        # the signature and the equations of a function are one definition; an instance is named by its type.
        # The grammar puts the haddock above the first declaration inside the imports node, so Stack starts at 6.
        [("class", "Stack", 6, 6), ("class", "Container", 8, 9), ("method", "Container.empty", 9, 9),
         ("class", "Stack", 11, 12), ("method", "Stack.empty", 12, 12), ("function", "push", 14, 16),
         ("function", "size", 18, 20)],
        [(1, 6, "class", ("Stack",)), (8, 12, "class", ("Container", "Stack")),
         (14, 20, "function", ("push", "size"))]),
    "lua": Case("lua/stack.lua", '''\
local M = {}

--- Push an item.
function M.push(stack, item)
  table.insert(stack, item)
end

function M:size()
  return #self.items
end

local function helper(x)
  return x * 2
end

return M
''',
        # `M.f` is a module function, `M:f` a method
        [("function", "M.push", 3, 6), ("method", "M.size", 8, 10), ("function", "helper", 12, 14)],
        [(1, 6, "function", ("M.push",)), (8, 16, "method", ("M.size", "helper"))]),
    "zig": Case("src/stack.zig", '''\
const std = @import("std");

/// A stack of integers.
pub const Stack = struct {
    items: []i32,

    pub fn push(self: *Stack, x: i32) void {
        self.items[0] = x;
    }
};

pub fn main() void {
    std.debug.print("hi\\n", .{});
}
''',
        # a struct bound to a constant is a class named by the constant
        [("class", "Stack", 3, 10), ("method", "Stack.push", 7, 9), ("function", "main", 12, 14)],
        [(1, 4, "class", ("Stack",)), (5, 10, "method", ("Stack.push",)), (12, 14, "function", ("main",))]),
    "bash": Case("scripts/deploy.sh", '''\
#!/usr/bin/env bash
set -euo pipefail

# Print a greeting.
greet() {
  echo "hello $1"
}

function cleanup {
  rm -rf "$TMP"
}

greet world
''',
        [("function", "greet", 4, 7), ("function", "cleanup", 9, 11)],
        [(1, 7, "function", ("greet",)), (9, 13, "function", ("cleanup",))]),
}


def test_the_cases_cover_every_language_with_a_grammar():
    assert sorted(CASES) == sorted(PARSED_LANGUAGES)
    assert len(PARSED_LANGUAGES) == 19


@pytest.mark.parametrize("language", sorted(CASES))
def test_definitions_and_chunks_of_a_real_snippet(language):
    case = CASES[language]
    assert language_of(case.path) == language
    assert parses_cleanly(case.text, language)  # the snippet is valid code for its grammar
    found = definitions(case.text, language, case.path)
    assert [(d.kind, d.name, d.start_line, d.end_line) for d in found] == case.definitions
    cut = chunks(case.path, case.text, max_lines=SMALL)
    assert [(c.start_line, c.end_line, c.kind, c.names) for c in cut] == case.chunks
    assert_partition(case.text, cut)
    assert {c.language for c in cut} == {language} and {c.path for c in cut} == {case.path}
    (whole,) = chunks(case.path, case.text)  # within the default budget a small file is one chunk
    assert_partition(case.text, [whole])


def test_a_large_class_is_cut_between_methods_and_small_siblings_are_merged():
    method = '''
    def method_{i}(self, value):
        """Return the value plus {i}, and remember the call."""
        result = value + {i}
        self.calls.append(("method_{i}", value, result))
        return result
'''
    text = ('import os\nimport sys\n\nLIMIT = 10\n\n\nclass Big:\n    """A class too large for one chunk."""\n'
            + "".join(method.format(i=i) for i in range(10))
            + '\n\ndef helper():\n    return LIMIT\n\n\nif __name__ == "__main__":\n    print(helper())\n')
    found = chunks("pkg/big.py", text)
    # method_i spans lines 10 + 6i .. 14 + 6i and takes 197 characters: seven of them and the class head fit in
    # 1,500 characters, the eighth does not
    assert [(c.start_line, c.end_line, c.kind) for c in found] == [
        (1, 4, "code"), (7, 50, "method"), (52, 68, "method"), (71, 76, "function")]
    assert found[1].names == tuple(f"Big.method_{i}" for i in range(7))
    assert found[2].names == ("Big.method_7", "Big.method_8", "Big.method_9")
    assert found[3].names == ("helper",)  # the `if __name__` block joined the function before it
    assert max(len(c.text) for c in found) <= CHUNK_CHARS
    assert_partition(text, found)


def test_a_split_function_keeps_its_name_on_every_piece():
    body = "".join(f"    total += {i}\n" for i in range(30))
    text = f"def accumulate(total):\n{body}    return total\n"
    found = chunks("acc.py", text, max_lines=10)
    # the body is cut between statements; the last statement is too short to stand alone
    assert [(c.start_line, c.end_line, c.names, c.kind) for c in found] == [
        (1, 10, ("accumulate",), "function"), (11, 20, ("accumulate",), "function"),
        (21, 32, ("accumulate",), "function")]
    assert_partition(text, found)


def test_an_unparsable_file_falls_back_to_line_windows():
    # Objective-C in a .h file: the C grammar fails on most of it
    text = """#import <Foundation/Foundation.h>

@interface Stack : NSObject

@property (nonatomic, strong) NSMutableArray *items;

- (void)push:(id)item;
- (id)pop;
- (NSUInteger)count;

@end

@implementation Stack

- (void)push:(id)item {
    [self.items addObject:item];
}

- (id)pop {
    id last = [self.items lastObject];
    [self.items removeLastObject];
    return last;
}

@end
"""
    found = chunks("Stack.h", text, max_lines=SMALL)
    # a full window is cut at its last blank line in its second half, where there is one; the last window would
    # have held only `}` and `@end`, too short to stand alone
    assert [(c.start_line, c.end_line, c.kind, c.names, c.language) for c in found] == [
        (1, 5, "window", (), "c"), (7, 13, "window", (), "c"), (15, 25, "window", (), "c")]
    assert_partition(text, found)


def test_languages_without_a_grammar_are_cut_into_windows():
    paragraphs = ["Install the package.\nRun the tests.\nRead the docs.", "Build the index.\nSearch it.\nServe it.",
                  "Train a model.\nEvaluate it.\nShip it.", "Ask questions.\nFile issues.\nSend patches."]
    text = "# Notes\n\n" + "\n\n".join(paragraphs) + "\n"
    found = chunks("docs/notes.md", text, max_lines=5)
    # a window that must be cut ends at its last blank line in its second half: here, one paragraph each
    assert [(c.start_line, c.end_line, c.kind, c.names) for c in found] == [
        (1, 5, "window", ()), (7, 9, "window", ()), (11, 13, "window", ()), (15, 17, "window", ())]
    assert {c.language for c in found} == {"markdown"}
    assert_partition(text, found)
    assert definitions(text, "markdown") == []
    assert chunks("empty.py", "\n\n") == [] and chunks("empty.txt", "") == []


def test_embedding_text_is_path_names_and_text():
    (chunk,) = chunks("pkg/m.py", "import os\n\n\ndef f():\n    return os.sep\n")
    assert (chunk.name, chunk.kind) == ("f", "function")
    assert embedding_text(chunk) == "pkg/m.py\nf\nimport os\n\n\ndef f():\n    return os.sep"
    (chunk,) = chunks("pkg/m.py", "import os\nprint(os.sep)\n")
    assert (chunk.name, chunk.kind, embedding_text(chunk)) == (None, "code", "pkg/m.py\nimport os\nprint(os.sep)")


def test_the_language_table():
    assert [language_of(path) for path in ("a/B.kt", "x.TSX", "Dockerfile", "lib/tasks/Rakefile", "run.zsh",
                                           "README.md", "setup.cfg", "data.bin")] == [
        "kotlin", "typescript", "dockerfile", "ruby", "bash", "markdown", "ini", "text"]
    assert {"python", "zig", "sql", "makefile"} <= CODE_LANGUAGES
    assert not {"markdown", "json", "yaml", "text"} & CODE_LANGUAGES
    assert (get_language("haskell").line_comment, get_language("haskell").block_comment) == ("--", ("{-", "-}"))
    assert get_language("lua").line_comment == "--" and get_language("python").block_comment is None
    with pytest.raises(KeyError, match="Unknown language 'cobol'"):
        get_language("cobol")


def test_tsx_files_use_the_tsx_grammar():
    text = "export function App() {\n  return <div className=\"app\">hi</div>;\n}\n"
    assert [(d.name, d.start_line, d.end_line) for d in definitions(text, "typescript", "src/App.tsx")] == [
        ("App", 1, 3)]
    assert not parses_cleanly(text, "typescript")  # the plain TypeScript grammar has no JSX
