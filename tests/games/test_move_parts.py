"""The engines' descriptions of a move agree with its notation, for every legal move of many random positions.

The notation is read here, in the test, independently of the engines (the way the other layers read it
before the engines described their moves), and held against each part of the description.
"""
from __future__ import annotations

import random
import re
from typing import Any, Iterator

from bot.games import alcazar, alcazar1978
from bot.games.alcazar1978.moves import read_notation
from bot.i18n import Msg

CELL = r"(\d+|g\d+,\d+)"


def _random_game(engine: Any, state: Any, seed: int, plies: int) -> Iterator[Any]:
    """The positions of a game of random moves from ``state``, each before its move (at most ``plies``)."""
    rng = random.Random(seed)
    for _ in range(plies):
        if engine.to_move(state) is None:
            return
        yield state
        state = engine.play(state, rng.choice(engine.legal_moves(state)))


def _positions_2009(games: int, plies: int) -> Iterator[alcazar.State]:
    for game in range(games):
        yield from _random_game(alcazar, alcazar.new_game(players=2 + game % 4, seed=100 + game), game, plies)


def _place(name: str) -> alcazar.Place:
    return alcazar.Place(name, None if name.startswith("g") else int(name), name[1:] if name.startswith("g") else None)


def _check_2009(state: alcazar.State, move: alcazar.Move) -> None:
    text = str(move)
    parts = alcazar.describe(state, move)
    withdrawal, _, rest = text.rpartition("; ")
    action, _, step = rest.partition(" + ")
    verb, _, where = action.partition(" ")
    assert parts.notation == text
    assert parts.action == verb and parts.action_notation == action
    if withdrawal:
        assert parts.withdrawal is not None and parts.withdrawal.notation == withdrawal
        cell = withdrawal.split()[1]
        assert parts.withdrawal.place == _place(cell)
        seat, rank = state.nobles[alcazar.board.parse_cell(cell)]  # type: ignore[index]
        assert seat == state.to_move and parts.withdrawal.rank == ("grande" if rank else "baron")
    else:
        assert parts.withdrawal is None
    assert parts.draws_from_deck == (action == "buy deck")
    assert parts.purchase == (None if verb != "buy" else where if where in ("deck", "tower") else "card")
    words = where.split()
    if verb == "castle":
        low, high = map(int, words[1].split("-"))
        assert parts.cards == (int(words[0]),) and parts.span == (low, high)
        assert parts.places == tuple(_place(str(n)) for n in range(low, high + 1))
    elif verb in ("mansion", "extend", "raise"):
        assert parts.cards == (int(where),) and parts.places == (_place(where),) and parts.span is None
    elif verb == "buy":
        assert parts.cards == (() if where in ("deck", "tower") else (int(where),)) and parts.places == ()
    elif verb == "tower":
        assert parts.cards == () and parts.places == (_place(where),)
    elif verb == "bridge":
        first, second = re.fullmatch(f"{CELL}-{CELL}", where).groups()  # type: ignore[union-attr]
        assert parts.cards == () and parts.places == (_place(first), _place(second))
    else:
        assert verb == "pass" and parts.cards == () and parts.places == ()
    assert parts.plays_building_card == (verb in ("castle", "mansion", "extend", "raise"))
    if not step:
        assert parts.noble_step is None
    else:
        noble = parts.noble_step
        assert noble is not None and noble.notation == step
        if step.startswith("move "):
            origin, target = step[5:].split(">")
            assert noble.kind == "move" and noble.places == (_place(origin), _place(target)) and noble.ranks == ()
        elif step.startswith("swap "):
            first, second = step[5:].split("<>")
            assert noble.kind == "swap" and noble.places == (_place(first), _place(second))
        else:
            placed = re.findall(rf"(baron|grande) {CELL}", step)
            assert noble.kind == "place" and noble.ranks == tuple(r for r, _ in placed)
            assert noble.places == tuple(_place(c) for _, c in placed)
    assert parts.extras == (bool(step), bool(withdrawal)) == alcazar.extras(move)
    assert parts.same_as is None
    words = alcazar.describe_move_by_part(state, move)
    assert words.whole == alcazar.describe_move(state, move)
    assert [w is not None for w in words.parts] == [bool(withdrawal), True, bool(step)]
    if withdrawal and step:
        assert words.whole == Msg("move.with_step", move=Msg("move.then", first=words.parts[0], then=words.parts[1]),
                                  step=words.parts[2])
    outline = move.outline
    assert (outline.action, outline.withdraws, outline.steps) == (verb, bool(withdrawal), bool(step))


def test_every_alcazar_move_is_described_as_its_notation_says() -> None:
    checked = 0
    kinds: set[str] = set()
    for state in _positions_2009(games=8, plies=40):
        for move in alcazar.legal_moves(state):
            _check_2009(state, move)
            kinds.add(alcazar.describe(state, move).action)
            checked += 1
    assert checked > 5000
    assert kinds >= {"buy", "castle", "mansion", "extend", "raise", "bridge"}


def test_a_parsed_move_is_described_like_the_listed_one() -> None:
    for state in _positions_2009(games=2, plies=15):
        for move in alcazar.legal_moves(state)[::7]:
            assert alcazar.describe(state, alcazar.parse_move(state, str(move))) == alcazar.describe(state, move)


# -- Alcazar (1978) ------------------------------------------------------------------------------

_WALL = re.compile(r"w(\d) ([A-E]\d) (cw|ccw)(\d)")


def _legacy_distinct(notations: list[str]) -> set[str]:
    """The rule as the Discord layer once wrote it: of turns of one wall around one tower that end
    alike, only the shortest (the first listed on a tie)."""
    best: dict[tuple[str, str, int], str] = {}
    for notation in notations:
        turn = _WALL.fullmatch(notation)
        if turn is None:
            continue
        wall, tower, direction, quarters = turn.groups()
        end = (wall, tower, int(quarters) % 4 if direction == "cw" else (4 - int(quarters)) % 4)
        if end not in best or int(notation[-1]) < int(best[end][-1]):
            best[end] = notation
    return {n for n in notations if _WALL.fullmatch(n) is None} | set(best.values())


def _positions_1978(games: int, plies: int) -> Iterator[alcazar1978.State]:
    for game in range(games):
        yield from _random_game(alcazar1978, alcazar1978.new_game(), game, plies)


def test_every_alcazar_1978_move_is_described_as_its_notation_says() -> None:
    checked = walls = repeats = 0
    for state in _positions_1978(games=25, plies=40):
        legal = alcazar1978.legal_moves(state)
        offered = _legacy_distinct([str(m) for m in legal])
        assert [str(m) for m in alcazar1978.distinct_wall_turns(legal)] == [str(m) for m in legal
                                                                            if str(m) in offered]
        for move in legal:
            text = str(move)
            parts = alcazar1978.describe(state, move)
            checked += 1
            words = alcazar1978.describe_move_by_part(state, move)
            assert words.whole == words.parts[0] == alcazar1978.describe_move(state, move)
            assert (words.parts[1] is not None) == (parts.action == "wall")
            assert parts.notation == text and not parts.draws_from_deck
            assert parts.extras == alcazar1978.extras(move) == ()
            if text == "pass":
                assert parts.action == "pass" and parts.pawn is None and parts.wall is None
                continue
            wall = _WALL.fullmatch(text)
            if wall is None:
                origin, target = text.split("-")
                assert parts.action == "pawn" and parts.wall is None
                assert parts.pawn == alcazar1978.PawnStep(origin, target)
                continue
            walls += 1
            number, pivot, direction, quarters = wall.groups()
            turn = parts.wall
            assert parts.action == "wall" and parts.pawn is None and turn is not None
            assert (turn.wall, turn.pivot, turn.direction, turn.quarters) == (int(number), pivot, direction,
                                                                             int(quarters))
            before = alcazar1978.view(state)["walls"][int(number) - 1]["position"]
            after = alcazar1978.view(alcazar1978.play(state, move))["walls"][int(number) - 1]["position"]
            assert (turn.start, turn.end) == (before, after)
            assert (turn.same_as is None) == (text in offered) and parts.same_as == turn.same_as
            if turn.same_as is not None:
                repeats += 1
                kept = alcazar1978.describe(state, alcazar1978.parse_move(state, turn.same_as)).wall
                assert kept is not None and kept.end == turn.end and kept.quarters <= turn.quarters
    assert checked > 1000 and walls > 500 and repeats > 50


def test_equal_wall_turns_keep_the_shortest_and_the_first_listed_on_a_tie() -> None:
    moves = [read_notation(n) for n in
             ("w1 B2 cw1", "w1 B2 ccw3", "w1 B2 cw2", "w1 B2 ccw2", "w1 B2 ccw1", "w1 C2 cw1", "a4-b4")]
    assert [str(m) for m in alcazar1978.distinct_wall_turns(moves)] == ["w1 B2 cw1", "w1 B2 cw2", "w1 B2 ccw1",
                                                                        "w1 C2 cw1", "a4-b4"]
