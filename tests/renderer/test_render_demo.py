"""The local demo draws every kind of image the bot posts, in every language, and says so briefly."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from probes import open_png

from bot.demo import KINDS, main
from bot.i18n import LANGUAGES


def test_demo_draws_every_kind_of_image_in_every_language_and_prints_a_short_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["--out", str(out), "--players", "3", "--seed", "4", "--think", "0.01"]) == 0
    names = sorted(p.name for p in out.iterdir())
    for lang in LANGUAGES:
        tag = "" if lang == "en" else f"-{lang}"
        for expected in (f"alcazar-end{tag}.png", f"alcazar-results{tag}.png", f"alcazar1978-end{tag}.png",
                         f"alcazar1978-results{tag}.png", f"round-robin-standings{tag}.png", f"rating-ana{tag}.png",
                         f"computers-alcazar1978-replay{tag}.gif"):
            assert expected in names, expected
        assert any("-hand-" in name and name.endswith(f"{tag}.png") for name in names)
    assert "computers-alcazar-results.png" in names and "computers-alcazar1978-results.png" in names
    for name in names:
        if name.endswith(".png"):
            assert open_png((out / name).read_bytes()).width > 200
        else:
            with Image.open(out / name) as gif:
                assert gif.format == "GIF" and gif.n_frames > 2, "a frame for the start and for each move"

    printed = capsys.readouterr().out.splitlines()
    assert len(printed) <= 8, printed
    assert printed[-1].startswith(f"{len(names)} images in {out.resolve()}: ")
    assert all(f"{kind} " in printed[-1] for kind in KINDS)
    assert not [line for line in printed if line.lstrip()[:1].isdigit() and ". " in line], "no move by move"
