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
from transformers import AttentionInterface, AutoModel, PreTrainedModel
from transformers import initialization as init
from transformers.integrations.sdpa_attention import sdpa_attention_forward
from transformers.masking_utils import AttentionMaskInterface, sdpa_mask
from transformers.modeling_outputs import BaseModelOutput
from transformers.utils import ModelOutput, logging

try:
    from .configuration_c2llm import C2LLMConfig
except ImportError:  # imported as a top-level module of the installed package
    from configuration_c2llm import C2LLMConfig

try:  # optional: only sentence-transformers users need the pooling module
    from sentence_transformers.base.modules import Module as SentenceTransformerModule
except ImportError:
    SentenceTransformerModule = None

logger = logging.get_logger(__name__)


@dataclass
class C2LLMOutput(ModelOutput):
    """
    Args:
        sentence_embedding (`torch.FloatTensor` of shape `(batch_size, compressed_dim)`):
            The pooled embedding (L2-normalised if `config.pma_norm`).
        last_hidden_state (`torch.FloatTensor` of shape `(batch_size, sequence_length, hidden_size)`):
            The backbone's token states, the input of pooling.
    """

    sentence_embedding: torch.FloatTensor | None = None
    last_hidden_state: torch.FloatTensor | None = None
    hidden_states: tuple[torch.FloatTensor, ...] | None = None
    attentions: tuple[torch.FloatTensor, ...] | None = None


def unflatten_states(token_states: torch.Tensor, cu_seq_lens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn a flattened (1, total_tokens, dim) batch, as flash-attention varlen produces, back into a right-padded
    (batch, max_len, dim) batch and its mask, so that no sequence is ever pooled together with another."""
    lengths = (cu_seq_lens[1:] - cu_seq_lens[:-1]).tolist()
    sequences = token_states[0].split(lengths)
    padded = nn.utils.rnn.pad_sequence(sequences, batch_first=True)
    positions = torch.arange(padded.shape[1], device=padded.device)
    mask = (positions[None, :] < torch.tensor(lengths, device=padded.device)[:, None]).long()
    return padded, mask


def padded_causal_mask(attention_mask: torch.Tensor) -> torch.Tensor:
    """The (batch, 1, seq_len, seq_len) boolean sdpa mask of causal attention over the unpadded keys, in which a
    padding query attends to itself.

    transformers' own sdpa mask leaves every left-padding query (and each query of an empty input) with no key at all.
    cuDNN's attention backward turns such a row into NaN gradients for the whole batch (pytorch#196678: bf16 on
    H100/H200, seen in this project's H200 run of 2026-11-28), and other kernels into NaN outputs. A real token's row
    is unchanged, since it already attends to itself: padding states differ, and no pooling reads them.
    """
    keys = attention_mask.bool()
    positions = torch.arange(keys.shape[1], device=keys.device)
    causal = positions[None, :] <= positions[:, None]  # (query, key)
    itself = positions[None, :] == positions[:, None]
    return ((causal[None] & keys[:, None, :]) | itself[None])[:, None]


# sdpa over packed rows: the backbone runs under this name while C2LLMModel packs (see `C2LLMModel.encode_tokens`)
PACKED_SDPA = "c2llm_packed_sdpa"
# attention implementations that run a packed row as separate sequences, from cu_seq_lens: ours for sdpa, and
# transformers' flash-attention varlen path
PACKED_ATTENTION = {"sdpa": PACKED_SDPA, PACKED_SDPA: PACKED_SDPA, "flash_attention_2": "flash_attention_2",
                    "flash_attention_3": "flash_attention_3", "flash_attention_4": "flash_attention_4"}


def packed_sdpa_attention(
    module: nn.Module,
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    attention_mask: torch.Tensor | None,
    dropout: float = 0.0,
    scaling: float | None = None,
    cu_seq_lens_q: torch.Tensor | None = None,
    max_length_q: int | None = None,
    **kwargs,
) -> tuple[torch.Tensor, None]:
    """transformers' sdpa, except on a packed row (`cu_seq_lens_q` given, batch of 1): there each sequence attends
    causally within itself only, and no (tokens x tokens) mask is ever built.

    On CUDA the sequences go to sdpa as one jagged nested tensor (torch's flash / efficient varlen kernels). Elsewhere,
    or where no nested kernel takes the inputs, they are padded on the right for attention alone
    (:func:`attend_right_padded`).
    """
    if cu_seq_lens_q is None:
        return sdpa_attention_forward(module, query, key, value, attention_mask, dropout=dropout, scaling=scaling,
                                      **kwargs)
    groups = query.shape[1] // key.shape[1]  # grouped-query attention: repeat_kv's order of key/value heads
    key, value = key.repeat_interleave(groups, dim=1), value.repeat_interleave(groups, dim=1)
    dropout = dropout if module.training else 0.0
    if query.is_cuda:
        offsets = cu_seq_lens_q.to(torch.int64)
        try:
            nested = [torch.nested.nested_tensor_from_jagged(states[0].transpose(0, 1), offsets).transpose(1, 2)
                      for states in (query, key, value)]
            output = F.scaled_dot_product_attention(*nested, dropout_p=dropout, is_causal=True, scale=scaling)
            return output.transpose(1, 2).values()[None], None
        except RuntimeError as error:  # no nested kernel for these inputs (dtype, head size, ...)
            logger.warning_once(f"c2llm packing: sdpa over nested tensors failed ({error}); right-padded attention")
    longest = max_length_q if max_length_q is not None else int(cu_seq_lens_q.diff().max())
    return attend_right_padded(query, key, value, cu_seq_lens_q, longest, dropout, scaling), None


def attend_right_padded(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, cu_seq_lens: torch.Tensor,
                        longest: int, dropout: float, scaling: float | None) -> torch.Tensor:
    """Causal attention of each sequence of a packed (1, heads, tokens, head_dim) row within itself, in one sdpa call:
    the sequences are padded on the right into (sequences, heads, longest, head_dim), where causal attention needs no
    mask (a real query's keys all precede it, and are real), and the padding rows are dropped after. Only attention
    sees the padding; one call a sequence instead was 15x slower on the CPU. Returns (1, tokens, heads, head_dim)."""
    lengths = cu_seq_lens.diff().long()
    count, heads, tokens, dim = lengths.numel(), query.shape[1], query.shape[2], query.shape[3]
    rows = torch.repeat_interleave(torch.arange(count, device=query.device), lengths, output_size=tokens)
    starts = torch.repeat_interleave(cu_seq_lens[:-1].long(), lengths, output_size=tokens)
    slots = rows * longest + torch.arange(tokens, device=query.device) - starts  # each token's place in the batch

    def right_padded(states: torch.Tensor) -> torch.Tensor:
        flat = states[0].transpose(0, 1)  # (tokens, heads, head_dim)
        batch = flat.new_zeros(count * longest, heads, dim).index_copy(0, slots, flat)
        return batch.view(count, longest, heads, dim).transpose(1, 2)

    output = F.scaled_dot_product_attention(right_padded(query), right_padded(key), right_padded(value),
                                            dropout_p=dropout, is_causal=True, scale=scaling)
    return output.transpose(1, 2).reshape(count * longest, heads, dim).index_select(0, slots)[None]


def packed_sdpa_mask(*args, attention_mask: torch.Tensor | None = None, **kwargs) -> torch.Tensor | None:
    """sdpa's mask, except for a packed row: it comes without a padding mask, and its attention reads cu_seq_lens."""
    return None if attention_mask is None else sdpa_mask(*args, attention_mask=attention_mask, **kwargs)


AttentionInterface.register(PACKED_SDPA, packed_sdpa_attention)
AttentionMaskInterface.register(PACKED_SDPA, packed_sdpa_mask)


class C2LLMPMA(nn.Module):
    """Pooling by Multihead Attention: one learnable seed cross-attends over all token states.

    The Set Transformer MAB of the official code: logits scaled by 1/sqrt(d) of the full output size (not of a head),
    softmax weights re-masked, then LayerNorm(residual + attended), O + ReLU(fc_o(O)), LayerNorm. The residual is
    `config.pma_residual`: the projected seed fc_q(seed) (the official C2LLM `MAB_POST_v2`) or the raw seed (the
    CodeFuse-CGE `MAB_POST`, and this package's folders saved before the key existed).
    """

    def __init__(self, config: C2LLMConfig):
        super().__init__()
        dim, hidden_size = config.compressed_dim, config.backbone_config.hidden_size
        self.num_heads = config.pma_num_heads
        self.config = config  # pma_residual is read on every call, as C2LLMModel.pool reads pma_norm
        self.seed = nn.Parameter(torch.empty(1, 1, dim))
        # Named as in the official checkpoints; the names also keep LoRA's q_proj/v_proj targets off PMA.
        self.fc_q = nn.Linear(dim, dim)
        self.fc_k = nn.Linear(hidden_size, dim)
        self.fc_v = nn.Linear(hidden_size, dim)
        self.fc_o = nn.Linear(dim, dim)
        self.ln0 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if config.pma_ln else nn.Identity()

    def forward(
        self, token_states: torch.Tensor, attention_mask: torch.Tensor, return_weights: bool = False
    ) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
        """The pooled (batch, dim) states; with `return_weights`, also the seed's attention over the tokens,
        (batch, heads, seq_len): each head's softmax weights, 0 on padding (all 0 for an input without tokens)."""
        batch_size, _, hidden_size = token_states.shape
        dim = self.seed.shape[-1]
        head_dim = dim // self.num_heads
        mask = attention_mask.bool()
        # Padding positions may hold anything (NaN for fully padded rows under some kernels); they get zero weight.
        token_states = token_states.masked_fill(~mask[..., None], 0.0).to(self.fc_k.weight.dtype)
        projected_seed = self.fc_q(self.seed[0, 0])

        # With one query, q.(W_k h + b_k) = (W_k^T q).h + a constant the softmax drops, and sum_t a_t (W_v h_t + b_v)
        # = W_v (sum_t a_t h_t) + b_v: attend over the raw states and project once. Same result as projecting every
        # token, at O(heads x hidden) instead of O(dim x hidden) per token.
        head_query = projected_seed.view(self.num_heads, 1, head_dim)
        key_weight = self.fc_k.weight.view(self.num_heads, head_dim, hidden_size)
        query = (head_query @ key_weight)[:, 0]  # (heads, hidden)
        # q.b_k is the same for every token; added so that b_k stays in the graph (its gradient is 0)
        key_bias = (head_query @ self.fc_k.bias.view(self.num_heads, head_dim, 1)).view(1, self.num_heads, 1)
        # scores in float32 (as SDPA keeps them): a bf16 logit of ~20 would be off by ~0.08
        logits = torch.einsum("hd,btd->bht", query.float(), token_states.float()) + key_bias.float()
        logits = (logits / math.sqrt(dim)).masked_fill(~mask[:, None, :], float("-inf"))
        # An input without tokens attends to nothing: zero weights and zeros, as the official softmax * mask gives.
        weights = torch.softmax(logits, dim=-1).nan_to_num(0.0).to(token_states.dtype)
        pooled = torch.einsum("bht,btd->bhd", weights, token_states)
        value_weight = self.fc_v.weight.view(self.num_heads, head_dim, hidden_size)
        attended = torch.einsum("bhd,hed->bhe", pooled, value_weight).reshape(batch_size, 1, dim)
        attended = torch.where(mask.any(dim=1)[:, None, None], attended + self.fc_v.bias, 0.0)

        residual = projected_seed if self.config.pma_residual == "projected" else self.seed[0, 0]
        output = self.ln0(residual.expand(batch_size, 1, dim) + attended)
        output = self.ln1(output + F.relu(self.fc_o(output)))
        return (output[:, 0], weights) if return_weights else output[:, 0]


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
        if isinstance(module, C2LLMPMA):
            init.xavier_uniform_(module.seed)
            if self.config.pma_init == "xavier_uniform":  # the official MAB_POST init (configuration_c2llm.py)
                for linear in (module.fc_q, module.fc_k, module.fc_v, module.fc_o):
                    init.xavier_uniform_(linear.weight)
                    bound = 1 / math.sqrt(linear.in_features)  # PyTorch's own Linear bias init, as the official code
                    init.uniform_(linear.bias, -bound, bound)


def mean_pool(token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    """The mean of the unmasked positions (zeros for a sequence without any)."""
    mask = attention_mask[..., None].to(token_states.dtype)
    summed = (token_states.masked_fill(mask == 0, 0.0) * mask).sum(dim=1)
    return summed / mask.sum(dim=1).clamp(min=1.0)


def _pool_position(token_states: torch.Tensor, attention_mask: torch.Tensor, position: torch.Tensor) -> torch.Tensor:
    embeddings = token_states[torch.arange(token_states.shape[0], device=token_states.device), position]
    return torch.where(attention_mask.any(dim=1)[:, None].bool(), embeddings, 0.0)


def first_token_pool(token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    """The first unmasked position (CLS-style), with left or right padding."""
    return _pool_position(token_states, attention_mask, attention_mask.long().argmax(dim=1))


def last_token_pool(token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    """The last unmasked position (EOS-style), with left or right padding."""
    mask = attention_mask.long()
    return _pool_position(token_states, attention_mask, mask.shape[1] - 1 - mask.flip(dims=[1]).argmax(dim=1))


# embedding_method -> pooling of (batch, seq_len, hidden) states under their padding mask; "pma" is C2LLMModel.pma
TOKEN_POOLINGS = {"mean": mean_pool, "first_token": first_token_pool, "last_token": last_token_pool}


class C2LLMModel(C2LLMPreTrainedModel):
    """A backbone (any `AutoModel`) followed by the pooling chosen by `config.embedding_method`."""

    def __init__(self, config: C2LLMConfig):
        super().__init__(config)
        self.backbone = AutoModel.from_config(config.backbone_config)
        self._no_split_modules = self.backbone._no_split_modules
        self.pma = C2LLMPMA(config) if config.embedding_method == "pma" else None
        self._unpacked_reasons: set[str] = set()  # why padded batches could not run packed, each logged once
        # Causal attention without sliding windows: the backbones whose sdpa mask this model builds itself.
        layer_types = set(getattr(config.backbone_config, "layer_types", None) or ["full_attention"])
        self._builds_causal_mask = layer_types == {"full_attention"} and any(
            getattr(module, "is_causal", False) for module in self.backbone.modules()
        )
        self.post_init()

    @classmethod
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

    def get_input_embeddings(self):
        return self.backbone.get_input_embeddings()

    def set_input_embeddings(self, value):
        self.backbone.set_input_embeddings(value)

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
        if self._packs(attention_mask, position_ids, output_attentions, kwargs):
            return self._encode_packed(input_ids, inputs_embeds, attention_mask, output_hidden_states, kwargs)
        if self._needs_own_mask(attention_mask, kwargs):
            attention_mask = padded_causal_mask(attention_mask)
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

    def _packs(self, attention_mask: torch.Tensor | None, position_ids: torch.Tensor | None,
               output_attentions: bool | None, kwargs: dict) -> bool:
        """Whether this batch runs packed: it has padding, and the backbone can run its texts as separate sequences
        in one row. Otherwise the padded path runs; a backbone or attention that cannot pack is named once."""
        if (
            not self.config.pack_sequences
            or attention_mask is None
            or attention_mask.dim() != 2
            or bool(attention_mask.bool().all())
            or position_ids is not None  # the caller's own positions: kept as given
            or "past_key_values" in kwargs
            or "cu_seq_lens_q" in kwargs  # already flattened by the caller
        ):
            return False
        implementation = self.backbone.config._attn_implementation
        if output_attentions:
            reason = "attention weights were asked for"
        elif not self._builds_causal_mask:
            reason = f"the {self.config.backbone_config.model_type} backbone is not causal with full attention"
        elif implementation not in PACKED_ATTENTION:
            reason = f"attn_implementation {implementation!r} cannot run packed sequences"
        else:
            self.backbone.config._attn_implementation = PACKED_ATTENTION[implementation]
            return True
        if reason not in self._unpacked_reasons:  # once a model, so that a user sees it for the model at hand
            self._unpacked_reasons.add(reason)
            logger.warning(f"c2llm packing off: {reason}; padded batches (computing padding) instead")
        return False

    def _encode_packed(
        self,
        input_ids: torch.LongTensor | None,
        inputs_embeds: torch.FloatTensor | None,
        attention_mask: torch.Tensor,
        output_hidden_states: bool | None,
        kwargs: dict,
    ) -> BaseModelOutput:
        """The backbone over the batch's real tokens only, in one row: each text keeps its own positions and attends
        causally within itself. The states come back in the batch's padded layout (zeros on padding), so pooling and
        every caller see what the padded path gives them."""
        real = attention_mask.bool()
        lengths = real.sum(dim=1)
        lengths = lengths[lengths > 0]  # an empty input has no token to compute
        bounds = F.pad(lengths.cumsum(dim=0), (1, 0)).to(torch.int32)
        longest = int(lengths.max())
        outputs = self.backbone(
            input_ids=input_ids[real][None] if input_ids is not None else None,
            inputs_embeds=inputs_embeds[real][None] if inputs_embeds is not None else None,
            position_ids=(real.long().cumsum(dim=1) - 1)[real][None],
            output_hidden_states=output_hidden_states,
            return_dict=True,
            cu_seq_lens_q=bounds,
            cu_seq_lens_k=bounds,
            max_length_q=longest,
            max_length_k=longest,
            **kwargs,
        )

        def padded(states: torch.Tensor) -> torch.Tensor:
            layout = states.new_zeros(*real.shape, states.shape[-1])
            layout[real] = states[0]
            return layout

        return BaseModelOutput(
            last_hidden_state=padded(outputs.last_hidden_state),
            hidden_states=tuple(padded(states) for states in outputs.hidden_states) if output_hidden_states else None,
        )

    def _needs_own_mask(self, attention_mask: torch.Tensor | None, kwargs: dict) -> bool:
        """Whether a padded batch goes to a causal sdpa backbone, whose own mask would leave padding rows empty
        (:func:`padded_causal_mask`). Other kernels are safe as they are: eager masks with the dtype's minimum, not
        -inf, and flash-attention drops padding before attending."""
        return (
            self._builds_causal_mask
            and self.backbone.config._attn_implementation in ("sdpa", PACKED_SDPA)
            and attention_mask is not None
            and attention_mask.dim() == 2
            and "past_key_values" not in kwargs
            and not bool(attention_mask.bool().all())
        )

    def pool(self, token_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        """One embedding per sequence from (batch, seq_len, hidden) states and their padding mask (either side)."""
        method = self.config.embedding_method
        if token_states.shape[1] == 0:  # pool one masked position: the same result an empty input gets in any batch
            token_states = token_states.new_zeros(token_states.shape[0], 1, token_states.shape[2])
            attention_mask = attention_mask.new_zeros(attention_mask.shape[0], 1)
        if method == "pma":  # the one pooling with weights of its own
            embeddings = self.pma(token_states, attention_mask)
        else:
            embeddings = TOKEN_POOLINGS[method](token_states, attention_mask)
        if self.config.normalize_embeddings:
            embeddings = F.normalize(embeddings, p=2, dim=-1)
        return embeddings

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
