"""What PMA attends to: the seed query's attention per head over a text's tokens, its summaries, and verdicts against
the two failure signatures named for PMA pooling.

The weights come from the model's own pooling code (``C2LLMPMA.forward(..., return_weights=True)``), run on the
backbone states of the same tokens ``encode`` sees, so the embedding they explain is exactly the model's. Per text
and head:

* ``entropy_fraction``: the entropy of the weights over the text's real tokens divided by ln(number of tokens), the
  entropy of a uniform weighting (1.0: a mean pool; 0: one token). A text of one token counts as 1.0.
* ``last_weight`` / ``first_weight``: the weight on the last / first real token (EOS or [SEP] / BOS or [CLS] when the
  tokenizer adds them).
* ``prompt_weight``: the weight on the instruction prompt's tokens (``None`` without a prompt).
* ``top_tokens``: the most attended tokens and their weights.

Verdict per head, from the medians over texts (:data:`COLLAPSE_ENTROPY`, :data:`POSITIONAL_WEIGHT`):
``collapse`` (median entropy fraction >= 0.95: near-uniform, a mean pool), ``last-token bias`` / ``first-token bias``
(median weight on that token >= 0.9: an EOS / CLS pool), else ``selective``.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .atomic import atomic_write_text
from .errors import UserError
from .plots import pyplot, save_png

if TYPE_CHECKING:
    import numpy as np
    from sentence_transformers import SentenceTransformer

COLLAPSE_ENTROPY = 0.95
"""A head whose median entropy fraction reaches this is near-uniform: "attention collapse" (a mean pool)."""
POSITIONAL_WEIGHT = 0.9
"""A head whose median weight on the last (first) token reaches this is "positional bias" (an EOS / CLS pool)."""
TOP_TOKENS = 5
VERDICTS = ("collapse", "last-token bias", "first-token bias", "selective")


class NotPMAError(UserError):
    """The model pools without PMA: there is no attention to explain."""


@dataclass
class TextAttention:
    """PMA's attention over one text."""

    text: str
    prompt: str
    tokens: list[str]
    """The real tokens (padding removed), prompt included."""
    weights: np.ndarray
    """(heads, tokens): each row sums to 1."""
    is_prompt: list[bool]
    """Per token: whether it belongs to the prompt (special tokens never do)."""

    def entropy_fraction(self) -> np.ndarray:
        """Per head: entropy / ln(tokens), 1.0 for a one-token text."""
        import numpy as np

        count = self.weights.shape[1]
        if count < 2:
            return np.ones(self.weights.shape[0])
        weights = self.weights.astype(np.float64)
        entropy = -np.where(weights > 0, weights * np.log(np.where(weights > 0, weights, 1.0)), 0.0).sum(axis=1)
        return entropy / math.log(count)

    def prompt_weight(self) -> np.ndarray | None:
        """Per head: total weight on the prompt's tokens; ``None`` when the text has no prompt tokens."""
        import numpy as np

        mask = np.asarray(self.is_prompt, dtype=bool)
        return self.weights[:, mask].sum(axis=1) if mask.any() else None

    def top_tokens(self, k: int = TOP_TOKENS) -> list[list[tuple[str, float]]]:
        """Per head: the ``k`` most attended tokens, heaviest first."""
        order = (-self.weights).argsort(axis=1)[:, :k]
        return [[(self.tokens[i], float(row[i])) for i in head] for row, head in zip(self.weights, order)]

    def stats(self) -> dict:
        """The per-head summaries as JSON-ready lists (one value per head)."""
        prompt = self.prompt_weight()
        return {
            "text": self.text[:200],
            "prompt": self.prompt,
            "num_tokens": len(self.tokens),
            "entropy_fraction": [round(float(v), 6) for v in self.entropy_fraction()],
            "last_weight": [round(float(v), 6) for v in self.weights[:, -1]],
            "first_weight": [round(float(v), 6) for v in self.weights[:, 0]],
            "prompt_weight": None if prompt is None else [round(float(v), 6) for v in prompt],
            "top_tokens": [[[token, round(weight, 4)] for token, weight in head] for head in self.top_tokens(3)],
        }


def pma_module(model: SentenceTransformer):
    """The C2LLM model (module 0's ``C2LLMModel``) whose PMA pools ``model``; refuses other poolings."""
    hf_model = getattr(model[0], "model", None)
    config = getattr(hf_model, "config", None)
    if getattr(config, "model_type", None) != "c2llm":
        raise NotPMAError("--model: not a C2LLM model (no PMA pooling to explain)")
    if config.embedding_method != "pma":
        raise NotPMAError(f"--model: pools by {config.embedding_method!r}, not PMA: there is no attention to explain")
    return hf_model


def pma_attention(model: SentenceTransformer, texts: list[str], prompts: list[str] | str = "",
                  batch_size: int = 32) -> list[TextAttention]:
    """PMA's attention over each text (after its prompt, as ``encode(prompt=...)`` prepends it), from the model's own
    backbone and pooling code, on the tokens ``encode`` sees (the model's tokenizer and ``max_seq_length``)."""
    import torch

    hf_model = pma_module(model)
    prompts = [prompts] * len(texts) if isinstance(prompts, str) else list(prompts)
    if len(prompts) != len(texts):
        raise ValueError(f"{len(texts)} texts but {len(prompts)} prompts")
    tokenizer, device = model.tokenizer, next(hf_model.parameters()).device
    results: list[TextAttention] = []
    hf_model.eval()
    for start in range(0, len(texts), batch_size):
        batch_texts, batch_prompts = texts[start : start + batch_size], prompts[start : start + batch_size]
        encoded = tokenizer([p + t for p, t in zip(batch_prompts, batch_texts)], padding=True, truncation=True,
                            max_length=model.max_seq_length, return_tensors="pt", return_offsets_mapping=True,
                            return_special_tokens_mask=True)
        offsets, special = encoded.pop("offset_mapping"), encoded.pop("special_tokens_mask")
        inputs = {key: value.to(device) for key, value in encoded.items()}
        with torch.no_grad():
            states = hf_model.encode_tokens(**inputs).last_hidden_state
            _, weights = hf_model.pma(states, inputs["attention_mask"], return_weights=True)
        weights = weights.float().cpu().numpy()
        for row, (text, prompt) in enumerate(zip(batch_texts, batch_prompts)):
            real = encoded["attention_mask"][row].bool()
            ids = encoded["input_ids"][row][real].tolist()
            starts = offsets[row][real][:, 0].tolist()
            specials = special[row][real].bool().tolist()
            results.append(TextAttention(
                text=text, prompt=prompt, tokens=[tokenizer.decode([i]) for i in ids],
                weights=weights[row][:, real.numpy()],
                is_prompt=[not s and begin < len(prompt) for s, begin in zip(specials, starts)],
            ))  # fmt: skip
    return results


# ------------------------------------------------------------------------------------------------------ summary


def verdict(entropy_fraction: float, last_weight: float, first_weight: float) -> str:
    """One head's verdict from its medians (see the module docstring for the thresholds)."""
    if entropy_fraction >= COLLAPSE_ENTROPY:
        return "collapse"
    if last_weight >= POSITIONAL_WEIGHT:
        return "last-token bias"
    if first_weight >= POSITIONAL_WEIGHT:
        return "first-token bias"
    return "selective"


def summarise(attentions: list[TextAttention]) -> dict:
    """Per head: medians and means over texts of the four summaries, and its verdict; plus the verdict counts and
    the thresholds. Prompt weights are summarised over the texts that have a prompt."""
    if not attentions:
        raise UserError("no texts to explain")
    stats = [attention.stats() for attention in attentions]
    heads = []
    for head in range(len(stats[0]["entropy_fraction"])):
        row = {"head": head}
        for key in ("entropy_fraction", "last_weight", "first_weight", "prompt_weight"):
            values = [s[key][head] for s in stats if s[key] is not None]
            row[f"median_{key}"] = statistics.median(values) if values else None
            row[f"mean_{key}"] = statistics.fmean(values) if values else None
        row["verdict"] = verdict(row["median_entropy_fraction"], row["median_last_weight"], row["median_first_weight"])
        heads.append(row)
    counts = Counter(row["verdict"] for row in heads)
    return {
        "texts": len(stats),
        "heads": heads,
        "verdicts": {name: counts.get(name, 0) for name in VERDICTS},
        "thresholds": {"collapse_entropy_fraction": COLLAPSE_ENTROPY, "positional_weight": POSITIONAL_WEIGHT},
    }


def markdown(summary: dict) -> str:
    """The per-head table and the verdict counts."""
    counts = ", ".join(f"{count} {name}" for name, count in summary["verdicts"].items() if count)
    thresholds = summary["thresholds"]
    lines = [
        (f"{summary['texts']} texts; heads: {counts}. Verdicts from medians over texts: collapse if the entropy "
        f"fraction >= {thresholds['collapse_entropy_fraction']}, last/first-token bias if that token's weight >= "
        f"{thresholds['positional_weight']}."),
        "",
        "| head | entropy fraction | last-token weight | first-token weight | prompt weight | verdict |",
        "|---|---|---|---|---|---|",
    ]

    def cell(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f}"

    for row in summary["heads"]:
        lines.append(f"| {row['head']} | {cell(row['median_entropy_fraction'])} | {cell(row['median_last_weight'])} "
                     f"| {cell(row['median_first_weight'])} | {cell(row['median_prompt_weight'])} | {row['verdict']} |")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------------------ pictures


def plot_heatmap(attention: TextAttention, path: Path, title: str = "") -> None:
    """Tokens (rows) x heads (columns) of one text, with the prompt's tokens marked."""
    plt = pyplot()
    heads, count = attention.weights.shape
    fig, ax = plt.subplots(figsize=(2.5 + 0.22 * heads, 1.2 + 0.17 * count))
    image = ax.imshow(attention.weights.T, aspect="auto", cmap="viridis", interpolation="nearest")
    labels = [("▸ " if prompt else "") + token.replace("\n", "\\n") for token, prompt in
              zip(attention.tokens, attention.is_prompt)]
    ax.set_yticks(range(count), labels, fontsize=7)
    ax.set_xticks(range(heads), [str(h) for h in range(heads)], fontsize=6)
    ax.set_xlabel("PMA head")
    ax.set_title(title or "PMA attention per token (▸ prompt tokens)", fontsize=9)
    fig.colorbar(image, ax=ax, fraction=0.04)
    fig.tight_layout()
    save_png(fig, path)


def plot_histograms(attentions: list[TextAttention], path: Path, title: str = "") -> None:
    """Histograms over (text, head) of the entropy fraction and the last-token, first-token and prompt weights, with
    the verdict thresholds drawn."""
    import numpy as np

    plt = pyplot()
    entropy = np.concatenate([a.entropy_fraction() for a in attentions])
    last = np.concatenate([a.weights[:, -1] for a in attentions])
    first = np.concatenate([a.weights[:, 0] for a in attentions])
    prompt = [a.prompt_weight() for a in attentions]
    prompt = np.concatenate([p for p in prompt if p is not None]) if any(p is not None for p in prompt) else None
    panels = [("entropy / uniform entropy", entropy, COLLAPSE_ENTROPY), ("weight on last token", last,
              POSITIONAL_WEIGHT), ("weight on first token", first, POSITIONAL_WEIGHT)]
    if prompt is not None:
        panels.append(("weight on prompt tokens", prompt, None))
    fig, axes = plt.subplots(1, len(panels), figsize=(3.2 * len(panels), 2.8))
    for ax, (label, values, threshold) in zip(axes, panels):
        ax.hist(values, bins=40, range=(0, 1), color="tab:blue", alpha=0.8)
        if threshold is not None:
            ax.axvline(threshold, color="tab:red", linestyle="--", linewidth=1)
        ax.set_xlabel(label, fontsize=8)
    axes[0].set_ylabel("(text, head) pairs")
    fig.suptitle(title or f"PMA attention over {len(attentions)} texts (dashed: verdict thresholds)", fontsize=9)
    fig.tight_layout()
    save_png(fig, path)


def write_report(attentions: list[TextAttention], output_dir: str | Path, label: str = "") -> dict:
    """``attention.json`` (summary and per-text stats), ``attention.md``, ``heatmap.png`` (the first text) and
    ``histograms.png`` in ``output_dir``; returns the summary."""
    output_dir = Path(output_dir)
    summary = summarise(attentions)
    payload = {"summary": summary, "texts": [attention.stats() for attention in attentions]}
    atomic_write_text(output_dir / "attention.json", json.dumps(payload, indent=1) + "\n")
    atomic_write_text(output_dir / "attention.md", markdown(summary))
    plot_heatmap(attentions[0], output_dir / "heatmap.png", title=label)
    plot_histograms(attentions, output_dir / "histograms.png")
    return summary
