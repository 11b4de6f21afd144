"""The board as a Discord Activity: which game an Activity opens, and the sessions and passes it gets."""
from __future__ import annotations

from bot.service import ActivityChoice, FakeClock, GameService, Reason, WebSession
from bot.service.activities import LAUNCH_SECONDS

from .helpers import finished_in, open_table, refused

CHANNEL, OTHER_CHANNEL = 500, 501


async def finish(service: GameService, channel_id: int, *, seed: int) -> int:
    """A game of Alcazar (1978) played to its end in ``channel_id``; its id."""
    table = await open_table(service, "alcazar1978", 2, seed=seed, channel_id=channel_id)
    await table.play_to_end()
    return table.game_id


async def test_a_recorded_launch_opens_its_game_for_its_user_and_channel_only(
        service: GameService, clock: FakeClock) -> None:
    old = await finish(service, CHANNEL, seed=3)
    live = await open_table(service, "alcazar1978", 2, seed=4, channel_id=CHANNEL)
    alice = live.last.game.players[0]
    await service.activities.record_launch(alice, CHANNEL, old)
    chosen = await service.activities.games_for(alice, CHANNEL)
    assert chosen.game is not None and chosen.game.id == old
    # Someone else, or the same user in another channel, did not launch it: the channel decides.
    assert (await service.activities.games_for(alice + 1, CHANNEL)).game.id == live.game_id
    assert (await service.activities.games_for(alice, OTHER_CHANNEL)) == ActivityChoice(None, ())
    # A newer launch replaces the older one.
    await service.activities.record_launch(alice, CHANNEL, live.game_id)
    assert (await service.activities.games_for(alice, CHANNEL)).game.id == live.game_id


async def test_a_launch_counts_for_an_hour_then_the_channel_decides(service: GameService, clock: FakeClock) -> None:
    old = await finish(service, CHANNEL, seed=3)
    live = await open_table(service, "alcazar1978", 2, seed=4, channel_id=CHANNEL)
    await service.activities.record_launch(7, CHANNEL, old)
    clock.advance(seconds=LAUNCH_SECONDS - 1)
    assert (await service.activities.games_for(7, CHANNEL)).game.id == old
    clock.advance(seconds=2)
    assert (await service.activities.games_for(7, CHANNEL)).game.id == live.game_id


async def test_without_a_live_game_the_channels_games_are_offered_the_viewers_first(service: GameService) -> None:
    viewer = 42
    first = await finished_in(service, CHANNEL, viewer, 43)
    second = await finished_in(service, CHANNEL, 44, 45)
    third = await finished_in(service, CHANNEL, 43, viewer)
    fourth = await finished_in(service, CHANNEL, 46, 47)
    chosen = await service.activities.games_for(viewer, CHANNEL)
    assert chosen.game is None
    # The viewer's own games first, then the others; each part newest first.
    assert [game.id for game in chosen.choices] == [third, first, fourth, second]
    stranger = await service.activities.games_for(48, CHANNEL)
    assert [game.id for game in stranger.choices] == [fourth, third, second, first]


async def test_a_channel_with_one_finished_game_opens_it(service: GameService) -> None:
    only = await finish(service, CHANNEL, seed=3)
    chosen = await service.activities.games_for(42, CHANNEL)
    assert chosen.game is not None and chosen.game.id == only and chosen.choices == ()


async def test_a_session_for_a_vouched_user_and_a_pass_for_the_channels_games(
        service: GameService, clock: FakeClock) -> None:
    game = await finish(service, CHANNEL, seed=3)
    elsewhere = await finish(service, OTHER_CHANNEL, seed=4)
    session = await service.links.session_for(game, 42, days=1)
    assert isinstance(session, WebSession) and (session.game_id, session.user_id) == (game, 42)
    assert await service.links.session(session.token) == session
    refused(await service.links.session_for(10**9, 42), Reason.NO_SUCH_GAME)

    ticket = await service.links.channel_pass(CHANNEL, 42, days=1)
    picked = await service.links.open_pass(ticket, game)
    assert isinstance(picked, WebSession) and (picked.game_id, picked.user_id) == (game, 42)
    # A game of another channel is as unknown as a game that does not exist.
    refused(await service.links.open_pass(ticket, elsewhere), Reason.NO_SUCH_GAME)
    refused(await service.links.open_pass(ticket, 10**9), Reason.NO_SUCH_GAME)
    # A pass is no session, nor a link, and a session or link is no pass.
    refused(await service.links.session(ticket), Reason.LINK_BROKEN)
    refused(await service.links.open(ticket), Reason.LINK_BROKEN)
    refused(await service.links.open_pass(session.token, game), Reason.LINK_BROKEN)
    link = await service.links.link_for(game, 42)
    refused(await service.links.open_pass(link.token, game), Reason.LINK_BROKEN)


async def test_passes_and_sessions_expire_and_end_with_the_users_links(service: GameService, clock: FakeClock) -> None:
    game = await finish(service, CHANNEL, seed=3)
    ticket = await service.links.channel_pass(CHANNEL, 42, days=1)
    session = await service.links.session_for(game, 42, days=1)
    clock.advance(seconds=86_401)
    refused(await service.links.open_pass(ticket, game), Reason.LINK_EXPIRED)
    refused(await service.links.session(session.token), Reason.LINK_EXPIRED)
    ticket = await service.links.channel_pass(CHANNEL, 42, days=1)
    session = await service.links.session_for(game, 42, days=1)
    clock.advance(seconds=1)
    await service.links.end_all(42)
    refused(await service.links.open_pass(ticket, game), Reason.LINK_ENDED)
    refused(await service.links.session(session.token), Reason.LINK_ENDED)
