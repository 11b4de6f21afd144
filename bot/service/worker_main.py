"""Imported by the worker pool's fork server first: its workers never run the bot's main script again.

A process started from the fork server prepares itself as a spawned one
would: when the parent was started as a script (``python bench/load.py``,
``python some_tool.py``) it runs that script again as ``__mp_main__``, with
every import the script makes, in each worker on its own (tens of MB of
modules per worker that no image needs, copied nowhere but there). The
fork server was meant to run it once for all of them (``"__main__"`` in the
preload list), but Python 3.11 never passes it the script's path, so each
worker did it instead. Workers only run functions of importable modules
(the renderer, the computers), never one defined in a script, so here the
step is left out; a bot started with ``python -m bot`` never had it.
"""
from __future__ import annotations

import multiprocessing.spawn


def _keep_main(main_path: str) -> None:
    """Leave ``__main__`` as the fork server has it (its own, which every worker shares)."""


multiprocessing.spawn._fixup_main_from_path = _keep_main  # type: ignore[attr-defined]
