"""A quiet table: the hand DM edited in place, the lobby edited instead of posted again."""
from __future__ import annotations

from pathlib import Path

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord
from players import started_game

from bot.service import FakeClock, Refusal


async def _buy_from_deck(bot, player) -> None:
    game = await bot.service.records.game_in_channel(player.discord.general.id)
    moves = await bot.service.records.legal_moves_for(game.id, player.id, prefix="buy deck")
    assert moves and "Played" in (await player.slash("move", notation=moves[0].notation)).text


async def test_the_hand_dm_is_edited_in_place_and_sent_anew_only_when_it_is_gone(fake: FakeDiscord,
                                                                                  database_path: Path) -> None:
    async with started_game(fake, database_path, "alcazar") as (bot, game, (first, second)):
        [hand_dm] = [m for m in fake.dms_to(first) if "Your hand" in m["content"]]
        assert "Last change: Your starting hand." in hand_dm["content"]
        assert [f.filename for f in fake.files_of(int(hand_dm["id"]))] == ["hand.png"]
        dms_before = len(fake.dms_to(first))

        await _buy_from_deck(bot, first)
        private = await bot.service.records.private_view(game.id, first.id)
        assert not isinstance(private, Refusal)
        edited = fake.messages[int(hand_dm["id"])]
        assert len(fake.dms_to(first)) == dms_before, "an edit, not a new DM: the phone does not buzz"
        assert "Last change: You drew " in edited["content"] and "money −5 Real" in edited["content"]
        assert ", ".join(map(str, private.view["hand"])) in edited["content"]
        assert [f.filename for f in fake.files_of(int(hand_dm["id"]))] == ["hand.png"]

        del fake.messages[int(hand_dm["id"])]          # the player deleted the DM
        await _buy_from_deck(bot, second)
        await _buy_from_deck(bot, first)
        newest = fake.dms_to(first)[-1]
        assert newest["id"] != hand_dm["id"] and "Your hand" in newest["content"], "a new DM when the old is gone"
        assert "You drew " in newest["content"]
    assert_clean(fake)


async def test_settings_and_leaving_edit_the_lobby_and_a_1978_lobby_shows_the_threefold_rule(
        fake: FakeDiscord, database_path: Path) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None):
        lobby = await alice.slash("new", game="alcazar1978")
        assert "threefold repetition: on" in str(lobby.embeds), "the house rule shows before anyone sets it"
        changed = await alice.slash("settings", threefold=False, reminder_hours=5.0)
        assert changed.ephemeral and "threefold repetition: off" in changed.text
        shown = fake.messages[int(lobby.message["id"])]
        assert "threefold repetition: off" in str(shown["embeds"]) and "after 5 h" in str(shown["embeds"])
        await bob.slash("join")
        left = await bob.slash("leave")
        assert left.ephemeral and "You left" in left.text
        [players] = [f for f in fake.messages[int(lobby.message["id"])]["embeds"][0]["fields"]
                     if f["name"].startswith("Players")]
        assert bob.mention not in players["value"] and alice.mention in players["value"]
        assert len(fake.channel_messages(fake.general)) == 1, "one lobby message, edited every time"
    assert_clean(fake)


async def test_a_deleted_lobby_message_is_posted_once_more_and_then_edited(fake: FakeDiscord,
                                                                           database_path: Path) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None):
        lobby = await alice.slash("new", game="alcazar")
        del fake.messages[int(lobby.message["id"])]        # a moderator deleted it
        again = await bob.slash("join")
        assert not again.ephemeral and bob.mention in again.text, "the lobby is shown again, with its buttons"
        assert [b["label"] for b in again.buttons] == ["Join", "Leave", "Start", "Cancel", "Add computer"]
        joined = await carol.slash("join")
        assert joined.ephemeral and "You joined" in joined.text
        assert carol.mention in str(fake.messages[int(again.message["id"])]["embeds"])
        assert len(fake.channel_messages(fake.general)) == 1
    assert_clean(fake)
