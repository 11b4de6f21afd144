"""The guided turn: a player's legal moves as a tree of small choices.

Each complete move is split into the same number of steps, in the order of
a turn (for Alcazar: withdrawal → action → card or cell → noble step, each
with its cost and income; for Alcazar 1978: pawn or wall → where). The chooser walks the tree one step at a time; a step with a
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
from typing import Any, Callable, Sequence

from bot.discord.style import distinct_wall_turns, house_style

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


StepsOf = Callable[[str, str], tuple[Step, ...]]   # (notation, words) -> the move's steps
# The question for a level, given the keys of the steps chosen before it.
AskOf = Callable[[int, tuple[str, ...]], str]


class MoveTree:
    """The legal moves of one position, as steps to choose."""

    def __init__(self, moves: Sequence[tuple[str, str]], steps_of: StepsOf, ask: AskOf) -> None:
        """``moves`` are (notation, words) pairs; ``steps_of`` splits a notation into steps;
        ``ask`` words the question of each level."""
        self.moves = [(notation, words, steps_of(notation, words)) for notation, words in moves]
        self.ask = ask
        depths = {len(steps) for _, _, steps in self.moves}
        if len(depths) > 1:
            raise ValueError(f"every move must split into the same number of steps, got {sorted(depths)}")
        self.depth = depths.pop() if depths else 0

    def _walk(self, path: tuple[int, ...]) -> tuple[tuple[str, ...], list[Any]] | None:
        """The keys chosen along ``path`` and the moves still possible; None when the path is invalid."""
        keys: list[str] = []
        remaining = self.moves
        for level, index in enumerate(path):
            steps = _distinct(m[2][level] for m in remaining)
            if not 0 <= index < len(steps):
                return None
            keys.append(steps[index].key)
            remaining = [m for m in remaining if m[2][level].key == keys[-1]]
        return tuple(keys), remaining

    def _options_at(self, path: tuple[int, ...]) -> list[Step] | None:
        """The distinct steps after ``path`` (in first-seen order), or None when the path is invalid."""
        walked = self._walk(path)
        if walked is None:
            return None
        if len(path) >= self.depth:
            return []
        return _distinct(m[2][len(path)] for m in walked[1])

    def stage(self, path: tuple[int, ...]) -> Stage | None:
        """The stage at ``path``, taking single-option steps by itself; None for a path that does not exist."""
        path = tuple(path)
        while True:
            walked = self._walk(path)
            if walked is None:
                return None
            keys, remaining = walked
            if len(path) >= self.depth:
                notation, words, _ = remaining[0]
                return Stage(path, "Play this move?", (), notation, words)
            options = _distinct(m[2][len(path)] for m in remaining)
            if len(options) == 1:
                path = path + (0,)
                continue
            question = self.ask(len(path), keys)
            return Stage(path, question, tuple(Option(i, s.label) for i, s in enumerate(options)))

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

_ALCAZAR_WHERE_QUESTIONS = {
    "buy": "Which card do you buy?", "castle": "With which card, on which three spaces?",
    "mansion": "With which card?", "extend": "With which card?", "raise": "With which card?",
    "tower": "Where does the tower card's piece go?", "bridge": "Which bridge?",
}


def alcazar_question(level: int, chosen: tuple[str, ...]) -> str:
    if level == 0:
        return "Withdraw one of your nobles first?"
    if level == 1:
        return "What do you want to do?"
    if level == 2:
        return _ALCAZAR_WHERE_QUESTIONS.get(chosen[1], "Which one?")
    return "Then a noble step?"


def alcazar1978_question(level: int, chosen: tuple[str, ...]) -> str:
    if level == 0:
        return "Move your pawn or turn a wall?"
    return "Where to?" if chosen[0] == "pawn" else "Around which tower, and how far?"

_ACTION_LABELS = {
    "buy": "Buy a card", "castle": "Found a castle", "mansion": "Build a mansion", "extend": "Extend a building",
    "raise": "Build upward (raise)", "tower": "Play a tower card", "bridge": "Build a bridge", "pass": "Pass",
}


def alcazar_steps(notation: str, words: str = "") -> tuple[Step, ...]:
    """``withdraw 12; castle 8 7-9 + grande 8`` → withdrawal, action, its card/cells, noble step.

    With the move's words, each step's label is that part of the words, with its cost or
    income ("Found a castle on 7–9 with card 8 (+5 Real)", "Grande on 8 (−10 Real)")."""
    withdrawal, _, rest = notation.rpartition("; ")
    action, _, noble = rest.partition(" + ")
    verb, _, where = action.partition(" ")
    said = _parts_of_words(house_style(words), bool(withdrawal), bool(noble))
    return (
        Step(withdrawal or "-", f"Yes: {said[0]}" if withdrawal and said[0]
             else f"Yes, first withdraw your noble from {_cell_words(withdrawal[9:])}" if withdrawal
             else "No withdrawal"),
        Step(verb, _ACTION_LABELS.get(verb, verb.capitalize())),
        Step(action, said[1] or _where_label(verb, where)),
        Step(noble or "-", said[2] or _noble_label(noble)),
    )


def _parts_of_words(words: str, withdrawal: bool, noble: bool) -> tuple[str, str, str]:
    """The move's words cut into withdrawal, action and noble step ("" where the words do not say)."""
    if not words:
        return "", "", ""
    first = ""
    if withdrawal:
        first, _, words = words.partition("; then ")
    action, noble_words = words, ""
    if noble:
        cut = words.find("), ")
        if cut < 0:
            return first, "", ""
        action, noble_words = words[:cut + 1], words[cut + 3:]
    return first, _capitalised(action), _capitalised(noble_words)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _where_label(verb: str, where: str) -> str:
    if not where:
        return _ACTION_LABELS.get(verb, verb)
    if verb == "buy":
        return {"deck": "The top card of the deck", "tower": "A tower card"}.get(where, f"Face-up card {where}")
    if verb == "castle":
        card, _, cells = where.partition(" ")
        return f"Card {card}, castle on {cells.replace('-', '–')}"
    if verb == "bridge":
        return "Bridge " + " – ".join(_cell_words(end) for end in where.split("-"))
    if verb == "tower":
        return f"Tower card on {_cell_words(where)}"
    return f"Card {where}"


def _cell_words(cell: str) -> str:
    """``12`` stays 12; a garden ``g7,1`` reads "the garden at 7,1"."""
    return f"the garden at {cell[1:]}" if cell.startswith("g") else cell


def _noble_label(noble: str) -> str:
    if not noble:
        return "No noble step"
    if noble.startswith("move "):
        origin, _, target = noble[5:].partition(">")
        return f"Move your noble from {_cell_words(origin)} to {_cell_words(target)}"
    if noble.startswith("swap "):
        first, _, second = noble[5:].partition("<>")
        return f"Exchange your Grande and Baron on {_cell_words(first)} and {_cell_words(second)}"
    placements = re.findall(r"(baron|grande) (\S+)", noble)
    return "Place " + " and ".join(f"a {rank.capitalize()} on {_cell_words(cell)}" for rank, cell in placements)


def alcazar1978_steps(notation: str, words: str = "") -> tuple[Step, ...]:
    """``a4-b4`` → pawn, to b4; ``w3 B3 ccw1`` → wall 3, around B3 one quarter counter-clockwise.

    A wall turn's label comes from the move's words when they are given, which also say
    where the wall ends ("Around B3 a quarter turn counter-clockwise (B3-C3 → B3-B4)")."""
    if notation == "pass":
        return (Step("pass", "Pass (no legal move)"), Step("pass", "Pass"))
    wall = re.fullmatch(r"w(\d) ([A-E]\d) (cw|ccw)(\d)", notation)
    if wall:
        number, pivot, direction, quarters = wall.groups()
        turn = "clockwise" if direction == "cw" else "counter-clockwise"
        quarter = "quarter turn" if quarters == "1" else "quarter turns"
        around = house_style(words).partition(f"wall {number} ")[2]
        label = around[:1].upper() + around[1:] if around else f"Around tower {pivot}, {quarters} {quarter} {turn}"
        return (Step(f"w{number}", f"Turn wall {number}"), Step(notation, label))
    start, _, end = notation.partition("-")
    return (Step("pawn", "Move your pawn"), Step(notation, f"From {start} to {end}"))


def offered_moves(kind: str, moves: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """The moves the chooser and autocomplete offer: in Alcazar (1978) a wall turn that ends where a
    shorter one does is the same choice, offered once (typing it still plays it)."""
    if kind != "alcazar1978":
        return list(moves)
    kept = distinct_wall_turns([notation for notation, _ in moves])
    return [(notation, words) for notation, words in moves if notation in kept]


GAME_STEPS: dict[str, tuple[StepsOf, AskOf]] = {
    "alcazar": (alcazar_steps, alcazar_question),
    "alcazar1978": (alcazar1978_steps, alcazar1978_question),
}


def move_tree(kind: str, moves: Sequence[tuple[str, str]]) -> MoveTree:
    """The chooser tree for a game kind and its (notation, words) legal moves."""
    steps_of, ask = GAME_STEPS[kind]
    return MoveTree(offered_moves(kind, moves), steps_of, ask)


def encode_path(path: tuple[int, ...]) -> str:
    return ".".join(str(i) for i in path) or "-"


def decode_path(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(part) for part in text.split("."))
