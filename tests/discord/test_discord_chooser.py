"""The guided chooser's tree: every legal move reachable, pages of at most 25, single options skipped."""
from __future__ import annotations

import random

from players import listed

from bot.discord.chooser import PAGE_SIZE, alcazar_steps, decode_path, encode_path, move_tree, steps_digest
from bot.games import alcazar, alcazar1978, get_game
from bot.games.alcazar1978.moves import read_notation
from bot.service import MoveChoice

# Any position will do for moves that only need taking apart (the chooser never checks legality).
_BOARD = alcazar.new_game(players=2, seed=1)


def _parts(notation: str) -> alcazar.AlcazarMoveParts:
    """An Alcazar move's parts, as the service hands them to the chooser."""
    return alcazar.describe(_BOARD, alcazar.Move(notation))


def _listed(notations_and_words: list[tuple[str, str]]) -> list[MoveChoice]:
    return [MoveChoice(n, w, _parts(n)) for n, w in notations_and_words]


def _walk(tree, path=()):
    """Every move reachable by picking options (all pages) from ``path``."""
    stage = tree.stage(path)
    assert stage is not None
    if stage.move is not None:
        return [stage.move]
    assert len(stage.options) >= 2, "a single option is taken without asking"
    found = []
    for page in range(stage.pages):
        options = stage.page(page)
        assert 1 <= len(options) <= PAGE_SIZE
        for option in options:
            found += _walk(tree, stage.path + (option.index,))
    return found


def test_every_alcazar_1978_move_is_reachable_through_the_chooser() -> None:
    game = get_game("alcazar1978")
    state = game.new_game(players=2, seed=1)
    rng = random.Random(5)
    for _ in range(30):
        if game.to_move(state) is None:
            break
        legal = game.legal_moves(state)
        moves = listed(game, state, legal)
        tree = move_tree("alcazar1978", moves)
        offered = {str(m) for m in game.distinct_wall_turns(legal)}
        assert sorted(_walk(tree)) == sorted(m.notation for m in moves if m.notation in offered)
        for move in moves:
            if move.notation not in offered:
                continue
            stage = tree.stage(tree.path_of(move.notation))
            assert stage is not None and stage.move == move.notation and stage.words == move.words
            assert stage.words == game.describe_move(state, move.notation)
        state = game.play(state, rng.choice(legal))


def test_more_than_25_options_are_paged_never_dropped() -> None:
    moves = [(f"buy {n}", f"Buy card {n}") for n in range(1, 61)] + [("buy deck", "Buy from the deck")]
    moves += [(f"mansion {n} + baron {n}", f"Mansion on {n}") for n in range(1, 40)]
    moves += [(f"mansion {n}", f"Mansion on {n}") for n in range(1, 40)]
    tree = move_tree("alcazar", _listed(moves))
    first = tree.stage(())
    assert first is not None and {str(o.label) for o in first.options} == {"Buy a card", "Build a mansion"}
    buy = tree.stage((0, 0))   # the withdrawal step had one option ("No withdrawal"), taken by itself
    assert buy is not None and len(buy.options) == 61 and buy.pages == 3
    assert str(first.question) == "What do you want to do?" and str(buy.question) == "Which card do you buy?"
    assert sorted(_walk(tree)) == sorted(n for n, _ in moves)


def test_alcazar_notation_splits_in_the_order_of_a_turn_withdrawal_action_card_noble() -> None:
    steps = alcazar_steps(_parts("withdraw 12; castle 8 7-9 + baron 7 grande 8"))
    assert [str(s.label) for s in steps] == ["Yes, first withdraw your noble from 12", "Found a castle",
                                        "Card 8, castle on 7–9", "Place a Baron on 7 and a Grande on 8"]
    assert [str(s.label) for s in alcazar_steps(_parts("extend 11 + move 4>11"))][3] == "Move your noble from 4 to 11"
    assert [str(s.label) for s in alcazar_steps(_parts("bridge 7-g7,1 + swap 7<>g7,1"))][2:] == [
        "Bridge 7 – the garden at 7,1", "Exchange your Grande and Baron on 7 and the garden at 7,1"]
    assert [str(s.label) for s in alcazar_steps(_parts("tower g7,1 + grande g7,1"))][2:] == [
        "Tower card on the garden at 7,1", "Place a Grande on the garden at 7,1"]
    assert [str(s.label) for s in alcazar_steps(_parts("pass"))] == ["No withdrawal", "Pass", "Pass", "No noble step"]


def test_each_alcazar_step_shows_its_cost_and_income() -> None:
    from bot.i18n import Msg, t

    # the words of each part as the engine makes them: a withdrawal, the bridge, the noble step after it
    withdraw = Msg("move.withdraw", rank=Msg("rank.grande"), cell=Msg("cellname.space.from", n=66), pay=10)
    bridge = Msg("move.bridge", a="6", b="8", level=3, price=15, income=16)
    baron = Msg("step.place", placed=[Msg("step.place_one", rank=Msg("rank.baron"), cell=Msg("cellname.space.to", n=8))],
                cost=16)
    steps = alcazar_steps(_parts("withdraw 66; bridge 6-8 + baron 8"), (withdraw, bridge, baron))
    assert [str(s.label) for s in steps] == [
        "Yes: Withdraw the Grande from 66 (+10 Real)", "Build a bridge",
        "Build a bridge 6–8 at level 3 (−15 Real, +16 Real)", "Baron on 8 (−16 Real)"]
    assert [t("hu", s.label) for s in steps] == [
        "Igen: Grande visszavétele a 66-os helyről (+10 Reál)", "Boltív építése",
        "Boltív építése (6–8) a 3. szinten (−15 Reál, +16 Reál)", "Lerakás: báró a 8-as helyre (−16 Reál)"]
    bought = alcazar_steps(_parts("buy 50"), (None, Msg("move.buy_face_up", card=50, price=5), None))
    assert [str(s.label) for s in bought][2] == "Buy face-up card 50 (−5 Real)"


def test_a_wall_turn_that_ends_where_a_shorter_one_does_is_one_choice() -> None:
    start = alcazar1978.new_game()
    legal = alcazar1978.legal_moves(start)
    tree = move_tree("alcazar1978", listed(alcazar1978, start, legal))
    walked = _walk(tree)
    assert "w1 A2 cw1" in walked and "w1 A2 ccw3" not in walked and "w1 A2 cw3" not in walked
    assert sorted(walked) == sorted(str(m) for m in alcazar1978.distinct_wall_turns(legal))
    assert len(walked) == len(legal) - 8      # walls 1, 4, 5 and 8 turn around a rim tower both ways


def test_a_path_that_does_not_exist_is_refused_and_paths_round_trip() -> None:
    start = alcazar1978.new_game()
    tree = move_tree("alcazar1978", listed(alcazar1978, start, [alcazar1978.parse_move(start, n)
                                                                for n in ("a4-b4", "w3 B3 ccw1")]))
    assert tree.stage((7,)) is None
    assert decode_path(encode_path((1, 0, 12))) == (1, 0, 12) and decode_path(encode_path(())) == ()


def test_autocomplete_labels_stay_distinct_when_the_words_are_too_long() -> None:
    from bot.discord.turns import choice_label

    words = "Withdraw the Baron from 12 (+7 Real); then extend the mansion on 63 and the castle on 65-68 " \
            "with card 64 (+12 Real), Baron on 64 (12 Real)"
    short = "Buy the top card of the deck (5 Real)"
    assert choice_label(short, "buy deck") == short
    labels = {choice_label(words, n) for n in ("withdraw 12; extend 64", "withdraw 12; extend 64 + baron 64")}
    assert len(labels) == 2 and all(len(label) <= 100 for label in labels)
    assert all(label.startswith("withdraw 12; extend 64") for label in labels)


def test_a_wall_turn_option_says_where_the_wall_ends() -> None:
    from bot.discord.chooser import alcazar1978_steps

    from bot.games import alcazar1978
    from bot.i18n import t

    state = alcazar1978.new_game()
    state = alcazar1978.play(state, "w6 C1 ccw1")       # Green to move
    # (wall 1 stands on A2-B2: the words and the parts describe the turn all the same)
    turn = read_notation("w2 B2 ccw1")
    words = alcazar1978.describe_move_by_part(state, turn)
    assert str(words.whole) == "Green turns wall 2 around B2 a quarter turn counter-clockwise (B2-B3 → A2-B2)"
    steps = alcazar1978_steps(alcazar1978.describe(state, turn), words.parts)
    assert [str(s.label) for s in steps] == [
        "Turn wall 2", "Around B2 a quarter turn counter-clockwise (B2-B3 → A2-B2)"]
    assert [t("hu", s.label) for s in steps] == [
        "A 2. fal forgatása",
        "A B2 torony körül negyed fordulattal az óramutató járásával ellentétesen (B2-B3 → A2-B2)"]


def test_the_step_keys_are_the_ones_earlier_releases_digested_into_button_ids() -> None:
    """The keys of a move's steps are what ``steps_digest`` hashes into every chooser id: a changed key
    would refuse the buttons posted just before an upgrade."""
    pinned = {
        "withdraw 12; castle 8 7-9 + baron 7 grande 8": ["withdraw 12", "castle", "castle 8 7-9", "baron 7 grande 8"],
        "extend 11 + move 4>11": ["-", "extend", "extend 11", "move 4>11"],
        "bridge 7-g7,1 + swap 7<>g7,1": ["-", "bridge", "bridge 7-g7,1", "swap 7<>g7,1"],
        "withdraw g7,1; tower g7,1 + grande g7,1": ["withdraw g7,1", "tower", "tower g7,1", "grande g7,1"],
        "buy deck": ["-", "buy", "buy deck", "-"],
        "buy 50": ["-", "buy", "buy 50", "-"],
        "buy tower": ["-", "buy", "buy tower", "-"],
        "raise 30 + grande 30": ["-", "raise", "raise 30", "grande 30"],
        "pass": ["-", "pass", "pass", "-"],
    }
    for notation, keys in pinned.items():
        assert [step.key for step in alcazar_steps(_parts(notation))] == keys, notation
    # The digests themselves, as ids posted by earlier releases carry them.
    assert steps_digest([s.key for s in alcazar_steps(_parts("withdraw 12; castle 8 7-9 + baron 7 grande 8"))]) \
        == "tvw5xdw7ne"

    from bot.discord.chooser import alcazar1978_steps

    start = alcazar1978.new_game()
    for notation, keys in {"a4-b4": ["pawn", "a4-b4"], "w3 B3 ccw1": ["w3", "w3 B3 ccw1"],
                           "w8 E2 ccw3": ["w8", "w8 E2 ccw3"]}.items():
        parts = alcazar1978.describe(start, alcazar1978.parse_move(start, notation))
        assert [step.key for step in alcazar1978_steps(parts)] == keys, notation
        if notation == "w3 B3 ccw1":
            assert steps_digest(keys) == "nygahhcbcr"
    assert [step.key for step in alcazar1978_steps(alcazar1978.Alcazar1978MoveParts("pass", "pass"))] == [
        "pass", "pass"]
