"""C2LLM configuration: a token encoder (any transformers backbone) plus the pooling that turns its states into one
embedding (arXiv 2512.21332)."""

from transformers import AutoConfig, PreTrainedConfig

EMBEDDING_METHODS = ("pma", "mean", "last_token", "first_token")
PMA_NORM_MODES = ("post_normal",)
PADDING_SIDES = ("left", "right")
PMA_INITS = ("xavier_uniform", "normal")


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
        pma_norm (`bool`, *optional*, defaults to `False`):
            Official key with the meaning it has in the CodeFuse-CGE code the official checkpoints descend from:
            `False` means the sentence embedding IS L2-normalised, `True` means it is returned unnormalised.
        pma_norm_mode (`str`, *optional*, defaults to `"post_normal"`):
            Where PMA's LayerNorms sit. Only `"post_normal"` (the official checkpoints' mode) is implemented.
        pma_init (`str`, *optional*, defaults to `"xavier_uniform"`):
            How a new PMA head starts. `"xavier_uniform"` is the official code's (CodeFuse-CGE `MAB_POST`): the seed
            and the weights of `fc_q`, `fc_k`, `fc_v`, `fc_o` drawn xavier-uniform, biases at PyTorch's default.
            `"normal"` is this package's earlier choice, normal(`initializer_range`) weights and zero biases, which
            starts the attention near-uniform (a mean pool); kept for the side-by-side study of docs/ablation.md.
            Loading a checkpoint never re-initialises its trained weights.
        padding_side (`str`, *optional*, defaults to `"left"`):
            Side the tokenizer pads on. Pooling is mask-aware, so embeddings do not depend on it; it is kept for
            tokenizers and official-config fidelity.
    """

    model_type = "c2llm"
    sub_configs = {"backbone_config": AutoConfig}

    backbone_config: dict | PreTrainedConfig | None = None
    embedding_method: str = "pma"
    compressed_dim: int | None = None
    pma_num_heads: int = 32
    pma_ln: bool = True
    pma_norm: bool = False
    pma_norm_mode: str = "post_normal"
    pma_init: str = "xavier_uniform"
    padding_side: str = "left"

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

    @property
    def normalize_embeddings(self) -> bool:
        """Whether the sentence embedding is L2-normalised (see `pma_norm`)."""
        return not self.pma_norm


__all__ = ["C2LLMConfig"]
