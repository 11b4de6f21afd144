"""The web board's figures: what a page costs to load, and how fast a move reaches 1,000 open pages.

    .venv/bin/python bench/web.py [--games 200] [--pages-per-game 5] [--rate 20] [--seconds 20]

Opens ``--games`` games of both kinds (Alcazar with 2 to 5 players, Alcazar (1978); ``bench/opening.py``,
a few random moves into each) through the real ``GameService`` on a SQLite file in ``TMPDIR``, and serves
the real web board (``bot.web.web_app``) on 127.0.0.1 in this process, as the bot does.

First load (a seated player to act, one game of each kind and size): the bytes on the wire, gzip as a
browser asks for it, of the page (HTML, scripts, style), the player's view and their moves
(``page_kb_gzip``, the largest; budget 100 KB), the board image the page loads (``board_kb``, budget
300 KB; beside it ``board_kb_discord``, the channel's board of the same position), and the view alone
(``view_kb_gzip``, budget 16 KB; ``view_kb_raw`` unpacked). Inside Discord, as a Discord Activity (the
bench vouching for the player as Discord would), the same player's first load is the page with the
Activity's script (Discord's Embedded App SDK, bundled), the sign-in's answer, the view and the moves,
without the board image (``activity_page_kb_gzip``, budget 150 KB).

Live: a second process (this script with ``--client``) opens ``--pages-per-game`` WebSockets on each game,
its players' and spectators' (in English and Hungarian), 1,000 in all by default, each loading its view first and sending the
version it holds as a page does: every player of every game watching, 4.6 views a change on average
(``--games 500 --pages-per-game 2`` is a table where one player and one spectator watch, 2 views). This process's memory (PSS, and RSS) before and after they open gives
``kb_per_socket`` (budget 50 KB). Then moves are played at ``--rate`` a second (open loop, one every
1/rate s, each to the game played longest ago) for ``--seconds``, through ``service.turns.play`` as
Discord plays one. A move's push time runs from the call to the moment the last open page of its game
has a view at least that new (the client's receipts, timed on the same monotonic clock);
``push_p99_ms`` is its 99th percentile (budget 1,000 ms), beside ``play_ms_p99``, the service call
alone in the same run (the baseline: what a page waits for in any case). ``missed`` counts pages that
never got a move's view. What a push costs: ``views_per_move`` (one view per seated page and one per
spectators' language, on average over the games), ``view_build_ms_seated`` and ``_spectator`` (one
``service.pages.view``, in CPU time), ``cpu_ms_per_move`` (this process's CPU time over the moves and their
pushes, per move) and ``cpu_share`` (the share of a core it had meanwhile: below 1 on a busy machine).
When ``rate x cpu_ms_per_move`` nears a second of CPU a second, the pushes queue and the p99 grows with
the run's length.

The last line is one JSON object.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import re
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from figures import median, p99, print_summary  # noqa: E402
from opening import HOST, Game, done, game_id, next_move, open_games, played  # noqa: E402

BUDGETS = {"page_kb_gzip": 100, "board_kb": 300, "view_kb_gzip": 16, "push_p99_ms": 1000, "kb_per_socket": 50,
           "activity_page_kb_gzip": 150}
WEB_URL = "http://127.0.0.1:{port}"
PAGE_FILES = re.compile(r'(?:src|href)="\.?(/assets/[^"]+\.(js|css))"')
ACTIVITY_SCRIPT = re.compile(r'<meta name="activity-script" content="\.?(/assets/[^"]+\.js)"')
#: The bench's application id, and Discord's word about a visitor: here, the code names the user and channel.
APPLICATION_ID = 1


async def vouch(code: str, instance_id: str) -> Any:
    from bot.web.hooks import ActivityVisitor

    user, channel = map(int, code.split(":"))
    return ActivityVisitor(user_id=user, channel_id=channel, guild_id=1, access_token="token")


def memory_kb() -> dict[str, int]:
    """This process's PSS and RSS, in KB (``/proc/self/smaps_rollup``)."""
    found: dict[str, int] = {}
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in ("Pss", "Rss"):
            found[name.lower()] = int(rest.split()[0])
    return found


def settled_memory() -> dict[str, int]:
    gc.collect()
    return memory_kb()


# -- the client process: the open pages ---------------------------------------------------------

async def run_pages(port: int, pages: list[dict[str, Any]]) -> None:
    """Load every page's view, say "loaded" and wait for a line; open every page's socket, say "ready", note each view's arrival until stdin closes, then print them."""
    import aiohttp

    receipts: list[tuple[int, int, float]] = []          # (page, version, monotonic time)
    origin = WEB_URL.format(port=port)

    async def load(page: dict[str, Any], http: aiohttp.ClientSession) -> dict[str, Any]:
        # As the page does: its view first (the first load), then the socket, from the version it shows.
        async with http.get(f"{origin}/api/games/{page['game']}/view", params={"lang": page["lang"]},
                            headers={"Authorization": f"Bearer {page['session']}"}) as answer:
            return dict(page, version=(await answer.json())["game"]["version"])

    async def follow(index: int, page: dict[str, Any], http: aiohttp.ClientSession, opened: asyncio.Event) -> None:
        async with http.ws_connect(f"{origin}/api/games/{page['game']}/live", headers={"Origin": origin},
                                   heartbeat=None) as socket:
            await socket.send_json({"session": page["session"], "version": page["version"], "lang": page["lang"]})
            opened.set()
            async for message in socket:
                if message.type is aiohttp.WSMsgType.TEXT:
                    version = json.loads(message.data)["view"]["game"]["version"]
                    receipts.append((index, version, time.monotonic()))

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        for first in range(0, len(pages), 100):
            pages[first:first + 100] = await asyncio.gather(*(load(page, http) for page in pages[first:first + 100]))
        # The views are loaded (what they leave in the bot's memory is the first loads', not the sockets'):
        # the bot measures, then says when to open the sockets.
        print("loaded", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        opened = [asyncio.Event() for _ in pages]
        tasks = []
        for first in range(0, len(pages), 100):           # a hundred at a time, as pages come and go
            tasks += [asyncio.create_task(follow(i, pages[i], http, opened[i]))
                      for i in range(first, min(len(pages), first + 100))]
            await asyncio.gather(*(opened[i].wait() for i in range(first, min(len(pages), first + 100))))
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps(receipts), flush=True)


# -- the bot's side -----------------------------------------------------------------------------

async def first_load(http: Any, base: str, game: int, session: str) -> dict[str, int]:
    """The bytes on the wire of a player's first load (gzip where the browser takes it)."""
    sizes: dict[str, int] = {}
    gzip = {"Accept-Encoding": "gzip"}
    html = await (await http.get(f"{base}/play", headers=gzip)).read()
    sizes["html"] = len(html)
    # What the page loads: its scripts and style (the Activity's script, named in a meta, only inside Discord).
    for name, ext in PAGE_FILES.findall(zlib.decompress(html, 16 + zlib.MAX_WBITS).decode()):
        sizes[ext] = sizes.get(ext, 0) + len(await (await http.get(f"{base}{name}", headers=gzip)).read())
    auth = {**gzip, "Authorization": f"Bearer {session}"}
    view_answer = await http.get(f"{base}/api/games/{game}/view?lang=en", headers=auth)
    view_gzip = await view_answer.read()
    sizes["view"] = len(view_gzip)
    view = json.loads(zlib.decompress(view_gzip, 16 + zlib.MAX_WBITS))
    sizes["view_raw"] = len(json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode())
    moves = await http.get(f"{base}/api/games/{game}/moves?lang=en", headers=auth)
    sizes["moves"] = len(await moves.read())
    board = await http.get(f"{base}/api/games/{game}/board?v={view['game']['version']}", headers=auth)
    sizes["board"] = len(await board.read())
    return sizes


async def activity_first_load(http: Any, base: str, user_id: int, channel_id: int) -> int:
    """The bytes on the wire of a player's first load inside Discord: the page, its scripts, style and the
    Activity's script (Discord's SDK), the sign-in, the view and the moves; the board image left out."""
    gzip = {"Accept-Encoding": "gzip"}
    html = await (await http.get(f"{base}/?frame_id=f&instance_id=i&platform=desktop", headers=gzip)).read()
    text = zlib.decompress(html, 16 + zlib.MAX_WBITS).decode()
    activity = ACTIVITY_SCRIPT.findall(text)
    # Unbuilt, the script keeps its plain name in the meta (the server has no file to hash).
    assert len(activity) == 1 and activity != ["/assets/activity.js"], f"the Activity's script is unbuilt: {activity}"
    files = [name for name, _ in PAGE_FILES.findall(text)] + activity
    total = len(html) + len((await (await http.get(f"{base}/api/activity", headers=gzip)).read()))
    for name in files:
        total += len(await (await http.get(f"{base}{name}", headers=gzip)).read())
    signed = await http.post(f"{base}/api/activity/session", headers=gzip,
                             json={"code": f"{user_id}:{channel_id}", "instance_id": "i"})
    raw = await signed.read()
    total += len(raw)
    answer = json.loads(zlib.decompress(raw, 16 + zlib.MAX_WBITS) if signed.headers.get("Content-Encoding") else raw)
    auth = {**gzip, "Authorization": f"Bearer {answer['session']}"}
    for what in ("view", "moves"):
        total += len(await (await http.get(f"{base}/api/games/{answer['game_id']}/{what}?lang=en", headers=auth)).read())
    return total


async def measure_first_loads(service: Any, http: Any, base: str, games: list[Game]) -> dict[str, Any]:
    """A first load for one game of each kind and size (its player to act), and the channel's board beside it."""
    from bot.service import board_png

    loads: dict[str, dict[str, int]] = {}
    for game in games:
        info = await service.records.game(game_id(game))
        label = f"{info.kind}_{len(info.players)}"
        if label in loads:
            continue
        link = await service.links.link_for(info.id, info.to_move_id)
        session = await service.links.open(link.token)
        loads[label] = await first_load(http, base, info.id, session.token)
        # Inside Discord the channel's game opens (the bench's games have a channel each).
        loads[label]["activity"] = await activity_first_load(http, base, info.to_move_id, info.channel_id)
        board = await service.records.board_view(info.id)
        loads[label]["board_discord"] = len(await board_png(info.kind, board.view, [f"Player {u}" for u in
                                                                                     info.players], "en"))
    kb = lambda n: round(n / 1024, 1)  # noqa: E731
    page = {label: kb(s["html"] + s["js"] + s["css"] + s["view"] + s["moves"]) for label, s in loads.items()}
    return {
        "page_kb_gzip": max(page.values()),
        "activity_page_kb_gzip": kb(max(s["activity"] for s in loads.values())),
        "board_kb": kb(max(s["board"] for s in loads.values())),
        "view_kb_gzip": kb(max(s["view"] for s in loads.values())),
        "view_kb_raw": kb(max(s["view_raw"] for s in loads.values())),
        "board_kb_discord": kb(max(s["board_discord"] for s in loads.values())),
        "first_load_kb_gzip": {label: {"page": page[label], "html_js_css": kb(s["html"] + s["js"] + s["css"]),
                                        "view": kb(s["view"]), "moves": kb(s["moves"]), "board": kb(s["board"])}
                               for label, s in loads.items()},
    }


async def pages_of(service: Any, games: list[Game], per_game: int) -> list[dict[str, Any]]:
    """``per_game`` pages on each game: its players' first, then spectators in English and Hungarian."""
    pages = []
    for game in games:
        info = await service.records.game(game_id(game))
        viewers = list(info.players)[:per_game]
        viewers += [HOST + 100 + n for n in range(per_game - len(viewers))]
        for n, user in enumerate(viewers):
            link = await service.links.link_for(info.id, user)
            session = await service.links.open(link.token)
            pages.append({"game": info.id, "session": session.token, "version": info.version,
                          "lang": "hu" if user > HOST + 99 and n % 2 else "en", "seated": user in info.players})
    return pages


async def play_moves(service: Any, games: list[Game], rate: float,
                     seconds: float) -> list[tuple[int, int, float, float]]:
    """Moves at ``rate`` a second (open loop), each to the game played longest ago: (game, version, start, ms)."""
    from bot.service import Accepted

    waiting = [g for g in games if not done(g)]
    played_moves: list[tuple[int, int, float, float]] = []
    running: set[asyncio.Task[None]] = set()

    async def one(game: Game, due: float) -> None:
        user, text = next_move(game)
        result = await service.turns.play(game_id(game), user, text)
        finished = time.monotonic()
        if isinstance(result, Accepted):
            played_moves.append((game_id(game), result.game.version, due, (finished - due) * 1000))

    start = time.monotonic()
    for n in range(int(rate * seconds)):
        due = start + n / rate
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        if not waiting:
            break
        game = waiting.pop(0)
        task = asyncio.create_task(one(game, due))
        running.add(task)
        task.add_done_callback(running.discard)
        if not done(played(game)):
            waiting.append(played(game))
    await asyncio.gather(*running)
    return played_moves


def push_times(moves: list[tuple[int, int, float, float]], pages: list[dict[str, Any]],
               receipts: list[tuple[int, int, float]]) -> tuple[list[float], int]:
    """Each move's time until every open page of its game had a view at least as new; and the views never seen."""
    arrivals: dict[int, list[tuple[int, float]]] = {}
    for index, version, at in receipts:
        arrivals.setdefault(index, []).append((version, at))
    by_game: dict[int, list[int]] = {}
    for index, page in enumerate(pages):
        by_game.setdefault(page["game"], []).append(index)
    times, missed = [], 0
    for game, version, due, _ in moves:
        latest = 0.0
        for index in by_game.get(game, []):
            seen = [at for v, at in arrivals.get(index, []) if v >= version]
            if not seen:
                missed += 1
                continue
            latest = max(latest, min(seen) - due)
        times.append(latest * 1000)
    return times, missed


async def bench(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    import aiohttp
    from aiohttp import web

    from bot.collector import freeze_start_up
    from bot.config import load_settings
    from bot.service import FakeClock, GameService, open_store
    from bot.web import WebHooks, WebLimits, web_app
    from bot.web.app import HUB
    from bot.web.hooks import ActivityHooks

    store = await open_store(folder / "games.sqlite3")
    service = GameService(store, FakeClock(), cache_size=args.games * 2)
    continuation = int(args.rate * args.seconds / args.games) + 3
    games = await open_games(service, args.games, min(args.games, 50), continuation)
    freeze_start_up()          # as the bot does once it is ready (``bot/collector.py``)

    async def names_of(user_ids: Any) -> list[str]:
        return [f"Player {user_id}" for user_id in user_ids]

    async def publish(accepted: Any) -> None:
        return None

    with socket_port() as port:
        pass
    settings = load_settings({"WEB_URL": WEB_URL.format(port=port)}, env_file=None, need_token=False)
    activity = ActivityHooks(client_id=APPLICATION_ID, identify=vouch)
    app = web_app(service, settings, WebHooks(names_of=names_of, publish=publish, activity=activity),
                  limits=WebLimits())
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    figures: dict[str, Any] = {}
    try:
        async with aiohttp.ClientSession(auto_decompress=False) as http:
            figures.update(await measure_first_loads(service, http, WEB_URL.format(port=port), games))
        pages = await pages_of(service, games, args.pages_per_game)
        figures.update(await view_build_ms(service, games, names_of))
        figures["views_per_move"] = views_per_move(pages)
        client = subprocess.Popen([sys.executable, __file__, "--client", str(port)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        assert client.stdin is not None and client.stdout is not None
        client.stdin.write(json.dumps(pages) + "\n")
        client.stdin.flush()
        loaded = await asyncio.get_running_loop().run_in_executor(None, client.stdout.readline)
        assert loaded.strip() == "loaded", loaded
        before = settled_memory()
        client.stdin.write("open\n")
        client.stdin.flush()
        ready = await asyncio.get_running_loop().run_in_executor(None, client.stdout.readline)
        assert ready.strip() == "ready", ready
        await asyncio.sleep(1.0)
        after = settled_memory()
        open_now = app[HUB].open_pages
        cpu, wall = time.process_time(), time.monotonic()
        moves = await play_moves(service, games, args.rate, args.seconds)
        await views_sent(app[HUB], timeout=60.0)
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
        await asyncio.sleep(1.0)                  # the last views on their way
        after_moves = settled_memory()
        client.stdin.close()
        receipts = json.loads(await asyncio.get_running_loop().run_in_executor(None, client.stdout.readline))
        client.wait()
        await pages_closed(app[HUB], timeout=30.0)
        closed = settled_memory()
    finally:
        await runner.cleanup()
        await store.close()
    times, missed = push_times(moves, pages, receipts)
    figures.update({
        "push_p99_ms": p99(times, 1), "push_ms_median": median(times, 1), "push_ms_max": round(max(times), 1),
        "play_ms_p99": p99([ms for *_, ms in moves], 1), "play_ms_median": median([ms for *_, ms in moves], 1),
        "moves": len(moves), "missed": missed, "sockets": open_now,
        # What the moves and their pushes took of this process's CPU (its threads included), and how much of
        # a core it had meanwhile: on a machine shared with other work the push waits for the CPU too.
        "cpu_ms_per_move": round(cpu * 1000 / max(1, len(moves)), 1), "cpu_share": round(cpu / wall, 2),
        # Two differences, the larger taken: the sockets opening (their views already loaded, as a page loads
        # its view first: what the first loads leave in the bot's caches is not the sockets'), and the pages closing after
        # the moves (by then every page has been sent views and holds what that leaves).
        "kb_per_socket": round(max(after["pss"] - before["pss"], after_moves["pss"] - closed["pss"]) / len(pages), 1),
        "kb_per_socket_opening": round((after["pss"] - before["pss"]) / len(pages), 1),
        "kb_per_socket_closing": round((after_moves["pss"] - closed["pss"]) / len(pages), 1),
        "kb_per_socket_rss": round((after["rss"] - before["rss"]) / len(pages), 1),
        "pss_mb_before_sockets": round(before["pss"] / 1024, 1), "pss_mb_with_sockets": round(after["pss"] / 1024, 1),
        "pss_mb_after_moves": round(after_moves["pss"] / 1024, 1), "pss_mb_closed": round(closed["pss"] / 1024, 1),
        "budgets": BUDGETS,
    })
    return figures


async def views_sent(hub: Any, timeout: float) -> None:
    """Wait until the hub has brought every game's pages up to date (a backlog is finished, not cut off)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(room.round is not None and not room.round.done()
                                              for room in hub.rooms.values()):
        await asyncio.sleep(0.1)


def views_per_move(pages: list[dict[str, Any]]) -> float:
    """The views a change costs, on average over the games: one per seated page, one per spectators' language."""
    kinds: dict[int, set[tuple[bool, str, str]]] = {}
    for page in pages:
        kind = (True, page["session"], "") if page["seated"] else (False, "", page["lang"])
        kinds.setdefault(page["game"], set()).add(kind)
    return round(sum(len(k) for k in kinds.values()) / len(kinds), 2)


async def pages_closed(hub: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and hub.open_pages:
        await asyncio.sleep(0.1)


async def view_build_ms(service: Any, games: list[Game], names_of: Any) -> dict[str, float]:
    """The CPU time of one ``service.pages.view``, a seated player's and a spectator's (what each change costs
    for each kind of viewer of its game), over the first fifty games."""
    seated: list[float] = []
    watching: list[float] = []
    for game in games[:50]:
        info = await service.records.game(game_id(game))
        for user, times in ((info.players[0], seated), (HOST + 500, watching)):
            start = time.process_time()
            await service.pages.view(info.id, user, "en", names_of)
            times.append((time.process_time() - start) * 1000)
    return {"view_build_ms_seated": median(seated, 1), "view_build_ms_spectator": median(watching, 1)}


class socket_port:
    """A free TCP port on 127.0.0.1 (the probe's socket is closed on leaving)."""

    def __enter__(self) -> int:
        import socket
        self.probe = socket.socket()
        self.probe.bind(("127.0.0.1", 0))
        return int(self.probe.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        self.probe.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--pages-per-game", type=int, default=5)
    parser.add_argument("--rate", type=float, default=20.0, help="moves a second")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--client", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:
        asyncio.run(run_pages(args.client, json.loads(sys.stdin.readline())))
        return
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(bench(args, Path(folder)))
    within = {name: figures[name] <= budget for name, budget in BUDGETS.items()}
    figures["within_budgets"] = within
    print_summary(
        f"{figures['sockets']} pages open, {figures['moves']} moves at {args.rate:g}/s: push p99 "
        f"{figures['push_p99_ms']} ms (the move alone {figures['play_ms_p99']} ms; budget 1000), "
        f"{figures['kb_per_socket']} KB a page (budget 50); first load {figures['page_kb_gzip']} KB gzip "
        f"(budget 100; inside Discord {figures['activity_page_kb_gzip']} KB, budget 150), "
        f"view {figures['view_kb_gzip']} KB gzip (budget 16), board {figures['board_kb']} KB "
        f"(budget 300; the channel's {figures['board_kb_discord']} KB)", figures)


if __name__ == "__main__":
    main()
