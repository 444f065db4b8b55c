"""Training data: :mod:`.training` (tables of query, positive, negative_1..K), :mod:`.mining` ((docstring -> code)
pairs from source trees, split by file), :mod:`.negatives` (hard negatives by BM25 or a dense model), and the paper's
data as a recipe (``c2llm data build``): :mod:`.recipe` (the YAML format), :mod:`.sources` (reading Hub datasets or a
mirror), :mod:`.decontaminate` (MTEB(Code) test texts), :mod:`.build` (the build), :mod:`.manifest` (``manifest.json``
and reading a built folder for training), :mod:`.epoch_negatives` (the per-epoch draw of hard negatives)."""
