"""The upgrade tests drive today's bot against the fake Discord of the Discord tests."""
from __future__ import annotations

import sys
from pathlib import Path

from db_backends import summarise_skipped_postgres

DISCORD_TESTS = Path(__file__).resolve().parents[1] / "discord"
if str(DISCORD_TESTS) not in sys.path:
    sys.path.insert(0, str(DISCORD_TESTS))


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    summarise_skipped_postgres(terminalreporter)
