"""Near-duplicate code: ``c2llm dupes`` and ``c2llm dupes calibrate`` over the repository index.

* :mod:`c2llm.clones.tokens`: lexing (``tokenize``, tree-sitter leaves), Type-1/Type-2 normalisation, Jaccard
* :mod:`c2llm.clones.mutate`: generated Type-1/2/3 clones of real functions (calibration and benchmark positives)
* :mod:`c2llm.clones.settings`: what takes part and the scan's defaults (light: ``c2llm --help`` reads them)
* :mod:`c2llm.clones.detect`: the stages (exact hash, renamed hash, near copy: embedding and token-trigram
  neighbours confirmed by the near-copy rule) over a list of units
* :mod:`c2llm.clones.corpus`: known-code corpora for ``--against`` and their ``c2llm-corpus.jsonl`` metadata
* :mod:`c2llm.clones.known`: the units of a tree that copy units of a corpus
* :mod:`c2llm.clones.calibrate`: the per-model near-copy rule (cosine and token-trigram Jaccard thresholds) from the
  repository's own functions, stored with the index
* :mod:`c2llm.clones.gitdiff`: lines added since a revision (``--base``)
* :mod:`c2llm.clones.baseline`: accepted pairs (``--baseline``)
* :mod:`c2llm.clones.report`: text, JSON and SARIF 2.1.0 outputs
* :mod:`c2llm.clones.scan`: all of it over an open :class:`~c2llm.search.index.Index` (and corpus indexes)
"""
