"""The Activity-mode findings that need no network: WEB_URL for Discord's proxy, and the Entry Point command."""
from __future__ import annotations

from bot.check.activity import activity_findings_needed, entry_point_finding, web_url_finding
from bot.config import Settings


def settings(**more: object) -> Settings:
    return Settings(discord_token="t", **more)  # type: ignore[arg-type]


def test_activity_mode_is_looked_at_only_when_the_host_set_the_client_secret() -> None:
    assert not activity_findings_needed(settings(web_url="https://alcazar.example.org"))
    assert activity_findings_needed(settings(discord_client_secret="s"))


def test_web_url_must_be_https_for_discord_s_proxy() -> None:
    assert web_url_finding(settings(web_url="https://example.org/alcazar", discord_client_secret="s")).ok
    plain = web_url_finding(settings(web_url="http://example.org", discord_client_secret="s"))
    assert not plain.ok and plain.fix and "https" in plain.fix
    missing = web_url_finding(settings(discord_client_secret="s"))
    assert not missing.ok and missing.fix and "WEB_URL" in missing.fix


def test_the_entry_point_command_is_found_among_the_global_commands() -> None:
    slash = {"name": "alcazar", "type": 1}
    assert not entry_point_finding([slash]).ok
    found = entry_point_finding([slash, {"name": "launch", "type": 4, "handler": 2}])
    assert found.ok and '"launch"' in found.text
