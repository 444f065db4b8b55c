"""Serving a published C2LLM folder with vLLM (docs/serving.md).

* :mod:`c2llm.serving.pma`: the PMA head over a flattened batch of sequences (plain torch, no vLLM), the math the
  vLLM pooler runs
* :mod:`c2llm.serving.vllm_plugin`: the ``vllm.general_plugins`` entry point that registers the ``C2LLMModel``
  architecture and its config
* :mod:`c2llm.serving.vllm_model`: the vLLM model: vLLM's own backbone (Qwen2, Qwen3, Llama) and the PMA pooler
  (imports vLLM)
"""
