"""The config class vLLM loads a C2LLM folder with (registered by :mod:`c2llm.serving.vllm_plugin`)."""

from __future__ import annotations

from configuration_c2llm import C2LLMConfig as FolderConfig


# Named as the folder's class: vLLM registers it with AutoConfig for "c2llm" in its process, and transformers accepts a
# config class for the folder's remote C2LLMModel only under the same class name, so a SentenceTransformer loaded
# afterwards in that process still loads (with this config, which differs only in get_text_config).
class C2LLMConfig(FolderConfig):
    """``C2LLMConfig`` whose text config is the backbone's: vLLM sizes its KV cache and builds the decoder from
    ``get_text_config()``, which transformers resolves only for sub-configs named ``text_config`` or ``decoder``."""

    def get_text_config(self, decoder=None, encoder=None):
        return self.backbone_config
