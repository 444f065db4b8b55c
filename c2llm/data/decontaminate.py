"""Decontamination: no training row may repeat an MTEB(Code) test query or relevant document.

The test sets (``decontaminate.test_sets`` of a recipe, by default ``recipes/mteb-code-v1.yaml``) are read like any
source (from the Hub at mteb's pinned revisions, or from the mirror): the queries of the test qrels and the documents
they mark relevant; for CodeEditSearchRetrieval, which mteb scores on its train split, the first 1,000 rows per
language. A training row whose query or positive equals one of those texts after :func:`normalize` (case folded,
whitespace runs collapsed) is dropped, as ``test_query_match`` or ``test_document_match``.

Texts are kept as 16-byte BLAKE2b digests of their normalised form, so the index of every test set fits in memory and
in one JSON file that a resumed build reuses.

With ``decontaminate.minhash`` (``datasketch``: ``pip install 'c2llm[minhash]'``), a row is also dropped when its
query or positive is a near-duplicate of a test text (``test_near_duplicate``): MinHash LSH over word 5-grams of the
normalised texts, candidates confirmed by their estimated Jaccard similarity >= ``threshold``. The signatures are
not cached: a (resumed) build with MinHash reads the test sets again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from tqdm.auto import tqdm

from ..atomic import atomic_write_text
from ..errors import UserError
from .recipe import DecontaminationSpec, MinHashSpec
from .sources import HubReader, read_source


def normalize(text: str) -> str:
    """The form texts are compared in: lower case, whitespace runs collapsed to one space, ends stripped."""
    return " ".join(text.lower().split())


def text_key(text: str) -> str:
    """The digest of a normalised text (hex)."""
    return hashlib.blake2b(normalize(text).encode("utf-8"), digest_size=16).hexdigest()


SHINGLE_WORDS = 5


def shingles(text: str) -> set[bytes]:
    """Word 5-grams of the normalised text (the whole text when it is shorter)."""
    words = normalize(text).split()
    if len(words) <= SHINGLE_WORDS:
        return {" ".join(words).encode("utf-8")}
    return {" ".join(words[i : i + SHINGLE_WORDS]).encode("utf-8") for i in range(len(words) - SHINGLE_WORDS + 1)}


class NearDuplicates:
    """MinHash signatures of the test texts in an LSH index (``datasketch``)."""

    def __init__(self, spec: MinHashSpec):
        try:
            from datasketch import MinHashLSH
        except ImportError:
            raise UserError("decontaminate.minhash: needs datasketch (pip install 'c2llm[minhash]')") from None
        self.spec = spec
        self.lsh = MinHashLSH(threshold=spec.threshold, num_perm=spec.num_perm)
        self.signatures: dict[str, object] = {}

    def signature(self, text: str):
        from datasketch import MinHash

        minhash = MinHash(num_perm=self.spec.num_perm, seed=1)
        minhash.update_batch(sorted(shingles(text)))
        return minhash

    def add(self, text: str) -> None:
        key = text_key(text)
        if key not in self.signatures:
            self.signatures[key] = signature = self.signature(text)
            self.lsh.insert(key, signature)

    def matches(self, text: str) -> bool:
        """Whether a test text's estimated Jaccard similarity with ``text`` reaches the threshold."""
        signature = self.signature(text)
        return any(signature.jaccard(self.signatures[key]) >= self.spec.threshold for key in self.lsh.query(signature))


@dataclass
class ContaminationIndex:
    """Digests of the test queries and relevant documents, and what was read to get them."""

    queries: set[str] = field(default_factory=set)
    documents: set[str] = field(default_factory=set)
    test_sets: dict[str, dict] = field(default_factory=dict)
    near: NearDuplicates | None = None

    def reason(self, query: str, positive: str) -> str | None:
        """``test_query_match`` / ``test_document_match`` when the pair repeats a test text, ``test_near_duplicate``
        when it nearly does (with MinHash), else None."""
        keys = (text_key(query), text_key(positive))
        if any(key in self.queries for key in keys):
            return "test_query_match"
        if any(key in self.documents for key in keys):
            return "test_document_match"
        if self.near is not None and (self.near.matches(query) or self.near.matches(positive)):
            return "test_near_duplicate"
        return None

    def to_dict(self) -> dict:
        return {"queries": sorted(self.queries), "documents": sorted(self.documents), "test_sets": self.test_sets}

    @classmethod
    def from_dict(cls, data: dict) -> ContaminationIndex:
        return cls(set(data["queries"]), set(data["documents"]), data["test_sets"])


def build_index(spec: DecontaminationSpec, reader: HubReader, *, progress: bool = True) -> ContaminationIndex:
    """Read every test set of ``spec`` and digest its queries and relevant documents."""
    index = ContaminationIndex(near=NearDuplicates(spec.minhash) if spec.minhash else None)
    bar = tqdm(total=sum(len(s.languages) for s in spec.test_sets), desc="MTEB test sets", unit="set",
               disable=not progress)
    for test_set in spec.test_sets:
        counts = {"queries": 0, "documents": 0}
        for language in test_set.languages:
            pairs = read_source(test_set, language, reader, train=False)
            index.queries.update(text_key(text) for text in pairs.queries)
            index.documents.update(text_key(text) for text in pairs.positives)
            counts["queries"] += len(set(pairs.queries))
            counts["documents"] += len(set(pairs.positives))
            if index.near is not None:
                for text in (*pairs.queries, *pairs.positives):
                    index.near.add(text)
            bar.update()
        index.test_sets[test_set.name] = {"hub": test_set.hub, "revision": reader.resolve_revision(test_set),
                                          "split": test_set.split, **counts}
    bar.close()
    return index


def load_or_build_index(spec: DecontaminationSpec, reader: HubReader, cache: Path, fingerprint: str, *,
                        progress: bool = True) -> ContaminationIndex:
    """The index cached in ``cache`` when it was built for ``fingerprint`` (the test sets and the mirror), else a
    fresh one, written there atomically."""
    if cache.is_file() and spec.minhash is None:
        data = json.loads(cache.read_text())
        if data.get("fingerprint") == fingerprint:
            return ContaminationIndex.from_dict(data["index"])
    index = build_index(spec, reader, progress=progress)
    atomic_write_text(cache, json.dumps({"fingerprint": fingerprint, "index": index.to_dict()}) + "\n")
    return index
