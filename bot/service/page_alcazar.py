"""What a page shows of an Alcazar (2009) game, in the viewer's words: the plots, the players' counts,
the hand, the face-up cards and the supply.

Everything here reads an engine view (the public one, or a seat's with that seat's hand) and the
renderer's layout; it never reads the game's state, so it can show nothing the view does not hold.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from bot.i18n import Msg, t
from bot.service.page_words import fact, real

View = Mapping[str, Any]


def player_facts(player: Mapping[str, Any], lang: str) -> list[dict[str, str]]:
    """One player's counts, as the board's message lists them: points, money, nobles, cards, tower cards."""
    return [
        fact(lang, "web.fact.points", t(lang, "result.points", count=int(player.get("points", 0)))),
        fact(lang, "web.fact.money", real(int(player["money"]), lang)),
        fact(lang, "web.fact.grandes", str(int(player["grandes"]))),
        fact(lang, "web.fact.barons", str(int(player["barons"]))),
        fact(lang, "web.fact.cards", str(int(player.get("hand_count", 0)))),
        fact(lang, "web.fact.tower_cards", str(int(player.get("towers", 0)))),
    ]


def hand(view: View, lang: str) -> dict[str, Any]:
    """The seat's own hand (the view must be that seat's): its building cards, money, nobles, tower cards."""
    seat = view["seat"]
    player = view["players"][seat]
    return {
        "cards": [{"id": card_id(card), "label": t(lang, "where.card", card=card)} for card in view.get("hand") or ()],
        "facts": [
            fact(lang, "web.fact.money", real(int(player["money"]), lang)),
            fact(lang, "web.fact.grandes", str(int(player["grandes"]))),
            fact(lang, "web.fact.barons", str(int(player["barons"]))),
            fact(lang, "web.fact.tower_cards", str(int(player.get("towers", 0)))),
        ],
    }


def card_id(card: int) -> str:
    """A building card of the hand, as the page names it ("c23")."""
    return f"c{card}"


def table(view: View, lang: str) -> list[dict[str, Any]]:
    """What lies on the table for everyone: the face-up cards, and the supply."""
    supply: Mapping[str, Any] = view.get("supply") or {}
    face_up = [{"id": f"f{card}", "label": t(lang, "where.card", card=card)} for card in view.get("face_up") or ()]
    counts = [
        ("s_deck", t(lang, "web.supply.deck", count=int(view.get("deck", 0)))),
        ("s_towers", t(lang, "web.supply.tower_cards", count=int(view.get("tower_deck", 0)))),
        ("s_pieces", t(lang, "web.supply.pieces", count=int(supply.get("pieces", 0)))),
        ("s_bridges", t(lang, "web.supply.bridges", count=int(supply.get("bridges", 0)))),
        ("s_flags", t(lang, "web.supply.flags", count=len(supply.get("flags") or ()))),
    ]
    return [
        {"title": t(lang, "web.table.face_up"), "items": face_up},
        {"title": t(lang, "web.table.supply"), "items": [{"id": key, "label": label} for key, label in counts]},
    ]


# -- the plots ---------------------------------------------------------------------------------------

def cells(view: View, layout: Mapping[str, Any], names: Sequence[str], lang: str) -> list[dict[str, Any]]:
    """Every plot (the 72 spaces) and every garden something stands on, with its box in the image,
    what a screen reader says of it, and what a tap shows."""
    built = {(int(c["x"]), int(c["y"])): c for c in view.get("cells") or ()}
    buildings = {int(b["id"]): b for b in view.get("buildings") or ()}
    bridges = _bridges_over(view)
    last = {tuple(xy) for xy in ((view.get("last_move") or {}).get("cells") or ())}
    found = []
    for name, place in layout["spaces"].items():
        xy = (int(place["cell"][0]), int(place["cell"][1]))
        found.append(_cell(name, int(name), place["box"], built.get(xy), buildings, bridges.get(xy), xy in last,
                           view, names, lang))
    for name, place in layout["gardens"].items():
        xy = (int(place["cell"][0]), int(place["cell"][1]))
        if xy in built:        # a garden only matters once a bridge spans it
            found.append(_cell(name, None, place["box"], built[xy], buildings, bridges.get(xy), xy in last,
                               view, names, lang))
    return found


def _bridges_over(view: View) -> dict[tuple[int, int], int]:
    """The level of the highest bridge over each cell it touches (ends and middle)."""
    levels: dict[tuple[int, int], int] = {}
    for bridge in view.get("bridges") or ():
        for xy in bridge.get("cells") or ():
            key = (int(xy[0]), int(xy[1]))
            levels[key] = max(levels.get(key, 0), int(bridge["level"]))
    return levels


def _cell(name: str, space: int | None, box: Sequence[int], cell: Mapping[str, Any] | None,
          buildings: Mapping[int, Mapping[str, Any]], bridge: int | None, last_move: bool, view: View,
          names: Sequence[str], lang: str) -> dict[str, Any]:
    height = 0 if cell is None else int(cell["height"])
    building = None if cell is None else buildings.get(int(cell["building"]))
    noble = None if cell is None else cell.get("noble")
    label, details = _cell_words(
        name, space, height,
        None if building is None else (str(building.get("name") or ""), int(building.get("value", 0))),
        None if noble is None else (_seat_name(int(noble["seat"]), view, names, lang), str(noble["rank"])),
        bridge or 0, lang)
    return {"id": name, "kind": "plot", "box": list(box), "label": label, "details": list(details),
            "last_move": last_move}


@lru_cache(maxsize=20_000)
def _cell_words(name: str, space: int | None, height: int, building: tuple[str, int] | None,
                noble: tuple[str, str] | None, bridge: int, lang: str) -> tuple[str, tuple[str, ...]]:
    """What a plot's button is called and what a tap on it shows. Most plots read the same from one version
    to the next, so each reading is worded once (a board is 72 of them, on every change of every game)."""
    where = t(lang, "web.plot", n=space) if space is not None else t(lang, "web.garden", name=name[1:])
    label = [where]
    details: list[str] = []
    city, value = building if building is not None else ("", 0)
    if city:
        label.append(city)
    if height:
        label.append(t(lang, "web.height", level=height))
        details.append(t(lang, "web.height_detail", level=height))
    else:
        label.append(t(lang, "web.empty_plot"))
    if noble is not None:
        owner, rank = noble
        nobles = t(lang, f"web.noble.{rank}", player=owner)
        label.append(nobles)
        details.insert(0, t(lang, "web.owner", player=owner))
        details.append(nobles)
    if building is not None and height:
        details.append(_building_words(city, value, lang))
    if bridge:
        details.append(t(lang, "web.bridge", level=bridge))
    return ", ".join(label), tuple(details)


def _building_words(city: str, value: int, lang: str) -> str:
    """"Castle of Córdoba, value 12" or "Mansion, value 3"."""
    if city:
        return t(lang, "web.castle", city=city, value=value)
    return t(lang, "web.mansion", value=value)


def _seat_name(seat: int, view: View, names: Sequence[str], lang: str) -> str:
    """The player of ``seat`` by name, or by colour for a seat without one."""
    if 0 <= seat < len(names):
        return names[seat]
    players = view.get("players") or []
    colour = players[seat].get("color", "") if 0 <= seat < len(players) else ""
    return t(lang, Msg(f"colour.{colour}")) if colour else str(seat)
