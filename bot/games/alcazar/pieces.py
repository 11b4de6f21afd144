"""The pieces, cards and prices of Alcazar (2009): constants that every engine module may import.

They live apart from ``state`` so that the modules ``state`` uses (``buildings``,
``moves``) need not import ``state`` back.
"""
from __future__ import annotations

BARON, GRANDE = 0, 1
RANK_NAMES = ("baron", "grande")
COLORS = ("blue", "yellow", "green", "red", "white")
FLAG_NAMES = ("Almería", "Cádiz", "Córdoba", "Granada", "Huelva", "Jaén", "Málaga", "Sevilla")
FLAG_COUNT = len(FLAG_NAMES)

CARD_COUNT = 72
HAND_SIZE = 10
FACE_UP_COUNT = 6
TOWER_CARDS = 20
PIECES = 84
BRIDGES = 20
START_MONEY = 40
START_GRANDES = 2
START_BARONS = 6

CARD_PRICE = 5
TOWER_PRICE = 10
BRIDGE_PRICE = 15
MAX_VALUE = 50

PIECE = -1  # the bridge id of a stack element that is a building piece

Element = tuple[int, int]  # (level, bridge id or PIECE)
Noble = tuple[int, int]  # (seat, rank)
