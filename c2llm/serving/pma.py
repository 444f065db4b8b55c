"""The PMA head of a C2LLM folder over a flattened batch, as vLLM hands a pooler its token states.

vLLM runs several sequences as one (total_tokens, hidden) tensor, each sequence's tokens contiguous. This module pools
each sequence over its own tokens without padding them into a batch. It is plain torch (no vLLM), so that CI checks it
against ``C2LLMModel.pool``; it is written from the Set Transformer block directly (every token projected to its key
and value), not from the model file's single-query shortcut, so the two are independent implementations.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import torch
import torch.nn.functional as F
from torch import nn


class PMAHead(nn.Module):
    """The PMA parameters under the names a saved folder stores them (``pma.seed``, ``pma.fc_q`` ...)."""

    def __init__(
        self,
        hidden_size: int,
        dim: int,
        num_heads: int,
        *,
        layer_norm: bool = True,
        residual: str = "projected",
        normalize: bool = True,
    ) -> None:
        super().__init__()
        if dim % num_heads:
            raise ValueError(f"compressed_dim={dim} is not divisible by pma_num_heads={num_heads}")
        if residual not in ("projected", "seed"):
            raise ValueError(f"pma_residual={residual!r} is not one of ('projected', 'seed')")
        self.num_heads, self.residual, self.normalize = num_heads, residual, normalize
        self.seed = nn.Parameter(torch.zeros(1, 1, dim))
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if layer_norm else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if layer_norm else nn.Identity()

    @classmethod
    def from_config(cls, config) -> PMAHead:
        """The head a ``C2LLMConfig`` declares (its ``pma_*`` keys and ``normalize_embeddings``)."""
        if config.embedding_method != "pma":
            raise ValueError(f"embedding_method={config.embedding_method!r}: this head serves only 'pma' folders")
        return cls(
            config.backbone_config.hidden_size,
            config.compressed_dim,
            config.pma_num_heads,
            layer_norm=config.pma_ln,
            residual=config.pma_residual,
            normalize=config.normalize_embeddings,
        )

    def forward(self, token_states: torch.Tensor, lengths: Sequence[int] | torch.Tensor) -> torch.Tensor:
        """One (dim,) embedding per sequence of a flattened (total_tokens, hidden) batch whose consecutive sequences
        have ``lengths`` tokens; computed in float32 whatever the backbone's dtype."""
        return pma_pool_flat(self, token_states, lengths)


def _linear(layer: nn.Linear, x: torch.Tensor) -> torch.Tensor:
    return F.linear(x, layer.weight.float(), layer.bias.float())


def _norm(layer: nn.Module, x: torch.Tensor) -> torch.Tensor:
    if isinstance(layer, nn.LayerNorm):
        return F.layer_norm(x, layer.normalized_shape, layer.weight.float(), layer.bias.float(), layer.eps)
    return x


def pma_pool_flat(head: PMAHead, token_states: torch.Tensor, lengths: Sequence[int] | torch.Tensor) -> torch.Tensor:
    """(num_sequences, dim) PMA embeddings of a flattened batch: a learnable seed cross-attends over each sequence's
    tokens (softmax per sequence and head, logits scaled by 1/sqrt(dim) as the official MAB), then
    LayerNorm(residual + attended), O + ReLU(fc_o(O)), LayerNorm, and L2 normalisation when the folder declares it."""
    lengths = torch.as_tensor(lengths, dtype=torch.long, device=token_states.device)
    if int(lengths.sum()) != token_states.shape[0]:
        raise ValueError(f"lengths sum to {int(lengths.sum())} but the batch has {token_states.shape[0]} tokens")
    num_seqs, dim, heads = lengths.numel(), head.seed.shape[-1], head.num_heads
    states = token_states.float()
    segment = torch.repeat_interleave(torch.arange(num_seqs, device=states.device), lengths)

    query = _linear(head.fc_q, head.seed[0, 0].float())  # (dim,)
    keys = _linear(head.fc_k, states).view(-1, heads, dim // heads)
    values = _linear(head.fc_v, states).view(-1, heads, dim // heads)
    logits = (keys * query.view(heads, -1)).sum(-1) / math.sqrt(dim)  # (tokens, heads)

    # softmax within each sequence: subtract the sequence's max, normalise by the sequence's sum
    maxima = logits.new_full((num_seqs, heads), -torch.inf)
    maxima.scatter_reduce_(0, segment[:, None].expand_as(logits), logits, "amax")
    exp = torch.exp(logits - maxima[segment])
    sums = logits.new_zeros(num_seqs, heads).index_add_(0, segment, exp)
    weights = exp / sums[segment]
    attended = values.new_zeros(num_seqs, heads, dim // heads).index_add_(0, segment, weights[..., None] * values)
    # A sequence without tokens attends to nothing: zeros, no bias, as the model file's masked softmax gives.
    attended = torch.where((lengths > 0)[:, None], attended.reshape(num_seqs, dim), 0.0)

    residual = query if head.residual == "projected" else head.seed[0, 0].float()
    output = _norm(head.ln0, residual + attended)
    output = _norm(head.ln1, output + F.relu(_linear(head.fc_o, output)))
    return F.normalize(output, p=2, dim=-1) if head.normalize else output
