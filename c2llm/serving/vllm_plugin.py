"""vLLM plugin of the package: the ``vllm.general_plugins`` entry point ``c2llm`` (setup.cfg) calls :func:`register`
in every vLLM process, so that ``vllm serve FOLDER`` and ``LLM(FOLDER)`` run a C2LLM folder without
``--trust-remote-code``. Importing this module does not import vLLM."""

from __future__ import annotations

from .config import C2LLMConfig

ARCHITECTURE = "C2LLMModel"  # `architectures` in a C2LLM folder's config.json
MODEL_CLASS = "c2llm.serving.vllm_model:C2LLMForEmbedding"  # imported by vLLM only when a folder needs it


def register() -> None:
    """Register the architecture and the config; safe to call more than once (vLLM loads plugins per process)."""
    from vllm import ModelRegistry
    from vllm.transformers_utils import config as vllm_config

    if ARCHITECTURE not in ModelRegistry.get_supported_archs():
        ModelRegistry.register_model(ARCHITECTURE, MODEL_CLASS)
    # vLLM's own table of config classes: a model_type found there is loaded with that class rather than with the
    # folder's remote code, so the backbone is the text config with or without --trust-remote-code
    vllm_config._CONFIG_REGISTRY.setdefault(C2LLMConfig.model_type, C2LLMConfig)
