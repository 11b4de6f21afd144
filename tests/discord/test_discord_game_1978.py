"""A whole Alcazar (1978) game through Discord: lobby buttons, autocomplete, typed moves, results."""
from __future__ import annotations

import random
from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from pictures import assert_posted_results
from players import listed, play_guided
from quiet import Tally, channel_posts, take_my_turn_offers

from bot.games import get_game
from bot.service import FakeClock


async def test_two_players_play_alcazar_1978_to_the_end(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    users = {alice.id: alice, bob.id: bob}
    engine = get_game("alcazar1978")
    rng = random.Random(41)   # a seed whose random game ends after 11 moves
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        lobby = await alice.slash("new", game="alcazar1978")
        assert not lobby.ephemeral
        assert [b["label"] for b in lobby.buttons] == ["Join", "Leave", "Start", "Cancel", "Add computer"]
        joined = await bob.click(lobby.message, "Join")
        assert bob.mention in joined.text
        started = await alice.click(lobby.message, "Start")
        assert started.buttons == [], "the lobby closes when the game starts"
        first_board = fake.channel_messages(fake.general)[-1]
        seated = (await bot.service.records.game_in_channel(fake.general.id)).players
        red, green = (users[u] for u in seated)
        assert f"Seating order: {red.mention} (Red), {green.mention} (Green). The seats were drawn by lot." \
            in first_board["content"]
        assert fake.files_of(int(first_board["id"]))[0].filename == "board.png"
        assert "Take my turn" in [c["label"] for row in first_board["components"] for c in row["components"]]

        game_id = (await bot.service.records.game_in_channel(fake.general.id)).id
        state = engine.new_game(2)
        plies = 0
        tally = Tally()
        while engine.to_move(state) is not None:
            game = await bot.service.records.game_in_channel(fake.general.id)
            assert game is not None and game.to_move_id is not None
            player = users[game.to_move_id]
            other = bob if player is alice else alice
            assert player.mention in fake.channel_messages(fake.general)[-1]["content"]
            legal = engine.legal_moves(state)
            move = rng.choice(legal)
            notation = str(move)
            before = len(fake.requests)
            typed = notation[: rng.randint(0, len(notation))]
            suggested = await player.autocomplete("move", "notation", typed)
            offered = {str(m) for m in engine.distinct_wall_turns(legal)}
            matching = [str(m) for m in legal if str(m) in offered
                        and "".join(str(m).split()).lower().startswith("".join(typed.split()).lower())]
            assert [c["value"] for c in suggested] == matching[:25]
            assert await other.autocomplete("move", "notation", typed) == [], "only the player to move gets suggestions"
            if plies % 2 and notation in offered:   # a longer equal wall turn is only typed
                moves = listed(engine, state, legal)
                reply = await play_guided(fake, player, "alcazar1978", moves, notation)
            else:
                reply = await player.slash("move", notation=notation)
            assert reply.ephemeral and "Played" in reply.text, reply
            words = engine.describe_move(state, move)
            state = engine.play(state, move)
            plies += 1
            last = fake.channel_messages(fake.general)[-1]
            assert str(words) in last["content"]
            posted = channel_posts(fake, before)[-1]      # the board: a follow-up of the move's interaction
            pinged = sorted(int(u) for u in posted.json["allowed_mentions"]["users"])
            waiting = (await bot.service.records.game(game_id)).to_move_id
            assert pinged == ([waiting] if waiting else sorted(users)), \
                "only the player to move is pinged; everyone at the end"
            tally.after_move(fake, before, waiting, [red, green])
        game_over = fake.channel_messages(fake.general)[-1]
        assert "The game is over" in game_over["content"]
        assert red.mention in game_over["content"] and green.mention in game_over["content"], "winner and loser"
        assert game_over["components"] == []
        seated = (await bot.service.records.game(game_id)).players
        await assert_posted_results(fake, bot.service, game_over, game_id, [users[u].name for u in seated])
        assert (await bot.service.records.game_in_channel(fake.general.id)) is None
        looking_back = await alice.slash("history")
        assert looking_back.ephemeral and str(words) in str(looking_back.embeds), "the finished game's last moves"
        finished = await bot.service.records.games_of_user(alice.id)
        assert finished == []
    assert plies > 5
    assert tally.posts_per_move == [1] * tally.moves and tally.wrong_pings == [], tally
    assert tally.most_offers == 1 and take_my_turn_offers(fake) == 0
    dms = tally.new_dms(fake, [red, green])
    assert max(dms.values()) <= 2, dms
    print(f"\nalcazar1978: {tally.moves} moves, channel posts per move {set(tally.posts_per_move)}, "
          f"most Take my turn offers {tally.most_offers}, new DMs per player {dms}")
    assert_clean(fake)
