"""Making text: languages, fallback, plurals, numbers and Hungarian articles."""
from __future__ import annotations

import discord
import pytest

from bot.i18n import Msg, hungarian_adjective, hungarian_article, join_and, language_of, message_of, number, t


@pytest.mark.parametrize("locale, language", [
    (discord.Locale.hungarian, "hu"), ("hu", "hu"), (discord.Locale.american_english, "en"),
    (discord.Locale.british_english, "en"), (discord.Locale.german, "en"), ("pt-BR", "en"), (None, "en"),
])
def test_a_discord_locale_picks_its_catalog_and_any_other_reads_english(locale: object, language: str) -> None:
    assert language_of(locale) == language


def test_a_message_reads_in_the_language_asked_for() -> None:
    assert t("hu", "colour.red") == "Piros"
    assert t("en", "colour.red") == "Red"
    assert t(discord.Locale.japanese, "colour.red") == "Red"


def test_plurals_follow_the_catalog_rule() -> None:
    assert t("en", "image.barons", count=1) == "1 Baron"
    assert t("en", "image.barons", count=3) == "3 Barons"
    # Hungarian keeps the noun singular after a number
    assert t("hu", "image.barons", count=3) == "3 báró"


def test_numbers_are_written_the_language_s_way() -> None:
    assert number(12345, "en") == "12,345"
    assert number(12345, "hu") == "12\u00a0345"
    assert number(1.5, "hu") == "1,5"
    assert t("hu", "image.money", amount=1250) == "1\u00a0250 Reál"
    assert t("en", "image.money", amount=1250) == "1,250 Real"


@pytest.mark.parametrize("n, article", [
    (1, "az"), (2, "a"), (5, "az"), (8, "a"), (10, "a"), (11, "a"), (15, "a"), (50, "az"), (51, "az"),
    (100, "a"), (500, "az"), (1000, "az"), (1500, "az"), (2000, "a"), (5000, "az"), (12000, "a"),
])
def test_the_hungarian_article_before_a_number_follows_how_it_is_read(n: int, article: str) -> None:
    assert hungarian_article(n) == article


@pytest.mark.parametrize("n, word", [
    (1, "1-es"), (2, "2-es"), (3, "3-as"), (5, "5-ös"), (6, "6-os"), (8, "8-as"), (10, "10-es"), (20, "20-as"),
    (30, "30-as"), (40, "40-es"), (50, "50-es"), (60, "60-as"), (72, "72-es"), (100, "100-as"), (1000, "1000-es"),
])
def test_a_hungarian_number_as_an_adjective_takes_the_suffix_of_its_last_word(n: int, word: str) -> None:
    assert hungarian_adjective(n) == word


def test_format_specs_give_articles_and_adjectives() -> None:
    assert t("hu", "image.wall_locked", wall=5).startswith("Az 5. fal")
    assert t("hu", "image.wall_locked", wall=2).startswith("A 2. fal")


def test_message_arguments_are_made_into_text_in_the_same_language() -> None:
    nested = Msg("image.retired_name", name=Msg("colour.green"))
    assert t("hu", nested) == "Zöld (kiszállt)"
    assert t("en", nested) == "Green (retired)"
    assert str(nested) == "Green (retired)"


def test_messages_survive_json_for_views_and_the_database() -> None:
    msg = Msg("image.beat", winner=Msg("colour.red"), loser="Ben")
    assert message_of(msg.to_json()) == msg
    assert message_of("old English text") == "old English text"


def test_lists_join_with_the_language_s_and() -> None:
    assert join_and("en", ["a", "b", "c"]) == "a, b, and c"
    assert join_and("hu", ["a", "b", "c"]) == "a, b és c"


def test_a_missing_message_falls_back_to_english_then_to_its_id(caplog: pytest.LogCaptureFixture) -> None:
    assert t("hu", "no.such.message") == "no.such.message"


@pytest.mark.parametrize("name, article", [("A1", "az"), ("B3", "a"), ("C0-C1", "a"), ("E2", "az"), ("d1", "a"), ("a4", "az")])
def test_the_hungarian_article_before_a_letter_follows_the_letter_s_name(name: str, article: str) -> None:
    assert hungarian_article(name) == article
