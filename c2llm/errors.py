"""The one base class of errors a user can fix: bad arguments, missing or malformed files, bad rows.

Every such error of the package derives from :class:`UserError` and its message names the argument, the file and the
line or row. ``c2llm`` prints it as one ``error:`` line and exits with code 2, with no traceback.
"""

from __future__ import annotations


class UserError(Exception):
    """Bad input; the message names the argument, file, line or row."""

    exit_code = 2  # the CLI's EXIT_USAGE


class ConfigError(UserError, ValueError):
    """A setting is invalid or conflicts with another; the message starts with the flag, e.g. ``--warmup-ratio:``."""

    def __init__(self, argument: str, message: str):
        self.argument, self.message = argument, message
        super().__init__(f"--{argument.replace('_', '-')}: {message}")


class ModelLoadError(UserError, OSError):
    """A model could not be loaded (offline, a wrong path, a broken checkpoint); the message names the folder or id."""


class TrainingDiverged(UserError, ArithmeticError):
    """A training step gave a non-finite loss or gradient norm; the run stopped before the optimizer applied it.

    Exit code 1, as a failed check: the input was valid, the run was not.
    """

    exit_code = 1

    def __init__(self, step: int, loss: float, grad_norm: float, checkpoint: str | None):
        self.step, self.loss, self.grad_norm, self.checkpoint = step, loss, grad_norm, checkpoint
        kept = f"the last finite checkpoint is {checkpoint}" if checkpoint else "no checkpoint was saved before it"
        super().__init__(
            f"training diverged at step {step}: loss {loss:g}, grad norm {grad_norm:g}; stopped before the optimizer "
            f"step, {kept}, no final model written. Try a lower --learning-rate, --no-bf16 or --attn-implementation "
            "eager, in a new --output-dir"
        )
