"""Chooser messages across an update of the bot: an id does what it showed, or is refused in true words.

A chooser message lives on in a player's client while the bot is updated. Its ids
are pressed here by hand, as such a client would send them: the id forms of earlier
releases (a bare path of indexes), and today's ids whose path now leads elsewhere.
"""
from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord, FakeUser, Reply
from players import latest_board, listed, play_guided, start_game, started_game

from bot.discord.chooser import encode_path, move_digest, move_tree
from bot.discord.guided import stage_message
from bot.games import get_game
from bot.service import FakeClock, Refusal
from bot.service.results import GameInfo

OLDER = ("This chooser is from an older version of the bot: press **Take my turn** under the board to open it "
         "again.")
OLDER_HU = ("Ez a lépésválasztó a bot egy korábbi változatából való: nyisd meg újra a tábla alatti **Lépek** "
            "gombbal.")
NOT_POSSIBLE = "This move is no longer possible: press **Take my turn** under the board and choose again."
SELECT, BUTTON = 3, 2


async def press(fake: FakeDiscord, user: FakeUser, carrier: dict[str, Any], custom_id: str,
                values: list[str] | None = None) -> Reply:
    """``user`` presses a component with ``custom_id`` (a menu when ``values`` are given) on ``carrier``
    as their client once showed it: the id is sent as it was, whatever the bot shows today."""
    shown = copy.deepcopy(carrier)
    component: dict[str, Any] = {"type": BUTTON, "style": 2, "label": "pressed", "custom_id": custom_id}
    if values is not None:
        component = {"type": SELECT, "custom_id": custom_id, "options": [{"label": v, "value": v} for v in values]}
    shown["components"] = [{"type": 1, "components": [component]}]
    if values is None:
        return await user.click(shown, custom_id, as_seen=True)
    data = {"custom_id": custom_id, "component_type": SELECT, "values": values}
    record = await fake._dispatch_interaction(user, 3, data, fake.channels[int(shown["channel_id"])], shown)
    return await record.reply()


async def _log(bot: Any, game_id: int) -> list[str]:
    history = await bot.service.records.history(game_id, limit=None)
    assert not isinstance(history, Refusal)
    return [line.notation for line in history]


async def _tree(bot: Any, game: GameInfo, user_id: int) -> Any:
    moves = await bot.service.records.legal_moves_for(game.id, user_id, limit=None)
    return move_tree(game.kind, moves)


def _answered_cleanly(fake: FakeDiscord) -> None:
    """No answer showed a traceback or an apology, and nothing broke a Discord limit."""
    assert all("Traceback" not in t and "went wrong" not in t for r in fake.requests for t in r.texts())
    assert_clean(fake)


async def test_every_old_chooser_id_is_refused_as_from_an_older_version(fake: FakeDiscord,
                                                                         database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        second.locale = "hu"        # a Hungarian Discord client
        opened = await first.click(latest_board(fake), "Take my turn")
        assert opened.ephemeral and opened.components
        log = await _log(bot, game.id)
        # The ids as the first release made them, at the game's current version: today's tree
        # would read these paths as other steps and another move.
        old_ids = {f"az:pick:{game.id}:{game.version}:-": ["1"], f"az:pick:{game.id}:{game.version}:0": ["0"],
                   f"az:page:{game.id}:{game.version}:-:1": None, f"az:back:{game.id}:{game.version}:0.0": None,
                   f"az:play:{game.id}:{game.version}:0.0": None, f"az:play:{game.id}:{game.version}:1.3": None}
        for custom_id, values in old_ids.items():
            reply = await press(fake, first, opened.message, custom_id, values)
            assert reply.ephemeral and reply.text == OLDER, (custom_id, reply.text)
            assert "out of date" not in reply.text and "Played" not in reply.text
        hungarian = await press(fake, second, opened.message, f"az:play:{game.id}:{game.version}:0.0")
        assert hungarian.ephemeral and hungarian.text == OLDER_HU
        now = await bot.service.records.game(game.id)
        assert now.version == game.version and await _log(bot, game.id) == log, "nothing was played"
        assert now.to_move_id == first.id
    _answered_cleanly(fake)


async def test_a_play_id_plays_the_move_of_its_digest_whatever_its_path_leads_to(fake: FakeDiscord,
                                                                                  database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, second)):
        tree = await _tree(bot, game, first.id)
        meant, elsewhere = "a4-b4", next(n for n, _, _ in tree.moves if n.startswith("w"))
        assert meant in [n for n, _, _ in tree.moves]
        opened = await first.click(latest_board(fake), "Take my turn")
        # A Play button that showed ``meant``, whose path today's tree reads as ``elsewhere``.
        crossed = f"az:choose:play:{game.id}:{game.version}:{move_digest(meant)}:{encode_path(tree.path_of(elsewhere))}"
        played = await press(fake, first, opened.message, crossed)
        assert played.ephemeral and "Played" in played.text
        assert await _log(bot, game.id) == [meant], "the move the button showed, never the one its path leads to"

        moved_on = await bot.service.records.game(game.id)
        again = await press(fake, first, opened.message, crossed)
        assert again.ephemeral and "out of date" in again.text, "a click of a board that moved on keeps its words"
        second_opened = await second.click(latest_board(fake), "Take my turn")
        answering = await _tree(bot, moved_on, second.id)
        path = encode_path(answering.path_of(answering.moves[0][0]))
        nowhere = f"az:choose:play:{game.id}:{moved_on.version}:{move_digest('w9 Z9 cw9')}:{path}"
        refused = await press(fake, second, second_opened.message, nowhere)
        assert refused.ephemeral and refused.text == NOT_POSSIBLE
        assert (await bot.service.records.game(game.id)).version == moved_on.version
        assert await _log(bot, game.id) == [meant]
    _answered_cleanly(fake)


async def test_a_pick_page_or_back_id_whose_path_leads_elsewhere_is_refused(fake: FakeDiscord,
                                                                          database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar1978") as (bot, game, (first, _)):
        tree = await _tree(bot, game, first.id)
        top = tree.stage(())
        assert top is not None and len(top.options) >= 2
        one, other = top.options[0], top.options[1]
        opened = await first.click(latest_board(fake), "Take my turn")
        prefix = f"{game.id}:{game.version}"
        crossed = {
            # the menu's id says its path chose ``other``'s step, the path chooses ``one``'s
            f"az:choose:pick:{prefix}:{other.digest}:{one.index}": ["0:" + other.digest],
            # the menu is right, but the picked option now leads to another step than it showed
            f"az:choose:pick:{prefix}:{top.digest}:-": [f"{one.index}:{other.digest}"],
            f"az:choose:back:{prefix}:{other.digest}:{one.index}": None,
            f"az:choose:page:{prefix}:{other.digest}:{one.index}:1": None,
        }
        for custom_id, values in crossed.items():
            reply = await press(fake, first, opened.message, custom_id, values)
            assert reply.ephemeral and reply.text == OLDER, (custom_id, reply.text)
        honest = await press(fake, first, opened.message, f"az:choose:pick:{prefix}:{top.digest}:-",
                             [f"{one.index}:{one.digest}"])
        assert str(tree.stage((one.index,)).question) in honest.text, "a pick that still means its step walks on"
        assert (await bot.service.records.game(game.id)).version == game.version and await _log(bot, game.id) == []
    _answered_cleanly(fake)


async def test_a_walk_through_the_chooser_plays_the_chosen_move_in_both_games(fake: FakeDiscord,
                                                                           database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    second_channel = fake.add_channel("other")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        for kind, channel in (("alcazar1978", fake.general), ("alcazar", second_channel)):
            game, (first, _) = await start_game(fake, bot, alice, [bob], kind, channel=channel)
            moves = await bot.service.records.legal_moves_for(game.id, first.id, limit=None)
            tree = move_tree(kind, moves)
            chosen = max((n for n, _, _ in tree.moves), key=lambda n: sum(tree.path_of(n)))  # far down the tree
            played = await play_guided(fake, first, kind, moves, chosen, channel=channel)
            assert "Played" in played.text, played.text
            assert (await _log(bot, game.id))[-1] == chosen
    _answered_cleanly(fake)


def test_the_longest_ids_of_both_games_fit_discords_limit() -> None:
    """Every id and option value of every stage, in the positions with the most moves of a few
    random games, with a game id and version far beyond any real ones."""
    longest = 0
    for kind in ("alcazar", "alcazar1978"):
        engine = get_game(kind)
        rng = random.Random(3)
        state = engine.new_game(players=5 if kind == "alcazar" else 2, seed=11)
        widest: list[Any] = []
        for _ in range(60):
            if engine.to_move(state) is None:
                break
            legal = engine.legal_moves(state)
            if len(legal) > len(widest):
                widest = listed(engine, state, legal)
            state = engine.play(state, rng.choice(legal))
        tree = move_tree(kind, widest)
        stages = [tree.stage(())]
        while stages:
            stage = stages.pop()
            assert stage is not None
            for page in range(stage.pages):
                _, view = stage_message(10**19, 10**9, stage, page)
                for item in view.children:
                    custom_id = item.custom_id  # type: ignore[attr-defined]
                    longest = max(longest, len(custom_id))
                    assert len(custom_id) <= 100, custom_id
                    for option in getattr(getattr(item, "item", item), "options", []):
                        assert len(option.value) <= 100
            stages += [tree.stage(stage.path + (o.index,)) for o in stage.options]
    assert longest > 40, "the ids were measured"
