"""A GGUF decoder as a plain transformers backbone: the file checked first (so that a wrong file gets one error line,
not a traceback from deep inside a loader), then read by transformers' own GGUF loader (``gguf_file=``) and
dequantized to float32.

transformers marks a model loaded from GGUF as quantized and will not save it; the backbone returned here is a plain
``AutoModel`` built from the loaded config and given the loaded weights, which saves like any other.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UserError

# The decoder families C2LLMModel composes and transformers reads from GGUF (general.architecture values).
ARCHITECTURES = ("llama", "qwen2", "qwen3", "gemma3")
MAGIC = b"GGUF"


class GGUFError(UserError):
    """A GGUF file that cannot become a backbone; the message names the file and the reason."""


@dataclass(frozen=True)
class GGUFInfo:
    """What the file says of itself, before any tensor is read."""

    path: Path
    architecture: str
    name: str | None
    licence: str | None
    size: int
    tensor_types: dict[str, int] = field(default_factory=dict)  # quantization type -> tensor count


def _field_text(reader, key: str) -> str | None:
    found = reader.fields.get(key)
    if found is None or not found.data:
        return None
    return bytes(found.parts[found.data[0]]).decode("utf-8", errors="replace")


def inspect_gguf(path: str | Path) -> GGUFInfo:
    """Check that ``path`` is a whole GGUF file of a supported decoder architecture.

    Raises:
        GGUFError: Missing, not GGUF, unreadable, truncated, or another architecture.
    """
    from gguf import GGUFReader

    path = Path(path)
    if not path.is_file():
        raise GGUFError(f"{path}: no such file")
    with path.open("rb") as handle:
        head = handle.read(4)
    if head != MAGIC:
        raise GGUFError(f"{path}: not a GGUF file (it starts with {head!r}, not {MAGIC!r})")
    size = path.stat().st_size
    try:
        reader = GGUFReader(path)
    except Exception as exc:  # noqa: BLE001 (gguf raises ValueError, IndexError, struct errors: all mean the same)
        raise GGUFError(f"{path}: truncated or corrupt GGUF file, {size:,} bytes (gguf: {exc})") from None
    architecture = _field_text(reader, "general.architecture")
    if architecture not in ARCHITECTURES:
        raise GGUFError(f"{path}: architecture {architecture!r} is not supported as a C2LLM backbone (supported: "
                        f"{', '.join(ARCHITECTURES)})")
    types = Counter(tensor.tensor_type.name for tensor in reader.tensors)
    return GGUFInfo(path=path, architecture=architecture, name=_field_text(reader, "general.name"),
                    licence=_field_text(reader, "general.license"), size=size, tensor_types=dict(sorted(types.items())))


def load_backbone(path: str | Path):
    """``(info, backbone, tokenizer)``: the file's decoder as a plain float32 ``AutoModel`` (no LM head) and its
    tokenizer, both as transformers reads them from the file."""
    import torch
    from transformers import AutoModel, AutoModelForCausalLM, AutoTokenizer

    info = inspect_gguf(path)
    folder, name = str(info.path.parent), info.path.name
    loaded = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, dtype=torch.float32)
    config = loaded.config
    for marker in ("quantization_config", "_pre_quantization_dtype"):
        if hasattr(config, marker):
            delattr(config, marker)
    config.architectures = None
    backbone = AutoModel.from_config(config, dtype=torch.float32)
    state = loaded.base_model.state_dict()
    missing, unexpected = backbone.load_state_dict(state, strict=False)
    if missing or unexpected:
        raise GGUFError(f"{info.path}: the weights transformers read do not fit its own {type(backbone).__name__} "
                        f"(missing {missing[:4]}, unexpected {unexpected[:4]})")
    tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=name)
    return info, backbone.eval(), tokenizer
