"""The ``C2LLMModel`` architecture in vLLM: vLLM's own backbone, then the folder's PMA head as the pooler.

Imported by vLLM (lazily, through the registration in :mod:`c2llm.serving.vllm_plugin`), never by the rest of the
package: it needs vLLM.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Set

import torch
from torch import nn
from vllm.config import VllmConfig
from vllm.model_executor.layers.pooler import DispatchPooler, Pooler
from vllm.model_executor.models.interfaces_base import default_pooling_type
from vllm.model_executor.models.utils import AutoWeightsLoader, maybe_prefix
from vllm.sequence import IntermediateTensors
from vllm.tasks import PoolingTask
from vllm.v1.pool.metadata import PoolingMetadata

from .pma import PMAHead

# backbone model_type -> vLLM's decoder stack without an LM head (module, class); each names its weights as the
# transformers AutoModel of that type does, i.e. as the folder stores them under `backbone.`
BACKBONES: dict[str, tuple[str, str]] = {
    "qwen2": ("vllm.model_executor.models.qwen2", "Qwen2Model"),
    "qwen3": ("vllm.model_executor.models.qwen3", "Qwen3Model"),
    "llama": ("vllm.model_executor.models.llama", "LlamaModel"),
}


def backbone_class(model_type: str) -> type[nn.Module]:
    if model_type not in BACKBONES:
        raise ValueError(
            f"error: a C2LLM folder with a {model_type!r} backbone is not served by this plugin; "
            f"supported backbones: {', '.join(BACKBONES)}"
        )
    module, name = BACKBONES[model_type]
    return getattr(importlib.import_module(module), name)


class PMAPooler(Pooler):
    """The ``embed`` pooler: each finished sequence's tokens go through the PMA head, nothing else."""

    def __init__(self, head: PMAHead) -> None:
        super().__init__()
        self.head = head

    def get_supported_tasks(self) -> Set[PoolingTask]:
        return {"embed"}

    def forward(self, hidden_states: torch.Tensor, pooling_metadata: PoolingMetadata) -> torch.Tensor:
        cursor = pooling_metadata.get_pooling_cursor()
        # PMA attends over every token of a sequence at once: a sequence split over steps would be pooled on a part.
        # The architecture's MEAN default keeps vLLM from chunking prefills; a --pooler-config that changes it
        # must not silently give wrong vectors.
        if cursor.is_partial_prefill():
            raise RuntimeError("error: PMA pooling needs whole sequences; do not enable chunked prefill for C2LLM")
        return self.head(hidden_states, cursor.num_scheduled_tokens_cpu.tolist())


# "MEAN" is declared (the pooler is PMA whatever the type says) because it is the type for which vLLM turns off
# chunked prefill and prefix caching on a causal model: PMA, like a mean, needs all of a sequence's states in one step.
@default_pooling_type(seq_pooling_type="MEAN")
class C2LLMForEmbedding(nn.Module):
    """A C2LLM folder as saved (``backbone.*`` and ``pma.*`` weights) as a vLLM pooling model."""

    is_pooling_model = True

    def __init__(self, *, vllm_config: VllmConfig, prefix: str = "") -> None:
        super().__init__()
        config = vllm_config.model_config.hf_config
        self.config = config
        backbone_config = config.backbone_config
        # the backbone sees its own config as its model config, as vLLM's multimodal models build their text stack
        self.backbone = backbone_class(backbone_config.model_type)(
            vllm_config=vllm_config.with_hf_config(backbone_config),
            prefix=maybe_prefix(prefix, "backbone"),
        )
        self.pma = PMAHead.from_config(config)
        self.pooler = DispatchPooler({"embed": PMAPooler(self.pma)})

    def embed_input_ids(self, input_ids: torch.Tensor) -> torch.Tensor:
        return self.backbone.embed_input_ids(input_ids)

    def forward(
        self,
        input_ids: torch.Tensor | None,
        positions: torch.Tensor,
        intermediate_tensors: IntermediateTensors | None = None,
        inputs_embeds: torch.Tensor | None = None,
    ) -> torch.Tensor | IntermediateTensors:
        return self.backbone(input_ids, positions, intermediate_tensors, inputs_embeds)

    def load_weights(self, weights: Iterable[tuple[str, torch.Tensor]]) -> set[str]:
        # `backbone.*` goes to the backbone's own loader (which fuses q/k/v and gate/up), `pma.*` to the head as is;
        # vLLM then refuses a folder that left any parameter unloaded.
        return AutoWeightsLoader(self).load_weights(weights)
