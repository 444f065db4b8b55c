"""Issue 19, repository search on real trees: hybrid search on a partly embedded index, secrets found by content,
no deleted code left in the file, the index folder ignored by git, one writer at a time, one-line errors instead of
tracebacks, files judged minified by their whole shape, and the smaller points (an empty index file, `related`
outside an index, terminal escapes, `train --no-progress`, `from c2llm.search import Index`). Tiny random model."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from c2llm.cli import main
from c2llm.rag import retrieve
from c2llm.search import index as index_module
from c2llm.search.encoder import Encoder
from c2llm.search.files import file_shape
from c2llm.search.index import LOCK_FILE, Index
from c2llm.search.secret_scan import find_secret
from tests.test_search_index import FILES, make_tree

ROOT = Path(__file__).resolve().parents[1]

# Secrets of the right shapes, made at run time so that this file holds none (scanners, push protection)
AWS_KEY_ID = "AKIA" + "Q3EGRFJ7XK2MZP5T"
GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
SLACK_TOKEN = "xoxb-" + "1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
STRIPE_KEY = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
PEM_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"
PRIVATE_KEY = "-----BEGIN " + "PRIVATE KEY-----\n" + PEM_BODY + "\n-----END " + "PRIVATE KEY-----\n"
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0"
       + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")


@pytest.fixture()
def tiny(model_dir) -> str:
    return str(model_dir)


def partly_embedded(root: Path, tiny: str) -> Path:
    """The issue's tree: indexed and embedded, then a file added and indexed with --no-embed."""
    repo = make_tree(root)
    with Index.open(repo, model=tiny) as index:
        index.update(progress=False)
    (repo / "app/extra.py").write_text("def parse_extra_settings(path):\n    return open(path).read().split()\n")
    with Index.open(repo) as index:
        assert index.update(progress=False, embed=False).pending == 1
    return repo


# ------------------------------------------------------------------------------------------------ 1. partial index


def test_hybrid_on_a_partly_embedded_index_ranks_what_has_vectors_and_keeps_keyword_hits(tmp_path, tiny, capsys):
    repo = partly_embedded(tmp_path / "repo", tiny)
    with Index.open(repo) as index:
        units = index.status()["units"]
        hybrid = index.search("parse extra settings", k=20)  # raised ValueError (matmul of 0 vectors) before
        assert {hit.unit.name: hit.embedded for hit in hybrid}["parse_extra_settings"] is False
        assert all(hit.embedded for hit in hybrid if hit.unit.name != "parse_extra_settings")
        assert (hybrid.pending, hybrid.units) == (1, units)
        assert hybrid.note == (f"1 of {units} units have no vector yet: hybrid search ranks them by keywords alone "
                               f"(run `c2llm index {repo}` to embed them)")
        dense = index.search("parse extra settings", mode="dense", k=20)
        assert len(dense) == units - 1 and all(hit.embedded for hit in dense)
        assert dense.note.startswith(f"1 of {units} units have no vector yet: dense search leaves them out")
        assert index.search("parse extra settings", mode="keyword").note is None
        chunks = retrieve(index, "parse extra settings", k=20, count_tokens=lambda text: len(text.split()))
        assert {chunk.name: chunk.embedded for chunk in chunks}["parse_extra_settings"] is False
    capsys.readouterr()  # the model's loading bars
    assert main(["search", "parse extra settings", str(repo), "--json", "-k", "20"]) == 0
    out, err = capsys.readouterr()
    assert err == f"note: {hybrid.note}\n"
    assert {hit["name"]: hit["embedded"] for hit in map(json.loads, out.splitlines())}["parse_extra_settings"] is False
    assert main(["search", "parse extra settings", str(repo), "-k", "20"]) == 0
    out, err = capsys.readouterr()
    assert err == f"note: {hybrid.note}\n"
    assert [line for line in out.splitlines() if "parse_extra_settings" in line and line.startswith("app/")] == [
        f"app/extra.py:1-2  {hybrid[[h.unit.name for h in hybrid].index('parse_extra_settings')].score:.3f}  "
        "parse_extra_settings  [no vector yet: keyword match only]"]


def test_hybrid_on_an_index_without_any_vector_is_keyword_search_without_loading_the_model(tmp_path, tiny):
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny) as index:
        index.update(progress=False, embed=False)
        hits = index.search("read jsonl", k=3)
        assert [hit.unit.name for hit in hits] == [hit.unit.name for hit in index.search("read jsonl", mode="keyword",
                                                                                         k=3)]
        assert hits and all(hit.embedded is False for hit in hits) and hits.pending == hits.units
        assert index.encoder._model is None


def test_mcp_search_tool_answers_hybrid_on_a_partly_embedded_index(tmp_path, tiny):
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client

    from c2llm.mcp_server import RepositoryTools, build_server

    repo = partly_embedded(tmp_path / "repo", tiny)
    tools = RepositoryTools(repo, model=tiny)  # no background update: the index stays partly embedded

    async def call():
        async with Client(build_server(tools)) as client:
            return await client.call_tool("search", {"query": "parse extra settings", "k": 20})

    try:
        result = anyio.run(call)
    finally:
        tools.close()
    assert not result.is_error, result.content[0].text  # was "Error executing tool search"
    hits = result.structured_content["result"]
    assert {hit["name"]: hit["embedded"] for hit in hits}["parse_extra_settings"] is False
    assert sum(hit["embedded"] is True for hit in hits) == len(hits) - 1


# ------------------------------------------------------------------------------------------------ 2. secrets


@pytest.mark.parametrize("text, found", [
    (f'AWS_ACCESS_KEY_ID = "{AWS_KEY_ID}"\n', (1, "AWS Access Key")),
    (f"x = 1\ntoken = '{GITHUB_TOKEN}'\n", (2, "GitHub Token")),
    (f"SLACK = '{SLACK_TOKEN}'\n", (1, "Slack Token")),
    # IGNORECASE matches "ſ" (long s) as "s": the literal pre-check must see it too
    ("SLACK = 'xox\u017f-1234567890-abcdefghij'\n", (1, "Slack Token")),
    (f"stripe.api_key = '{STRIPE_KEY}'\n", (1, "Stripe Access Key")),
    (f"headers = {{'Authorization': 'Bearer {JWT}'}}\n", (1, "JSON Web Token")),
    ("\n\n" + PRIVATE_KEY, (3, "Private Key")),
    # a service-account file: the key inside a JSON string, with \n escapes
    (json.dumps({"type": "service_account", "private_key": PRIVATE_KEY}), (1, "Private Key")),
    # no secrets: a PEM parser's header literal, AWS's documented placeholder, hashes, base64 data, a keyword
    ('HEADER = "-----BEGIN ' + 'RSA PRIVATE KEY-----"\n\ndef parse(text):\n    return text.split(HEADER)[1]\n', None),
    ('key_id = "AKIA' + 'IOSFODNN7EXAMPLE"\n', None),
    ("digest = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'\n", None),
    ("blob = 'TWFuIGlzIGRpc3Rpbmd1aXNoZWQsIG5vdCBvbmx5IGJ5IGhpcyByZWFzb24sIGJ1dCBieSB0aGlz'\n", None),
    ("password = os.environ['DB_PASSWORD']\n", None),
])
def test_secrets_are_found_by_content_with_few_false_positives(text, found):
    secret = find_secret(text)
    assert (None if secret is None else (secret.line, secret.kind)) == found


# one token of each plugin's own format (made up, in pieces so that no scanner flags this file)
EACH_PLUGIN = {
    "AWSKeyDetector": "AKIA" + "Q3EGRFJ7XK2MZP5T", "AzureStorageKeyDetector": "AccountKey=" + "Ab1+" * 21 + "Ab==",
    "GitHubTokenDetector": GITHUB_TOKEN, "GitLabTokenDetector": "glpat-" + "Xy7_kP2mQ9rT4vW8zB3n",
    "JwtTokenDetector": JWT, "MailchimpDetector": "0123456789abcdef" * 2 + "-us12",
    "NpmDetector": "//registry.npmjs.org/:_authToken=" + "npm_" + "Ab3dEf6hIj9lMn2pQr5tUv8x",
    "OpenAIDetector": "sk-" + "Ab3dEf6hIj9lMn2pQr5t" + "T3Blbk" + "FJ" + "Ab3dEf6hIj9lMn2pQr5t",
    "PrivateKeyDetector": PRIVATE_KEY, "PypiTokenDetector": "pypi-" + "AgEIcHlwaS5vcmc" + "Ab3dEf6hIj" * 7,
    "SendGridDetector": "SG." + "Ab3dEf6hIj9lMn2pQr5tUv" + "." + "Ab3dEf6hIj9lMn2pQr5tUv8xYz1Bc4De7Fg0Hi3Jk6Lm",
    "SlackDetector": SLACK_TOKEN, "SquareOAuthDetector": "sq0csp-" + "Ab3dEf6hIj9lMn2pQr5tUv8xYz1Bc4De7Fg0Hi3Jk6L",
    "StripeDetector": STRIPE_KEY}


# the other shapes of plugins with several expressions, each behind its own literal
OTHER_FORMS = [("SlackDetector", "https://hooks.slack.com/services/" + "T0123ABCD/B0123ABCD/" + "Ab3dEf6hIj9l"),
               ("AWSKeyDetector", "aws_secret_access_key = '" + "Ab3dEf6hIj9lMn2pQr5tUv8xYz1Bc4De7Fg0Hi3J" + "'"),
               ("GitLabTokenDetector", "glrt-" + "Xy7_kP2mQ9rT4vW8zB3n"),
               ("GitLabTokenDetector", "GR1348941" + "Xy7_kP2mQ9rT4vW8zB3n")]


@pytest.mark.parametrize("plugin, token", sorted(EACH_PLUGIN.items()) + OTHER_FORMS)
def test_the_literal_pre_check_lets_every_plugins_format_through(plugin, token):
    """A text is passed without running (or importing) detect-secrets when it holds none of the literals every
    match of some plugin holds (secret_scan._REQUIRED): each plugin has its literal, and a token of its format
    is still found, on its line."""
    from c2llm.search import secret_scan

    assert sorted(secret_scan._REQUIRED) == sorted(name.partition(":")[2] for name in secret_scan.PLUGIN_NAMES)
    kinds = {type(found).__name__: found.secret_type for found in secret_scan._plugins()}
    secret = find_secret(f"import os\n\nvalue = {token!r}\n")
    assert secret is not None and (secret.line, secret.kind) == (3, kinds[plugin])


def test_a_text_without_any_plugins_literal_never_imports_detect_secrets():
    code = ("import sys; from c2llm.search.secret_scan import find_secret; "
            "print(find_secret('def token():\\n    return os.environ[\\'TOKEN\\']\\n'), "
            "'detect_secrets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["None", "False"]


def test_files_holding_secrets_are_skipped_and_counted_and_include_secrets_indexes_them(tmp_path, capsys):
    repo = make_tree(tmp_path / "repo", {
        "app/main.py": "def main():\n    return 0\n",
        ".envrc": "export TOKEN=abc\n",
        "deploy/service-account.json": '{"type": "service_account"}\n',
        "secrets.txt": "admin: hunter2\n",
        "config/settings.py": f'DEBUG = True\nAWS_ACCESS_KEY_ID = "{AWS_KEY_ID}"\nGITHUB = "{GITHUB_TOKEN}"\n',
        "keys/deploy.txt": PRIVATE_KEY,
        "app/secrets.py": "import os\n\ndef token():\n    return os.environ['TOKEN']\n",  # code: read and scanned
    })
    with Index.open(repo, model="unused-model-id") as index:
        report = index.update(progress=False, embed=False)
        assert sorted({unit.path for unit in index.units()}) == ["app/main.py", "app/secrets.py"]
        assert report.skipped == {"secret": 5}
        assert report.secret_files == [{"path": "config/settings.py", "line": 2, "kind": "AWS Access Key"},
                                       {"path": "keys/deploy.txt", "line": 1, "kind": "Private Key"}]
        assert index.search(GITHUB_TOKEN, mode="keyword") == []
        # --include-secrets indexes them; a run without it again drops them, though no file changed
        assert index.update(progress=False, embed=False, include_secrets=True).skipped == {}
        assert [hit.unit.path for hit in index.search(GITHUB_TOKEN, mode="keyword")] == ["config/settings.py"]
        again = index.update(progress=False, embed=False)
        assert (again.skipped, again.files_removed) == ({"secret": 5}, 5)
        assert index.search(GITHUB_TOKEN, mode="keyword") == []
    assert main(["index", str(repo), "--no-embed", "--no-progress"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "skipped: 5 secret",
        "skipped for a secret in their content (--include-secrets indexes them): config/settings.py:2 "
        "(AWS Access Key), keys/deploy.txt:1 (Private Key)"]


# ------------------------------------------------------------------------------------------------ 3-4. the files


def test_deleted_code_leaves_no_bytes_in_the_index_files(tmp_path, tiny):
    unique = "zqxwvutsecretfunction"
    repo = make_tree(tmp_path / "repo", {**FILES, "app/gone.py": f"def {unique}(x):\n    return '{unique}' * x\n"})
    files = [repo / ".c2llm" / name for name in ("index.db", "index.db-wal")]

    def on_disk() -> bool:
        return any(path.exists() and unique.encode() in path.read_bytes() for path in files)

    with Index.open(repo, model=tiny) as index:
        index.update(progress=False)
        assert on_disk()  # the text is stored as is: the check below looks at the right bytes
        (repo / "app/gone.py").unlink()
        assert index.update(progress=False).files_removed == 1  # the update checkpoints and truncates the WAL
        assert not on_disk()
        assert index.search(unique, mode="keyword") == []
        assert [hit.unit.name for hit in index.search("jsonl", mode="keyword")] == ["read_jsonl"]  # the rest stays


def test_the_index_folder_is_ignored_by_git(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = make_tree(tmp_path / "repo", {"a.py": "x = 1\n"})
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    with Index.open(repo, model="unused-model-id") as index:
        index.update(progress=False, embed=False)
    assert (repo / ".c2llm/.gitignore").read_text() == "*\n"
    status = subprocess.run(["git", "-C", str(repo), "status", "--porcelain", "--untracked-files=all"],
                            capture_output=True, text=True, check=True).stdout
    assert status == "?? a.py\n"


# ------------------------------------------------------------------------------------------------ 5. one writer


def hold_lock(repo: Path, pid: str = "4242"):
    """The writer lock of ``repo``'s index, as another process would hold it (flock locks are per open file)."""
    import fcntl

    handle = open(repo / ".c2llm" / LOCK_FILE, "w")
    fcntl.flock(handle, fcntl.LOCK_EX)
    handle.write(pid)
    handle.flush()
    return handle


def test_a_second_index_waits_for_the_first_while_searches_go_on(tmp_path, capsys):
    repo = make_tree(tmp_path / "repo")
    assert main(["index", str(repo), "--model", "unused-model-id", "--no-embed", "--no-progress"]) == 0
    (repo / "app/new.py").write_text("def added():\n    return 1\n")
    held = hold_lock(repo)
    capsys.readouterr()
    assert main(["search", "jsonl", str(repo), "--mode", "keyword", "-k", "1"]) == 0  # readers take no lock
    out, err = capsys.readouterr()
    assert out.startswith("app/io.py:4-7")  # nor wait for one: the index as it is, the changed file left for later
    assert err == (f"note: searching the index as it is (another process (pid 4242) is updating the index of "
                   f"{repo})\n")
    threading.Timer(0.5, held.close).start()  # the "other process" ends
    assert main(["index", str(repo), "--no-embed", "--no-progress", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == (f"waiting: another process (pid 4242) is updating the index of {repo}; searches work "
                   "meanwhile\n")
    assert json.loads(out)["files_changed"] == 1


def test_two_updates_at_once_embed_every_text_once(tmp_path, tiny, monkeypatch):
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny) as index:
        index.update(progress=False, embed=False)
    started, go_on, original = threading.Event(), threading.Event(), Encoder.encode_documents

    def slow(self, texts):
        started.set()
        go_on.wait(10)
        return original(self, texts)

    monkeypatch.setattr(Encoder, "encode_documents", slow)
    reports = {}

    def update(name):
        with Index.open(repo) as index:
            reports[name] = index.update(progress=False)

    first = threading.Thread(target=update, args=("first",))
    first.start()
    assert started.wait(10)  # the first holds the lock, embedding
    second = threading.Thread(target=update, args=("second",))
    second.start()
    second.join(0.5)
    assert second.is_alive()  # waiting for the first
    go_on.set()
    first.join(30)
    second.join(30)
    assert (reports["first"].embedded, reports["second"].embedded) == (reports["first"].units, 0)


# ------------------------------------------------------------------------------------------------ 6. errors


def test_a_page_of_garbage_in_the_index_is_one_error_line(tmp_path, capsys):
    import apsw

    repo = make_tree(tmp_path / "repo", {f"app/m{i}.py": "\n\n".join(
        f"def f{i}_{j}(x):\n    return x + {j}  # jsonl" for j in range(20)) + "\n" for i in range(30)})
    assert main(["index", str(repo), "--model", "unused-model-id", "--no-embed", "--no-progress"]) == 0
    database = repo / ".c2llm/index.db"
    with apsw.Connection(str(database)) as connection:
        [(page,)] = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'units'").fetchall()
    data = bytearray(database.read_bytes())
    data[(page - 1) * 4096 : page * 4096] = os.urandom(4096)  # the units table: read by search and by index
    database.write_bytes(bytes(data))
    (repo / "app/m3.py").write_text("def changed():\n    return 1\n")
    capsys.readouterr()
    message = (f"error: {database} is corrupt (database disk image is malformed); rebuild it with "
               "`c2llm index --rebuild`\n")
    assert main(["search", "jsonl", str(repo), "--mode", "keyword"]) == 2
    assert capsys.readouterr().err == message
    assert main(["index", str(repo), "--no-embed", "--no-progress"]) == 2
    assert capsys.readouterr().err == message


def run_unprivileged(args: list[str]) -> tuple[int, str]:
    """``c2llm ARGS`` as a user that file permissions apply to: in this process, or as ``nobody`` in a subprocess
    when the tests run as root (who may write anything). Returns the exit code and stderr."""
    if os.geteuid() != 0:
        from contextlib import redirect_stderr
        from io import StringIO

        with redirect_stderr(StringIO()) as err:
            code = main(args)
        return code, err.getvalue()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    unprivileged = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": tempfile.gettempdir()}
    if subprocess.run([*unprivileged, "-c", "import c2llm.cli"], capture_output=True, env=env).returncode != 0:
        # e.g. a checkout (and its venv) under root's own 0700 home: nobody else may even start this interpreter
        pytest.skip(f"an unprivileged user cannot run {sys.executable} or import {ROOT}: permissions cannot be tested")
    done = subprocess.run([*unprivileged, "-m", "c2llm", *args], capture_output=True, text=True, env=env)
    return done.returncode, done.stderr


@pytest.fixture()
def open_tree():
    """A tree any user may write (the unprivileged run needs it), removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="c2llm-permissions-"))
    folder.chmod(0o777)
    yield folder
    for path in folder.rglob("*"):
        path.chmod(0o777)
    shutil.rmtree(folder)


def writable_by_all(repo: Path) -> None:
    for path in [repo, *repo.rglob("*")]:
        path.chmod(0o777 if path.is_dir() else 0o666)


def test_a_read_only_index_file_is_one_error_line_on_index(open_tree):
    repo = make_tree(open_tree / "repo")
    assert main(["index", str(repo), "--model", "unused-model-id", "--no-embed", "--no-progress"]) == 0
    writable_by_all(repo)
    (repo / ".c2llm/index.db").chmod(0o444)
    (repo / "app/new.py").write_text("def added():\n    return 1\n")
    (repo / "app/new.py").chmod(0o666)
    assert run_unprivileged(["index", str(repo), "--no-embed", "--no-progress"]) == (
        2, f"error: {repo}/.c2llm/index.db is read-only (attempt to write a readonly database); make it writable\n")


def test_a_read_only_index_folder_is_one_error_line_on_search(open_tree):
    repo = make_tree(open_tree / "repo")
    assert main(["index", str(repo), "--model", "unused-model-id", "--no-embed", "--no-progress"]) == 0
    writable_by_all(repo)
    (repo / ".c2llm").chmod(0o555)
    assert run_unprivileged(["search", "jsonl", str(repo), "--mode", "keyword"]) == (
        2, f"error: {repo}/.c2llm is read-only: SQLite writes index.db-wal and index.db-shm there even to search; "
        "make the folder writable\n")


def test_related_with_a_line_number_out_of_range_is_one_error_line(tmp_path, tiny, capsys):
    repo = make_tree(tmp_path / "repo")
    with Index.open(repo, model=tiny) as index:
        index.update(progress=False)
    assert main(["related", f"{repo}/app/math.py:{10**20}"]) == 2
    assert capsys.readouterr().err == f"error: app/math.py:{10**20}: no indexed unit holds this line\n"
    assert main(["related", f"{repo}/app/math.py:\u00b2"]) == 2  # isdigit() is true for a superscript two
    assert capsys.readouterr().err == ("error: FILE:LINE: expected a file and a line number such as src/app.py:42, "
                                       f"got '{repo}/app/math.py:\u00b2'\n")


def test_ctrl_c_during_index_exits_130_with_how_to_resume(tmp_path, tiny, capsys, monkeypatch):
    repo = make_tree(tmp_path / "repo")
    monkeypatch.setattr(index_module, "EMBED_CHUNK", 2)
    calls, original = [], Encoder.encode_documents

    def interrupted_on_second_chunk(self, texts):
        calls.append(texts)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return original(self, texts)

    monkeypatch.setattr(Encoder, "encode_documents", interrupted_on_second_chunk)
    assert main(["index", str(repo), "--model", tiny, "--no-progress"]) == 130
    assert capsys.readouterr().err.splitlines()[-1] == f"interrupted; resume with `c2llm index {repo}`"
    monkeypatch.setattr(Encoder, "encode_documents", original)
    assert main(["index", str(repo), "--no-progress", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["embedded"], report["pending"]) == (report["units"] - 2, 0)  # the first chunk was kept


# ------------------------------------------------------------------------------------------------ 7. minified


def test_minified_and_generated_files_are_told_by_the_shape_of_the_whole_file(tmp_path):
    table = "TABLE = {" + ", ".join(f"'k{i:03d}': {i}" for i in range(200)) + "}\n"  # one 2,388-character line
    files = {
        "lib/strutils.py": table + "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(300)),
        "web/app.js": "var a=1;" * 500 + "\n",  # one 4,000-character line: minified
        "web/wide.css": ("a{color:red}" * 40 + "\n") * 30,  # 30 lines of 480 characters: minified by the mean
        "api/enum_string.go": "// Code generated by \"stringer -type=Kind\"; DO NOT EDIT.\n\npackage api\n",
        "gen/schema.py": "# @generated by tools/gen.py\nX = 1\n",
        "README.md": ("A paragraph on one line, as Markdown allows. " * 10 + "\n\n") * 5,  # prose: kept
    }
    repo = make_tree(tmp_path / "repo", files)
    with Index.open(repo, model="unused-model-id") as index:
        report = index.update(progress=False, embed=False)
        assert sorted({unit.path for unit in index.units()}) == ["README.md", "lib/strutils.py"]
    assert report.skipped == {"generated": 2, "minified": 2}
    assert len(table) > 2_000 and file_shape(files["lib/strutils.py"], "python") is None


# ------------------------------------------------------------------------------------------------ 8. smaller


def test_an_empty_index_file_is_no_index(tmp_path, capsys):
    repo = make_tree(tmp_path / "repo")
    (repo / ".c2llm").mkdir()
    (repo / ".c2llm/index.db").write_bytes(b"")
    assert main(["search", "jsonl", str(repo)]) == 2
    assert capsys.readouterr().err == (f"error: no index in {repo} ({repo}/.c2llm/index.db is empty); build it with "
                                       f"`c2llm index {repo}`\n")
    assert main(["index", str(repo), "--model", "unused-model-id", "--no-embed", "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["search", "jsonl", str(repo), "--mode", "keyword", "-k", "1"]) == 0
    assert capsys.readouterr().out.startswith("app/io.py:4-7")


def test_related_outside_any_index_says_so(tmp_path, capsys):
    plain = make_tree(tmp_path / "plain", {"a.py": "def f():\n    return 1\n"})
    assert main(["related", f"{plain}/a.py:1"]) == 2
    assert capsys.readouterr().err == (f"error: FILE:LINE: {plain}/a.py is not in an indexed folder; index its "
                                       "repository first with `c2llm index ROOT`\n")


def test_terminal_escapes_in_indexed_files_are_shown_escaped(tmp_path, capsys):
    repo = make_tree(tmp_path / "repo", {"evil.py": "def warn():\n    # admin\u202e \u2066check\u2069\n"
                                                    "    print('\x1b[2J\x1b[31mred alert\x1b[0m')\n"})
    with Index.open(repo, model="unused-model-id") as index:
        index.update(progress=False, embed=False)
    assert main(["search", "red alert", str(repo), "--mode", "keyword"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert out.endswith("    def warn():\n        # admin\\u202e \\u2066check\\u2069\n"
                        "        print('\\x1b[2J\\x1b[31mred alert\\x1b[0m')\n\n")
    assert main(["search", "red alert", str(repo), "--mode", "keyword", "--json"]) == 0
    assert "\x1b[31mred alert" in json.loads(capsys.readouterr().out)["text"]  # JSON keeps the text exact


def test_train_has_no_progress(monkeypatch):
    from tqdm.auto import tqdm

    from c2llm.training import trainer as train_module

    shown = {}

    def fake_run(config):
        shown["disabled"] = tqdm(range(3), disable=False).disable  # a bar that asks to be shown
        shown["config"] = config
        return {}

    monkeypatch.setattr(train_module, "run", fake_run)
    assert main(["train", "--no-progress", "--max-steps", "1", "--output-dir", "unused"]) == 0
    assert shown["disabled"] is True and shown["config"].max_steps == 1
    assert tqdm(range(3), disable=False).disable is False  # only during the run


def test_index_is_importable_from_the_package():
    import c2llm.search
    from c2llm.search import Index as exported

    assert exported is Index and "Index" in c2llm.search.__all__
