"""Any text at all, sent as a move: the engines answer with MoveError or IllegalMove, nothing else.

The refusals quote at most a short piece of what was typed, with every
mention made harmless, so the bot can echo them in a channel.
"""
from __future__ import annotations

import random
import re
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games import alcazar, alcazar1978
from bot.games.common import GameError, QUOTE_LIMIT, quoted, shortened, small_number
from bot.i18n import t

ENGINES = [alcazar, alcazar1978]


def positions(engine: ModuleType) -> list[object]:
    """The start and a position some random moves later."""
    start = engine.new_game(players=2, seed=7)
    state, rng = start, random.Random(3)
    for _ in range(12):
        moves = engine.legal_moves(state)
        if not moves:
            break
        state = engine.play(state, rng.choice(moves))
    return [start, state]


POSITIONS = {engine.NAME: positions(engine) for engine in ENGINES}

# Words and signs of both notations, so random text gets past the first token often.
VOCABULARY = [
    "buy", "deck", "tower", "castle", "mansion", "extend", "raise", "bridge", "pass", "withdraw",
    "baron", "grande", "move", "swap", "g", ",", ";", "+", "-", "<>", ">", "–", "→", "w", "wall",
    "cw", "ccw", "around", "a1", "d4", "B1", "E4", " ", "0", "7", "12", "72", "99", "1" * 40,
    "@everyone", "<@123>", "\n", "٣", "²",
]
hostile_text = st.one_of(
    st.text(),
    st.lists(st.sampled_from(VOCABULARY), max_size=12).map(" ".join),
    st.lists(st.one_of(st.sampled_from(VOCABULARY), st.text(max_size=3)), max_size=10).map("".join),
)


def refusal_of(engine: ModuleType, state: object, text: str) -> GameError | None:
    try:
        engine.play(state, text)
    except (engine.MoveError, engine.IllegalMove) as error:
        return error
    return None


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.NAME)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=hostile_text)
def test_any_text_is_a_move_or_a_refusal(engine: ModuleType, text: str) -> None:
    for state in POSITIONS[engine.NAME]:
        try:
            move = engine.parse_move(state, text)
        except (engine.MoveError, engine.IllegalMove):
            assert refusal_of(engine, state, text) is not None
            continue
        assert str(move) in {str(m) for m in engine.legal_moves(state)}
        engine.play(state, text)


HUGE = "1" * 4301

HUGE_NUMBERS = {
    "alcazar": [f"buy {HUGE}", f"mansion {HUGE}", f"castle {HUGE} 1-3", f"tower {HUGE}",
                f"bridge g{HUGE},1-3", f"withdraw {HUGE}; buy deck", f"castle 3 1-{HUGE}",
                f"raise 5 + baron g1,{HUGE}", "buy ²", "mansion ٣"],
    "alcazar1978": [f"w{HUGE} B1 cw1", f"w3 B1 cw{HUGE}", f"a{HUGE}-b1", f"w3 B{HUGE} cw1"],
}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.NAME)
def test_numbers_of_thousands_of_digits_are_refused_as_moves(engine: ModuleType) -> None:
    for text in HUGE_NUMBERS[engine.NAME]:
        error = refusal_of(engine, POSITIONS[engine.NAME][0], text)
        assert error is not None, text
        assert len(str(error)) < 400, str(error)


LONG = "z" * 200


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.NAME)
@pytest.mark.parametrize("text", [LONG, f"buy {LONG}", f"{LONG} @everyone", "a1-b1 " + LONG])
def test_a_refusal_quotes_at_most_a_short_piece_of_the_input(engine: ModuleType, text: str) -> None:
    error = refusal_of(engine, POSITIONS[engine.NAME][0], text)
    assert error is not None
    message = str(error)
    # the echo of the input, not a word of the message's own ("/alcazar rules")
    assert max(len(run) for run in re.findall("z+", message)) < QUOTE_LIMIT, message


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.NAME)
@pytest.mark.parametrize("text", ["@everyone", "@here", "<@123456>", "<@&98765>", "<@!42> pass", "buy @here"])
def test_a_refusal_never_carries_a_live_mention(engine: ModuleType, text: str) -> None:
    message = str(refusal_of(engine, POSITIONS[engine.NAME][0], text))
    for mention in ("@everyone", "@here", "<@1", "<@&", "<@!"):
        assert mention not in message, message


def test_shortened_cuts_with_an_ellipsis_and_neutralises_mentions() -> None:
    assert shortened("a" * 100) == "a" * (QUOTE_LIMIT - 1) + "…"
    assert len(shortened("a" * 100)) == QUOTE_LIMIT
    assert shortened("hi  there\n\nyou") == "hi there you"
    assert shortened("@everyone <@12> <@&34>") == "@\u200beveryone <@\u200b12> <@\u200b&34>"
    assert str(quoted("pass")) == "“pass”"
    assert t("hu", quoted("pass")) == "„pass”"


def test_small_number_reads_only_short_ascii_numbers() -> None:
    assert small_number("12") == 12 and small_number("0007") == 7 and small_number("0") == 0
    assert small_number(HUGE) is None and small_number("٣") is None and small_number("²") is None
    assert small_number("") is None and small_number("-3") is None and small_number("1.5") is None
