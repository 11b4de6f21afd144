"""Who opened the board inside Discord: the fake's OAuth2 and Activity routes as Discord documents them,
and ``ActivityDoor.identify`` asking them (never the page) who a visitor is."""
from __future__ import annotations

import base64
import logging
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from fake_discord import FakeDiscord, FakeUser

from bot.config import Settings
from bot.discord.activity import ActivityDoor, NotVouched, Visitor
from bot.i18n import t

WEB_URL = "https://alcazar.example.org"


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def call(http: aiohttp.ClientSession, method: str, url: str, **options: Any) -> tuple[int, Any]:
    async with http.request(method, url, **options) as response:
        return response.status, await response.json(content_type=None)


def token_form(fake: FakeDiscord, code: str, **more: str) -> dict[str, str]:
    return {"client_id": str(fake.application_id), "client_secret": fake.client_secret,
            "grant_type": "authorization_code", "code": code, **more}


def basic(fake: FakeDiscord, secret: str) -> str:
    """HTTP Basic credentials: the application's id and ``secret``."""
    return "Basic " + base64.b64encode(f"{fake.application_id}:{secret}".encode()).decode()


def settings_for(fake: FakeDiscord, secret: str | None = None) -> Settings:
    return Settings(discord_token=fake.token, api_base_url=fake.api_base, web_url=WEB_URL,
                    discord_client_secret=secret or fake.client_secret)


async def refusal(door: ActivityDoor, code: str, instance_id: str) -> str:
    """The key of the message ``identify`` refuses with."""
    with pytest.raises(NotVouched) as refused:
        await door.identify(code, instance_id)
    return refused.value.message.key


# ----- the fake, as Discord documents it -------------------------------------------------------
async def test_the_token_endpoint_takes_a_form_with_the_client_in_it_or_by_basic_auth_and_a_code_once(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    alice = fake.add_user("alice")
    url = f"{fake.api_base}/oauth2/token"
    code = fake.authorization_code(alice)
    status, answer = await call(http, "POST", url, data=token_form(fake, code))
    assert status == 200 and answer["token_type"] == "Bearer" and answer["scope"] == "identify"
    assert answer["expires_in"] == 604800 and answer["access_token"] and answer["refresh_token"]
    # A code works once.
    assert await call(http, "POST", url, data=token_form(fake, code)) == (
        400, {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'})
    assert (await call(http, "POST", url, data=token_form(fake, "made-up")))[1]["error"] == "invalid_grant"
    # The client by HTTP Basic instead of in the form.
    status, answer = await call(http, "POST", url, headers={"Authorization": basic(fake, fake.client_secret)},
                                data={"grant_type": "authorization_code", "code": fake.authorization_code(alice)})
    assert status == 200 and answer["access_token"]
    # A wrong secret, either way, is invalid_client; JSON is not read at all.
    wrong = dict(token_form(fake, fake.authorization_code(alice)), client_secret="guess")
    assert await call(http, "POST", url, data=wrong) == (401, {"error": "invalid_client",
                                                               "error_description": "Invalid client"})
    assert (await call(http, "POST", url, headers={"Authorization": basic(fake, "guess")},
                       data={"grant_type": "client_credentials"}))[0] == 401
    assert (await call(http, "POST", url, json=token_form(fake, fake.authorization_code(alice))))[1]["error"] \
        == "unsupported_grant_type"


async def test_client_credentials_give_a_token_without_a_refresh_token(fake: FakeDiscord,
                                                                       http: aiohttp.ClientSession) -> None:
    status, answer = await call(http, "POST", f"{fake.api_base}/oauth2/token",
                                headers={"Authorization": basic(fake, fake.client_secret)},
                                data={"grant_type": "client_credentials", "scope": "identify"})
    assert status == 200 and answer["scope"] == "identify" and "refresh_token" not in answer


async def test_users_me_answers_the_bearer_s_user_and_the_bot_token_s_bot(fake: FakeDiscord,
                                                                          http: aiohttp.ClientSession) -> None:
    alice = fake.add_user("alice")
    _, answer = await call(http, "POST", f"{fake.api_base}/oauth2/token",
                           data=token_form(fake, fake.authorization_code(alice)))
    me = f"{fake.api_base}/users/@me"
    status, user = await call(http, "GET", me, headers={"Authorization": f"Bearer {answer['access_token']}"})
    assert status == 200 and user["id"] == str(alice.id) and user["username"] == "alice"
    assert (await call(http, "GET", me, headers={"Authorization": "Bearer forged"}))[0] == 401
    _, answer = await call(http, "POST", f"{fake.api_base}/oauth2/token",
                           data=token_form(fake, fake.authorization_code(alice, scopes=("guilds",))))
    assert (await call(http, "GET", me, headers={"Authorization": f"Bearer {answer['access_token']}"}))[0] == 401, \
        "without the identify scope"
    assert (await call(http, "GET", me, headers={"Authorization": f"Bot {fake.token}"}))[1]["id"] == \
        str(fake.bot_user.id)


async def test_an_activity_instance_has_its_documented_shape_for_the_bot_token_only(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    instance_id = fake.start_activity(fake.general, [alice])
    fake.join_activity(instance_id, bob)
    url = f"{fake.api_base}/applications/{fake.application_id}/activity-instances/{instance_id}"
    status, instance = await call(http, "GET", url, headers={"Authorization": f"Bot {fake.token}"})
    assert status == 200
    assert set(instance) == {"application_id", "instance_id", "launch_id", "location", "users"}
    assert instance["application_id"] == str(fake.application_id) and instance["instance_id"] == instance_id
    assert instance_id == f"i-{instance['launch_id']}-gc-{fake.guild.id}-{fake.general.id}"
    assert instance["location"] == {"id": f"gc-{fake.guild.id}-{fake.general.id}", "kind": "gc",
                                    "channel_id": str(fake.general.id), "guild_id": str(fake.guild.id)}
    assert instance["users"] == [str(alice.id), str(bob.id)]
    assert await call(http, "GET", url.replace(instance_id, "i-1-gc-2-3"),
                      headers={"Authorization": f"Bot {fake.token}"}) == (404, {"message": "404: Not Found", "code": 0})
    assert (await call(http, "GET", url))[0] == 401, "the bot's token only"
    fake.end_activity(instance_id)
    assert (await call(http, "GET", url, headers={"Authorization": f"Bot {fake.token}"}))[0] == 404


async def test_a_bulk_overwrite_that_drops_the_entry_point_command_is_refused_with_50240(
        fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    url = f"{fake.api_base}/applications/{fake.application_id}/commands"
    bot = {"Authorization": f"Bot {fake.token}"}
    slash = {"name": "alcazar", "description": "Play Alcazar", "type": 1}
    assert (await call(http, "PUT", url, headers=bot, json=[slash]))[0] == 200, "no Entry Point command yet"
    entry_point = fake.add_entry_point_command()
    status, error = await call(http, "PUT", url, headers=bot, json=[slash])
    assert (status, error["code"]) == (400, 50240) and "Entry Point" in error["message"]
    kept = {key: entry_point[key] for key in ("id", "name", "description", "type", "handler")}
    status, registered = await call(http, "PUT", url, headers=bot, json=[slash, kept])
    assert status == 200 and [c["type"] for c in registered] == [1, 4]
    assert fake.entry_point_command() == registered[1] and registered[1]["id"] == entry_point["id"]
    guild_url = f"{fake.api_base}/applications/{fake.application_id}/guilds/{fake.guild.id}/commands"
    assert (await call(http, "PUT", guild_url, headers=bot, json=[slash]))[0] == 200, "Entry Point commands are global"


# ----- ActivityDoor ------------------------------------------------------------------------------
async def test_identify_gives_the_user_and_the_instance_s_channel(fake: FakeDiscord,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    alice = fake.add_user("alice")
    thread = fake.add_channel("alcazar-games")
    instance_id = fake.start_activity(thread, [alice])
    door = ActivityDoor(settings_for(fake), fake.application_id)
    caplog.set_level(logging.DEBUG)
    try:
        code = fake.authorization_code(alice)
        visitor = await door.identify(code, instance_id)
    finally:
        await door.close()
    assert visitor == Visitor(user_id=alice.id, channel_id=thread.id, guild_id=fake.guild.id,
                              access_token=visitor.access_token)
    assert visitor.access_token and visitor.access_token not in repr(visitor)
    asked = [(r.method, r.path) for r in fake.requests]
    assert asked == [("POST", "/oauth2/token"), ("GET", "/users/@me"),
                     ("GET", f"/applications/{fake.application_id}/activity-instances/{instance_id}")]
    token_request = fake.requests[0]
    assert token_request.content_type == "application/x-www-form-urlencoded"
    assert token_request.json == token_form(fake, code), "the code and the client, and nothing more"
    for secret in (code, visitor.access_token, fake.client_secret, fake.token):
        assert secret not in caplog.text


async def test_a_replayed_or_forged_code_is_refused(fake: FakeDiscord, caplog: pytest.LogCaptureFixture) -> None:
    alice = fake.add_user("alice")
    instance_id = fake.start_activity(fake.general, [alice])
    door = ActivityDoor(settings_for(fake), fake.application_id)
    caplog.set_level(logging.DEBUG)
    try:
        code = fake.authorization_code(alice)
        await door.identify(code, instance_id)
        assert await refusal(door, code, instance_id) == "activity.denied.code"
        assert await refusal(door, "forged-code", instance_id) == "activity.denied.code"
    finally:
        await door.close()
    assert code not in caplog.text


async def test_an_instance_not_in_the_documented_shape_is_no_answer(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    instance_id = fake.start_activity(fake.general, [alice])
    fake.activity_instances[instance_id].payload = lambda application_id: {   # type: ignore[method-assign]
        "application_id": str(application_id), "instance_id": instance_id, "users": [str(alice.id)]}
    door = ActivityDoor(settings_for(fake), fake.application_id)
    try:
        assert await refusal(door, fake.authorization_code(alice), instance_id) == "activity.denied.unreachable"
    finally:
        await door.close()


async def test_an_unknown_instance_and_a_user_not_in_it_are_refused(fake: FakeDiscord) -> None:
    alice, mallory = fake.add_user("alice"), fake.add_user("mallory")
    instance_id = fake.start_activity(fake.general, [alice])
    async with aiohttp.ClientSession() as session:      # a session the door is given stays the caller's
        door = ActivityDoor(settings_for(fake), fake.application_id, session)
        assert await refusal(door, fake.authorization_code(mallory), instance_id) == "activity.denied.instance"
        forged = f"i-1-gc-{fake.guild.id}-{fake.general.id}"
        assert await refusal(door, fake.authorization_code(alice), forged) == "activity.denied.instance"
        assert await refusal(door, fake.authorization_code(alice), "../../users/@me") == "activity.denied.instance"
        assert await refusal(door, fake.authorization_code(alice), "") == "activity.denied.instance"
        assert await refusal(door, "", instance_id) == "activity.denied.code"
        fake.join_activity(instance_id, mallory)
        assert (await door.identify(fake.authorization_code(mallory), instance_id)).user_id == mallory.id
        await door.close()
        assert not session.closed


async def test_discord_down_or_refusing_the_secret_is_said_as_such(fake: FakeDiscord) -> None:
    alice = fake.add_user("alice")
    instance_id = fake.start_activity(fake.general, [alice])
    door = ActivityDoor(settings_for(fake), fake.application_id)
    wrong_secret = ActivityDoor(settings_for(fake, secret="an-old-secret"), fake.application_id)
    try:
        fake.fail("POST", r"^/oauth2/token$", 502, message="Bad Gateway")
        assert await refusal(door, fake.authorization_code(alice), instance_id) == "activity.denied.unreachable"
        fake.fail("GET", r"/activity-instances/", 500)
        assert await refusal(door, fake.authorization_code(alice), instance_id) == "activity.denied.unreachable"
        fake.fail("GET", r"^/users/@me$", 429, retry_after=1.0)
        assert await refusal(door, fake.authorization_code(alice), instance_id) == "activity.denied.unreachable"
        assert await refusal(wrong_secret, fake.authorization_code(alice), instance_id) == "activity.denied.setup"
        code = fake.authorization_code(alice)
        await fake.stop()
        assert await refusal(door, code, instance_id) == "activity.denied.unreachable"
    finally:
        await door.close()
        await wrong_secret.close()


@pytest.mark.parametrize("key", ["activity.denied.code", "activity.denied.instance", "activity.denied.unreachable",
                                 "activity.denied.setup"])
def test_each_refusal_reads_in_both_languages(key: str) -> None:
    english, hungarian = t("en", key), t("hu", key)
    assert english != key and hungarian != key and english != hungarian
