"""A corpus index as `--against` reads it (c2llm.clones.known.IndexedCorpus): fingerprinted once in resumable
batches, looked up by hash and by MinHash band exactly as a detector over the same units answers, and pruned when an
update changes the corpus."""

from __future__ import annotations

import inspect
import json.decoder
import json.encoder
import random
from pathlib import Path

import pytest

from c2llm.clones import known
from c2llm.clones.detect import Detector, fingerprint
from c2llm.clones.known import FINGERPRINTS_VERSION, IndexedCorpus, fingerprint_index, match_known
from c2llm.clones.lsh import BANDS, band_keys
from c2llm.clones.mutate import insert_statements, type2_copy
from c2llm.clones.settings import DetectSettings
from c2llm.clones.tokens import shingles, type2_sequence, lex
from c2llm.search.index import Index
from c2llm.search.units import Unit


@pytest.fixture()
def corpus(tmp_path) -> Path:
    root = tmp_path / "known"
    (root / "vendor").mkdir(parents=True)
    (root / "vendor/decoder.py").write_text(inspect.getsource(json.decoder))
    (root / "vendor/encoder.py").write_text(inspect.getsource(json.encoder))
    with Index.open(root) as index:
        index.update(progress=False, embed=False)
    return root


def _band_rows(index: Index) -> int:
    return index.store.db.execute("SELECT COUNT(*) FROM unit_bands").fetchone()[0]


def test_band_keys_meet_with_the_probability_of_the_lsh_s_curve():
    """A band's ROWS MinHash values all agree with probability s**ROWS for sets of Jaccard s: over many pairs of
    random trigram sets of Jaccard 0.75 and 0.3, the share of equal band keys is that (within sampling error), and
    the keys do not depend on the order of the trigrams."""
    from c2llm.clones.lsh import ROWS

    tokens = type2_sequence(lex(inspect.getsource(json.decoder.JSONObject), "python"))
    trigrams = set(shingles(tokens))
    assert len(band_keys(trigrams)) == BANDS and band_keys(list(trigrams)[::-1]) == band_keys(trigrams)
    for jaccard in (0.75, 0.3):
        shared_bands = []
        for number in range(150):
            common = [(f"c{number}", str(i), "x") for i in range(round(100 * jaccard))]
            rest = round(100 * (1 - jaccard) / 2)
            a = common + [(f"a{number}", str(i), "x") for i in range(rest)]
            b = common + [(f"b{number}", str(i), "x") for i in range(rest)]
            shared_bands.append(sum(x == y for x, y in zip(band_keys(a), band_keys(b))) / BANDS)
        expected = jaccard ** ROWS
        assert abs(sum(shared_bands) / len(shared_bands) - expected) < 0.03, jaccard


def test_lookups_match_a_detector_over_the_same_units(corpus):
    with Index.open(corpus) as index:
        assert fingerprint_index(index, progress=False) == index.status()["units"]
        indexed = IndexedCorpus(index, DetectSettings(), semantic=False)
        units, _ = index.units_by_id()
        detector = Detector(list(units.values()))
        ids = {unit.content_hash: unit_id for unit_id, unit in units.items()}
        assert indexed.size() == len(detector.units)
        rng = random.Random(0)
        for unit in rng.sample(detector.units, 8):
            own = fingerprint(unit.text, unit.language)
            expected = [ids[detector.units[i].content_hash] for i in detector.structure_neighbours(own.bands, 3)]
            assert indexed.structure_neighbours(own.bands, 3) == expected
            assert [(ids[detector.units[i].content_hash], method)
                    for i, method in detector.hash_matches(unit.language, own, 5)] == indexed.hash_matches(
                unit.language, own, 5)


def test_a_renamed_edited_copy_is_found_in_the_index_as_in_memory(corpus):
    rng = random.Random(3)
    copy = insert_statements(type2_copy(inspect.getsource(json.decoder.JSONObject), "python", rng), rng,
                             ["quoted = False", "escapedstate = ' '"], count=2)
    scanned = Detector([Unit("new.py", 1, copy.count("\n") + 1, "python", "renamed", "function", copy)])
    from c2llm.clones.calibrate import DEFAULT_RULE

    with Index.open(corpus) as index:
        fingerprint_index(index, progress=False)
        in_index = match_known(scanned, IndexedCorpus(index, DetectSettings(), semantic=False), "known",
                               lambda unit: {}, DEFAULT_RULE, lambda unit: True)
        units, _ = index.units_by_id()
    in_memory = match_known(scanned, Detector(list(units.values())), "known", lambda unit: {}, DEFAULT_RULE,
                            lambda unit: True)
    assert [(m.known.name, m.method, m.jaccard) for m in in_index] == [
        (m.known.name, m.method, m.jaccard) for m in in_memory] == [("JSONObject", "near-copy", in_index[0].jaccard)]


def test_fingerprinting_resumes_after_a_kill_and_prunes_changed_units(corpus, monkeypatch):
    monkeypatch.setattr(known, "FINGERPRINT_BATCH", 5)
    with Index.open(corpus) as index:
        total = index.status()["units"]
        calls = []
        original = index.put_unit_fingerprints

        def dies_after_two(rows, version, *, prune=True):
            if len(calls) == 2:
                raise KeyboardInterrupt
            calls.append(len(rows))
            original(rows, version, prune=prune)

        monkeypatch.setattr(index, "put_unit_fingerprints", dies_after_two)
        with pytest.raises(KeyboardInterrupt):
            fingerprint_index(index, progress=False)
        assert len(index.unit_fingerprints(FINGERPRINTS_VERSION)) == 10
        monkeypatch.setattr(index, "put_unit_fingerprints", original)
        assert fingerprint_index(index, progress=False) == total - 10  # the rest only
        code_like = sum(1 for row in index.unit_fingerprints(FINGERPRINTS_VERSION).values() if row[2] is not None)
        assert _band_rows(index) == BANDS * code_like
    (corpus / "vendor/encoder.py").write_text("def only(x):\n    return x\n")
    with Index.open(corpus) as index:
        index.update(progress=False, embed=False)
        fingerprint_index(index, progress=False)
        rows = index.unit_fingerprints(FINGERPRINTS_VERSION)
        assert set(rows) == set(index.units_by_id()[0])  # the encoder's old units are gone
        assert _band_rows(index) == BANDS * sum(1 for row in rows.values() if row[2] is not None)
