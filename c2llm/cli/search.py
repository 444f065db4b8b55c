"""``c2llm index``, ``c2llm index-embed``, ``c2llm index-import``, ``c2llm search``, ``c2llm related``: semantic code
search over a repository (:mod:`c2llm.search`).

Embedding elsewhere is two extra commands rather than ``c2llm index import``: ``index`` takes an optional PATH, so a
sub-action word there would be ambiguous with a folder of that name."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from ..errors import UserError
from ..search.encoder import SHIPPED_STATIC_MODEL
from ..search.files import DEFAULT_MAX_FILE_BYTES
from ..search.index import MODES, Index
from ..search.ranking import DEFAULT_PROFILE, RANKING_PROFILES, ranking_profile
from ..search.store import VECTOR_TYPES
from .flags import (
    EXIT_OK,
    add_json,
    add_list,
    add_model,
    add_no_progress,
    add_out,
    add_output_dir,
    command,
    default_of,
    existing_file,
    positive_int,
)

SNIPPET_LINES = 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a command stopped by Ctrl-C
# Control characters (tab kept), DEL, C1 and the bidirectional overrides: indexed files must not drive the terminal
# (ANSI escapes) or reorder what it shows (Trojan Source); text output shows them as \xNN / \uNNNN.
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def register(subparsers) -> None:
    index = command(subparsers, "index", "build or update the search index of a source tree (ROOT/.c2llm/)", [
        "c2llm index .",
        "c2llm index ~/src/monorepo --model outputs/c2llm-demo/model --bf16",
        "c2llm index . --no-embed    # keyword search only, for now",
        "c2llm index . --rebuild --vector-type int8",
        "c2llm index . --store usearch    # a large repository: approximate nearest neighbours",
        "c2llm index . --store qdrant://localhost:6333/monorepo",
        "c2llm index . --export-pending pending.parquet    # embed elsewhere: see c2llm index-embed",
    ])
    index.add_argument("root", nargs="?", default=".", metavar="PATH", help="folder to index")
    _add_model(index)
    index.add_argument("--rebuild", action="store_true", help="delete the index and build it again (e.g. to change "
                       "the model)")
    index.add_argument("--store", metavar="URL", help="where vectors are searched: sqlite (default: the index file, "
                       "an exact scan), usearch (an approximate graph beside it, for 50k units and more), "
                       "qdrant://HOST:PORT/COLLECTION, http(s)://HOST:PORT/COLLECTION or qdrant:///PATH/COLLECTION "
                       "(qdrant-client local mode); kept by the index")
    index.add_argument("--vector-type", choices=VECTOR_TYPES, help="how a new index stores its vectors: float32 "
                       "(default) or int8 (4x smaller, about 1e-3 cosine error; with Qdrant the index file keeps "
                       "float32 and int8 is Qdrant's own scalar quantisation); kept by the index")
    index.add_argument("--bf16", action="store_true", help="encode in bfloat16 (fast on CPUs with AVX512-BF16/AMX)")
    index.add_argument("--no-embed", action="store_true", help="read files and update the keyword index only")
    index.add_argument("--include-secrets", action="store_true",
                       help="also index likely secret files (.env, keys, credentials by name; tokens and private "
                       "keys by content), skipped by default")
    index.add_argument("--max-file-bytes", type=positive_int, default=DEFAULT_MAX_FILE_BYTES, metavar="N",
                       help="skip bigger files")
    index.add_argument("--export-pending", type=Path, metavar="FILE",
                       help="read the files, embed nothing, and write the texts still to embed with their cache keys "
                       "to this Parquet file, for `c2llm index-embed` on another machine")
    add_json(index, "print the update report as JSON")
    add_no_progress(index)
    index.set_defaults(run=run_index)

    embed = command(subparsers, "index-embed", "embed a pending file of `c2llm index --export-pending` into a vector "
                    "shard on this machine's CPU or GPUs, or into a folder of shards on a Ray cluster", [
                        "c2llm index-embed pending.parquet --model /models/c2llm --out shard.parquet",
                        ("c2llm index-embed pending.parquet --model /models/c2llm --devices cuda:0 cuda:1 "
                         "--out shard.parquet"),
                        ("c2llm index-embed pending.parquet --model /models/c2llm --ray --output-dir shards"
                         "  # a local Ray"),
                        ("c2llm index-embed /shared/pending.parquet --model /models/c2llm --ray head:6379 "
                         "--output-dir /shared/shards"),
                        ("c2llm index-embed s3://bucket/pending.parquet --model /models/c2llm --ray head:6379 "
                         "--output-dir s3://bucket/shards"),
                    ])
    embed.add_argument("pending", type=pending_source, metavar="PENDING", help="the file --export-pending wrote (with "
                       "--ray: a path the workers see too, or an s3:// / gs:// URI)")
    add_model(embed, help="the index's model, as a folder or Hub id on this machine (its stored document prompt "
              "must be the pending file's)")
    add_out(embed, help="the vector shard to write (Parquet), without --ray")
    add_output_dir(embed, help="with --ray: the folder the workers write the shards into, one per batch (a path they "
                   "see, or an s3:// / gs:// URI)")
    add_list(embed, "--devices", metavar="DEVICE", help="encode with sentence-transformers' multi-process pool, one "
             "process per device (cuda:0 cuda:1 ...); default: this process, token-budget batches")
    embed.add_argument("--ray", nargs="?", const="", metavar="ADDRESS", help="embed on a Ray cluster with Ray Data, "
                       "one model per actor: at ADDRESS (HOST:PORT, ray://HOST:PORT), else at RAY_ADDRESS, else on a "
                       "local Ray started for the run (extra: pip install 'c2llm[ray]')")
    embed.add_argument("--actors", type=positive_int, metavar="N", help="with --ray: actors in the pool (default: "
                       "one per GPU of the cluster, else one per CPU)")
    embed.add_argument("--gpus-per-actor", type=float, metavar="G", help="with --ray: GPUs each actor reserves "
                       "(default: 1 on a cluster with GPUs, else 0)")
    embed.add_argument("--bf16", action="store_true", help="encode in bfloat16")
    add_no_progress(embed)
    embed.set_defaults(run=run_index_embed)

    load = command(subparsers, "index-import", "load vector shards embedded elsewhere into an index (one "
                   "transaction, read in bounded batches; shards of another model, prompt or dimension are refused)", [
                       "c2llm index-import . shard-*.parquet",
                       "c2llm index-import ~/src/monorepo /shared/shards --json    # a folder of shards",
                   ])
    load.add_argument("root", metavar="PATH", help="the indexed folder")
    load.add_argument("shards", nargs="+", type=shard_source, metavar="SHARD", help="files of `c2llm index-embed`, "
                      "or folders of them (their *.parquet files)")
    add_json(load, "print the import report as JSON")
    add_no_progress(load)
    load.set_defaults(run=run_index_import)

    search = command(subparsers, "search", "find code by what it does in a tree (indexed first when it has no index, "
                     "updated first when files changed)", [
        'c2llm search "parse a jsonl file"',
        'c2llm search "retry with backoff" ~/src/monorepo --lang go -k 5',
        'c2llm search "open the database" --path "c2llm/search/*" --mode keyword --json',
        "c2llm search --queries queries.jsonl --json > hits.jsonl",
    ])
    search.add_argument("query", nargs="?", metavar="QUERY", help="what the code does, in words or identifiers")
    search.add_argument("root", nargs="?", metavar="PATH", help="the indexed folder or one inside it (default: .)")
    search.add_argument("--queries", type=existing_file, metavar="FILE",
                        help='JSONL of {"id", "text"}: answer all, one line per query (then PATH is the only '
                        "positional)")
    search.add_argument("--mode", choices=MODES, default=default_of(Index.search_many, "mode"),
                        help="hybrid: dense + keyword fused; dense: embeddings; keyword: BM25")
    search.add_argument("--lang", metavar="LANG", help="only units of this language (python, go, java, ...)")
    search.add_argument("--path", metavar="GLOB", help="only paths matching this glob ('*' also matches '/')")
    search.add_argument("-k", type=positive_int, default=default_of(Index.search_many, "k"), metavar="N",
                        help="number of hits")
    search.add_argument("--ranking", choices=list(RANKING_PROFILES), default=DEFAULT_PROFILE,
                        help="auto: a query that describes one function ('parse a jsonl file', a docstring) ranked as "
                        "units, any other as files; files: a page of distinct files (tuned on semble's benchmark); "
                        "units: each function on its own merit, several may share a file (what RAG uses)")
    _add_model(search, help="model check: refuse if the index was built with another; a folder without an index is "
               "indexed with it first (default: the static model)")
    add_json(search, "one JSON object per hit (per query with --queries)")
    search.add_argument("--no-update", action="store_true", help="search the index as it is (do not read changed "
                        "files first)")
    add_no_progress(search)
    search.set_defaults(run=run_search)

    related = command(subparsers, "related", "find the units most similar to the one at FILE:LINE", [
        "c2llm related c2llm/search/store.py:120",
        "c2llm related src/parser.go:42 -k 5 --json",
    ])
    related.add_argument("location", metavar="FILE:LINE", help="a line of an indexed file")
    related.add_argument("-k", type=positive_int, default=default_of(Index.related, "k"), metavar="N",
                         help="number of hits")
    add_json(related, "one JSON object per hit")
    related.set_defaults(run=run_related)


def _add_model(parser: argparse.ArgumentParser, help: str | None = None) -> None:
    add_model(parser, required=False, help=help or (
        "SentenceTransformer folder or Hub id (trust_remote_code=True); default: the index's own model, or "
        f"the shipped static model {SHIPPED_STATIC_MODEL} for a new index"))


def quiet_model_loading() -> None:
    """No INFO lines or weight-loading bars from sentence-transformers / transformers between search results."""
    import logging

    logging.getLogger("sentence_transformers").setLevel(logging.WARNING)
    # read when transformers loads, if it ever does: a static index model never imports it (a one-shot search
    # stays well under a second)
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    if "transformers" in sys.modules:
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()


def find_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` holding an index (``start`` itself when none does)."""
    from ..search.files import INDEX_DIR
    from ..search.index import STORE_FILE

    start = start.expanduser().resolve()
    folder = start if start.is_dir() else start.parent
    for candidate in (folder, *folder.parents):
        if (candidate / INDEX_DIR / STORE_FILE).is_file():
            return candidate
    return start


def shown(text: str) -> str:
    """``text`` safe for a terminal: control characters written as escapes (see :data:`_CONTROL`)."""
    return _CONTROL.sub(lambda match: ascii(match.group())[1:-1], text)


# ------------------------------------------------------------------------------------------------------ commands


def run_index(args: argparse.Namespace) -> int:
    quiet_model_loading()
    try:
        return _index(args)
    except KeyboardInterrupt:
        # every committed file and embedding chunk is kept: the next run goes on from there
        print(f"\ninterrupted; resume with `c2llm index {Path(args.root).expanduser().resolve()}`", file=sys.stderr)
        return EXIT_INTERRUPTED


def _index(args: argparse.Namespace) -> int:
    from ..search.index import Index

    embed = not (args.no_embed or args.export_pending)
    with Index.open(args.root, model=args.model, rebuild=args.rebuild, bf16=args.bf16, store=args.store,
                    vector_type=args.vector_type) as index:
        report = index.update(progress=not args.no_progress, embed=embed,
                              max_file_bytes=args.max_file_bytes, include_secrets=args.include_secrets)
        exported = index.export_pending(args.export_pending) if args.export_pending else None
        if args.json:
            print(json.dumps(report.to_dict() | {"store": str(index.store.path)}
                             | ({"exported": exported} if exported is not None else {})))
            return EXIT_OK
        print(f"{index.root}: {report.files} files, {report.units} units "
              f"({report.files_changed} files changed, {report.files_removed} removed) in {report.seconds_files:.1f} s")
        if exported is not None:
            print(f"wrote {exported} texts to embed to {args.export_pending}: embed it with `c2llm index-embed`, "
                  f"then `c2llm index-import {index.root} SHARD...`")
        elif embed:
            print(f"embedded {report.embedded} units in {report.seconds_embedding:.1f} s "
                  f"(the others come from the cache)")
        if report.pending and exported is None:
            print(f"{report.pending} units wait for embedding: keyword search works now; run `c2llm index` again")
        if report.skipped:
            print("skipped: " + ", ".join(f"{count} {reason}" for reason, count in report.skipped.items()))
        if report.secret_files:
            print("skipped for a secret in their content (--include-secrets indexes them): "
                  + ", ".join(f"{shown(found['path'])}:{found['line']} ({found['kind']})"
                              for found in report.secret_files))
    return EXIT_OK


def pending_source(text: str) -> Path | str:
    """argparse type of PENDING: an existing file, or a URI (``s3://...``) left to pyarrow."""
    from ..search.shards import is_uri

    return text if is_uri(text) else existing_file(text)


def shard_source(text: str) -> Path | str:
    """argparse type of SHARD: an existing file or folder, or a URI (``s3://...``) left to pyarrow."""
    from ..search.shards import is_uri

    return text if is_uri(text) else Path(text) if Path(text).is_dir() else existing_file(text)


def run_index_embed(args: argparse.Namespace) -> int:
    from ..search.shards import embed_pending_file

    quiet_model_loading()
    if args.ray is None:
        if args.actors is not None or args.gpus_per_actor is not None:
            raise UserError("--actors and --gpus-per-actor need --ray")
        if args.output_dir is not None:
            raise UserError("--output-dir needs --ray (on this machine: --out FILE, one shard)")
        if args.out is None:
            raise UserError("--out FILE: the shard to write is missing (with --ray: --output-dir DIR)")
        count = embed_pending_file(args.pending, args.out, args.model, devices=args.devices, bf16=args.bf16,
                                   progress=not args.no_progress)
        print(f"wrote {count} vectors of {args.pending} to {args.out}")
        return EXIT_OK
    from ..search.ray_embed import RayOptions, embed_on_ray

    if args.out is not None:
        raise UserError("--ray writes a folder of shards: --output-dir DIR, not --out")
    if args.output_dir is None:
        raise UserError("--ray: --output-dir DIR (the folder of shards to write) is missing")
    if args.devices is not None:
        raise UserError("--devices and --ray: choose one (Ray places the actors on the cluster's GPUs)")
    report = embed_on_ray(args.pending, args.output_dir, args.model, RayOptions(args.ray or None, args.actors,
                          args.gpus_per_actor), bf16=args.bf16, progress=not args.no_progress)
    print(f"wrote {report.vectors} vectors of {args.pending} to {report.shards} shard(s) in {args.output_dir}")
    return EXIT_OK


def run_index_import(args: argparse.Namespace) -> int:
    from ..search.index import Index

    with Index.open(args.root, create=False) as index:
        report = index.import_shards(args.shards, progress=not args.no_progress)
    if args.json:
        print(json.dumps(report.to_dict()))
        return EXIT_OK
    print(f"imported {report.imported} of {report.vectors} vectors from {report.shards} shard(s) "
          f"({report.not_needed} not needed); {report.pending} unit texts still to embed")
    return EXIT_OK


def _read_queries(path: Path) -> list[tuple[str, str]]:
    """(id, text) of each line of a queries JSONL file; errors name the line."""
    queries = []
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as error:
        raise UserError(f"{path}: not UTF-8 text (byte {error.start})") from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as error:
            raise UserError(f"{path}:{number}: invalid JSON ({error})") from None
        if not isinstance(row, dict) or not isinstance(row.get("text"), str) or "id" not in row:
            raise UserError(f'{path}:{number}: expected an object with "id" and "text"')
        if not row["text"].strip():
            raise UserError(f"{path}:{number}: the query is empty")
        queries.append((str(row["id"]), row["text"]))
    if not queries:
        raise UserError(f"{path}: no queries")
    return queries


def _print_hits(hits, as_json: bool) -> None:
    for hit in hits:
        if as_json:
            print(json.dumps(hit.to_dict(), ensure_ascii=False))
            continue
        unit = hit.unit
        partial = "  [no vector yet: keyword match only]" if hit.embedded is False else ""
        print(shown(f"{unit.path}:{unit.start_line}-{unit.end_line}  {hit.score:.3f}  {unit.name}") + partial)
        lines = [line for line in unit.text.splitlines() if line.strip()][:SNIPPET_LINES]
        print("".join(f"    {shown(line[:116])}\n" for line in lines))


def _refresh(index) -> None:
    """Bring an existing index up to the files before a search: only files whose size or time changed are read
    again, and their units embedded when the index was fully embedded (one left partly embedded, by ``--no-embed``
    or an interrupted run, is embedded by ``c2llm index``, not by a search). An index this user cannot write, or
    that another process is updating, is searched as it is."""
    from ..search.store import IndexLockedError, IndexReadOnlyError

    try:  # a search never waits for another process's update
        report = index.update(progress=False, embed=index.status()["pending"] == 0, wait=False)
    except (IndexLockedError, IndexReadOnlyError) as error:  # a corrupt index is an error, as for any search
        print(f"note: searching the index as it is ({error})", file=sys.stderr)
        return
    if report.files_changed or report.files_removed:
        print(f"note: updated the index: {report.files_changed} changed, {report.files_removed} removed files",
              file=sys.stderr)


def run_search(args: argparse.Namespace) -> int:
    from ..search.index import Index, build_index, has_index

    quiet_model_loading()
    if args.queries is not None:
        if args.root is not None:
            raise UserError("--queries: give at most one positional argument, the PATH")
        args.root, args.query = args.query, None
    elif args.query is None:
        raise UserError("QUERY: the query is empty (or give --queries FILE)")
    root = find_root(Path(args.root or "."))
    if not Path(args.root or ".").exists():
        raise UserError(f"PATH: {args.root!r} does not exist")
    refresh = False
    if root.is_dir() and not has_index(root):  # a first search builds the index, as `c2llm index` would
        print(f"note: no index in {root}: building it (`c2llm index {root}`)", file=sys.stderr)
        report = build_index(root, model=args.model, progress=not args.no_progress)
        print(f"note: indexed {report.files} files, {report.units} units in "
              f"{report.seconds_files + report.seconds_embedding:.1f} s", file=sys.stderr)
    elif root.is_dir() and not args.no_update:
        refresh = True
    with Index.open(root, model=args.model, create=False) as index:
        if refresh:
            _refresh(index)
        options = {"k": args.k, "mode": args.mode, "lang": args.lang, "path_glob": args.path,
                   "ranking": ranking_profile(args.ranking)}
        queries = [("", args.query)] if args.queries is None else _read_queries(args.queries)
        results = index.search_many([text for _, text in queries], **options)
        if results[0].note:  # a partly embedded index: the same for every query
            print(f"note: {results[0].note}", file=sys.stderr)
        if args.queries is None:
            _print_hits(results[0], args.json)
            return EXIT_OK
        for (query_id, text), hits in zip(queries, results, strict=True):
            if args.json:
                print(json.dumps({"id": query_id, "text": text, "pending": hits.pending,
                                  "hits": [hit.to_dict() for hit in hits]}, ensure_ascii=False))
            else:
                print(shown(f"# {query_id}: {text}"))
                _print_hits(hits, False)
    return EXIT_OK


def run_related(args: argparse.Namespace) -> int:
    from ..search.index import Index

    quiet_model_loading()
    file, _, line = args.location.rpartition(":")
    if not file or not (line.isascii() and line.isdigit()) or int(line) < 1:
        raise UserError(f"FILE:LINE: expected a file and a line number such as src/app.py:42, got {args.location!r}")
    if not Path(file).is_file():
        raise UserError(f"FILE:LINE: no such file: {file}")
    root = find_root(Path(file))
    if root.is_file():  # no folder above the file holds an index
        raise UserError(f"FILE:LINE: {file} is not in an indexed folder; index its repository first with "
                        "`c2llm index ROOT`")
    with Index.open(root, create=False) as index:
        _print_hits(index.related(Path(file).resolve(), int(line), k=args.k), args.json)
    return EXIT_OK
