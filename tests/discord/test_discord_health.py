"""``/healthz`` and ``/metrics`` of the real bot on the fake Discord, asked by a real HTTP client.

Health follows the gateway (down for more than 30 s by the bot's clock: 503
naming the shard; resumed: 200), the database (closed: 503) and the image
workers (one killed: 503). The metrics parse as Prometheus' text format and
rise with the moves played.
"""
from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any, AsyncIterator

import aiohttp
import pytest
from conftest import running_bot, settings_for
from fake_discord import FakeDiscord
from players import start_game
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.parser import text_string_to_metric_families

from bot.discord import AlcazarBot
from bot.discord.images import worker_pids
from bot.discord.monitor import http_trace, route_of
from bot.service import FakeClock
from bot.telemetry import Metrics


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def health(http: aiohttp.ClientSession, bot: AlcazarBot) -> tuple[int, dict[str, Any]]:
    async with http.get(f"http://127.0.0.1:{bot.monitor.port}/healthz") as response:
        assert response.content_type == "application/json"
        return response.status, await response.json()


async def scrape(http: aiohttp.ClientSession, bot: AlcazarBot) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: (name, labels) → value, parsed by prometheus_client."""
    async with http.get(f"http://127.0.0.1:{bot.monitor.port}/metrics") as response:
        assert response.status == 200 and response.headers["Content-Type"] == CONTENT_TYPE_LATEST
        text = await response.text()
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def total(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return sum(value for (sample, sample_labels), value in samples.items()
               if sample == name and set(labels.items()) <= set(sample_labels))


async def until(condition: Any, what: str, timeout: float = 15.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def test_healthz_follows_the_gateway_the_database_and_the_workers(
        fake: FakeDiscord, database_path: Path, http: aiohttp.ClientSession, clock: FakeClock) -> None:
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None, metrics_port=0) as bot:
        status, parts = await health(http, bot)
        assert status == 200, parts
        assert parts["status"] == "ok" and parts["failing"] == []
        assert parts["shards"] == {"0": {"connected": True, "down_seconds": None}}
        assert parts["database"] == {"ok": True, "error": None}
        assert parts["image_workers"]["ok"] is True and parts["image_workers"]["queued"] == 0

        # The gateway drops the connection and holds the reconnection: still healthy for 30 s.
        await fake.drop_gateway()
        await until(lambda: _down(http, bot), "the bot to notice the gateway is down")
        clock.advance(seconds=29)
        assert (await health(http, bot))[0] == 200, "a short drop is not a failure"
        clock.advance(seconds=2)
        status, parts = await health(http, bot)
        assert status == 503, parts
        assert parts["failing"] == ["shard 0"] and parts["shards"]["0"]["connected"] is False
        assert parts["shards"]["0"]["down_seconds"] == 31.0

        # It lets the bot back in: the session is resumed, and all is well again.
        fake.restore_gateway()
        await until(lambda: _healthy(http, bot), "the shard to resume")
        assert fake.resumes == 1, "the session was resumed, not identified afresh"
        assert (await health(http, bot))[1]["shards"]["0"]["connected"] is True

        # An image worker dies: the pool is broken until the next image replaces it.
        pid = worker_pids()[0]
        os.kill(pid, signal.SIGKILL)
        await until(lambda: _failing(http, bot, "image workers"), "the broken pool to show")

        # The database stops answering.
        assert bot.store is not None
        await bot.store.close()
        status, parts = await health(http, bot)
        assert status == 503 and "database" in parts["failing"], parts
        assert parts["database"]["ok"] is False and parts["database"]["error"]


async def _down(http: aiohttp.ClientSession, bot: AlcazarBot) -> bool:
    return (await health(http, bot))[1]["shards"]["0"]["connected"] is False


async def _healthy(http: aiohttp.ClientSession, bot: AlcazarBot) -> bool:
    return (await health(http, bot))[0] == 200


async def _failing(http: aiohttp.ClientSession, bot: AlcazarBot, part: str) -> bool:
    return part in (await health(http, bot))[1]["failing"]


async def test_metrics_rise_with_the_moves(fake: FakeDiscord, database_path: Path,
                                           http: aiohttp.ClientSession) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, metrics_port=0) as bot:
        before = await scrape(http, bot)
        assert total(before, "alcazar_moves_total") == 0
        assert total(before, "alcazar_image_queue") == 0
        game, seated = await start_game(fake, bot, alice, [bob], "alcazar1978")
        started = await scrape(http, bot)
        assert total(started, "alcazar_games", status="active") == 1
        assert total(started, "alcazar_games", status="finished") == 0
        for ply in range(4):
            current = await bot.service.records.game(game.id)
            [choice] = await bot.service.records.legal_moves_for(game.id, current.to_move_id, limit=1)
            reply = await fake.users[current.to_move_id].slash("move", notation=choice.notation)
            assert "Played" in reply.text, reply
        await fake.settle()
        after = await scrape(http, bot)
    assert total(after, "alcazar_moves_total", game="alcazar1978", player="human") == 4
    assert total(after, "alcazar_moves_total", player="computer") == 0
    # Every answer to an interaction is timed: the four moves, the lobby's buttons and the command.
    answers = total(after, "alcazar_interaction_answer_seconds_count")
    assert answers - total(started, "alcazar_interaction_answer_seconds_count") >= 4
    assert 0 < total(after, "alcazar_interaction_answer_seconds_sum") / answers < 3, "answered within Discord's 3 s"
    assert total(after, "alcazar_move_to_board_seconds_count") == 4
    drawn = total(after, "alcazar_image_render_seconds_count", image="board")
    assert drawn - total(started, "alcazar_image_render_seconds_count", image="board") >= 4
    assert total(after, "alcazar_image_render_seconds_sum") > 0
    # A move's board is a follow-up of its interaction (a webhook route, outside the global bucket).
    posted = total(after, "alcazar_discord_http_responses_total", method="POST", route="/webhooks/{id}/{token}",
                   status="200")
    assert posted - total(started, "alcazar_discord_http_responses_total", method="POST",
                          route="/webhooks/{id}/{token}", status="200") >= 4, "a board message per move"
    callbacks = total(after, "alcazar_discord_http_responses_total", route="/interactions/{id}/{token}/callback")
    assert callbacks >= answers
    assert not any("token" in str(labels) and "{token}" not in str(labels) for _, labels in after), \
        "no interaction token in a label"


async def test_429s_are_counted_by_status(fake: FakeDiscord, database_path: Path,
                                          http: aiohttp.ClientSession) -> None:
    """Discord's rate limit answers are counted too (discord.py retries them; each response counts)."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, metrics_port=0) as bot:
        game, (first, _) = await start_game(fake, bot, alice, [bob], "alcazar1978")
        fake.fail("POST", r"^/webhooks/\d+/[^/]+$", 429, retry_after=0.05)
        [move] = await bot.service.records.legal_moves_for(game.id, first.id, limit=1)
        assert "Played" in (await first.slash("move", notation=move.notation)).text
        await fake.settle()
        samples = await scrape(http, bot)
    board_posts = {status: total(samples, "alcazar_discord_http_responses_total", method="POST",
                                 route="/webhooks/{id}/{token}", status=status) for status in ("200", "429")}
    assert board_posts == {"200": 2, "429": 1}, "the first board, the limited post of the second and its retry"


def test_routes_keep_the_shape_and_drop_ids_and_tokens() -> None:
    assert route_of("/api/v10/channels/123/messages/456") == "/channels/{id}/messages/{id}"
    assert route_of("/api/v10/interactions/123/aW50ZXJhY3Rpb24.token/callback") == \
        "/interactions/{id}/{token}/callback"
    assert route_of("/api/v10/webhooks/99/aW50.tok/messages/@original") == "/webhooks/{id}/{token}/messages/@original"
    assert route_of("/gateway") == "/gateway"


def test_each_bot_has_its_own_registry() -> None:
    first, second = Metrics(), Metrics()
    first.move_played("alcazar", by_computer=False)
    http_trace(first)
    assert b'alcazar_moves_total{game="alcazar",player="human"} 1.0' in first.exposition()
    assert b"alcazar_moves_total{" not in second.exposition()


async def test_a_port_in_use_is_a_setting_to_fix(fake: FakeDiscord, database_path: Path) -> None:
    from bot.discord.monitor import MonitorUnavailable

    async with running_bot(fake, database_path, clock=FakeClock(), reminder_interval=None, metrics_port=0) as bot:
        taken = bot.monitor.port
        assert taken is not None
        second = AlcazarBot(settings_for(fake, database_path, metrics_port=taken))
        with pytest.raises(MonitorUnavailable) as error:
            await second.monitor.start("127.0.0.1", taken)
        assert error.value.port == taken and error.value.reason
        await second.monitor.stop()   # never logged in: nothing else to close


async def test_reminders_and_deadlines_are_counted(fake: FakeDiscord, database_path: Path,
                                                   http: aiohttp.ClientSession, clock: FakeClock) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with running_bot(fake, database_path, clock=clock, reminder_interval=None, metrics_port=0) as bot:
        await start_game(fake, bot, alice, [bob], "alcazar", reminder_hours=1.0, deadline_hours=3.0)
        clock.advance(hours=1.1)
        await bot.reminders.run_once()
        reminded = await scrape(http, bot)
        clock.advance(hours=2.0)
        await bot.reminders.run_once()
        late = await scrape(http, bot)
    assert total(reminded, "alcazar_reminders_sent_total") == 1
    assert total(reminded, "alcazar_deadlines_acted_on_total") == 0
    assert total(late, "alcazar_deadlines_acted_on_total") == 1
    assert total(late, "alcazar_moves_total") == 0, "a skipped turn is no move"
