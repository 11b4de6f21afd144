"""The table: what every flow is given to act with, in place of the client.

``AlcazarBot`` lays one ``Table`` in ``setup_hook``: the game service, the
client's connection to Discord (posting in channels and DMs, the names of
servers, channels and users), the players' names and DM languages as far as
the bot has seen them, the metrics and the clock, the computer players' turns
and the buttons a new board carries. The entry points hand it down: the slash
commands hold it, the background loops are given it when they start, and a
button's callback (which discord.py calls with the interaction alone) takes it
with ``table_of`` at the boundary. A flow receives it as its first parameter,
so it never imports the client, and this module imports no flow: the board's
buttons (``board.board_buttons``) and the computer turns come in as values.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Awaitable, Callable, Iterable, Iterator, Protocol, Sequence

import discord

from bot.discord.errands import Errands
from bot.discord.followups import FollowupBoards
from bot.discord.standings import computer_label
from bot.i18n import ENGLISH, t
from bot.service import Accepted, Clock, GameInfo, GameService, StoreUnavailable
from bot.telemetry import Metrics


class ComputerPlayers(Protocol):
    """The computer players' turns as the flows start them (``computers.ComputerTurns``)."""

    def notice(self, accepted: Accepted) -> None:
        """Start the computer turns an accepted change announces."""

    async def resume(self) -> None:
        """Start every computer turn waiting in the database."""


@dataclass(frozen=True, eq=False)
class Table:
    """What the flows use; one per bot, laid once the service exists (a table is equal to itself alone)."""

    service: GameService
    client: discord.Client
    metrics: Metrics
    clock: Clock
    computer_turns: ComputerPlayers
    #: The buttons under a new board; ``announce`` posts boards, the board's flow owns their buttons.
    board_buttons: Callable[[GameInfo], discord.ui.View]
    #: What a game's end did to its tournament, posted after the game's own message (the tournament's
    #: flow posts rounds and standings; ``announce``, below it, posts games).
    tournament_news: Callable[[Iterable[object]], Awaitable[None]]
    #: Boards sent as interaction follow-ups, edited through their webhook while its token lives.
    followup_boards: FollowupBoards
    #: Work that follows an answer and that nobody waits on (a stale board's buttons).
    errands: Errands = field(default_factory=Errands)
    #: Seeds of new games (the deal and the seating); None lets the service draw them at random.
    game_seeds: Iterator[int] | None = None
    #: The web board's public base (``WEB_URL``), None when the host has not set it up; how long a link lasts.
    web_url: str | None = None
    web_link_days: float = 30.0
    #: Whether Open board opens the board inside Discord (an Activity; ``Settings.activity_mode``).
    activity_mode: bool = False
    _names: dict[int, str] = field(default_factory=dict, repr=False)
    _languages: dict[int, str] = field(default_factory=dict, repr=False)   # the last stored per user

    def page_url(self, link_token: str) -> str:
        """The web page a link token opens: the token in the fragment, which the browser never sends on."""
        return f"{self.web_url}/play#t={link_token}"

    @property
    def application_id(self) -> int | None:
        """The bot's application id (known once logged in): the Activity's client id."""
        return self.client.application_id

    def next_game_seed(self) -> int | None:
        """The seed for the next new game, or None for a random one."""
        return None if self.game_seeds is None else next(self.game_seeds)

    # -- Discord's connection: where the flows post, and the names of servers and channels ---------
    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(id, guild_id=guild_id, type=type)

    def get_guild(self, guild_id: int) -> discord.Guild | None:
        return self.client.get_guild(guild_id)

    def get_channel(self, channel_id: int) -> object | None:
        """The channel (or thread) if the bot has it cached; for its name only."""
        return self.client.get_channel(channel_id)

    async def fetch_channel(self, channel_id: int) -> object:
        """The channel (or thread), asked of Discord when not cached (to open threads under it)."""
        return await self.client.fetch_channel(channel_id)

    async def wait_until_ready(self) -> None:
        await self.client.wait_until_ready()

    # -- names for images (the bot has no member list: default intents only) ----------------------
    def remember_name(self, user: discord.abc.User) -> None:
        self._names[user.id] = user.display_name

    async def user_by_id(self, user_id: int) -> discord.User:
        return self.client.get_user(user_id) or await self.client.fetch_user(user_id)

    def known_names(self, user_ids: Sequence[int]) -> list[str]:
        """Display names already known, without asking Discord (for autocomplete, which must be quick)."""
        names = []
        for index, user_id in enumerate(user_ids):
            if user_id < 0:
                names.append(computer_label(user_id))
                continue
            user = self.client.get_user(user_id)
            names.append(self._names.get(user_id)
                         or (user.display_name if user else t(ENGLISH, "player.numbered", number=index + 1)))
        return names

    async def names_of(self, user_ids: Sequence[int], lang: str = ENGLISH) -> list[str]:
        """Display names in the given order, fetched once when not seen yet ("Player 2" in ``lang`` if not found)."""
        names = []
        for user_id in user_ids:
            if user_id < 0:
                names.append(computer_label(user_id, lang))
                continue
            if user_id not in self._names:
                try:
                    self._names[user_id] = (await self.user_by_id(user_id)).display_name
                except discord.HTTPException:
                    return [computer_label(u, lang) if u < 0
                            else self._names.get(u, t(lang, "player.numbered", number=i + 1))
                            for i, u in enumerate(user_ids)]
            names.append(self._names[user_id])
        return names

    # -- the language of each player's DMs ---------------------------------------------------------
    async def remember_language(self, user_id: int, language: str) -> None:
        """The language of the user's latest interaction: the DMs the bot sends them later are written in it."""
        if self._languages.get(user_id) == language:
            return
        self._languages[user_id] = language
        try:
            await self.service.languages.remember_language(user_id, language)
        except StoreUnavailable:
            # The interaction itself tells the user; the language is stored at their next one.
            self._languages.pop(user_id, None)

    async def language_for_dm(self, user_id: int) -> str:
        """The language of the user's last interaction with the bot (English if none)."""
        if user_id not in self._languages:
            self._languages[user_id] = (await self.service.languages.languages_of([user_id]))[user_id]
        return self._languages[user_id]


def laid(table: Table | None, wanted_by: object) -> Table:
    """The table once ``setup_hook`` has laid it; before that, an error naming what wanted it."""
    if table is None:
        raise RuntimeError(f"{type(wanted_by).__name__} is given the bot's table in setup_hook, after login")
    return table


def table_of(interaction: discord.Interaction) -> Table:
    """The table of the bot an interaction came to: how a button's callback, given the interaction alone, has it."""
    table = getattr(interaction.client, "table", None)
    if not isinstance(table, Table):
        raise RuntimeError("the bot lays its table in setup_hook, before any interaction reaches it")
    return table
