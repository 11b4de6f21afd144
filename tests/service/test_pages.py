"""A web page's projection of a game (``service.pages.view``): what each viewer sees, in their language."""
from __future__ import annotations

import json
from typing import Any, Sequence


from bot.games import get_game
from bot.i18n import t
from bot.service import Accepted, GameService, Reason, Refusal

from .helpers import HOST, open_table, player_ids

SPECTATOR = 999


async def names_of(user_ids: Sequence[int]) -> list[str]:
    """Display names as an edge would give them."""
    return [f"Name{user}" for user in user_ids]


async def view_of(service: GameService, game_id: int, user_id: int, lang: str = "en") -> dict[str, Any]:
    view = await service.pages.view(game_id, user_id, lang, names_of)
    assert not isinstance(view, Refusal), view
    json.dumps(view)            # JSON-able as it is
    return view


def cell(view: dict[str, Any], cell_id: str) -> dict[str, Any]:
    [found] = [c for c in view["board"]["cells"] if c["id"] == cell_id]
    return found


async def test_a_seated_player_sees_their_own_hand_and_everyone_s_counts(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    for _ in range(6):
        await table.play()
    seat = table.last.game.to_move_seat
    assert seat is not None
    view = await view_of(service, table.game_id, table.last.game.players[seat])

    assert view["game"] == {"id": table.game_id, "kind": "alcazar", "title": table.last.game.title,
                            "status": "active", "version": table.last.game.version, "language": "en", "result": None}
    assert view["viewer"] == {"seat": seat, "lang": "en", "to_act": True}
    assert view["turn"]["seat"] == seat
    assert view["turn"]["text"] == f"Name{table.last.game.players[seat]} to play"
    own = table.shadow.players[seat]
    assert [c["id"] for c in view["hand"]["cards"]] == [f"c{card}" for card in own.hand]
    assert view["hand"]["cards"][0]["label"] == f"Card {own.hand[0]}"
    assert {"label": "Money", "value": f"{own.money} Real"} in view["hand"]["facts"]
    # every player's counts, by name, in seat order
    assert [p["name"] for p in view["players"]] == [f"Name{u}" for u in table.last.game.players]
    for player, state in zip(view["players"], table.shadow.players):
        assert {"label": "Building cards in hand", "value": str(len(state.hand))} in player["facts"]
        assert {"label": "Money", "value": f"{state.money} Real"} in player["facts"]
    assert [p["to_act"] for p in view["players"]] == [s == seat for s in range(3)]
    # the table: the face-up cards and the supply
    face_up, supply = view["table"]
    assert [item["id"] for item in face_up["items"]] == [f"f{card}" for card in table.shadow.face_up]
    assert f"{len(table.shadow.deck)} cards in the deck" in [item["label"] for item in supply["items"]]
    # the history, oldest first, its last line the last move
    assert [line["ply"] for line in view["history"]] == list(range(1, 7))
    assert view["last_move"] == view["history"][-1]["text"]
    assert view["last_move"].startswith(f"Name{table.last.game.players[(seat - 1) % 3]}: ")
    assert view["words"]["play"] == "Play" and view["words"]["find_move"] == "Find a move"


async def test_a_plot_says_what_stands_on_it(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    for _ in range(8):
        await table.play()
    view = await view_of(service, table.game_id, SPECTATOR)
    state = table.shadow
    from bot.games.alcazar import board
    spaces = [c for c in view["board"]["cells"] if c["id"].isdigit()]
    assert sorted(int(c["id"]) for c in spaces) == list(range(1, 73))
    for number in range(1, 73):
        plot = cell(view, str(number))
        height = state.heights[board.SPACE_CELL[number]]
        assert plot["label"].startswith(f"plot {number}, ")
        if height == 0:
            assert plot["label"] == f"plot {number}, empty" and plot["details"] == []
            continue
        assert f"height {height}" in plot["label"] and f"Height {height}" in plot["details"]
        noble = state.nobles.get(board.SPACE_CELL[number])
        if noble is not None:
            rank = "Grande" if noble[1] else "Baron"
            owner = f"Name{table.last.game.players[noble[0]]}"
            assert f"{rank} of {owner}" in plot["label"]
            assert plot["details"][0] == f"Owner: {owner}"
    built = [c for c in view["board"]["cells"] if c["details"]]
    assert any("value" in d for c in built for d in c["details"])
    moved = {tuple(xy) for xy in state.last_move["cells"]}
    assert {c["id"] for c in view["board"]["cells"] if c["last_move"]} == {
        board.CELL_NAME[board.cell_at(x, y)] for x, y in moved}


async def test_a_spectator_gets_no_hand_and_no_moves(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    await table.play()
    view = await view_of(service, table.game_id, SPECTATOR)
    assert view["viewer"] == {"seat": None, "lang": "en", "to_act": False}
    assert view["hand"] is None
    moves = await service.pages.moves(table.game_id, SPECTATOR, "en")
    assert moves == {"version": table.last.game.version, "tokens": {}, "moves": []}


async def test_a_player_waiting_for_their_turn_sees_their_hand_but_has_no_moves(service: GameService) -> None:
    table = await open_table(service, "alcazar", 3)
    waiting = (table.last.game.to_move_seat + 1) % 3
    view = await view_of(service, table.game_id, table.last.game.players[waiting])
    assert view["viewer"]["seat"] == waiting and view["viewer"]["to_act"] is False
    assert [c["id"] for c in view["hand"]["cards"]] == [f"c{card}" for card in table.shadow.players[waiting].hand]
    moves = await service.pages.moves(table.game_id, table.last.game.players[waiting], "en")
    assert moves["moves"] == [] and moves["tokens"] == {}


async def test_a_lobby_shows_who_joined_and_no_board(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 500, HOST, "alcazar")
    assert isinstance(lobby, Accepted)
    joined = await service.lobby.join(lobby.game.id, HOST + 1)
    assert isinstance(joined, Accepted)
    for lang, waiting in (("en", "Waiting for the start: 2 players have joined"),
                          ("hu", "Várakozás a kezdésre: 2 játékos csatlakozott")):
        view = await view_of(service, lobby.game.id, HOST + 1, lang)
        assert view["game"]["status"] == "lobby"
        assert view["board"] is None and view["hand"] is None and view["history"] == []
        assert [p["name"] for p in view["players"]] == [f"Name{HOST}", f"Name{HOST + 1}"]
        assert view["turn"] == {"seat": None, "text": waiting, "deadline": None}
    assert isinstance(await service.pages.board_image(lobby.game.id, names_of), Refusal)
    assert (await service.pages.moves(lobby.game.id, HOST, "en"))["moves"] == []


async def test_a_finished_1978_game_shows_its_result(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    await table.play_to_end()
    game = table.last.game
    assert game.result is not None
    for user in (*game.players, SPECTATOR):
        view = await view_of(service, table.game_id, user)
        assert view["game"]["status"] == "finished"
        assert view["game"]["result"]["winners"] == list(game.result.winners)
        # the engine's reason names colours; the page names the players
        assert "Red" not in view["game"]["result"]["text"] and "Green" not in view["game"]["result"]["text"]
        assert view["turn"]["seat"] is None and view["turn"]["text"] == "The game is over."
        assert view["viewer"]["to_act"] is False and view["hand"] is None
        assert (await service.pages.moves(table.game_id, user, "en"))["moves"] == []


async def test_a_finished_alcazar_game_after_a_resignation(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    await table.play()
    await table.resign(0)
    view = await view_of(service, table.game_id, table.last.game.players[1], "hu")
    assert view["game"]["status"] == "finished"
    assert view["game"]["result"]["winners"] == [1]
    assert view["players"][0]["resigned"] is True
    assert view["turn"]["text"] == "A játszma véget ért."
    assert view["hand"] is not None          # their own hand stays theirs to see


async def test_a_1978_board_names_its_squares_walls_and_pawns(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    await table.play()
    view = await view_of(service, table.game_id, table.last.game.players[0])
    state_view = get_game("alcazar1978").view(table.shadow, None)
    squares = [c for c in view["board"]["cells"] if c["kind"] == "square"]
    walls = [c for c in view["board"]["cells"] if c["kind"] == "wall"]
    assert sorted(c["id"] for c in squares) == sorted(f"{f}{r}" for f in "abcd" for r in range(1, 5))
    assert [c["id"] for c in walls] == [f"w{w['id']}" for w in state_view["walls"]]
    for pawn in state_view["pawns"]:
        owner = f"Name{table.last.game.players[pawn['seat']]}"
        assert f"pawn of {owner}" in cell(view, pawn["square"])["label"]
        assert f"starting square of {owner}" in cell(view, pawn["start"])["details"]
    for wall in state_view["walls"]:
        assert cell(view, f"w{wall['id']}")["label"].startswith(f"wall {wall['id']}, {wall['position']}")
    assert view["hand"] is None                # no hands in this game
    assert any(c["last_move"] for c in view["board"]["cells"])


async def test_the_page_speaks_the_viewer_s_language(service: GameService) -> None:
    for kind, players, word in (("alcazar", 2, "telek"), ("alcazar1978", 2, "mező")):
        table = await open_table(service, kind, players, channel_id=600 + players + len(kind))
        await table.play()
        english = await view_of(service, table.game_id, SPECTATOR, "en")
        hungarian = await view_of(service, table.game_id, SPECTATOR, "hu")
        assert hungarian["viewer"]["lang"] == "hu" and hungarian["game"]["language"] == "en"
        assert all(word in c["label"] for c in hungarian["board"]["cells"] if c["kind"] != "wall")
        assert hungarian["words"] == {name: t("hu", f"web.ui.{name}") for name in english["words"]}
        assert hungarian["words"]["play"] != english["words"]["play"]
        assert hungarian["turn"]["text"] == f"Következik: Name{table.last.game.to_move_id}"
        assert hungarian["history"][0]["text"] != english["history"][0]["text"]
        # a language the bot does not speak reads as English
        assert (await view_of(service, table.game_id, SPECTATOR, "xx"))["words"] == english["words"]


async def test_an_unknown_game_is_refused(service: GameService) -> None:
    refusal = await service.pages.view(4242, HOST, "en", names_of)
    assert isinstance(refusal, Refusal) and refusal.reason is Reason.NO_SUCH_GAME
    image = await service.pages.board_image(4242, names_of)
    assert isinstance(image, Refusal) and image.reason is Reason.NO_SUCH_GAME
    assert (await service.pages.moves(4242, HOST, "en"))["moves"] == []


async def test_computers_are_named_in_the_viewer_s_language(service: GameService) -> None:
    lobby = await service.lobby.create_lobby(1, 500, HOST, "alcazar1978")
    assert isinstance(lobby, Accepted)
    await service.computers.add_computer(lobby.game.id, HOST, "easy")
    started = await service.lobby.start(lobby.game.id, HOST)
    assert isinstance(started, Accepted)
    asked: list[list[int]] = []

    async def only_people(user_ids: Sequence[int]) -> list[str]:
        asked.append(list(user_ids))
        return [f"Name{user}" for user in user_ids]

    view = await service.pages.view(lobby.game.id, HOST, "hu", only_people)
    assert not isinstance(view, Refusal)
    assert asked == [[HOST]]
    [computer] = [p for p in view["players"] if p["computer"]]
    assert computer["name"] == "1. gép (könnyű)"
    assert player_ids(1) == [HOST]


async def test_the_turn_line_carries_the_deadline(service: GameService) -> None:
    table = await open_table(service, "alcazar1978", 2)
    assert (await service.lobby.update_settings(table.game_id, table.last.game.host_id, {"deadline_hours": 48})).ok
    await table.play()
    facts = await service.records.turn_facts(table.last.game)
    view = await view_of(service, table.game_id, SPECTATOR)
    assert table.last.game.turn_since is not None
    assert facts.deadline_at == table.last.game.turn_since + 48 * 3600     # nobody is away
    assert view["turn"]["deadline"] == facts.deadline_at
    assert view["turn"]["seat"] == table.last.game.to_move_seat


async def test_a_kept_projection_follows_new_names_and_versions(service: GameService) -> None:
    table = await open_table(service, "alcazar", 2)
    await table.play()

    async def renamed(user_ids: Sequence[int]) -> list[str]:
        return [f"New{user}" for user in user_ids]

    first = await view_of(service, table.game_id, SPECTATOR)
    again = await view_of(service, table.game_id, SPECTATOR)
    assert again == first
    other = await service.pages.view(table.game_id, SPECTATOR, "en", renamed)
    assert not isinstance(other, Refusal)
    assert [p["name"] for p in other["players"]] == [f"New{u}" for u in table.last.game.players]
    await table.play()
    later = await view_of(service, table.game_id, SPECTATOR)
    assert later["game"]["version"] == table.last.game.version > first["game"]["version"]
    assert len(later["history"]) == len(first["history"]) + 1
