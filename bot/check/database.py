"""The database line of the check: does it open, and what would starting the bot do to it."""
from __future__ import annotations

from bot.check.findings import Finding, fine, to_fix
from bot.config import Settings
from bot.store import SCHEMA_VERSION
from bot.store.postgres import DatabaseUnavailable
from bot.store.survey import DatabaseSurvey, DatabaseUnreadable, LiveGame, survey


async def check_database(settings: Settings) -> tuple[Finding, tuple[LiveGame, ...] | None]:
    """The database's finding, and its live games (None when they cannot be read)."""
    try:
        found = await survey(settings.database)
    except (DatabaseUnreadable, DatabaseUnavailable) as error:
        setting = "DATABASE_URL" if settings.database_url else "DATABASE_PATH"
        return to_fix(f"Database: {error}", f"check {setting} in .env, and that the database is there."), None
    return database_finding(found), found.live_games


def database_finding(found: DatabaseSurvey) -> Finding:
    """What the survey means for the host."""
    where = f"Database {found.where}"
    if not found.exists:
        return fine(f"{where}: not there yet; the bot creates it when it starts.")
    if found.is_newer:
        return to_fix(f"{where}: schema version {found.schema_version} is newer than this bot's "
                      f"({SCHEMA_VERSION}); this bot refuses to start on it.",
                      "upgrade the bot (git pull) to the release that wrote this database, or newer.")
    if found.schema_version == 0:
        return fine(f"{where} opens; it has no tables yet, the bot makes them when it starts.")
    state = (f"at the current schema version ({SCHEMA_VERSION})" if found.is_current else
             f"at schema version {found.schema_version}, older than this bot's ({SCHEMA_VERSION}): "
             "the bot migrates it when it starts")
    return fine(f"{where} opens, {state}; {_live_count(found.live_games or ())}.")


def _live_count(games: tuple[LiveGame, ...]) -> str:
    lobbies = sum(game.status == "lobby" for game in games)
    running = len(games) - lobbies
    if not games:
        return "no live games"
    return f"{len(games)} live {'game' if len(games) == 1 else 'games'} ({running} running, {lobbies} in the lobby)"
