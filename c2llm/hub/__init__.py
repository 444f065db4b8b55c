"""Publishing: :mod:`.checkpoint_files` (safetensors headers and shards), :mod:`.fresh_load` (loading in a process
where this project cannot be imported), :mod:`.verify`, :mod:`.export`, :mod:`.push` and :mod:`.convert` (official
C2LLM checkpoints into this layout)."""
