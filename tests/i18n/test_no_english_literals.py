"""No user-facing English sentence is left in the code: every one comes from the catalogs.

The scan reads the Discord layer, the service's reasons, the engines' reasons
and words, and the renderer's labels, and reports every string literal that
reads like English prose. Docstrings, log lines, programming errors (which
never reach a player) and notation are not text for players.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = [
    *sorted((ROOT / "bot" / "discord").glob("*.py")),
    *sorted((ROOT / "bot" / "service").glob("*.py")),
    *sorted((ROOT / "bot" / "games").rglob("*.py")),
    *sorted((ROOT / "renderer").glob("*.py")),
]
#: Modules with no words for players (the demo, ``bot/demo.py``, writes file names; tests' helpers).
NOT_SCANNED = {"bot/demo.py"}
#: Exceptions that only ever mean a bug or a misuse by code: their messages are for developers.
DEVELOPER_ERRORS = {"ValueError", "TypeError", "KeyError", "RuntimeError", "AssertionError", "NotImplementedError",
                    "NotAHandView", "NotFinished", "SchemaTooNew", "LookupError", "IndexError"}
LOGGERS = {"log", "logger", "logging", "log_", "warnings"}
#: Calls whose words go to the host's log only: the outcome and name of the table's work (``bot.telemetry.work``),
#: and what a log line is about.
LOG_WORDS = {"note_outcome", "background_work", "run_interaction", "about"}
STOPWORDS = {"the", "a", "an", "to", "of", "is", "not", "your", "you", "on", "with", "and", "or", "for", "in",
             "it", "no", "this", "that", "can", "be", "are", "has", "have", "at", "by", "from", "was", "i"}
PROPER_NAMES = {"Alcazar", "Alcazar (1978)", "Almería", "Cádiz", "Córdoba", "Granada", "Huelva", "Jaén", "Málaga",
                "Sevilla"}
WORD = re.compile(r"[A-Za-z][a-z]+|[AI]\b")


def prose(text: str) -> bool:
    """Reads like English for people: three words, or two with a small English word among them."""
    text = text.strip()
    if text.startswith("/") or text in PROPER_NAMES:   # a command, the games' and Andalusia's names
        return False
    if " " not in text:     # ids, keys, notation and file names are single tokens; a word like "Pass" is not
        return text.isalpha() and text[:1].isupper() and text[1:].islower() and len(text) > 2
    words = WORD.findall(text)
    lowered = {w.lower() for w in words}
    return len(words) >= 3 or (len(words) >= 2 and bool(lowered & STOPWORDS)) or \
        (len(words) == 1 and text.strip()[:1].isupper() and text.strip().isalpha() and len(text.strip()) > 2)


class Finder(ast.NodeVisitor):
    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []
        self.skip: set[int] = set()

    def visit_Assign(self, node: ast.Assign) -> None:
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets):
            return
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if any(isinstance(base, ast.Name) and base.id == "Enum" for base in node.bases):
            return      # an enum's values name cases for code (``Reason``); players read messages
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:   # an assertion's words are for developers
        self.visit(node.test)

    def visit_Dict(self, node: ast.Dict) -> None:   # an HTTP Authorization header's scheme ("Bot", "Bearer")
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and key.value == "Authorization":
                self._skip_tree(key)
                self._skip_tree(value)
        self.generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:   # docstrings and bare strings
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else None
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if owner in LOGGERS or name in DEVELOPER_ERRORS or name in {"Msg", "t", "label", "described", "compile",
                                                                    "fullmatch", "match", "search", "getLogger"}:
            # the first argument of Msg/t/label is a message id; a developer error's words are for developers
            for arg in node.args[:1]:
                self._skip_tree(arg)
            if owner in LOGGERS or name in DEVELOPER_ERRORS:
                for arg in node.args:
                    self._skip_tree(arg)
        if name in LOG_WORDS:
            for arg in [*node.args, *(keyword.value for keyword in node.keywords)]:
                self._skip_tree(arg)
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        if isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in DEVELOPER_ERRORS:
                self._skip_tree(node.exc)
        self.generic_visit(node)

    def _skip_tree(self, node: ast.AST) -> None:
        self.skip.update(id(n) for n in ast.walk(node))

    def visit_Constant(self, node: ast.Constant) -> None:
        if id(node) not in self.skip and isinstance(node.value, str) and prose(node.value):
            self.found.append((node.lineno, node.value))

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        if id(node) not in self.skip:
            text = "".join(v.value if isinstance(v, ast.Constant) else " x " for v in node.values)
            literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if prose(literal):
                self.found.append((node.lineno, text))
        self._skip_tree(node)


def english_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    finder = Finder()
    finder.visit(tree)
    return [f"{path.relative_to(ROOT)}:{line}: {text!r}" for line, text in finder.found]


def test_no_user_facing_english_literal_is_left_outside_the_catalogs() -> None:
    found = []
    for path in SCANNED:
        if str(path.relative_to(ROOT)) not in NOT_SCANNED:
            found += english_literals(path)
    assert found == []


def test_the_scan_finds_english_prose() -> None:
    assert prose("You are not in this game.") and prose("Pass") and prose("move the Baron")
    assert not prose("withdraw 12; ") and not prose("az:lobby:join") and not prose("buy deck")
