"""The bot's permissions in a channel, worked out as Discord does, and the invite's permissions as documented."""
from __future__ import annotations

from pathlib import Path

import discord

from bot.check.permissions import (
    EVERYTHING, NEEDED, base_permissions, channel_permissions, display_name, invite_link, invite_permissions, lacking,
)
from bot.config import SETUP_HELP

ROOT = Path(__file__).resolve().parent.parent.parent
GUILD, BOT, OWNER = 100, 200, 300
EVERYONE_ROLE, BOT_ROLE, OTHER_ROLE = GUILD, 101, 102


def bits(**names: bool) -> int:
    return discord.Permissions(**names).value


def overwrite(target: int, *, kind: int = 0, allow: int = 0, deny: int = 0) -> dict[str, object]:
    return {"id": str(target), "type": kind, "allow": str(allow), "deny": str(deny)}


def in_channel(roles: dict[int, int], overwrites: list[dict[str, object]], *, member_roles: tuple[int, ...] = (BOT_ROLE,),
               owner: int = OWNER) -> int:
    base = base_permissions(user_id=BOT, owner_id=owner, guild_id=GUILD, roles=roles, member_roles=member_roles)
    return channel_permissions(base, overwrites, user_id=BOT, guild_id=GUILD, member_roles=member_roles)


def test_the_invite_asks_for_the_documented_permissions() -> None:
    documented = "311385246720"
    assert str(invite_permissions().value) == documented
    for place in (ROOT / "README.md", ROOT / ".env.example"):
        text = " ".join(place.read_text(encoding="utf-8").split())
        assert all(display_name(name) in text for name in NEEDED), place
    assert f"permissions={documented}" in SETUP_HELP and documented in (ROOT / ".env.example").read_text()
    assert invite_link(42) == ("https://discord.com/oauth2/authorize?client_id=42"
                               "&scope=bot+applications.commands&permissions=311385246720")


def test_names_are_the_discord_clients() -> None:
    assert [display_name(name) for name in NEEDED] == [
        "View Channel", "Send Messages", "Send Messages in Threads", "Create Public Threads", "Embed Links",
        "Attach Files", "Read Message History", "Use Application Commands"]


def test_the_owner_and_an_administrator_may_do_everything_whatever_the_overwrites() -> None:
    denied = [overwrite(EVERYONE_ROLE, deny=EVERYTHING), overwrite(BOT, kind=1, deny=EVERYTHING)]
    assert in_channel({EVERYONE_ROLE: 0}, denied, owner=BOT) == EVERYTHING
    assert in_channel({EVERYONE_ROLE: 0, BOT_ROLE: bits(administrator=True)}, denied) == EVERYTHING


def test_roles_add_up_over_everyone() -> None:
    roles = {EVERYONE_ROLE: bits(view_channel=True), BOT_ROLE: bits(attach_files=True), OTHER_ROLE: bits(embed_links=True)}
    assert in_channel(roles, []) == bits(view_channel=True, attach_files=True)
    assert in_channel(roles, [], member_roles=(BOT_ROLE, OTHER_ROLE)) == bits(view_channel=True, attach_files=True,
                                                                              embed_links=True)


def test_overwrites_apply_in_order_everyone_then_roles_then_the_member() -> None:
    roles = {EVERYONE_ROLE: bits(view_channel=True, send_messages=True, attach_files=True)}
    # @everyone's overwrite denies, a role's allows: the role wins.
    assert in_channel(roles, [overwrite(EVERYONE_ROLE, deny=bits(attach_files=True)),
                              overwrite(BOT_ROLE, allow=bits(attach_files=True))]) & bits(attach_files=True)
    # One role denies, another allows: the roles' allows win over their denials.
    assert in_channel(roles, [overwrite(BOT_ROLE, deny=bits(send_messages=True)),
                              overwrite(OTHER_ROLE, allow=bits(send_messages=True))],
                      member_roles=(BOT_ROLE, OTHER_ROLE)) & bits(send_messages=True)
    # The member's own overwrite comes last.
    assert not in_channel(roles, [overwrite(BOT_ROLE, allow=bits(attach_files=True)),
                                  overwrite(BOT, kind=1, deny=bits(attach_files=True))]) & bits(attach_files=True)
    # A role overwrite for a role the bot does not have changes nothing.
    assert in_channel(roles, [overwrite(OTHER_ROLE, deny=bits(attach_files=True))]) & bits(attach_files=True)


def test_what_is_lacking_in_a_channel_and_in_a_thread() -> None:
    everything_needed = invite_permissions().value
    assert lacking(everything_needed, in_thread=False) == []
    no_files = everything_needed & ~bits(attach_files=True, create_public_threads=True)
    assert lacking(no_files, in_thread=False) == ["Create Public Threads", "Attach Files"]
    # In a thread, Send Messages in Threads counts instead of Send Messages; threads are not made there.
    thread_ok = everything_needed & ~bits(send_messages=True, create_public_threads=True, use_application_commands=True)
    assert lacking(thread_ok, in_thread=True) == []
    assert lacking(thread_ok & ~bits(send_messages_in_threads=True), in_thread=True) == ["Send Messages in Threads"]
    # Unseen, the rest does not matter.
    assert lacking(everything_needed & ~bits(view_channel=True), in_thread=False) == ["View Channel"]
