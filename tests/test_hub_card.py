"""Tests of hub_card: front matter (parsed as the Hub does), model-index from results.json, and the usage snippets of
the generated README executed against a real model folder."""

from __future__ import annotations

import json
import re
import shutil

import pytest
import torch
from huggingface_hub import metadata_load

from c2llm.build import load_model
from c2llm.hub.hub_card import build_model_card, find_results_json, write_model_card

MODEL_ID = "my-org/c2llm-tiny-test"
RESULTS = {
    "command": "train_sentence_transformers.py --max-steps 5",
    "preset": "demo",
    "backbone": "small-qwen2",
    "pooling": "pma",
    "datasets": {"train": 1234},
    "global_steps": 5,
    "train_loss": 2.3456,
    "train_seconds": 12.3,
    "eval_split": "/somewhere/private/data/test-beir",
    "before": {"ndcg_at_10": 0.1111, "mrr_at_10": 0.0999},
    "after": {"ndcg_at_10": 0.4321, "mrr_at_10": 0.3987},
    "bm25": {"ndcg_at_10": 0.5, "mrr_at_10": 0.45},
}


@pytest.fixture(scope="module")
def card_dir(tmp_path_factory, model_dir):
    """A copy of the tiny model with its card written from a results.json."""
    folder = tmp_path_factory.mktemp("card") / "model"
    shutil.copytree(model_dir, folder)
    results = folder.parent / "results.json"
    results.write_text(json.dumps({**RESULTS, "model_dir": str(folder)}))
    write_model_card(folder, model_id=MODEL_ID, base_model="Qwen/Qwen2.5-Coder-0.5B-Instruct",
                     datasets=["my-org/code-pairs"])  # results.json found next to the folder
    return folder


@pytest.fixture(scope="module")
def readme(card_dir):
    return (card_dir / "README.md").read_text()


def python_blocks(text: str) -> dict[str, str]:
    """The ```python blocks of a README, keyed by the ### heading above them."""
    blocks = {}
    for section in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
        title = section.splitlines()[0].strip()
        for code in re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL):
            blocks[title] = code
    return blocks


def test_front_matter_parses_and_model_index_equals_results(card_dir):
    metadata = metadata_load(card_dir / "README.md")
    assert metadata["library_name"] == "sentence-transformers"
    assert metadata["pipeline_tag"] == "sentence-similarity"
    assert {"code", "custom_code", "sentence-transformers", "c2llm", "pma"} <= set(metadata["tags"])
    assert metadata["base_model"] == "Qwen/Qwen2.5-Coder-0.5B-Instruct"
    assert metadata["license"] == "apache-2.0" and metadata["datasets"] == ["my-org/code-pairs"]
    (entry,) = metadata["model-index"]
    assert entry["name"] == MODEL_ID
    (result,) = entry["results"]
    assert "test-beir" in result["dataset"]["name"] and "not MTEB" in result["dataset"]["name"]
    assert "/somewhere/private" not in json.dumps(metadata)  # the local path never leaks into the card
    metrics = {metric["type"]: metric for metric in result["metrics"]}
    assert metrics["ndcg_at_10"]["value"] == RESULTS["after"]["ndcg_at_10"]
    assert metrics["mrr_at_10"]["value"] == RESULTS["after"]["mrr_at_10"]
    assert all(metric["verified"] is False and "not MTEB" in metric["name"] for metric in metrics.values())


def test_body_reads_the_folder(readme, model_dir):
    config = json.loads((model_dir / "config.json").read_text())
    prompts = json.loads((model_dir / "config_sentence_transformers.json").read_text())["prompts"]
    assert f"| Output dimension | {config['compressed_dim']} (L2-normalised) |" in readme
    assert f"`pma_num_heads={config['pma_num_heads']}`" in readme
    assert "| Max sequence length | 2048 tokens |" in readme
    for name, prompt in prompts.items():  # every prompt is in the table, newline shown as \n
        assert f"| `{name}` | `{json.dumps(prompt)[1:-1]}` |" in readme
    assert "| this model | 0.4321 | 0.3987 |" in readme
    assert "| BM25 (code-aware baseline) | 0.5000 | 0.4500 |" in readme
    assert "Demonstration model" in readme
    assert "eprint={2512.21332}" in readme and "archivePrefix={arXiv}" in readme and "primaryClass={cs.CL}" in readme
    assert "Jin Qin and Zihan Liao" in readme


def test_card_without_results_has_no_model_index(tmp_path, model_dir):
    folder = tmp_path / "model"
    shutil.copytree(model_dir, folder)
    assert find_results_json(folder) is None
    write_model_card(folder, model_id=MODEL_ID)
    metadata = metadata_load(folder / "README.md")
    assert "model-index" not in metadata and "base_model" not in metadata
    text = (folder / "README.md").read_text()
    assert "No evaluation was recorded" in text and "Demonstration model" not in text


def test_results_of_another_folder_are_not_picked_up(tmp_path, model_dir):
    folder = tmp_path / "model"
    shutil.copytree(model_dir, folder)
    (tmp_path / "results.json").write_text(json.dumps({**RESULTS, "model_dir": str(tmp_path / "other")}))
    assert find_results_json(folder) is None
    (tmp_path / "results.json").write_text(json.dumps({**RESULTS, "model_dir": str(folder)}))
    assert find_results_json(folder) == tmp_path / "results.json"


def test_trainer_record_is_kept_across_rewrites(tmp_path, model_dir):
    folder = tmp_path / "model"
    shutil.copytree(model_dir, folder)
    auto_card = (folder / "README.md").read_text()
    assert "## Training Details" in auto_card  # sentence-transformers' own card
    (folder / "README.md").write_text(auto_card.replace(
        "## Training Details", "## Training Details\n\n### Training Hyperparameters\n- `learning_rate`: 0.000123"))
    write_model_card(folder, model_id=MODEL_ID)
    write_model_card(folder, model_id=MODEL_ID)  # a second export must not lose it
    text = (folder / "README.md").read_text()
    assert text.count("#### Training Hyperparameters\n- `learning_rate`: 0.000123") == 1


def test_not_a_c2llm_folder_is_refused(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "qwen2"}))
    with pytest.raises(ValueError, match="not a C2LLM model folder"):
        build_model_card(tmp_path)


def test_readme_snippets_run_and_match_load_model(readme, card_dir, encode, monkeypatch, tmp_path):
    blocks = python_blocks(readme)
    assert set(blocks) == {"Sentence Transformers", "Transformers", "MTEB"}
    reference = load_model(card_dir)
    run = {}
    for title in ("Sentence Transformers", "Transformers"):
        code = blocks[title]
        assert code.count(f'"{MODEL_ID}"') >= 1
        namespace: dict = {}
        exec(compile(code.replace(MODEL_ID, str(card_dir)), f"<README {title}>", "exec"), namespace)
        run[title] = namespace
    queries, documents = run["Sentence Transformers"]["queries"], run["Sentence Transformers"]["documents"]
    # compared on CPU: the snippets' outputs and ours are on the model's device, CUDA where there is one
    expected_q = encode(reference, queries, prompt_name="query").cpu()
    expected_d = encode(reference, documents, prompt_name="document").cpu()

    def cpu(value) -> torch.Tensor:
        return torch.as_tensor(value).float().cpu()

    for namespace in run.values():
        assert torch.allclose(cpu(namespace["query_embeddings"]), expected_q, atol=1e-5)
        assert torch.allclose(cpu(namespace["document_embeddings"]), expected_d, atol=1e-5)
    cosine = torch.nn.functional.normalize(expected_q, dim=-1) @ torch.nn.functional.normalize(expected_d, dim=-1).T
    for namespace in run.values():
        assert torch.allclose(cpu(namespace["similarities"]), cosine, atol=1e-5)
    # the prompts really reach the model: without them the embeddings differ
    assert not torch.allclose(encode(reference, queries).cpu(), expected_q, atol=1e-3)


def test_readme_mteb_snippet_runs_with_the_task_prompts(readme, card_dir, monkeypatch, tmp_path):
    mteb = pytest.importorskip("mteb")
    from mteb.cache import ResultCache
    from sentence_transformers import SentenceTransformer

    from c2llm.evaluation import local_mteb_task, write_beir

    code = python_blocks(readme)["MTEB"]
    (task_name,) = re.findall(r'mteb.get_tasks\(tasks=\["(\w+)"\]\)', code)
    beir = tmp_path / "beir"
    write_beir(beir, {"q1": "add two numbers", "q2": "push onto a stack"},
               {"d1": "def add(a, b):\n    return a + b", "d2": "class Stack:\n    def push(self, x): ..."},
               {"q1": {"d1": 1}, "q2": {"d2": 1}})
    evaluate, prompts_seen = mteb.evaluate, []
    monkeypatch.setattr(mteb, "get_tasks", lambda tasks: [local_mteb_task(beir, tasks[0], languages=["eng-Latn"])])
    monkeypatch.setattr(mteb, "evaluate", lambda *a, **k: evaluate(*a, cache=ResultCache(tmp_path / "cache"), **k))
    original_encode = SentenceTransformer.encode

    def spy(self, *args, **kwargs):
        prompts_seen.append(kwargs.get("prompt"))
        return original_encode(self, *args, **kwargs)

    monkeypatch.setattr(SentenceTransformer, "encode", spy)
    namespace: dict = {}
    exec(compile(code.replace(MODEL_ID, str(card_dir)), "<README MTEB>", "exec"), namespace)
    assert 0.0 <= namespace["results"].task_results[0].get_score() <= 1.0
    prompts = json.loads((card_dir / "config_sentence_transformers.json").read_text())["prompts"]
    assert set(prompts_seen) == {prompts[f"{task_name}-query"], prompts[f"{task_name}-document"]}
