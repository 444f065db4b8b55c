"""Benchmarks (``c2llm bench``, ``c2llm ablation``): :mod:`.encode_throughput` and :mod:`.train_throughput` time PMA
against stock sentence-transformers pooling as a fraction of the machine's matmul peak; :mod:`.ablation` trains the
demo with each pooling at an equal budget. Their reports go to ``bench/results/`` and ``docs/ablation/``."""
