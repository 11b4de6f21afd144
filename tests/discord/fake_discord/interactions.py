"""Interactions: what fake users do (slash commands, autocomplete, clicks) and
how the fake takes the bot's answers (callbacks, followups, edits of @original)."""
from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from . import limits
from .activity import LAUNCH_ACTIVITY
from .model import EPHEMERAL, LOADING, Channel, FakeUser
from .records import InteractionRecord, RecordedRequest, Reply, busy_handlers

if TYPE_CHECKING:
    from .server import FakeDiscord

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 2, 3, 4
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
STRING, INTEGER, BOOLEAN, NUMBER = 3, 4, 5, 10


class InteractionsMixin:
    """Mixed into FakeDiscord; kept apart so that each file stays about one thing."""

    # ----- what users do ----------------------------------------------------------
    def _command(self: FakeDiscord, name: str = "alcazar", guild_id: int | None = None
                 ) -> tuple[dict[str, Any], bool]:
        """The registered command called ``name``: guild commands win, as in Discord's client."""
        for scope in (guild_id or self.guild.id, None):
            for command in self.commands.get(scope, []):
                if command["name"] == name:
                    return command, scope is not None
        raise AssertionError(f"/{name} is not registered with the fake Discord")

    def _options_for(self: FakeDiscord, subcommand: str, given: dict[str, Any],
                     focused: str | None = None, guild_id: int | None = None) -> dict[str, Any]:
        guild_id = guild_id or self.guild.id
        command, is_guild = self._command(guild_id=guild_id)
        group_name, _, subcommand = subcommand.rpartition(" ")   # "tournament new": a command of a group
        within = command.get("options", [])
        group = next((o for o in within if o["name"] == group_name and o["type"] == 2), None) if group_name else None
        if group_name:
            if group is None:
                raise AssertionError(f"/alcazar {group_name} is not a registered group")
            within = group.get("options", [])
        sub = next((o for o in within if o["name"] == subcommand), None)
        if sub is None:
            raise AssertionError(f"/alcazar {group_name} {subcommand} is not registered")
        options = []
        schema = {o["name"]: o for o in sub.get("options", [])}
        for name, value in given.items():
            if name not in schema:
                raise AssertionError(f"/alcazar {subcommand} has no option {name!r}")
            option = schema[name]
            if option.get("choices") and name != focused:
                allowed = [c["value"] for c in option["choices"]]
                assert value in allowed, f"{value!r} is not one of the choices {allowed} of {name!r}"
            entry: dict[str, Any] = {"name": name, "type": option["type"], "value": value}
            if name == focused:
                entry["focused"] = True
            options.append(entry)
        missing = [o["name"] for o in sub.get("options", []) if o.get("required") and o["name"] not in given]
        assert not missing, f"/alcazar {subcommand} needs {missing}"
        chosen: dict[str, Any] = {"name": subcommand, "type": 1, "options": options}
        if group_name:
            chosen = {"name": group_name, "type": 2, "options": [chosen]}
        data = {"id": command["id"], "name": command["name"], "type": 1, "options": [chosen]}
        if is_guild:
            data["guild_id"] = str(guild_id)
        return data

    async def slash(self: FakeDiscord, user: FakeUser, subcommand: str, *, channel: Channel | None = None,
                    **options: Any) -> Reply:
        """``user`` runs ``/alcazar <subcommand>``; returns the answer they see."""
        record = await self.send_slash(user, subcommand, channel=channel, **options)
        return await record.reply()

    async def send_slash(self: FakeDiscord, user: FakeUser, subcommand: str, *, channel: Channel | None = None,
                         **options: Any) -> InteractionRecord:
        """``user`` runs ``/alcazar <subcommand>``, without waiting: many users at once (a load test)
        wait for their answers with ``InteractionRecord.first_answer``."""
        channel = channel or self.general
        data = self._options_for(subcommand, options, guild_id=channel.guild_id)
        return await self._dispatch_interaction(user, APPLICATION_COMMAND, data, channel)

    async def autocomplete(self: FakeDiscord, user: FakeUser, subcommand: str, option: str, typed: str, *,
                           channel: Channel | None = None) -> list[dict[str, Any]]:
        channel = channel or self.general
        data = self._options_for(subcommand, {option: typed}, focused=option, guild_id=channel.guild_id)
        record = await self._dispatch_interaction(user, AUTOCOMPLETE, data, channel)
        reply = await record.reply()
        return reply.choices

    def _find_component(self, message: dict[str, Any], label_or_id: str) -> dict[str, Any]:
        components = [c for row in message.get("components", []) for c in row.get("components", [])]
        for component in components:
            if label_or_id in (component.get("label"), component.get("custom_id")):
                return component
        labels = [c.get("label") or c.get("custom_id") for c in components]
        raise AssertionError(f"no component {label_or_id!r} on the message; it has {labels}")

    async def click(self: FakeDiscord, user: FakeUser, message: dict[str, Any], label_or_id: str, *,
                    as_seen: bool = False) -> Reply:
        """``user`` clicks the button with that label (or custom id) on ``message``.

        With ``as_seen`` the click goes to ``message`` as given (a copy taken earlier), even when the
        bot has since edited the button away: a client that had not refreshed yet, or a slow click."""
        if not as_seen:
            message = self.messages.get(int(message["id"]), message)
        button = self._find_component(message, label_or_id)
        assert not button.get("disabled"), f"the button {label_or_id!r} is disabled"
        assert "url" not in button, f"the button {label_or_id!r} is a link: Discord opens it and tells no bot"
        data = {"custom_id": button["custom_id"], "component_type": 2}
        channel = self.channels[int(message["channel_id"])]
        record = await self._dispatch_interaction(user, MESSAGE_COMPONENT, data, channel, message)
        return await record.reply()

    async def select(self: FakeDiscord, user: FakeUser, message: dict[str, Any], values: list[str], *,
                     custom_id: str | None = None) -> Reply:
        """``user`` picks ``values`` in the (first, or ``custom_id``) select menu of ``message``."""
        message = self.messages.get(int(message["id"]), message)
        menus = [c for row in message.get("components", []) for c in row.get("components", []) if c["type"] == 3]
        menu = next(m for m in menus if custom_id in (None, m["custom_id"]))
        offered = {o["value"] for o in menu["options"]}
        assert set(values) <= offered, f"{values} not among the options {sorted(offered)}"
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": values}
        channel = self.channels[int(message["channel_id"])]
        record = await self._dispatch_interaction(user, MESSAGE_COMPONENT, data, channel, message)
        return await record.reply()

    async def _dispatch_interaction(self: FakeDiscord, user: FakeUser, kind: int, data: dict[str, Any],
                                    channel: Channel, message: dict[str, Any] | None = None) -> InteractionRecord:
        interaction_id = self.ids.next()
        token = "itok-" + secrets.token_urlsafe(24)
        record = InteractionRecord(interaction_id, token, kind, user, channel.id,
                                   None if message is None else int(message["id"]), discord=self,
                                   busy_before=busy_handlers())
        self.interactions[token] = record
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(self.application_id), "type": kind,
            "data": data, "channel_id": str(channel.id), "channel": channel.payload(), "token": token,
            "version": 1, "locale": user.locale, "entitlements": [], "attachment_size_limit": limits.FILE_SIZE,
        }
        if channel.is_dm:
            payload.update(user=user.payload(), context=1, authorizing_integration_owners={"1": str(user.id)},
                           app_permissions=str(channel.bot_permissions))
        else:
            parent = self.channels.get(channel.parent_id) if channel.parent_id else channel
            guild = self.guild_of(channel) or self.guild
            guild_id = str(guild.id)
            payload.update(guild_id=guild_id, member=user.member_payload(user.permissions),
                           context=0, guild_locale=guild.preferred_locale,
                           guild={"id": guild_id, "locale": guild.preferred_locale, "features": []},
                           authorizing_integration_owners={"0": guild_id},
                           app_permissions=str((parent or channel).bot_permissions))
        if message is not None:
            payload["message"] = message
        # Discord delivers an interaction on the shard of its guild; DMs on shard 0.
        await self.dispatch("INTERACTION_CREATE", payload, guild_id=channel.guild_id)
        return record

    # ----- the bot's answers --------------------------------------------------------------
    def answer_interaction(self: FakeDiscord, record: RecordedRequest, interaction: InteractionRecord) -> dict[str, Any]:
        body = record.json or {}
        kind, data = int(body["type"]), body.get("data") or {}
        if kind == LAUNCH_ACTIVITY:
            return self.launch_activity(record, interaction)
        channel = self.channels[interaction.channel_id]
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        record.kind = "interaction"
        record.audience = interaction.user.id if ephemeral or channel.is_dm else None
        record.channel_id = channel.id
        message: dict[str, Any] | None = None
        if kind == CHANNEL_MESSAGE:
            record.kind = "message"
            self._check_interaction_files(channel, record)
            message = self.store_message(channel, data, record.files, audience=record.audience,
                                         interaction_user=interaction.user)
            interaction.original_message_id = int(message["id"])
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            message = self.store_message(channel, {"content": ""}, [], flags=LOADING | (EPHEMERAL if ephemeral else 0),
                                         audience=record.audience, interaction_user=interaction.user)
            interaction.original_message_id = int(message["id"])
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            interaction.original_message_id = interaction.source_message_id
            record.audience = self.message_audience.get(interaction.source_message_id or 0)
            if kind == UPDATE_MESSAGE:
                record.kind = "edit"
                message = self.edit_stored(interaction.source_message_id or 0, data, record.files)
        elif kind == AUTOCOMPLETE_RESULT:
            record.kind = "autocomplete"
            record.audience = interaction.user.id
            choices = data.get("choices") or []
            self._require_ok(limits.choices_violations(choices))
            interaction.choices = choices
        elif kind == MODAL:
            interaction.modal = data
        interaction.acknowledge(kind)
        response: dict[str, Any] = {"interaction": {
            "id": str(interaction.id), "type": interaction.type,
            "response_message_id": None if message is None else message["id"],
            "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": ephemeral}}
        response["resource"] = {"type": kind, **({"message": message} if message is not None else {})}
        return response

    def _check_interaction_files(self: FakeDiscord, channel: Channel, record: RecordedRequest) -> None:
        # Interaction replies do not need Send Messages, but files still need Attach Files.
        from .model import ATTACH_FILES
        from .server import DiscordError
        if record.files and not channel.is_dm and record.audience is None and not channel.bot_permissions & ATTACH_FILES:
            raise DiscordError(403, 50013, "Missing Permissions")

    def followup(self: FakeDiscord, record: RecordedRequest, interaction: InteractionRecord) -> dict[str, Any]:
        body = record.json or {}
        channel = self.channels[interaction.channel_id]
        original = self.messages.get(interaction.original_message_id or 0)
        record.kind = "message"
        record.channel_id = channel.id
        if interaction.callback_type == DEFERRED_CHANNEL_MESSAGE and original is not None and int(original["flags"]) & LOADING:
            # The first followup after a "thinking" defer replaces the thinking message, which stays
            # as public or as ephemeral as the defer made it: the followup's own flag is ignored.
            record.audience = self.message_audience.get(int(original["id"]))
            body = dict(body, flags=int(body.get("flags") or 0) & ~EPHEMERAL)
            message = self.edit_stored(int(original["id"]), body, record.files)
            interaction.answered(in_original=True)
        else:
            ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
            record.audience = interaction.user.id if ephemeral or channel.is_dm else None
            self._check_interaction_files(channel, record)
            message = self.store_message(channel, body, record.files, audience=record.audience,
                                         interaction_user=interaction.user)
            interaction.followup_ids.append(int(message["id"]))
        interaction.answered()
        return message

    def edit_interaction_message(self: FakeDiscord, record: RecordedRequest, interaction: InteractionRecord,
                                 which: str) -> dict[str, Any]:
        message_id = interaction.original_message_id if which == "@original" else int(which)
        record.kind = "edit"
        record.channel_id = interaction.channel_id
        record.audience = self.message_audience.get(message_id or 0)
        message = self.edit_stored(message_id or 0, record.json or {}, record.files)
        if which == "@original":
            interaction.answered(in_original=True)
        return message
