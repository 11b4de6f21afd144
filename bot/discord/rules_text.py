"""Short rules summaries for ``/alcazar rules``, following ``docs/rules/*.md``.

Each game gets three embeds: the rules in brief; how this bot reads the
points its rulebook leaves unclear, with the choices the rulebook leaves to
the player that change nothing in play named as simplifications; and, in a
message of its own, how games are played here over days (deadlines, time
banks, tournaments). Both stay well inside Discord's embed
limits (checked by the tests on every message the bot sends). The words come
from the catalogs (``rules.<game>.<section>.title`` and ``.text``), in the
reader's language; the Hungarian follows the Hungarian edition's terms.
"""
from __future__ import annotations

import discord

from bot.discord.texts import COLOUR
from bot.i18n import t

#: The sections of each part, by message id (``rules.alcazar.goal`` → ``.title`` and ``.text``).
ALCAZAR_RULES = ["goal", "setup", "turn", "bridges", "after", "removing", "distances", "broke", "end", "notation"]
ALCAZAR_READINGS = ["values", "new_castles", "blocked", "passing", "forced", "face_up"]
ALCAZAR_SIMPLIFICATIONS = ["flag", "join"]
ALCAZAR_1978_RULES = ["goal", "setup", "turn", "limits", "end", "notation"]
ALCAZAR_1978_READINGS = ["walling", "start_square", "home", "passing"]
#: How games are played on this bot over days, for both games: deadlines, time banks, tournaments.
PLAYING_HERE = ["deadlines", "clocks", "tournament"]

RULES: dict[str, tuple[str, str, list[str], list[str], list[str]]] = {
    "alcazar": ("Alcazar (2009)", "rules.alcazar", ALCAZAR_RULES, ALCAZAR_READINGS, ALCAZAR_SIMPLIFICATIONS),
    "alcazar1978": ("Alcazar (1978)", "rules.1978", ALCAZAR_1978_RULES, ALCAZAR_1978_READINGS, []),
}


def _embed(title: str, lang: str, prefix: str, sections: list[str]) -> discord.Embed:
    embed = discord.Embed(title=title, colour=COLOUR)
    for section in sections:
        embed.add_field(name=t(lang, f"{prefix}.{section}.title"), value=t(lang, f"{prefix}.{section}.text"),
                        inline=False)
    return embed


def rules_messages(kind: str, lang: str = "en") -> list[list[discord.Embed]]:
    """The rules of one game (``alcazar`` or ``alcazar1978``) in brief with this bot's readings, then
    how it is played here over days, in ``lang``: one message each, so that each stays within
    Discord's 6000 characters of embeds per message in every language."""
    title, prefix, rules, readings, simplified = RULES[kind]
    brief = _embed(t(lang, "rules.title.brief", title=title), lang, prefix, rules)
    unclear = _embed(t(lang, "rules.title.readings", title=title), lang, prefix, readings)
    for section in simplified:
        unclear.add_field(name=t(lang, "rules.simplified", name=t(lang, f"{prefix}.{section}.title")),
                          value=t(lang, f"{prefix}.{section}.text"), inline=False)
    here = _embed(t(lang, "rules.title.playing_here", title=title), lang, prefix, PLAYING_HERE)
    here.set_footer(text=t(lang, "rules.footer"))
    return [[brief, unclear], [here]]
