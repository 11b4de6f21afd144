"""``python -m bot`` (or the ``alcazar-bot`` console script): run the Discord bot."""
from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

from bot.config import ConfigError, Settings, load_settings


def configure_logging(settings: Settings) -> None:
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s")
    # discord.py's own chatter stays at INFO even when the bot debugs.
    logging.getLogger("discord").setLevel(max(settings.log_level, logging.INFO))


async def run(settings: Settings, **bot_options: Any) -> None:
    """Run the bot until it is closed; ``bot_options`` go to ``AlcazarBot`` (a clock, in tests)."""
    from bot.discord import AlcazarBot

    async with AlcazarBot(settings, **bot_options) as bot:
        await bot.start(settings.discord_token)


def main() -> int:
    """Start the bot; exit with a short explanation when it cannot start."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    configure_logging(settings)
    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    except Exception as error:  # a bad token, no network: say what happened in one line
        import discord

        if isinstance(error, discord.LoginFailure):
            print("Discord refused the token in DISCORD_TOKEN. Copy it again from the developer portal "
                  "(Bot -> Reset Token).", file=sys.stderr)
            return 2
        if isinstance(error, discord.PrivilegedIntentsRequired):
            print("Discord refused the connection over intents; the bot needs none of the privileged ones.",
                  file=sys.stderr)
            return 2
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
