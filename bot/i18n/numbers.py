"""Numbers and money written the way each language writes them, and Hungarian articles and suffixes."""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=4096)
def number(value: int | float, language: str) -> str:
    """``1,234`` in English, ``1 234`` (a no-break space) and ``1,5`` in Hungarian.

    Kept once written: Babel takes some 0.1 ms a number, and a web page's view of a board writes hundreds
    (the plots' numbers, heights and values), all from a few hundred distinct ones."""
    from babel.numbers import format_decimal  # loaded on first use: the engines import this package

    return format_decimal(value, locale=language)


_VOWEL_LETTER_NAMES = set("AÁEÉIÍOÓÖŐUÚÜŰFLMNRSXY")


def hungarian_article(value: int | str) -> str:
    """``a`` or ``az`` before a number written in digits: az 1., az 5., az 50., a 2., a 15.

    Before a name made of letters (a tower ``B3``, a square ``a4``) the name
    of its first letter counts: a B3, az A1, az F2.

    Hungarian takes ``az`` before a vowel; a number is read aloud, so what
    counts is its first word: egy (1), öt (5), ötven, ötszáz, ezer (1000),
    egymillió.
    """
    text = str(value)
    if text[:1].isalpha():
        # a letter is read by its name: á, e, ef, el, em, en, er, es, iksz… begin with a vowel
        return "az" if text[0].upper() in _VOWEL_LETTER_NAMES else "a"
    digits = text.lstrip("-").split(",")[0].split(".")[0].replace("\u00a0", "").replace(" ", "")
    if not digits.isdigit():
        return "a"
    lead = digits[: len(digits) % 3 or 3]  # the group read first: "12" of 12 345
    if lead == "1" or lead.startswith("5"):
        return "az"
    return "a"


#: The suffix of a number used as an adjective ("a 12-es mező"), by the word read last.
_UNIT_SUFFIX = {"1": "es", "2": "es", "3": "as", "4": "es", "5": "ös", "6": "os", "7": "es", "8": "as", "9": "es"}
_TENS_SUFFIX = {"1": "es", "2": "as", "3": "as", "4": "es", "5": "es", "6": "as", "7": "es", "8": "as", "9": "es"}


def hungarian_adjective(value: int) -> str:
    """``12-es``, ``8-as``, ``5-ös``, ``6-os``, ``20-as``, ``100-as``: a number naming a numbered thing."""
    digits = str(abs(value))
    if digits[-1] != "0":
        suffix = _UNIT_SUFFIX[digits[-1]]
    elif len(digits) >= 2 and digits[-2] != "0":
        suffix = _TENS_SUFFIX[digits[-2]]
    elif digits == "0":
        suffix = "s"  # nullás
    elif digits.endswith("000"):
        suffix = "es"  # ezres, tízezres
    else:
        suffix = "as"  # százas
    return f"{value}-{suffix}"
