"""C2LLM code embeddings for Hugging Face: the library behind the ``c2llm`` command.

The model itself is ``configuration_c2llm.py`` / ``modeling_c2llm.py`` (top-level modules: they travel inside every
checkpoint). This package builds, trains, evaluates and publishes it:

* :mod:`c2llm.build`, :mod:`c2llm.layout`: C2LLM pipelines and what a model folder holds
* :mod:`c2llm.train`, :mod:`c2llm.presets`, :mod:`c2llm.lora`, :mod:`c2llm.checkpoints`: training
* :mod:`c2llm.data`: training tables, mining source trees, hard negatives
* :mod:`c2llm.evaluation`: BEIR folders, metrics, dense retrieval, BM25, mteb
* :mod:`c2llm.hub`: checkpoint files, verify, export, push, convert; :mod:`c2llm.hub_card`: the model card
* :mod:`c2llm.bench`: throughput benchmarks and the pooling ablation
* :mod:`c2llm.cli`: the ``c2llm`` command
"""

__version__ = "0.1.0"
