"""glibc malloc settings for CPU training: keep freed memory for reuse instead of returning it to the kernel.

With glibc's defaults every step of a CPU training run maps and unmaps its large activation buffers again, and the
kernel zero-fills the fresh pages each time: on 2 cores an all-MiniLM-L6-v2 step (batch 16 x 64 tokens) takes about
2.4 s instead of 0.4 s. The same values as the ``MALLOC_*`` environment variables in docs/benchmarks.md, set with
``mallopt`` because glibc reads those variables only when a process starts.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

logger = logging.getLogger(__name__)

# mallopt parameter numbers (glibc malloc.h) and the values set (an int each: the trim threshold is capped at 2 GiB)
_M_TRIM_THRESHOLD, _M_TOP_PAD, _M_MMAP_THRESHOLD = -1, -2, -3
SETTINGS = {_M_MMAP_THRESHOLD: 32 * 2**20, _M_TRIM_THRESHOLD: 2**31 - 1, _M_TOP_PAD: 512 * 2**20}


def keep_freed_memory() -> bool:
    """Apply :data:`SETTINGS` to this process; returns whether they took effect (False off glibc, e.g. macOS)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError, TypeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    applied = all(mallopt(parameter, value) == 1 for parameter, value in SETTINGS.items())
    logger.debug("glibc malloc settings %s", "applied" if applied else "refused")
    return applied
