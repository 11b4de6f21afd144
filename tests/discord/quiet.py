"""Counting what a game costs the players' attention: new DMs, channel messages, pings, live buttons."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from fake_discord import FakeDiscord, FakeUser
from fake_discord.records import RecordedRequest

from players import labels


def pinged(request: RecordedRequest) -> set[int]:
    """Who a message notifies: mentioned in its content and allowed to be mentioned."""
    body = request.json or {}
    mentioned = {int(u) for u in re.findall(r"<@!?(\d+)>", str(body.get("content") or ""))}
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users") or []}


def channel_posts(fake: FakeDiscord, since: int, channel: Any = None) -> list[RecordedRequest]:
    """New public messages in the channel (not edits) since request number ``since``."""
    channel_id = (channel or fake.general).id
    return [r for r in fake.requests[since:]
            if r.kind == "message" and r.audience is None and r.channel_id == channel_id and r.status == 200]


def take_my_turn_offers(fake: FakeDiscord, channel: Any = None) -> int:
    """Messages in the channel that offer "Take my turn" right now."""
    return sum("Take my turn" in labels(m) for m in fake.channel_messages(channel or fake.general))


@dataclass
class Tally:
    """What one whole game sent, for the report and the assertions."""

    moves: int = 0
    posts_per_move: list[int] = field(default_factory=list)
    wrong_pings: list[str] = field(default_factory=list)
    most_offers: int = 0

    def after_move(self, fake: FakeDiscord, since: int, waiting: int | None, players: list[FakeUser]) -> None:
        """Check the channel after one move: one message, pinging only who acts next (everyone at the end)."""
        self.moves += 1
        posts = channel_posts(fake, since)
        self.posts_per_move.append(len(posts))
        expected = {waiting} if waiting is not None else {p.id for p in players}
        for post in posts:
            if pinged(post) != expected:
                self.wrong_pings.append(f"move {self.moves}: pinged {sorted(pinged(post))}, not {sorted(expected)}")
        self.most_offers = max(self.most_offers, take_my_turn_offers(fake))

    def new_dms(self, fake: FakeDiscord, players: list[FakeUser]) -> dict[str, int]:
        return {p.name: len(fake.dms_to(p)) for p in players}


def reminded_games(fake: FakeDiscord) -> Counter[int]:
    """How many reminders each game got: every reminder carries its game's mute button."""
    counts: Counter[int] = Counter()
    for message in fake.messages.values():
        for row in message.get("components") or []:
            for component in row.get("components") or []:
                custom_id = str(component.get("custom_id", ""))
                if custom_id.startswith("az:mute:"):
                    counts[int(custom_id.split(":")[2])] += 1
    return counts


def most_in_one_second(times: list[float]) -> int:
    """The most requests within any 1-s window."""
    times = sorted(times)
    most, start = 0, 0
    for end, at in enumerate(times):
        while at - times[start] >= 1.0:
            start += 1
        most = max(most, end - start + 1)
    return most
