"""The scenario a release plays to leave its fixture database: run with *that release's* code.

Not a test and not imported by today's code: ``make_fixture.py`` runs it as
``python scenario.py OUT_DIR`` with ``PYTHONPATH`` set to an old checkout (its
root, its ``tests/`` and its ``tests/discord/``), so that ``bot`` is the old
bot and ``fake_discord`` the old fake Discord. It drives the old bot through
the old fake as players would, then writes ``games.sqlite3``,
``buttons.json`` and ``expected.json`` into OUT_DIR (see docs/releases.md).

It uses only what every release so far offers (the ``/alcazar`` commands,
the buttons, ``bot.service`` queries); what came later (computers) is used
when the release has it. Ids, seeds and times are fixed, so a rebuild writes
the same games.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import sqlite3
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import fake_discord.model as fake_model
from conftest import running_bot
from fake_discord import FakeDiscord, FakeUser

import bot
from bot.games import get_game
from bot.service import FakeClock

#: 2026-01-01 00:00 UTC: the fake's snowflakes and the bot's clock start here (fixed, not the machine's time).
EPOCH = 1_767_225_600.0
START = EPOCH
RNG_SEED = 20260101


class FixedSnowflakes:
    """Discord-like ids from a fixed time, so that a rebuild gives the same ids."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self) -> int:
        number = next(self._counter)
        millis = int((EPOCH - 1420070400) * 1000) + number
        return (millis << 22) | (number & 0x3FFFFF)


fake_model.Snowflakes = FixedSnowflakes  # type: ignore[misc]
import fake_discord.server as fake_server  # noqa: E402  (reads Snowflakes at construction)

fake_server.Snowflakes = FixedSnowflakes  # type: ignore[attr-defined,misc]


def has_computers() -> bool:
    """Whether this release has computer players (0.2.0 on)."""
    from bot.service import GameService, computers
    return hasattr(GameService, "add_computer") or hasattr(getattr(computers, "Computers", None), "add_computer")


class Operations:
    """A release's game service as the scenario calls it: up to 0.3.0 every operation is the
    service's own method; later ones are methods of its parts (``service.turns.play``)."""

    PARTS = ("lobby", "turns", "questions", "computers", "reminders", "records", "replays", "ratings",
             "players", "languages", "messages", "core")

    def __init__(self, service: Any) -> None:
        self._service = service

    def __getattr__(self, name: str) -> Any:
        if hasattr(self._service, name):
            return getattr(self._service, name)
        for part in self.PARTS:
            found = getattr(getattr(self._service, part, None), name, None)
            if found is not None:
                return found
        # what the shared core holds under a public name today and privately before
        core = getattr(self._service, "core", None)
        if name.startswith("_") and hasattr(core, name[1:]):
            return getattr(core, name[1:])
        raise AttributeError(name)


GAME_NAMES = (
    "lobby-alcazar", "lobby-1978", "alcazar-3", "1978-running", "alcazar-undo", "1978-draw",
    "1978-void-undo-then-draw", "1978-finished", "alcazar-finished", "1978-resigned", "alcazar-retired",
    "1978-computer", "alcazar-computers", "alcazar-deadline", "1978-deadline",
)


class Scenario:
    def __init__(self, fake: FakeDiscord, bot_: Any, clock: FakeClock, people: dict[str, FakeUser],
                 database: Path) -> None:
        self.fake, self.bot, self.clock, self.people = fake, bot_, clock, people
        self.database = database
        self.rng = random.Random(RNG_SEED)
        self.games: dict[str, int] = {}            # scenario name -> game id
        self.choosers: list[dict[str, Any]] = []   # ephemeral chooser messages left open
        # Every game's channel is made before the bot acts, so that the ids never depend on
        # when the bot opened a DM channel meanwhile.
        self.channels = {name: fake.add_channel(name) for name in GAME_NAMES}

    @property
    def service(self) -> Any:
        return Operations(self.bot.service)

    def user(self, user_id: int) -> FakeUser:
        return self.fake.users[user_id]

    # ----- making games --------------------------------------------------------------------
    async def lobby(self, name: str, kind: str, host: str, others: list[str], **options: Any) -> Any:
        channel = self.channels.get(name) or self.fake.add_channel(name)
        reply = await self.people[host].slash("new", channel=channel, game=kind, **options)
        assert not reply.ephemeral, reply
        for person in others:
            await self.people[person].click(reply.message, "Join")
        game = await self.service.game_in_channel(channel.id)
        assert game is not None, f"no lobby in {name}"
        assert {self.people[p].id for p in others} <= set(game.players), f"everyone joined {name}"
        self.games[name] = game.id
        return reply.message

    async def started(self, name: str, kind: str, host: str, others: list[str], **options: Any) -> Any:
        message = await self.lobby(name, kind, host, others, **options)
        started = await self.people[host].click(message, "Start")
        assert started.buttons == [], started
        await self.computers_idle()
        return await self.game(name)

    async def game(self, name: str) -> Any:
        return await self.service.game(self.games[name])

    async def computers_idle(self) -> None:
        turns = getattr(self.bot, "computer_turns", None)
        if turns is not None:
            await turns.idle()

    async def move(self, name: str, *, notation: str | None = None) -> str:
        """The player to move plays (a random legal move unless given) with ``/alcazar move``."""
        game = await self.game(name)
        moves = await self.service.legal_moves_for(game.id, game.to_move_id, limit=None)
        chosen = notation or self.rng.choice(moves).notation
        channel = self.fake.channels[game.channel_id]
        reply = await self.user(game.to_move_id).slash("move", channel=channel, notation=chosen)
        assert reply.ephemeral and "Played" in reply.text, reply
        await self.computers_idle()
        return chosen

    async def moves(self, name: str, count: int) -> None:
        for _ in range(count):
            await self.move(name)

    async def play_out_quietly(self, name: str, *, cap: int = 600) -> None:
        """Random moves through the service, then the last one through Discord (so the end is posted)."""
        for _ in range(cap):
            game = await self.game(name)
            moves = await self.service.legal_moves_for(game.id, game.to_move_id, limit=None)
            for choice in moves:
                if await self._ends(game, choice.notation):
                    await self.move(name, notation=choice.notation)
                    return
            pawns = [m for m in moves if not m.notation.startswith("w") or game.kind != "alcazar1978"]
            pick = self.rng.choice(pawns or moves).notation
            accepted = await self.service.play(game.id, game.to_move_id, pick)
            assert hasattr(accepted, "events"), accepted
        raise AssertionError(f"{name} did not end in {cap} moves")

    async def _ends(self, game: Any, notation: str) -> bool:
        engine = get_game(game.kind)
        state = await self._state(game.id)
        return state is not None and engine.outcome(engine.play(state, notation)) is not None

    async def _state(self, game_id: int) -> Any:
        live = await self.service._load_live(game_id)
        return None if live is None else live.state

    async def chooser(self, name: str, *, to_play: bool) -> None:
        """The player to move opens the chooser and walks it to a Play stage, or one pick into its menus."""
        game = await self.game(name)
        board = self.latest_board(game.channel_id)
        player = self.user(game.to_move_id)
        reply = await player.click(board, "Take my turn")
        assert reply.ephemeral, reply
        for _ in range(12):
            menus = [c for row in reply.components for c in row["components"] if c["type"] == 3]
            if not menus or (not to_play and menus[0]["custom_id"].split(":")[-1] != "-"):
                break
            values = [o["value"] for o in menus[0]["options"]]
            reply = await player.select(reply.message, [self.rng.choice(values)])
        labels = [b.get("label") for b in reply.buttons]
        assert ("Play this move" in labels) == to_play, reply
        self.choosers.append({"game": name, "message_id": int(reply.message["id"])})

    def latest_board(self, channel_id: int) -> dict[str, Any]:
        for message in reversed(self.fake.channel_messages(self.fake.channels[channel_id])):
            if "Take my turn" in [c.get("label") for row in message["components"] for c in row["components"]]:
                return message
        raise AssertionError("no board with Take my turn")

    async def ask(self, name: str, what: str, *, by_mover: bool = False) -> None:
        """The last mover asks to undo, or a player offers a draw, with the slash command."""
        game = await self.game(name)
        channel = self.fake.channels[game.channel_id]
        if what == "undo":
            asker = await self.last_mover(game.id)
        else:
            asker = game.to_move_id if by_mover else [u for u in game.players if u != game.to_move_id][0]
        reply = await self.user(asker).slash(what, channel=channel)
        assert reply.ephemeral, reply

    async def last_mover(self, game_id: int) -> int:
        game = await self.service.game(game_id)
        with closing(sqlite3.connect(self.database)) as db:
            seat = db.execute("SELECT seat FROM moves WHERE game_id = ? AND kind = 'move' AND undone_at IS NULL "
                              "ORDER BY ply DESC LIMIT 1", (game_id,)).fetchone()[0]
        return int(game.players[seat])

    async def resign(self, name: str, who: int) -> None:
        game = await self.game(name)
        channel = self.fake.channels[game.channel_id]
        reply = await self.user(who).slash("resign", channel=channel)
        confirm = [b for b in reply.buttons if b["custom_id"].startswith("az:confirm:resign")]
        if confirm:
            reply = await self.user(who).click(reply.message, confirm[0]["custom_id"])
        await self.fake.settle()
        await self.computers_idle()


async def play(scenario: Scenario) -> None:
    s = scenario
    computers = has_computers()
    extra: dict[str, Any] = {"computers": 1, "level": "easy"} if computers else {}
    # Lobbies: one of each kind (a computer seated where the release has them).
    await s.lobby("lobby-alcazar", "alcazar", "alice", ["bob"], **extra)
    await s.lobby("lobby-1978", "alcazar1978", "bob", [])
    # Running games several plies in; a chooser opened in each (later, on the last board).
    await s.started("alcazar-3", "alcazar", "alice", ["bob", "carol"])
    await s.moves("alcazar-3", 7)
    await s.started("1978-running", "alcazar1978", "alice", ["bob"])
    await s.moves("1978-running", 6)
    # A question open: an undo request (Alcazar), a draw offer (1978).
    await s.started("alcazar-undo", "alcazar", "bob", ["carol"])
    await s.moves("alcazar-undo", 3)
    await s.ask("alcazar-undo", "undo")
    await s.started("1978-draw", "alcazar1978", "carol", ["alice"])
    await s.moves("1978-draw", 4)
    await s.ask("1978-draw", "draw")
    # The case of the bug: an undo request made void by a later move, then a draw offer.
    await s.started("1978-void-undo-then-draw", "alcazar1978", "alice", ["carol"])
    await s.moves("1978-void-undo-then-draw", 3)
    await s.ask("1978-void-undo-then-draw", "undo")
    await s.move("1978-void-undo-then-draw")
    await s.ask("1978-void-undo-then-draw", "draw", by_mover=True)
    # Finished: played to the end, and by resignation.
    await s.started("1978-finished", "alcazar1978", "bob", ["alice"])
    await s.play_out_quietly("1978-finished")
    await s.started("alcazar-finished", "alcazar", "carol", ["bob"])
    await s.play_out_quietly("alcazar-finished")
    game = await s.started("1978-resigned", "alcazar1978", "alice", ["bob"])
    await s.moves("1978-resigned", 2)
    await s.resign("1978-resigned", game.players[0])
    # Alcazar goes on after a resignation: the seat retires.
    game = await s.started("alcazar-retired", "alcazar", "alice", ["bob", "carol"])
    await s.moves("alcazar-retired", 3)
    await s.resign("alcazar-retired", (await s.game("alcazar-retired")).players[1])
    await s.moves("alcazar-retired", 1)
    if computers:
        await s.started("1978-computer", "alcazar1978", "dave", [], computers=1, level="easy")
        await s.moves("1978-computer", 1)
        await s.started("alcazar-computers", "alcazar", "dave", ["alice"], computers=1, level="easy")
        await s.moves("alcazar-computers", 4)
    # Deadlines: set, and due by the end.
    await s.started("alcazar-deadline", "alcazar", "bob", ["dave"], deadline_hours=24.0)
    await s.moves("alcazar-deadline", 2)
    await s.started("1978-deadline", "alcazar1978", "carol", ["dave"], deadline_hours=24.0)
    await s.moves("1978-deadline", 2)
    # Reminders: the first goes out after 13 hours; the second is due when the release stops.
    s.clock.advance(hours=13)
    await s.bot.reminders.run_once()
    await s.fake.settle()
    s.clock.advance(hours=25)
    for name in ("alcazar-3", "1978-running"):
        await s.chooser(name, to_play=True)
        await s.chooser(name, to_play=False)


# ----- what the release left behind ---------------------------------------------------------
def presser(custom_id: str, game: Any, audience: int | None,
            question: dict[str, Any] | None, strangers: list[int]) -> int | None:
    """Who would press this button: its one reader for private messages, else whom it is for."""
    if audience is not None:
        return audience
    parts = custom_id.split(":")
    if game is None:
        return None
    if parts[1] == "lobby":
        if parts[2] == "join":
            return next(u for u in strangers if u not in game.players)
        if parts[2] == "leave":
            return next((u for u in game.players if u != game.host_id and u > 0), game.host_id)
        return game.host_id
    if parts[1] == "turn":
        return game.to_move_id if game.to_move_id is not None else game.host_id
    if parts[1] in ("undo", "draw"):
        asker = question["asked_by"] if question else None
        return next((u for u in game.players if u != asker and u > 0), game.host_id)
    return next((u for u in game.players if u > 0), game.host_id)


def shown(custom_id: str, message: dict[str, Any], component: dict[str, Any]) -> Any:
    """What the button or menu showed: a chooser Play its move's notation, a menu its options."""
    if component["type"] == 3:
        return {"placeholder": component.get("placeholder"),
                "options": [{"value": o["value"], "label": o["label"]} for o in component["options"]]}
    if custom_id.startswith(("az:play:", "az:choose:play:")):
        found = re.findall(r"`([^`]+)`", message.get("content") or "")
        return {"move": found[-1] if found else None}
    return {"label": component.get("label")}


async def buttons(s: Scenario, questions: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    by_game = {gid: await s.service.game(gid) for gid in s.games.values()}
    strangers = [s.people[n].id for n in ("erin", "dave", "carol", "bob")]
    for message_id, message in sorted(s.fake.messages.items()):
        audience = s.fake.message_audience.get(message_id)
        for row in message.get("components", []):
            for component in row.get("components", []):
                custom_id = component.get("custom_id")
                if not custom_id:
                    continue
                game_id = next((int(p) for p in custom_id.split(":")[2:] if p.isdigit()), None)
                game = by_game.get(game_id) if game_id is not None else None
                out.append({
                    "channel_id": int(message["channel_id"]), "message_id": message_id,
                    "ephemeral": audience is not None and not s.fake.channels[int(message["channel_id"])].is_dm,
                    "dm": s.fake.channels[int(message["channel_id"])].is_dm,
                    "game_id": game_id, "custom_id": custom_id, "type": component["type"],
                    "label": component.get("label"), "disabled": bool(component.get("disabled")),
                    "presser": presser(custom_id, game, audience, questions.get(game_id or 0), strangers),
                    "showed": shown(custom_id, message, component),
                })
    return out


def messages(s: Scenario) -> list[dict[str, Any]]:
    """The bot's messages that carry components, as the fake holds them (to seed today's fake)."""
    kept = []
    for message_id, message in sorted(s.fake.messages.items()):
        if any(row.get("components") for row in message.get("components", [])):
            kept.append({"id": message_id, "channel_id": int(message["channel_id"]),
                         "audience": s.fake.message_audience.get(message_id),
                         "content": message.get("content") or "", "embeds": message.get("embeds") or [],
                         "components": message["components"], "flags": int(message.get("flags") or 0)})
    return kept


def open_questions(db: sqlite3.Connection) -> dict[int, dict[str, Any]]:
    """Each game's open question that is still current (asked at the game's version), as stored."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    rows: list[tuple[Any, ...]] = []
    if "questions" in tables:
        rows += db.execute("SELECT game_id, question, asked_by, version, agreed_by FROM questions").fetchall()
    if "undo_requests" in tables:
        rows += db.execute("SELECT game_id, 'undo', requester_id, version, approved_by FROM undo_requests").fetchall()
    if "draw_offers" in tables:
        rows += db.execute("SELECT game_id, 'draw', offered_by, version, '[]' FROM draw_offers").fetchall()
    versions = dict(db.execute("SELECT id, version FROM games").fetchall())
    current = {}
    for game_id, question, asked_by, version, agreed in rows:
        if version == versions[game_id]:
            current[game_id] = {"question": question, "asked_by": asked_by, "version": version,
                                "agreed_by": json.loads(agreed)}
    return current


async def expected(s: Scenario, db: sqlite3.Connection, questions: dict[int, dict[str, Any]]) -> dict[str, Any]:
    due = {(r.game_id, r.user_id): r.number for r in await s.service.due_reminders()}
    games = {}
    for name, game_id in s.games.items():
        row = db.execute("SELECT kind, status, settings, seed, version, host_id, guild_id, channel_id, "
                         "turn_seat, turn_since FROM games WHERE id = ?", (game_id,)).fetchone()
        kind, status, settings, seed, version, host, guild, channel, turn_seat, turn_since = row
        seats = [{"user_id": u, "seat": seat, "resigned": r} for u, seat, r in db.execute(
            "SELECT user_id, seat, resigned FROM seats WHERE game_id = ? ORDER BY seat, joined_at", (game_id,))]
        log = [{"ply": p, "seat": seat, "kind": k, "notation": n} for p, seat, k, n in db.execute(
            "SELECT ply, seat, kind, notation FROM moves WHERE game_id = ? AND undone_at IS NULL ORDER BY ply",
            (game_id,))]
        entry: dict[str, Any] = {
            "id": game_id, "kind": kind, "status": status, "settings": json.loads(settings), "seed": seed,
            "version": version, "host_id": host, "guild_id": guild, "channel_id": channel,
            "turn_seat": turn_seat, "turn_since": turn_since, "seats": seats, "log": log,
            "question": questions.get(game_id),
        }
        if version > 0:
            snapshot = db.execute("SELECT state FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
            engine = get_game(kind)
            entry["state"] = engine.to_dict(engine.from_dict(json.loads(snapshot[0])))
            view = await s.service.board_view(game_id)
            entry["view"] = json.loads(json.dumps(view.view))
        result = db.execute("SELECT winners, reason, outcome FROM results WHERE game_id = ?", (game_id,)).fetchone()
        entry["result"] = None if result is None else {
            "winners": json.loads(result[0]), "reason": result[1], "outcome": json.loads(result[2])}
        reminder = db.execute("SELECT version, sent, last_sent_at FROM reminders WHERE game_id = ?",
                              (game_id,)).fetchone()
        game = await s.service.game(game_id)
        deadline = json.loads(settings).get("deadline_hours")
        entry["reminders"] = {
            "sent": None if reminder is None else {"version": reminder[0], "sent": reminder[1],
                                                   "last_sent_at": reminder[2]},
            "due": None if game.to_move_id is None or (game_id, game.to_move_id) not in due
            else {"user_id": game.to_move_id, "number": due[(game_id, game.to_move_id)]},
            "deadline_at": None if deadline is None or turn_since is None else turn_since + deadline * 3600,
        }
        entry["deadline_due"] = entry["reminders"]["deadline_at"] is not None and \
            entry["reminders"]["deadline_at"] <= s.clock.now()
        games[name] = entry
    return {"release_now": s.clock.now(), "schema_version": db.execute("PRAGMA user_version").fetchone()[0],
            "guild_id": s.fake.guild.id, "bot_user_id": s.fake.bot_user.id,
            "channels": [{"id": c.id, "name": c.name, "dm": c.is_dm,
                          "recipient": c.recipient.id if c.recipient else None}
                         for c in s.fake.channels.values()],
            "users": {name: user.id for name, user in s.people.items()},
            "choosers": s.choosers, "games": games}


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    database = out / "work.sqlite3"
    for stale in out.glob("work.sqlite3*"):
        stale.unlink()
    fake = FakeDiscord()
    await fake.start()
    people = {name: fake.add_user(name) for name in ("alice", "bob", "carol", "dave", "erin")}
    clock = FakeClock(start=START)
    from bot.discord import AlcazarBot
    if hasattr(AlcazarBot, "process_name"):
        # Claims are signed with host and pid; a fixed name keeps a rebuild byte for byte the same.
        AlcazarBot.process_name = property(lambda self: "fixture-maker:0:shards all")  # type: ignore[attr-defined]
    options: dict[str, Any] = {"clock": clock, "reminder_interval": None, "game_seeds": itertools.count(101)}
    if has_computers():
        options["think_scale"] = 0.01
    try:
        async with running_bot(fake, database, **options) as bot_:
            scenario = Scenario(fake, bot_, clock, people, database)
            await play(scenario)
            await fake.settle()
            with closing(sqlite3.connect(database)) as db:
                questions = open_questions(db)
                facts = await expected(scenario, db, questions)
            recorded = await buttons(scenario, questions)
            carried = messages(scenario)
    finally:
        await fake.stop()
    assert not fake.problems, fake.problems
    final = out / "games.sqlite3"
    final.unlink(missing_ok=True)
    with closing(sqlite3.connect(database, isolation_level=None)) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        # One file, no -wal beside it; today's store switches it back to WAL when it opens it.
        db.execute(f"VACUUM INTO '{final}'")
    for work in out.glob("work.sqlite3*"):
        work.unlink()
    write(out / "buttons.json", {"buttons": recorded, "messages": carried})
    write(out / "expected.json", facts)
    print(f"wrote {final} ({final.stat().st_size} bytes), {len(recorded)} buttons, {len(facts['games'])} games "
          f"with {bot.__file__}")


def write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
