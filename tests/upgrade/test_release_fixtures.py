"""Every earlier release's database, opened by today's code: nothing a release wrote changes meaning.

Each folder under ``releases/`` holds what a release's own code left (made by
``make_fixture.py``): its database, the buttons and menus its messages
carried, and what it knew about each game. Today's store opens a copy (on
SQLite, and on PostgreSQL from the fixture's schema version on); the test
checks that positions, histories, settings, questions and reminders are as
the release left them, that every old button pressed through today's real
bot does what it showed or is refused in true words, that what was due is
done once, and that every running game plays on to its end.
"""
from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from db_backends import postgres_server_url
from fake_discord import FakeDiscord, FakeUser, Reply
from fake_discord.interactions import MESSAGE_COMPONENT

from bot.games import get_game
from bot.i18n import message_of, t, text_of
from bot.i18n.message import is_message_json
from bot.service import FakeClock, GameService, Refusal
from bot.service import live as engine_work
from bot.service.settings import GameSettings
from bot.service.workers import shutdown_workers
from bot.store import GameStatus, Store, open_store

from .fixtures import RELEASES, Release, database_of, seeded_fake, todays_bot

CASES = [pytest.param(Release(folder), backend, id=f"{folder.name}-{backend}")
         for folder in RELEASES for backend in ("sqlite", "postgres")]
#: The chooser's id forms before 0.3.0 (a path, no digest): always refused now.
CHOOSER_PARTS = ("pick", "play", "back", "page")
OLDER_CHOOSER = t("en", "chooser.from_older_version")
STALE = t("en", "refusal.stale")
GAME_OVER = t("en", "refusal.game_is_over")
THINK_SCALE = 0.01     # computers think for a hundredth of their level's time
MOVE_CAP = 600


@pytest.fixture(autouse=True, scope="module")
def _stop_workers() -> Any:
    yield
    shutdown_workers()


@pytest.fixture
async def database(request: Any, tmp_path: Path) -> Any:
    release, backend = request.node.callspec.params["release"], request.node.callspec.params["backend"]
    server = postgres_server_url() if backend == "postgres" else None
    async with database_of(release, backend, tmp_path, server) as target:
        yield target


def test_there_is_a_fixture_of_every_release() -> None:
    assert [r.name for r in RELEASES] == ["0.1.0", "0.2.0", "0.3.0", "0.4.0"]
    for folder in RELEASES:
        assert (folder / "buttons.json").is_file() and (folder / "expected.json").is_file()
        assert not (folder / "games.sqlite3-wal").exists(), "a fixture is one checkpointed file"
        header = (folder / "games.sqlite3").read_bytes()[:20]
        assert header[18:20] == b"\x01\x01", "not in WAL mode: the file alone is the whole database"
        version, commit = (folder / "release.txt").read_text(encoding="utf-8").split()
        assert version == folder.name and len(commit) == 40
        assert sum(p.stat().st_size for p in folder.iterdir()) < 600_000, "fixtures stay small"


def contains(found: Any, expected: Any) -> bool:
    """Whether ``found`` says everything ``expected`` does (dicts may have gained keys since; text an
    earlier release kept in English may now be a message, which must read the same in English)."""
    if isinstance(expected, str) and is_message_json(found):
        return text_of("en", message_of(found)) == expected
    if isinstance(expected, str) and isinstance(found, str) and found != expected and "." in found:
        return t("en", found) == expected     # a message id where the release kept its English text
    if isinstance(expected, dict):
        return isinstance(found, dict) and all(k in found and contains(found[k], v) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(found, list) and len(found) == len(expected) and all(
            contains(f, e) for f, e in zip(found, expected))
    return bool(found == expected)


def same_position(replayed: dict[str, Any], stored: dict[str, Any]) -> bool:
    """Whether today's replay of the log reached the stored position. The last move's words are made
    afresh from its notation (their wording may have changed since), and words a release kept as
    English text are messages now: the move itself and everything else must be the same."""
    replayed, stored = dict(replayed), dict(stored)
    last, stored_last = replayed.pop("last_move", None), stored.pop("last_move", None)
    if isinstance(last, dict) and isinstance(stored_last, dict):
        last, stored_last = dict(last), dict(stored_last)
        last.pop("text", None)
        stored_last.pop("text", None)
    return contains(last, stored_last) and contains(replayed, stored)


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


# ----- positions, histories and settings ------------------------------------------------------
@pytest.mark.parametrize("release,backend", CASES)
async def test_positions_histories_and_settings_are_as_the_release_left_them(
        release: Release, backend: str, database: str | Path) -> None:
    facts = release.expected
    store = await open_store(database)
    try:
        service = GameService(store, FakeClock(start=facts["release_now"]))
        for name, game in facts["games"].items():
            await _same_game(service, store, name, game)
        due = {(r.game_id, r.user_id): r.number for r in await service.reminders.due_reminders()}
        assert due == {(g["id"], g["reminders"]["due"]["user_id"]): g["reminders"]["due"]["number"]
                       for g in facts["games"].values() if g["reminders"]["due"]}
    finally:
        await store.close()


async def _same_game(service: GameService, store: Store, name: str, game: dict[str, Any]) -> None:
    async with store.read() as tx:
        row = await tx.games.get(game["id"])
        seats = await tx.seats.of_game(game["id"])
        log = await tx.moves.entries(game["id"])
        snapshot = await tx.snapshots.get(game["id"])
        result = await tx.results.get(game["id"])
        question = await tx.questions.get(game["id"])
        reminders = await tx.reminders.of_games([game["id"]])
    assert row is not None, name
    assert (row.kind, row.status.value, row.version, row.seed, row.host_id, row.turn_seat, row.turn_since) == (
        game["kind"], game["status"], game["version"], game["seed"], game["host_id"], game["turn_seat"],
        game["turn_since"]), name
    assert row.settings == game["settings"], f"{name}: the stored settings are kept as they were"
    assert contains(GameSettings.from_dict(row.settings).to_dict(), game["settings"]), name
    assert sorted((s.user_id, s.seat, int(s.resigned)) for s in seats) == sorted(
        (s["user_id"], s["seat"], s["resigned"]) for s in game["seats"]), name
    assert [(e.ply, e.seat, e.kind.value, e.notation) for e in log] == [
        (m["ply"], m["seat"], m["kind"], m["notation"]) for m in game["log"]], name
    if game["version"] > 0:
        engine = get_game(game["kind"])
        assert snapshot is not None
        # Today's engine reads an older state (a field renamed since); what it reads is the position compared.
        position = plain(engine.to_dict(engine.from_dict(game["state"])))
        restored, _ = engine_work.restore(engine, snapshot.state, len(seats))
        assert plain(engine.to_dict(restored)) == position, f"{name}: the snapshot means the same position"
        # From 0.4.0 on a snapshot is written every few log lines: the release's position is the
        # snapshot with the lines after it (up to 0.3.0 there were none).
        resumed, _ = engine_work.resume(engine, snapshot.state, [e for e in log if e.ply > snapshot.ply], len(seats))
        rebuilt, _, _ = engine_work.rebuild(engine, len(seats), row.seed,
                                            dict(GameSettings.from_dict(row.settings).options), log)
        assert same_position(plain(engine.to_dict(rebuilt)), plain(engine.to_dict(resumed))), \
            f"{name}: the log replays to the same position"
        board = await service.records.board_view(game["id"])
        assert not isinstance(board, Refusal)
        assert contains(plain(board.view), game["view"]), f"{name}: the public view shows the same"
    if game["result"] is None:
        assert result is None, name
    else:
        assert result is not None and (list(result.winners), result.reason) == (
            game["result"]["winners"], game["result"]["reason"]), name
        assert contains(plain(result.outcome), game["result"]["outcome"]), name
    asked = game["question"]
    current = question if question is not None and question.version == row.version else None
    assert (None if current is None else (current.question, current.asked_by, current.version,
                                          list(current.agreed_by))) == (
        None if asked is None else (asked["question"], asked["asked_by"], asked["version"], asked["agreed_by"])), \
        f"{name}: the open question that was current is carried over, and only it"
    sent = reminders.get(game["id"])
    assert (None if sent is None else {"version": sent.version, "sent": sent.sent,
                                       "last_sent_at": sent.last_sent_at}) == game["reminders"]["sent"], name
    info = await service.records.game(game["id"])
    assert not isinstance(info, Refusal)
    if info.status is GameStatus.ACTIVE:
        assert await service.reminders.deadline_of(info) == game["reminders"]["deadline_at"], name


@pytest.mark.parametrize("release,backend", CASES)
async def test_a_void_undo_request_does_not_hide_the_draw_offer_made_after_it(
        release: Release, backend: str, database: str | Path) -> None:
    """The case of the bug: an undo request, a move that made it void, then a draw offer."""
    game = release.expected["games"]["1978-void-undo-then-draw"]
    assert game["question"] is not None and game["question"]["question"] == "draw"
    store = await open_store(database)
    try:
        async with store.read() as tx:
            question = await tx.questions.get(game["id"])
            row = await tx.games.get(game["id"])
        assert row is not None and question is not None
        assert (question.question, question.asked_by, question.version) == (
            "draw", game["question"]["asked_by"], row.version), "the current draw offer is the open question"
    finally:
        await store.close()


# ----- what was due -------------------------------------------------------------------------
@pytest.mark.parametrize("release,backend", CASES)
async def test_reminders_and_deadlines_that_were_due_are_acted_on_once(
        release: Release, backend: str, database: str | Path) -> None:
    facts = release.expected
    fake, _ = seeded_fake(release)
    await fake.start()
    try:
        clock = FakeClock(start=facts["release_now"])
        async with todays_bot(fake, database, clock=clock, reminder_interval=None, think_scale=THINK_SCALE) as bot:
            await bot.computer_turns.idle()
            before = len(fake.requests)
            await bot.reminders.run_once()
            await fake.settle()
            reminded = _reminder_dms(fake, before)
            due = sorted((g["id"], g["reminders"]["due"]["user_id"]) for g in facts["games"].values()
                         if g["reminders"]["due"])
            assert reminded == due, "each due reminder is sent once"
            for name, game in facts["games"].items():
                await _deadline_acted_on(bot.service, name, game)
            versions = {g["id"]: (await bot.service.records.game(g["id"])).version for g in facts["games"].values()}
            again = len(fake.requests)
            await bot.reminders.run_once()
            await fake.settle()
            assert _reminder_dms(fake, again) == [], "nothing is sent twice"
            assert versions == {g["id"]: (await bot.service.records.game(g["id"])).version for g in facts["games"].values()}
        assert fake.problems == [], fake.problems
    finally:
        await fake.stop()


def _reminder_dms(fake: FakeDiscord, since: int) -> list[tuple[int, int]]:
    """(game, user) of each reminder DM posted since request number ``since`` (they carry Mute)."""
    found = []
    for request in fake.requests[since:]:
        if request.method != "POST" or request.kind != "message" or not isinstance(request.json, dict):
            continue
        for row in request.json.get("components") or []:
            for component in row.get("components", []):
                if str(component.get("custom_id", "")).startswith("az:mute:"):
                    found.append((int(component["custom_id"].split(":")[2]), int(request.audience or 0)))
    return sorted(found)


async def _deadline_acted_on(service: GameService, name: str, game: dict[str, Any]) -> None:
    info = await service.records.game(game["id"])
    assert not isinstance(info, Refusal)
    if not game["deadline_due"]:
        assert info.version == game["version"], f"{name}: nothing was due"
        return
    late = game["turn_seat"]
    if game["kind"] == "alcazar1978":
        assert info.status is GameStatus.FINISHED and info.result is not None, f"{name}: the late player lost"
        assert info.result.winners == (1 - late,), name
        return
    log = await service.records.history(game["id"], limit=None)
    assert not isinstance(log, Refusal)
    skips = [line for line in log if line.kind.value == "skip"]
    assert len(skips) == 1 and skips[0].seat == late and skips[0].ply == len(game["log"]) + 1, \
        f"{name}: the late player is skipped, once"


# ----- the old buttons ----------------------------------------------------------------------
@pytest.mark.parametrize("release,backend", CASES)
async def test_every_old_button_does_what_it_showed_or_is_refused(
        release: Release, backend: str, database: str | Path) -> None:
    facts = release.expected
    fake, people = seeded_fake(release)
    seen = copy.deepcopy(fake.messages)
    await fake.start()
    try:
        clock = FakeClock(start=facts["release_now"])
        async with todays_bot(fake, database, clock=clock, reminder_interval=None, think_scale=THINK_SCALE) as bot:
            await bot.computer_turns.idle()
            outcomes: Counter[str] = Counter()
            for button in release.buttons:
                if button["disabled"] or button["presser"] is None:
                    continue
                outcomes[await _press(fake, bot.service, people, seen, button)] += 1
                await bot.computer_turns.idle()
            # Each kind of old button met the case it is there for. Choosers: Play, Back, a menu and its
            # Back, for a game of each kind; refused in the id form before 0.3.0, played as shown after.
            older = sum(b["custom_id"].split(":")[1] in CHOOSER_PARTS for b in release.buttons)
            if older:
                assert older == 8 and outcomes["old chooser refused"] == older, outcomes
            else:
                assert outcomes["chooser played the move shown"] == 2, outcomes
            assert outcomes["chooser opened"] >= 2 and outcomes["refused: out of date"] >= 1, outcomes
            assert outcomes["draw accepted"] == 2, outcomes            # 1978-draw, and the bug's game
            assert outcomes["undo approved"] == 1 and outcomes["joined"] == 2, outcomes
        assert fake.problems == [], fake.problems
    finally:
        await fake.stop()


async def _state_of(service: GameService, game_id: int) -> dict[str, Any]:
    info = await service.records.game(game_id)
    assert not isinstance(info, Refusal)
    history = await service.records.history(game_id, limit=None)
    return {"status": info.status, "version": info.version, "players": info.players,
            "computers": info.computers, "to_move": info.to_move_id, "host": info.host_id,
            "log": [] if isinstance(history, Refusal) else [(h.ply, h.notation) for h in history],
            "result": info.result}


async def _press(fake: FakeDiscord, service: GameService, people: dict[int, FakeUser],
                 seen: dict[int, dict[str, Any]], button: dict[str, Any]) -> str:
    """Press one recorded button as its presser; returns what happened, after checking it was right."""
    message = seen[button["message_id"]]
    user = people[button["presser"]]
    game_id = button["game_id"]
    before = await _state_of(service, game_id)
    question = await _question(service, game_id)
    # Pressed on the message as the release left it, even when today's bot has edited it since
    # (a player whose Discord had not refreshed yet).
    data: dict[str, Any] = {"custom_id": button["custom_id"], "component_type": button["type"]}
    if button["type"] == 3:
        data["values"] = [button["showed"]["options"][0]["value"]]
    channel = fake.channels[button["channel_id"]]
    reply = await (await fake._dispatch_interaction(user, MESSAGE_COMPONENT, data, channel, message)).reply()
    after = await _state_of(service, game_id)
    where = f"{button['custom_id']} pressed by {user.name}: {reply!r}"
    assert "Traceback" not in reply.text and reply.message is not None, where
    parts = button["custom_id"].split(":")
    if parts[1] in CHOOSER_PARTS:
        assert reply.ephemeral and OLDER_CHOOSER in reply.text, where
        assert after == before, f"{where}: an old chooser never plays a move"
        outcome = "old chooser refused"
    elif parts[1] == "choose":
        outcome = _chooser_did(parts[2], int(parts[4]), button["showed"], reply, before, after, user.id, where)
    elif parts[1] == "turn":
        outcome = _opened_or_stale(reply, before, after, int(parts[3]), user.id, where)
    elif parts[1] in ("hand", "mute", "web"):   # web: Open board (after 0.4.0), a private link or "not set up"
        assert reply.ephemeral and after["version"] == before["version"], where
        outcome = f"{parts[1]} answered privately"
    elif parts[1] == "lobby":
        outcome = _lobby_did(parts[2], reply, before, after, user.id, where)
    elif parts[1] in ("undo", "draw"):
        outcome = _vote_did(parts[1], parts[2], int(parts[4]), reply, before, after, question, where)
    else:
        raise AssertionError(f"a button this test does not know: {where}")
    if after != before:
        await fake.settle()
    return outcome


async def _question(service: GameService, game_id: int) -> Any:
    async with service.store.read() as tx:
        return await tx.questions.get(game_id)


def _refused(reply: Reply, before: dict[str, Any], after: dict[str, Any], version: int, where: str) -> str:
    """An ephemeral refusal that says why: the game is over, or the board is out of date."""
    assert reply.ephemeral and after == before, f"{where}: refused, nothing changed"
    if before["status"] is not GameStatus.ACTIVE:
        assert GAME_OVER in reply.text or STALE in reply.text, where
        return "refused: game over"
    if version != before["version"]:
        assert "out of date" in reply.text, f"{where}: an old board says it is out of date"
        return "refused: out of date"
    return "refused"


def _opened_or_stale(reply: Reply, before: dict[str, Any], after: dict[str, Any], version: int, user_id: int,
                     where: str) -> str:
    if version == before["version"] and before["status"] is GameStatus.ACTIVE and before["to_move"] == user_id:
        assert reply.ephemeral and after == before, where
        kinds = {c["type"] for row in reply.components for c in row["components"]}
        assert 3 in kinds or "Play this move" in [b.get("label") for b in reply.buttons], \
            f"{where}: Take my turn opens the chooser"
        return "chooser opened"
    return _refused(reply, before, after, version, where)


def _chooser_did(what: str, version: int, showed: dict[str, Any], reply: Reply, before: dict[str, Any],
                 after: dict[str, Any], user_id: int, where: str) -> str:
    """A chooser of today's id form (0.3.0 on): Play plays exactly the move it showed, a step shows a step."""
    if version != before["version"] or before["status"] is not GameStatus.ACTIVE or before["to_move"] != user_id:
        return _refused(reply, before, after, version, where)
    if what != "play":
        assert reply.ephemeral and after == before, where
        return "chooser step shown"
    new = after["log"][len(before["log"]):]
    assert new and new[0][1] == showed["move"], f"{where}: Play plays the move it showed, {showed['move']!r}"
    return "chooser played the move shown"


def _lobby_did(action: str, reply: Reply, before: dict[str, Any], after: dict[str, Any], user_id: int,
               where: str) -> str:
    open_lobby = before["status"] is GameStatus.LOBBY
    host = before["host"] == user_id
    if action == "join" and open_lobby and user_id not in before["players"]:
        assert user_id in after["players"], f"{where}: Join joins"
        return "joined"
    if action == "leave" and open_lobby and user_id in before["players"]:
        assert user_id not in after["players"] or after["status"] is GameStatus.CANCELLED, f"{where}: Leave leaves"
        return "left"
    if action == "start" and open_lobby and host and len(before["players"]) >= 2:
        assert after["status"] is GameStatus.ACTIVE, f"{where}: Start starts"
        return "started"
    if action == "cancel" and open_lobby and host:
        assert after["status"] is GameStatus.CANCELLED, f"{where}: Cancel cancels"
        return "cancelled"
    if action == "computer" and open_lobby and host:
        assert reply.ephemeral and after == before and reply.buttons, f"{where}: the levels to choose from"
        return "levels shown"
    if action == "uncomputer" and open_lobby and host and before["computers"]:
        assert len(after["computers"]) == len(before["computers"]) - 1, f"{where}: a computer leaves"
        return "computer removed"
    assert reply.ephemeral and after == before, f"{where}: refused, nothing changed"
    return "refused"


def _vote_did(question: str, vote: str, version: int, reply: Reply, before: dict[str, Any],
              after: dict[str, Any], asked: Any, where: str) -> str:
    current = (asked is not None and asked.question == question and asked.version == version == before["version"]
               and before["status"] is GameStatus.ACTIVE)
    if not current:
        return _refused(reply, before, after, version, f"{where} (a question no longer open)")
    if vote == "no":
        assert after["version"] == before["version"] and after["log"] == before["log"], where
        return f"{question} declined"
    if question == "draw":
        assert after["status"] is GameStatus.FINISHED and after["result"].outcome.is_draw, \
            f"{where}: Accept draw accepts the offer"
        return "draw accepted"
    assert len(after["log"]) < len(before["log"]), f"{where}: Approve undo takes the move back"
    return "undo approved"


# ----- playing on ---------------------------------------------------------------------------
@pytest.mark.parametrize("release,backend", CASES)
async def test_every_running_game_plays_on_to_its_end(release: Release, backend: str,
                                                      database: str | Path) -> None:
    facts = release.expected
    store = await open_store(database)
    rng = random.Random(7)
    try:
        service = GameService(store, FakeClock(start=facts["release_now"]), think_scale=THINK_SCALE)
        running = [g["id"] for g in facts["games"].values() if g["status"] == "active"]
        assert running
        for game_id in running:
            await _play_to_the_end(service, game_id, rng)
            info = await service.records.game(game_id)
            assert not isinstance(info, Refusal) and info.status is GameStatus.FINISHED, game_id
            assert info.result is not None
    finally:
        await store.close()


async def _play_to_the_end(service: GameService, game_id: int, rng: random.Random) -> None:
    for _ in range(MOVE_CAP):
        info = await service.records.game(game_id)
        assert not isinstance(info, Refusal)
        if info.status is not GameStatus.ACTIVE:
            return
        assert info.to_move_seat is not None and info.to_move_id is not None
        if info.played_by_computer(info.to_move_seat):
            played = await service.computers.play_computer_turn(game_id, info.version)
            assert played is not None, f"game {game_id}: the computer plays its seat"
            continue
        answer = await service.turns.play(game_id, info.to_move_id, await _choose(service, info, rng), info.version)
        assert not isinstance(answer, Refusal), answer
    raise AssertionError(f"game {game_id} did not end within {MOVE_CAP} moves")


async def _choose(service: GameService, info: Any, rng: random.Random) -> str:
    """A random legal move, but a winning one when there is one (random Alcazar (1978) can wander for
    long). The moves come from the engine on the service's game: listing them in words for each of
    hundreds of turns would be most of this test's time."""
    engine = get_game(info.kind)
    live = await service.core.load_live(info.id)
    assert live is not None and live.version == info.version
    moves = engine.legal_moves(live.state)
    assert moves, f"game {info.id}: the player to move has a move"
    if info.kind == "alcazar1978":
        for move in moves:
            if engine.outcome(engine.play(live.state, move)) is not None:
                return str(move)
        moves = [m for m in moves if not str(m).startswith("w")] or moves
    return str(rng.choice(moves))
