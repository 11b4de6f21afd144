"""Personal links to the web board and their sessions: signed, expiring, ended on request."""
from __future__ import annotations

import base64
from pathlib import Path

from bot.i18n import t
from bot.service import BoardLink, FakeClock, GameService, Reason, Refusal, WebSession
from bot.store import open_store

from .helpers import open_table, refused

DAY = 86_400.0


def _flipped(token: str, index: int) -> str:
    """``token`` with one character changed for another of the same alphabet."""
    swap = "B" if token[index] != "B" else "C"
    return token[:index] + swap + token[index + 1:]


async def test_a_link_opens_a_session_of_its_game_and_user(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    alice = table.last.game.players[0]
    link = await service.links.link_for(table.game_id, alice, days=30)
    assert isinstance(link, BoardLink)
    assert (link.game_id, link.user_id, link.expires_at) == (table.game_id, alice, clock.now() + 30 * DAY)
    assert set(link.token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
    clock.advance(seconds=60)
    session = await service.links.open(link.token)
    assert isinstance(session, WebSession)
    assert (session.game_id, session.user_id, session.expires_at) == (table.game_id, alice, link.expires_at)
    assert session.token != link.token
    again = await service.links.session(session.token)
    assert again == session


async def test_anyone_gets_a_link_but_not_for_an_unknown_game(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    spectator = 999
    link = await service.links.link_for(table.game_id, spectator)
    assert isinstance(link, BoardLink) and link.user_id == spectator
    refused(await service.links.link_for(table.game_id + 1000, spectator), Reason.NO_SUCH_GAME)


async def test_a_changed_byte_anywhere_breaks_a_token(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    link = await service.links.link_for(table.game_id, table.last.game.players[0])
    assert isinstance(link, BoardLink)
    session = await service.links.open(link.token)
    assert isinstance(session, WebSession)
    for index in range(len(link.token)):
        if link.token[index] == ".":
            continue
        refused(await service.links.open(_flipped(link.token, index)), Reason.LINK_BROKEN)
    for index in range(0, len(session.token), 7):
        if session.token[index] != ".":
            refused(await service.links.session(_flipped(session.token, index)), Reason.LINK_BROKEN)
    for junk in ("", ".", "abc", "a.b.c", link.token + "x", "é" + link.token, "x" * 5000, link.token.split(".")[0]):
        refused(await service.links.open(junk), Reason.LINK_BROKEN)


async def test_another_game_in_the_payload_breaks_the_signature(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    link = await service.links.link_for(table.game_id, 999)
    assert isinstance(link, BoardLink)
    payload, signature = link.token.split(".")
    text = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode()
    kind, game, *rest = text.split(":")
    forged = ":".join([kind, str(int(game) + 1), *rest]).encode()
    forged_token = base64.urlsafe_b64encode(forged).rstrip(b"=").decode() + "." + signature
    refused(await service.links.open(forged_token), Reason.LINK_BROKEN)


async def test_a_link_is_no_session_and_a_session_no_link(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    link = await service.links.link_for(table.game_id, 999)
    assert isinstance(link, BoardLink)
    session = await service.links.open(link.token)
    assert isinstance(session, WebSession)
    refused(await service.links.session(link.token), Reason.LINK_BROKEN)
    refused(await service.links.open(session.token), Reason.LINK_BROKEN)


async def test_links_and_their_sessions_expire_together(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    link = await service.links.link_for(table.game_id, 999, days=2)
    assert isinstance(link, BoardLink)
    clock.advance(seconds=DAY)
    session = await service.links.open(link.token)
    assert isinstance(session, WebSession) and session.expires_at == link.expires_at
    clock.advance(seconds=DAY - 1)
    assert isinstance(await service.links.session(session.token), WebSession)
    clock.advance(seconds=1)
    expired = refused(await service.links.session(session.token), Reason.LINK_EXPIRED)
    refused(await service.links.open(link.token), Reason.LINK_EXPIRED)
    assert "Open board" in t("en", expired.message)
    assert "Tábla megnyitása" in t("hu", expired.message)


async def test_end_all_ends_links_and_sessions_issued_until_then(service: GameService, clock: FakeClock) -> None:
    table = await open_table(service, "alcazar1978", 2)
    alice, bob = table.last.game.players
    old_link = await service.links.link_for(table.game_id, alice)
    bobs_link = await service.links.link_for(table.game_id, bob)
    assert isinstance(old_link, BoardLink) and isinstance(bobs_link, BoardLink)
    session = await service.links.open(old_link.token)
    assert isinstance(session, WebSession)
    clock.advance(seconds=1)
    await service.links.end_all(alice)
    ended = refused(await service.links.session(session.token), Reason.LINK_ENDED)
    refused(await service.links.open(old_link.token), Reason.LINK_ENDED)
    assert "Open board" in t("en", ended.message) and "Tábla megnyitása" in t("hu", ended.message)
    assert isinstance(await service.links.open(bobs_link.token), WebSession)     # only Alice's ended
    clock.advance(seconds=1)
    new_link = await service.links.link_for(table.game_id, alice)               # a new one works
    assert isinstance(new_link, BoardLink)
    assert isinstance(await service.links.open(new_link.token), WebSession)


async def test_every_refusal_says_how_to_get_a_new_link() -> None:
    for reason, key in ((Reason.LINK_BROKEN, "refusal.link_broken"), (Reason.LINK_EXPIRED, "refusal.link_expired"),
                        (Reason.LINK_ENDED, "refusal.link_ended")):
        from bot.i18n.message import Msg
        refusal = Refusal(reason, Msg(key))
        assert "“Open board”" in t("en", refusal.message)
        assert "„Tábla megnyitása”" in t("hu", refusal.message)


async def test_two_stores_on_one_database_share_the_key_and_the_ending(db_path: str | Path, clock: FakeClock) -> None:
    first_store, second_store = await open_store(db_path), await open_store(db_path)
    try:
        first, second = GameService(first_store, clock), GameService(second_store, clock)
        table = await open_table(first, "alcazar1978", 2)
        alice = table.last.game.players[0]
        # Each signs with the key the first use made, whichever of them came first.
        link = await second.links.link_for(table.game_id, alice)
        assert isinstance(link, BoardLink)
        session = await first.links.open(link.token)
        assert isinstance(session, WebSession)
        assert await second.links.session(session.token) == session
        clock.advance(seconds=1)
        await first.links.end_all(alice)
        refused(await first.links.session(session.token), Reason.LINK_ENDED)       # at once here
        clock.advance(seconds=6)                # past the other process's memory of the ending
        refused(await second.links.session(session.token), Reason.LINK_ENDED)
        async with first_store.read() as tx:
            cursor = await tx.db.execute("SELECT COUNT(*) FROM web_keys")
            assert (await cursor.fetchone())[0] == 1
    finally:
        await first_store.close()
        await second_store.close()
