"""The page's files, served under names that carry their content's hash, so a browser keeps them for a year.

At start every file of ``bot/web/static/`` but the HTML is read once and named ``<stem>.<hash><ext>``,
with the Discord Activity's script when it is built (``bot/web/bundle.py``);
the references ``assets/<file>`` in the HTML and the style sheets (``/assets/…`` or ``./assets/…``, the
page's own being relative so that a WEB_URL with a path works) are rewritten to those names. A new
release changes a file's hash, hence its name, so no browser holds a stale script past a reload, and
the HTML itself is never cached.
"""
from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

STATIC = Path(__file__).resolve().parent / "static"
PAGE = "board.html"
FOREVER = "public, max-age=31536000, immutable"
#: Types worth compressing (an image is already compressed).
TEXT_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml")
REFERENCE = re.compile(r"(?<=assets/)([A-Za-z0-9_.-]+)")


@dataclass(frozen=True)
class Asset:
    """One file as served: its bytes, their gzip, and its type."""

    data: bytes
    gzipped: bytes | None
    media_type: str

    def answer(self, request: web.Request, cache: str) -> web.Response:
        headers = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
        if self.gzipped is not None and "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return web.Response(body=self.gzipped, content_type=self.media_type, headers=headers)
        return web.Response(body=self.data, content_type=self.media_type, headers=headers)


def hashed_name(name: str, data: bytes) -> str:
    """``board.js`` -> ``board.<12 hex digits of its SHA-256>.js``."""
    stem, dot, ext = name.rpartition(".")
    digest = hashlib.sha256(data).hexdigest()[:12]
    return f"{stem}.{digest}.{ext}" if dot else f"{name}.{digest}"


def _asset(data: bytes, name: str) -> Asset:
    media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    text = media_type.startswith(TEXT_TYPES)
    return Asset(data, gzip.compress(data, 9, mtime=0) if text else None, media_type)


class Assets:
    """The page and its hashed files, read from ``folder`` once."""

    def __init__(self, folder: Path = STATIC, built: tuple[Path, ...] = ()) -> None:
        """``built``: generated files served beside the folder's, those that exist (a missing one keeps
        its plain name in the page, and the page is told it is missing when it asks)."""
        files = {path.name: path.read_bytes() for path in sorted(folder.iterdir())
                 if path.is_file() and not path.name.startswith(".")}
        files.update((path.name, path.read_bytes()) for path in built if path.is_file())
        if PAGE not in files:
            raise FileNotFoundError(f"the web board's page {PAGE} is missing from {folder}")
        self.names: dict[str, str] = {}          # board.js -> board.<hash>.js
        self.files: dict[str, Asset] = {}        # board.<hash>.js -> its bytes
        # Style sheets may name other files (images, fonts): those are named first, the sheets after them.
        others = [name for name in files if name != PAGE and not name.endswith(".css")]
        sheets = [name for name in files if name.endswith(".css")]
        for name in others + sheets:
            data = self.rewrite(files[name]) if name in sheets else files[name]
            self.names[name] = hashed_name(name, data)
            self.files[self.names[name]] = _asset(data, name)
        self.page = _asset(self.rewrite(files[PAGE]), PAGE)

    def has(self, name: str) -> bool:
        """Whether the file ``name`` is served (under its hashed name)."""
        return name in self.names

    def rewrite(self, text: bytes) -> bytes:
        """``assets/board.js`` -> ``assets/board.<hash>.js`` for every file named so far."""
        def hashed(match: re.Match[str]) -> str:
            return self.names.get(match.group(1), match.group(1))

        return REFERENCE.sub(hashed, text.decode("utf-8")).encode("utf-8")

    async def serve_page(self, request: web.Request) -> web.Response:
        return self.page.answer(request, "no-store")

    async def serve_asset(self, request: web.Request) -> web.Response:
        asset = self.files.get(request.match_info["name"])
        if asset is None:
            raise web.HTTPNotFound()
        return asset.answer(request, FOREVER)
