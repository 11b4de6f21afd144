from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE_PATH, ConfigError, load_settings, read_env_file


def test_token_is_required_and_the_message_explains_the_setup() -> None:
    with pytest.raises(ConfigError) as error:
        load_settings({}, env_file=None)
    text = str(error.value)
    for needed in ("DISCORD_TOKEN", "applications.commands", "privileged", "Attach Files",
                   "Create Public Threads", "Use Application Commands", "oauth2"):
        assert needed in text


def test_defaults_keep_the_database_in_the_ignored_local_folder() -> None:
    settings = load_settings({"DISCORD_TOKEN": "t"}, env_file=None)
    assert settings.database_path == DEFAULT_DATABASE_PATH and settings.database_path.parts[0] == "local"
    assert "local/" in Path(".gitignore").read_text().split()
    assert settings.dev_guild_id is None and settings.api_base_url is None and settings.gateway_url is None
    assert settings.log_level == logging.INFO
    assert settings.reminder_poll_seconds == 60.0
    assert settings.metrics_port is None and settings.metrics_host == "127.0.0.1", "no metrics unless asked for"
    assert settings.log_format == "plain"


def test_metrics_and_log_format_settings_are_read() -> None:
    settings = load_settings({"DISCORD_TOKEN": "t", "METRICS_PORT": "9108", "METRICS_HOST": "0.0.0.0",
                              "LOG_FORMAT": "JSON"}, env_file=None)
    assert (settings.metrics_port, settings.metrics_host, settings.log_format) == (9108, "0.0.0.0", "json")


def test_env_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("# comment\nDISCORD_TOKEN='from-file'\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n"
                   "DISCORD_API_BASE_URL=http://proxy:8080/api/v10/\nexport DATABASE_PATH=/tmp/x.sqlite3\n")
    assert read_env_file(env)["DISCORD_TOKEN"] == "from-file"
    settings = load_settings({"DISCORD_TOKEN": "from-env", "DISCORD_GATEWAY_URL": "ws://proxy:8081/"}, env_file=env)
    assert settings.discord_token == "from-env"
    assert settings.dev_guild_id == 42 and settings.log_level == logging.DEBUG
    assert settings.api_base_url == "http://proxy:8080/api/v10" and settings.gateway_url == "ws://proxy:8081"
    assert settings.database_path == Path("/tmp/x.sqlite3")


#: For each setting, malformed values and words of what the error says about them.
MALFORMED = {
    "DEV_GUILD_ID": {"my-server": "digits"},
    "DISCORD_API_BASE_URL": {"proxy:8080": "http"},
    "DISCORD_GATEWAY_URL": {"http://proxy": "ws://"},
    "LOG_LEVEL": {"loud": "LOG_LEVEL"},
    "METRICS_PORT": {"http": "METRICS_PORT must be a TCP port", "70000": "1 to 65535", "0": "1 to 65535"},
    "LOG_FORMAT": {"xml": "LOG_FORMAT must be plain or json"},
    "BACKUP_KEEP": {"0": "BACKUP_KEEP must be a whole number of backups to keep, 1 or more",
                    "all": "BACKUP_KEEP must be"},
    "BACKUP_EVERY_HOURS": {"-1": "BACKUP_EVERY_HOURS must be a number of hours from 0",
                           "daily": "BACKUP_EVERY_HOURS must be", "nan": "BACKUP_EVERY_HOURS must be"},
    "WEB_URL": {"alcazar.example.org": r"WEB_URL must be http\(s\)://host\[:port\]\[/path\]",
                "ftp://example.org": "WEB_URL must be http", "https://": "WEB_URL must be http",
                "https://example.org/board?x=1": "WEB_URL must be", "https://example.org/#play": "WEB_URL must be",
                "https://user:pw@example.org": "WEB_URL must be", "https://example.org:http": "WEB_URL must be",
                "https://example.org:99999": "WEB_URL must be", "https://exa mple.org": "WEB_URL must be"},
    "WEB_PORT": {"web": "WEB_PORT must be a TCP port number from 1 to 65535", "0": "WEB_PORT must be"},
    "WEB_LINK_DAYS": {"0": "WEB_LINK_DAYS must be a number of days above 0", "month": "WEB_LINK_DAYS must be",
                      "nan": "WEB_LINK_DAYS must be", "-5": "WEB_LINK_DAYS must be"},
}


@pytest.mark.parametrize("key, value, words",
                         [(key, value, words) for key, cases in MALFORMED.items() for value, words in cases.items()])
def test_malformed_settings_say_what_is_wrong(key: str, value: str, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        load_settings({"DISCORD_TOKEN": "t", key: value}, env_file=None)


def test_env_example_documents_every_setting() -> None:
    text = Path(".env.example").read_text()
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "DISCORD_API_BASE_URL",
                "DISCORD_GATEWAY_URL", "LOG_LEVEL", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "METRICS_PORT",
                "METRICS_HOST", "LOG_FORMAT", "WEB_URL", "WEB_HOST", "WEB_PORT", "WEB_LINK_DAYS"):
        assert key in text


def test_running_without_a_token_exits_with_the_setup_help(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": ""}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env | {"PYTHONPATH": str(Path.cwd())},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr and "Traceback" not in done.stderr


def test_database_url_selects_postgresql_and_the_path_stays_the_default() -> None:
    settings = load_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://bot@db/alcazar"}, env_file=None)
    assert settings.database == "postgresql://bot@db/alcazar"
    assert load_settings({"DISCORD_TOKEN": "t"}, env_file=None).database == DEFAULT_DATABASE_PATH
    with pytest.raises(ConfigError, match="DATABASE_URL must start with postgresql://"):
        load_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": "mysql://db/x"}, env_file=None)


def test_shards_default_to_all_in_one_process_that_syncs_the_commands() -> None:
    settings = load_settings({"DISCORD_TOKEN": "t"}, env_file=None)
    assert (settings.shard_count, settings.shard_ids, settings.syncs_commands) == (None, None, True)


def test_shard_ids_choose_this_process_s_shards() -> None:
    settings = load_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": " 1, 3"}, env_file=None)
    assert (settings.shard_count, settings.shard_ids, settings.syncs_commands) == (4, (1, 3), False)
    with_zero = load_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "0,2"}, env_file=None)
    assert with_zero.syncs_commands


@pytest.mark.parametrize("environment, message", [
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards, 1 or more"),
    ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
    ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "separated by commas"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "names a shard twice"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "the shards are 0 to 1"),
])
def test_bad_shard_settings_say_how_to_fix_them(environment: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings({"DISCORD_TOKEN": "t", **environment}, env_file=None)


def test_the_reminder_poll_interval_is_a_documented_setting() -> None:
    assert load_settings({"DISCORD_TOKEN": "t", "REMINDER_POLL_SECONDS": "0.5"}, env_file=None).reminder_poll_seconds == 0.5
    for wrong in ("0", "-3", "soon", "7200"):
        with pytest.raises(ConfigError, match="REMINDER_POLL_SECONDS"):
            load_settings({"DISCORD_TOKEN": "t", "REMINDER_POLL_SECONDS": wrong}, env_file=None)
    assert "REMINDER_POLL_SECONDS" in Path(".env.example").read_text()


def test_backup_settings_default_to_seven_copies_in_local_and_no_backups_by_the_bot() -> None:
    settings = load_settings({"DISCORD_TOKEN": "t"}, env_file=None)
    assert settings.backup_dir == Path("local") / "backups"
    assert (settings.backup_keep, settings.backup_every_hours) == (7, None)
    chosen = load_settings({"DISCORD_TOKEN": "t", "BACKUP_DIR": "/srv/backups", "BACKUP_KEEP": "30",
                            "BACKUP_EVERY_HOURS": "6"}, env_file=None)
    assert (chosen.backup_dir, chosen.backup_keep, chosen.backup_every_hours) == (Path("/srv/backups"), 30, 6.0)
    assert load_settings({"DISCORD_TOKEN": "t", "BACKUP_EVERY_HOURS": "0"}, env_file=None).backup_every_hours is None
    text = Path(".env.example").read_text()
    assert all(key in text for key in ("BACKUP_DIR", "BACKUP_KEEP", "BACKUP_EVERY_HOURS"))


def test_the_maintenance_commands_need_no_token() -> None:
    settings = load_settings({"DATABASE_PATH": "/tmp/x.sqlite3"}, env_file=None, need_token=False)
    assert settings.database_path == Path("/tmp/x.sqlite3") and settings.discord_token == ""


def test_without_web_url_there_is_no_web_board() -> None:
    settings = load_settings({"DISCORD_TOKEN": "t"}, env_file=None)
    assert settings.web_url is None and not settings.serves_web_board
    assert (settings.web_host, settings.web_port, settings.web_link_days) == ("127.0.0.1", 8089, 30.0)


@pytest.mark.parametrize("given, kept", [
    ("https://alcazar.example.org", "https://alcazar.example.org"),
    ("https://alcazar.example.org/", "https://alcazar.example.org"),
    ("http://127.0.0.1:8089", "http://127.0.0.1:8089"),
    ("https://example.org/games/alcazar/", "https://example.org/games/alcazar"),
])
def test_web_url_is_kept_without_its_trailing_slash(given: str, kept: str) -> None:
    settings = load_settings({"DISCORD_TOKEN": "t", "WEB_URL": given, "WEB_HOST": "0.0.0.0", "WEB_PORT": "9000",
                              "WEB_LINK_DAYS": "7.5"}, env_file=None)
    assert (settings.web_url, settings.web_host, settings.web_port, settings.web_link_days) == \
        (kept, "0.0.0.0", 9000, 7.5)
    assert settings.serves_web_board


def test_of_several_processes_only_shard_0_s_serves_the_web_board() -> None:
    base = {"DISCORD_TOKEN": "t", "WEB_URL": "https://alcazar.example.org", "SHARD_COUNT": "3"}
    first = load_settings(base | {"SHARD_IDS": "0"}, env_file=None)
    other = load_settings(base | {"SHARD_IDS": "1,2"}, env_file=None)
    assert first.serves_web_board and not other.serves_web_board
    assert other.web_url == "https://alcazar.example.org", "the others still hand out links to it"


def test_the_client_secret_turns_activity_mode_on_with_the_web_board_and_never_shows_in_a_repr() -> None:
    with_web = {"DISCORD_TOKEN": "the-token", "WEB_URL": "https://alcazar.example.org"}
    assert not load_settings(with_web, env_file=None).activity_mode, "the web board alone is link mode"
    secret_alone = load_settings({"DISCORD_TOKEN": "t", "DISCORD_CLIENT_SECRET": "s3cret"}, env_file=None)
    assert secret_alone.discord_client_secret == "s3cret" and not secret_alone.activity_mode, "no page to open"
    settings = load_settings({**with_web, "DISCORD_CLIENT_SECRET": " s3cret-value "}, env_file=None)
    assert settings.activity_mode and settings.discord_client_secret == "s3cret-value"
    assert "s3cret-value" not in repr(settings) and "the-token" not in repr(settings)
    assert "s3cret-value" not in str(settings)


def test_the_oauth2_base_is_the_rest_base() -> None:
    assert load_settings({"DISCORD_TOKEN": "t"}, env_file=None).oauth_base_url == "https://discord.com/api/v10"
    proxied = load_settings({"DISCORD_TOKEN": "t", "DISCORD_API_BASE_URL": "http://127.0.0.1:8080/api/v10/"},
                            env_file=None)
    assert proxied.oauth_base_url == "http://127.0.0.1:8080/api/v10"
