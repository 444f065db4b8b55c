"""The one base class of errors a user can fix: bad arguments, missing or malformed files, bad rows.

Every such error of the package derives from :class:`UserError` and its message names the argument, the file and the
line or row. ``c2llm`` prints it as one ``error:`` line and exits with code 2, with no traceback.
"""

from __future__ import annotations


class UserError(Exception):
    """Bad input; the message names the argument, file, line or row."""


class ConfigError(UserError, ValueError):
    """A setting is invalid or conflicts with another; the message starts with the flag, e.g. ``--warmup-ratio:``."""

    def __init__(self, argument: str, message: str):
        self.argument, self.message = argument, message
        super().__init__(f"--{argument.replace('_', '-')}: {message}")


class ModelLoadError(UserError, OSError):
    """A model could not be loaded (offline, a wrong path, a broken checkpoint); the message names the folder or id."""
