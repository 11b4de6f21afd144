"""Discord's answers about an Activity's visitors, as the web board's hooks give them: a stand-in for the
Discord layer's door (which asks the real Discord, or the fake one, over HTTP; its own tests cover that).

Codes are single use, as Discord's are; an instance has a channel and the users in it.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from bot.i18n import Msg
from bot.web.hooks import ActivityDenied, ActivityHooks, ActivityVisitor

APPLICATION_ID = 424242
GUILD = 1


@dataclass
class ActivityDiscord:
    """Instances (channel, users in them) and the codes Discord gave its users' SDKs."""

    instances: dict[str, tuple[int, set[int]]] = field(default_factory=dict)
    codes: dict[str, int] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    reachable: bool = True
    asked: list[tuple[str, str]] = field(default_factory=list)
    numbers: itertools.count = field(default_factory=lambda: itertools.count(1))

    def start_activity(self, channel_id: int, users: list[int]) -> str:
        instance_id = f"i-{next(self.numbers)}-{channel_id}"
        self.instances[instance_id] = (channel_id, set(users))
        return instance_id

    def authorization_code(self, user_id: int) -> str:
        code = f"code-{next(self.numbers)}-for-{user_id}"
        self.codes[code] = user_id
        return code

    async def identify(self, code: str, instance_id: str) -> ActivityVisitor:
        self.asked.append((code, instance_id))
        if not self.reachable:
            raise ActivityDenied(Msg("activity.denied.unreachable"))
        user_id = self.codes.get(code)
        if user_id is None or code in self.used:
            raise ActivityDenied(Msg("activity.denied.code"))
        self.used.add(code)
        channel_id, users = self.instances.get(instance_id, (0, set()))
        if user_id not in users:
            raise ActivityDenied(Msg("activity.denied.instance"))
        return ActivityVisitor(user_id, channel_id, GUILD, f"token-of-{user_id}")

    def hooks(self) -> ActivityHooks:
        return ActivityHooks(client_id=APPLICATION_ID, identify=self.identify)
