"""What the host sees of a running bot: metrics, log context, log lines without secrets.

Below the service and the Discord layer, beside ``bot.i18n``: both count into
one ``Metrics`` per bot, and both say what a log line is about (``context``).
It imports nothing of the bot's other packages.

    metrics     the Prometheus metric objects, in a registry of the bot's own
    context     the game, guild, user and command the work at hand is about
    causes      what caused each request to Discord (a move, a reminder, a lobby…)
    logs        plain and JSON log lines, and the filter that keeps secrets out
    work        one DEBUG line per interaction and per background action: what, outcome, time
"""
from __future__ import annotations

from bot.telemetry.causes import caused_by, request_cause
from bot.telemetry.context import about, log_context
from bot.telemetry.metrics import Metrics
from bot.telemetry.work import background_work, note_outcome, run_interaction

__all__ = ["Metrics", "about", "background_work", "caused_by", "log_context", "note_outcome", "request_cause",
           "run_interaction"]
