"""Languages on Discord: Hungarian command descriptions, and who reads what in which language."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord

from bot.i18n import t


def _walk(command: dict[str, Any]) -> list[dict[str, Any]]:
    found = [command]
    for option in command.get("options") or []:
        found += _walk(option)
    return found


async def test_synced_commands_carry_hungarian_descriptions_for_every_command_option_and_choice(
        fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path):
        await fake.wait_identified()
        group = fake.commands[fake.guild.id][0]
    everything = _walk(group)
    assert len(everything) > 20
    for item in everything:
        localized = item.get("description_localizations") or {}
        assert localized.get("hu"), f"{item['name']} has no Hungarian description"
        assert localized["hu"] != item["description"], item["name"]
        assert not item.get("name_localizations"), "names stay English so typed commands work everywhere"
        for choice in item.get("choices") or []:
            assert (choice.get("name_localizations") or {}).get("hu"), choice
    assert group["description_localizations"]["hu"] == t("hu", "cmd.alcazar")
    new = next(o for o in group["options"] if o["name"] == "new")
    game = next(o for o in new["options"] if o["name"] == "game")
    assert [c["name_localizations"]["hu"] for c in game["choices"]] == [
        "Alcazar (2009, 2–5 játékos)", "Alcazar (1978, 2 játékos)"]
    assert_clean(fake)


def _texts(messages: list[dict[str, Any]]) -> str:
    parts = []
    for message in messages:
        parts.append(message.get("content") or "")
        for embed in message.get("embeds") or []:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f['name']} {f['value']}" for f in embed.get("fields") or []]
            parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


ENGLISH_WORDS = ("Your turn", "Seating order", "begins", "Players", "Settings", "Reminders", "Join", "Played",
                 "Real)", "The game is over", "Winner")


def _speaks_hungarian(text: str) -> None:
    assert text.strip()
    for word in ENGLISH_WORDS:
        assert word not in text, f"English {word!r} in a Hungarian post: {text!r}"


async def test_a_game_in_a_hungarian_server_with_one_english_speaking_player(
        fake: FakeDiscord, database_path: Path) -> None:
    from bot.service import FakeClock
    from players import labels

    fake.guild.preferred_locale = "hu"
    anna, bob = fake.add_user("anna"), fake.add_user("bob")
    anna.locale, bob.locale = "hu", "en-US"
    people = {anna.id: anna, bob.id: bob}
    language = {anna.id: "hu", bob.id: "en"}
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None) as bot:
        lobby = await anna.slash("new", game="alcazar")
        assert not lobby.ephemeral
        assert labels(lobby.message) == ["Csatlakozom", "Kilépek", "Indítás", "Törlés", "Gép hozzáadása"]
        _speaks_hungarian(lobby.text)
        assert "magyar" in lobby.text, "the lobby shows the game's language"
        await bob.click(lobby.message, "Csatlakozom")
        await fake.settle()
        assert "You joined" in _texts(fake.dms_to(bob)), "Bob's DMs are in his language"
        await anna.click(lobby.message, "Indítás")
        await fake.settle()
        game = await bot.service.records.game_in_channel(fake.general.id)
        assert game is not None and game.settings.language == "hu"
        board = fake.channel_messages(fake.general)[-1]
        _speaks_hungarian(_texts([board]))
        assert "Lépek" in labels(board)
        assert "Ülésrend:" in board["content"] and "A helyeket sorsolás döntötte el." in board["content"]
        assert t("en", "hand.title", title="Alcazar", channel=f"<#{fake.general.id}>") in _texts(fake.dms_to(bob))
        assert t("hu", "hand.title", title="Alcazar", channel=f"<#{fake.general.id}>") in _texts(fake.dms_to(anna))
        _speaks_hungarian(_texts(fake.dms_to(anna)))

        for _ in range(4):
            game = await bot.service.records.game_in_channel(fake.general.id)
            assert game is not None and game.to_move_id is not None
            player = people[game.to_move_id]
            other = bob if player is anna else anna
            lang = language[player.id]
            [choice] = await bot.service.records.legal_moves_for(game.id, player.id, limit=1)
            offered = await player.autocomplete("move", "notation", choice.notation)
            assert offered[0]["name"].endswith(t(lang, choice.words)[-20:]), "suggestions in the player's language"
            not_yours = await other.slash("move", notation=choice.notation)
            assert not_yours.ephemeral
            assert t(language[other.id], "context.whose_turn", player=player.mention) in not_yours.text
            reply = await player.slash("move", notation=choice.notation)
            assert reply.ephemeral and t(lang, choice.words) in reply.text, reply.text
            await fake.settle()
            posted = fake.channel_messages(fake.general)[-1]
            assert t("hu", choice.words) in _texts([posted]), "the move in words, in the game's language"
            _speaks_hungarian(_texts([posted]))

        for person in (anna, bob):
            history = await person.slash("history")
            assert history.ephemeral
            lines = await bot.service.records.history(game.id)
            assert t(language[person.id], lines[-1].words) in history.text
            rules = await person.slash("rules")
            # The last of the answers: how games are played here (the rules in brief came before it).
            assert t(language[person.id], "rules.title.playing_here", title="Alcazar (2009)") in rules.text
            helped = await person.slash("help")
            assert t(language[person.id], "help.title") in helped.text

        board = next(m for m in reversed(fake.channel_messages(fake.general)) if "Lépek" in labels(m))
        away = await bob.slash("away", duration="3d")
        assert away.text.startswith("You are now away until"), "Bob's answer is in his language"
        edited = fake.messages[int(board["id"])]["content"]
        assert f"💤 Távol van: {bob.mention}, eddig: <t:" in edited, "the board's away line: the game's language"
        await bob.slash("away", duration="off")

        asked = await bob.slash("resign")
        assert asked.ephemeral and "resign" in asked.text.lower()
        await bob.click(asked.message, t("en", "button.confirm.resign"))
        await fake.settle()
        results = fake.channel_messages(fake.general)[-1]
        _speaks_hungarian(_texts([results]))
        assert t("hu", "result.winner", winner=anna.mention) in results["content"]
        assert fake.files_of(int(results["id"]))[0].filename == "results.png"
    assert_clean(fake)


async def test_the_host_changes_the_game_s_language_and_the_lobby_follows(fake: FakeDiscord,
                                                                         database_path: Path) -> None:
    from players import labels

    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    alice.locale = bob.locale = "en-US"
    async with running_bot(fake, database_path) as bot:
        lobby = await alice.slash("new", game="alcazar1978")
        assert "Language: English" in lobby.text, "an English server's game starts in English"
        refused = await bob.slash("settings", language="hu")
        assert refused.ephemeral and "Only the host" in refused.text
        changed = await alice.slash("settings", language="hu")
        assert changed.ephemeral and "Language: Hungarian (magyar)" in changed.text, "her answer is in her language"
        shown = fake.messages[int(lobby.message["id"])]
        assert labels(shown)[:4] == ["Csatlakozom", "Kilépek", "Indítás", "Törlés"]
        assert "Nyelv: magyar" in _texts([shown]) and "Players" not in _texts([shown])
        game = await bot.service.records.game_in_channel(fake.general.id)
        assert game is not None and game.settings.language == "hu"
        assert (await bob.slash("settings")).text.startswith("Settings of this game"), \
            "a private answer stays in the reader's language"
    assert_clean(fake)


async def test_a_hungarian_player_reads_their_games_time_away_stats_and_record_in_hungarian(
        fake: FakeDiscord, database_path: Path) -> None:
    """In an English server, Anna's Discord speaks Hungarian: her private answers and her record file
    are Hungarian, while the posts in the channel (the away line on the board) stay English."""
    from bot.discord.player_texts import line_words
    from players import latest_board, started_game

    anna, bob = fake.add_user("anna"), fake.add_user("bob")
    anna.locale, bob.locale = "hu", "en-US"
    async with started_game(fake, database_path, "alcazar1978", bob, anna) as (bot, game, seats):
        assert game.settings.language == "en"

        games = await anna.slash("games")
        assert games.ephemeral and games.embeds[0]["title"] == "Játékaid"
        listed = _texts([{"embeds": games.embeds}])
        assert "**Alcazar (1978)** – **Board game club**" in listed and "[Tábla](" in listed
        assert ("te következel" if seats[0] is anna else f"következik: {bob.mention}") in listed
        for english in ("Your games", "your turn", "'s turn", "[Board]", " on ", "waiting for you"):
            assert english not in listed, english
        assert "Your games" in _texts([{"embeds": (await bob.slash("games")).embeds}])

        board = latest_board(fake)
        away = await anna.slash("away", duration="2 nap")
        assert away.ephemeral and away.text.startswith("Mostantól távol vagy, eddig: <t:")
        assert "Távollét az elmúlt 365 napban: 2 nap, legfeljebb 30 nap lehet." in away.text
        assert "Csendes órák: nincsenek" in away.text and "away" not in away.text.replace("/alcazar away", "")
        edited = fake.messages[int(board["id"])]["content"]
        assert f"💤 {anna.mention} is away until <t:" in edited, "the board speaks the game's language"
        theirs = _texts([{"embeds": (await bob.slash("games")).embeds}])
        assert "💤 away until <t:" in theirs or seats[0] is bob
        mine = _texts([{"embeds": (await anna.slash("games")).embeds}])
        assert "💤 távol eddig: <t:" in mine or seats[0] is bob
        unreadable = await anna.slash("away", duration="soon")
        assert unreadable.ephemeral and "Ezt nem tudom időtartamként értelmezni: „soon”." in unreadable.text
        back = await anna.slash("away", duration="off")
        assert back.text.startswith("Üdv újra!")
        quiet = await anna.slash("quiet", start=22, end=7, time_zone="Europe/Budapest")
        assert quiet.text == "Csendes órák: 22:00–07:00 (Europe/Budapest); az ekkor esedékes emlékeztetők " \
                             "megvárják a végüket."

        for _ in range(3):
            now = await bot.service.records.game(game.id)
            mover = anna if now.to_move_id == anna.id else bob
            [choice] = await bot.service.records.legal_moves_for(game.id, mover.id, limit=1)
            played = await mover.slash("move", notation=choice.notation)
            assert t(language_of_user(mover), choice.words) in played.text
        asked = await bob.slash("resign")
        await bob.click(asked.message, t("en", "button.confirm.resign"))
        await fake.settle()
        shifts = {s.user_id: s for s in await bot.service.ratings.rating_changes(game.id)}
        assert f"Ratings: {anna.mention} 1000? → **{shifts[anna.id].after}?**" in \
            fake.channel_messages(fake.general)[-1]["content"], "ratings under the results: the game's language"

        stats = await anna.slash("stats", game="alcazar1978")
        assert stats.ephemeral
        [embed] = stats.embeds
        assert embed["title"] == "Alcazar-értékszámok ezen a szerveren"
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        assert f"{anna.mention} **{shifts[anna.id].after}?** (1 játék)" in fields["Alcazar (1978): ranglista"]
        assert fields[f"{anna.name} – Alcazar (1978)"] == \
            f"1 játék · 1 győzelem\nLépésidő (medián): 0 perc · 1 befejezett · 0 időtúllépéses vereség · " \
            f"0 félbehagyott\nÉrtékszám: **{shifts[anna.id].after}?**, 1 értékelt játék után"
        assert embed["footer"]["text"].startswith("Az értékszámba minden befejezett játék")
        [chart] = stats.files
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "rating-hu.png").write_bytes(chart.data)
        english = await bob.slash("stats", game="alcazar1978")
        assert english.embeds[0]["title"] == "Alcazar ratings on this server"
        assert english.files[0].data != chart.data, "the chart's words follow the reader too"

        record = await anna.slash("record")
        assert record.ephemeral and record.text == f"Jegyzőkönyv: **Alcazar (1978)**, {game.id}. játék, 3 lépés."
        [file] = record.files
        text = file.data.decode("utf-8")
        (ARTIFACTS / "record-1978-hu.txt").write_text(text)
        assert text.startswith(f"Alcazar (1978): {game.id}. játék\nSzerver: Board game club, csatorna: #general\n")
        assert "Játékosok ülésrendben (az első kezdett):" in text and "(Piros)" in text and "(Zöld)" in text
        assert "Beállítások:\n  Emlékeztetők:" in text and "Nyelv: angol (English)" in text
        assert f"Győztes: {anna.name}." in text and "Értékszámok:" in text and "Lépések (3):" in text
        for line in await bot.service.replays.all_moves(game.id):
            assert line_words(line, "hu") in text
        for english in ("Players", "Settings", "Result", "Winner", "Moves", "Red", "Green", "pawn", "resigned"):
            assert english not in text, english
        assert "Players, in seat order" in (await bob.slash("record")).files[0].data.decode("utf-8")
    assert_clean(fake)


ARTIFACTS = Path("/tmp/alcazar-archive-test")


def language_of_user(user: Any) -> str:
    return "hu" if user.locale == "hu" else "en"
