"""The previous default index model, for comparisons: all-MiniLM-L6-v2 distilled by model2vec's ``distill`` (every
token of the vocabulary through the transformer, PCA to 256 dimensions, Zipf weighting) with no training on code.
The shipped default (``c2llm.search.encoder.SHIPPED_STATIC_MODEL``) starts from the same distillation and is then
trained on a code corpus with tokenlearn (staticmodel/).

Made once into ``~/.cache/c2llm/static/`` (written to a temporary folder and renamed, so a killed distillation
leaves nothing); ``python -m bench.distilled`` prints its folder, for ``--model`` of the benchmarks:

    python -m bench.semble_dev run --model "$(python -m bench.distilled)" --out hits.jsonl
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

from c2llm.search.encoder import DEFAULT_MODEL_NAME, default_model
from c2llm.search.static_model import PCA_DIMS

STATIC_CACHE = Path(os.environ.get("C2LLM_CACHE", Path.home() / ".cache" / "c2llm")) / "static"


def distilled(teacher: str | None = None, name: str | None = None) -> str:
    """The static model distilled from the SentenceTransformer folder ``teacher`` (default all-MiniLM-L6-v2;
    ``name``: how its folder is called, default the teacher's), made once and kept in :data:`STATIC_CACHE`."""
    if teacher is None:  # the MiniLM weights are looked up only when no teacher is given
        teacher, name = default_model(), name or DEFAULT_MODEL_NAME
    name = name or Path(teacher).name
    digest = hashlib.sha256(f"{Path(teacher).resolve()}\0{PCA_DIMS}".encode()).hexdigest()[:8]
    target = STATIC_CACHE / f"{name}-static{PCA_DIMS}-{digest}"
    if (target / "config.json").exists():
        return str(target)
    from model2vec.distill import distill  # needs skeletoken (the dev extra)

    print(f"distilling a static model from {name} once, into {target} (about 30 s)", file=sys.stderr)
    partial = target.with_name(f"{target.name}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    distill(model_name=teacher, pca_dims=PCA_DIMS).save_pretrained(str(partial))
    try:
        partial.rename(target)
    except OSError:  # another process finished first: keep its copy
        shutil.rmtree(partial, ignore_errors=True)
    return str(target)


if __name__ == "__main__":
    print(distilled())
