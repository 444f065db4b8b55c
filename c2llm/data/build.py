"""``c2llm data build``: a recipe's sources -> decontaminated training tables with mined hard negatives.

For every source and language, in recipe order (:mod:`c2llm.data.sources` reads, :mod:`.decontaminate` filters):

1. read the (query, positive) pairs (train split only, train-partition texts only for BEIR sources);
2. drop rows repeating an MTEB(Code) test query or relevant document, then repeated pairs, then rows over the
   source's ``max_rows`` (a sample seeded by the recipe seed, the source and the language, in dataset order);
3. mine ``negatives.store`` hard negatives among the group's own positives (the teacher, else BM25; see
   :mod:`c2llm.data.negatives`), dropping rows left with fewer;
4. write ``<output-dir>/<name>/<language>.parquet`` (``query``, ``positive``, ``negative_1..K``, ``language``)
   into ``<output-dir>/.build/.<name>.staging/`` first; they are moved into place once every language of the source
   has been read, so a source that fails (a malformed file, a missing column) leaves no table behind.

A source is finished when its record ``<output-dir>/.build/<name>.json`` is written; a rerun (after a kill) skips every
finished source whose settings and files are unchanged. ``manifest.json`` (:mod:`c2llm.data.manifest`) is written
last. The same recipe, seed and inputs give byte-identical files.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import shutil
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from .. import __version__
from ..atomic import atomic_write, atomic_write_text
from .decontaminate import ContaminationIndex, load_or_build_index
from .manifest import MANIFEST, Manifest
from .recipe import Recipe, SourceSpec
from .sources import HubReader, LanguagePairs, count_rows, read_source

logger = logging.getLogger(__name__)

STATE_DIR = ".build"
TOKEN_SAMPLE = 256  # rows per output whose tokens are counted to estimate the output's total


@dataclass(frozen=True)
class BuildOptions:
    """How to build (the recipe says what).

    Attributes:
        output_dir: The folder of the tables, ``manifest.json`` and the resume records.
        mirror: Read ``<mirror>/<org>/<name>/`` instead of the Hub.
        teacher: Override the recipe's teacher (a SentenceTransformer folder or id).
        bm25: Mine with BM25 whatever the recipe's teacher.
        seed: Override the recipe's seed.
        progress: Progress bars.
    """

    output_dir: Path
    mirror: Path | None = None
    teacher: str | None = None
    bm25: bool = False
    seed: int | None = None
    progress: bool = True


def _sha256(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def _fingerprint(payload: Any) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


# --------------------------------------------------------------------------------------------------------------------
# One language of one source
# --------------------------------------------------------------------------------------------------------------------


def filter_pairs(pairs: LanguagePairs, index: ContaminationIndex | None, spec: SourceSpec, seed: int) -> LanguagePairs:
    """Decontaminate, de-duplicate and cap, in that order; drops are added to ``pairs.dropped``."""
    kept = LanguagePairs(pairs.language, dropped=Counter(pairs.dropped))
    seen: set[tuple[str, str]] = set()
    for query, positive in zip(pairs.queries, pairs.positives, strict=True):
        reason = index.reason(query, positive) if index is not None else None
        if reason is None and (query, positive) in seen:
            reason = "duplicate"
        if reason is not None:
            kept.dropped[reason] += 1
            continue
        seen.add((query, positive))
        kept.queries.append(query)
        kept.positives.append(positive)
    if spec.max_rows is not None and len(kept.queries) > spec.max_rows:
        rng = random.Random(f"{seed}/{spec.name}/{pairs.language}")
        chosen = sorted(rng.sample(range(len(kept.queries)), spec.max_rows))
        kept.dropped["cap"] += len(kept.queries) - spec.max_rows
        kept.queries = [kept.queries[i] for i in chosen]
        kept.positives = [kept.positives[i] for i in chosen]
    return kept


def write_table(path: Path, columns: dict[str, list[str]]) -> str:
    """Write one training table atomically; returns its sha256."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table({name: pa.array(values, type=pa.string()) for name, values in columns.items()})
    atomic_write(path, lambda file: pq.write_table(table, file, compression="zstd"), mode="wb")
    return _sha256(path)


class TokenCounter:
    """Estimated training tokens of a table: the mean Qwen2.5 token count (prompt included, truncated at
    ``max_length``) of query, positive and negative texts over the first :data:`TOKEN_SAMPLE` rows, times the rows."""

    def __init__(self, max_length: int):
        from ..qwen_tokenizer import build_qwen2_tokenizer

        self.tokenizer = build_qwen2_tokenizer()
        self.max_length = max_length

    def mean(self, texts: list[str], prompt: str) -> float:
        if not texts:
            return 0.0
        ids = self.tokenizer([prompt + text for text in texts], add_special_tokens=False)["input_ids"]
        return sum(min(len(row), self.max_length) for row in ids) / len(ids)

    def estimate(self, columns: dict[str, list[str]], task: str, train_negatives: int) -> dict[str, int]:
        from ..prompts import DOCUMENT_PROMPT, query_prompt

        rows = len(columns["query"])
        sample = slice(0, TOKEN_SAMPLE)
        query = self.mean(columns["query"][sample], query_prompt(task))
        positive = self.mean(columns["positive"][sample], DOCUMENT_PROMPT)
        negatives = [text for name, values in columns.items() if name.startswith("negative_") for text in values[sample]]
        negative = self.mean(negatives, DOCUMENT_PROMPT)
        pairs = round(rows * (query + positive))
        return {"pairs": pairs, "with_negatives": pairs + round(rows * train_negatives * negative)}


# --------------------------------------------------------------------------------------------------------------------
# The build
# --------------------------------------------------------------------------------------------------------------------


class Builder:
    """Builds one recipe into ``options.output_dir`` (see the module doc)."""

    def __init__(self, recipe: Recipe, options: BuildOptions):
        self.recipe, self.options = recipe, options
        self.output_dir = Path(options.output_dir)
        self.reader = HubReader(options.mirror)
        self.seed = recipe.seed if options.seed is None else options.seed
        self.teacher = None if options.bm25 else (options.teacher or recipe.negatives.teacher)
        self._miner = None
        self._tokens: TokenCounter | None = None

    # ---------------------------------------------------------------------------------------------------- settings

    def negative_settings(self):
        from .negative_settings import NegativeSettings

        spec = self.recipe.negatives
        return NegativeSettings(
            num_negatives=spec.store, range_min=spec.range_min, range_max=spec.range_max, sampling=spec.sampling,
            seed=self.seed, per_language=False,
            relative_margin=spec.relative_margin if self.teacher else None,
            max_score=spec.max_score if self.teacher else None,
            batch_size=spec.batch_size, show_progress=False,
        )  # fmt: skip

    def miner(self):
        """The group miner, built once (the teacher is loaded on first use)."""
        if self._miner is None:
            from .negatives import bm25_group_miner, model_group_miner

            settings = self.negative_settings()
            if self.teacher is None:
                self._miner = bm25_group_miner(settings)
            else:
                from ..build import load_model

                model = load_model(self.teacher, max_seq_length=self.recipe.negatives.max_seq_length)
                self._miner = model_group_miner(model, settings)
        return self._miner

    def negatives_record(self) -> dict[str, Any]:
        spec = self.recipe.negatives
        record = asdict(spec)
        record["teacher"] = self.teacher
        record["miner"] = f"teacher {self.teacher}" if self.teacher else "bm25"
        if not self.teacher:  # BM25 scores are not cosines: the score rules do not apply
            record["max_score"] = record["relative_margin"] = None
        return record

    def source_fingerprint(self, spec: SourceSpec, index_fingerprint: str | None) -> str:
        # the resolved commit too: a recipe may name a branch, and a finished source of an older commit is stale
        return _fingerprint({"source": asdict(spec), "revision": self.reader.resolve_revision(spec),
                             "negatives": self.negatives_record(), "seed": self.seed,
                             "max_length": self.recipe.max_length, "decontamination": index_fingerprint,
                             "mirror": str(self.options.mirror), "version": __version__})

    # ------------------------------------------------------------------------------------------------------- steps

    def contamination_index(self) -> tuple[ContaminationIndex | None, str | None]:
        spec = self.recipe.decontaminate
        if not spec.enabled:
            return None, None
        fingerprint = _fingerprint({"test_sets": [asdict(s) for s in spec.test_sets], "mirror": str(self.options.mirror),
                                    "minhash": asdict(spec.minhash) if spec.minhash else None})
        index = load_or_build_index(spec, self.reader, self.output_dir / STATE_DIR / "contamination.json",
                                    fingerprint, progress=self.options.progress)
        return index, fingerprint

    def mine(self, spec: SourceSpec, pairs: LanguagePairs) -> dict[str, list[str]] | None:
        """``query``, ``positive``, ``negative_1..K``, ``language`` of the rows that got ``K`` negatives."""
        from datasets import Dataset

        from .negatives import add_hard_negatives
        from .training import DataError

        settings = self.negative_settings()
        if len(pairs.queries) - 1 < settings.range_min + settings.num_negatives:  # no row can get K negatives
            pairs.dropped["too_few_negatives"] += len(pairs.queries)
            return None
        dataset = Dataset.from_dict({"query": pairs.queries, "positive": pairs.positives})
        try:
            mined, report = add_hard_negatives(dataset, self.miner(), settings, source=f"{spec.name}/{pairs.language}")
        except DataError:  # not one row got K negatives: the whole group is dropped, and counted
            pairs.dropped["too_few_negatives"] += len(pairs.queries)
            return None
        if report.too_few:
            pairs.dropped["too_few_negatives"] += report.too_few
        columns = {name: list(mined[name]) for name in mined.column_names}
        columns["language"] = [pairs.language] * len(mined)
        return columns

    def tokens(self) -> TokenCounter:
        if self._tokens is None:
            self._tokens = TokenCounter(self.recipe.max_length)
        return self._tokens

    def build_source(self, spec: SourceSpec, index: ContaminationIndex | None) -> dict[str, Any]:
        """Read, filter, mine and write every language of one source; returns its manifest record."""
        record: dict[str, Any] = {
            "name": spec.name, "hub": spec.hub, "revision": spec.revision,
            "resolved_revision": self.reader.resolve_revision(spec), "layout": spec.layout, "split": spec.split,
            "prompt_task": spec.task, "mteb_task": spec.mteb_task, "loss_weight": spec.loss_weight, "languages": {},
        }  # fmt: skip
        staging = self.output_dir / STATE_DIR / f".{spec.name}.staging"
        shutil.rmtree(staging, ignore_errors=True)  # left by a killed run
        try:
            bar = tqdm(spec.languages, desc=spec.name, unit="language", disable=not self.options.progress)
            for language in bar:
                bar.set_postfix_str(language)
                pairs = filter_pairs(read_source(spec, language, self.reader), index, spec, self.seed)
                read = len(pairs.queries) + sum(pairs.dropped.values())
                columns = self.mine(spec, pairs)
                entry: dict[str, Any] = {"read": read, "rows": 0, "dropped": dict(sorted(pairs.dropped.items()))}
                if columns and columns["query"]:
                    entry.update(
                        rows=len(columns["query"]), file=f"{spec.name}/{language}.parquet",
                        sha256=write_table(staging / f"{language}.parquet", columns),
                        estimated_tokens=self.tokens().estimate(columns, spec.task, self.recipe.negatives.train),
                    )  # fmt: skip
                record["languages"][language] = entry
            for language, entry in record["languages"].items():  # every language read: the tables go in place
                if entry.get("file"):
                    path = self.output_dir / entry["file"]
                    path.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(staging / f"{language}.parquet", path)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        return record

    # --------------------------------------------------------------------------------------------------------- run

    def _finished(self, state: Path, fingerprint: str) -> dict[str, Any] | None:
        """The record of a source finished by an earlier run with the same settings and untouched files."""
        if not state.is_file():
            return None
        saved = json.loads(state.read_text())
        if saved.get("fingerprint") != fingerprint:
            return None
        for entry in saved["record"]["languages"].values():
            path = self.output_dir / entry["file"] if entry.get("file") else None
            if path is not None and (not path.is_file() or _sha256(path) != entry["sha256"]):
                return None
        return saved["record"]

    def run(self) -> Manifest:
        """Build every source (skipping finished ones) and write ``manifest.json``. Folders are created on the first
        write: a build that fails before writing anything leaves no output folder."""
        test_sets = self.recipe.decontaminate.test_sets if self.recipe.decontaminate.enabled else ()
        for spec in (*self.recipe.sources, *test_sets):  # a mirror of another commit stops the build before any read
            self.reader.resolve_revision(spec)
        index, index_fingerprint = self.contamination_index()
        records = []
        for spec in self.recipe.sources:
            state = self.output_dir / STATE_DIR / f"{spec.name}.json"
            fingerprint = self.source_fingerprint(spec, index_fingerprint)
            record = self._finished(state, fingerprint)
            if record is not None:
                logger.info("%s: finished by an earlier run, kept", spec.name)
            else:
                record = self.build_source(spec, index)
                atomic_write_text(state, json.dumps({"fingerprint": fingerprint, "record": record}, indent=2) + "\n")
            records.append(record)
        manifest = Manifest.from_build(
            recipe=self.recipe, seed=self.seed, sources=records, negatives=self.negatives_record(),
            decontamination={"enabled": self.recipe.decontaminate.enabled,
                             "normalization": "lower case, whitespace runs collapsed",
                             "minhash": (asdict(self.recipe.decontaminate.minhash)
                                         if self.recipe.decontaminate.minhash else None),
                             "test_sets": index.test_sets if index is not None else {}},
        )  # fmt: skip
        manifest.write(self.output_dir / MANIFEST)
        return manifest


def build(recipe: Recipe, options: BuildOptions) -> Manifest:
    """Build ``recipe`` into ``options.output_dir``; see :class:`Builder`."""
    return Builder(recipe, options).run()


def dry_run(recipe: Recipe, mirror: Path | None = None, *, progress: bool = True) -> list[dict[str, Any]]:
    """Per source and language: the resolved revision, the columns and the row count of the table holding the
    pairs (qrels for BEIR sources). Reads the tables, writes nothing."""
    reader = HubReader(mirror)
    rows = []
    for spec in tqdm(recipe.sources, desc="sources", disable=not progress):
        revision = reader.resolve_revision(spec)
        for language in spec.languages:
            count, columns = count_rows(spec, language, reader)
            rows.append({"source": spec.name, "hub": spec.hub, "revision": revision, "language": language,
                         "rows": count, "columns": columns})
    return rows
