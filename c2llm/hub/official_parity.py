"""Does a converted model compute what the official C2LLM code computes? ``c2llm verify --against-official DIR``.

DIR is a downloaded official snapshot with its own ``modeling_c2llm.py``. The official code runs in a child process
(:mod:`c2llm.hub.official_runner`, optionally under another interpreter with the transformers < 5 it was written
for), this package's conversion of the same snapshot runs here, both embed the same prompted texts, and the
L2-normalised vectors are compared: max |diff| within 1e-4 in float32, every cosine at least 0.999 in bfloat16.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from ..errors import UserError
from ..layout import MODELING_CODE
from .fresh_load import SAMPLE_DOCUMENTS, SAMPLE_QUERIES, _isolated_env

RUNNER = Path(__file__).with_name("official_runner.py")
DTYPES = ("float32", "bfloat16")
MAX_ABS_DIFF = 1e-4  # float32, on L2-normalised vectors
MIN_COSINE = 0.999  # bfloat16


class ParityError(UserError):
    """The official code could not be run (the message names the snapshot and the child's last lines)."""


@dataclass
class ParityReport:
    official_dir: str
    model: str
    dtype: str
    texts: int
    max_abs_diff: float
    min_cosine: float
    official_class: str
    official_transformers: str
    stand_ins: list[str]

    @property
    def ok(self) -> bool:
        if self.dtype == "float32":
            return self.max_abs_diff <= MAX_ABS_DIFF
        return self.min_cosine >= MIN_COSINE

    def format(self) -> str:
        limit = f"max |diff| <= {MAX_ABS_DIFF:g}" if self.dtype == "float32" else f"min cosine >= {MIN_COSINE}"
        stand_ins = ", ".join(self.stand_ins) or "none"
        return "\n".join([
            f"official: {self.official_dir} ({self.official_class}, transformers {self.official_transformers}; "
            f"stand-ins: {stand_ins})",
            f"ours:     {self.model}",
            f"{self.texts} texts in {self.dtype}, L2-normalised: max |diff| {self.max_abs_diff:.3g}, "
            f"min cosine {self.min_cosine:.6f}",
            f"{'PASS' if self.ok else 'FAIL'} ({limit})",
        ])

    def to_dict(self) -> dict:
        return asdict(self) | {"ok": self.ok}


def official_embeddings(official_dir: Path, texts: list[str], dtype: str, python: str, timeout: float) -> dict:
    """The official code's raw embeddings of ``texts``, computed by the runner in a fresh process."""
    with tempfile.TemporaryDirectory(prefix="c2llm-parity-") as work:
        work_dir = Path(work)
        (work_dir / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
        (work_dir / "cwd").mkdir()
        out = work_dir / "out.json"
        command = [python, str(RUNNER), str(official_dir), str(work_dir / "texts.json"), str(out), dtype]
        try:
            result = subprocess.run(command, cwd=work_dir / "cwd", env=_isolated_env(work_dir), capture_output=True,
                                    text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise ParityError(f"{official_dir}: the official code took longer than {timeout:.0f} s") from None
        except OSError as error:
            raise ParityError(f"--official-python {python}: cannot run it ({error.strerror})") from None
        if not out.exists():
            lines = (result.stderr or result.stdout).strip().splitlines()
            tail = "; ".join(line.strip() for line in lines[-3:])
            raise ParityError(f"{official_dir}: the official code failed (exit {result.returncode}): {tail}")
        return json.loads(out.read_text(encoding="utf-8"))


def verify_against_official(
    official_dir: str | Path,
    model: str | Path | None = None,
    *,
    dtype: str = "float32",
    python: str | None = None,
    timeout: float = 900.0,
) -> ParityReport:
    """Compare ``model`` (default: ``official_dir`` converted into a temporary folder) with the official code.

    Raises:
        ParityError: the snapshot has no official code, or it could not run.
    """
    import torch
    import torch.nn.functional as F

    from ..build import load_model
    from ..model_folders import loadable_path
    from .convert import convert

    source = Path(official_dir).resolve()
    if not (source / MODELING_CODE).is_file():
        raise ParityError(f"{source}: no {MODELING_CODE} (the official code this check runs)")
    if dtype not in DTYPES:
        raise ParityError(f"--dtype: must be one of {', '.join(DTYPES)}, got {dtype!r}")
    if model is not None and not Path(model).is_dir():
        raise ParityError(f"--model {model}: not a folder")
    with tempfile.TemporaryDirectory(prefix="c2llm-converted-") as staging:
        # a release folder given as --model is converted too (model_folders.loadable_path)
        folder = loadable_path(str(model)) if model is not None else convert(source, Path(staging) / "converted")
        try:
            ours = load_model(folder, model_kwargs={"dtype": getattr(torch, dtype)})
        except Exception as error:  # a folder that is no model: one line, not a traceback
            raise ParityError(f"--model {model}: cannot load it ({str(error).strip().splitlines()[0]})") from None
        queries = [ours.prompts.get("query", "") + text for text in SAMPLE_QUERIES]
        documents = [ours.prompts.get("document", "") + text for text in SAMPLE_DOCUMENTS]
        with torch.no_grad():
            mine = ours.encode(queries + documents, prompt="", convert_to_tensor=True,
                               batch_size=len(queries + documents))
        mine = mine.cpu()  # on the model's device (CUDA when there is one); the official numbers come as CPU ones
        del ours
    official = official_embeddings(source, queries + documents, dtype, python or sys.executable, timeout)
    theirs = torch.tensor(official["embeddings"], dtype=torch.float32)
    mine, theirs = F.normalize(mine.float(), dim=-1), F.normalize(theirs, dim=-1)
    return ParityReport(
        official_dir=str(source), model=str(model) if model is not None else f"{source} (converted)", dtype=dtype,
        texts=len(queries + documents), max_abs_diff=(mine - theirs).abs().max().item(),
        min_cosine=(mine * theirs).sum(dim=-1).min().item(), official_class=official["class"],
        official_transformers=official["transformers"], stand_ins=official["stand_ins"],
    )
