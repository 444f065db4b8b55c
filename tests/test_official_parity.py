"""`c2llm verify --against-official`: the official code run in a subprocess against our conversion (issue 28).

The "official" code here is a stand-in written in this test from the published description of the official
`modeling_c2llm.py` (a `C2LLMForEmbedding` holding `plm_model`, a Qwen2ForCausalLM, and `mha_pma`, a Set Transformer
PMA whose MAB adds the projected seed fc_q(S), `pma_norm: false` returning the raw vector), importing deepspeed's ZeRO
loader unconditionally and peft in a try block, as the real file does. Nothing of this package is imported by it. A
second stand-in adds the raw seed instead (CodeFuse-CGE's MAB_POST) and must fail the check.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from c2llm.cli import main
from c2llm.hub.official_parity import ParityError, verify_against_official
from tests.test_convert import official_state, write_official

OFFICIAL_CONFIGURATION = textwrap.dedent('''
    from transformers import Qwen2Config


    class C2LLMConfig(Qwen2Config):
        model_type = "c2llm"
''')

OFFICIAL_MODELING = textwrap.dedent('''
    import math

    import torch
    import torch.nn.functional as F
    from deepspeed.utils.zero_to_fp32 import get_fp32_state_dict_from_zero_checkpoint  # training only
    from torch import nn
    from transformers import PreTrainedModel, Qwen2ForCausalLM

    from .configuration_c2llm import C2LLMConfig

    try:
        from peft import LoraConfig, get_peft_model  # training only
    except ImportError:
        pass

    RESIDUAL = "__RESIDUAL__"


    class MAB_POST_v2(nn.Module):
        def __init__(self, dim_q, dim_k, dim_v, num_heads):
            super().__init__()
            self.dim_v, self.num_heads = dim_v, num_heads
            self.fc_q, self.fc_k, self.fc_v = nn.Linear(dim_q, dim_v), nn.Linear(dim_k, dim_v), nn.Linear(dim_k, dim_v)
            self.fc_o = nn.Linear(dim_v, dim_v)
            self.ln0, self.ln1 = nn.LayerNorm(dim_v), nn.LayerNorm(dim_v)

        def forward(self, Q, K, pad_mask):
            q, k, v = self.fc_q(Q), self.fc_k(K), self.fc_v(K)
            size = self.dim_v // self.num_heads
            q_, k_, v_ = (torch.cat(x.split(size, 2), 0) for x in (q, k, v))
            mask = pad_mask.unsqueeze(1).repeat(self.num_heads, Q.size(1), 1)
            score = q_.bmm(k_.transpose(1, 2)) / math.sqrt(self.dim_v)
            A = torch.softmax(score.masked_fill(mask == 0, -1e12), 2) * mask
            O = torch.cat(A.bmm(v_).split(Q.size(0), 0), 2)
            O = (q if RESIDUAL == "projected" else Q) + O
            O = self.ln0(O)
            O = O + F.relu(self.fc_o(O))
            return self.ln1(O)


    class PMA_v2(nn.Module):
        def __init__(self, dim, compress_dim, num_heads):
            super().__init__()
            self.S = nn.Parameter(torch.empty(1, 1, compress_dim))
            self.mab = MAB_POST_v2(compress_dim, dim, compress_dim, num_heads)

        def forward(self, X, pad_mask):
            return self.mab(self.S.repeat(X.size(0), 1, 1), X, pad_mask)


    class C2LLMForEmbedding(PreTrainedModel):
        config_class = C2LLMConfig

        def __init__(self, config):
            super().__init__(config)
            self.plm_model = Qwen2ForCausalLM(config)
            self.mha_pma = PMA_v2(config.hidden_size, config.compressed_dim, config.pma_num_heads)
            self.post_init()

        def forward(self, input_ids=None, attention_mask=None, **kwargs):
            hidden = self.plm_model(input_ids=input_ids, attention_mask=attention_mask,
                                    output_hidden_states=True).hidden_states[-1]
            dtype = self.mha_pma.S.dtype  # the head runs in its weights' dtype
            embedding = self.mha_pma(hidden.to(dtype), attention_mask.to(dtype)).squeeze(1)
            if self.config.pma_norm:
                embedding = F.normalize(embedding, p=2, dim=-1)
            return {"sentence_embedding": embedding}
''')


def official_snapshot(folder, tokenizer, residual: str):
    write_official(folder, tokenizer, official_state(len(tokenizer)), shards=0)
    (folder / "configuration_c2llm.py").write_text(OFFICIAL_CONFIGURATION)
    (folder / "modeling_c2llm.py").write_text(OFFICIAL_MODELING.replace("__RESIDUAL__", residual))
    return folder


@pytest.fixture(scope="module")
def projected_snapshot(tmp_path_factory, tokenizer):
    return official_snapshot(tmp_path_factory.mktemp("official-projected") / "C2LLM-tiny", tokenizer, "projected")


def test_the_official_style_code_matches_our_conversion(projected_snapshot):
    report = verify_against_official(projected_snapshot)
    assert report.ok and report.max_abs_diff <= 1e-4 and report.min_cosine > 0.9999
    assert report.stand_ins == ["deepspeed"]  # peft is installed here; deepspeed is not and got a stand-in
    assert report.official_class.endswith("modeling_c2llm.C2LLMForEmbedding")
    assert not report.official_class.startswith("modeling_c2llm")  # the snapshot's file, not this package's
    bf16 = verify_against_official(projected_snapshot, dtype="bfloat16")
    assert bf16.ok and bf16.min_cosine >= 0.999


def test_a_raw_seed_head_fails_the_check_with_exit_code_1(tmp_path, tokenizer, capsys):
    snapshot = official_snapshot(tmp_path / "C2LLM-raw-seed", tokenizer, "seed")
    assert main(["verify", "--against-official", str(snapshot), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["max_abs_diff"] > 1e-2


def test_the_cli_passes_on_the_projected_head(projected_snapshot, capsys):
    assert main(["verify", "--against-official", str(projected_snapshot)]) == 0
    out = capsys.readouterr().out
    assert "stand-ins: deepspeed" in out and out.rstrip().endswith("PASS (max |diff| <= 0.0001)")


def test_a_snapshot_whose_code_fails_is_one_error_naming_it(tmp_path, tokenizer):
    snapshot = official_snapshot(tmp_path / "C2LLM-broken", tokenizer, "projected")
    (snapshot / "modeling_c2llm.py").write_text("raise ImportError('needs transformers<5')\n")
    with pytest.raises(ParityError, match=rf"^{snapshot}: the official code failed \(exit 1\): .*needs transformers<5"):
        verify_against_official(snapshot)
    (snapshot / "modeling_c2llm.py").unlink()
    with pytest.raises(ParityError, match=r"no modeling_c2llm.py \(the official code this check runs\)$"):
        verify_against_official(snapshot)
