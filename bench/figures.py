"""What the benchmarks share: the figures they compute and how they print them.

The benches run as scripts (``.venv/bin/python bench/<name>.py``), so this
module is imported by its file name from the folder the script is in.
"""
from __future__ import annotations

import json
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any


class Samples(defaultdict[str, list[float]]):
    """A run's measurements by name (``samples["play_ms"].append(…)``): a list from a name's first use."""

    def __init__(self) -> None:
        super().__init__(list)


def median(values: Sequence[float], digits: int) -> float:
    """The median, rounded to ``digits`` decimals."""
    return round(statistics.median(values), digits)


def p99(values: Sequence[float], digits: int) -> float:
    """The 99th percentile by nearest rank (the largest value below a hundred samples), rounded."""
    return round(sorted(values)[int(0.99 * (len(values) - 1))], digits)


def print_figures(figures: dict[str, Any]) -> None:
    """One aligned line per figure, for a reader, then the whole as one JSON object on the last line."""
    for name, value in figures.items():
        print(f"{name:>26}: {value}")
    print(json.dumps(figures))


def print_summary(summary: str, figures: dict[str, Any]) -> None:
    """The figures that matter most in a sentence, for a reader, then the whole as one JSON object."""
    print(summary)
    print(json.dumps(figures))
