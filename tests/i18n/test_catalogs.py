"""The catalogs: the same messages and placeholders in every language, and every message the code uses."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.games import alcazar, alcazar1978
from bot.i18n import LANGUAGES
from bot.i18n.catalog import all_catalogs, catalog

ROOT = Path(__file__).resolve().parents[2]
CODE = [ROOT / "bot", ROOT / "renderer"]

#: Calls that take a message id as their first string argument, and the prefix they add to it.
KEY_CALLS = {
    r'\bMsg\(\s*"([^"{}]+)"': "",
    r'\bt\([^,()]+,\s*"([^"{}]+)"': "",
    r'\bdescribed\(\s*"([^"{}]+)"': "",
    r'\blabel\(\s*lang,\s*"([^"{}]+)"': "image.",
    r'\bsay\(\s*"([^"{}]+)"': "",
}


def placeholders(text: str) -> set[str]:
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field}


def entries(language: str) -> dict[str, tuple[str, ...]]:
    return {key: (value,) if isinstance(value, str) else value for key, value in catalog(language).texts.items()}


def test_every_language_has_the_same_messages() -> None:
    english = set(entries("en"))
    for language in LANGUAGES:
        keys = set(entries(language))
        assert keys - english == set(), f"{language} has messages English lacks"
        assert english - keys == set(), f"{language} lacks messages"


def test_every_message_has_the_same_placeholders_in_every_language() -> None:
    english = entries("en")
    for language in LANGUAGES:
        for key, forms in entries(language).items():
            wanted = set().union(*(placeholders(f) for f in english[key]))
            for form in forms:
                assert placeholders(form) == wanted, f"{language} {key!r}: {form!r}"


def test_plural_messages_are_plural_everywhere_and_count_with_count() -> None:
    english = entries("en")
    for language in LANGUAGES:
        for key, forms in entries(language).items():
            assert (len(forms) > 1) == (len(english[key]) > 1), f"{language} {key!r}"
            if len(forms) > 1:
                assert "count" in placeholders(forms[-1]), key


def test_no_message_is_left_empty() -> None:
    for language in LANGUAGES:
        for key, forms in entries(language).items():
            assert all(form.strip() for form in forms), f"{language} {key!r} is empty"


def used_keys() -> set[str]:
    keys = set()
    for folder in CODE:
        for path in folder.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for pattern, prefix in KEY_CALLS.items():
                keys.update(prefix + key for key in re.findall(pattern, text))
    return keys


def test_every_message_the_code_uses_is_in_the_catalogs() -> None:
    used = used_keys()
    assert len(used) > 100   # the scan finds the calls
    english = set(catalog("en").texts)
    assert sorted(used - english) == []


def test_messages_named_at_run_time_exist() -> None:
    """Keys made from a value (a colour, a language) rather than written out."""
    english = set(catalog("en").texts)
    for colour in set(alcazar.COLORS) | set(alcazar1978.COLORS):
        assert f"colour.{colour}" in english
    for language in LANGUAGES:
        assert f"language.{language}" in english


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_files_load(language: str) -> None:
    assert catalog(language).texts
    assert len(all_catalogs()) == len(LANGUAGES)
