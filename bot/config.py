"""Settings of the bot, read from the environment and an optional ``.env`` file.

Every setting is documented in ``.env.example``. The environment wins over
``.env``, so a deployment can override the file without editing it.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

#: Where data lives when DATABASE_PATH is not set: a folder git ignores.
DEFAULT_DATABASE_PATH = Path("local") / "alcazar.sqlite3"
#: Discord's REST API, when no proxy (DISCORD_API_BASE_URL) stands in front of it.
DISCORD_API_BASE = "https://discord.com/api/v10"
#: Where backups go when BACKUP_DIR is not set.
DEFAULT_BACKUP_DIR = Path("local") / "backups"

SETUP_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

How to get a token and invite the bot:
  1. Open https://discord.com/developers/applications, create an application,
     open "Bot", and copy the token (Reset Token shows it once).
  2. Put it in a file named .env next to manage.py:  DISCORD_TOKEN=your-token
     (copy .env.example to .env; it explains the other settings).
  3. Intents: the default ones are enough. Leave every privileged intent
     (Presence, Server Members, Message Content) switched off.
  4. Invite the bot with OAuth2 -> URL Generator, scopes "bot" and
     "applications.commands", and these permissions: View Channel,
     Send Messages, Send Messages in Threads, Create Public Threads,
     Embed Links, Attach Files, Read Message History, Use Application Commands.
     The link looks like
     https://discord.com/oauth2/authorize?client_id=<APPLICATION_ID>&scope=bot+applications.commands&permissions=311385246720
  5. Start the bot again:  python3 manage.py run
"""


class ConfigError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment."""

    discord_token: str = field(repr=False)   # never in a repr, so never in a log line or a traceback
    database_path: Path = DEFAULT_DATABASE_PATH
    dev_guild_id: int | None = None
    api_base_url: str | None = None       # REST proxy, e.g. http://proxy:8080/api/v10
    gateway_url: str | None = None        # gateway proxy, e.g. ws://proxy:8081/
    log_level: int = logging.INFO
    reminder_poll_seconds: float = 60.0   # how often due reminders and missed deadlines are looked for
    image_workers: int | None = None      # processes drawing images; None: one per core
    game_cache_size: int = 5000           # games kept in memory (most packed, 2 to 5 KB each)
    database_url: str | None = None       # postgresql://…: PostgreSQL instead of the SQLite file
    shard_count: int | None = None        # None: as many as Discord recommends
    shard_ids: tuple[int, ...] | None = None   # None: every shard, in this one process
    metrics_port: int | None = None       # /metrics and /healthz; None: not served
    metrics_host: str = "127.0.0.1"       # where they listen: this machine only, unless the host says otherwise
    log_format: str = "plain"             # "plain" lines or "json" objects, one a line
    backup_dir: Path = DEFAULT_BACKUP_DIR
    backup_keep: int = 7                  # backups kept in backup_dir (the newest)
    backup_every_hours: float | None = None   # the bot's own backups; None: off
    web_url: str | None = None            # the web board's public base URL (no trailing slash); None: no web board
    web_host: str = "127.0.0.1"           # where the web board listens (behind the host's reverse proxy)
    web_port: int = 8089
    web_link_days: float = 30.0           # how long a personal link to the web board lasts
    #: The application's OAuth2 client secret: with WEB_URL, the board opens inside Discord as an Activity.
    discord_client_secret: str | None = field(default=None, repr=False)

    @property
    def serves_web_board(self) -> bool:
        """Whether this process serves the web board: of several processes only shard 0's does.

        The others still hand out links to it (``web_url``); a change they make reaches its pages
        through the database (PostgreSQL's LISTEN/NOTIFY)."""
        return self.web_url is not None and self.syncs_commands

    @property
    def activity_mode(self) -> bool:
        """Whether the Open board button opens the board inside Discord (an Activity) rather than a link:
        the web board is set up and so is the client secret that lets the bot ask Discord who opened it."""
        return self.web_url is not None and self.discord_client_secret is not None

    @property
    def oauth_base_url(self) -> str:
        """Where the bot exchanges an Activity's OAuth2 code and asks who it is for: Discord's REST base,
        or the REST proxy's when one is set (``{oauth_base_url}/oauth2/token``, ``/users/@me``)."""
        return self.api_base_url or DISCORD_API_BASE

    @property
    def database(self) -> str | Path:
        """What ``open_store`` takes: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the commands: of several processes only shard 0's does."""
        return self.shard_ids is None or 0 in self.shard_ids


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of a .env file; blank lines and ``#`` comments are skipped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def load_settings(environ: dict[str, str] | None = None, env_file: Path | None = Path(".env"), *,
                  need_token: bool = True) -> Settings:
    """Settings from ``environ`` (default: ``os.environ``) over the ``.env`` file.

    ``need_token=False`` for the maintenance commands (backup, restore), which never log in.
    """
    values = read_env_file(env_file) if env_file is not None else {}
    values.update(os.environ if environ is None else environ)

    def get(key: str) -> str | None:
        value = values.get(key, "").strip()
        return value or None

    token = get("DISCORD_TOKEN")
    if token is None and need_token:
        raise ConfigError(SETUP_HELP)
    shard_count = _parse_count("SHARD_COUNT", get("SHARD_COUNT"), "a whole number of shards, 1 or more")
    return Settings(
        discord_token=token or "",
        database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE_PATH),
        dev_guild_id=_parse_guild_id(get("DEV_GUILD_ID")),
        api_base_url=_parse_url("DISCORD_API_BASE_URL", get("DISCORD_API_BASE_URL"), ("http://", "https://")),
        gateway_url=_parse_url("DISCORD_GATEWAY_URL", get("DISCORD_GATEWAY_URL"), ("ws://", "wss://")),
        log_level=_parse_log_level(get("LOG_LEVEL")),
        reminder_poll_seconds=_parse_poll_seconds(get("REMINDER_POLL_SECONDS")),
        image_workers=_parse_count("IMAGE_WORKERS", get("IMAGE_WORKERS")),
        game_cache_size=_parse_count("GAME_CACHE_SIZE", get("GAME_CACHE_SIZE")) or Settings.game_cache_size,
        database_url=_parse_url("DATABASE_URL", get("DATABASE_URL"), ("postgresql://", "postgres://")),
        shard_count=shard_count,
        shard_ids=_parse_shard_ids(get("SHARD_IDS"), shard_count),
        metrics_port=_parse_port(get("METRICS_PORT")),
        metrics_host=get("METRICS_HOST") or Settings.metrics_host,
        log_format=_parse_log_format(get("LOG_FORMAT")),
        backup_dir=Path(get("BACKUP_DIR") or DEFAULT_BACKUP_DIR),
        backup_keep=_parse_count("BACKUP_KEEP", get("BACKUP_KEEP"), "a whole number of backups to keep, 1 or more")
        or Settings.backup_keep,
        backup_every_hours=_parse_backup_hours(get("BACKUP_EVERY_HOURS")),
        web_url=_parse_web_url(get("WEB_URL")),
        web_host=get("WEB_HOST") or Settings.web_host,
        web_port=_parse_port(get("WEB_PORT"), "WEB_PORT", "to use the default, 8089") or Settings.web_port,
        web_link_days=_parse_link_days(get("WEB_LINK_DAYS")),
        discord_client_secret=get("DISCORD_CLIENT_SECRET"),
    )


def _parse_shard_ids(text: str | None, shard_count: int | None) -> tuple[int, ...] | None:
    """``SHARD_IDS=0,2,4``: the shards this process runs, each below ``SHARD_COUNT``."""
    if text is None:
        return None
    if shard_count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT: say how many shards there are in all.")
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts or not all(part.isdigit() for part in parts):
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas (like 0,1), not {text!r}.")
    ids = tuple(int(part) for part in parts)
    if len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS names a shard twice: {text!r}.")
    outside = [i for i in ids if i >= shard_count]
    if outside:
        raise ConfigError(f"SHARD_IDS {text!r} names shard {outside[0]}, but with SHARD_COUNT={shard_count} "
                          f"the shards are 0 to {shard_count - 1}.")
    return ids


def _parse_count(name: str, text: str | None, what: str = "a whole number of at least 1") -> int | None:
    if text is None:
        return None
    if not text.isdigit() or int(text) < 1:
        raise ConfigError(f"{name} must be {what}, not {text!r}.")
    return int(text)


def _parse_guild_id(text: str | None) -> int | None:
    if text is None:
        return None
    if not text.isdigit():
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {text!r}. "
                          "Enable Developer Mode in Discord and use Copy Server ID.")
    return int(text)


def _parse_url(name: str, text: str | None, schemes: tuple[str, ...]) -> str | None:
    if text is None:
        return None
    if not text.startswith(schemes):
        raise ConfigError(f"{name} must start with {' or '.join(schemes)}, not {text!r}.")
    return text.rstrip("/")


def _parse_log_level(text: str | None) -> int:
    if text is None:
        return logging.INFO
    level = logging.getLevelName(text.upper())
    if not isinstance(level, int):
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {text!r}.")
    return level


def _parse_port(text: str | None, name: str = "METRICS_PORT", unset: str = "to serve no metrics") -> int | None:
    if text is None:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"{name} must be a TCP port number from 1 to 65535, not {text!r} "
                          f"(leave it unset {unset}).")
    return int(text)


WEB_URL_SHAPE = "http(s)://host[:port][/path], like https://alcazar.example.org or https://example.org/alcazar"


def _parse_web_url(text: str | None) -> str | None:
    """``WEB_URL``: the public base of the web board's links, as the host's reverse proxy serves it.

    Links append ``/play#t=…`` to it, so a query or a fragment of its own would break them."""
    if text is None:
        return None
    try:
        parts = urlsplit(text)
        port = parts.port          # raises ValueError when not a number from 0 to 65535
    except ValueError:
        parts, port = None, None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname or parts.query
            or parts.fragment or "@" in parts.netloc or "?" in text or "#" in text or port == 0
            or any(c.isspace() for c in text)):
        raise ConfigError(f"WEB_URL must be {WEB_URL_SHAPE}, not {text!r} (leave it unset for no web board).")
    return text.rstrip("/")


def _parse_link_days(text: str | None) -> float:
    """``WEB_LINK_DAYS``: how long a personal link to the web board lasts."""
    return _bounded_number("WEB_LINK_DAYS", text, Settings.web_link_days, 3650, "days")


def _bounded_number(name: str, text: str | None, default: float, most: float, unit: str) -> float:
    """A setting that is a number above 0 and at most ``most`` (``default`` when unset)."""
    if text is None:
        return default
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if not 0 < number <= most:   # NaN fails this too
        raise ConfigError(f"{name} must be a number of {unit} above 0 and at most {most:g}, not {text!r}.")
    return number


LOG_FORMATS = ("plain", "json")


def _parse_log_format(text: str | None) -> str:
    if text is None:
        return Settings.log_format
    if text.lower() not in LOG_FORMATS:
        raise ConfigError(f"LOG_FORMAT must be plain or json, not {text!r}.")
    return text.lower()


def _parse_poll_seconds(text: str | None) -> float:
    return _bounded_number("REMINDER_POLL_SECONDS", text, Settings.reminder_poll_seconds, 3600, "seconds")


def _parse_backup_hours(text: str | None) -> float | None:
    """``BACKUP_EVERY_HOURS``: hours between the bot's own backups; unset or 0 turns them off."""
    if text is None:
        return None
    try:
        hours = float(text)
    except ValueError:
        hours = -1.0
    if not 0 <= hours <= 8760:   # NaN fails this too
        raise ConfigError(f"BACKUP_EVERY_HOURS must be a number of hours from 0 (no backups by the bot) "
                          f"to 8760, not {text!r}.")
    return hours or None
