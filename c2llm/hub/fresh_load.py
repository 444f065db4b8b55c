"""Load a model folder in a FRESH interpreter where this project cannot be imported, by both entry points.

:func:`fresh_process_load` runs this file as a script in a new process: from an empty temporary directory, with
this project's modules blocked (``sys.modules[name] = None``), the Hub offline and a fresh transformers modules
cache, so the remote code that runs is the copy in the folder, as on a Hub user's machine. The child loads the
folder with ``AutoModel`` + ``AutoTokenizer`` and with ``SentenceTransformer``, and reports what it saw as JSON.

This module imports only the standard library at the top: the child must not import the project.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

# Names of this project: the fresh-process load must succeed without any of them.
PROJECT_MODULES = ("configuration_c2llm", "modeling_c2llm", "c2llm", "train_sentence_transformers")
SAMPLE_QUERIES = ["Return the sum of two numbers.", "Parse a JSON document and return a dict."]
SAMPLE_DOCUMENTS = [
    "def add(a, b):\n    return a + b",
    "import json\n\ndef load(path):\n    with open(path) as f:\n        return json.load(f)",
    "x",
]


def load_report(model_dir: str, queries: list[str], documents: list[str]) -> dict[str, Any]:
    """What loading ``model_dir`` gives: the tensors its config expects, both models, their embeddings' agreement.

    Errors are caught per stage (``config``, ``AutoModel``, ``SentenceTransformer``, ``compare``) and reported as
    tracebacks under ``"errors"``; the other stages still run where they can.
    """
    import traceback
    from collections import Counter

    report: dict[str, Any] = {"errors": {}}

    def fail(stage: str) -> None:
        report["errors"][stage] = traceback.format_exc(limit=4)

    try:
        import torch
        from sentence_transformers import SentenceTransformer
        from transformers import AutoConfig, AutoModel, AutoTokenizer

        config = AutoConfig.from_pretrained(model_dir, trust_remote_code=True)
        with torch.device("meta"):
            skeleton = AutoModel.from_config(config, trust_remote_code=True)
        report["expected"] = {k: list(v.shape) for k, v in skeleton.state_dict().items()}
        report["tied"] = sorted(getattr(skeleton, "all_tied_weights_keys", None) or {})
        del skeleton
    except Exception:
        fail("config")
        return report
    auto = st = None
    try:
        auto, info = AutoModel.from_pretrained(model_dir, trust_remote_code=True, output_loading_info=True)
        auto.eval()
        tokenizer = AutoTokenizer.from_pretrained(model_dir, trust_remote_code=True)
        report["loading_info"] = {k: sorted(str(x) for x in v) for k, v in info.items()}
        report["auto_class"] = type(auto).__module__ + "." + type(auto).__qualname__
        report["n_parameters"] = sum(p.numel() for p in auto.parameters())
        dtypes: Counter[str] = Counter()
        for p in auto.parameters():
            dtypes[str(p.dtype)] += p.numel()
        report["param_dtypes"] = dict(dtypes)
        report["dtype"] = str(auto.dtype)
    except Exception:
        fail("AutoModel")
    try:
        st = SentenceTransformer(model_dir, trust_remote_code=True, device="cpu")
        report["st_modules"] = [type(m).__module__ + "." + type(m).__qualname__ for m in st]
        report["embedding_dim"] = st.get_embedding_dimension()
        report["max_seq_length"] = st.max_seq_length
    except Exception:
        fail("SentenceTransformer")
    if auto is not None and st is not None:
        try:

            def embed(texts: list[str], prompt: str) -> torch.Tensor:
                batch = tokenizer([prompt + t for t in texts], padding=True, truncation=True,
                                  max_length=st.max_seq_length, return_tensors="pt")
                with torch.no_grad():
                    return auto(**batch).sentence_embedding.float()

            with torch.no_grad():
                st_q = st.encode_query(queries, convert_to_tensor=True, batch_size=len(queries)).float()
                st_d = st.encode_document(documents, convert_to_tensor=True, batch_size=len(documents)).float()
            am_q = embed(queries, st.prompts.get("query", ""))
            am_d = embed(documents, st.prompts.get("document", ""))
            # relative to each embedding's norm: a converted official model returns unnormalised vectors (norm ~
            # sqrt(dim)), where an absolute tolerance would measure the scale; for unit vectors it is the plain diff
            def relative(a: torch.Tensor, b: torch.Tensor) -> float:
                return ((a - b).abs() / b.norm(dim=-1, keepdim=True).clamp(min=1e-12)).max().item()

            report["max_abs_diff"] = max(relative(st_q, am_q), relative(st_d, am_d))
            report["finite"] = bool(torch.isfinite(st_q).all() and torch.isfinite(st_d).all())
            report["norms"] = torch.cat([st_q, st_d]).norm(dim=-1).tolist()
        except Exception:
            fail("compare")
    return report


def _child(argv: list[str]) -> None:
    """The fresh process: block the project, load, write the report. argv = model_dir, report_path."""
    model_dir, report_path = argv
    sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.getcwd()) != os.path.dirname(__file__)]
    for name in PROJECT_MODULES:
        sys.modules[name] = None  # type: ignore[assignment]  # any import of the project raises ImportError
    queries, documents = json.loads(os.environ["C2LLM_VERIFY_TEXTS"])
    report = load_report(model_dir, queries, documents)
    importable = []
    for name in PROJECT_MODULES:
        try:
            __import__(name)
            importable.append(name)
        except ImportError:
            pass
    report["project_importable"] = importable
    with open(report_path, "w") as handle:
        json.dump(report, handle)


def fresh_process_load(model_dir: Path, *, timeout: float = 900.0) -> dict[str, Any]:
    """:func:`load_report` of the folder, computed in a new interpreter where this project cannot be imported."""
    with tempfile.TemporaryDirectory(prefix="c2llm-verify-") as work:
        work_dir = Path(work)
        report_path = work_dir / "report.json"
        run_dir = work_dir / "cwd"
        run_dir.mkdir()
        command = [sys.executable, str(Path(__file__).resolve()), str(Path(model_dir).resolve()), str(report_path)]
        try:
            result = subprocess.run(command, cwd=run_dir, env=_isolated_env(work_dir), capture_output=True, text=True,
                                    timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"errors": {"process": f"loading took longer than {timeout:.0f} s"}}
        if not report_path.exists():
            tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-15:])
            return {"errors": {"process": f"the loader process exited with code {result.returncode}:\n{tail}"}}
        return json.loads(report_path.read_text())


def _isolated_env(work_dir: Path) -> dict[str, str]:
    """The environment of the fresh interpreter: no project folders on PYTHONPATH, the Hub offline."""
    env = dict(os.environ)
    project_dirs = {os.path.realpath(Path(__file__).resolve().parents[2])}
    python_path = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and os.path.realpath(p) not in project_dirs]
    env["PYTHONPATH"] = os.pathsep.join(python_path)
    env.update(
        HF_HUB_OFFLINE="1",  # a local folder needs no network; nothing may hang on it
        HF_MODULES_CACHE=str(work_dir / "modules"),
        TOKENIZERS_PARALLELISM="false",
        C2LLM_VERIFY_TEXTS=json.dumps([SAMPLE_QUERIES, SAMPLE_DOCUMENTS]),
    )
    return env


if __name__ == "__main__":
    _child(sys.argv[1:])
