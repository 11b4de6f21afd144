"""Refusals speak in the words of what a person typed or clicked: the option names they see, the
units they entered, the form a move is written in; never a setting's internal name or jargon
that the rules help does not define."""
from __future__ import annotations

import re

import pytest

from bot.games import alcazar, alcazar1978
from bot.games.common import MoveError
from bot.i18n import LANGUAGES, t
from bot.i18n.catalog import catalog
from bot.service import GameSettings, SettingsError

#: Names the code gives settings that no person types: the options are reminder_hours,
#: deadline_hours, bank_days, increment_days, stand_in_deadline, stand_in_resign and reminders.
INTERNAL_NAMES = ("reminder_first_hours", "reminder_every_hours", "reminder_max", "bank_hours", "increment_hours",
                  "stand_in_on_deadline", "stand_in_on_resign", "threefold_repetition")
#: Words no player is taught: "CV" (the rulebook's castle value is "the building's value" here)
#: and the game's internal version number.
JARGON = (re.compile(r"\bCV\b"), re.compile(r"\{version\}"), re.compile(r"\bversion \d"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_names_an_internal_setting_or_undefined_jargon(language: str) -> None:
    found = [(key, form) for key, value in catalog(language).texts.items()
             for form in ((value,) if isinstance(value, str) else value)
             if any(name in form for name in INTERNAL_NAMES) or any(j.search(form) for j in JARGON)]
    assert found == []


def _refusal(changes: dict[str, object], language: str) -> str:
    with pytest.raises(SettingsError) as refused:
        GameSettings().changed(alcazar, changes)
    return t(language, refused.value.reason)


def test_a_time_bank_is_refused_in_the_days_and_options_the_host_typed() -> None:
    # What /alcazar new bank_days:2 increment_days:3 asks for.
    too_much = {"bank_hours": 2 * 24.0, "increment_hours": 3 * 24.0}
    assert _refusal(too_much, "en").startswith("increment_days (3) cannot be more than bank_days (2)")
    assert _refusal(too_much, "hu").startswith("Az increment_days (3) nem lehet több a bank_days értékénél (2)")
    too_short = _refusal({"bank_hours": 0.01 * 24}, "en")
    assert too_short == "bank_days must be 0 (none) or a number of days from 0.05 to 90, not 0.01", too_short
    assert GameSettings().changed(alcazar, {"bank_hours": 0.05 * 24}).bank_hours, "the lower bound shown holds"
    assert _refusal({"increment_hours": 31 * 24.0}, "hu") == \
        "increment_days: 0 és 30 közötti napszám lehet, ez nem: 31"
    assert "deadline_hours must be 0 (none) or a number of hours from 1 to 2,160, not 0.5" == \
        _refusal({"deadline_hours": 0.5}, "en")


def test_a_stand_in_for_resignations_is_refused_in_1978_by_its_option_name() -> None:
    with pytest.raises(SettingsError) as refused:
        GameSettings().changed(alcazar1978, {"stand_in_on_resign": True})
    assert "(stand_in_resign is for Alcazar (2009))" in t("en", refused.value.reason)
    assert "stand_in_resign az Alcazarhoz (2009) való" in t("hu", refused.value.reason)


@pytest.mark.parametrize("typed, form", [
    ("castle 8", "`castle 8 7-9`"),
    ("castle 8 7 9", "`castle 8 7-9`"),
    ("buy", "`buy 17`"),
    ("mansion", "`mansion 6`"),
    ("bridge 38", "`bridge 38-40`"),
    ("tower", "`tower 39`"),
    ("extend 11 + move 4", "`+ move 4>3`"),
    ("extend 11 baron 11", "`+ baron 8`"),            # the step without its "+"
    ("withdraw 12 buy deck", "`withdraw 12; buy deck`"),
    ("build a castle", "`castle 8 7-9 + grande 8`"),  # no action at all: the whole move's form
])
def test_a_malformed_alcazar_move_says_what_is_wrong_and_the_form_expected(typed: str, form: str) -> None:
    state = alcazar.new_game(players=3, seed=1)
    with pytest.raises(MoveError) as malformed:
        alcazar.parse_move(state, typed)
    english, hungarian = t("en", malformed.value.reason), t("hu", malformed.value.reason)
    assert form in english and form in hungarian, (english, hungarian)
    reason = english.split(";")[0]
    assert reason and form not in reason, "first what is wrong, then the form"


def test_typing_castle_8_reads_as_a_sentence_in_both_languages() -> None:
    with pytest.raises(MoveError) as malformed:
        alcazar.parse_move(alcazar.new_game(players=2, seed=1), "castle 8")
    assert t("en", malformed.value.reason) == ("the move ends where a space number was expected; a castle is written "
                                               "`castle 8 7-9`: the card, then the three spaces")
    assert t("hu", malformed.value.reason).endswith("a kastélyt így kell írni: `castle 8 7-9`, vagyis a kártya, "
                                                    "aztán a három hely")
