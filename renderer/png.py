"""PNG files from palette images, compressed with ISA-L's deflate.

Encoding a board with Pillow (zlib) took as long as drawing it. The PNG
format is small enough to write here: a header, the palette, and the rows
(each with filter byte 0: palette indices gain nothing from PNG's
prediction filters) in one deflate stream. Intel's ISA-L library deflates
about seven times faster than zlib at its fastest level, into smaller files,
and the stream is ordinary zlib, so every PNG reader opens it. Where the
``isal`` wheel is missing the standard ``zlib`` does the same job, slower.
"""
from __future__ import annotations

import struct
import zlib
from types import ModuleType

from PIL import Image

def _fastest_deflate() -> ModuleType:
    try:
        from isal import isal_zlib    # its level 1 packs boards tighter than zlib's level 3
    except ImportError:     # pragma: no cover - the wheel exists for every platform the bot runs on
        return zlib
    return isal_zlib


_deflate = _fastest_deflate()
LEVEL = 1

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(image: Image.Image) -> bytes:
    """The PNG file of a "P" (palette) image: deterministic, no metadata."""
    if image.mode != "P":
        raise ValueError(f"only palette images are written here, not {image.mode}")
    width, height = image.size
    # each row starts with its filter byte, 0: a column of zeros left of the picture gives them all at once
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(image, (1, 0))
    rows = framed.tobytes()
    palette = bytes(image.getpalette() or [])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)   # 8-bit indices, colour type 3
    return (SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", palette)
            + _chunk(b"IDAT", _deflate.compress(rows, LEVEL)) + _chunk(b"IEND", b""))
