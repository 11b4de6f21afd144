"""A whole game as an animated GIF: one frame per position, each with its move in words.

    from renderer.replay import animation
    gif = animation("alcazar", views, captions, names=names)

``views`` are public views, the opening position first and then the position
after each move; ``captions`` says under each frame what happened. Frames are
drawn smaller than the posted board so that a long game stays well under
Discord's upload limit, and each frame keeps its own 256-colour palette.
"""
from __future__ import annotations

import io
from typing import Any, Callable, Sequence

from PIL import Image

from renderer import alcazar, alcazar1978, theme
from renderer.cached_draw import Draw
from renderer.drawing import Names, drawable_text, wrap_text

# Board sizes (one grid cell / square in pixels) that make frames about 460 px wide.
_BOARDS: dict[str, tuple[Callable[..., Image.Image], int]] = {
    "alcazar": (alcazar.board_image, 36),
    "alcazar1978": (alcazar1978.board_image, 84),
}
FRAME_MS = 1200            # each move stays this long
LAST_FRAME_MS = 4000       # the final position a little longer, before the loop starts again
CAPTION_LINES = 2
CAPTION_FONT = 15


def frame(kind: str, view: dict[str, Any], caption: str, *, names: Names = None, scale: float = 1.0,
          lang: str = "en") -> Image.Image:
    """One frame: the board of ``view`` with ``caption`` in a strip beneath it (``scale`` shrinks both;
    the board's own words in ``lang``, like the captions)."""
    draw_board, size = _BOARDS[kind]
    board = draw_board(view, names=names, size=max(8, round(size * scale)), lang=lang).convert("RGB")
    font_size = max(9, round(CAPTION_FONT * scale))
    face = theme.font(font_size, "bold")
    pad = max(4, round(8 * scale))
    line_height = font_size + 5
    strip = pad * 2 + line_height * CAPTION_LINES
    image = Image.new("RGB", (board.width, board.height + strip), theme.PANEL)
    image.paste(board, (0, 0))
    draw = Draw(image)
    draw.line([(0, board.height), (board.width, board.height)], fill=theme.PANEL_LINE, width=2)
    lines = wrap_text(draw, drawable_text(caption) or " ", face, board.width - 2 * pad)
    if len(lines) > CAPTION_LINES:
        lines = lines[:CAPTION_LINES]
        lines[-1] = lines[-1].rstrip(".") + "…"
    for index, line in enumerate(lines):
        draw.text((pad, board.height + pad + index * line_height), line, font=face, fill=theme.INK)
    return image


def animation(kind: str, views: Sequence[dict[str, Any]], captions: Sequence[str], *,
              names: Names = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """The GIF of a game: ``views[i]`` captioned ``captions[i]``, looping; the boards' words in ``lang``."""
    if len(views) != len(captions) or not views:
        raise ValueError("one caption per view, and at least one view")
    drawn = [frame(kind, view, caption, names=names, scale=scale, lang=lang) for view, caption in zip(views, captions)]
    palette = _shared_palette(drawn[0], drawn[-1])
    # One palette for every frame lets the GIF store only the part of each frame that changed.
    frames = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in drawn]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=True, disposal=1)
    return buffer.getvalue()


def _shared_palette(first: Image.Image, last: Image.Image) -> Image.Image:
    """256 colours taken from the opening and the final position, which between them show every piece."""
    both = Image.new("RGB", (first.width + last.width, max(first.height, last.height)), theme.PANEL)
    both.paste(first, (0, 0))
    both.paste(last, (first.width, 0))
    return both.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
