# Two commands set everything up on a fresh machine (Python 3.11+), each reusing the venv when it is already there:
#   make demo   the main job: python train_sentence_transformers.py (the embedded CPU demo)
#   make test   the test suite, as CI runs it (.ci/run)
# The venv is (re)installed only when it is missing or setup.cfg / constraints.txt changed since.
VENV ?= .venv
PYTHON := $(VENV)/bin/python

.PHONY: demo test setup

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
