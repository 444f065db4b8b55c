"""Shared fixtures: a tiny byte-level BPE tokenizer and tiny random C2LLM models (CPU, seconds to build)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from c2llm.build import build_c2llm, save_model, small_qwen2_config, to_sentence_transformer  # noqa: E402

CODE_TEXTS = [
    "def add(a, b):\n    return a + b",
    "Return the sum of two numbers.",
    "class Stack:\n    def push(self, item):\n        self.items.append(item)",
    "func Max(a, b int) int { if a > b { return a }; return b }",
    "Parse a JSON document and return a dict.",
    "x",
]


def make_tokenizer():
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=400, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tokenizer.train_from_iterator(CODE_TEXTS * 20, trainer)
    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, eos_token="<|endoftext|>", pad_token="<|endoftext|>", model_max_length=4096
    )


@pytest.fixture(scope="session")
def tokenizer():
    return make_tokenizer()


def make_model(tokenizer, **pooling):
    pooling.setdefault("pma_num_heads", 4)
    config = small_qwen2_config(len(tokenizer), hidden_size=64, num_hidden_layers=2, intermediate_size=128)
    return build_c2llm(config, seed=0, **pooling)


@pytest.fixture(scope="session")
def model_dir(tmp_path_factory, tokenizer):
    """A saved tiny C2LLM (PMA, compressed_dim 32 != hidden 64) in the package's Hub layout."""
    st = to_sentence_transformer(make_model(tokenizer, compressed_dim=32), tokenizer)
    return save_model(st, tmp_path_factory.mktemp("models") / "tiny-c2llm")


def training_dtype(bf16: bool | None = None) -> torch.dtype:
    """The dtype c2llm.training.trainer computes in: bf16 autocast when asked for, and by default on CUDA
    (``bf16=None``)."""
    return torch.bfloat16 if (torch.cuda.is_available() if bf16 is None else bf16) else torch.float32


def stored_dtype(folder: Path) -> torch.dtype:
    """bf16 if any weight in the folder's ``model.safetensors`` is stored in bf16 (a LoRA base on CUDA), else fp32."""
    from safetensors import safe_open

    with safe_open(str(folder / "model.safetensors"), "pt") as handle:
        bf16 = any(handle.get_slice(name).get_dtype() == "BF16" for name in handle.keys())
    return torch.bfloat16 if bf16 else torch.float32


def tolerance(dtype: torch.dtype, fp32: float, bf16: float) -> float:
    """A comparison's tolerance for the dtype its two sides compute in: the exact fp32 one unless that is bf16."""
    return bf16 if dtype == torch.bfloat16 else fp32


@pytest.fixture()
def encode():
    def _encode(model, texts, **kwargs):
        with torch.no_grad():
            return model.encode(texts, convert_to_tensor=True, batch_size=len(texts), **kwargs).float()

    return _encode


def doc_table(path: Path, header_start: str) -> list[list[str]]:
    """The body rows of the first Markdown table whose header line starts with ``header_start`` (bold removed)."""
    lines = path.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("*") for cell in line.strip("|").split("|")])
    return rows


@pytest.fixture
def quiet_env(monkeypatch):
    """Importing or running a benchmark sets these process-wide (c2llm.bench.common.setup()): set them here so that
    they are restored afterwards."""
    for name, value in (("TQDM_DISABLE", "1"), ("HF_HUB_OFFLINE", "1"), ("TOKENIZERS_PARALLELISM", "false")):
        monkeypatch.setenv(name, value)
