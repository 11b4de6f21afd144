"""``manage.py check`` on Activity mode, against the fake Discord: the secret, WEB_URL, the Entry Point command."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from fake_discord import FakeDiscord
from test_check import line_with, run_check, settings_for

from bot.check.findings import exit_code, report
from bot.check.run import check

WEB_URL = "https://alcazar.example.org"


async def activity_check(fake: FakeDiscord, database_path: Path, **changes: object) -> tuple[str, int]:
    settings = dataclasses.replace(settings_for(fake, database_path), web_url=WEB_URL,
                                   discord_client_secret=fake.client_secret)
    findings = await check(dataclasses.replace(settings, **changes))
    return report(findings), exit_code(findings)


def activity_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "Activity mode" in line]


async def test_complete_activity_mode_says_so_in_three_lines(fake: FakeDiscord, database_path: Path) -> None:
    fake.add_entry_point_command()
    text, code = await activity_check(fake, database_path)
    assert code == 0, text
    assert activity_lines(text) == [
        f"✓ Activity mode: the board opens inside Discord from {WEB_URL}.",
        f"✓ Activity mode: Discord accepts DISCORD_CLIENT_SECRET for application {fake.application_id}.",
        '✓ Activity mode: Activities are enabled (the Entry Point command "launch" is there, and the bot keeps '
        "it when it registers /alcazar).",
    ]
    [grant] = [r for r in fake.requests if r.path == "/oauth2/token"]
    assert grant.json == {"grant_type": "client_credentials", "scope": "identify"}, "the secret goes by HTTP Basic"
    assert fake.client_secret not in text and fake.token not in text
    assert [r for r in fake.requests if r.method not in ("GET", "POST") or
            (r.method == "POST" and r.path != "/oauth2/token")] == [], "the check changed nothing on Discord"


async def test_each_missing_piece_is_a_cross_with_its_fix(fake: FakeDiscord, database_path: Path) -> None:
    text, code = await activity_check(fake, database_path, web_url="http://alcazar.example.org",
                                      discord_client_secret="an-old-secret")
    assert code == 1
    assert line_with(text, "WEB_URL is http://").endswith("set WEB_URL=https://… in .env.")
    refused = line_with(text, "refused DISCORD_CLIENT_SECRET")
    assert refused.startswith("✗ Activity mode: Discord refused DISCORD_CLIENT_SECRET (401 invalid_client).\n")
    assert "OAuth2 -> Reset Secret" in refused and "DISCORD_CLIENT_SECRET=the-new-secret" in refused
    enable = line_with(text, "Activities are not enabled")
    assert enable.startswith("✗ Activity mode: Activities are not enabled") and "fix: open https://discord.com/" \
        "developers/applications, your application -> Activities -> Settings, and enable Activities" in enable
    assert "an-old-secret" not in text
    text, _ = await activity_check(fake, database_path, web_url=None)
    assert line_with(text, "WEB_URL is not").startswith("✗ Activity mode: DISCORD_CLIENT_SECRET is set but WEB_URL "
                                                        "is not, so there is no board to open inside Discord.\n"
                                                        "    fix: set WEB_URL")


async def test_an_unreachable_token_endpoint_is_one_line(fake: FakeDiscord, database_path: Path) -> None:
    fake.add_entry_point_command()
    fake.fail("POST", r"^/oauth2/token$", 503)
    text, code = await activity_check(fake, database_path)
    assert code == 1
    assert line_with(text, "DISCORD_CLIENT_SECRET").startswith(
        "✗ Activity mode: Discord answered 503 when asked to try DISCORD_CLIENT_SECRET.\n    fix: try again")


async def test_without_the_client_secret_the_check_says_nothing_of_activities(fake: FakeDiscord,
                                                                              database_path: Path) -> None:
    text, code = await run_check(fake, database_path)
    assert code == 0 and activity_lines(text) == []
    assert not any(r.path == "/oauth2/token" for r in fake.requests)
