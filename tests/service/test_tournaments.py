"""Tournaments through the service: sign-up, rounds that pair and open by themselves when the last game
of a round ends, byes, no rematches, colours, Buchholz, leagues, Alcazar tables, withdrawals and
losses on time; refusals with their reasons."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from bot.service import (
    Accepted, FakeClock, GameInfo, GameService, GameStatus, PlayerWithdrawn, Reason, Refusal, RoundEnded,
    RoundStarted, TournamentAccepted, TournamentEnded, TournamentInfo, TournamentStatus,
)
from bot.store import Store

GUILD, CHANNEL, HOST = 1, 900, 50


class Threads:
    """Stands in for the Discord layer: a channel id for each table, and who asked for it."""

    def __init__(self) -> None:
        self.opened: list[tuple[int, int, int, tuple[int, ...]]] = []

    async def open_table(self, tournament: TournamentInfo, round_number: int, table: int,
                         players: tuple[int, ...]) -> int:
        self.opened.append((tournament.id, round_number, table, players))
        return 10_000 + len(self.opened)


@pytest.fixture
def threads(service: GameService) -> Threads:
    service.tournaments.channels = opened = Threads()
    return opened


def accepted(result: Any) -> Any:
    assert isinstance(result, (Accepted, TournamentAccepted)), result
    return result


def refused(result: Any, reason: Reason) -> Refusal:
    assert isinstance(result, Refusal), result
    assert result.reason is reason, result
    return result


def of_type(events: Any, kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


async def signed_up(service: GameService, players: list[int], game: str = "alcazar1978", format: str = "swiss",
                    **settings: Any) -> TournamentInfo:
    info = accepted(await service.tournaments.new(GUILD, CHANNEL, HOST, game, format, seed=11, **settings)).tournament
    for player in players:
        info = accepted(await service.tournaments.join(info.id, player)).tournament
    return info


async def beat(service: GameService, game: GameInfo, winner: int) -> Accepted:
    """``winner``'s opponent resigns (Alcazar 1978)."""
    loser = next(p for p in game.players if p != winner)
    return accepted(await service.turns.resign(game.id, loser))


def round_of(events: Any) -> RoundStarted:
    (started,) = of_type(events, RoundStarted)
    return started


async def test_swiss_1978_of_five_over_three_rounds(service: GameService, threads: Threads) -> None:
    """Byes to different players, no rematch, first moves alternating; the lower id always wins."""
    players = [101, 102, 103, 104, 105]
    info = await signed_up(service, players, rounds=3)
    started = accepted(await service.tournaments.start(info.id, HOST))
    assert started.tournament.status is TournamentStatus.RUNNING and started.tournament.rounds == 3
    rounds: list[RoundStarted] = [round_of(started.events)]
    ended: list[TournamentEnded] = []
    ends: list[RoundEnded] = []
    while rounds[-1] and not ended:
        current = rounds[-1]
        assert len(current.games) == 2 and current.bye is not None
        assert sorted(current.players + (current.bye,)) == players, "everyone plays or has the bye"
        events: list[Any] = []
        for game in current.games:
            assert game.status is GameStatus.ACTIVE and game.kind == "alcazar1978"
            assert game.to_move_id == game.players[0], "seat 0 (Red) moves first"
            events += (await beat(service, game, min(game.players))).events
        ends += of_type(events, RoundEnded)
        ended += of_type(events, TournamentEnded)
        if not ended:
            rounds.append(round_of(events))
    assert [r.number for r in rounds] == [1, 2, 3] and [e.number for e in ends] == [1, 2, 3]
    assert len(ended) == 1
    # Every game opened in a channel of its own, asked for once per table.
    assert len(threads.opened) == 6 and len({g.channel_id for r in rounds for g in r.games}) == 6
    byes = [r.bye for r in rounds]
    assert len(set(byes)) == 3, "nobody has a second bye while another has had none"
    pairs = [frozenset(g.players) for r in rounds for g in r.games]
    assert len(set(pairs)) == len(pairs), "no rematch"
    firsts = Counter(g.players[0] for r in rounds for g in r.games)
    seconds = Counter(g.players[1] for r in rounds for g in r.games)
    for player in players:
        assert abs(firsts[player] - seconds[player]) <= 1, (player, firsts, seconds)
    # Standings by hand: a win 1, a bye 1; Buchholz sums the opponents' final scores, a bye counting as
    # an opponent with the player's own final score.
    score: Counter[int] = Counter()
    for r in rounds:
        score[r.bye] += 1
        for g in r.games:
            score[min(g.players)] += 1
    hand_buchholz: Counter[int] = Counter()
    for r in rounds:
        hand_buchholz[r.bye] += score[r.bye]
        for g in r.games:
            a, b = g.players
            hand_buchholz[a] += score[b]
            hand_buchholz[b] += score[a]
    final = ended[0].ranking
    assert {s.player: s.score for s in final} == {p: Fraction(score[p]) for p in players}
    assert {s.player: s.buchholz for s in final} == {p: Fraction(hand_buchholz[p]) for p in players}
    assert final[0].player == 101 and final[0].score == 3
    assert [s.rank for s in final] == sorted(s.rank for s in final)
    assert final == ends[-1].standings
    # Games are ordinary games: rated as usual.
    assert await service.ratings.rating_changes(rounds[0].games[0].id)
    after = await service.tournaments.get(info.id)
    assert isinstance(after, TournamentInfo) and after.status is TournamentStatus.FINISHED
    assert await service.tournaments.in_channel(CHANNEL) is None, "the channel is free for the next one"


async def test_the_pairings_of_this_seed_by_hand(service: GameService, threads: Threads) -> None:
    """The same tournament with the pairings written out and Buchholz added up by hand."""
    info = await signed_up(service, [101, 102, 103, 104, 105], rounds=3)
    events: Any = accepted(await service.tournaments.start(info.id, HOST)).events
    seen = []
    while not of_type(events, TournamentEnded):
        current = round_of(events)
        seen.append(([g.players for g in current.games], current.bye))
        events = []
        for game in current.games:
            events += (await beat(service, game, min(game.players))).events
    ranking = of_type(events, TournamentEnded)[0].ranking
    final = {s.player: (s.score, s.buchholz) for s in ranking}
    assert seen == PAIRINGS
    assert [s.player for s in ranking] == RANKING and [s.rank for s in ranking] == [1, 2, 3, 4, 5]
    assert final == {p: (Fraction(s), Fraction(b)) for p, (s, b) in BY_HAND.items()}


# Seed 11's pairings (seat 0 first, it moves first), the lower id winning every game:
#   round 1: 103-105 (103), 101-102 (101), bye 104
#   round 2: 104-103 (103), 105-101 (101), bye 102
#   round 3: 103-101 (101), 102-104 (102), bye 105
PAIRINGS = [([(103, 105), (101, 102)], 104), ([(104, 103), (105, 101)], 102), ([(103, 101), (102, 104)], 105)]
# Scores: 101 three wins = 3; 102 loss, bye, win = 2; 103 win, win, loss = 2; 104 bye, loss, loss = 1;
# 105 loss, loss, bye = 1. Buchholz (a bye counts as an opponent with the player's own final score):
#   101: 102 (2) + 105 (1) + 103 (2) = 5       102: 101 (3) + bye (2) + 104 (1) = 6
#   103: 105 (1) + 104 (1) + 101 (3) = 5       104: bye (1) + 103 (2) + 102 (2) = 5
#   105: 103 (2) + 101 (3) + bye (1) = 6
BY_HAND = {101: (3, 5), 102: (2, 6), 103: (2, 5), 104: (1, 5), 105: (1, 6)}
#: So 102 ranks above 103 and 105 above 104 on Buchholz.
RANKING = [101, 102, 103, 105, 104]


async def test_round_robin_league_of_four(service: GameService, threads: Threads) -> None:
    """Everyone meets everyone once, in three rounds; first moves as even as can be; a draw is half."""
    players = [201, 202, 203, 204]
    info = await signed_up(service, players, format="round_robin")
    started = accepted(await service.tournaments.start(info.id, HOST))
    assert started.tournament.rounds == 3
    events: Any = started.events
    met: list[frozenset[int]] = []
    firsts: Counter[int] = Counter()
    drawn = None
    while not of_type(events, TournamentEnded):
        current = round_of(events)
        assert current.bye is None and len(current.games) == 2
        events = []
        for game in current.games:
            met.append(frozenset(game.players))
            firsts[game.players[0]] += 1
            if drawn is None:       # the first game is drawn by agreement
                drawn = game
                accepted(await service.questions.ask("draw", game.id, game.players[0]))
                events += accepted(await service.questions.answer("draw", game.id, game.players[1], True)).events
            else:
                events += (await beat(service, game, min(game.players))).events
    assert len(met) == 6 and len(set(met)) == 6, "each pair once"
    assert all(firsts[p] in (1, 2) for p in players)
    ranking = of_type(events, TournamentEnded)[0].ranking
    assert sum(s.score for s in ranking) == 6, "one point a game"
    assert drawn is not None
    halves = [s for s in ranking if s.score.denominator == 2]
    assert {s.player for s in halves} == set(drawn.players)


async def test_alcazar_of_seven_in_tables_of_four_and_three(service: GameService, threads: Threads) -> None:
    """Seven players sit at a table of 4 and one of 3; a table's points: one per player finished ahead of."""
    players = [301, 302, 303, 304, 305, 306, 307]
    info = await signed_up(service, players, game="alcazar", rounds=2, table_size=4)
    assert not info.forced_tables
    events: Any = accepted(await service.tournaments.start(info.id, HOST)).events
    seen = []
    while not of_type(events, TournamentEnded):
        current = round_of(events)
        assert sorted(len(g.players) for g in current.games) == [3, 4] and current.bye is None
        seen.append(current)
        events = []
        for game in current.games:
            assert game.kind == "alcazar" and game.to_move_id == game.players[0]
            winner = max(game.players)       # everyone else resigns: they share last place
            for player in game.players:
                if player != winner:
                    result = accepted(await service.turns.resign(game.id, player))
                    events += result.events
        ended = of_type(events, RoundEnded)
        assert ended
    after_one = {}
    for game in seen[0].games:
        size = len(game.players)
        for player in game.players:
            after_one[player] = Fraction(size - 1) if player == max(game.players) else Fraction(size - 2, 2)
    final = of_type(events, TournamentEnded)[0].ranking
    assert len(final) == 7 and len(seen) == 2
    # Table mates repeat as little as possible: in two rounds of 4 and 3, some pairs must repeat, not all.
    mates = [frozenset((a, b)) for r in seen for g in r.games for a in g.players for b in g.players if a < b]
    assert len(set(mates)) > len(mates) // 2
    second = {p: Fraction(0) for p in players}
    for game in seen[1].games:
        size = len(game.players)
        for player in game.players:
            second[player] = Fraction(size - 1) if player == max(game.players) else Fraction(size - 2, 2)
    assert {s.player: s.score for s in final} == {p: after_one[p] + second[p] for p in players}


async def test_a_table_of_five_is_forced_and_said(service: GameService, threads: Threads) -> None:
    info = await signed_up(service, [1, 2, 3, 4, 5], game="alcazar", rounds=1, table_size=4)
    assert info.forced_tables


async def test_a_withdrawn_player_resigns_and_is_not_paired_again(service: GameService, threads: Threads) -> None:
    players = [401, 402, 403, 404]
    info = await signed_up(service, players, rounds=2)
    first = round_of(accepted(await service.tournaments.start(info.id, HOST)).events)
    leaving = first.games[0].players[1]
    withdrawn = accepted(await service.tournaments.withdraw(info.id, leaving))
    assert of_type(withdrawn.events, PlayerWithdrawn) == [PlayerWithdrawn(info.id, leaving, "withdrew")]
    assert withdrawn.tournament.withdrawn == {leaving}
    assert [r.game.id for r in withdrawn.games] == [first.games[0].id]
    game = await service.records.game(first.games[0].id)
    assert isinstance(game, GameInfo) and game.status is GameStatus.FINISHED
    assert game.result is not None and leaving not in game.result.winner_ids, "the running game is resigned"
    refused(await service.tournaments.withdraw(info.id, leaving), Reason.NOT_IN_GAME)
    events = (await beat(service, first.games[1], min(first.games[1].players))).events
    second = round_of(events)
    assert leaving not in second.players and second.bye is not None and len(second.games) == 1
    table = await service.tournaments.standings(info.id)
    assert not isinstance(table, Refusal)
    marked = {s.player: s.withdrawn for s in table[1]}
    assert marked[leaving] and sum(marked.values()) == 1, "they stay in the standings, marked"


async def test_two_losses_on_time_withdraw_a_player(service: GameService, threads: Threads,
                                                    clock: FakeClock) -> None:
    """A missed deadline in Alcazar (1978) loses the game, and counts: the second one withdraws the player."""
    players = [501, 502, 503, 504]
    info = await signed_up(service, players, rounds=3, game_settings={"deadline_hours": 1})
    late = 501
    events: Any = accepted(await service.tournaments.start(info.id, HOST)).events
    withdrawals: list[PlayerWithdrawn] = []
    for number in (1, 2):
        current = round_of(events)
        events = []
        theirs = next(g for g in current.games if late in g.players)
        assert theirs.settings.deadline_hours == 1, "the tournament's clock is its games' setting"
        if theirs.to_move_id != late:
            opponent = theirs.to_move_id
            assert opponent is not None
            move = (await service.records.legal_moves_for(theirs.id, opponent))[0].notation
            accepted(await service.turns.play(theirs.id, opponent, move))
        for game in current.games:
            if game.id != theirs.id:
                events += (await beat(service, game, min(game.players))).events
        clock.advance(hours=2)
        for result in await service.reminders.process_deadlines():
            events += result.events
        withdrawals += of_type(events, PlayerWithdrawn)
        if number == 1:
            assert not withdrawals
    assert withdrawals == [PlayerWithdrawn(info.id, late, "lost_on_time")]
    third = round_of(events)
    assert late not in third.players and third.bye is not None
    status = await service.tournaments.get(info.id)
    assert isinstance(status, TournamentInfo) and status.withdrawn == {late}


async def test_refusals_name_the_rule(service: GameService, threads: Threads) -> None:
    info = await signed_up(service, [601, 602], rounds=2)
    refused(await service.tournaments.new(GUILD, CHANNEL, HOST, "alcazar", "swiss", rounds=2), Reason.CHANNEL_BUSY)
    refused(await service.tournaments.start(info.id, 601), Reason.NOT_HOST)
    refused(await service.tournaments.cancel(info.id, 601), Reason.NOT_HOST)
    too_few = refused(await service.tournaments.start(info.id, HOST), Reason.WRONG_PLAYER_COUNT)
    assert too_few.message.key == "tournament.refusal.too_few"
    refused(await service.tournaments.join(info.id, 601), Reason.ALREADY_JOINED)
    refused(await service.tournaments.withdraw(info.id, 601), Reason.NOT_STARTED)
    accepted(await service.tournaments.join(info.id, 603))
    accepted(await service.tournaments.start(info.id, HOST))
    late = refused(await service.tournaments.join(info.id, 604), Reason.ALREADY_STARTED)
    assert late.message.key == "tournament.refusal.join_started"
    refused(await service.tournaments.leave(info.id, 601), Reason.ALREADY_STARTED)
    refused(await service.tournaments.start(info.id, HOST), Reason.ALREADY_STARTED)
    running = await service.records.game_in_channel(10_001)         # the first table's channel
    assert running is not None
    kept = refused(await service.lobby.cancel(running.id, running.host_id), Reason.NOT_HOST)
    assert kept.message.key == "refusal.tournament_game_cancel", "its round would wait for it forever"
    as_before = running.settings
    unchanged = refused(await service.lobby.update_settings(running.id, running.host_id, {"deadline_hours": 48}),
                        Reason.NOT_HOST)
    assert unchanged.message.key == "refusal.tournament_game_settings", "the tournament's settings hold"
    assert (await service.records.game(running.id)).settings == as_before
    for settings, reason in (({"rounds": 0}, Reason.BAD_SETTINGS), ({"rounds": 2, "table_size": 5},
                                                                     Reason.BAD_SETTINGS),
                             ({"rounds": 2, "game_settings": {"deadline_hours": -3}}, Reason.BAD_SETTINGS)):
        refused(await service.tournaments.new(GUILD, CHANNEL + 1, HOST, "alcazar", "swiss", **settings), reason)
    refused(await service.tournaments.new(GUILD, CHANNEL + 1, HOST, "alcazar", "round_robin", double=True),
            Reason.BAD_SETTINGS)
    refused(await service.tournaments.new(GUILD, CHANNEL + 1, HOST, "chess", "swiss", rounds=2),
            Reason.UNKNOWN_GAME_KIND)
    cancelled = accepted(await service.tournaments.cancel(info.id, HOST))
    assert cancelled.tournament.status is TournamentStatus.CANCELLED
    refused(await service.tournaments.cancel(info.id, HOST), Reason.GAME_OVER)
    refused(await service.tournaments.get(info.id + 99), Reason.NO_SUCH_GAME)


async def test_a_game_end_heard_twice_pairs_the_next_round_once(store: Store, clock: FakeClock,
                                                                threads: Threads, service: GameService) -> None:
    """Two processes on one database hear the same last game end: the next round is paired once."""
    other = GameService(store, clock, process_name="other")
    other.tournaments.channels = threads
    info = await signed_up(service, [701, 702, 703, 704], rounds=2)
    first = round_of(accepted(await service.tournaments.start(info.id, HOST)).events)
    await beat(service, first.games[0], min(first.games[0].players))
    last = await beat(service, first.games[1], min(first.games[1].players))
    assert of_type(last.events, RoundStarted)
    assert await other.tournaments.game_ended(last.game) == []
    assert await other.tournaments.resume() == []
    status = await service.tournaments.get(info.id)
    assert isinstance(status, TournamentInfo) and status.round == 2
    assert len(threads.opened) == 4


async def test_games_a_round_could_not_open_are_opened_on_resume(service: GameService, clock: FakeClock) -> None:
    """No channel to open round 1's games in (the process died, Discord refused): ``resume`` opens them later,
    once the process that paired the round has had its time to do it."""
    info = await signed_up(service, [801, 802, 803], rounds=1)
    started = accepted(await service.tournaments.start(info.id, HOST))
    assert not of_type(started.events, RoundStarted) and started.tournament.round == 1
    service.tournaments.channels = Threads()
    assert await service.tournaments.resume() == [], "the pairing process may still be opening them"
    clock.advance(seconds=121)
    opened = round_of(await service.tournaments.resume())
    assert len(opened.games) == 1 and opened.bye is not None
    assert await service.tournaments.resume() == [], "opened once"
    ended = (await beat(service, opened.games[0], min(opened.games[0].players))).events
    assert of_type(ended, TournamentEnded)
