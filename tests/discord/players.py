"""How the fake users play a turn: typed, picked from autocomplete, or through the guided chooser."""
from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from conftest import running_bot
from fake_discord import FakeDiscord, FakeUser, Reply

from bot.discord.chooser import move_tree
from bot.service import FakeClock, MoveChoice


def listed(engine: Any, state: Any, legal: Any = None) -> list[MoveChoice]:
    """A position's legal moves (in the engine's order) as ``legal_moves_for`` hands them to the chooser."""
    return [MoveChoice(str(m), words.whole, engine.describe(state, m), words.parts)
            for m in (engine.legal_moves(state) if legal is None else legal)
            for words in (engine.describe_move_by_part(state, m),)]


def latest_board(fake: FakeDiscord, channel: Any = None) -> dict[str, Any]:
    """The newest channel message carrying a "Take my turn" button."""
    for message in reversed(fake.channel_messages(channel or fake.general)):
        labels = [c.get("label") for row in message["components"] for c in row["components"]]
        if "Take my turn" in labels:
            return message
    raise AssertionError("no board message with a Take my turn button")


async def play_guided(fake: FakeDiscord, player: FakeUser, kind: str, moves: list[MoveChoice],
                      notation: str, channel: Any = None) -> Reply:
    """Walk the chooser from the newest board to ``notation`` and play it; returns the last answer.

    ``moves`` are the legal moves as ``legal_moves_for`` lists them."""
    path = move_tree(kind, moves).path_of(notation)
    reply = await player.click(latest_board(fake, channel), "Take my turn")
    assert reply.ephemeral, reply
    for _ in range(40):
        menus = [c for row in reply.components for c in row["components"] if c["type"] == 3]
        if not menus:
            break
        menu = menus[0]
        level = len(menu["custom_id"].split(":")[-1].split(".")) if menu["custom_id"].split(":")[-1] != "-" else 0
        # An option's value is its index and the digest of the path it leads to ("3:abcdefghij").
        wanted = [o["value"] for o in menu["options"] if o["value"].partition(":")[0] == str(path[level])]
        if wanted:
            reply = await player.select(reply.message, wanted)
        else:
            reply = await player.click(reply.message, "More options")
    assert notation in reply.text, f"the chooser ended on {reply.text!r}, not {notation!r}"
    return await player.click(reply.message, "Play this move")


async def start_game(fake: FakeDiscord, bot: Any, host: FakeUser, others: list[FakeUser], kind: str, *,
                     channel: Any = None, **options: Any) -> tuple[Any, list[FakeUser]]:
    """``host`` opens a game with ``/alcazar new``, the others join with the button, the host starts it.

    Returns the game and the people in seat order."""
    lobby = await host.slash("new", channel=channel, game=kind, **options)
    assert not lobby.ephemeral, lobby
    for person in others:
        await person.click(lobby.message, "Join")
    started = await host.click(lobby.message, "Start")
    assert started.buttons == [], "the lobby closes when the game starts"
    game = await bot.service.records.game_in_channel((channel or fake.general).id)
    assert game is not None
    people = {p.id: p for p in [host, *others]}
    return game, [people[u] for u in game.players]


@contextlib.asynccontextmanager
async def started_game(fake: FakeDiscord, database_path: Path, kind: str, host: FakeUser | None = None,
                       *others: FakeUser, clock: Any = None, **options: Any
                       ) -> AsyncIterator[tuple[Any, Any, list[FakeUser]]]:
    """The bot running on ``clock`` (a fresh ``FakeClock`` by default; no reminder loop: tests run it), with
    ``host``'s game started by ``start_game`` (alice's, with bob, when no one is named); yields the bot, the
    game and the people in seat order."""
    if host is None:
        host, others = fake.add_user("alice"), (fake.add_user("bob"),)
    async with running_bot(fake, database_path, clock=clock or FakeClock(), reminder_interval=None) as bot:
        game, people = await start_game(fake, bot, host, list(others), kind, **options)
        yield bot, game, people


async def resign(player: FakeUser) -> Reply:
    """``player`` resigns: ``/alcazar resign``, then the button that confirms it."""
    asked = await player.slash("resign")
    return await player.click(asked.message, "Yes, resign")


def labels(message: dict[str, Any]) -> list[str]:
    return [c.get("label") for row in message.get("components", []) for c in row["components"]]
