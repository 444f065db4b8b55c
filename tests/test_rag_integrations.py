"""The documented LangChain and LlamaIndex settings (docs/rag.md) give the model's own query and document
embeddings. Runs when langchain-huggingface / llama-index-embeddings-huggingface are installed (extra `rag`)."""

from __future__ import annotations

import numpy as np
import pytest
from sentence_transformers import SentenceTransformer

CODE = ["def add(a, b):\n    return a + b", "class Stack:\n    def push(self, item):\n        self.items.append(item)"]
QUERY = "Return the sum of two numbers."


@pytest.fixture(scope="module")
def model(model_dir):
    return SentenceTransformer(str(model_dir), trust_remote_code=True, device="cpu")


def test_the_tiny_model_has_distinct_query_and_document_prompts(model):
    assert model.prompts["query"] and model.prompts["document"] and model.prompts["query"] != model.prompts["document"]


def test_langchain_settings_give_the_models_embeddings(model_dir, model):
    langchain = pytest.importorskip("langchain_huggingface")
    embeddings = langchain.HuggingFaceEmbeddings(
        model_name=str(model_dir), model_kwargs={"trust_remote_code": True, "device": "cpu"},
        encode_kwargs={"prompt_name": "document", "normalize_embeddings": True},
        query_encode_kwargs={"prompt_name": "query", "normalize_embeddings": True})
    query = np.array(embeddings.embed_query(QUERY))
    np.testing.assert_allclose(query, model.encode_query([QUERY], normalize_embeddings=True)[0], atol=1e-5)
    documents = np.array(embeddings.embed_documents(CODE))
    # LangChain replaces every newline by a space before encoding (see docs/rag.md for what it costs)
    flat = model.encode_document([text.replace("\n", " ") for text in CODE], normalize_embeddings=True)
    np.testing.assert_allclose(documents, flat, atol=1e-5)
    as_written = model.encode_document(CODE, normalize_embeddings=True)
    assert not np.allclose(documents, as_written, atol=1e-3)


def test_llamaindex_settings_give_the_models_embeddings_and_the_defaults_do_not(model_dir, model):
    llama = pytest.importorskip("llama_index.embeddings.huggingface")
    configured = llama.HuggingFaceEmbedding(
        model_name=str(model_dir), trust_remote_code=True, device="cpu",
        query_instruction=model.prompts["query"], text_instruction=model.prompts["document"])
    np.testing.assert_allclose(configured.get_query_embedding(QUERY),
                               model.encode_query([QUERY], normalize_embeddings=True)[0], atol=1e-5)
    np.testing.assert_allclose(configured.get_text_embedding_batch(CODE),
                               model.encode_document(CODE, normalize_embeddings=True), atol=1e-5)
    default = llama.HuggingFaceEmbedding(model_name=str(model_dir), trust_remote_code=True, device="cpu")
    # without the instructions LlamaIndex replaces the saved prompts by empty ones: other vectors, silently
    unprompted = model.encode([QUERY], prompt="", normalize_embeddings=True)[0]
    np.testing.assert_allclose(default.get_query_embedding(QUERY), unprompted, atol=1e-5)
    assert not np.allclose(default.get_query_embedding(QUERY), configured.get_query_embedding(QUERY), atol=1e-3)
