"""Computer players through Discord: the lobby, whole games against computers, the stand-in, restarts."""
from __future__ import annotations

import random
from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from pictures import assert_posted_results
from players import labels, latest_board, resign
from secrets_check import leaks

from bot.games import get_game
from bot.service import FakeClock, Refusal
from bot.store import GameStatus

FAST = 0.01       # computers think for a hundredth of their level's time


async def _game_here(bot, fake):  # type: ignore[no-untyped-def]
    game = await bot.service.records.game_in_channel(fake.general.id)
    return game if game is not None else await bot.service.records.latest_game_in_channel(fake.general.id)


async def test_the_host_adds_and_removes_a_computer_in_the_lobby(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, think_scale=FAST) as bot:
        lobby = await alice.slash("new", game="alcazar")
        assert labels(lobby.message) == ["Join", "Leave", "Start", "Cancel", "Add computer"]
        refused = await bob.click(lobby.message, "Add computer")
        assert refused.ephemeral and "Only the host" in refused.text
        menu = await alice.click(lobby.message, "Add computer")
        assert menu.ephemeral and "Which level" in menu.text
        assert labels(menu.message) == ["Easy", "Normal", "Hard"]
        chosen = await alice.click(menu.message, "Hard")
        assert "Computer 1 (hard) joined" in chosen.text
        shown = fake.messages[int(lobby.message["id"])]
        assert "Computer 1 (hard)" in str(shown["embeds"])
        assert labels(shown) == ["Join", "Leave", "Start", "Cancel", "Add computer", "Remove computer"]
        game = await _game_here(bot, fake)
        assert len(game.computers) == 1
        removed = await alice.click(shown, "Remove computer")
        players = [field["value"] for field in removed.embeds[0]["fields"] if field["name"].startswith("Players")]
        assert "Computer 1 (hard)" not in str(players) and "Computer 1 (hard) left." in str(removed.embeds)
        assert (await _game_here(bot, fake)).computers == ()
        assert labels(fake.messages[int(lobby.message["id"])]) == ["Join", "Leave", "Start", "Cancel", "Add computer"]
    assert_clean(fake)


async def test_a_human_plays_alcazar_1978_against_a_computer_to_the_end(fake: FakeDiscord,
                                                                       database_path: Path) -> None:
    alice = fake.add_user("alice")
    engine = get_game("alcazar1978")
    rng = random.Random(5)
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, think_scale=FAST) as bot:
        lobby = await alice.slash("new", game="alcazar1978", computers=1, level="easy")
        assert "Computer 1 (easy)" in lobby.text
        await alice.click(lobby.message, "Start")
        for _ in range(100):
            await bot.computer_turns.idle()
            game = await _game_here(bot, fake)
            if game.status is GameStatus.FINISHED:
                break
            assert game.to_move_id == alice.id, "the computer has played its turn"
            board = latest_board(fake)
            assert f"Your turn, {alice.mention}." in board["content"]
            public = await bot.service.records.board_view(game.id)
            assert not isinstance(public, Refusal)
            state = engine.from_dict({**engine.to_dict(engine.new_game()), **_position(public.view)})
            moves = [str(m) for m in engine.legal_moves(state)]
            reply = await alice.slash("move", notation=rng.choice(moves))
            assert reply.ephemeral and "Played" in reply.text, reply
        game = await _game_here(bot, fake)
        assert game.status is GameStatus.FINISHED
        computer_lines = [m["content"] for m in fake.channel_messages(fake.general)
                          if m["content"].startswith("**Computer 1 (easy)**:")]
        assert computer_lines, "the computer's moves are posted in words"
        over = fake.channel_messages(fake.general)[-1]
        assert "The game is over" in over["content"] and "Computer players: **Computer 1 (easy)**." in over["content"]
        dms = [r for r in fake.requests if r.method == "POST" and r.path == "/users/@me/channels"]
        assert all(int(r.json["recipient_id"]) > 0 for r in dms), "no DM is ever opened to a computer"
    assert_clean(fake)


def _position(view: dict) -> dict:  # type: ignore[type-arg]
    """The parts of an Alcazar (1978) state a public view shows (enough to list the legal moves)."""
    return {"pawns": [p["square"] for p in view["pawns"]],
            "walls": [w["position"] for w in sorted(view["walls"], key=lambda w: w["id"])],
            "turn": view["to_move"], "ply": view["ply"], "history": [],
            "locked_wall": view["locked_wall"]}


async def test_three_player_alcazar_with_two_computers_to_the_end(fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    rng = random.Random(3)
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, think_scale=FAST) as bot:
        lobby = await alice.slash("new", game="alcazar", computers=1, level="easy")
        menu = await alice.click(lobby.message, "Add computer")
        await alice.click(menu.message, "Normal")
        started = await alice.click(fake.messages[int(lobby.message["id"])], "Start")
        assert "has started" in started.text
        before = len(fake.requests)
        for _ in range(200):
            await bot.computer_turns.idle()
            game = await _game_here(bot, fake)
            if game.status is GameStatus.FINISHED:
                break
            assert game.to_move_id == alice.id
            choices = await bot.service.records.legal_moves_for(game.id, alice.id, limit=None)
            reply = await alice.slash("move", notation=rng.choice(choices).notation)
            assert reply.ephemeral and "Played" in reply.text, reply
        game = await _game_here(bot, fake)
        assert game.status is GameStatus.FINISHED
        contents = "\n".join(m["content"] for m in fake.channel_messages(fake.general))
        assert "**Computer 1 (easy)**:" in contents and "**Computer 2 (normal)**:" in contents
        over = fake.channel_messages(fake.general)[-1]
        assert "Computer players: **Computer 1 (easy)**, **Computer 2 (normal)**." in over["content"] \
            or "Computer players: **Computer 2 (normal)**, **Computer 1 (easy)**." in over["content"]
        # The computers' hands were never shown to anyone.
        public = await bot.service.records.board_view(game.id)
        assert not isinstance(public, Refusal)
        hands = {}
        for seat, user in enumerate(game.players):
            private = await bot.service.records.private_view(game.id, user)
            assert not isinstance(private, Refusal)
            hands[user] = private.view["hand"]
        # Face-up cards bought were public; they are the only hand cards the channel may name.
        bought = {int(line.notation.split()[-1]) for line in await bot.service.records.history(game.id, limit=1000)
                  if line.notation.rpartition("; ")[2].startswith("buy ") and line.notation[-1].isdigit()}
        assert leaks(fake.requests[before:], hands, bought) == []
    assert_clean(fake)


async def test_two_computers_of_one_level_are_told_apart_at_the_table_in_the_record_and_the_results(
        fake: FakeDiscord, database_path: Path) -> None:
    alice = fake.add_user("alice")
    rng = random.Random(11)
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, think_scale=FAST) as bot:
        lobby = await alice.slash("new", game="alcazar", computers=2)
        assert "Computer 1 (normal)" in lobby.text and "Computer 2 (normal)" in lobby.text, lobby.text
        await alice.click(lobby.message, "Start")
        for _ in range(200):
            await bot.computer_turns.idle()
            game = await _game_here(bot, fake)
            if game.status is GameStatus.FINISHED:
                break
            choices = await bot.service.records.legal_moves_for(game.id, alice.id, limit=None)
            await alice.slash("move", notation=rng.choice(choices).notation)
        game = await _game_here(bot, fake)
        assert game.status is GameStatus.FINISHED
        names = {user: "alice" if user == alice.id else f"Computer {(-user) // 10} (normal)" for user in game.players}
        contents = "\n".join(m["content"] for m in fake.channel_messages(fake.general))
        assert "**Computer 1 (normal)**:" in contents and "**Computer 2 (normal)**:" in contents
        over = fake.channel_messages(fake.general)[-1]
        assert "Computer players: **Computer 1 (normal)**, **Computer 2 (normal)**." in over["content"] \
            or "Computer players: **Computer 2 (normal)**, **Computer 1 (normal)**." in over["content"]
        await assert_posted_results(fake, bot.service, over, game.id, [names[u] for u in game.players])
        record = await alice.slash("record")
        [text] = [f.data.decode() for f in fake.files_of(int(record.message["id"]))]
        assert "Computer 1 (normal, " in text and "Computer 2 (normal, " in text and "(normal) (" not in text
    assert_clean(fake)


async def test_the_stand_in_plays_a_late_players_turn_and_the_board_says_so(fake: FakeDiscord,
                                                                          database_path: Path,
                                                                          clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None, think_scale=FAST) as bot:
        lobby = await alice.slash("new", game="alcazar1978", deadline_hours=1.0, stand_in_deadline=True)
        assert "Stand-in computer: plays a late player's turn" in lobby.text
        await bob.click(lobby.message, "Join")
        await alice.click(lobby.message, "Start")
        game = await _game_here(bot, fake)
        late = alice if game.to_move_id == alice.id else bob
        clock.advance(hours=1.1)
        await bot.reminders.run_once()
        board = latest_board(fake)
        assert f"{late.mention} (played by the stand-in):" in board["content"]
        game = await _game_here(bot, fake)
        assert game.status is GameStatus.ACTIVE and game.to_move_id != late.id
        history = await late.slash("history")
        assert "stand-in" in history.text
        other = bob if late is alice else alice
        await resign(other)
        over = fake.channel_messages(fake.general)[-1]
        assert "The game is over" in over["content"]
        assert f"The stand-in (a computer) played for {late.mention}." in over["content"]
    assert_clean(fake)


async def test_the_stand_in_takes_over_a_resigning_players_seat(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    people = {u.id: u for u in (alice, bob, carol)}
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, think_scale=FAST) as bot:
        lobby = await alice.slash("new", game="alcazar", stand_in_resign=True)
        await bob.click(lobby.message, "Join")
        await carol.click(lobby.message, "Join")
        await alice.click(lobby.message, "Start")
        game = await _game_here(bot, fake)
        quitter = people[game.players[2]]
        asked = await quitter.slash("resign")
        assert "the stand-in" in asked.text
        await quitter.click(asked.message, "Yes, resign")
        after_resigning = len(fake.requests)
        for _ in range(2):      # seats 0 and 1 play; then the stand-in plays seat 2
            game = await _game_here(bot, fake)
            await people[game.to_move_id].slash("move", notation="buy deck")
            await bot.computer_turns.idle()
        game = await _game_here(bot, fake)
        assert game.to_move_seat == 0
        lines = [m["content"] for m in fake.channel_messages(fake.general)]
        assert any(f"{quitter.mention} (played by the stand-in):" in line for line in lines)
        assert game.stood_in == frozenset({quitter.id})
        bought = [line for line in await bot.service.records.history(game.id) if line.seat == 2 and line.stand_in]
        assert bought, "the stand-in played seat 2"
        hand_dms = [r for r in fake.requests[after_resigning:] if r.audience == quitter.id
                    and any(f.filename.startswith("hand") for f in r.files)]
        assert hand_dms == [], "no hand DMs once the stand-in plays the seat"
    assert_clean(fake)


async def test_a_restart_resumes_the_computer_whose_turn_was_pending(fake: FakeDiscord, database_path: Path,
                                                                     clock: FakeClock) -> None:
    alice = fake.add_user("alice")
    # The first run stops while the computer is still thinking (a hard Alcazar computer uses all its 3 s).
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None, think_scale=1.0) as bot:
        lobby = await alice.slash("new", game="alcazar", computers=1, level="hard")
        await alice.click(lobby.message, "Start")
        game = await _game_here(bot, fake)
        if not game.computer_to_move:
            await alice.slash("move", notation="buy deck")
        game = await _game_here(bot, fake)
        assert game.computer_to_move and bot.computer_turns._running
        waiting = game.version
    assert (await _version(database_path, game.id)) == waiting, "the computer had not played yet"
    clock.advance(seconds=121)       # the stopped run's claim has lapsed
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None, think_scale=FAST) as bot:
        await bot.computer_turns.idle()
        game = await _game_here(bot, fake)
        assert game.version == waiting + 1 and game.to_move_id == alice.id
        assert latest_board(fake)["content"].startswith("**Computer 1 (hard)**:")
    assert_clean(fake)


async def _version(database_path: Path, game_id: int) -> int:
    from bot.store import open_store
    store = await open_store(database_path)
    try:
        async with store.read() as tx:
            row = await tx.games.get(game_id)
            assert row is not None
            return row.version
    finally:
        await store.close()


async def test_the_bot_answers_other_commands_while_a_computer_thinks(fake: FakeDiscord,
                                                                     database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    side = fake.add_channel("side")
    # A hard Alcazar computer searches for its whole budget (3 s): the commands come meanwhile.
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, think_scale=1.0) as bot:
        lobby = await alice.slash("new", game="alcazar", computers=1, level="hard")
        await alice.click(lobby.message, "Start")
        game = await _game_here(bot, fake)
        if not game.computer_to_move:
            await alice.slash("move", notation="buy deck")
        assert bot.computer_turns._running, "the computer is thinking"
        board = await bob.slash("board")
        rules = await bob.slash("rules")
        hand = await alice.slash("hand")
        elsewhere = await bob.slash("new", game="alcazar1978", channel=side)
        assert board.text and rules.embeds and hand.ephemeral and not elsewhere.ephemeral
        assert bot.computer_turns._running, "every answer came while the computer was still thinking"
        await bot.computer_turns.idle()
        assert fake.channel_messages(fake.general)[-1]["content"].startswith("**Computer 1 (hard)**:")
    assert_clean(fake)
