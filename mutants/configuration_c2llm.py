"""C2LLM configuration: a token encoder (any transformers backbone) plus the pooling that turns its states into one
embedding (arXiv 2512.21332)."""

from transformers import AutoConfig, PreTrainedConfig

EMBEDDING_METHODS = ("pma", "mean", "last_token")
PMA_NORM_MODES = ("post_normal",)
PADDING_SIDES = ("left", "right")


from mutmut.mutation.trampoline import wrap_in_trampoline as _mutmut_mutated, MutantDict
mutants_xǁC2LLMConfigǁ__post_init____mutmut: MutantDict = {}  # type: ignore


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
            `"mean"` (masked mean, CL4D's choice) or `"last_token"` (the last non-padding token).
        compressed_dim (`int`, *optional*):
            Size of the output embedding. PMA projects to it, so it may differ from the backbone's hidden size; `mean`
            and `last_token` have no projection and need it to equal the hidden size. Defaults to the hidden size.
        pma_num_heads (`int`, *optional*, defaults to 32):
            Attention heads of PMA; they split `compressed_dim` and add no parameters.
        pma_ln (`bool`, *optional*, defaults to `True`):
            Whether PMA applies its two LayerNorms.
        pma_norm (`bool`, *optional*, defaults to `False`):
            Official key with the meaning it has in the CodeFuse-CGE code the official checkpoints descend from:
            `False` means the sentence embedding IS L2-normalised, `True` means it is returned unnormalised.
        pma_norm_mode (`str`, *optional*, defaults to `"post_normal"`):
            Where PMA's LayerNorms sit. Only `"post_normal"` (the official checkpoints' mode) is implemented.
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
    padding_side: str = "left"

    @_mutmut_mutated(mutants_xǁC2LLMConfigǁ__post_init____mutmut)
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

    def xǁC2LLMConfigǁ__post_init____mutmut_orig(self, **kwargs):
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

    def xǁC2LLMConfigǁ__post_init____mutmut_1(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is not None:
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

    def xǁC2LLMConfigǁ__post_init____mutmut_2(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = None
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

    def xǁC2LLMConfigǁ__post_init____mutmut_3(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model(None)
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

    def xǁC2LLMConfigǁ__post_init____mutmut_4(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("XXqwen2XX")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_5(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("QWEN2")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_6(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = None
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_7(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(None)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_8(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = None
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_9(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(None, **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_10(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(**backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_11(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "qwen2"), )
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_12(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop(None, "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_13(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", None), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_14(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_15(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", ), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_16(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("XXmodel_typeXX", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_17(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("MODEL_TYPE", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_18(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "XXqwen2XX"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_19(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "QWEN2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_20(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = None
        if self.compressed_dim is None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_21(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is not None:
            self.compressed_dim = hidden_size
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_22(self, **kwargs):
        # Resolved by hand (not with SubConfigSpec, new in transformers 5.19) so the file loads on every 5.x.
        if self.backbone_config is None:
            self.backbone_config = AutoConfig.for_model("qwen2")
        elif isinstance(self.backbone_config, dict):
            backbone = dict(self.backbone_config)
            self.backbone_config = AutoConfig.for_model(backbone.pop("model_type", "qwen2"), **backbone)
        super().__post_init__(**kwargs)
        hidden_size = self.backbone_config.hidden_size
        if self.compressed_dim is None:
            self.compressed_dim = None
        if self.embedding_method not in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_23(self, **kwargs):
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
        if self.embedding_method in EMBEDDING_METHODS:
            raise ValueError(f"embedding_method={self.embedding_method!r} is not one of {EMBEDDING_METHODS}")
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_24(self, **kwargs):
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
            raise ValueError(None)
        if self.pma_norm_mode not in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_25(self, **kwargs):
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
        if self.pma_norm_mode in PMA_NORM_MODES:
            raise ValueError(f"pma_norm_mode={self.pma_norm_mode!r} is not implemented; use one of {PMA_NORM_MODES}")
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

    def xǁC2LLMConfigǁ__post_init____mutmut_26(self, **kwargs):
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
            raise ValueError(None)
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

    def xǁC2LLMConfigǁ__post_init____mutmut_27(self, **kwargs):
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
        if self.padding_side in PADDING_SIDES:
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

    def xǁC2LLMConfigǁ__post_init____mutmut_28(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(None)
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_29(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" or self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_30(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method != "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_31(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "XXpmaXX" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_32(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "PMA" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_33(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim / self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_34(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                None
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_35(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" or self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_36(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method == "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_37(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "XXpmaXX" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_38(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "PMA" and self.compressed_dim != hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_39(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim == hidden_size:
            raise ValueError(
                f"embedding_method={self.embedding_method!r} has no projection: compressed_dim={self.compressed_dim} "
                f"must equal the backbone hidden size {hidden_size}"
            )

    def xǁC2LLMConfigǁ__post_init____mutmut_40(self, **kwargs):
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
        if self.padding_side not in PADDING_SIDES:
            raise ValueError(f"padding_side={self.padding_side!r} is not one of {PADDING_SIDES}")
        if self.embedding_method == "pma" and self.compressed_dim % self.pma_num_heads:
            raise ValueError(
                f"compressed_dim={self.compressed_dim} is not divisible by pma_num_heads={self.pma_num_heads}"
            )
        if self.embedding_method != "pma" and self.compressed_dim != hidden_size:
            raise ValueError(
                None
            )

    @property
    def normalize_embeddings(self) -> bool:
        """Whether the sentence embedding is L2-normalised (see `pma_norm`)."""
        return not self.pma_norm

mutants_xǁC2LLMConfigǁ__post_init____mutmut['_mutmut_orig'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_orig # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_1'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_1 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_2'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_2 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_3'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_3 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_4'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_4 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_5'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_5 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_6'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_6 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_7'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_7 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_8'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_8 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_9'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_9 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_10'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_10 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_11'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_11 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_12'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_12 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_13'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_13 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_14'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_14 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_15'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_15 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_16'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_16 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_17'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_17 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_18'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_18 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_19'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_19 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_20'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_20 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_21'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_21 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_22'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_22 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_23'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_23 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_24'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_24 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_25'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_25 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_26'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_26 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_27'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_27 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_28'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_28 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_29'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_29 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_30'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_30 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_31'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_31 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_32'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_32 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_33'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_33 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_34'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_34 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_35'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_35 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_36'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_36 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_37'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_37 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_38'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_38 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_39'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_39 # type: ignore # mutmut generated
mutants_xǁC2LLMConfigǁ__post_init____mutmut['xǁC2LLMConfigǁ__post_init____mutmut_40'] = C2LLMConfig.xǁC2LLMConfigǁ__post_init____mutmut_40 # type: ignore # mutmut generated


__all__ = ["C2LLMConfig"]
