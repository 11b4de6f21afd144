"""Importing this module draws, once, everything the renderer keeps between images.

The bot's worker processes import it before their first image (the fork
server imports it once and every worker forked from it inherits the result),
so no player waits for a background, a sprite or a palette to be built.
"""
from __future__ import annotations

from renderer import alcazar, alcazar1978, hand, standings


def warm_up() -> None:
    """Build the static layers and palettes of every image kind at its default size
    (a palette is built from specimen images, which draws the static layers on the way)."""
    alcazar.board_palette()
    alcazar1978.board_palette()
    hand.hand_palette()
    standings.standings_palette()


warm_up()
