"""A whole Alcazar (2009) game's logs, with every logger at DEBUG, hold no secret, in either format.

Three people play through the fake Discord while the bot logs as
``configure_logging`` sets it up, every library's logger (discord.py's
gateway and HTTP, aiosqlite, aiohttp, asyncio) turned down to DEBUG. The
captured lines hold no hand's card list (each player's actual hands, as
Python and as JSON lists, as the SQL parameters of the stored game), no text
of a DM or of any private answer the fake received, and not the token.
Every JSON line parses and names the guild, user and command of the
interaction it is about, and the game too when it is a move.
"""
from __future__ import annotations

import io
import json
import re
import logging
import random
from pathlib import Path
from typing import Iterator

import pytest
from conftest import assert_clean, running_bot, settings_for
from fake_discord import FakeDiscord
from test_discord_game_alcazar import quick_end_rank

from bot.__main__ import configure_logging
from bot.service import FakeClock, Refusal

GAME_SEED = 16     # three players; a short game (see test_discord_game_alcazar)


@pytest.fixture
def every_logger_at_debug() -> Iterator[None]:
    """Every logger that exists (and any made later, through the root) at DEBUG; restored after."""
    manager = logging.Logger.manager
    before = {name: logger.level for name, logger in manager.loggerDict.items() if isinstance(logger, logging.Logger)}
    root_level = logging.getLogger().level
    try:
        yield
    finally:
        for name, level in before.items():
            logging.getLogger(name).setLevel(level)
        logging.getLogger().setLevel(root_level)


def turn_everything_to_debug() -> None:
    import aiohttp  # noqa: F401 - its loggers exist once imported
    import aiosqlite  # noqa: F401
    import discord  # noqa: F401

    for name in ("discord", "discord.http", "discord.gateway", "discord.client", "discord.state",
                 "discord.webhook.async_", "discord.app_commands", "aiosqlite", "aiohttp", "aiohttp.access",
                 "aiohttp.client", "aiohttp.server", "aiohttp.web", "aiohttp.websocket", "asyncio"):
        logging.getLogger(name)
    for logger in list(logging.Logger.manager.loggerDict.values()):
        if isinstance(logger, logging.Logger):
            logger.setLevel(logging.DEBUG)
    logging.getLogger().setLevel(logging.DEBUG)


def card_lists(hand: list[int]) -> set[str]:
    """How a hand's cards look in a Python repr, in JSON (spaced or compact), in the given order and sorted."""
    shapes = set()
    for cards in (hand, sorted(hand)):
        shapes |= {repr(cards), json.dumps(cards), json.dumps(cards, separators=(",", ":")),
                   ", ".join(map(str, cards))}
    return shapes


@pytest.mark.parametrize("log_format", ["plain", "json"])
async def test_a_whole_game_logs_no_secret(fake: FakeDiscord, database_path: Path, log_format: str,
                                           every_logger_at_debug: None) -> None:
    people = [fake.add_user(f"player{i}") for i in range(3)]
    by_id = {p.id: p for p in people}
    rng = random.Random(3)
    stream = io.StringIO()
    settings = settings_for(fake, database_path, log_level=logging.DEBUG, log_format=log_format)
    handler = configure_logging(settings, stream)
    turn_everything_to_debug()
    hands_seen: dict[int, list[list[int]]] = {p.id: [] for p in people}
    try:
        async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None,
                               game_seeds=iter([GAME_SEED])) as bot:
            lobby = await people[0].slash("new", game="alcazar")
            for person in people[1:]:
                await person.click(lobby.message, "Join")
            await people[0].click(lobby.message, "Start")
            moves = 0
            while (game := await bot.service.records.game_in_channel(fake.general.id)) is not None:
                for person in people:
                    private = await bot.service.records.private_view(game.id, person.id)
                    assert not isinstance(private, Refusal)
                    hands_seen[person.id].append(list(private.view.get("hand", [])))
                player = by_id[game.to_move_id]
                if moves % 7 == 3:
                    await player.slash("hand")          # the hand as an ephemeral answer too
                choices = await bot.service.records.legal_moves_for(game.id, player.id, limit=None)
                best = min(quick_end_rank(c.notation, tower_cards_first=False, nobles=True) for c in choices)
                choice = rng.choice([c for c in choices if quick_end_rank(
                    c.notation, tower_cards_first=False, nobles=True) == best])
                reply = await player.slash("move", notation=choice.notation)
                assert "Played" in reply.text, reply
                moves += 1
            await fake.settle()
        assert_clean(fake)
    finally:
        logging.getLogger().removeHandler(handler)
    log = stream.getvalue()
    assert moves > 10 and len(log.splitlines()) > 1000, "a whole game, logged at DEBUG"
    assert "aiosqlite" in log and "discord.http" in log and "discord.gateway" in log, "the libraries' DEBUG lines"

    assert fake.token not in log
    leaked_hands = sorted({shape for person, hands in hands_seen.items() for hand in hands if len(hand) >= 3
                           for shape in card_lists(hand) if shape in log})
    assert leaked_hands == [], leaked_hands[:5]
    private_lines = {line.strip() for request in fake.requests if request.audience is not None
                     for text in request.texts() for line in text.splitlines()
                     if len(line.strip()) >= 20 and " " in line.strip()}
    assert len(private_lines) > 10, "the players got their hands and answers in private"
    leaked_lines = sorted(line for line in private_lines if line in log)
    assert leaked_lines == [], leaked_lines[:5]
    assert re.search(r"executing \w+\('SELECT ", log), "aiosqlite's lines keep the statement, without its parameters"
    assert "/interactions/{id}" not in log and ":token/callback" in log, "routes stay, interaction tokens go"

    if log_format == "json":
        entries = [json.loads(line) for line in log.splitlines()]
        assert all({"time", "level", "logger", "message"} <= set(entry) for entry in entries)
        callbacks = [e for e in entries if e["logger"].startswith("discord.") and "/callback" in e["message"]]
        assert callbacks, "interaction answers are logged at DEBUG"
        assert all({"guild_id", "user_id", "command"} <= set(e) for e in callbacks), \
            [e for e in callbacks if not {"guild_id", "user_id", "command"} <= set(e)][:3]
        move_answers = [e for e in callbacks if e["command"] == "alcazar move"]
        assert len(move_answers) >= moves and all(e.get("game_id") for e in move_answers)
        assert {e["user_id"] for e in move_answers} == set(by_id)
        assert all(e["guild_id"] == fake.guild.id for e in move_answers)
        assert any(e["command"] == "az:join" or e["command"].startswith("az:") for e in callbacks), \
            "buttons are named by their id without numbers"
    else:
        assert any("[game=" in line and "command=alcazar move" in line for line in log.splitlines())
