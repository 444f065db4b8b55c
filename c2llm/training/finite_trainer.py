"""A trainer that stops at the first non-finite loss or gradient norm, before the optimizer applies the step.

The Hugging Face Trainer clips a NaN gradient norm and steps anyway, so every weight becomes NaN, and its
``logging_nan_inf_filter`` then logs the loss as 0: a run that diverged would go on, exit 0 and save a broken model.
"""

from __future__ import annotations

from pathlib import Path

import torch
from sentence_transformers import SentenceTransformerTrainer

from ..errors import TrainingDiverged
from ..layout import TRAINER_STATE
from .checkpoints import list_checkpoints
from .groups import GroupDroppingCollator


def gradient_norm(model: torch.nn.Module) -> torch.Tensor:
    """The L2 norm of every gradient the backward pass wrote (0 when none is held here, e.g. under DeepSpeed)."""
    norms = [p.grad.detach().float().norm() for p in model.parameters() if p.grad is not None]
    return torch.linalg.vector_norm(torch.stack(norms)) if norms else torch.zeros(())


def last_complete_checkpoint(checkpoint_dir: str | Path) -> Path | None:
    """The newest checkpoint the trainer finished writing (trainer_state.json is written last)."""
    complete = [path for path in list_checkpoints(checkpoint_dir) if (path / TRAINER_STATE).exists()]
    return complete[-1] if complete else None


class FiniteStepTrainer(SentenceTransformerTrainer):
    """``SentenceTransformerTrainer`` that raises :class:`TrainingDiverged` after a backward pass whose loss or
    gradient norm is not finite. The optimizer has not stepped, and no checkpoint is written after it. Its collator
    reads rows that carry a ``group`` column (:mod:`c2llm.training.groups`)."""

    data_collator_class = GroupDroppingCollator

    def training_step(self, model, inputs, num_items_in_batch=None):
        loss = super().training_step(model, inputs, num_items_in_batch)
        norm = gradient_norm(model)
        if not bool(torch.isfinite(loss.detach().float()) & torch.isfinite(norm.to(loss.device))):  # one sync a step
            checkpoint = last_complete_checkpoint(self.args.output_dir)
            raise TrainingDiverged(
                step=self.state.global_step + 1,
                loss=float(loss),
                grad_norm=float(norm),
                checkpoint=str(checkpoint) if checkpoint else None,
            )
        return loss
