"""Small drawing helpers shared by every image: text, badges, PNG encoding."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from renderer import png
from renderer.labels import colour_word
from renderer.theme import RGB, font

Box = tuple[int, int, int, int]
Names = Sequence[str] | Mapping[int, str] | None


def png_bytes(image: Image.Image, *, palette: Image.Image | None = None) -> bytes:
    """Encode ``image`` as a 256-colour PNG (deterministic: no timestamps, no metadata).

    The images are flat colours plus anti-aliased edges, so a palette loses
    nothing visible, while the file shrinks about threefold and, with one byte
    per pixel to compress instead of three, encodes faster than the RGB image.
    With ``palette`` (a fixed one, see ``renderer.palette``) the image is mapped
    onto it; without, a palette is chosen for this image alone.
    """
    if palette is not None:
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        indexed = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        indexed = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return png.encode(indexed)


# A phone shows an image about PHONE_WIDTH px wide; no text may then be smaller than MIN_TEXT_ON_PHONE px.
PHONE_WIDTH = 400
MIN_TEXT_ON_PHONE = 10


def phone_min_text(width: int) -> int:
    """The smallest font size (px) an image ``width`` px wide may use: MIN_TEXT_ON_PHONE px on a phone."""
    return -(-MIN_TEXT_ON_PHONE * width // PHONE_WIDTH)


def player_name(names: Names, seat: int, fallback: str) -> str:
    """The display name of ``seat`` as the images can draw it; ``fallback`` (its colour) when none is left.

    Characters the bundled font has no glyph for (emoji, CJK) would show as
    empty boxes, so they are dropped; a name made only of them becomes the
    colour's name.
    """
    if names is None:
        return fallback
    if isinstance(names, Mapping):
        name = str(names.get(seat, fallback))
    else:
        name = str(names[seat]) if 0 <= seat < len(names) else fallback
    return drawable_text(name) or fallback


def named_text(text: str, colours: Mapping[int, str], names: Names, lang: str = "en") -> str:
    """``text`` (written by the engine with colours: "Blue wins") with each seat's colour replaced by its name.

    ``colours`` maps seat -> colour ("blue"); the text calls a colour by its
    name in ``lang``, the text's language. Only capitalised colour words are
    names of players, so only those are replaced.
    """
    if names is None:
        return text
    by_colour = {}
    for seat, colour in colours.items():
        word = colour_word(lang, colour)
        name = player_name(names, seat, word)
        if name != word:
            by_colour[word] = name
    if not by_colour:
        return text
    pattern = re.compile(r"\b(" + "|".join(re.escape(word) for word in by_colour) + r")\b")
    return pattern.sub(lambda match: by_colour[match.group(1)], text)


def drawable_text(text: str) -> str:
    """``text`` without the characters the bundled font cannot draw, spaces tidied ("" if nothing visible is left)."""
    kept = "".join(c for c in text if c.isspace() or (_visible_or_joining(c) and can_draw(c)))
    tidy = " ".join(kept.split())
    return tidy if any(unicodedata.category(c)[0] in "LNPS" for c in tidy) else ""


def _visible_or_joining(char: str) -> bool:
    # format characters (zero-width joiners) and variation selectors only glue emoji together
    return unicodedata.category(char) != "Cf" and not ("\ufe00" <= char <= "\ufe0f")


_PROBE_SIZE = 32
_SURELY_MISSING = "\U0010fffd"      # a private-use code point no font of ours covers: its glyph is the empty box


def _glyph(char: str, weight: str) -> tuple[float, bytes]:
    face = font(_PROBE_SIZE, weight)
    image = Image.new("L", (2 * _PROBE_SIZE, 2 * _PROBE_SIZE))
    ImageDraw.Draw(image).text((_PROBE_SIZE // 2, _PROBE_SIZE // 2), char, font=face, fill=255)
    return face.getlength(char), image.tobytes()


@lru_cache(maxsize=4096)
def can_draw(char: str) -> bool:
    """Whether the bundled font, regular and bold, has a glyph for ``char`` (not the missing-glyph box)."""
    return all(_glyph(char, weight) != _glyph(_SURELY_MISSING, weight) for weight in ("regular", "bold"))


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


def fit_text(draw: ImageDraw.ImageDraw, text: str, weight: str, size: int, width: float, *,
             prefix: str = "", suffix: str = "", smallest: int | None = None) -> tuple[str, ImageFont.FreeTypeFont]:
    """Shrink (down to ``smallest``, else 70%) then shorten ``text`` with an ellipsis until
    ``prefix + text + suffix`` fits ``width``.

    Only ``text`` is ever shortened: a name loses its end, "to move" or "wins" after it stays.
    """
    smallest = min(size, smallest) if smallest is not None else max(8, int(size * 0.7))
    for s in range(size, smallest - 1, -1):
        face = font(s, weight)
        if draw.textlength(prefix + text + suffix, font=face) <= width:
            return prefix + text + suffix, face
    face = font(smallest, weight)
    while text and draw.textlength(prefix + text + "…" + suffix, font=face) > width:
        text = text[:-1]
    return prefix + text.rstrip() + "…" + suffix, face


def shorten_text(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` as it is, or cut and ended with an ellipsis so that it fits ``width`` in ``face`` (sizes stay even
    down a table's column, where ``fit_text``'s shrinking would not)."""
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text.rstrip() + "…", font=face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


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
