"""Imported by the worker pool's fork server only: it ends when the bot ends.

A bot killed outright (SIGKILL, the OOM killer) cannot stop its pool. The
fork server would live on, and so would every worker forked from it, holding
memory with nothing to serve. Importing this module in the fork server asks
Linux to end the fork server with its parent; each worker asks the same of
the fork server when it starts (``die_with_parent``). Elsewhere nothing happens.
"""
from __future__ import annotations

import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent process ends."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):     # pragma: no cover - a libc without prctl
        pass


die_with_parent()
