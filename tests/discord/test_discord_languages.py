"""Languages on Discord: Hungarian command descriptions, and who reads what in which language."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord

from bot.i18n import t


def _walk(command: dict[str, Any]) -> list[dict[str, Any]]:
    found = [command]
    for option in command.get("options") or []:
        found += _walk(option)
    return found


async def test_synced_commands_carry_hungarian_descriptions_for_every_command_option_and_choice(
        fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path):
        await fake.wait_identified()
        group = fake.commands[fake.guild.id][0]
    everything = _walk(group)
    assert len(everything) > 20
    for item in everything:
        localized = item.get("description_localizations") or {}
        assert localized.get("hu"), f"{item['name']} has no Hungarian description"
        assert localized["hu"] != item["description"], item["name"]
        assert not item.get("name_localizations"), "names stay English so typed commands work everywhere"
        for choice in item.get("choices") or []:
            assert (choice.get("name_localizations") or {}).get("hu"), choice
    assert group["description_localizations"]["hu"] == t("hu", "cmd.alcazar")
    new = next(o for o in group["options"] if o["name"] == "new")
    game = next(o for o in new["options"] if o["name"] == "game")
    assert [c["name_localizations"]["hu"] for c in game["choices"]] == [
        "Alcazar (2009, 2–5 játékos)", "Alcazar (1978, 2 játékos)"]
    assert_clean(fake)
