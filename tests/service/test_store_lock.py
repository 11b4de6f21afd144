"""The store's lock is held only while the database works.

Every read and transaction holds the store's one lock, so anything else
awaited inside ``store.read()`` / ``store.write()`` (an engine step in a
thread, an image, another lock) would make every other game wait behind it.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "bot"

# Helpers that only run statements on the transaction they are given.
ONLY_STATEMENTS = {"self.core.commit_step"}


def _store_blocks(tree: ast.AST) -> list[ast.AsyncWith]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.AsyncWith)
            and any(ast.unparse(item.context_expr).endswith(("store.read()", "store.write()"))
                    for item in node.items)]


def test_nothing_but_statements_is_awaited_while_the_store_is_locked() -> None:
    found = []
    blocks = 0
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for block in _store_blocks(tree):
            blocks += 1
            for node in ast.walk(block):
                if isinstance(node, ast.Await):
                    called = node.value.func if isinstance(node.value, ast.Call) else node.value
                    name = ast.unparse(called)
                    if not name.startswith("tx.") and name not in ONLY_STATEMENTS and name not in TX_HELPERS:
                        found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} awaits {name}")
    assert blocks > 10, "the check found the store's blocks"
    assert found == []


# Helpers of ``commit_step`` that run statements on its transaction alone: (module, function).
STEP_HELPERS = {"record_turn": ("banks.py", "record_turn")}
# Helpers given a transaction that run statements on it alone, awaited in the store's blocks: (module, function).
TX_HELPERS = {"read_turn_facts": ("posting.py", "read_turn_facts"), "posting_of": ("posting.py", "posting_of"),
              "info_in": ("base.py", "info_in"), "self.accepted_in": ("base.py", "accepted_in"),
              "self.core.accepted_in": ("base.py", "accepted_in")}


def _awaited_in(module: str, function: str) -> list[str]:
    tree = ast.parse((ROOT / "service" / module).read_text(encoding="utf-8"))
    body = next(node for node in ast.walk(tree)
                if isinstance(node, ast.AsyncFunctionDef) and node.name == function)
    return [ast.unparse(node.value.func) for node in ast.walk(body)
            if isinstance(node, ast.Await) and isinstance(node.value, ast.Call)]


def test_commit_step_only_runs_statements() -> None:
    awaited = _awaited_in("base.py", "commit_step")
    assert awaited and all(name.startswith("tx.") or name in STEP_HELPERS for name in awaited), awaited
    for module, function in STEP_HELPERS.values():
        inner = _awaited_in(module, function)
        assert inner and all(name.startswith("tx.") for name in inner), (function, inner)


def test_the_transactions_helpers_only_run_statements() -> None:
    """What reads the turn's facts and a change's posting in a store's block awaits statements on it alone."""
    for module, function in TX_HELPERS.values():
        inner = _awaited_in(module, function)
        assert inner and all(name.startswith("tx.") or name in TX_HELPERS for name in inner), (function, inner)
