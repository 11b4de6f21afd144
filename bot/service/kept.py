"""A small memory of the last answers to a question, by key, for the service's readers."""
from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """The last ``size`` answers by key, the least recently used going first. Nothing is ever taken out
    for being stale: the keys say what an answer is for (a game's version is never played again), or the
    answer carries what it was made from and its user checks that."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._kept.get(key)
        if value is not None:
            self._kept.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._kept[key] = value
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)
