"""Publishing: :mod:`.checkpoint_files` (safetensors headers and shards), :mod:`.fresh_load` (loading in a process
where this project cannot be imported), :mod:`.verify`, :mod:`.export`, :mod:`.push`, :mod:`.hub_card` (the model
card), :mod:`.convert` (official C2LLM and CodeFuse-CGE checkpoints into this layout) and :mod:`.official_parity`
(a conversion compared with the official code)."""
