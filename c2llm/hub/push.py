"""Push a verified folder to the Hub, and load a published model by repo id with one-line errors."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ModelLoadError, UserError
from ..layout import CONFIG
from .checkpoint_files import checkpoint_problems

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer


class PushError(UserError, RuntimeError):
    """Pushing to the Hub cannot start or failed; the message says why and what to do."""


def _offline() -> bool:
    """HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE) is set, now or when huggingface_hub was imported."""
    from huggingface_hub import constants

    flags = (os.environ.get("HF_HUB_OFFLINE"), os.environ.get("TRANSFORMERS_OFFLINE"))
    return constants.HF_HUB_OFFLINE or any(str(v).strip().lower() in ("1", "on", "yes", "true") for v in flags)


def push_preflight(repo_id: str, folder: str | os.PathLike | None = None, token: str | None = None) -> str:
    """Everything a push needs that can be checked without the network: a repo id, online mode, a token.

    Returns:
        The token to use.

    Raises:
        PushError: At once, with the reason and the manual command.
    """
    from huggingface_hub import get_token

    manual = f"hf upload {repo_id} {shlex.quote(str(folder))}" if folder is not None else f"hf upload {repo_id} DIR"
    if repo_id.count("/") != 1 or not all(repo_id.split("/")):
        raise PushError(f"cannot push: {repo_id!r} is not a repo id of the form ORG/NAME")
    if _offline():
        raise PushError(f"cannot push to {repo_id}: HF_HUB_OFFLINE is set (offline mode). Unset it on a machine "
                        f"with network access, then run: {manual}")
    token = token or get_token()
    if not token:
        raise PushError(f"cannot push to {repo_id}: no Hugging Face token. Set HF_TOKEN or run `hf auth login`, "
                        f"then run again or: {manual}")
    return token


def _probe_hub(token: str, timeout: float) -> str:
    """Check with one short request that the Hub answers and accepts the token; returns the user name."""
    from huggingface_hub import constants
    from huggingface_hub.utils import build_hf_headers, get_session

    url = f"{constants.ENDPOINT}/api/whoami-v2"
    try:
        response = get_session().get(url, headers=build_hf_headers(token=token), timeout=timeout)
    except Exception as exc:  # connection refused, DNS, timeout, proxy: all mean "cannot reach it"
        raise PushError(f"cannot reach the Hub at {constants.ENDPOINT} within {timeout:g} s "
                        f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]})") from None
    if response.status_code == 401:
        raise PushError(f"the Hub at {constants.ENDPOINT} rejected the token: run `hf auth login` or set HF_TOKEN")
    if response.status_code >= 400:
        raise PushError(f"the Hub at {constants.ENDPOINT} answered HTTP {response.status_code} to {url}")
    return response.json().get("name", "?")


def push(
    folder: str | os.PathLike,
    repo_id: str,
    *,
    token: str | None = None,
    private: bool | None = None,
    commit_message: str = "Upload C2LLM model",
    revision: str | None = None,
    timeout: float = 10.0,
) -> str:
    """Upload a verified folder with ``HfApi().upload_folder``; fails fast when offline, without a token, or when
    the Hub does not answer within `timeout` seconds.

    Returns:
        The URL of the commit.
    """
    from huggingface_hub import HfApi

    token = push_preflight(repo_id, folder, token)
    _probe_hub(token, timeout)
    api = HfApi(token=token)
    try:
        api.create_repo(repo_id, repo_type="model", private=private, exist_ok=True)
        commit = api.upload_folder(repo_id=repo_id, folder_path=str(folder), repo_type="model",
                                   commit_message=commit_message, revision=revision)
    except Exception as exc:
        raise PushError(f"upload of {folder} to {repo_id} failed: {' '.join(str(exc).split())[:300]}") from exc
    return str(getattr(commit, "commit_url", commit))


def load_checked(path_or_id: str | os.PathLike, revision: str | None = None, **kwargs: Any) -> SentenceTransformer:
    """``SentenceTransformer(path_or_id, trust_remote_code=True, revision=revision)`` with one-line errors.

    A local folder is checked first (truncated or missing weight files, missing or wrongly shaped tensors, which
    transformers would reject with a message that does not name the file, or silently initialise at random). A repo
    id is loaded as transformers does it (from the cache when offline); a failure names the id and the revision.

    Raises:
        ModelLoadError: The folder or repo cannot be loaded; the message names it (and the file at fault).
    """
    from ..build import load_model

    local = Path(path_or_id).expanduser()
    if local.is_dir():
        problems = checkpoint_problems(local)
        if problems:
            raise ModelLoadError(f"{local}: broken checkpoint: {'; '.join(problems)}")
        return load_model(local, **kwargs)
    name = str(path_or_id)
    if name.startswith((".", "/", "~")) or name.count("/") > 1 or os.sep != "/" and os.sep in name:
        raise ModelLoadError(f"{name}: no such model folder")
    try:
        model = load_model(name, revision=revision, **kwargs)
    except Exception as exc:
        raise ModelLoadError(_hub_error_message(name, revision, exc)) from exc
    snapshot = _cached_snapshot(name, revision)
    problems = checkpoint_problems(snapshot) if snapshot is not None else []
    if problems:
        raise ModelLoadError(f"{name}: broken checkpoint in the cache ({snapshot}): {'; '.join(problems)}")
    return model


def _hub_error_message(repo_id: str, revision: str | None, exc: Exception) -> str:
    """One line saying why a repo id did not load."""
    at = f"{repo_id} (revision {revision})" if revision else repo_id
    cause = f"{type(exc).__name__}: {' '.join(str(exc).split())[:240]}"
    if _offline():
        download = f"hf download {repo_id}" + (f" --revision {revision}" if revision else "")
        return (f"{at}: not a local folder, and not in the Hugging Face cache while HF_HUB_OFFLINE is set; download "
                f"it where there is network ({download}) or pass a local folder [{cause}]")
    return (f"{at}: could not be loaded from the Hub (wrong id or revision, private without a token, or no network) "
            f"[{cause}]")


def _cached_snapshot(repo_id: str, revision: str | None) -> Path | None:
    """The cache folder a repo id was loaded from, if it can be located."""
    try:
        from huggingface_hub import try_to_load_from_cache

        found = try_to_load_from_cache(repo_id, CONFIG, revision=revision)
    except Exception:
        return None
    return Path(found).parent if isinstance(found, str) else None
