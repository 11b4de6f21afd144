"""The local demo writes real images of both games to a folder."""
from __future__ import annotations

from pathlib import Path

from probes import open_png

from bot.demo import main


def test_demo_writes_boards_hands_and_results_of_both_games(tmp_path: Path) -> None:
    assert main(["--out", str(tmp_path / "out"), "--players", "3", "--seed", "4", "--think", "0.01"]) == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    for expected in ("alcazar-end.png", "alcazar-results.png", "alcazar1978-end.png", "alcazar1978-results.png",
                     "computers-alcazar-results.png", "computers-alcazar1978-results.png"):
        assert expected in names
    assert any("-hand-" in name for name in names)
    assert any(name.startswith("alcazar1978-move-") for name in names)
    for name in names:
        image = open_png((tmp_path / "out" / name).read_bytes())
        assert image.width > 200
