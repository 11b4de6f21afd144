"""A page's moves (``service.pages.moves``): a path of taps per legal move, from the engine's parts."""
from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games import get_game
from bot.games.alcazar1978.parts import distinct_wall_turns
from bot.i18n import t
from bot.service import Accepted, GameService

from .helpers import Table, open_table
from .test_pages import view_of


def legal_texts(table: Table) -> set[str]:
    """What the engine allows now, each choice once (a wall turn equal to a shorter one is that one)."""
    moves = table.engine.legal_moves(table.shadow)
    if table.kind == "alcazar1978":
        moves = distinct_wall_turns(moves)
    return {str(move) for move in moves}


def check_moves(table: Table, view: dict[str, Any], moves: dict[str, Any], lang: str = "en") -> None:
    """Every rule of the moves: complete paths, none a prefix of another, exactly the legal moves, and
    every tap names something the page shows."""
    assert moves["version"] == view["game"]["version"]
    assert {move["text"] for move in moves["moves"]} == legal_texts(table)
    assert len(moves["moves"]) == len(legal_texts(table))
    paths = [tuple(move["path"]) for move in moves["moves"]]
    assert all(paths), "every move needs at least one tap"
    assert len(set(paths)) == len(paths)
    starts = {path[:length] for path in paths for length in range(1, len(path))}
    assert not starts & set(paths), "a path is the beginning of another"
    hand = {card["id"] for card in (view["hand"] or {}).get("cards", [])}
    cells = {cell["id"] for cell in view["board"]["cells"]}
    used = {key for path in paths for key in path}
    assert used == set(moves["tokens"])
    for token in moves["tokens"].values():
        assert token["label"] and token["kind"] in ("card", "cell", "option")
        if token["kind"] == "card":
            assert token["ref"] in hand
        if token["kind"] == "cell":
            assert token["ref"] in cells
    engine = table.engine
    for move in moves["moves"][:40]:
        assert move["words"] == t(lang, engine.describe_move(table.shadow, move["text"]))


@pytest.mark.parametrize("kind, players, plies", [("alcazar", 3, 30), ("alcazar1978", 2, 30)])
async def test_every_legal_move_has_one_complete_path(service: GameService, kind: str, players: int,
                                                    plies: int) -> None:
    table = await open_table(service, kind, players)
    for _ in range(plies):
        user = table.to_move_id
        assert user is not None
        view = await view_of(service, table.game_id, user)
        moves = await service.pages.moves(table.game_id, user, "en")
        check_moves(table, view, moves)
        # the page plays a move as Discord does: its text, at the version it was given
        pick = table.rng.choice(moves["moves"])["text"]
        result = await service.turns.play(table.game_id, user, pick, moves["version"])
        assert isinstance(result, Accepted), result
        table.follow(result)


async def test_an_alcazar_path_asks_card_then_plot_then_options(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    user = table.to_move_id
    assert user is not None
    moves = await service.pages.moves(table.game_id, user, "en")
    tokens = moves["tokens"]
    built = [m for m in moves["moves"] if tokens[m["path"][0]]["kind"] == "card"]
    assert built, "a hand of building cards can build"
    for move in built:
        kinds = [tokens[key]["kind"] for key in move["path"]]
        assert kinds[:2] == ["card", "cell"] and set(kinds[2:]) <= {"option"}
        card = tokens[move["path"][0]]["ref"]
        assert tokens[move["path"][1]]["ref"] == card[1:]       # a building card builds on its own plot
    bought = [m for m in moves["moves"] if m["text"] == "buy deck"]
    assert [[tokens[k]["label"] for k in m["path"]] for m in bought] == [
        ["Buy the top card of the deck (−5 Real)"] + (["No withdrawal"] if len(bought[0]["path"]) > 1 else [])]


async def test_a_1978_path_is_a_square_or_a_wall_and_its_turn(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    for _ in range(3):
        await table.play()
    user = table.to_move_id
    assert user is not None
    moves = await service.pages.moves(table.game_id, user, "hu")
    tokens = moves["tokens"]
    for move in moves["moves"]:
        kinds = [tokens[key]["kind"] for key in move["path"]]
        refs = [tokens[key]["ref"] for key in move["path"]]
        if "-" in move["text"]:                               # a pawn step: "a4-b4"
            assert kinds == ["cell"] and refs == [move["text"].split("-")[1]]
        else:                                                 # a wall turn: "w3 B3 ccw1"
            assert kinds == ["cell", "option"] and refs == [move["text"].split()[0], move["text"]]
            assert tokens[move["path"][0]]["label"].endswith("fal forgatása")


async def test_the_moves_stay_small_with_many_choices(service: GameService) -> None:
    """Taps are listed once and named by short keys: a move costs its text, its words and a few keys."""
    table = await open_table(service, "alcazar", 2)
    for _ in range(10):
        await table.play()
    user = table.to_move_id
    assert user is not None
    moves = await service.pages.moves(table.game_id, user, "en")
    size = len(json.dumps(moves, ensure_ascii=False, separators=(",", ":")).encode())
    words = sum(len(m["words"].encode()) + len(m["text"]) for m in moves["moves"])
    assert size < words + 40 * len(moves["moves"]) + 200 * len(moves["tokens"])
    assert get_game("alcazar").legal_moves(table.shadow)
