"""Small drawing helpers shared by every image: text, badges, PNG encoding."""
from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

from renderer.theme import RGB, font

Box = tuple[int, int, int, int]
Names = Sequence[str] | Mapping[int, str] | None

PNG_COMPRESS_LEVEL = 3


def png_bytes(image: Image.Image) -> bytes:
    """Encode ``image`` as a 256-colour PNG (deterministic: no timestamps, no metadata).

    The images are flat colours plus anti-aliased edges, so a palette loses
    nothing visible, while the file shrinks about threefold and, with one byte
    per pixel to compress instead of three, encodes faster than the RGB image.
    """
    palette = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def player_name(names: Names, seat: int, fallback: str) -> str:
    """The display name of ``seat``; ``fallback`` (its colour) when none is given."""
    if names is None:
        return fallback
    if isinstance(names, Mapping):
        return str(names.get(seat, fallback))
    return str(names[seat]) if 0 <= seat < len(names) else fallback


def sentence(text: str) -> str:
    """``text`` with its first letter upper case and the rest as written (names keep their case)."""
    return text[:1].upper() + text[1:]


def text_size(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont) -> tuple[int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    return round(right - left), round(bottom - top)


def centred_text(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Draw ``text`` with its ink centred on ``centre``."""
    draw.text(centre, text, font=face, fill=fill, anchor="mm",
              stroke_width=stroke, stroke_fill=stroke_fill)


def fit_text(draw: ImageDraw.ImageDraw, text: str, weight: str, size: int, width: int) -> tuple[str, ImageFont.FreeTypeFont]:
    """Shrink (down to 70%) then shorten ``text`` with an ellipsis until it fits ``width``."""
    smallest = max(8, int(size * 0.7))
    for s in range(size, smallest - 1, -1):
        face = font(s, weight)
        if draw.textlength(text, font=face) <= width:
            return text, face
    face = font(smallest, weight)
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…", face


def wrap_text(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` (long words are cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if draw.textlength(candidate, font=face) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while draw.textlength(word, font=face) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and draw.textlength(word[:cut], font=face) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def badge(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    ink: RGB,
    *,
    outline: RGB | None = None,
    pad: int = 3,
    min_width: int = 0,
) -> Box:
    """A rounded label with ``text`` centred on ``centre``; returns its box."""
    w, h = text_size(draw, text, face)
    h = max(h, int(face.size * 0.74))
    w = max(w, min_width - 2 * pad)
    cx, cy = centre
    box = (int(cx - w / 2 - pad), int(cy - h / 2 - pad), int(cx + w / 2 + pad), int(cy + h / 2 + pad))
    draw.rounded_rectangle(box, radius=(h + 2 * pad) // 2, fill=fill, outline=outline,
                           width=1 if outline else 0)
    draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=face, fill=ink, anchor="mm")
    return box
