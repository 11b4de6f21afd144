"""Imported by the worker pool's fork server only: it ends when the bot ends.

A bot killed outright (SIGKILL, the OOM killer) cannot stop its pool. The
fork server would live on, and so would every worker forked from it, holding
memory with nothing to serve (each worker even keeps the fork server's
"bot alive" pipe open). Importing this module in the fork server asks Linux
to end the fork server with its parent, the bot; each worker asks the same of
the fork server when it starts (``end_with_fork_server``). Elsewhere nothing
happens.
"""
from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1

#: The fork server's own id: it imports this module, and every worker it forks inherits the value.
FORK_SERVER_PID = os.getpid()


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent process ends."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):     # pragma: no cover - a libc without prctl
        pass


def end_with_fork_server() -> None:
    """In a worker: end when the fork server ends, also when it ended a moment ago.

    The request only covers a parent that is still there, so a fork server
    (and a bot) gone before it was made leaves this worker with a new parent:
    then the worker ends at once.
    """
    die_with_parent()
    if os.getppid() != FORK_SERVER_PID:
        os._exit(0)


die_with_parent()
