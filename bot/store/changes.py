"""Changes of games a transaction made, told to whoever listens once it commits.

A transaction notes each game it changes (``tx.changes.note``; ``GameRepo`` does it for every write of a
game's row, the lobby for its seats). When the transaction commits, the store hands the notes to its
commit listeners in this process (``Store.on_commit``); on PostgreSQL it also sends them with the COMMIT,
as ``pg_notify`` on the schema's channel (``channel_of``), which the server delivers to every listening process when, and only if,
the transaction commits. Each payload names the store it came from, so that a process skips its own.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

#: The start of the PostgreSQL notification channel of game changes.
CHANNEL = "alcazar_games"


def channel_of(schema: str) -> str:
    """The notification channel of the games in ``schema``. Notifications go to every listener of a
    database, whatever its schema: bots kept apart by their schemas on one database stay apart by
    their channels. (A channel name, like any identifier, has at most 63 bytes.)"""
    name = f"{CHANNEL}_{schema}"
    if len(name.encode()) <= 63:
        return name
    return f"{CHANNEL}_{hashlib.sha256(schema.encode()).hexdigest()[:32]}"


@dataclass(frozen=True)
class ChangeNote:
    """A committed change of a game: its version after the change, and whether the change bumped it
    (``moved``: a change of the board) or left it as it was (a lobby's seats, settings, a cancellation)."""

    game_id: int
    version: int
    moved: bool

    def payload(self, origin: str) -> str:
        """The note as a notification's payload, naming the store (``origin``) that made it."""
        return f"{self.game_id} {self.version} {'m' if self.moved else 's'} {origin}"

    @staticmethod
    def from_payload(payload: str) -> tuple[ChangeNote, str] | None:
        """A payload read back: the note and its origin, or None for one that is not ours."""
        parts = payload.split(" ")
        if len(parts) != 4 or parts[2] not in ("m", "s"):
            return None
        try:
            return ChangeNote(int(parts[0]), int(parts[1]), parts[2] == "m"), parts[3]
        except ValueError:
            return None


class ChangeNotes:
    """The changes one transaction made, newest last; at most one note per game (its last)."""

    def __init__(self) -> None:
        self._notes: dict[int, ChangeNote] = {}

    def note(self, game_id: int, version: int, *, moved: bool) -> None:
        """``game_id`` changed in this transaction; it now has ``version``."""
        earlier = self._notes.pop(game_id, None)
        # A start writes the lobby's settings, then moves the board: the note says it moved.
        moved = moved or (earlier is not None and earlier.moved and earlier.version == version)
        self._notes[game_id] = ChangeNote(game_id, version, moved)

    def pending(self) -> list[ChangeNote]:
        """The notes so far, in the order the games were last changed."""
        return list(self._notes.values())

    def taken(self) -> list[ChangeNote]:
        """The notes, in the order the games were last changed; forgotten here."""
        notes, self._notes = list(self._notes.values()), {}
        return notes

    def clear(self) -> None:
        self._notes.clear()
