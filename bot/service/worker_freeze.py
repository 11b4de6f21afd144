"""Imported by the worker pool's fork server last, after the renderer's assets: keeps them shared.

Every worker is forked from the fork server and shares its pages until it
writes to one. The cyclic garbage collector writes to every object it
visits, so a worker's first collection used to copy nearly all the pages of
the fonts, sprites, static layers and palettes the fork server loaded (about
45 MB per worker). ``gc.freeze()`` moves everything loaded so far out of the
collector's reach for good, as the ``gc`` documentation advises before a
fork; those objects live as long as the process anyway.
"""
from __future__ import annotations

import gc

gc.collect()
gc.freeze()
