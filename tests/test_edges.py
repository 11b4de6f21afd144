"""The composition root: the only place that imports both edges, and which processes serve the web board."""
from __future__ import annotations

from test_layers import ROOT, imported_modules, within

from bot.config import load_settings
from bot.edges import WebBoardEdge, edges_for

#: The modules that wire the Discord layer and the web board together (``python -m bot``).
COMPOSITION_ROOT = {"bot/__main__.py", "bot/edges.py"}


def test_only_the_composition_root_imports_both_edges() -> None:
    both = set()
    for path in sorted((ROOT / "bot").rglob("*.py")):
        modules = imported_modules(path, annotations=True)
        if any(within(m, "bot.discord") for m in modules) and any(within(m, "bot.web") for m in modules):
            both.add(str(path.relative_to(ROOT)))
    assert both <= COMPOSITION_ROOT and "bot/edges.py" in both, both


def test_the_web_board_is_wired_only_where_it_is_set_up_and_served() -> None:
    base = {"DISCORD_TOKEN": "t"}
    assert edges_for(load_settings(base, env_file=None)) == (), "without WEB_URL nothing changes"
    web = base | {"WEB_URL": "https://alcazar.example.org"}
    [edge] = edges_for(load_settings(web, env_file=None))
    assert isinstance(edge, WebBoardEdge) and edge.board is None, "made now, started with the bot's table"
    several = web | {"SHARD_COUNT": "2"}
    assert len(edges_for(load_settings(several | {"SHARD_IDS": "0"}, env_file=None))) == 1
    assert edges_for(load_settings(several | {"SHARD_IDS": "1"}, env_file=None)) == (), \
        "only the process running shard 0 binds WEB_PORT"

