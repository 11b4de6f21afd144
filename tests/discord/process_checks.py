"""What the tests that run the bot as real processes ask of the operating system."""
from __future__ import annotations

import os


def alive(pid: int, *, group: bool = False) -> bool:
    """Whether process ``pid`` still exists (with ``group``: any process of the group it leads)."""
    try:
        (os.killpg if group else os.kill)(pid, 0)
    except ProcessLookupError:
        return False
    return True
