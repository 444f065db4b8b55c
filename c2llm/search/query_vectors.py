"""A static model's query vectors without numpy: its import is about 0.09 s of a 0.33 s one-shot ``c2llm search``,
and a query needs only the few rows of its tokens.

The rows are read by offset from the folder's ``model.safetensors`` (the format: an 8-byte little-endian header
length, a JSON header with each tensor's dtype, shape and byte offsets, then the raw little-endian data; the
safetensors package hands rows out only as numpy or torch tensors). The arithmetic replays numpy's float32 steps of
:meth:`~c2llm.search.static_model.StaticVectors.encode` and ``StaticEncoder``'s normalisation in Python floats
rounded to float32 after every operation (exact: a float64 result of one float32 operation rounds to the float32
result). The token rows are summed in order from +0.0, as numpy reduces over a non-contiguous axis, and a norm's
squares by numpy's pairwise summation, as it reduces over a contiguous one. The vectors are numpy's bits (numpy 2.4,
the version ``constraints.txt`` pins; tests/test_static_model.py compares them, so a numpy that sums otherwise fails
there, off by a rounding at most).
"""

from __future__ import annotations

import json
import math
import os
import struct
from array import array
from pathlib import Path

# safetensors dtypes whose rows are read here, as struct codes (other dtypes are encoded with numpy)
ROW_CODES = {"F32": "f", "F16": "e"}
PAIRWISE_BLOCK = 128  # numpy's PW_BLOCKSIZE: below it, eight running sums; above, halves summed recursively
_FLOAT32 = struct.Struct("<f")


class TensorFile:
    """The header of a safetensors file, and rows of its 2-D tensors read by offset."""

    def __init__(self, path: Path):
        with open(path, "rb") as file:
            (size,) = struct.unpack("<Q", file.read(8))
            header = json.loads(file.read(size))
        self.path, self._data = path, 8 + size
        self.tensors: dict[str, dict] = {name: entry for name, entry in header.items() if name != "__metadata__"}
        # a truncated or inconsistent file is refused when read, as the safetensors package refuses it
        end = max((entry["data_offsets"][1] for entry in self.tensors.values()), default=0)
        if os.path.getsize(path) < self._data + end:
            raise ValueError(f"{path.name} is truncated: its header describes {self._data + end:,} bytes")
        for name, entry in self.tensors.items():
            if entry["dtype"] in ROW_CODES:
                begin, stop = entry["data_offsets"]
                if stop - begin != math.prod(entry["shape"]) * struct.calcsize(ROW_CODES[entry["dtype"]]):
                    raise ValueError(f"{path.name}: tensor {name!r} does not fill its byte range")

    def shape(self, name: str) -> list[int]:
        return list(self.tensors[name]["shape"])

    def dtype(self, name: str) -> str:
        return self.tensors[name]["dtype"]

    def rows(self, name: str, indices: list[int]) -> dict[int, list[float]]:
        """Rows ``indices`` of the 2-D tensor ``name`` (a dtype of :data:`ROW_CODES`), by index."""
        entry = self.tensors[name]
        row = struct.Struct(f"<{entry['shape'][1]}{ROW_CODES[entry['dtype']]}")
        start = self._data + entry["data_offsets"][0]
        found = {}
        with open(self.path, "rb") as file:
            for index in sorted(set(indices)):
                file.seek(start + index * row.size)
                found[index] = list(row.unpack(file.read(row.size)))
        return found


def float32(values: list[float]) -> list[float]:
    """Each value rounded to float32."""
    return array("f", values).tolist()


def float16(values: list[float]) -> list[float]:
    """Each value rounded to float16."""
    code = f"<{len(values)}e"
    return list(struct.unpack(code, struct.pack(code, *values)))


def _add32(a: float, b: float) -> float:
    return _FLOAT32.unpack(_FLOAT32.pack(a + b))[0]


def pairwise_sum(values: list[float], start: int = 0, count: int | None = None) -> float:
    """numpy's float32 ``add.reduce`` over a contiguous run of ``values`` (its ``pairwise_sum``)."""
    count = len(values) - start if count is None else count
    if count < 8:
        total = 0.0
        for value in values[start : start + count]:
            total = _add32(total, value)
        return total
    if count <= PAIRWISE_BLOCK:
        sums = values[start : start + 8]
        position = 8
        while position < count - count % 8:
            sums = [_add32(total, value) for total, value in zip(sums, values[start + position : start + position + 8])]
            position += 8
        total = _add32(_add32(_add32(sums[0], sums[1]), _add32(sums[2], sums[3])),
                       _add32(_add32(sums[4], sums[5]), _add32(sums[6], sums[7])))
        for value in values[start + position : start + count]:
            total = _add32(total, value)
        return total
    half = count // 2
    half -= half % 8
    return _add32(pairwise_sum(values, start, half), pairwise_sum(values, start + half, count - half))


def norm(vector: list[float]) -> float:
    """``np.linalg.norm`` of a float32 vector."""
    return float32([math.sqrt(_add32(0.0, pairwise_sum(float32([value * value for value in vector]))))])[0]


def mean(rows: list[list[float]]) -> list[float]:
    """The float32 mean of float32 (or float16) rows, as numpy's ``mean`` over them (float16 ones sum in float32;
    the sum starts from +0.0, which turns a first row's -0.0 into +0.0)."""
    total = [0.0 + value for value in rows[0]]
    for row in rows[1:]:
        total = float32([a + b for a, b in zip(total, row)])
    return float32([value / len(rows) for value in total])


def divided(vector: list[float], divisor: float) -> list[float]:
    """A float32 vector divided by a float32 scalar."""
    return float32([value / divisor for value in vector])
