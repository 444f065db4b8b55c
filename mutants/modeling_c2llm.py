"""C2LLM: token states of a code LLM pooled into one embedding by PMA (arXiv 2512.21332).

`C2LLMModel` (AutoModel via `auto_map`) composes an upstream transformers backbone with the pooling weights, so the
weights are stored once. `C2LLMPooling` is the sentence-transformers pooling module of the same model; it holds no
weights and applies the pooling of the pipeline's first module.
"""

import json
import math
import os
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn
from transformers import AutoModel, PreTrainedModel
from transformers import initialization as init
from transformers.modeling_outputs import BaseModelOutput
from transformers.utils import ModelOutput

try:
    from .configuration_c2llm import C2LLMConfig
except ImportError:  # imported as a top-level module of the installed package
    from configuration_c2llm import C2LLMConfig

try:  # optional: only sentence-transformers users need the pooling module
    from sentence_transformers.base.modules import Module as SentenceTransformerModule
except ImportError:
    SentenceTransformerModule = None


from mutmut.mutation.trampoline import wrap_in_trampoline as _mutmut_mutated, MutantDict


@dataclass
class C2LLMOutput(ModelOutput):
    """
    Args:
        sentence_embedding (`torch.FloatTensor` of shape `(batch_size, compressed_dim)`):
            The pooled embedding (L2-normalised unless `config.pma_norm`).
        last_hidden_state (`torch.FloatTensor` of shape `(batch_size, sequence_length, hidden_size)`):
            The backbone's token states, the input of pooling.
    """

    sentence_embedding: torch.FloatTensor | None = None
    last_hidden_state: torch.FloatTensor | None = None
    hidden_states: tuple[torch.FloatTensor, ...] | None = None
    attentions: tuple[torch.FloatTensor, ...] | None = None
mutants_x_unflatten_states__mutmut: MutantDict = {}  # type: ignore


@_mutmut_mutated(mutants_x_unflatten_states__mutmut)
def unflatten_states(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_orig(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_1(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = None
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_2(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] + cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_3(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[2:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_4(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:+1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_5(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-2]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_6(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = None
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_7(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(None)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_8(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[1].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_9(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = None
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_10(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(None, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_11(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=None)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_12(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_13(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, )
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_14(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=False)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_15(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = None
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_16(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(None, device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_17(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=None)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_18(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_19(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], )
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_20(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[2], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_21(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = None
    return padded, mask


def x_unflatten_states__mutmut_22(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] <= torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_23(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(None, device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_24(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=None)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_25(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(device=padded.device)[:, None]).long()
    return padded, mask


def x_unflatten_states__mutmut_26(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, )[:, None]).long()
    return padded, mask

mutants_x_unflatten_states__mutmut['_mutmut_orig'] = x_unflatten_states__mutmut_orig # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_1'] = x_unflatten_states__mutmut_1 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_2'] = x_unflatten_states__mutmut_2 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_3'] = x_unflatten_states__mutmut_3 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_4'] = x_unflatten_states__mutmut_4 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_5'] = x_unflatten_states__mutmut_5 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_6'] = x_unflatten_states__mutmut_6 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_7'] = x_unflatten_states__mutmut_7 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_8'] = x_unflatten_states__mutmut_8 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_9'] = x_unflatten_states__mutmut_9 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_10'] = x_unflatten_states__mutmut_10 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_11'] = x_unflatten_states__mutmut_11 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_12'] = x_unflatten_states__mutmut_12 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_13'] = x_unflatten_states__mutmut_13 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_14'] = x_unflatten_states__mutmut_14 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_15'] = x_unflatten_states__mutmut_15 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_16'] = x_unflatten_states__mutmut_16 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_17'] = x_unflatten_states__mutmut_17 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_18'] = x_unflatten_states__mutmut_18 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_19'] = x_unflatten_states__mutmut_19 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_20'] = x_unflatten_states__mutmut_20 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_21'] = x_unflatten_states__mutmut_21 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_22'] = x_unflatten_states__mutmut_22 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_23'] = x_unflatten_states__mutmut_23 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_24'] = x_unflatten_states__mutmut_24 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_25'] = x_unflatten_states__mutmut_25 # type: ignore # mutmut generated
mutants_x_unflatten_states__mutmut['x_unflatten_states__mutmut_26'] = x_unflatten_states__mutmut_26 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut: MutantDict = {}  # type: ignore
mutants_xǁC2LLMPMAǁforward__mutmut: MutantDict = {}  # type: ignore


class C2LLMPMA(nn.Module):
    """Pooling by Multihead Attention: one learnable seed cross-attends over all token states.

    Matches the `MAB_POST` block of the CodeFuse-CGE / D2LLM code the official checkpoints descend from: logits are
    scaled by 1/sqrt(d) of the full output size (not of a head), the residual adds the raw seed (not fc_q(seed)),
    then LayerNorm, O + ReLU(fc_o(O)), LayerNorm.
    """

    @_mutmut_mutated(mutants_xǁC2LLMPMAǁ__init____mutmut)
    def __init__(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_orig(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_1(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = None
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_2(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = None
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_3(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = None
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_4(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(None)
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_5(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(None, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_6(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, None, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_7(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, None))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_8(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_9(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_10(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, ))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_11(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(2, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_12(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 2, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_13(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = None
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_14(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(None, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_15(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, None)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_16(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_17(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, )
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_18(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = None
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_19(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(None, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_20(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, None)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_21(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_22(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, )
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_23(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = None
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_24(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(None, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_25(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, None)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_26(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_27(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, )
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_28(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = None
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_29(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(None, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_30(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, None)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_31(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_32(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, )
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_33(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = None
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_34(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if (config.pma_ln) and False else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_35(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if (config.pma_ln) or True else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_36(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(None) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_37(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = None

    def xǁC2LLMPMAǁ__init____mutmut_38(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if (config.pma_ln) and False else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_39(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if (config.pma_ln) or True else nn.Identity()

    def xǁC2LLMPMAǁ__init____mutmut_40(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(None) if config.pma_ln else nn.Identity()

    @_mutmut_mutated(mutants_xǁC2LLMPMAǁforward__mutmut)
    def forward(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_orig(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_1(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = None
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_2(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = None
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_3(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[+1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_4(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-2]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_5(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = None
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_6(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim / self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_7(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = None
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_8(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = None
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_9(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(None)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_10(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(None, 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_11(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], None).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_12(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_13(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], ).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_14(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_15(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 1.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_16(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = None

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_17(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(None, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_18(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, None, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_19(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, None)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_20(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(-1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_21(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_22(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, )

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_23(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, +1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_24(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -2, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_25(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, +1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_26(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -2)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_27(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = None
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_28(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 * math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_29(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 2.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_30(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(None)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_31(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = None
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_32(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(None, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_33(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, None, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_34(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, None)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_35(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_36(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_37(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, )
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_38(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(None).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_39(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[1, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_40(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 1]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_41(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 2, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_42(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = None
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_43(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(None, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_44(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, None, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_45(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, None)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_46(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_47(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_48(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, )
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_49(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = None
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_50(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(None, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_51(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, None, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_52(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, None, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_53(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, None)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_54(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_55(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_56(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_57(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, )
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_58(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(2, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_59(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 2, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_60(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = None
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_61(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(None, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_62(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, None, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_63(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, None, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_64(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, None)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_65(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_66(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_67(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_68(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, )
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_69(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(None, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_70(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, None, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_71(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, None)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_72(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_73(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_74(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, )).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_75(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 2)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_76(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(2, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_77(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 2, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_78(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 2)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_79(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = None
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_80(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(None, key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_81(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], None, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_82(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, None)
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_83(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_84(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_85(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, )
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_86(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias / scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_87(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float(None))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_88(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("XX-infXX"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_89(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-INF"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_90(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = None  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_91(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = None  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_92(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            None, states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_93(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), None, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_94(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, None, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_95(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=None, scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_96(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=None
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_97(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_98(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_99(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_100(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_101(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_102(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(None, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_103(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, None, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_104(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, None, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_105(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, None), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_106(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(-1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_107(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_108(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_109(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, ), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_110(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, +1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_111(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -2, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_112(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, +1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_113(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -2, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_114(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, +1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_115(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -2), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_116(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(None), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_117(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = None
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_118(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(None, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_119(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, None, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_120(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, None)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_121(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_122(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_123(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, )
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_124(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = None
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_125(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(None, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_126(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, None, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_127(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, None)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_128(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_129(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_130(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, )
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_131(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum(None, pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_132(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", None, value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_133(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], None).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_134(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum(pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_135(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_136(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], ).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_137(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("XXbhd,hed->bheXX", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_138(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("BHD,HED->BHE", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_139(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 1], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_140(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 2, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_141(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = None
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_142(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended - self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_143(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = None

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_144(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(None, attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_145(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], None, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_146(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, None)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_147(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_148(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_149(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, )

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_150(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=None)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_151(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=2)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_152(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 1.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_153(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = None
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_154(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(None)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_155(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed - attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_156(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = None
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_157(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(None)
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_158(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output - F.relu(self.fc_o(output)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_159(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(None))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_160(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(None)))
        return output[:, 0]

    def xǁC2LLMPMAǁforward__mutmut_161(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        seed = self.seed.expand(batch_size, -1, -1)

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        scale = 1.0 / math.sqrt(dim)
        head_query = self.fc_q(self.seed[0, 0]).view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight).view(1, 1, self.num_heads, hidden_size)
        # q.b_k is the same for every token; kept in the mask so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, 1, self.num_heads, 1)
        attn_mask = torch.where(mask[:, None, None, :], key_bias * scale, float("-inf"))
        states = token_states[:, None]  # one shared key/value "head"; the heads are rows of the query
        pooled = F.scaled_dot_product_attention(
            query.expand(batch_size, -1, -1, -1), states, states, attn_mask=attn_mask.to(states.dtype), scale=scale
        )  # (batch, 1, heads, hidden)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled[:, 0], value_weight).reshape(batch_size, 1, dim)
        attended = attended + self.fc_v.bias
        # An input without tokens attends to nothing: zeros, as the official softmax * mask gives.
        attended = torch.where(mask.any(dim=1)[:, None, None], attended, 0.0)

        output = self.ln0(seed + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return output[:, 1]

mutants_xǁC2LLMPMAǁ__init____mutmut['_mutmut_orig'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_1'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_2'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_3'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_4'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_5'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_6'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_7'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_8'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_9'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_10'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_11'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_11 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_12'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_12 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_13'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_13 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_14'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_14 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_15'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_15 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_16'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_16 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_17'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_17 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_18'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_18 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_19'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_19 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_20'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_20 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_21'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_21 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_22'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_22 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_23'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_23 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_24'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_24 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_25'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_25 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_26'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_26 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_27'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_27 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_28'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_28 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_29'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_29 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_30'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_30 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_31'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_31 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_32'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_32 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_33'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_33 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_34'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_34 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_35'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_35 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_36'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_36 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_37'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_37 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_38'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_38 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_39'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_39 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁ__init____mutmut['xǁC2LLMPMAǁ__init____mutmut_40'] = C2LLMPMA.xǁC2LLMPMAǁ__init____mutmut_40 # type: ignore # mutmut generated

mutants_xǁC2LLMPMAǁforward__mutmut['_mutmut_orig'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_1'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_2'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_3'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_4'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_5'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_6'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_7'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_8'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_9'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_10'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_11'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_11 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_12'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_12 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_13'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_13 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_14'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_14 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_15'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_15 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_16'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_16 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_17'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_17 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_18'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_18 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_19'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_19 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_20'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_20 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_21'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_21 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_22'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_22 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_23'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_23 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_24'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_24 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_25'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_25 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_26'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_26 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_27'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_27 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_28'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_28 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_29'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_29 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_30'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_30 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_31'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_31 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_32'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_32 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_33'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_33 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_34'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_34 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_35'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_35 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_36'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_36 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_37'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_37 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_38'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_38 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_39'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_39 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_40'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_40 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_41'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_41 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_42'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_42 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_43'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_43 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_44'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_44 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_45'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_45 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_46'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_46 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_47'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_47 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_48'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_48 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_49'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_49 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_50'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_50 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_51'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_51 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_52'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_52 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_53'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_53 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_54'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_54 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_55'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_55 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_56'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_56 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_57'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_57 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_58'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_58 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_59'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_59 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_60'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_60 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_61'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_61 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_62'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_62 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_63'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_63 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_64'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_64 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_65'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_65 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_66'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_66 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_67'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_67 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_68'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_68 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_69'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_69 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_70'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_70 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_71'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_71 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_72'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_72 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_73'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_73 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_74'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_74 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_75'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_75 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_76'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_76 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_77'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_77 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_78'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_78 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_79'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_79 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_80'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_80 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_81'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_81 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_82'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_82 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_83'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_83 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_84'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_84 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_85'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_85 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_86'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_86 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_87'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_87 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_88'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_88 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_89'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_89 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_90'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_90 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_91'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_91 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_92'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_92 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_93'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_93 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_94'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_94 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_95'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_95 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_96'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_96 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_97'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_97 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_98'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_98 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_99'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_99 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_100'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_100 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_101'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_101 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_102'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_102 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_103'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_103 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_104'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_104 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_105'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_105 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_106'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_106 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_107'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_107 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_108'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_108 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_109'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_109 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_110'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_110 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_111'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_111 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_112'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_112 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_113'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_113 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_114'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_114 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_115'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_115 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_116'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_116 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_117'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_117 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_118'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_118 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_119'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_119 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_120'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_120 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_121'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_121 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_122'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_122 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_123'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_123 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_124'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_124 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_125'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_125 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_126'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_126 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_127'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_127 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_128'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_128 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_129'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_129 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_130'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_130 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_131'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_131 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_132'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_132 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_133'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_133 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_134'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_134 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_135'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_135 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_136'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_136 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_137'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_137 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_138'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_138 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_139'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_139 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_140'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_140 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_141'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_141 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_142'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_142 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_143'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_143 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_144'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_144 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_145'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_145 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_146'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_146 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_147'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_147 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_148'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_148 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_149'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_149 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_150'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_150 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_151'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_151 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_152'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_152 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_153'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_153 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_154'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_154 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_155'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_155 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_156'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_156 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_157'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_157 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_158'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_158 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_159'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_159 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_160'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_160 # type: ignore # mutmut generated
mutants_xǁC2LLMPMAǁforward__mutmut['xǁC2LLMPMAǁforward__mutmut_161'] = C2LLMPMA.xǁC2LLMPMAǁforward__mutmut_161 # type: ignore # mutmut generated


class C2LLMPreTrainedModel(PreTrainedModel):
    config: C2LLMConfig
    config_class = C2LLMConfig
    base_model_prefix = "backbone"
    supports_gradient_checkpointing = True
    _supports_sdpa = True
    _supports_flash_attn = True
    _supports_flex_attn = True
    # Pooling needs padded batches: keep sentence-transformers from flattening inputs under flash-attention.
    _supports_attention_backend = False

    @torch.no_grad()
    def _init_weights(self, module):
        super()._init_weights(module)
        # PMA's linear layers keep the default normal(0.02) init rather than the official xavier one: attention then
        # starts near-uniform, so a fresh head begins close to a mean pool instead of a random weighting of tokens.
        if isinstance(module, C2LLMPMA):
            init.xavier_uniform_(module.seed)
mutants_xǁC2LLMModelǁ__init____mutmut: MutantDict = {}  # type: ignore
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut: MutantDict = {}  # type: ignore
mutants_xǁC2LLMModelǁset_input_embeddings__mutmut: MutantDict = {}  # type: ignore
mutants_xǁC2LLMModelǁencode_tokens__mutmut: MutantDict = {}  # type: ignore
mutants_xǁC2LLMModelǁpool__mutmut: MutantDict = {}  # type: ignore
mutants_xǁC2LLMModelǁforward__mutmut: MutantDict = {}  # type: ignore


class C2LLMModel(C2LLMPreTrainedModel):
    """A backbone (any `AutoModel`) followed by the pooling chosen by `config.embedding_method`."""

    @_mutmut_mutated(mutants_xǁC2LLMModelǁ__init____mutmut)
    def __init__(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_orig(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_1(self, config: C2LLMConfig):
        super().__init__(None)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_2(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = None
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_3(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(None)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_4(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = None
        self.pma = C2LLMPMA(config) if config.embedding_method == "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_5(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_6(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if (config.embedding_method == "pma") and False else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_7(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if (config.embedding_method == "pma") or True else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_8(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(None) if config.embedding_method == "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_9(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method != "pma" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_10(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "XXpmaXX" else None
        self.post_init()

    def xǁC2LLMModelǁ__init____mutmut_11(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "PMA" else None
        self.post_init()

    @classmethod
    @_mutmut_mutated(mutants_xǁC2LLMModelǁfrom_pretrained__mutmut, is_classmethod = True)
    def from_pretrained(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_orig(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_1(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = None
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_2(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop(None, False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_3(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", None)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_4(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop(False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_5(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", )
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_6(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("XXoutput_loading_infoXX", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_7(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("OUTPUT_LOADING_INFO", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_8(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", True)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_9(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = None
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_10(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(None, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_11(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=None, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_12(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(*args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_13(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_14(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_15(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, )
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_16(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=False, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_17(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["XXmissing_keysXX"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_18(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["MISSING_KEYS"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_19(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = None
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_20(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(None)
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_21(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["XXmissing_keysXX"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_22(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["MISSING_KEYS"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_23(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                None
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_24(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:4]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if return_info else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_25(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if (return_info) and False else model

    @classmethod
    def xǁC2LLMModelǁfrom_pretrained__mutmut_26(cls, pretrained_model_name_or_path, *args, **kwargs):
        # transformers fills missing weights with random ones and only logs it: refuse a checkpoint that lacks any
        return_info = kwargs.pop("output_loading_info", False)
        model, info = super().from_pretrained(pretrained_model_name_or_path, *args, output_loading_info=True, **kwargs)
        if info["missing_keys"]:
            missing = sorted(info["missing_keys"])
            raise ValueError(
                f"The checkpoint in {pretrained_model_name_or_path} has no weights for {len(missing)} parameter(s), "
                f"e.g. {missing[:3]}: it is truncated or not a C2LLM checkpoint"
            )
        return (model, info) if (return_info) or True else model

    def get_input_embeddings(self):
        return self.backbone.get_input_embeddings()

    @_mutmut_mutated(mutants_xǁC2LLMModelǁset_input_embeddings__mutmut)
    def set_input_embeddings(self, value):
        self.backbone.set_input_embeddings(value)

    def xǁC2LLMModelǁset_input_embeddings__mutmut_orig(self, value):
        self.backbone.set_input_embeddings(value)

    def xǁC2LLMModelǁset_input_embeddings__mutmut_1(self, value):
        self.backbone.set_input_embeddings(None)

    @_mutmut_mutated(mutants_xǁC2LLMModelǁencode_tokens__mutmut)
    def encode_tokens(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_orig(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_1(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_2(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = None
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_3(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["XXtoken_type_idsXX"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_4(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["TOKEN_TYPE_IDS"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_5(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault(None, False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_6(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", None)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_7(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault(False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_8(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", )  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_9(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("XXuse_cacheXX", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_10(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("USE_CACHE", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_11(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", True)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_12(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop(None, None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_13(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop(None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_14(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", )
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_15(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("XXreturn_dictXX", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_16(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("RETURN_DICT", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_17(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None or input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_18(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_19(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[2] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_20(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] != 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_21(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 1:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_22(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = None
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_23(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=None)
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_24(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                None, 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_25(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], None, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_26(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, None
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_27(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_28(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_29(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_30(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[1], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_31(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 1, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_32(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = None
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_33(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=None,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_34(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=None,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_35(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=None,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_36(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=None,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_37(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=None,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_38(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=None,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_39(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=None,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_40(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_41(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_42(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_43(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_44(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_45(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_46(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_47(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_48(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=False,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_49(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=None,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_50(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=None,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_51(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=None,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_52(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_53(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁencode_tokens__mutmut_54(
        self,
        input_ids: torch.LongTensor | None = None,
        attention_mask: torch.Tensor | None = None,
        token_type_ids: torch.LongTensor | None = None,
        position_ids: torch.LongTensor | None = None,
        inputs_embeds: torch.FloatTensor | None = None,
        output_hidden_states: bool | None = None,
        output_attentions: bool | None = None,
        **kwargs,
    ) -> BaseModelOutput:
        """The backbone's token states, the input of pooling (what the sentence-transformers pipeline calls)."""
        if token_type_ids is not None:
            kwargs["token_type_ids"] = token_type_ids
        kwargs.setdefault("use_cache", False)  # an embedding pass never reuses a KV cache
        kwargs.pop("return_dict", None)
        if input_ids is not None and input_ids.shape[1] == 0:  # every input is empty: nothing for the backbone to run
            hidden_size = self.config.backbone_config.hidden_size
            return BaseModelOutput(last_hidden_state=self.backbone.get_input_embeddings().weight.new_zeros(
                input_ids.shape[0], 0, hidden_size
            ))
        outputs = self.backbone(
            input_ids=input_ids,
            attention_mask=attention_mask,
            position_ids=position_ids,
            inputs_embeds=inputs_embeds,
            output_hidden_states=output_hidden_states,
            output_attentions=output_attentions,
            return_dict=True,
            **kwargs,
        )
        return BaseModelOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            )

    @_mutmut_mutated(mutants_xǁC2LLMModelǁpool__mutmut)
    def pool(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_orig(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_1(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = None
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_2(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[2] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_3(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] != 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_4(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 1:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_5(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = None
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_6(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(None, 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_7(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], None, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_8(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, None)
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_9(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_10(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_11(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, )
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_12(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[1], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_13(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 2, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_14(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[3])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_15(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = None
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_16(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(None, 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_17(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], None)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_18(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_19(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], )
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_20(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[1], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_21(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 2)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_22(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method != "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_23(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "XXpmaXX":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_24(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "PMA":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_25(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = None
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_26(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(None, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_27(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, None)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_28(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_29(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, )
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_30(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method != "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_31(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "XXmeanXX":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_32(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "MEAN":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_33(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = None
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_34(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(None)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_35(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = None
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_36(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=None)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_37(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) / mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_38(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(None, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_39(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, None) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_40(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_41(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, ) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_42(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask != 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_43(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 1, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_44(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 1.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_45(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=2)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_46(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = None
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_47(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed * mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_48(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=None)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_49(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=None).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_50(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=2).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_51(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=2.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_52(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = None
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_53(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = None
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_54(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[2]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_55(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = None
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_56(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 + attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_57(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len + 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_58(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 2 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_59(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=None)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_60(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=None).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_61(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[2]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_62(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=2)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_63(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = None
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_64(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(None, device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_65(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=None), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_66(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_67(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], ), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_68(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[1], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_69(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = None
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_70(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(None, embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_71(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), None, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_72(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, None)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_73(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_74(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_75(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, )
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_76(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=None)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_77(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=2)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_78(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 1.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_79(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = None
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_80(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(None, p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_81(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=None, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_82(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=None)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_83(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(p=2, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_84(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_85(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, )
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_86(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=3, dim=-1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_87(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=+1)
        return embeddings

    def xǁC2LLMModelǁpool__mutmut_88(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":
            embeddings = self.pma(token_states, attention_mask)
        elif method == "mean":
            mask = attention_mask[..., None].to(token_states.dtype)
            summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
            embeddings = summed / mask.sum(dim=1).clamp(min=1.0)
        else:  # last_token: the last position whose mask is 1, which handles left and right padding
            attention_mask = attention_mask.long()
            seq_len = attention_mask.shape[1]
            last = seq_len - 1 - attention_mask.flip(dims=[1]).argmax(dim=1)
            embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), last]
            embeddings = torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-2)
        return embeddings

    @_mutmut_mutated(mutants_xǁC2LLMModelǁforward__mutmut)
    def forward(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_orig(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_1(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = None
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_2(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=None, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_3(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=None, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_4(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_5(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_6(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, )
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_7(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = None
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_8(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "XXcu_seq_lens_qXX" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_9(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "CU_SEQ_LENS_Q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_10(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" not in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_11(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = None
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_12(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(None, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_13(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, None)
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_14(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_15(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, )
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_16(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["XXcu_seq_lens_qXX"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_17(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["CU_SEQ_LENS_Q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_18(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is not None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_19(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = None
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_20(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(None, dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_21(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=None, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_22(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=None)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_23(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_24(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_25(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, )
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_26(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:3], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_27(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=None,
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_28(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=None,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_29(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=None,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_30(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=None,
        )

    def xǁC2LLMModelǁforward__mutmut_31(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_32(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_33(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_34(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            )

    def xǁC2LLMModelǁforward__mutmut_35(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(None, attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_36(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, None),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_37(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(attention_mask),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

    def xǁC2LLMModelǁforward__mutmut_38(
        self, input_ids: torch.LongTensor | None = None, attention_mask: torch.Tensor | None = None, **kwargs
    ) -> C2LLMOutput:
        """Token states and their pooled embedding; `kwargs` go to the backbone (see `encode_tokens`)."""
        outputs = self.encode_tokens(input_ids=input_ids, attention_mask=attention_mask, **kwargs)
        token_states = outputs.last_hidden_state
        if "cu_seq_lens_q" in kwargs:  # flash-attention varlen: several sequences packed into one row
            token_states, attention_mask = unflatten_states(token_states, kwargs["cu_seq_lens_q"])
        elif attention_mask is None:
            attention_mask = torch.ones(token_states.shape[:2], dtype=torch.long, device=token_states.device)
        return C2LLMOutput(
            sentence_embedding=self.pool(token_states, ),
            last_hidden_state=outputs.last_hidden_state,
            hidden_states=outputs.hidden_states,
            attentions=outputs.attentions,
        )

mutants_xǁC2LLMModelǁ__init____mutmut['_mutmut_orig'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_1'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_2'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_3'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_4'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_5'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_6'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_7'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_8'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_9'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_10'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁ__init____mutmut['xǁC2LLMModelǁ__init____mutmut_11'] = C2LLMModel.xǁC2LLMModelǁ__init____mutmut_11 # type: ignore # mutmut generated

mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['_mutmut_orig'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_1'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_2'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_3'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_4'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_5'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_6'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_7'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_8'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_9'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_10'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_11'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_11 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_12'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_12 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_13'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_13 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_14'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_14 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_15'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_15 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_16'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_16 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_17'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_17 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_18'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_18 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_19'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_19 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_20'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_20 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_21'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_21 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_22'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_22 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_23'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_23 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_24'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_24 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_25'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_25 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁfrom_pretrained__mutmut['xǁC2LLMModelǁfrom_pretrained__mutmut_26'] = C2LLMModel.xǁC2LLMModelǁfrom_pretrained__mutmut_26 # type: ignore # mutmut generated

mutants_xǁC2LLMModelǁset_input_embeddings__mutmut['_mutmut_orig'] = C2LLMModel.xǁC2LLMModelǁset_input_embeddings__mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁset_input_embeddings__mutmut['xǁC2LLMModelǁset_input_embeddings__mutmut_1'] = C2LLMModel.xǁC2LLMModelǁset_input_embeddings__mutmut_1 # type: ignore # mutmut generated

mutants_xǁC2LLMModelǁencode_tokens__mutmut['_mutmut_orig'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_1'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_2'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_3'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_4'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_5'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_6'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_7'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_8'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_9'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_10'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_11'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_11 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_12'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_12 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_13'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_13 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_14'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_14 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_15'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_15 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_16'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_16 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_17'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_17 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_18'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_18 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_19'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_19 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_20'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_20 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_21'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_21 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_22'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_22 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_23'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_23 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_24'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_24 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_25'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_25 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_26'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_26 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_27'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_27 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_28'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_28 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_29'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_29 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_30'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_30 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_31'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_31 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_32'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_32 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_33'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_33 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_34'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_34 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_35'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_35 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_36'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_36 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_37'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_37 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_38'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_38 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_39'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_39 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_40'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_40 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_41'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_41 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_42'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_42 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_43'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_43 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_44'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_44 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_45'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_45 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_46'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_46 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_47'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_47 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_48'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_48 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_49'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_49 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_50'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_50 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_51'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_51 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_52'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_52 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_53'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_53 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁencode_tokens__mutmut['xǁC2LLMModelǁencode_tokens__mutmut_54'] = C2LLMModel.xǁC2LLMModelǁencode_tokens__mutmut_54 # type: ignore # mutmut generated

mutants_xǁC2LLMModelǁpool__mutmut['_mutmut_orig'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_1'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_2'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_3'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_4'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_5'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_6'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_7'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_8'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_9'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_10'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_11'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_11 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_12'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_12 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_13'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_13 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_14'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_14 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_15'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_15 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_16'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_16 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_17'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_17 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_18'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_18 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_19'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_19 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_20'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_20 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_21'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_21 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_22'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_22 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_23'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_23 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_24'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_24 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_25'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_25 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_26'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_26 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_27'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_27 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_28'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_28 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_29'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_29 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_30'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_30 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_31'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_31 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_32'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_32 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_33'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_33 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_34'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_34 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_35'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_35 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_36'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_36 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_37'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_37 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_38'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_38 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_39'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_39 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_40'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_40 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_41'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_41 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_42'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_42 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_43'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_43 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_44'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_44 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_45'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_45 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_46'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_46 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_47'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_47 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_48'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_48 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_49'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_49 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_50'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_50 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_51'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_51 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_52'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_52 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_53'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_53 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_54'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_54 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_55'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_55 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_56'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_56 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_57'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_57 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_58'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_58 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_59'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_59 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_60'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_60 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_61'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_61 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_62'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_62 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_63'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_63 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_64'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_64 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_65'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_65 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_66'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_66 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_67'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_67 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_68'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_68 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_69'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_69 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_70'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_70 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_71'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_71 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_72'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_72 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_73'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_73 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_74'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_74 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_75'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_75 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_76'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_76 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_77'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_77 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_78'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_78 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_79'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_79 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_80'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_80 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_81'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_81 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_82'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_82 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_83'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_83 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_84'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_84 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_85'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_85 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_86'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_86 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_87'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_87 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁpool__mutmut['xǁC2LLMModelǁpool__mutmut_88'] = C2LLMModel.xǁC2LLMModelǁpool__mutmut_88 # type: ignore # mutmut generated

mutants_xǁC2LLMModelǁforward__mutmut['_mutmut_orig'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_1'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_2'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_3'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_4'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_5'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_6'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_7'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_8'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_9'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_10'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_11'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_11 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_12'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_12 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_13'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_13 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_14'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_14 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_15'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_15 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_16'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_16 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_17'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_17 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_18'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_18 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_19'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_19 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_20'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_20 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_21'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_21 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_22'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_22 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_23'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_23 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_24'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_24 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_25'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_25 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_26'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_26 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_27'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_27 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_28'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_28 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_29'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_29 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_30'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_30 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_31'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_31 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_32'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_32 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_33'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_33 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_34'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_34 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_35'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_35 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_36'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_36 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_37'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_37 # type: ignore # mutmut generated
mutants_xǁC2LLMModelǁforward__mutmut['xǁC2LLMModelǁforward__mutmut_38'] = C2LLMModel.xǁC2LLMModelǁforward__mutmut_38 # type: ignore # mutmut generated


if SentenceTransformerModule is not None:

    class C2LLMPooling(SentenceTransformerModule):
        """sentence-transformers pooling module of a C2LLM model.

        It applies `C2LLMModel.pool` of the pipeline's first module to `token_embeddings`. The pooling weights live
        in that model (saved once, in the root `model.safetensors`), so this module saves only an empty config, and
        the class lives in `modeling_c2llm.py`, which transformers copies to the root on every save: `modules.json`
        resolves it after any number of re-saves.
        """

        config_keys: list[str] = []
        POOLING_KEYS = ("embedding_method", "pma_num_heads", "compressed_dim")  # shown, not saved: the model has them

        def __init__(self, **kwargs) -> None:
            super().__init__()
            self._input_module = None

        def on_model_ready(self, model) -> None:
            # Not registered as a submodule: its parameters belong to module 0 and must not be listed twice.
            object.__setattr__(self, "_input_module", model[0])

        def forward(self, features: dict[str, torch.Tensor], **kwargs) -> dict[str, torch.Tensor]:
            if self._input_module is None:
                raise RuntimeError("C2LLMPooling is not attached to a model: build it inside a SentenceTransformer")
            token_states, attention_mask = features["token_embeddings"], features.get("attention_mask")
            if "cu_seq_lens_q" in features:
                token_states, attention_mask = unflatten_states(token_states, features["cu_seq_lens_q"])
            if attention_mask is None:
                raise ValueError("C2LLMPooling needs the attention_mask of a padded batch")
            features["sentence_embedding"] = self._input_module.model.pool(token_states, attention_mask)
            return features

        def get_embedding_dimension(self) -> int:
            return self._input_module.model.config.compressed_dim

        def get_config_dict(self) -> dict:
            # Read from the attached model, so repr shows which pooling runs; save() writes none of it.
            if self._input_module is None:
                return {}
            config = self._input_module.model.config
            keys = self.POOLING_KEYS if config.embedding_method == "pma" else self.POOLING_KEYS[:1]
            return {key: getattr(config, key) for key in keys}

        def save(self, output_path: str, *args, **kwargs) -> None:
            with open(os.path.join(output_path, self.config_file_name), "w", encoding="utf-8") as file:
                json.dump({}, file)


__all__ = ["C2LLMModel", "C2LLMPreTrainedModel", "C2LLMOutput"]
