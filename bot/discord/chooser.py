"""The guided turn: a player's legal moves as a tree of small choices.

Each complete move is split into the same number of steps, in the order of
a turn (for Alcazar: withdrawal → action → card or cell → noble step, each
with its cost and income; for Alcazar 1978: pawn or wall → where). The chooser walks the tree one step at a time; a step with a
single option is taken by itself; a step with more options than fit in one
menu is paged. Every legal move stays reachable: the tree is built from the
complete move list, never cut.

A position in the tree is a *path*: the index chosen at each step. A path is
short enough for a button's ``custom_id``, but it means something only in the
tree it was read from, and a later release of the bot may order that tree
differently for the very same game version. So every id also carries a
*digest* of what it means: of the step keys chosen along the path (pick, page,
back), or of the move's notation (play). A click is checked against the digest,
never trusted by its path alone.
"""
from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from bot.i18n import Msg
from bot.service import (
    MoveChoice, action_choice, action_words, alcazar_part_words, noble_choice, pass_choice_1978, pawn_choice,
    wall_choice, wall_turn_choice, withdrawal_choice,
)

if TYPE_CHECKING:
    from bot.service import Alcazar1978MoveParts, AlcazarMoveParts

PAGE_SIZE = 25          # Discord's limit of options in one select menu
DIGEST_LENGTH = 10      # base32 characters of a sha256: 50 bits, against a few thousand moves at most


@dataclass(frozen=True)
class Step:
    """One part of a move, with the words shown for it."""

    key: str
    label: Msg | str


@dataclass(frozen=True)
class Option:
    index: int
    label: Msg | str
    digest: str = ""        # of the path's keys once this option is picked (see ``steps_digest``)


@dataclass(frozen=True)
class Stage:
    """Where the chooser is: a question with options, or a finished move to confirm."""

    path: tuple[int, ...]
    question: Msg
    options: tuple[Option, ...]            # all of them; pages cut them to PAGE_SIZE
    move: str | None = None                # the notation, once the path names one move
    words: Msg | str | None = None
    digest: str = ""                       # of the keys chosen along ``path`` (see ``steps_digest``)

    def page(self, number: int) -> tuple[Option, ...]:
        return self.options[number * PAGE_SIZE:(number + 1) * PAGE_SIZE]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.options) // PAGE_SIZE))


# (the engine's parts of a move, the words of each part) -> the move's steps
StepsOf = Callable[[Any, Sequence["Msg | None"]], tuple[Step, ...]]
# The question for a level, given the keys of the steps chosen before it.
AskOf = Callable[[int, tuple[str, ...]], Msg]


class MoveTree:
    """The legal moves of one position, as steps to choose."""

    def __init__(self, moves: Sequence[MoveChoice], steps_of: StepsOf, ask: AskOf) -> None:
        """``moves`` are the legal moves as the service lists them; ``steps_of`` splits a move's parts
        into steps; ``ask`` words the question of each level."""
        self.moves = [(m.notation, m.words, steps_of(m.parts, m.words_by_part)) for m in moves]
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
                return Stage(path, Msg("chooser.play_this"), (), notation, words, steps_digest(keys))
            options = _distinct(m[2][len(path)] for m in remaining)
            if len(options) == 1:
                path = path + (0,)
                continue
            question = self.ask(len(path), keys)
            return Stage(path, question, tuple(Option(i, s.label, steps_digest(keys + (s.key,)))
                                               for i, s in enumerate(options)), digest=steps_digest(keys))

    def leads_to(self, path: tuple[int, ...], digest: str) -> bool:
        """Whether ``path`` still chooses the steps whose keys ``digest`` was made of."""
        walked = self._walk(tuple(path))
        return walked is not None and steps_digest(walked[0]) == digest

    def back_from(self, path: tuple[int, ...]) -> Stage | None:
        """The stage before ``path`` that really asked something (steps with one option are skipped)."""
        path = tuple(path)
        while path:
            path = path[:-1]
            stage = self.stage(path)
            if stage is not None and stage.path == path:
                return stage
        return self.stage(())

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


# ----- how each game's moves split into steps ------------------------------------------

_ALCAZAR_WHERE_QUESTIONS = {
    "buy": "chooser.q.buy", "castle": "chooser.q.castle", "mansion": "chooser.q.card", "extend": "chooser.q.card",
    "raise": "chooser.q.card", "tower": "chooser.q.tower", "bridge": "chooser.q.bridge",
}


def alcazar_question(level: int, chosen: tuple[str, ...]) -> Msg:
    if level == 0:
        return Msg("chooser.q.withdraw")
    if level == 1:
        return Msg("chooser.q.what")
    if level == 2:
        return Msg(_ALCAZAR_WHERE_QUESTIONS.get(chosen[1], "chooser.q.which"))
    return Msg("chooser.q.noble")


def alcazar1978_question(level: int, chosen: tuple[str, ...]) -> Msg:
    if level == 0:
        return Msg("chooser.q78.what")
    return Msg("chooser.q78.pawn" if chosen[0] == "pawn" else "chooser.q78.wall")


# Each step's key is the notation of that part of the move, as the engine writes it ("withdraw 12",
# "castle", "castle 8 7-9", "grande 8"; "-" for a part the move leaves out). The keys are digested
# into the buttons' ids (``steps_digest``), so they must never change between releases.
def alcazar_steps(parts: AlcazarMoveParts, words: Sequence[Msg | None] = ()) -> tuple[Step, ...]:
    """``withdraw 12; castle 8 7-9 + grande 8`` → withdrawal, action, its card/cells, noble step.

    With the words of the move's parts (withdrawal, action, noble step: ``MoveChoice.words_by_part``),
    each step's label is that part's words, with its cost or income ("Found a castle on 7–9 with
    card 8 (+5 Real)", "Grande on 8 (−10 Real)"); the service words each part for the web board too."""
    withdrawal, step = parts.withdrawal, parts.noble_step
    said = alcazar_part_words(words)
    return (
        Step(withdrawal.notation if withdrawal else "-", withdrawal_choice(parts, said[0])),
        Step(parts.action, action_words(parts.action)),
        Step(parts.action_notation, action_choice(parts, said[1])),
        Step(step.notation if step else "-", noble_choice(parts, said[2])),
    )


def alcazar1978_steps(parts: Alcazar1978MoveParts, words: Sequence[Msg | None] = ()) -> tuple[Step, ...]:
    """``a4-b4`` → pawn, to b4; ``w3 B3 ccw1`` → wall 3, around B3 one quarter counter-clockwise.

    A wall turn's label comes from the words of the move's parts when they are given (the move,
    the turn), which also say where the wall ends ("Around B3 a quarter turn counter-clockwise
    (B3-C3 → B3-B4)")."""
    if parts.action == "pass":
        return (Step("pass", pass_choice_1978()), Step("pass", action_words("pass")))
    wall = parts.wall
    if wall is not None:
        return (Step(f"w{wall.wall}", wall_choice(parts)), Step(parts.notation, wall_turn_choice(parts, words)))
    assert parts.pawn is not None
    return (Step("pawn", Msg("chooser.move_pawn")), Step(parts.notation, pawn_choice(parts)))


def offered_moves(moves: Sequence[MoveChoice]) -> list[MoveChoice]:
    """The moves the chooser and autocomplete offer: a move equal to another one (in Alcazar (1978) a
    wall turn that ends where a shorter one does) is the same choice, offered once (typing it still plays it)."""
    return [move for move in moves if move.parts.same_as is None]


GAME_STEPS: dict[str, tuple[StepsOf, AskOf]] = {
    "alcazar": (alcazar_steps, alcazar_question),
    "alcazar1978": (alcazar1978_steps, alcazar1978_question),
}


def move_tree(kind: str, moves: Sequence[MoveChoice]) -> MoveTree:
    """The chooser tree for a game kind and its legal moves (as ``legal_moves_for`` lists them)."""
    steps_of, ask = GAME_STEPS[kind]
    return MoveTree(offered_moves(moves), steps_of, ask)


def _digest(text: str) -> str:
    return base64.b32encode(hashlib.sha256(text.encode()).digest()).decode().lower()[:DIGEST_LENGTH]


def steps_digest(keys: Sequence[str]) -> str:
    """What a path means, independent of the order of any menu: the keys of the steps it chose."""
    return _digest("steps\n" + "\n".join(keys))


def move_digest(notation: str) -> str:
    """What a Play button means: the move itself."""
    return _digest("move\n" + notation)


def move_with_digest(notations: Sequence[str], digest: str) -> str | None:
    """The one legal move whose digest is ``digest``; None when no move (or, by a collision, two) has it."""
    found = [notation for notation in notations if move_digest(notation) == digest]
    return found[0] if len(found) == 1 else None


def encode_path(path: tuple[int, ...]) -> str:
    return ".".join(str(i) for i in path) or "-"


def decode_path(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(part) for part in text.split("."))
