"""The page and its assets: hashed names, long caching for them and none for the rest, and the security
headers on every answer, errors included."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from aiohttp.test_utils import TestClient

from bot.web.assets import STATIC, Assets, hashed_name

HASHED = re.compile(r"/assets/(board|moves)\.([0-9a-f]{12})\.(js|css)")


def assert_safe_headers(headers: object) -> None:
    policy = headers["Content-Security-Policy"]  # type: ignore[index]
    for directive in ("default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob:",
                      "frame-ancestors 'none'", "base-uri 'none'"):
        assert directive in policy, policy
    assert "unsafe" not in policy and "http" not in policy.replace("https://board.example.org", ""), policy
    assert headers["Referrer-Policy"] == "no-referrer"  # type: ignore[index]
    assert headers["X-Content-Type-Options"] == "nosniff"  # type: ignore[index]


async def test_the_page_names_its_scripts_and_style_by_their_content(client: TestClient) -> None:
    answer = await client.get("/play")
    assert answer.status == 200 and answer.content_type == "text/html"
    html = await answer.text()
    assert_safe_headers(answer.headers)
    assert answer.headers["Cache-Control"] == "no-store"
    for name in ("board.js", "moves.js", "board.css"):
        assert f"/assets/{name}" not in html, name
    found = {f"{stem}.{ext}": digest for stem, digest, ext in HASHED.findall(html)}
    assert set(found) == {"board.js", "moves.js", "board.css"}, html
    for name, digest in found.items():
        data = (STATIC / name).read_bytes()
        assert digest == hashlib.sha256(data).hexdigest()[:12]
        stem, ext = name.split(".")
        asset = await client.get(f"/assets/{stem}.{digest}.{ext}")
        assert asset.status == 200 and await asset.read() == data
        assert asset.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert asset.headers["Content-Encoding"] == "gzip"     # the client asked for it, and unpacked it
        assert_safe_headers(asset.headers)


async def test_the_page_runs_its_two_scripts_deferred_the_board_s_first(client: TestClient) -> None:
    # moves.js extends what board.js shares, so it must run after it, and both before the page starts.
    html = await (await client.get("/play")).text()
    scripts = re.findall(r'<script src="\./assets/(board|moves)\.[0-9a-f]{12}\.js" defer></script>', html)
    assert scripts == ["board", "moves"], html


async def test_the_page_has_no_inline_script_or_style(client: TestClient) -> None:
    html = await (await client.get("/play")).text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline script"
    assert "<style" not in html and " style=" not in html and "javascript:" not in html
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler"


async def test_unhashed_or_unknown_assets_are_not_found(client: TestClient) -> None:
    for path in ("/assets/board.js", "/assets/moves.js", "/assets/board.000000000000.js", "/assets/../config.py",
                 "/assets/board.html", "/", "/healthz", "/metrics", "/play/../healthz"):
        answer = await client.get(path)
        assert answer.status == 404, path
        assert_safe_headers(answer.headers)


async def test_an_unknown_api_path_is_a_refusal_in_the_api_s_shape(client: TestClient) -> None:
    for method, path in (("GET", "/api/nothing"), ("GET", "/api/games/x/view"), ("DELETE", "/api/session"),
                         ("GET", "/api/games/1/live/more")):
        answer = await client.request(method, path)
        assert answer.status in (404, 405), (method, path)
        body = await answer.json()
        assert body["ok"] is False and body["message"], body
        assert answer.headers["Cache-Control"] == "no-store"
        assert_safe_headers(answer.headers)


def test_a_style_sheet_names_the_hashed_files_it_uses(tmp_path: Path) -> None:
    (tmp_path / "board.html").write_text('<link rel="stylesheet" href="/assets/board.css">', encoding="utf-8")
    (tmp_path / "board.css").write_text("main { background: url(/assets/tile.svg); }", encoding="utf-8")
    (tmp_path / "tile.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    assets = Assets(tmp_path)
    tile = hashed_name("tile.svg", (tmp_path / "tile.svg").read_bytes())
    sheet = assets.files[assets.names["board.css"]].data.decode()
    assert f"/assets/{tile}" in sheet
    # The sheet's hash is of what is served: a new picture gives the sheet a new name too.
    assert assets.names["board.css"] == hashed_name("board.css", sheet.encode())
    assert f'/assets/{assets.names["board.css"]}' in assets.page.data.decode()
