"""The Discord layer's one door to the pictures: boards, results, hands and charts, as PNG bytes.

The service draws them (``bot.service.pictures``, in the worker processes so
the event loop stays free) from the views it hands out; this module only
gives the edge its names for them. The bot starts the workers with
``start_images`` in its ``setup_hook`` and stops them with ``stop_images``
when it closes.

The board and the results posted to a channel are always drawn from the
*public* view; a hand image is only ever drawn from its owner's view and sent
to its owner.
"""
from __future__ import annotations

from bot.service import (
    board_png, chart_png, final_view, hand_png, named_text, results_png, work_queued, worker_pids, workers_trouble,
)
from bot.service import standings_png, standings_view
from bot.service import start_pictures as start_images
from bot.service import stop_pictures as stop_images

__all__ = ["board_png", "chart_png", "final_view", "hand_png", "named_text", "results_png", "standings_png",
           "standings_view", "start_images", "stop_images", "work_queued", "worker_pids", "workers_trouble"]
