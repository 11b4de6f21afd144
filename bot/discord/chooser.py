"""The guided turn: a player's legal moves as a tree of small choices.

Each complete move is split into the same number of steps (for Alcazar:
action → card or cell → noble step → withdrawal; for Alcazar 1978: pawn or
wall → where). The chooser walks the tree one step at a time; a step with a
single option is taken by itself; a step with more options than fit in one
menu is paged. Every legal move stays reachable: the tree is built from the
complete move list, never cut.

A position in the tree is a *path*: the index chosen at each step. With the
game version it identifies the move uniquely, because the legal moves of a
given version never change, so a path fits in a button's ``custom_id``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

PAGE_SIZE = 25          # Discord's limit of options in one select menu


@dataclass(frozen=True)
class Step:
    """One part of a move, with the words shown for it."""

    key: str
    label: str


@dataclass(frozen=True)
class Option:
    index: int
    label: str


@dataclass(frozen=True)
class Stage:
    """Where the chooser is: a question with options, or a finished move to confirm."""

    path: tuple[int, ...]
    question: str
    options: tuple[Option, ...]            # all of them; pages cut them to PAGE_SIZE
    move: str | None = None                # the notation, once the path names one move
    words: str | None = None

    def page(self, number: int) -> tuple[Option, ...]:
        return self.options[number * PAGE_SIZE:(number + 1) * PAGE_SIZE]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.options) // PAGE_SIZE))


StepsOf = Callable[[str], tuple[Step, ...]]


class MoveTree:
    """The legal moves of one position, as steps to choose."""

    def __init__(self, moves: Sequence[tuple[str, str]], steps_of: StepsOf, questions: Sequence[str]) -> None:
        """``moves`` are (notation, words) pairs; ``steps_of`` splits a notation into steps."""
        self.moves = [(notation, words, steps_of(notation)) for notation, words in moves]
        self.questions = list(questions)
        depths = {len(steps) for _, _, steps in self.moves}
        if len(depths) > 1:
            raise ValueError(f"every move must split into the same number of steps, got {sorted(depths)}")
        self.depth = depths.pop() if depths else 0

    def _options_at(self, path: tuple[int, ...]) -> list[Step] | None:
        """The distinct steps after ``path`` (in first-seen order), or None when the path is invalid."""
        remaining = self.moves
        for level, index in enumerate(path):
            steps = _distinct(m[2][level] for m in remaining)
            if not 0 <= index < len(steps):
                return None
            chosen = steps[index].key
            remaining = [m for m in remaining if m[2][level].key == chosen]
        level = len(path)
        if level >= self.depth:
            return []
        return _distinct(m[2][level] for m in remaining)

    def stage(self, path: tuple[int, ...]) -> Stage | None:
        """The stage at ``path``, taking single-option steps by itself; None for a path that does not exist."""
        path = tuple(path)
        while True:
            options = self._options_at(path)
            if options is None:
                return None
            if not options:
                notation, words = self._move_at(path)
                return Stage(path, "Play this move?", (), notation, words)
            if len(options) == 1 and len(path) < self.depth:
                path = path + (0,)
                continue
            question = self.questions[len(path)] if len(path) < len(self.questions) else "Choose"
            return Stage(path, question, tuple(Option(i, s.label) for i, s in enumerate(options)))

    def _move_at(self, path: tuple[int, ...]) -> tuple[str, str]:
        remaining = self.moves
        for level, index in enumerate(path):
            chosen = _distinct(m[2][level] for m in remaining)[index].key
            remaining = [m for m in remaining if m[2][level].key == chosen]
        notation, words, _ = remaining[0]
        return notation, words

    def path_of(self, notation: str) -> tuple[int, ...]:
        """The full path of one move (tests walk the tree with it)."""
        target = next(steps for n, _, steps in self.moves if n == notation)
        path: tuple[int, ...] = ()
        for level in range(self.depth):
            options = self._options_at(path) or []
            path = path + ([s.key for s in options].index(target[level].key),)
        return path


def _distinct(steps: object) -> list[Step]:
    seen: dict[str, Step] = {}
    for step in steps:  # type: ignore[attr-defined]
        seen.setdefault(step.key, step)
    return list(seen.values())


# ----- how each game's notation splits into steps ------------------------------------------

ALCAZAR_QUESTIONS = ["What do you want to do?", "Which card, cells or card?", "Then a noble step?",
                     "Withdraw one of your nobles first?"]
ALCAZAR_1978_QUESTIONS = ["Move your pawn or turn a wall?", "Where to?"]

_ACTION_LABELS = {
    "buy": "Buy a card", "castle": "Found a castle", "mansion": "Build a mansion", "extend": "Extend a building",
    "raise": "Build upward (raise)", "tower": "Play a tower card", "bridge": "Build a bridge", "pass": "Pass",
}


def alcazar_steps(notation: str) -> tuple[Step, ...]:
    """``withdraw 12; castle 8 7-9 + grande 8`` → action, its card/cells, noble step, withdrawal."""
    withdrawal, _, rest = notation.rpartition("; ")
    action, _, noble = rest.partition(" + ")
    verb, _, where = action.partition(" ")
    return (
        Step(verb, _ACTION_LABELS.get(verb, verb.capitalize())),
        Step(action, _where_label(verb, where)),
        Step(noble or "-", _noble_label(noble)),
        Step(withdrawal or "-", f"Yes: {withdrawal}" if withdrawal else "No withdrawal"),
    )


def _where_label(verb: str, where: str) -> str:
    if not where:
        return _ACTION_LABELS.get(verb, verb)
    if verb == "buy":
        return {"deck": "The top card of the deck", "tower": "A tower card"}.get(where, f"Face-up card {where}")
    if verb == "castle":
        card, _, cells = where.partition(" ")
        return f"Card {card}, castle on {cells.replace('-', '–')}"
    if verb == "bridge":
        return f"Bridge {where.replace('-', ' – ')}"
    if verb == "tower":
        return f"Tower card on {where}"
    return f"Card {where}"


def _noble_label(noble: str) -> str:
    if not noble:
        return "No noble step"
    if noble.startswith("move "):
        return f"Move your noble {noble[5:].replace('>', ' → ')}"
    if noble.startswith("swap "):
        return f"Exchange Grande and Baron {noble[5:].replace('<>', ' ⇄ ')}"
    return "Place " + re.sub(r"(baron|grande) ", lambda m: m.group(1).capitalize() + " on ", noble).replace(" Grande", ", Grande")


def alcazar1978_steps(notation: str) -> tuple[Step, ...]:
    """``a4-b4`` → pawn, to b4; ``w3 B3 ccw1`` → wall 3, around B3 one quarter counter-clockwise."""
    if notation == "pass":
        return (Step("pass", "Pass (no legal move)"), Step("pass", "Pass"))
    wall = re.fullmatch(r"w(\d) ([A-E]\d) (cw|ccw)(\d)", notation)
    if wall:
        number, pivot, direction, quarters = wall.groups()
        turn = "clockwise" if direction == "cw" else "counter-clockwise"
        quarter = "quarter turn" if quarters == "1" else "quarter turns"
        return (Step(f"w{number}", f"Turn wall {number}"),
                Step(notation, f"Around tower {pivot}, {quarters} {quarter} {turn}"))
    start, _, end = notation.partition("-")
    return (Step("pawn", "Move your pawn"), Step(notation, f"From {start} to {end}"))


GAME_STEPS: dict[str, tuple[StepsOf, list[str]]] = {
    "alcazar": (alcazar_steps, ALCAZAR_QUESTIONS),
    "alcazar1978": (alcazar1978_steps, ALCAZAR_1978_QUESTIONS),
}


def move_tree(kind: str, moves: Sequence[tuple[str, str]]) -> MoveTree:
    """The chooser tree for a game kind and its (notation, words) legal moves."""
    steps_of, questions = GAME_STEPS[kind]
    return MoveTree(moves, steps_of, questions)


def encode_path(path: tuple[int, ...]) -> str:
    return ".".join(str(i) for i in path) or "-"


def decode_path(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(part) for part in text.split("."))
