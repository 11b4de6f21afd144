"""What a page shows of an Alcazar (1978) game, in the viewer's words: the squares with the pawns and
the starting squares, the walls, and each player's pawn. The game has no hands: every view is public."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from bot.i18n import t
from bot.service.page_words import fact

View = Mapping[str, Any]


def wall_id(wall: int) -> str:
    """A wall as the page names it ("w3")."""
    return f"w{wall}"


def player_facts(view: View, seat: int, lang: str) -> list[dict[str, str]]:
    """Where the seat's pawn stands, and whether it has left its starting square."""
    pawn = _pawn_of(view, seat)
    if pawn is None:
        return []
    left = t(lang, "web.yes" if pawn.get("left_start") else "web.no")
    return [fact(lang, "web.fact.pawn", str(pawn["square"])),
            fact(lang, "web.fact.start", str(pawn["start"])),
            fact(lang, "web.fact.left_start", left)]


def table(view: View, lang: str) -> list[dict[str, Any]]:
    """The walls in play, and the one that may not turn this turn."""
    locked = None if view.get("outcome") else view.get("locked_wall")
    items = [{"id": wall_id(int(w["id"])),
              "label": t(lang, "web.wall_locked" if w["id"] == locked else "web.wall", wall=w["id"],
                         position=w["position"])}
             for w in view.get("walls") or ()]
    return [{"title": t(lang, "web.table.walls"), "items": items}]


def cells(view: View, layout: Mapping[str, Any], names: Sequence[str], lang: str) -> list[dict[str, Any]]:
    """The sixteen squares and the walls, with their boxes in the image, names and what a tap shows."""
    last = view.get("last_move") or {}
    return ([_square(name, box, view, names, lang, last) for name, box in layout["squares"].items()]
            + [_wall(wall, layout["walls"][wall["position"]], view, lang, last) for wall in view.get("walls") or ()])


def _square(name: str, box: Sequence[int], view: View, names: Sequence[str], lang: str,
            last: Mapping[str, Any]) -> dict[str, Any]:
    details: list[str] = []
    for pawn in view.get("pawns") or ():
        owner = _name(int(pawn["seat"]), names)
        if pawn["square"] == name:
            details.insert(0, t(lang, "web.pawn_of", player=owner))
        if pawn["start"] == name:
            details.append(t(lang, "web.start_of", player=owner))
    label = [t(lang, "web.square", square=name)] + (details or [t(lang, "web.empty_square")])
    moved_here = last.get("kind") == "pawn" and name in (last.get("from"), last.get("to"))
    swept = last.get("kind") == "wall" and name in (last.get("swept") or ())
    return {"id": name, "kind": "square", "box": list(box), "label": ", ".join(label), "details": details,
            "last_move": bool(moved_here or swept)}


def _wall(wall: Mapping[str, Any], box: Sequence[int], view: View, lang: str,
          last: Mapping[str, Any]) -> dict[str, Any]:
    locked = not view.get("outcome") and view.get("locked_wall") == wall["id"]
    words = t(lang, "web.wall_locked" if locked else "web.wall", wall=wall["id"], position=wall["position"])
    details = [t(lang, "web.wall_between", position=wall["position"])]
    if locked:
        details.append(t(lang, "web.wall_locked_detail"))
    return {"id": wall_id(int(wall["id"])), "kind": "wall", "box": list(box), "label": words, "details": details,
            "last_move": last.get("kind") == "wall" and last.get("wall") == wall["id"]}


def _pawn_of(view: View, seat: int) -> Mapping[str, Any] | None:
    for pawn in view.get("pawns") or ():
        if pawn.get("seat") == seat:
            return pawn
    return None


def _name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat)
