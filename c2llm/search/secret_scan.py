"""Secrets found by a file's content: the high-confidence regex plugins of ``detect-secrets`` (Yelp's scanner).

Only token formats that say what they are by their own shape are used (:data:`PLUGIN_NAMES`): a fixed prefix or
suffix (``AKIA...``, ``ghp_...``, ``xoxb-...``, ``sk_live_...``, ``glpat-...``, ``pypi-...``, ``SG.``, ``sq0csp-``,
``-usN``, OpenAI's ``T3BlbkFJ``), a JWT whose first two parts decode to JSON, an Azure ``AccountKey=`` of 88 base64
characters, an npm ``_authToken`` line, and private keys. Left out, for their false positives on ordinary code:
the entropy detectors (hashes, base64 test data, UUIDs), the keyword detector (``password = get_password()``), basic
auth in URLs (``postgres://user:pass@localhost`` in docs), and the prefix-less formats (Twilio, Discord, Telegram,
Artifactory, IBM, SoftLayer, Cloudant).

Each plugin's own regular expressions run over the whole text (C speed, one pass each), only when the lowercased
text holds what their every match holds (:data:`_REQUIRED`); a match is then confirmed
by the plugin's own ``analyze_string`` on its line (the JWT check decodes the token), and two rules of ours drop
what is no secret: AWS's documented placeholder keys (``...EXAMPLE...``), and a private key header with no key after
it (a PEM parser's ``BEGIN ... PRIVATE KEY`` literal): a real key has a run of 40+ base64 characters within the next
400 characters, also when it sits in a JSON string with ``\\n`` escapes (a service-account file).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# detect-secrets plugin classes used, as module:class under detect_secrets.plugins
PLUGIN_NAMES = ("aws:AWSKeyDetector", "azure_storage_key:AzureStorageKeyDetector", "github_token:GitHubTokenDetector",
                "gitlab_token:GitLabTokenDetector", "jwt:JwtTokenDetector", "mailchimp:MailchimpDetector",
                "npm:NpmDetector", "openai:OpenAIDetector", "private_key:PrivateKeyDetector",
                "pypi_token:PypiTokenDetector", "sendgrid:SendGridDetector", "slack:SlackDetector",
                "square_oauth:SquareOAuthDetector", "stripe:StripeDetector")
_PLACEHOLDER = re.compile("EXAMPLE")  # AKIAIOSFODNN7EXAMPLE, wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
_KEY_BODY = re.compile(r"[A-Za-z0-9+/]{40,}")
KEY_BODY_WINDOW = 400  # characters after a private key header where its base64 body must start
# What every match of a plugin's expressions contains (read off its denylist), looked for in the lowercased text
# first: without it the plugin is skipped, and a text holding none of them is passed without importing
# detect-secrets at all (its import, 0.2 s, was a sixth of a first index of a small repository). The slowest four
# plugins took 85% of the scan time on the speed benchmark's tree (character classes or IGNORECASE tried at every
# position).
_REQUIRED = {"AWSKeyDetector": "a3t|abia|acca|akia|asia|aws", "AzureStorageKeyDetector": "accountkey=",
             "GitHubTokenDetector": "gh[pousr]_",
             "GitLabTokenDetector": "glpat-|gldt-|glft-|glsoat-|glrt-|gr1348941|glcbt-|glimt-|glptt-|glagent-|gloas-",
             "JwtTokenDetector": "eyj", "MailchimpDetector": r"-us\d", "NpmDetector": "_authtoken",
             "OpenAIDetector": "t3blbkfj", "PrivateKeyDetector": "private key|putty-user-key-file-2",
             "PypiTokenDetector": "pypi-", "SendGridDetector": r"sg\.",
             "SlackDetector": r"xox[abposr]-|hooks\.slack\.com", "SquareOAuthDetector": "sq0csp-",
             "StripeDetector": "k_live_"}
_REQUIRED_EACH = {name: re.compile(pattern) for name, pattern in _REQUIRED.items()}
_REQUIRED_ANY = re.compile("|".join(_REQUIRED.values()))


@dataclass(frozen=True)
class Secret:
    """Where a file holds a secret: its 1-based line and the kind (the plugin's ``secret_type``), never the value."""

    line: int
    kind: str


@lru_cache(maxsize=1)
def _plugins() -> tuple:
    from importlib import import_module

    plugins = []
    for name in PLUGIN_NAMES:
        module, _, cls = name.partition(":")
        plugins.append(getattr(import_module(f"detect_secrets.plugins.{module}"), cls)())
    return tuple(plugins)


def _line_around(text: str, start: int, end: int) -> str:
    first = text.rfind("\n", 0, start) + 1
    last = text.find("\n", end)
    return text[first : len(text) if last < 0 else last]


def find_secret(text: str) -> Secret | None:
    """The first high-confidence secret in ``text`` (in plugin order), or ``None``."""
    # casefold, not lower: an IGNORECASE pattern's "s" also matches "ſ" and its "k" the Kelvin sign, which casefold
    # maps to "s" and "k" (lower keeps them)
    lowered = text.casefold()
    if _REQUIRED_ANY.search(lowered) is None:
        return None
    for plugin in _plugins():
        if _REQUIRED_EACH[type(plugin).__name__].search(lowered) is None:
            continue
        private_key = plugin.secret_type == "Private Key"
        for regex in plugin.denylist:
            for match in regex.finditer(text):
                if private_key:
                    found = _KEY_BODY.search(text, match.end(), match.end() + KEY_BODY_WINDOW) is not None
                else:
                    found = any(not _PLACEHOLDER.search(value)
                                for value in plugin.analyze_string(_line_around(text, match.start(), match.end())))
                if found:
                    return Secret(text.count("\n", 0, match.start()) + 1, plugin.secret_type)
    return None
