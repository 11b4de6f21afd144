"""Posting a move: the result carries what the board and the hands need, and a board states the
facts of the moment it is posted."""
from __future__ import annotations

import asyncio
import inspect
from collections import Counter
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Iterator

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import latest_board, start_game

from bot.service import FakeClock


#: The parts of the game service whose operations the Discord layer calls.
PARTS = ("lobby", "turns", "questions", "computers", "reminders", "records", "replays", "ratings", "players",
         "languages", "messages", "tournaments")


#: Set while a counted operation runs.
INSIDE: ContextVar[bool] = ContextVar("inside_the_service", default=False)


@contextmanager
def counted_calls(service: Any) -> Iterator[Counter[str]]:
    """Every call of an operation of the service's parts while the block runs, counted by name."""
    calls: Counter[str] = Counter()
    patched = []
    for part in (getattr(service, name) for name in PARTS):
        for name in dir(type(part)):
            operation = getattr(part, name)
            if name.startswith("_") or not inspect.iscoroutinefunction(operation):
                continue

            async def counted(*args: Any, _operation: Any = operation, _name: str = name, **kwargs: Any) -> Any:
                if not INSIDE.get():          # what the Discord layer asks, not what the parts ask each other
                    calls[_name] += 1
                entered = INSIDE.set(True)
                try:
                    return await _operation(*args, **kwargs)
                finally:
                    INSIDE.reset(entered)
            setattr(part, name, counted)
            patched.append((part, name))
    try:
        yield calls
    finally:
        for part, name in patched:
            delattr(part, name)


async def calls_of_a_move(fake: FakeDiscord, bot: Any, game_id: int, people: dict[int, Any], channel: Any
                         ) -> Counter[str]:
    game = await bot.service.records.game(game_id)
    player = people[game.to_move_id]
    notation = (await bot.service.records.legal_moves_for(game_id, player.id, limit=None))[0].notation
    await fake.settle(quiet=0.1)
    with counted_calls(bot.service) as calls:
        reply = await player.slash("move", notation=notation, channel=channel)
        await fake.settle(quiet=0.1)
    assert "Played" in reply.text, reply
    return calls


async def test_posting_a_move_asks_the_service_nothing_but_to_record_it(fake: FakeDiscord,
                                                                       database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    people = {u.id: u for u in (alice, bob, carol)}
    tables = [fake.add_channel("table-1978"), fake.add_channel("table-alcazar")]
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        game_1978, _ = await start_game(fake, bot, alice, [bob], "alcazar1978", channel=tables[0],
                                        deadline_hours=24.0)
        game_alcazar, _ = await start_game(fake, bot, alice, [bob, carol], "alcazar", channel=tables[1])
        calls_1978 = await calls_of_a_move(fake, bot, game_1978.id, people, tables[0])
        calls_alcazar = await calls_of_a_move(fake, bot, game_alcazar.id, people, tables[1])
    print(f"\nservice calls of a move (before: 8 to 11): 1978 {dict(calls_1978)}, Alcazar {dict(calls_alcazar)}")
    # The command finds the game of the channel and plays; posting only records the new board.
    assert calls_1978 == Counter({"game_in_channel": 1, "play": 1, "record_board": 1}), calls_1978
    # The mover's hand DM, edited from the result, is recorded with what it now shows.
    assert calls_alcazar == Counter({"game_in_channel": 1, "play": 1, "record_board": 1, "remember_message": 1}), \
        calls_alcazar
    assert_clean(fake)


async def test_a_board_posted_while_its_player_goes_away_says_they_are_away(fake: FakeDiscord,
                                                                           database_path: Path) -> None:
    """The next player goes away while the board of the move before their turn is on its way:
    that board ends up saying they are away, with no deadline running."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        game, (first, second) = await start_game(fake, bot, alice, [bob], "alcazar1978", deadline_hours=24.0)
        old_board = latest_board(fake)
        notation = (await bot.service.records.legal_moves_for(game.id, first.id, limit=None))[0].notation
        # Discord holds the new board's post (a 429 would make the same window).
        release = fake.hold("POST", r"^/webhooks/\d+/[^/]+$")
        move = asyncio.create_task(first.slash("move", notation=notation))
        held = await fake.wait_for_request(lambda r: r.method == "POST" and r.path.startswith("/webhooks/")
                                           and r.status == 0)
        assert f"Deadline <t:" in held.json["content"], "drawn before the player went away"
        away = await second.slash("away", duration="3d")
        assert "away until <t:" in away.text, away
        release.set()
        played = await move
        assert "Played" in played.text, played
        await fake.settle(quiet=0.1)
        board = latest_board(fake)
        assert board["id"] != old_board["id"], "the new board is the one offering the turn"
        content = fake.messages[int(board["id"])]["content"]
        assert f"💤 {second.mention} is away until <t:" in content and "clock is stopped" in content, content
        assert "Deadline" not in content, "no deadline runs while the player is away"
        assert fake.messages[int(old_board["id"])]["components"] == [], "the old board lost its buttons"
        # The board as the bot shows it again now says the same.
        shown = await second.slash("board")
        assert "Deadline" not in shown.text
    assert_clean(fake)
