"""Ratings under the results, /alcazar stats, /alcazar replay, /alcazar record and history pages."""
from __future__ import annotations

import io
import re
from pathlib import Path

from conftest import assert_clean
from fake_discord import FakeDiscord
from players import resign, started_game
from secrets_check import leaks
from PIL import Image

from bot.discord.player_texts import line_words
from bot.service import REPLAY_BUDGET, Refusal

ARTIFACTS = Path("/tmp/alcazar-archive-test")


async def _play(bot, user, game_id: int, count: int, channel=None) -> None:
    """Play ``count`` moves, whoever is to move (typed through Discord)."""
    people = {u.id: u for u in user}
    for _ in range(count):
        game = await bot.service.records.game(game_id)
        mover = people[game.to_move_id]
        moves = await bot.service.records.legal_moves_for(game_id, mover.id)
        quiet = [m for m in moves if m.notation != "pass"] or moves
        reply = await mover.slash("move", channel=channel, notation=quiet[0].notation)
        assert "Played" in reply.text, reply


async def test_rated_results_stats_and_the_leaderboard(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with started_game(fake, database_path, "alcazar1978", alice, bob) as (bot, game, (first, second)):
        await _play(bot, [alice, bob], game.id, 3)
        await resign(first)
        over = fake.channel_messages(fake.general)[-1]
        shifts = {s.user_id: s for s in await bot.service.ratings.rating_changes(game.id)}
        assert f"Ratings: {second.mention} 1000? → **{shifts[second.id].after}?** (+" in over["content"]
        assert f"{first.mention} 1000? → **{shifts[first.id].after}?** (−" in over["content"]

        private = await first.slash("stats", game="alcazar1978")
        assert private.ephemeral
        embed = private.embeds[0]
        board = next(f for f in embed["fields"] if "leaderboard" in f["name"])
        assert board["value"].index(second.mention) < board["value"].index(first.mention)
        assert f"**{shifts[second.id].after}?**" in board["value"]
        mine = next(f for f in embed["fields"] if f["name"].startswith(first.name))
        assert "1 game · 0 wins" in mine["value"] and f"Rating **{shifts[first.id].after}?**" in mine["value"]
        assert "1 finished · 0 lost on time · 1 abandoned" in mine["value"], "a resignation abandons the game"
        [chart] = private.files
        assert chart.filename == "rating-alcazar1978.png"
        assert embed["image"]["url"] == "attachment://rating-alcazar1978.png"
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "rating.png").write_bytes(chart.data)
        assert Image.open(io.BytesIO(chart.data)).size == (560, 260)

        public = await first.slash("stats", public=True, player=second.id)
        assert not public.ephemeral and any(f["name"].startswith(f"{second.name} in")
                                            for f in public.embeds[0]["fields"])
        other_kind = next(f for f in public.embeds[0]["fields"] if f["name"] == "Alcazar: leaderboard")
        assert other_kind["value"] == "No rated games yet."
    assert_clean(fake)


async def test_replay_and_record_of_a_finished_alcazar_1978_game(fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with started_game(fake, database_path, "alcazar1978", alice, bob) as (bot, game, (first, second)):
        await _play(bot, [alice, bob], game.id, 7)
        await resign(second)
        moves = await bot.service.replays.all_moves(game.id)
        assert not isinstance(moves, Refusal) and len(moves) == 7

        choices = await alice.autocomplete("replay", "game", "")
        assert [c["value"] for c in choices] == [game.id] and "finished" in choices[0]["name"]
        replay = await alice.slash("replay", game=game.id)
        assert replay.ephemeral and "7 moves, one frame each" in replay.text
        [gif] = replay.files
        assert gif.filename.endswith(".gif") and len(gif.data) < REPLAY_BUDGET
        image = Image.open(io.BytesIO(gif.data))
        assert image.n_frames == len(moves) + 1
        ARTIFACTS.mkdir(exist_ok=True)
        for index in (0, 1, image.n_frames - 1):
            image.seek(index)
            image.convert("RGB").save(ARTIFACTS / f"replay-1978-{index}.png")
        image.seek(0)
        first_frame = image.convert("RGB")
        image.seek(image.n_frames - 1)
        assert image.convert("RGB").tobytes() != first_frame.tobytes(), "the pieces moved"

        record = await bob.slash("record")
        [file] = record.files
        text = file.data.decode("utf-8")
        (ARTIFACTS / "record-1978.txt").write_text(text)
        assert f"Alcazar (1978): game {game.id}" in text and "#general" in text
        assert f"1. {first.name} (Red)" in text and f"2. {second.name} (Green)" in text
        assert "Deadline: none" in text and "House rules: threefold repetition: on" in text
        assert f"Winner: {first.name}" in text and "Ratings:" in text
        for line in moves:
            assert f"{line.notation}" in text and line_words(line) in text
        wrong = await bob.slash("record", game=game.id + 50)
        assert wrong.ephemeral and "no game number" in wrong.text
    assert_clean(fake)


async def test_replay_record_and_history_pages_of_an_alcazar_game_in_play(fake: FakeDiscord,
                                                                         database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with started_game(fake, database_path, "alcazar", alice, bob, carol) as (bot, game, people):
        await _play(bot, [alice, bob, carol], game.id, 17)
        moves = await bot.service.replays.all_moves(game.id)
        assert not isinstance(moves, Refusal) and len(moves) >= 17

        replay = await bob.slash("replay", public=True)
        assert not replay.ephemeral
        [gif] = replay.files
        image = Image.open(io.BytesIO(gif.data))
        assert image.n_frames == len(moves) + 1 and len(gif.data) < REPLAY_BUDGET
        ARTIFACTS.mkdir(exist_ok=True)
        image.seek(image.n_frames - 1)
        image.convert("RGB").save(ARTIFACTS / "replay-alcazar-last.png")
        hands = {}
        for person in people:
            private = await bot.service.records.private_view(game.id, person.id)
            assert not isinstance(private, Refusal)
            hands[person.id] = private.view["hand"]

        record = await carol.slash("record")
        text = record.files[0].data.decode("utf-8")
        (ARTIFACTS / "record-alcazar.txt").write_text(text)
        assert f"Alcazar: game {game.id}" in text and "The game is still in play." in text
        assert "Players, in seat order" in text and all(f"{p.name} (" in text for p in people)
        for line in moves:
            assert line.notation in text
        assert "hand" not in text.lower()

        public = {int(n) for line in moves for n in re.findall(r"buy (\d+)", line.notation)}
        public |= set((await bot.service.records.board_view(game.id)).view["face_up"])
        assert leaks(fake.requests, hands, public) == [], "replays and records show no hand"

        newest = await alice.slash("history")
        assert newest.ephemeral and "Page 2 of 2" in newest.embeds[0]["footer"]["text"]
        assert f"{len(moves)}. " in newest.embeds[0]["description"]
        older = await alice.click(newest.message, "Older")
        assert "Page 1 of 2" in older.embeds[0]["footer"]["text"] and "1. " in older.embeds[0]["description"]
        first_page = await alice.slash("history", page=1)
        assert first_page.embeds[0]["description"] == older.embeds[0]["description"]
        too_far = await alice.slash("history", page=9)
        assert "has 2 pages of moves, not 9" in too_far.text
    assert_clean(fake)
