"""Languages in the service: move words and history as messages, the game's language, players' languages."""
from __future__ import annotations

import json

from bot.i18n import Msg, t
from bot.service import Accepted, GameService, Reason
from bot.store import EntryKind

from .helpers import HOST, open_table, refused


async def test_history_is_worded_from_the_notation_in_any_language(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    for _ in range(6):
        await table.play()
    lines = await service.records.history(table.game_id)
    assert len(lines) == 6
    for line in lines:
        assert isinstance(line.words, Msg)
        assert t("hu", line.words) != t("en", line.words)


async def test_the_log_keeps_no_language(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    await table.play()
    async with service.store.read() as tx:
        cursor = await tx.db.execute("SELECT words FROM moves WHERE game_id = ?", (table.game_id,))
        [(words,)] = await cursor.fetchall()
    assert json.loads(words)["msg"].startswith("move.")


async def test_a_game_logged_in_english_before_messages_reads_in_hungarian(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    for _ in range(3):
        await table.play(win=False)
    async with service.store.write() as tx:   # as the bot logged moves before it spoke Hungarian
        await tx.db.execute("UPDATE moves SET words = 'Red moves the pawn a4 → b4' WHERE game_id = ?",
                            (table.game_id,))
    lines = await service.records.history(table.game_id)
    assert [line.kind for line in lines] == [EntryKind.MOVE] * 3
    assert all(t("hu", line.words).startswith(("Piros", "Zöld")) for line in lines)


async def test_the_game_language_is_a_setting_the_host_changes(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 700, HOST, "alcazar", {"language": "hu"})
    assert isinstance(lobby, Accepted) and lobby.game.settings.language == "hu"
    changed = await service.lobby.update_settings(lobby.game.id, HOST, {"language": "en"})
    assert isinstance(changed, Accepted) and changed.game.settings.language == "en"
    refused(await service.lobby.update_settings(lobby.game.id, HOST, {"language": "xx"}), Reason.BAD_SETTINGS)
    default = await service.lobby.create_lobby(1, 701, HOST, "alcazar")
    assert isinstance(default, Accepted) and default.game.settings.language == "en"


async def test_each_player_s_last_used_language_is_remembered(service: GameService) -> None:
    assert await service.languages.languages_of([1, 2]) == {1: "en", 2: "en"}
    await service.languages.remember_language(1, "hu")
    await service.languages.remember_language(2, "de")          # no catalog: English
    assert await service.languages.languages_of([1, 2]) == {1: "hu", 2: "en"}
    await service.languages.remember_language(1, "en")
    assert (await service.languages.languages_of([1]))[1] == "en"
