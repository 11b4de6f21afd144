"""``/alcazar rules`` says what the rulebooks say (as ``docs/rules/*.md`` reads them), and names simplifications as such."""
from __future__ import annotations

import pytest

from bot.discord.rules_text import rules_messages


def _fields(kind: str, which: int) -> dict[str, str]:
    return {f["name"]: f["value"] for f in [e for m in rules_messages(kind) for e in m][which].to_dict()["fields"]}


def _text(kind: str, which: int) -> str:
    return "\n".join(_fields(kind, which).values())


@pytest.mark.parametrize("phrase", [
    "onto the newly built piece or bridge",                              # where a moving noble goes
    "value before the build",                                            # compensation of a removed noble
    "the middle cell must be lower than both supports",
    "no opponent's noble on the other",
    "No second bridge with the same two ends",
    "Your nobles on the supports rise with the bridge",
    "an opponent's noble in the middle is removed",
    "8 flags free",
    "20 tower cards",
    "After building under your own noble, only an exchange is possible",
    "A player who must pass may build a bridge instead",
    "no cards who cannot afford one must withdraw a noble and buy a card",
    "only to lift your own noble or to prepare a bridge",
])
def test_the_alcazar_rules_in_brief_say_what_the_rulebook_says(phrase: str) -> None:
    assert phrase in _text("alcazar", 0), phrase


def test_cosmetic_choices_are_named_as_simplifications_not_readings() -> None:
    unclear = _fields("alcazar", 1)
    simplified = {name: text for name, text in unclear.items() if name.endswith("(simplified)")}
    assert set(simplified) == {"Which flag (simplified)", "Two castles join (simplified)"}
    assert "lowest-numbered free flag" in simplified["Which flag (simplified)"]
    assert "highest value keeps its flag" in simplified["Two castles join (simplified)"]
    readings = [text for name, text in unclear.items() if not name.endswith("(simplified)")]
    assert not any("keeps its flag" in text or "lowest free flag" in text for text in readings)


def test_the_forced_withdraw_and_buy_allows_no_bridge_and_the_pass_ending_counts_seats_still_playing() -> None:
    readings = _text("alcazar", 1)
    assert "not a bridge" in readings
    assert "every player still in the game has passed" in readings
    assert "a pass they made no longer counts" in _text("alcazar", 2), "said with how a resignation is played here"


def test_the_1978_rules_let_a_wall_swing_outside_and_say_how_a_self_walled_pawn_loses() -> None:
    assert "swing through the space outside" in _text("alcazar1978", 0)
    readings = _text("alcazar1978", 1)
    assert "wins with any move that leaves your pawn walled in" in readings
    assert "next move wins" not in readings


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("kind", ["alcazar", "alcazar1978"])
def test_the_rules_fit_discords_embed_limits(kind: str, lang: str) -> None:
    for message in rules_messages(kind, lang):
        embeds = [e.to_dict() for e in message]
        total = 0
        for embed in embeds:
            assert len(embed["fields"]) <= 25
            for field in embed["fields"]:
                assert len(field["name"]) <= 256 and len(field["value"]) <= 1024
                total += len(field["name"]) + len(field["value"])
            total += len(embed["title"]) + len(embed.get("footer", {}).get("text", ""))
        assert total <= 6000, (kind, lang, total)
