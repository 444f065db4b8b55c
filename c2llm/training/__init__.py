"""Training a C2LLM embedder (``c2llm train``, ``train_sentence_transformers.py``). Nothing is imported here: the
torch-free modules (config, presets) stay light for the CLI and the model card.

* :mod:`.config`: :class:`~c2llm.training.config.TrainConfig`, what a run is, its defaults and checks (torch-free)
* :mod:`.presets`: the demo and paper presets, POOLINGS, PADDING_SIDES (torch-free)
* :mod:`.trainer`: :func:`~c2llm.training.trainer.run`, the training recipe a ``TrainConfig`` drives
* :mod:`.finite_trainer`: the trainer that stops at the first non-finite loss or gradient norm
* :mod:`.groups`: rows of one ``group`` never in one batch (the collator that drops the column)
* :mod:`.length_grouping`: InfoNCE with texts embedded in like-length groups (less padding)
* :mod:`.lora`: LoRA adapters on the backbone, the pooling head fully trained; merging them
* :mod:`.checkpoints`: listing checkpoints and their weighted average (the paper's final model)
* :mod:`.allocator`: glibc malloc settings that make CPU training steps several times faster
"""
