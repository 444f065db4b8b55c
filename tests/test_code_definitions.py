"""c2llm.code: the language table, and the definitions of a small real snippet per language (exact names, kinds and
line spans)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from c2llm.code import (
    CODE_LANGUAGES,
    PARSED_LANGUAGES,
    definitions,
    get_language,
    language_of,
    parses_cleanly,
)


@dataclass(frozen=True)
class Case:
    path: str
    text: str
    definitions: list[tuple[str, str, int, int]]  # (kind, qualified name, first line, last line)


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
        # the decorator belongs to the class
        [("class", "Store", 9, 17), ("method", "Store.put", 13, 14), ("method", "Store.get", 16, 17),
         ("function", "load", 20, 22)]),
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
         ("method", "Circle.constructor", 11, 13), ("method", "Circle.area", 15, 17)]),
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
         ("method", "Stack.push", 9, 11), ("method", "Stack.size", 13, 15), ("function", "empty", 18, 18)]),
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
        [("class", "Stack", 5, 8), ("method", "Stack.Push", 10, 13), ("function", "New", 15, 17)]),
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
         ("class", "Stack.Visitor", 18, 20), ("method", "Stack.Visitor.visit", 19, 19)]),
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
         ("method", "Sized2.size", 22, 22), ("function", "main", 25, 27)]),
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
         ("function", "main", 20, 24)]),
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
         ("method", "geo.Circle.area", 16, 18), ("function", "biggest", 22, 25)]),
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
         ("method", "Shapes.IShape.Area", 21, 21)]),
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
         ("class", "Registry", 18, 20), ("method", "Registry.size", 19, 19), ("function", "biggest", 22, 22)]),
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
         ("method", "Shape.area", 19, 19)]),
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
         ("class", "Shape", 18, 22), ("method", "Shape.init", 19, 21), ("function", "greet", 24, 26)]),
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
        [("class", "User", 7, 18), ("method", "User.name", 14, 17), ("function", "helper", 20, 23)]),
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
         ("method", "Collections.Stack.empty", 14, 16), ("function", "helper", 20, 20)]),
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
         ("function", "MyApp.Stack.size", 9, 10), ("function", "MyApp.Stack.check", 12, 14)]),
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
         ("function", "size", 18, 20)]),
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
        [("function", "M.push", 3, 6), ("method", "M.size", 8, 10), ("function", "helper", 12, 14)]),
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
        [("class", "Stack", 3, 10), ("method", "Stack.push", 7, 9), ("function", "main", 12, 14)]),
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
        [("function", "greet", 4, 7), ("function", "cleanup", 9, 11)]),
}


def test_the_cases_cover_every_language_with_a_grammar():
    assert sorted(CASES) == sorted(PARSED_LANGUAGES)
    assert len(PARSED_LANGUAGES) == 19


@pytest.mark.parametrize("language", sorted(CASES))
def test_definitions_of_a_real_snippet(language):
    case = CASES[language]
    assert language_of(case.path) == language
    assert parses_cleanly(case.text, language)  # the snippet is valid code for its grammar
    found = definitions(case.text, language, case.path)
    assert [(d.kind, d.name, d.start_line, d.end_line) for d in found] == case.definitions


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
