"""See the bot's images without Discord: random legal games of both kinds, drawn.

    python3 manage.py demo [--out FOLDER] [--seed N] [--players N]

Plays one random game of Alcazar (2009) and one of Alcazar (1978), and writes
the board image after a few turns and at the end, the hand image of the
player to move at those turns, and both final results images, to FOLDER
(default ./demo-output): in English, and again in every other language the
bot speaks (``alcazar-end-hu.png``, …).
Then computer players play one game of each kind
(Alcazar: easy, normal and hard at one table; 1978: normal against hard),
thinking ``--think`` times their usual time: their end boards and results
are written too, and their moves are printed in words.
"""
from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.ai import choose_move, level_name, observe
from bot.games import get_game
from bot.i18n import ENGLISH, LANGUAGES
from renderer import alcazar, alcazar1978, hand, results

NAMES = ["Ana", "Bartolomé", "Cleo", "Dolores", "Esteban"]


def play_random_game(name: str, players: int, seed: int,
                     keep: Callable[[int, Any], None]) -> Any:
    """Play random legal moves until the game is over, calling ``keep(ply, state)`` after each."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    keep(0, state)
    ply = 0
    while game.to_move(state) is not None:
        state = game.play(state, rng.choice(game.legal_moves(state)))
        ply += 1
        keep(ply, state)
    return state


def view_colour(view: dict[str, Any], seat: int) -> str:
    return str(next(p["color"] for p in view["players"] if p["seat"] == seat))


def suffix(lang: str) -> str:
    """The file name's language tag: none for English, ``-hu`` for Hungarian."""
    return "" if lang == ENGLISH else f"-{lang}"


def demo_alcazar(out: Path, players: int, seed: int, lang: str = ENGLISH) -> list[Path]:
    game = get_game("alcazar")
    names = NAMES[:players]
    written: list[Path] = []
    snapshots = {5, 20, 45}

    def keep(ply: int, state: Any) -> None:
        seat = game.to_move(state)
        if ply not in snapshots or seat is None:
            return
        path = out / f"alcazar-move-{ply:03d}{suffix(lang)}.png"
        path.write_bytes(alcazar.board(game.view(state, None), names=names, lang=lang))
        colour = view_colour(game.view(state, seat), seat)
        hand_path = out / f"alcazar-move-{ply:03d}-hand-{colour}{suffix(lang)}.png"
        hand_path.write_bytes(hand.hand(game.view(state, seat), names=names, lang=lang))
        written.extend([path, hand_path])

    final = play_random_game("alcazar", players, seed, keep)
    view = game.view(final, None)
    for path, data in ((out / f"alcazar-end{suffix(lang)}.png", alcazar.board(view, names=names, lang=lang)),
                       (out / f"alcazar-results{suffix(lang)}.png", results.results(view, names=names, lang=lang))):
        path.write_bytes(data)
        written.append(path)
    return written


def demo_alcazar1978(out: Path, seed: int, lang: str = ENGLISH) -> list[Path]:
    game = get_game("alcazar1978")
    names = NAMES[:2]
    written: list[Path] = []
    snapshots = {1, 2, 6, 12}

    def keep(ply: int, state: Any) -> None:
        if ply in snapshots and game.to_move(state) is not None:
            path = out / f"alcazar1978-move-{ply:03d}{suffix(lang)}.png"
            path.write_bytes(alcazar1978.board(game.view(state, None), names=names, lang=lang))
            written.append(path)

    final = play_random_game("alcazar1978", 2, seed, keep)
    view = game.view(final, None)
    for path, data in ((out / f"alcazar1978-end{suffix(lang)}.png", alcazar1978.board(view, names=names, lang=lang)),
                       (out / f"alcazar1978-results{suffix(lang)}.png",
                        results.results(view, names=names, lang=lang))):
        path.write_bytes(data)
        written.append(path)
    return written


def play_computer_game(name: str, levels: list[str], seed: int, scale: float) -> tuple[Any, list[str]]:
    """A game played by computers of the given levels; returns the final state and the moves in words."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_game(players=len(levels), seed=seed)
    history: list[tuple[int, str]] = []
    lines: list[str] = []
    while (seat := game.to_move(state)) is not None:
        move = choose_move(name, observe(name, state, seat, history), seat, levels[seat], rng.randrange(2**31), scale)
        lines.append(f"{len(lines) + 1}. {level_name(levels[seat])}: {game.describe_move(state, move)}")
        history.append((seat, move))
        state = game.play(state, move)
    outcome = game.outcome(state)
    lines.append(f"Result: {outcome.reason}" if outcome else "")
    return state, lines


def demo_computers(out: Path, seed: int, scale: float) -> list[Path]:
    """One game of each kind played by computer players: end boards and results; the moves are printed."""
    written: list[Path] = []
    for name, levels, draw in (("alcazar", ["easy", "normal", "hard"], alcazar.board),
                               ("alcazar1978", ["normal", "hard"], alcazar1978.board)):
        final, lines = play_computer_game(name, levels, seed, scale)
        view = get_game(name).view(final, None)
        names = [level_name(level) for level in levels]
        for path, data in ((out / f"computers-{name}-end.png", draw(view, names=names)),
                           (out / f"computers-{name}-results.png", results.results(view, names=names))):
            path.write_bytes(data)
            written.append(path)
        print(f"{get_game(name).TITLE} played by {', '.join(names)}:")
        print("\n".join(f"  {line}" for line in lines))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the images of random games of both kinds to a folder.")
    parser.add_argument("--out", default="demo-output", help="folder for the images (default ./demo-output)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6),
                        help="players in the Alcazar (2009) game (default 4)")
    parser.add_argument("--think", type=float, default=0.1,
                        help="computer players think this share of their usual time (default 0.1)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for lang in LANGUAGES:
        written += demo_alcazar(out, args.players, args.seed, lang) + demo_alcazar1978(out, args.seed, lang)
    written += demo_computers(out, args.seed, args.think)
    for path in written:
        print(path)
    print(f"{len(written)} images written to {out.resolve()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
