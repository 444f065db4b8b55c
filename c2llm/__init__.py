"""C2LLM code embeddings for Hugging Face: the library behind the ``c2llm`` command.

The model itself is ``configuration_c2llm.py`` / ``modeling_c2llm.py`` (top-level modules: they travel inside every
checkpoint). This package builds, trains, evaluates and publishes it:

* :mod:`c2llm.build`, :mod:`c2llm.layout`, :mod:`c2llm.model_folders`: C2LLM pipelines, what a model folder holds
  and what kind of folder a path is (this package's, or an official C2LLM / CodeFuse-CGE release), and the folder to
  load for a model argument (a release is converted once into the cache)
* :mod:`c2llm.training`: what a run is (:mod:`~c2llm.training.config`, torch-free), running it
  (:mod:`~c2llm.training.trainer`), presets, LoRA, checkpoint averaging
* :mod:`c2llm.code`: code knowledge shared by mining, search and clones (the one language table, tree-sitter parsing,
  definitions, size-bounded chunks, reading source files)
* :mod:`c2llm.data`: training tables, mining source trees, hard negatives, the paper's data recipe (``data build``)
* :mod:`c2llm.evaluation`: BEIR folders, metrics, dense retrieval, BM25, mteb; :mod:`c2llm.encoding`: batches by
  token budget, shared by evaluation, the index and the benchmarks
* :mod:`c2llm.hub`: checkpoint files, verify (and against the official code), export, push, convert;
  :mod:`c2llm.hub.hub_card`: the model card; :mod:`c2llm.provenance`: the commit a results file records
* :mod:`c2llm.bench`: encode and training throughput (``c2llm bench``) and the ablation of the paper's PMA claims
  (``c2llm ablation``); the development harnesses (search, clones, scale, the causal backbone) live in the
  repository's ``bench/``, outside the installed package
* :mod:`c2llm.explain`: what PMA attends to (per-head attention, collapse / positional-bias verdicts)
* :mod:`c2llm.search`: the repository index (units, store, hybrid search) behind ``c2llm index`` / ``search``
* :mod:`c2llm.clones`: near-duplicate code (``c2llm dupes``); :mod:`c2llm.rag`: retrieval for assistants;
  :mod:`c2llm.mcp_server`: the MCP server (``c2llm serve-mcp``)
* :mod:`c2llm.cli`: the ``c2llm`` command
"""

__version__ = "0.1.0"
