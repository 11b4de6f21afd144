"""``/alcazar help`` and the README name every command and option a player or host has.

The tree walked is the one the real bot syncs to Discord (what a user sees
when typing ``/alcazar``), so a command or an option added without a word in
the help and the README fails here, in both languages.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from conftest import assert_clean, running_bot
from fake_discord import FakeDiscord

README = Path(__file__).resolve().parents[2] / "README.md"
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def commands_and_options(command: dict[str, Any], path: str = "/alcazar") -> dict[str, list[str]]:
    """Each command a user can run (``/alcazar tournament new``) with the names of its options."""
    found: dict[str, list[str]] = {}
    for option in command.get("options") or []:
        if option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
            found.update(commands_and_options(option, f"{path} {option['name']}"))
    if path != "/alcazar" and not found:
        found[path] = [o["name"] for o in command.get("options") or []]
    return found


def named_commands(heading: str) -> set[str]:
    """The commands a help field's heading names: "/alcazar tournament new · join" names both
    ``/alcazar tournament new`` and ``/alcazar tournament join``."""
    first, *others = [part.strip() for part in heading.split("·")]
    if not first.startswith("/alcazar"):
        return set()
    group = first.rsplit(" ", 1)[0]
    return {first} | {f"{group} {other}" for other in others}


def mentions_option(text: str, option: str) -> bool:
    """An option is named as typed: `level`, or `level:hard`."""
    return re.search(rf"`{re.escape(option)}(`|:)", text) is not None


async def _synced_tree(fake: FakeDiscord) -> dict[str, list[str]]:
    await fake.wait_identified()
    [group] = fake.commands[fake.guild.id]
    return commands_and_options(group)


async def test_the_help_names_every_command_and_option_in_both_languages(
        fake: FakeDiscord, database_path: Path) -> None:
    english, hungarian = fake.add_user("alice"), fake.add_user("anna")
    hungarian.locale = "hu"
    async with running_bot(fake, database_path):
        tree = await _synced_tree(fake)
        answers = {"en": await english.slash("help"), "hu": await hungarian.slash("help")}
    assert len(tree) >= 28 and "/alcazar tournament withdraw" in tree and "level" in tree["/alcazar new"]
    for language, answer in answers.items():
        assert answer.ephemeral
        [embed] = answer.embeds
        named = set().union(*(named_commands(field["name"]) for field in embed["fields"]))
        assert sorted(set(tree) - named) == [], f"{language}: commands the help does not name"
        text = answer.text
        unnamed = sorted({f"{command} {option}" for command, options in tree.items() for option in options
                          if not mentions_option(text, option)})
        assert unnamed == [], f"{language}: options the help does not name"
    assert_clean(fake)


async def test_the_readme_names_every_command_and_option(fake: FakeDiscord, database_path: Path) -> None:
    async with running_bot(fake, database_path):
        tree = await _synced_tree(fake)
    readme = README.read_text(encoding="utf-8")
    assert sorted(c for c in tree if f"`{c}`" not in readme) == [], "commands the README does not name"
    assert sorted({o for options in tree.values() for o in options if not mentions_option(readme, o)}) == [], \
        "options the README does not name"
    assert_clean(fake)


def test_a_heading_names_the_commands_of_its_group() -> None:
    assert named_commands("/alcazar tournament new · join · withdraw") == {
        "/alcazar tournament new", "/alcazar tournament join", "/alcazar tournament withdraw"}
    assert named_commands("/alcazar join · leave") == {"/alcazar join", "/alcazar leave"}
    assert named_commands("Take my turn") == set()
    assert mentions_option("`level:hard` or `level`", "level") and not mentions_option("the level", "level")
