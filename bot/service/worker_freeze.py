"""Imported by the worker pool's fork server last, after the renderer's assets: keeps them shared.

Every worker is forked from the fork server and shares its pages until it
writes to one. The cyclic garbage collector writes to every object it
visits, so a worker's first collection used to copy nearly all the pages of
the fonts, sprites, static layers and palettes the fork server loaded (about
45 MB per worker). ``gc.freeze()`` moves everything loaded so far out of the
collector's reach for good, as the ``gc`` documentation advises before a
fork; those objects live as long as the process anyway.

Drawing the palettes' specimen boards leaves tens of MB of freed blocks in
the C heap, which glibc keeps mapped: every worker would inherit them, and
the first worker to reuse one copies the page. ``malloc_trim`` hands them
back to the system first, so the fork server and its workers hold only what
is still in use.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys


def release_free_heap() -> None:
    """Give the C heap's free pages back to the system (glibc's ``malloc_trim``; elsewhere nothing)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):     # pragma: no cover - a libc without malloc_trim (musl)
        pass


gc.collect()
gc.freeze()
release_free_heap()
