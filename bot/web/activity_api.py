"""The board as a Discord Activity: the page signs in with Discord instead of a link.

Inside Discord the page has no link. Discord's Embedded App SDK gives it an OAuth2 code (scope
``identify``); the page posts the code and its Activity instance's id here, and ``hooks.identify``
asks Discord who holds the code and whether they are in that instance (the Discord layer's door).
Only Discord's answers count: the instance, channel and custom ids the page knows are hints, and the
channel is the one Discord names for the instance. Then the game: the launch the user made with the
Open board button, else the channel's game (``service.activities.games_for``); a session of it, as a
link's would be, or the channel's games to pick from with a pass for that channel alone.

    GET  api/activity              {"client_id", "words"}       (404 when Activity mode is off)
    POST api/activity/session      {"code", "instance_id"} -> {"session", "game_id", "expires_at", "access_token"}
                                   or {"choices": [{"game_id", "title", "line"}], "pass", "access_token", "words"}
    POST api/activity/pick         {"pass", "game_id"} -> {"session", "game_id", "expires_at"}

Every call counts against its address as a link swap does.
"""
from __future__ import annotations

from typing import Any, Callable

from aiohttp import web

from bot.i18n import Msg, t
from bot.service import GameInfo, GameService, Refusal, WebSession
from bot.web.answers import (
    BAD_REQUEST, LANG, Refused, json_answer, page_language, read_object, refusal_answer, refusal_body, text_field,
)
from bot.web.api import LINK_LONGEST, BoardApi
from bot.web.hooks import ActivityDenied, ActivityHooks, WebHooks

#: How long a session opened inside Discord lasts: the Activity signs in afresh each time it opens.
SESSION_DAYS = 1.0
#: An OAuth2 code and an instance id are some dozens of characters.
CODE_LONGEST = 256
INSTANCE_LONGEST = 128

#: The edge's own refusals here: the script not built, no game in the channel.
NOT_BUILT = ("ACTIVITY_NOT_BUILT", 503, "web.activity.not_built")
NO_GAME = ("NO_GAME_IN_CHANNEL", 404, "web.activity.no_game")
#: Discord's refusals (the Discord layer's words): a 403, but a 503 when Discord did not answer or refused
#: the bot's own settings (nothing the visitor did; the page may be opened again later).
DENIED = "ACTIVITY_DENIED"
NOT_THE_VISITORS = {"activity.denied.unreachable", "activity.denied.setup"}


class ActivityApi:
    """The Activity's three calls, beside the board's API (whose address limits and known sessions they share)."""

    def __init__(self, service: GameService, hooks: WebHooks, activity: ActivityHooks, api: BoardApi,
                 script_built: Callable[[], bool]) -> None:
        self.service = service
        self.names_of = hooks.names_of
        self.activity = activity
        self.api = api
        self.script_built = script_built

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/api/activity", self.setup)
        app.router.add_post("/api/activity/session", self.open_session)
        app.router.add_post("/api/activity/pick", self.pick)

    async def setup(self, request: web.Request) -> web.Response:
        """What the page needs before the SDK starts: the application's id, and the words for a sign-in
        that Discord's client broke off (the viewer closed its window)."""
        if not self.script_built():
            raise Refused(NOT_BUILT)
        lang = page_language(request)
        return json_answer({"client_id": str(self.activity.client_id),
                            "words": {"sign_in_failed": t(lang, Msg("web.activity.sign_in_failed"))}})

    async def open_session(self, request: web.Request) -> web.Response:
        self.api.charge_address(request)
        body = await read_object(request, self.api.limits.body_bytes)
        code = text_field(body, "code", CODE_LONGEST)
        instance_id = text_field(body, "instance_id", INSTANCE_LONGEST)
        try:
            visitor = await self.activity.identify(code, instance_id)
        except ActivityDenied as denied:
            status = 503 if denied.message.key in NOT_THE_VISITORS else 403
            return json_answer(refusal_body(DENIED, t(page_language(request), denied.message)), status)
        lang = (await self.service.languages.languages_of([visitor.user_id]))[visitor.user_id]
        request[LANG] = lang        # the visitor is known: the refusals that follow are in their language
        choice = await self.service.activities.games_for(visitor.user_id, visitor.channel_id)
        if choice.game is not None:
            session = await self.service.links.session_for(choice.game.id, visitor.user_id, days=SESSION_DAYS)
            if isinstance(session, Refusal):
                return refusal_answer(session, lang)
            return json_answer({**self.opened(session), "access_token": visitor.access_token})
        if not choice.choices:
            raise Refused(NO_GAME)
        channel_pass = await self.service.links.channel_pass(visitor.channel_id, visitor.user_id, days=SESSION_DAYS)
        return json_answer({"choices": [await self.described(game, lang) for game in choice.choices],
                            "pass": channel_pass, "access_token": visitor.access_token,
                            "words": {"pick": t(lang, Msg("web.activity.pick"))}})

    async def pick(self, request: web.Request) -> web.Response:
        """A game of the pass's channel, picked from the choices: its session."""
        self.api.charge_address(request)
        body = await read_object(request, self.api.limits.body_bytes)
        channel_pass = text_field(body, "pass", LINK_LONGEST)
        game_id = body.get("game_id")
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id < 2**63:
            raise Refused(BAD_REQUEST)
        session = await self.service.links.open_pass(channel_pass, game_id)
        if isinstance(session, Refusal):
            return refusal_answer(session, page_language(request))
        return json_answer(self.opened(session))

    def opened(self, session: WebSession) -> dict[str, Any]:
        self.api.know(session.token)       # from now on limited by session, as a swapped link's is
        return {"session": session.token, "game_id": session.game_id, "expires_at": session.expires_at}

    async def described(self, game: GameInfo, lang: str) -> dict[str, Any]:
        """A game offered to pick: its kind and number, where it is, and who plays it."""
        people = [user for user in game.players if user > 0]      # computers' seats are negative ids
        names = ", ".join(await self.names_of(people)) if people else "—"
        return {"game_id": game.id,
                "title": t(lang, Msg("web.activity.choice_title", title=game.title, game=game.id)),
                "line": t(lang, Msg(f"web.activity.choice_{game.status.value}", players=names))}
