"""Development harnesses, kept out of the installed package: the search, clone, scale and RAG benchmarks against the
peers, the causal backbone of the ablation, and the GPU check. Run from the repository root (``python -m
bench.<name>``); each writes its tracked results to ``bench/results/``. What users run on their own machines stays in
the package: ``c2llm bench encode|train`` and ``c2llm ablation`` (:mod:`c2llm.bench`)."""
