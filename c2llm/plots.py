"""Matplotlib without a display, and figures written atomically as PNG: the pictures of reports."""

from __future__ import annotations

from pathlib import Path

from .atomic import atomic_write


def pyplot():
    """``matplotlib.pyplot`` on the Agg backend (no display needed), imported on first use."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_png(fig, path: Path) -> None:
    """Write ``fig`` to ``path`` as a PNG, atomically, and close it."""
    atomic_write(path, lambda file: fig.savefig(file, format="png", dpi=110), mode="wb")
    pyplot().close(fig)
