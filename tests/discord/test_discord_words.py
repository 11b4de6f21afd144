"""The words the bot writes: results with ties, what a hand DM says changed, what a player can do."""
from __future__ import annotations

from bot.discord.hands import hand_change
from bot.discord.standings import result_lines, signed_real
from bot.discord.turns import moves_in_words
from bot.games.common import Outcome
from bot.service import GameInfo, GameResult, GameSettings
from bot.store import GameStatus

A, B, C = 101, 102, 103


def _finished(kind: str, outcome: Outcome) -> GameInfo:
    players = (A, B, C) if kind == "alcazar" else (A, B)
    result = GameResult(winners=outcome.winners, winner_ids=tuple(players[s] for s in outcome.winners),
                        reason=outcome.reason, outcome=outcome, finished_at=0.0)
    return GameInfo(id=1, guild_id=2, channel_id=3, kind=kind, title=kind, status=GameStatus.FINISHED, host_id=A,
                    settings=GameSettings(), version=9, players=players, resigned=frozenset(), to_move_seat=None,
                    to_move_id=None, turn_since=None, result=result)


def _detail(total: int, money: int, retired: bool = False) -> dict[str, object]:
    return {"total": total, "money": money, "retired": retired, "nobles": total - money // 50}


def test_a_tie_on_points_says_the_money_left_over_decided_it_and_lists_players_in_the_results_order() -> None:
    outcome = Outcome(winners=(2,), reason="the last bridge left the supply; White wins with 9 points",
                      scores=(9, 7, 9), details=(_detail(9, 62), _detail(7, 10), _detail(9, 84)))
    lines = result_lines(_finished("alcazar", outcome))
    assert lines[0] == "The game is over: <@103> wins!"
    assert lines[1] == "The last bridge left the supply."
    assert lines[2] == "<@103> and <@101> have 9 points; <@103> wins on money left over: 34 Real to 12."
    assert lines[3] == "<@103> 9 points (84 Real) · <@101> 9 points (62 Real) · <@102> 7 points (10 Real)"
    text = "\n".join(lines)
    assert all(f"<@{u}>" in text for u in (A, B, C)), "every player is named, so every player is pinged"
    assert "White" not in text, "players are named, not colours"


def test_a_shared_win_and_a_resigned_player_ranked_last() -> None:
    outcome = Outcome(winners=(0, 1), reason="every player passed in turn; Blue and Yellow share the win",
                      scores=(5, 5, 8), details=(_detail(5, 20), _detail(5, 20), _detail(8, 0, retired=True)))
    lines = result_lines(_finished("alcazar", outcome))
    assert lines[0] == "The game is over: <@101> and <@102> share the win!"
    assert "the same money left over (20 Real): they share the win" in lines[2]
    assert lines[3].endswith("<@103> 8 points (0 Real), resigned")


def test_an_alcazar_1978_result_names_the_loser_by_mention_not_colour() -> None:
    outcome = Outcome(winners=(0,), reason="Green's pawn is immobilized")
    lines = result_lines(_finished("alcazar1978", outcome))
    assert lines == ["The game is over: <@101> wins!", "<@102>'s pawn is immobilized.", "Well played, <@102>."]
    drawn = result_lines(_finished("alcazar1978", Outcome(winners=(), reason="drawn by agreement")))
    assert drawn[0] == "The game is over: a draw between <@101> and <@102>."


def test_the_hand_dm_says_what_changed_last() -> None:
    assert hand_change(None, {"cards": [3, 8], "money": 20}) == "Your starting hand."
    assert hand_change({"cards": [3, 8], "money": 20}, {"cards": [3, 8, 38], "money": 15}) == \
        "You drew 38; money −5 Real."
    assert hand_change({"cards": [3, 8, 38], "money": 15}, {"cards": [38], "money": 15}) == "You played 3 and 8."
    assert hand_change({"cards": [3], "money": 15}, {"cards": [3], "money": 20}) == "Money +5 Real."
    assert signed_real(-5) == "−5 Real" and signed_real(5) == "+5 Real"


def test_what_a_player_can_do_is_said_in_words() -> None:
    from bot.games import alcazar, alcazar1978

    board = alcazar.new_game(players=2, seed=1)
    moves = [alcazar.describe(board, alcazar.Move(n)) for n in (
        "castle 8 7-9", "castle 8 7-9 + grande 8", "mansion 12", "extend 30", "buy deck", "buy 4",
        "bridge 3-9", "withdraw 12; buy deck", "pass")]
    assert moves_in_words("alcazar", moves) == ("withdraw one of your nobles first if you like, then "
                                                "build with 3 cards (8, 12, 30), build a bridge, or buy a card")
    assert moves_in_words("alcazar", [alcazar.describe(board, alcazar.Move("pass"))]) == "only pass"
    start = alcazar1978.new_game()
    walls = [alcazar1978.describe(start, alcazar1978.parse_move(start, n)) for n in ("a4-b4", "w3 B3 ccw1")]
    assert moves_in_words("alcazar1978", walls) == "move your pawn or turn a wall"
    assert moves_in_words("alcazar1978", walls, "hu") == "léphetsz a gyalogoddal vagy elforgathatsz egy falat"


def test_computers_of_one_level_have_numbered_names_in_both_languages() -> None:
    from bot.discord.standings import computer_label, mention
    # Seat ids of computers 1 and 2 at normal, and computer 3 at hard (-(number * 10 + level)).
    assert [computer_label(u, "en") for u in (-12, -22, -33)] == [
        "Computer 1 (normal)", "Computer 2 (normal)", "Computer 3 (hard)"]
    assert [computer_label(u, "hu") for u in (-12, -22)] == ["1. gép (közepes)", "2. gép (közepes)"]
    assert mention(-22, "en") == "**Computer 2 (normal)**", "a computer is named in bold, never pinged"
