"""What the web board answers: JSON bodies, refusals in the bot's own words, and request bodies read safely.

A refusal reads ``{"ok": false, "reason": "<Reason.name>", "message": "<text>"}`` whatever refused it:
the service (a move against the rules, a stale page, a broken link) or the edge itself (a malformed
body, one too large, too many requests). Its status says which kind it is, so a page can tell a
stale board (409) from an ended link (410) without reading the words.
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from aiohttp import web

from bot.i18n import LANGUAGES, Msg, language_of, t
from bot.service import Refusal

#: The status of each service refusal the web board passes on, by the reason's name (the link reasons
#: are the links part's); any other rule a move breaks is 422.
STATUS_OF_REASON = {
    "NO_SUCH_GAME": 404,
    "STALE_VERSION": 409,
    "NOT_IN_GAME": 403,
    "LINK_BROKEN": 401,
    "LINK_EXPIRED": 410,
    "LINK_ENDED": 410,
}
RULE_BROKEN = 422

#: The edge's own refusals: their reasons, statuses and messages.
BAD_REQUEST = ("BAD_REQUEST", 400, "web.refusal.bad_request")
TOO_LARGE = ("TOO_LARGE", 413, "web.refusal.too_large")
TOO_MANY = ("TOO_MANY_REQUESTS", 429, "web.refusal.too_many")
NO_SESSION = ("LINK_BROKEN", 401, "web.refusal.no_session")
NOT_FOUND = ("NOT_FOUND", 404, "web.refusal.not_found")
STORE_UNAVAILABLE = ("STORE_UNAVAILABLE", 503, "error.store_unavailable")
APOLOGY = ("INTERNAL", 500, "error.apology")

#: The language a request's refusals are worded in, once the viewer's is known.
LANG = web.RequestKey("lang", str)

#: Every answer of the API is for one viewer at one moment: nothing keeps it.
NO_STORE = {"Cache-Control": "no-store"}


def json_answer(body: Mapping[str, Any], status: int = 200, *, cache: str = "no-store") -> web.Response:
    """A JSON answer; compressed when the client takes it (a view is mostly repeated keys)."""
    return json_text_answer(json.dumps(body, ensure_ascii=False, separators=(",", ":")), status, cache=cache)


def json_text_answer(text: str, status: int = 200, *, cache: str = "no-store") -> web.Response:
    """``json_answer`` of a body already written as JSON (the service keeps move lists so)."""
    answer = web.Response(text=text, status=status, content_type="application/json",
                          headers={"Cache-Control": cache})
    answer.enable_compression()
    return answer


def refusal_body(reason: str, text: str) -> dict[str, Any]:
    return {"ok": False, "reason": reason, "message": text}


def refusal_answer(refusal: Refusal, lang: str) -> web.Response:
    """The service's refusal, in its own words and the viewer's language."""
    status = STATUS_OF_REASON.get(refusal.reason.name, RULE_BROKEN)
    return json_answer(refusal_body(refusal.reason.name, t(lang, refusal.message)), status)


class Refused(Exception):
    """Raised where a request cannot go on; the error middleware answers it (an edge refusal or the service's)."""

    def __init__(self, kind: tuple[str, int, str] | Refusal, **args: Any) -> None:
        super().__init__(kind)
        self.kind = kind
        self.args_of_message = args

    def answer(self, lang: str) -> web.Response:
        if isinstance(self.kind, Refusal):
            return refusal_answer(self.kind, lang)
        reason, status, key = self.kind
        answer = json_answer(refusal_body(reason, t(lang, Msg(key, **self.args_of_message))), status)
        if status == 429:
            answer.headers["Retry-After"] = "1"
        return answer


async def read_object(request: web.Request, limit: int) -> dict[str, Any]:
    """The request's JSON object; ``Refused`` when it is too large, not JSON, or not an object."""
    if request.content_length is not None and request.content_length > limit:
        raise Refused(TOO_LARGE)
    try:
        # The application's ``client_max_size`` is the same limit, for bodies sent without a length.
        raw = await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise Refused(TOO_LARGE) from None
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused(BAD_REQUEST) from None
    if not isinstance(body, dict):
        raise Refused(BAD_REQUEST)
    return body


def text_field(body: Mapping[str, Any], name: str, longest: int, *, empty: bool = False) -> str:
    """A string field of at most ``longest`` characters, empty only when ``empty``."""
    value = body.get(name)
    if not isinstance(value, str) or not (value or empty) or len(value) > longest:
        raise Refused(BAD_REQUEST)
    return value


def version_field(body: Mapping[str, Any], name: str = "version") -> int:
    """A game version: a whole number from 0 (JSON's ``true`` is not one)."""
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise Refused(BAD_REQUEST)
    return value


def page_language(request: web.Request) -> str:
    """The language to answer in before the viewer is known: ``?lang=``, else the browser's first choice."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    return language_of(request.headers.get("Accept-Language", "").split(",")[0].split(";")[0].strip())
