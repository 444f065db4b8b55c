"""Embed texts with an official C2LLM snapshot's OWN remote code: the child process of ``c2llm verify
--against-official`` (:mod:`c2llm.hub.official_parity`).

Run as a script, possibly by another interpreter (a venv with the transformers < 5 the official file was written
for), so it imports nothing of this project and only torch and transformers, inside :func:`embed`::

    python official_runner.py SNAPSHOT_DIR TEXTS_JSON OUT_JSON DTYPE

The official file imports training-only packages (deepspeed's ZeRO loader unconditionally, peft); where they are not
installed they get stand-ins: importable modules whose every name is a class that refuses to be used, so the file
loads without them and an embedding pass never touches them. flash-attn is never stood in for (transformers would
take it for installed); attention runs eager, which every model class supports.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import json
import os
import sys
import types

TRAINING_ONLY = ("deepspeed", "peft")
PROJECT_MODULES = ("configuration_c2llm", "modeling_c2llm", "c2llm", "train_sentence_transformers")


def _refusing(qualified_name: str) -> type:
    """A stand-in class: it can be imported, subclassed and named in annotations, never instantiated or called."""

    def refuse(*args, **kwargs):
        raise RuntimeError(f"{qualified_name} is a stand-in for a training-only package (not installed)")

    return type(qualified_name.rsplit(".", 1)[-1], (), {"__init__": refuse, "__call__": refuse})


class StandIn(types.ModuleType):
    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        return _refusing(f"{self.__name__}.{name}")


class StandInFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves ``StandIn`` modules for the given top-level packages and every submodule of them."""

    def __init__(self, roots: tuple[str, ...]):
        self.roots = roots

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in self.roots:
            return importlib.util.spec_from_loader(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        return StandIn(spec.name)

    def exec_module(self, module):
        module.__path__ = []


def install_stand_ins() -> list[str]:
    """Stand-ins for the training-only packages that are not installed; returns their names."""
    missing = tuple(name for name in TRAINING_ONLY if importlib.util.find_spec(name) is None)
    if missing:
        sys.meta_path.insert(0, StandInFinder(missing))
    return list(missing)


def embed(snapshot: str, texts: list[str], dtype_name: str) -> dict:
    """The official model's raw `sentence_embedding` of each text, one left-padded batch, as its config pads."""
    import torch
    import transformers
    from transformers import AutoConfig, AutoModel, AutoTokenizer

    dtype = getattr(torch, dtype_name)
    config = AutoConfig.from_pretrained(snapshot, trust_remote_code=True)
    for name in ("attn_implementation", "_attn_implementation"):  # the released config asks for flash-attention 2
        if name in vars(config):
            setattr(config, name, "eager")
    dtype_key = "dtype" if int(transformers.__version__.split(".")[0]) >= 5 else "torch_dtype"
    model = AutoModel.from_pretrained(snapshot, config=config, trust_remote_code=True, attn_implementation="eager",
                                      **{dtype_key: dtype}).eval()
    tokenizer = AutoTokenizer.from_pretrained(snapshot)
    tokenizer.padding_side = getattr(config, "padding_side", "left")
    batch = tokenizer(texts, padding=True, truncation=True, max_length=2048, return_tensors="pt")
    with torch.no_grad():
        output = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"])
    vectors = output["sentence_embedding"] if isinstance(output, dict) or hasattr(output, "keys") else output
    return {"class": f"{type(model).__module__}.{type(model).__qualname__}", "transformers": transformers.__version__,
            "embeddings": vectors.float().tolist()}


def main(argv: list[str]) -> None:
    snapshot, texts_path, out_path, dtype_name = argv
    here = os.path.dirname(os.path.realpath(__file__))  # run as a script, its folder is sys.path[0]: drop it
    sys.path[:] = [path for path in sys.path if os.path.realpath(path or os.getcwd()) != here]
    for name in PROJECT_MODULES:  # the official file must not resolve anything to this project's code
        sys.modules[name] = None  # type: ignore[assignment]
    stand_ins = install_stand_ins()
    with open(texts_path, encoding="utf-8") as handle:
        texts = json.load(handle)
    result = embed(snapshot, texts, dtype_name) | {"stand_ins": stand_ins}
    with open(out_path, "w", encoding="utf-8") as handle:
        json.dump(result, handle)


if __name__ == "__main__":
    main(sys.argv[1:])
