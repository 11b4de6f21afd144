"""At LOG_LEVEL=DEBUG the host sees the table at work; at INFO the log stays as quiet as before.

A game of Alcazar (1978) against a computer, with a refusal, a button, a
reminder and the computer's turns, logged as ``configure_logging`` sets it up.
At DEBUG every interaction and every background action ends in one
``bot.table`` line naming what it was, the game, guild, user and command (the
JSON log's context fields), its outcome and how long it took, and none holds a
secret. At INFO there is no such line, and nothing about the game at all.
"""
from __future__ import annotations

import io
import json
import logging
import random
from pathlib import Path
from typing import Any

from conftest import assert_clean, running_bot, settings_for
from fake_discord import FakeDiscord
from test_discord_computers import _position

from bot.__main__ import configure_logging
from bot.games import get_game
from bot.service import FakeClock, Refusal
from bot.store import GameStatus


async def play_against_a_computer(fake: FakeDiscord, database_path: Path, log_level: int,
                                  moves: int = 6) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The game, logged in JSON at ``log_level``: the log's entries, and how many of each thing happened."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    engine = get_game("alcazar1978")
    rng = random.Random(7)
    stream = io.StringIO()
    handler = configure_logging(settings_for(fake, database_path, log_level=log_level, log_format="json"), stream)
    clock = FakeClock()
    try:
        async with running_bot(fake, database_path, clock=clock, reminder_interval=None, think_scale=0.01,
                               game_seeds=iter([3])) as bot:
            lobby = await alice.slash("new", game="alcazar1978", computers=1, level="easy", reminder_hours=1.0)
            await alice.click(lobby.message, "Start")
            played = 0
            while played < moves:
                await bot.computer_turns.idle()
                game = await bot.service.records.game_in_channel(fake.general.id)
                if game is None or game.status is GameStatus.FINISHED:
                    break
                if played == 1:
                    refused = await bob.slash("move", notation="a1")     # not his game
                    assert refused.ephemeral
                if played == 2:
                    clock.advance(hours=2)
                    await bot.reminders.run_once()                    # alice is reminded
                    await fake.settle()
                public = await bot.service.records.board_view(game.id)
                assert not isinstance(public, Refusal)
                state = engine.from_dict({**engine.to_dict(engine.new_game()), **_position(public.view)})
                reply = await alice.slash("move", notation=rng.choice([str(m) for m in engine.legal_moves(state)]))
                assert "Played" in reply.text, reply
                played += 1
            await bot.computer_turns.idle()
            await fake.settle()
            counts = {"interactions": len(fake.interactions), "moves": played,
                      "reminders": bot.metrics.reminders._value.get()}
        assert_clean(fake)
    finally:
        logging.getLogger().removeHandler(handler)
    entries = [json.loads(line) for line in stream.getvalue().splitlines()]
    # aiohttp's access log is the fake Discord's, a server running in the test's process.
    return [entry for entry in entries if entry["logger"] != "aiohttp.access"], counts


def table_lines(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [entry for entry in entries if entry["logger"] == "bot.table"]


async def test_at_debug_one_line_per_interaction_and_per_background_action(fake: FakeDiscord,
                                                                           database_path: Path) -> None:
    entries, counts = await play_against_a_computer(fake, database_path, logging.DEBUG)
    lines = table_lines(entries)
    interactions = [e for e in lines if e["message"].startswith("interaction ")]
    assert len(interactions) == counts["interactions"], "one line for each interaction, no more"
    for entry in interactions:
        assert {"guild_id", "user_id", "command", "outcome", "seconds"} <= set(entry), entry
        assert entry["guild_id"] == fake.guild.id
        assert entry["message"] == f"interaction {entry['command']}: {entry['outcome']} in {entry['seconds']:.3f} s"
        assert 0 <= entry["seconds"] < 30
    moves = [e for e in interactions if e["command"] == "alcazar move"]
    played = [e for e in moves if e["outcome"] == "played"]
    assert len(played) == counts["moves"] and all(e.get("game_id") for e in played)
    assert len({e["game_id"] for e in played}) == 1
    refused = [e for e in moves if e["outcome"].startswith("refused")]
    assert len(refused) == 1 and refused[0]["outcome"] == "refused (refusal.not_in_game)", refused
    started = [e for e in interactions if e["command"] == "az:lobby:start"]
    assert len(started) == 1 and started[0]["outcome"] == "answered" and started[0].get("game_id")

    computer = [e for e in lines if e.get("command") == "computer turn"]
    assert computer and all(e["outcome"] == "played" and e["game_id"] == played[0]["game_id"] for e in computer)
    assert all("user_id" not in e for e in computer), "a computer's turn is nobody's interaction"
    reminders = [e for e in lines if e.get("command") == "reminder"]
    assert counts["reminders"] == 1
    assert len(reminders) == 1 and reminders[0]["outcome"] == "sent by DM" and reminders[0]["game_id"]
    assert reminders[0]["message"].startswith("reminder: sent by DM in ")

    for entry in lines:      # no secret: no token, no card list, no typed text
        assert fake.token not in json.dumps(entry) and "[" not in entry["message"]


async def test_at_info_the_table_at_work_is_not_logged(fake: FakeDiscord, database_path: Path) -> None:
    entries, counts = await play_against_a_computer(fake, database_path, logging.INFO)
    assert counts["interactions"] >= 4 and counts["moves"] >= 2
    assert table_lines(entries) == []
    assert all(entry["level"] != "DEBUG" for entry in entries)
    assert not [e for e in entries if "game_id" in e or "user_id" in e], "nothing about the game at INFO"
    assert len(entries) <= 6, [e["message"] for e in entries]
