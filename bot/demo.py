"""See the bot's images without Discord: random legal games of both kinds, drawn.

    python3 manage.py demo [--out FOLDER] [--seed N] [--players N] [--think S]

Draws every kind of image the bot posts, into FOLDER (default ./demo-output),
in English and again in every other language the bot speaks (``-hu`` in the
file's name):

    board      an Alcazar (2009) and an Alcazar (1978) game, early, midway and at the end
    hand       the hand of the player to move, as its DM shows it
    results    each game's results
    standings  a round robin of Alcazar (1978) among four players, after its last round
    replay     the computers' Alcazar (1978) game (below), as the animated GIF of /alcazar replay
    rating     a player's rating over the round robin's games, as /alcazar stats draws it

Then computer players play one game of each kind (Alcazar: easy, normal and
hard at one table; 1978: normal against hard), thinking ``--think`` times their
usual time: their end boards and results are drawn too. It prints one line for
each game and a count of the images of each kind, not every move.
"""
from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bot.ai import choose_move, level_name, observe
from bot.games import get_game
from bot.i18n import ENGLISH, LANGUAGES, Msg, t
from bot.service.ratings import MODEL, new_ratings, shown_rating
from bot.tournament import Entrant, Result, Tournament, record_result, schedule, standings
from renderer import alcazar, alcazar1978, chart, hand, replay, results
from renderer.standings import standings_png

NAMES = ["Ana", "Bartolomé", "Cleo", "Dolores", "Esteban"]
TITLES = {"alcazar": "Alcazar (2009)", "alcazar1978": "Alcazar (1978)"}
#: The kinds of image, in the order the summary counts them.
KINDS = ("board", "hand", "results", "standings", "replay", "rating")
#: When the round robin's games are taken to be played: a day apart from here (the chart's dates).
CLUB_NIGHT = datetime(2025, 3, 1, 19, tzinfo=timezone.utc).timestamp()
DAY = 24 * 3600.0


class Images:
    """The images written, by kind."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.by_kind: dict[str, list[Path]] = {kind: [] for kind in KINDS}

    def write(self, kind: str, name: str, data: bytes) -> None:
        path = self.out / name
        path.write_bytes(data)
        self.by_kind[kind].append(path)

    def summary(self) -> str:
        counted = ", ".join(f"{kind} {len(paths)}" for kind, paths in self.by_kind.items())
        return f"{sum(map(len, self.by_kind.values()))} images in {self.out.resolve()}: {counted}"


def play_random_game(name: str, players: int, seed: int,
                     keep: Callable[[int, Any, Any], None] = lambda ply, state, move: None) -> Any:
    """Play random legal moves until the game is over; ``keep(ply, state, move)`` is told each state
    and the move that led to it (None for the opening)."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    keep(0, state, None)
    ply = 0
    while game.to_move(state) is not None:
        move = rng.choice(game.legal_moves(state))
        state = game.play(state, move)
        ply += 1
        keep(ply, state, move)
    return state


def view_colour(view: dict[str, Any], seat: int) -> str:
    return str(next(p["color"] for p in view["players"] if p["seat"] == seat))


def suffix(lang: str) -> str:
    """The file name's language tag: none for English, ``-hu`` for Hungarian."""
    return "" if lang == ENGLISH else f"-{lang}"


def verdict(name: str, final: Any, names: list[str]) -> str:
    """Who won a finished game, in English, for the summary."""
    outcome = get_game(name).outcome(final)
    if outcome is None or outcome.is_draw:
        return "a draw"
    winners = " and ".join(names[seat] for seat in outcome.winners)
    points = f" with {outcome.scores[outcome.winners[0]]} points" if outcome.scores else ""
    return f"{winners} won{points}"


def demo_alcazar(images: Images, players: int, seed: int, lang: str = ENGLISH) -> str:
    """An Alcazar (2009) game: boards and the hand to move early and midway, the end board, the results."""
    game = get_game("alcazar")
    names = NAMES[:players]
    plies = 0

    def keep(ply: int, state: Any, move: Any) -> None:
        nonlocal plies
        plies = ply
        seat = game.to_move(state)
        if ply not in {5, 20, 45} or seat is None:
            return
        images.write("board", f"alcazar-move-{ply:03d}{suffix(lang)}.png",
                     alcazar.board(game.view(state, None), names=names, lang=lang))
        colour = view_colour(game.view(state, seat), seat)
        images.write("hand", f"alcazar-move-{ply:03d}-hand-{colour}{suffix(lang)}.png",
                     hand.hand(game.view(state, seat), names=names, lang=lang))

    final = play_random_game("alcazar", players, seed, keep)
    view = game.view(final, None)
    images.write("board", f"alcazar-end{suffix(lang)}.png", alcazar.board(view, names=names, lang=lang))
    images.write("results", f"alcazar-results{suffix(lang)}.png", results.results(view, names=names, lang=lang))
    return f"{TITLES['alcazar']}, {players} players ({', '.join(names)}): {plies} moves, {verdict('alcazar', final, names)}"


def demo_alcazar1978(images: Images, seed: int, lang: str = ENGLISH) -> str:
    """An Alcazar (1978) game: boards early and midway, the end board and the results."""
    game = get_game("alcazar1978")
    names = NAMES[:2]
    plies = 0

    def keep(ply: int, state: Any, move: Any) -> None:
        nonlocal plies
        plies = ply
        if ply in {1, 2, 6, 12} and game.to_move(state) is not None:
            images.write("board", f"alcazar1978-move-{ply:03d}{suffix(lang)}.png",
                         alcazar1978.board(game.view(state, None), names=names, lang=lang))

    final = play_random_game("alcazar1978", 2, seed, keep)
    view = game.view(final, None)
    images.write("board", f"alcazar1978-end{suffix(lang)}.png", alcazar1978.board(view, names=names, lang=lang))
    images.write("results", f"alcazar1978-results{suffix(lang)}.png", results.results(view, names=names, lang=lang))
    return f"{TITLES['alcazar1978']}, {names[0]} against {names[1]}: {plies} moves, {verdict('alcazar1978', final, names)}"


def draw_replay(images: Images, game: PlayedGame, names: list[str], lang: str) -> None:
    """A game as the animated GIF of ``/alcazar replay``: a frame for the start and for each move."""
    engine = get_game(game.kind)
    views = [engine.view(state, None) for state in game.states]
    # Each move in words as its player saw it: read in the state it was played in.
    words = [engine.describe_move(before, move) for before, move in zip(game.states, game.moves)]
    seats = [seat for before in game.states[:-1] if (seat := engine.to_move(before)) is not None]
    assert len(seats) == len(words), "someone is to move before every move"
    images.write("replay", f"computers-{game.kind}-replay{suffix(lang)}.gif",
                 replay.animation(game.kind, views, replay_captions(engine.TITLE, words, seats, names, lang),
                                  names=names, lang=lang))


def replay_captions(title: str, words: list[Msg], seats: list[int], names: list[str], lang: str) -> list[str]:
    """Under each frame, as the bot's replay has them: the start, then each move with its number and player."""
    captions = [t(lang, "replay.start_caption", title=title, seats=", ".join(names))]
    total = len(words)
    captions += [t(lang, "replay.caption", ply=ply, total=total, name=names[seat], words=t(lang, said))
                 for ply, (said, seat) in enumerate(zip(words, seats), start=1)]
    return captions


def demo_round_robin(images: Images, seed: int, lang: str = ENGLISH) -> str:
    """Four players play a round robin of Alcazar (1978): its standings after the last round, and the
    rating of the first player over their games."""
    names = NAMES[:4]
    players = list(range(1, len(names) + 1))
    cup = Tournament("alcazar1978", tuple(Entrant(p) for p in players), seed=seed)
    ratings = {p: (MODEL.mu, MODEL.sigma) for p in players}
    history: list[tuple[float, int]] = []
    game_number = 0
    for round_ in schedule(cup):
        cup = cup.with_round(round_)
        for table in round_.tables:
            game_number += 1
            result = _played(table, seed + game_number)
            cup, _ = record_result(cup, result)
            after = new_ratings([ratings[p] for p in table.seats], result.places)
            ratings.update(zip(table.seats, after))
            if players[0] in table.seats:
                history.append((CLUB_NIGHT + game_number * DAY, shown_rating(*ratings[players[0]])))
    table_now = standings(cup)
    title = get_game("alcazar1978").TITLE
    name = t(lang, "tournament.name", title=title, number=1)
    view = {"name": name, "game": "alcazar1978", "format": "round_robin", "round": len(cup.rounds),
            "rounds": len(cup.rounds), "final": True,
            "rows": [{"rank": s.rank, "player": str(s.player), "name": names[s.player - 1], "score": float(s.score),
                      "buchholz": float(s.buchholz), "game_points": s.game_points, "played": s.games,
                      "withdrawn": s.withdrawn} for s in table_now]}
    images.write("standings", f"round-robin-standings{suffix(lang)}.png", standings_png(view, lang=lang))
    images.write("rating", f"rating-{names[0].lower()}{suffix(lang)}.png",
                 chart.rating_chart(history, title=t(lang, "stats.chart_title", player=names[0], game=title),
                                    lang=lang))
    leaders = [names[s.player - 1] for s in table_now if s.rank == 1]
    return (f"A round robin of Alcazar (1978) among {', '.join(names)}: {game_number} games, "
            f"{' and '.join(leaders)} first with {float(table_now[0].score):g} points")


def _played(table: Any, seed: int) -> Result:
    """A random Alcazar (1978) game between the table's two players, as the tournament scores it."""
    outcome = get_game("alcazar1978").outcome(play_random_game("alcazar1978", 2, seed))
    if outcome is None or outcome.is_draw:
        return Result.draw(table)
    return Result.win(table, winner=table.seats[outcome.winners[0]])


@dataclass
class PlayedGame:
    """A game's every state, from the opening, and the moves between them."""

    kind: str
    states: list[Any] = field(default_factory=list)
    moves: list[Any] = field(default_factory=list)


def play_computer_game(name: str, levels: list[str], seed: int, scale: float) -> PlayedGame:
    """A game played by computers of the given levels."""
    game = get_game(name)
    rng = random.Random(seed)
    played = PlayedGame(name, [game.new_game(players=len(levels), seed=seed)])
    history: list[tuple[int, str]] = []
    while (seat := game.to_move(state := played.states[-1])) is not None:
        move = choose_move(name, observe(name, state, seat, history), seat, levels[seat], rng.randrange(2**31), scale)
        history.append((seat, move))
        played.moves.append(move)
        played.states.append(game.play(state, move))
    return played


def demo_computers(images: Images, seed: int, scale: float) -> list[str]:
    """One game of each kind played by computer players: end boards and results, and the replay of the
    Alcazar (1978) game in every language; a line for each game."""
    said = []
    for name, levels, draw in (("alcazar", ["easy", "normal", "hard"], alcazar.board),
                               ("alcazar1978", ["normal", "hard"], alcazar1978.board)):
        played = play_computer_game(name, levels, seed, scale)
        view = get_game(name).view(played.states[-1], None)
        names = [level_name(level, number) for number, level in enumerate(levels, start=1)]
        images.write("board", f"computers-{name}-end.png", draw(view, names=names))
        images.write("results", f"computers-{name}-results.png", results.results(view, names=names))
        if name == "alcazar1978":      # a short game: the computers know what they are doing
            for lang in LANGUAGES:
                draw_replay(images, played, names, lang)
        said.append(f"{TITLES[name]} played by {', '.join(names)}: {len(played.moves)} moves, "
                    f"{verdict(name, played.states[-1], names)}")
    return said


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw every kind of image the bot posts, from random games.")
    parser.add_argument("--out", default="demo-output", help="folder for the images (default ./demo-output)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6),
                        help="players in the Alcazar (2009) game (default 4)")
    parser.add_argument("--think", type=float, default=0.1,
                        help="computer players think this share of their usual time (default 0.1)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    images = Images(out)
    said: list[str] = []
    for lang in LANGUAGES:
        games = [demo_alcazar(images, args.players, args.seed, lang), demo_alcazar1978(images, args.seed, lang),
                 demo_round_robin(images, args.seed, lang)]
        if lang == ENGLISH:
            said += games        # the same games in every language: said once
    said += demo_computers(images, args.seed, args.think)
    print("\n".join(said))
    print(images.summary() + f" (in {', '.join(LANGUAGES)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
