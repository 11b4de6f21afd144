"""Whole Alcazar (2009) games through Discord with 2, 3 and 5 people, with secrets checked on every request."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from pictures import assert_posted_results
from players import play_guided
from quiet import Tally, channel_posts, take_my_turn_offers
from secrets_check import leaks

from bot.service import FakeClock, Refusal
from renderer.alcazar import board as draw_board

PREFERENCE = {"castle": 0, "raise": 1, "extend": 1, "mansion": 2, "tower": 3, "bridge": 4, "buy": 5, "pass": 6}


def quick_end_rank(notation: str, *, tower_cards_first: bool, nobles: bool) -> tuple[int, bool, bool, bool]:
    """Builds first (they use up the 84 pieces that end the game), no withdrawals.

    With ``tower_cards_first`` a player who buys takes a tower card (10 Real) when one is affordable:
    two such players soon have neither money nor a playable card, and the game ends with everyone passing.
    With ``nobles`` a build with a noble step (place, move or exchange) comes before a bare one, so
    nobles are placed through Discord and score at the end.
    """
    action = notation.split("; ")[-1].split(" + ")[0]
    return (PREFERENCE.get(action.split()[0], 9), tower_cards_first and action != "buy tower",
            "withdraw" in notation, (" + " in notation) != nobles)


# (players, the game's seed, tower cards first, noble steps first, how the game ends): seeds chosen
# for short games, so that both ways of ending a game are played through Discord.
GAMES = [
    (2, 3, True, False, "every player passed"),
    (3, 16, False, True, "the last building piece left the supply"),
    (5, 25, False, True, "the last building piece left the supply"),
]


@pytest.mark.parametrize("players, game_seed, tower_cards_first, nobles, ending", GAMES)
async def test_alcazar_from_new_to_results(fake: FakeDiscord, database_path: Path, players: int, game_seed: int,
                                           tower_cards_first: bool, nobles: bool, ending: str) -> None:
    people = [fake.add_user(f"player{i}") for i in range(players)]
    by_id = {p.id: p for p in people}
    rng = random.Random(players)

    def rank(notation: str) -> tuple[int, bool, bool, bool]:
        return quick_end_rank(notation, tower_cards_first=tower_cards_first, nobles=nobles)

    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None,
                           game_seeds=iter([game_seed])) as bot:
        lobby = await people[0].slash("new", game="alcazar")
        for number, person in enumerate(people[1:]):
            if number == 0:
                joined = await person.slash("join")
                assert joined.ephemeral and "You joined" in joined.text
            else:
                await person.click(lobby.message, "Join")
        assert len(fake.channel_messages(fake.general)) == 1, "/alcazar join edits the lobby, it posts no second one"
        assert all(p.mention in str(fake.messages[int(lobby.message["id"])]["embeds"]) for p in people)
        started = await people[0].click(lobby.message, "Start")
        assert started.message["id"] == lobby.message["id"] and started.buttons == [], "the lobby itself answers"
        game = await bot.service.records.game_in_channel(fake.general.id)
        assert game is not None
        game_id = game.id
        dms = {p.id: len(fake.dms_to(p)) for p in people}
        assert all(count >= 1 for count in dms.values()), "everyone got their first hand by DM"
        ply = 0
        tally = Tally()
        while True:
            game = await bot.service.records.game_in_channel(fake.general.id)
            if game is None:
                break
            before = len(fake.requests)
            public = await bot.service.records.board_view(game.id)
            assert not isinstance(public, Refusal)
            face_up = set(public.view["face_up"])
            player = by_id[game.to_move_id]
            moves = await bot.service.records.legal_moves_for(game.id, player.id, limit=None)
            best = min(rank(m.notation) for m in moves)
            choice = rng.choice([m for m in moves if rank(m.notation) == best])
            if ply % 9 == 4:
                reply = await play_guided(fake, player, "alcazar", moves, choice.notation)
            elif ply % 5 == 2:
                offered = await player.autocomplete("move", "notation", choice.notation[:4])
                assert choice.notation in [c["value"] for c in offered] or len(offered) == 25
                other = next(p for p in people if p is not player)
                assert await other.autocomplete("move", "notation", "") == []
                reply = await player.slash("move", notation=choice.notation)
            else:
                reply = await player.slash("move", notation=choice.notation)
            assert "Played" in reply.text, reply
            ply += 1
            after = await bot.service.records.game(game.id)
            tally.after_move(fake, before, after.to_move_id, people)
            if ply == 3:
                peek = await player.slash("board")
                assert peek.ephemeral and [f.filename for f in peek.files] == ["board.png"], "private by default"
                assert channel_posts(fake, before) == channel_posts(fake, before)[:1], "nothing posted for a peek"
            hands = {}
            for person in people:
                private = await bot.service.records.private_view(game.id, person.id)
                assert not isinstance(private, Refusal)
                hands[person.id] = list(private.view.get("hand", []))
            assert leaks(fake.requests[before:], hands, face_up) == []
            board_message = fake.channel_messages(fake.general)[-1]
            if "The game is over" not in board_message["content"]:
                # the essentials in words too, so nobody needs to zoom into the image on a phone: a line per
                # player (points, money, nobles to place, cards), then the face-up cards and the supply
                lines = board_message["content"].splitlines()
                start = lines.index("So far:")
                for person in people:
                    line = next(line for line in lines[start + 1:] if line.startswith(person.mention + ":"))
                    assert all(word in line for word in (" point", " Real", "to place:", "Grande", "Baron",
                                                         "in hand", "tower card")), line
                supply = next(line for line in lines[start + 1:] if line.startswith("Face-up cards:"))
                assert all(word in supply for word in ("deck:", "pieces:", "bridges:", "free flags:")), supply
            if ply % 20 == 1 and "The game is over" not in board_message["content"]:
                # The image in the channel is the public board, drawn exactly as the renderer draws the public view.
                posted = fake.files_of(int(board_message["id"]))[0].data
                now_public = await bot.service.records.board_view(game.id)
                assert not isinstance(now_public, Refusal)
                names = [by_id[u].name for u in now_public.game.players]
                assert posted == draw_board(dict(now_public.view), names=names)
        results = fake.channel_messages(fake.general)[-1]
        assert "The game is over" in results["content"] and "points" in results["content"]
        assert ending[:1].upper() + ending[1:] in results["content"]
        if ending == "every player passed":
            forced = [m for m in fake.channel_messages(fake.general) if "(no other move was possible)" in m["content"]]
            assert forced, "forced passes are announced as such"
        assert any(p.mention in results["content"] for p in people)
        if nobles:
            final = await bot.service.records.board_view(game_id)
            assert not isinstance(final, Refusal)
            assert any(cell["noble"] for cell in final.view["cells"]), "nobles placed through Discord stand on the board"
        seated = (await bot.service.records.game(game_id)).players
        await assert_posted_results(fake, bot.service, results, game_id, [by_id[u].name for u in seated])
    assert ply > 10
    assert tally.posts_per_move == [1] * tally.moves, "exactly one channel message per move"
    assert tally.wrong_pings == []
    assert tally.most_offers == 1, "at most one message offers Take my turn at any time"
    assert take_my_turn_offers(fake) == 0, "the results take the last board's buttons off"
    dms = tally.new_dms(fake, people)
    assert max(dms.values()) <= 2, dms
    print(f"\nalcazar {players}p: {tally.moves} moves, channel posts per move {set(tally.posts_per_move)}, "
          f"most Take my turn offers {tally.most_offers}, new DMs per player {dms}")
    assert_clean(fake)
