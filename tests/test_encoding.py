"""Token-budget batches (:mod:`c2llm.encoding`): the batches by hand, and the same embeddings as fixed batches."""

from __future__ import annotations

from c2llm.build import load_model
from c2llm.encoding import encode_by_token_budget, token_budget_batches


def test_token_budget_batches_hand_computed():
    # lengths by index: 10, 3, 7, 3, 12; budget 21 -> [12] (2 x 12 > 21), [10, 7] (2 x 10 <= 21, 3 x 10 > 21), [3, 3]
    assert token_budget_batches([10, 3, 7, 3, 12], 21) == [[4], [0, 2], [1, 3]]
    assert token_budget_batches([50], 8) == [[0]]  # longer than the budget: a batch of its own


def test_token_budget_encoding_matches_fixed_batches(model_dir):
    model = load_model(model_dir)
    texts = ["def f(): pass", "x", "a longer text " * 20, "", "return the sum of two numbers"]
    fixed = model.encode_document(texts, batch_size=2, convert_to_tensor=True)
    budget = encode_by_token_budget(model, model.encode_document, texts, token_budget=64, show_progress_bar=False)
    assert budget.shape == fixed.shape
    assert (budget - fixed).abs().max() < 1e-5


def test_the_evaluation_package_does_not_re_export_the_encoder():
    import c2llm.evaluation

    # one way to import it: c2llm.encoding (the index and the benchmarks use it without the evaluation)
    assert not {"encode_by_token_budget", "budget_batches_for", "token_budget_batches", "DEFAULT_TOKEN_BUDGET"} & (
        set(c2llm.evaluation.__all__) | set(vars(c2llm.evaluation)))
