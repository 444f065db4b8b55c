"""Train a C2LLM code embedder with SentenceTransformerTrainer (the recipe of arXiv 2512.21332).

    python train_sentence_transformers.py            # embedded CPU demo: small random Qwen2, stdlib pairs, no network
    python train_sentence_transformers.py --preset paper --backbone Qwen/Qwen2.5-Coder-0.5B-Instruct \\
        --dataset train.jsonl                        # the paper's recipe on your data
    torchrun --nproc_per_node 8 train_sentence_transformers.py --preset paper ...   # DDP, negatives gathered

The same run as ``c2llm train`` (flags: ``c2llm train --help``); the code is ``c2llm.training.trainer``
(``TrainConfig``, ``run``). Outputs in --output-dir: ``model/`` (Hub-ready, written atomically), ``results.json``,
``checkpoints/`` (resumable with --resume), ``data/`` (the mined demo data).
"""

import sys

from c2llm.cli import main

if __name__ == "__main__":
    sys.exit(main(["train", *sys.argv[1:]]))
