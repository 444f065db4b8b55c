"""How an index names its model (shared by both encoders, :mod:`c2llm.search.encoder` and
:mod:`c2llm.search.static_model`)."""

from __future__ import annotations

from pathlib import Path


def model_key(model: str) -> str:
    """How an index records its model: the resolved folder for a local path, else the Hub id as given."""
    path = Path(model).expanduser()
    return str(path.resolve()) if path.exists() else model
