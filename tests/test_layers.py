"""The layers of ``docs/layers.md`` import in one direction only, and the Discord layer has no circles.

Imports are read from the source (``ast``), at any depth: an import inside a
function still ties two modules together, it only hides the tie until run
time. Imports under ``if TYPE_CHECKING:`` are for annotations and do not count for the
layers below the edge; the Discord layer may not reach past the service even there. A circle counts them
too: a module that needs another's types to be read is tied to it as much as by a running import.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: What each layer must never import (a module and everything under it).
FORBIDDEN = {
    "bot/games": ("bot.service", "bot.store", "bot.discord", "bot.ai", "renderer", "discord", "aiosqlite",
                  "psycopg", "PIL", "asyncio"),
    # Pairing and scoring are pure like the engines; of the games they may know the shared value types only.
    "bot/tournament": ("bot.games.alcazar", "bot.games.alcazar1978", "bot.service", "bot.store", "bot.discord",
                       "bot.ai", "bot.config", "renderer", "discord", "aiosqlite", "psycopg", "PIL", "asyncio"),
    "bot/ai": ("bot.service", "bot.store", "bot.discord", "renderer", "discord", "aiosqlite", "psycopg", "PIL"),
    # Pure drawing: ``manage.py demo``, which plays games (computers among them) to draw them, is ``bot/demo.py``.
    "renderer": ("bot.service", "bot.store", "bot.discord", "bot.ai", "discord", "aiosqlite", "psycopg"),
    "bot/store": ("bot.service", "bot.discord", "bot.ai", "renderer", "discord"),
    "bot/service": ("bot.discord", "bot.web", "discord"),
    # The two edges sit side by side: neither imports the other, and the web board reaches nothing below the
    # service (the composition root, ``bot/__main__.py``, wires them together).
    "bot/discord": ("bot.web",),
    "bot/web": ("bot.discord", "discord", "bot.store", "bot.games", "bot.ai", "bot.tournament", "renderer",
                "aiosqlite", "psycopg", "PIL"),
    "bot/i18n": ("bot.games", "bot.service", "bot.store", "bot.discord", "bot.ai", "renderer", "discord"),
    # Metrics and log context: counted into from the service and the Discord layer, it knows neither.
    "bot/telemetry": ("bot.games", "bot.service", "bot.store", "bot.discord", "bot.ai", "bot.i18n", "renderer",
                      "discord", "aiosqlite", "psycopg", "PIL", "aiohttp"),
    # ``manage.py check`` looks at Discord and the database; it plays no game and writes no SQL of its own.
    "bot/check": ("bot.service", "bot.games", "bot.ai", "renderer", "aiosqlite", "psycopg", "sqlite3"),
}

def imported_modules(path: Path, annotations: bool = False) -> set[str]:
    """The modules ``path`` imports, absolute names, leaving out ``if TYPE_CHECKING:`` blocks unless ``annotations``."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: set[str] = set()

    class Imports(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if not annotations and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                self.generic_visit(ast.Module(body=node.orelse, type_ignores=[]))
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            # ``from bot.discord import lobby`` imports the module ``bot.discord.lobby``.
            found.update(f"{module}.{alias.name}" for alias in node.names)

    Imports().visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_each_layer_imports_only_the_layers_below_it(layer: str) -> None:
    wrong = [(str(path.relative_to(ROOT)), module)
             for path in sorted((ROOT / layer).rglob("*.py"))
             for module in sorted(imported_modules(path))
             if any(within(module, banned) for banned in FORBIDDEN[layer])]
    assert wrong == [], wrong


#: What the Discord layer may import: the service's package API (``bot/service/__init__.py``, not its modules), the
#: messages, the settings and the telemetry (metrics and log context, a cross-cutting package below every layer),
#: discord.py with aiohttp (and its ``yarl`` URLs), the standard library, and itself.
DISCORD_MAY_IMPORT = ("bot.discord", "bot.i18n", "bot.config", "bot.telemetry", "discord", "aiohttp", "yarl")


def allowed_at_the_edge(module: str) -> bool:
    if module == "bot.service":
        return True
    if within(module, "bot.service"):
        # ``from bot.service import GameInfo`` reads as ``bot.service.GameInfo``: only the service's modules are barred.
        first = module.split(".")[2]
        return not ((ROOT / "bot" / "service" / f"{first}.py").exists() or (ROOT / "bot" / "service" / first).is_dir())
    top = module.split(".")[0]
    return top in sys.stdlib_module_names or top == "__future__" or any(within(module, m) for m in DISCORD_MAY_IMPORT)


def test_the_discord_layer_imports_only_the_service_and_the_messages() -> None:
    """Statuses, entry kinds, colours, levels and pictures come to the edge through ``bot.service``."""
    wrong = [(str(path.relative_to(ROOT)), module)
             for path in sorted((ROOT / "bot" / "discord").rglob("*.py"))
             for module in sorted(imported_modules(path, annotations=True)) if not allowed_at_the_edge(module)]
    assert wrong == [], wrong


#: What the web board may import: as the Discord layer, with aiohttp (and ``yarl``) in discord.py's place.
WEB_MAY_IMPORT = ("bot.web", "bot.i18n", "bot.config", "bot.telemetry", "aiohttp", "yarl")


def test_the_web_board_imports_only_the_service_and_the_messages() -> None:
    """The web board is an edge like the Discord layer: the service's package API, never its modules."""
    def allowed(module: str) -> bool:
        top = module.split(".")[0]
        return (module == "bot.service" or (within(module, "bot.service") and allowed_at_the_edge(module))
                or top in sys.stdlib_module_names or top == "__future__"
                or any(within(module, m) for m in WEB_MAY_IMPORT))

    wrong = [(str(path.relative_to(ROOT)), module)
             for path in sorted((ROOT / "bot" / "web").rglob("*.py"))
             for module in sorted(imported_modules(path, annotations=True)) if not allowed(module)]
    assert wrong == [], wrong


def test_the_edge_rule_tells_the_service_api_from_its_modules() -> None:
    assert allowed_at_the_edge("bot.service") and allowed_at_the_edge("bot.service.GameInfo")
    assert not allowed_at_the_edge("bot.service.workers") and not allowed_at_the_edge("bot.store")
    assert not allowed_at_the_edge("renderer.drawing") and not allowed_at_the_edge("bot.games")
    assert allowed_at_the_edge("asyncio") and allowed_at_the_edge("bot.telemetry.context")


def discord_layer_graph() -> dict[str, set[str]]:
    """Each module of ``bot/discord`` and the modules of ``bot/discord`` it imports."""
    modules = {path.stem: path for path in (ROOT / "bot" / "discord").glob("*.py") if path.stem != "__init__"}
    return {name: {m.rsplit(".", 1)[1] for m in imported_modules(path, annotations=True)
                   if within(m, "bot.discord") and m.count(".") == 2 and m.rsplit(".", 1)[1] in modules}
            for name, path in modules.items()}


def a_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports in ``graph`` (a depth-first search), or None."""
    state: dict[str, str] = {}
    trail: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = "open"
        trail.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == "open":
                return trail[trail.index(other):] + [other]
            if other not in state and (circle := visit(other)):
                return circle
        state[name] = "done"
        trail.pop()
        return None

    for name in sorted(graph):
        if name not in state and (circle := visit(name)):
            return circle
    return None


def test_the_discord_layer_imports_without_circles() -> None:
    """A flow that posts boards is above ``announce``; the board's buttons reach ``announce`` on the table it is
    given, and no flow imports the client, whose ``setup_hook`` lays that table."""
    assert a_circle(discord_layer_graph()) is None, " → ".join(a_circle(discord_layer_graph()) or [])


def test_the_flows_reach_the_bot_only_through_the_table_they_are_given() -> None:
    """``table_of`` alone reads an interaction's client (for a button's callback): every flow is handed the table."""
    def reads_a_client(path: Path) -> bool:
        return any(isinstance(node, ast.Attribute) and node.attr == "client"
                   and not (isinstance(node.value, ast.Name) and node.value.id == "self")
                   for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))

    readers = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "bot" / "discord").rglob("*.py"))
               if reads_a_client(path)]
    assert readers == ["bot/discord/table.py"], readers


def test_a_circle_is_found_when_there_is_one() -> None:
    assert a_circle({"announce": {"board"}, "board": {"turns"}, "turns": {"announce"}, "texts": set()}) == \
        ["announce", "board", "turns", "announce"]
    assert a_circle({"a": {"b"}, "b": set()}) is None


def package_graph(package: str) -> dict[str, set[str]]:
    """Each module of a package (its ``__init__`` aside: it gathers the package's API) and the package's
    modules it imports."""
    folder = ROOT / package
    dotted = package.replace("/", ".")
    modules = {path.stem: path for path in folder.glob("*.py") if path.stem != "__init__"}
    return {name: {m.rsplit(".", 1)[1] for m in imported_modules(path, annotations=True)
                   if m.startswith(dotted + ".") and m.count(".") == dotted.count(".") + 1
                   and m.rsplit(".", 1)[1] in modules}
            for name, path in modules.items()}


@pytest.mark.parametrize("package", ["bot/games/alcazar", "bot/games/alcazar1978", "bot/i18n"])
def test_the_engines_and_the_messages_import_without_circles(package: str) -> None:
    """The piece constants have a module of their own, so the state's helpers need not import it back;
    a message is made into text by the renderer, which ``Msg`` never imports."""
    circle = a_circle(package_graph(package))
    assert circle is None, " → ".join(circle or [])


@pytest.mark.parametrize("package", sorted(str(path.parent.relative_to(ROOT))
                                           for path in (ROOT / "bot").rglob("__init__.py")))
def test_no_package_of_the_bot_imports_in_a_circle(package: str) -> None:
    """The backends build on ``bot.store.base`` and ``open_store`` picks one, so the store opens without a circle."""
    circle = a_circle(package_graph(package))
    assert circle is None, " → ".join(circle or [])
