"""Training data: :mod:`.training` (tables of query, positive, negative_1..K), :mod:`.mining` ((docstring -> code)
pairs from source trees, split by file) and :mod:`.negatives` (hard negatives by BM25 or a dense model)."""
