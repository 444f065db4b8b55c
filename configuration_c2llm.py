"""C2LLM configuration: a token encoder (any transformers backbone) plus the pooling that turns its states into one
embedding (arXiv 2512.21332)."""

from transformers import AutoConfig, PreTrainedConfig

EMBEDDING_METHODS = ("pma", "mean", "last_token", "first_token")
PMA_NORM_MODES = ("post_normal",)
PADDING_SIDES = ("left", "right")
PMA_INITS = ("xavier_uniform", "normal")
PMA_RESIDUALS = ("projected", "seed")


class C2LLMConfig(PreTrainedConfig):
    r"""
    Configuration of a [`C2LLMModel`]. The pooling fields keep the names and meanings of the official C2LLM
    `config.json` keys, so official configs map over without loss.

    Args:
        backbone_config (`dict` or `PreTrainedConfig`, *optional*):
            Config of the token encoder, built with `AutoModel.from_config`. Any architecture that returns
            `last_hidden_state` works: Qwen2 / Qwen2.5 (the default, as in the paper), Qwen3, Llama, BERT, ...
        embedding_method (`str`, *optional*, defaults to `"pma"`):
            How token states become one embedding: `"pma"` (Pooling by Multihead Attention, the paper's method),
            `"mean"` (masked mean, CL4D's choice), `"last_token"` (the last non-padding token) or `"first_token"`
            (the first non-padding token: BERT's [CLS]; meaningless for a causal backbone, whose first state sees only
            itself).
        compressed_dim (`int`, *optional*):
            Size of the output embedding. PMA projects to it, so it may differ from the backbone's hidden size; the other
            methods have no projection and need it to equal the hidden size. Defaults to the hidden size.
        pma_num_heads (`int`, *optional*, defaults to 32):
            Attention heads of PMA; they split `compressed_dim` and add no parameters.
        pma_ln (`bool`, *optional*, defaults to `True`):
            Whether PMA applies its two LayerNorms.
        pma_norm (`bool`, *optional*, defaults to `True`):
            Whether the sentence embedding is L2-normalised. Official key, with the meaning the official C2LLM code
            gives it (D2LLM's: `if norm: normalize`): the official checkpoints have `false` and return unnormalised
            vectors. CodeFuse-CGE's code reads the key inverted (`false` = normalised), and so did this package's
            folders saved before `pma_residual` existed; `from_dict` reads those configs as they were meant.
        pma_residual (`str`, *optional*, defaults to `"projected"`):
            What PMA's residual adds to the attended values before `ln0`: `"projected"`, the projected seed
            `fc_q(seed)` (the official C2LLM head, `PMA_v2`/`MAB_POST_v2`, and the paper's eq. 5), or `"seed"`, the
            raw seed (the CodeFuse-CGE/D2LLM `MAB_POST`). Not an official key: the official code picks the class
            instead. A saved config without it predates it and gets `"seed"` (see `from_dict`).
        pma_norm_mode (`str`, *optional*, defaults to `"post_normal"`):
            Where PMA's LayerNorms sit. Only `"post_normal"` (the official checkpoints' mode) is implemented.
        pma_init (`str`, *optional*, defaults to `"xavier_uniform"`):
            How a new PMA head starts. `"xavier_uniform"` is CodeFuse-CGE's `MAB_POST` init (read there; the official
            C2LLM `MAB_POST_v2` is assumed to keep it, unverified): the seed
            and the weights of `fc_q`, `fc_k`, `fc_v`, `fc_o` drawn xavier-uniform, biases at PyTorch's default.
            `"normal"` is this package's earlier choice, normal(`initializer_range`) weights and zero biases, which
            starts the attention near-uniform (a mean pool); kept for the side-by-side study of docs/ablation.md.
            Loading a checkpoint never re-initialises its trained weights.
        padding_side (`str`, *optional*, defaults to `"left"`):
            Side the tokenizer pads on. Pooling is mask-aware, so embeddings do not depend on it; it is kept for
            tokenizers and official-config fidelity.
        pack_sequences (`bool`, *optional*, defaults to `True`):
            Whether a padded batch runs packed: the backbone computes only the real tokens, all texts in one row, each
            with its own positions and attending causally within itself; pooling then sees the padded layout as
            before. Needs a causal full-attention backbone under sdpa or flash-attention; others run padded (logged
            once). Not an official key; a saved config without it packs.
    """

    model_type = "c2llm"
    sub_configs = {"backbone_config": AutoConfig}

    backbone_config: dict | PreTrainedConfig | None = None
    embedding_method: str = "pma"
    compressed_dim: int | None = None
    pma_num_heads: int = 32
    pma_ln: bool = True
    pma_norm: bool = True
    pma_residual: str = "projected"
    pma_norm_mode: str = "post_normal"
    pma_init: str = "xavier_uniform"
    padding_side: str = "left"
    pack_sequences: bool = True

    def __post_init__(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
        if self.pma_residual not in PMA_RESIDUALS:
            raise ValueError(f"pma_residual={self.pma_residual!r} is not one of {PMA_RESIDUALS}")
        if self.pma_init not in PMA_INITS:
            raise ValueError(f"pma_init={self.pma_init!r} is not one of {PMA_INITS}")
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    @classmethod
    def from_dict(cls, config_dict: dict, **kwargs) -> "C2LLMConfig":
        """As transformers', except that a dict without `pma_residual` is a saved config that predates the key (see
        `upgrade_saved_config`); a config built in code takes the defaults."""
        return super().from_dict(upgrade_saved_config(config_dict), **kwargs)

    @classmethod
    def _dict_from_json_file(cls, json_file) -> dict:
        # `from_json_file` builds the config from this dict without `from_dict`: upgrade it here too
        return upgrade_saved_config(super()._dict_from_json_file(json_file))

    @property
    def normalize_embeddings(self) -> bool:
        """Whether the sentence embedding is L2-normalised (`pma_norm`)."""
        return self.pma_norm


def upgrade_saved_config(config_dict: dict) -> dict:
    """A saved config as this file reads it. One without `pma_residual` was saved before the key existed: its PMA
    added the raw seed and its `pma_norm` had CodeFuse-CGE's inverted meaning, so the same weights give the same
    embeddings. Saved again, it records both explicitly."""
    if "pma_residual" in config_dict:
        return config_dict
    return {**config_dict, "pma_residual": "seed", "pma_norm": not config_dict.get("pma_norm", False)}


__all__ = ["C2LLMConfig", "upgrade_saved_config"]
