"""Wording shown to users that does not depend on a game: help, and Discord's limits."""
from __future__ import annotations

import discord

#: Discord's limits (https://discord.com/developers/docs/resources/message).
CONTENT_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_FIELD_VALUE_LIMIT = 1024
OPTIONS_LIMIT = 25
CHOICE_NAME_LIMIT = 100
CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
SELECT_TEXT_LIMIT = 100

COLOUR = discord.Colour(0xB5562B)   # terracotta, like the walls of an alcázar


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


HELP_COMMANDS = [
    ("/alcazar new", "Open a game in this channel (Alcazar or Alcazar 1978). Friends join with the button."),
    ("/alcazar join · leave · start · cancel", "The lobby's buttons, as commands."),
    ("Add computer", "The host seats a computer player (easy, normal or hard); or `/alcazar new computers:2`. "
                     "Play alone against computers, or fill a table."),
    ("/alcazar move", "Play your move: start typing and pick one of your legal moves, or type it in notation."),
    ("Take my turn", "The button under the board: choose your move step by step."),
    ("/alcazar hand", "Your secret hand, money and nobles, and what you can do now (only you see it)."),
    ("/alcazar board", "The current board and whose turn it is, for you alone; `for_table` posts it here "
                       "without pinging anyone."),
    ("/alcazar history", "The last moves in words."),
    ("/alcazar undo", "Ask the other players to take back your last move."),
    ("/alcazar draw", "Alcazar (1978): offer your opponent a draw; they accept or decline with a button."),
    ("/alcazar resign", "Leave the game (in Alcazar the others play on)."),
    ("/alcazar settings", "Host only: reminders, the turn deadline, a computer standing in for late or "
                          "resigning players, and (1978, before the start) the threefold repetition house rule."),
    ("/alcazar rules", "A short summary of the rules of the game in this channel."),
]


def help_embed() -> discord.Embed:
    """The answer to ``/alcazar help``."""
    embed = discord.Embed(
        title="Alcazar: how to play here",
        colour=COLOUR,
        description=(
            "Play **Alcazar** (2009, 2–5 players, build castles with a secret hand of cards) or "
            "**Alcazar (1978)** (2 players, pawns and turning walls) at your own pace. One game per "
            "channel or thread; after every move I post the board and ping only the player to act. "
            "Your hand is only ever shown to you: in one DM that I keep up to date, or with `/alcazar hand`."
        ),
    )
    for name, what in HELP_COMMANDS:
        embed.add_field(name=name, value=what, inline=False)
    embed.set_footer(text="Tip: moves can also be typed, e.g. `castle 8 7-9 + grande 8` or `a4-b4`.")
    return embed


# ----- a quiet table: results, standings under the board, the hand DM, questions -------------
# Plain templates; every {name} is filled in by the module named in the comment.

# standings.py
RESULT_DRAW = "The game is over: a draw between {players}."
RESULT_WINNER = "The game is over: {winner} wins!"
RESULT_SHARED_WIN = "The game is over: {winners} share the win!"
RESULT_WELL_PLAYED = "Well played, {losers}."
TIE_SHARED = "{players} have {points} points and the same money left over ({money}): they share the win."
TIE_BROKEN = "{players} have {points} points; {winner} wins on money left over: {money} Real to {others}."
SCORE_RESIGNED = ", resigned"
STANDING = "So far: {players}"
POINTS = "{count} point"
POINTS_PLURAL = "{count} points"
AND = " and "

# hands.py
HAND_TITLE = "**Your hand in {title}** (game in {channel})"
HAND_LAST_CHANGE = "Last change: {change}"
HAND_CARDS = "Cards: {cards}"
HAND_NO_CARDS = "none"
HAND_MONEY = "Money: {money} · Grandes: {grandes} · Barons: {barons}"
HAND_TOWERS = " · Tower cards: {towers}"
HAND_STARTING = "Your starting hand."
HAND_DREW = "You drew {cards}"
HAND_PLAYED = "you played {cards}"
HAND_MONEY_CHANGE = "money {change}"
HAND_UNCHANGED = "Nothing changed."

# announce.py
TURN_BY_DM = ("It is your turn in {title} in {channel}. I could not post the board there just now; "
              "`/alcazar board` shows it.")
QUESTION_LAPSED = "This question lapsed: the game moved on."

# votes.py
UNDO_QUESTION = ("{asker} asks to take back their last move. {answerers}, do you agree? "
                 "Everyone must approve; any move cancels the request.")
UNDO_APPROVED = "{voter} approved: the last move was taken back."
UNDO_DECLINED = "{voter} declined: the move stands."
UNDO_HEADLINE = "The last move was taken back."
DRAW_QUESTION = "{asker} offers a draw. {answerers}, do you accept? Any move cancels the offer."
DRAW_ACCEPTED = "{voter} accepted the draw."
DRAW_DECLINED = "{voter} declined the draw: play on."
QUESTION_ASKED = "Asked. The answer will show in the channel."
STILL_WAITING = "You approved. Still waiting for {waiting}."

# turns.py: what a player can do, in words
CAN_DO = "It is your turn: you can {choices}. Use the Take my turn button under the board, or `/alcazar move`."
WHOSE_TURN = "It is {player}'s turn."
CAN_BUILD = "build with {count} card ({cards})"
CAN_BUILD_PLURAL = "build with {count} cards ({cards})"
CAN_TOWER = "play a tower card"
CAN_BRIDGE = "build a bridge"
CAN_BUY = "buy a card"
CAN_ONLY_PASS = "only pass"
CAN_WITHDRAW_FIRST = "withdraw one of your nobles first if you like, then {choices}"
CAN_MOVE_PAWN = "move your pawn"
CAN_TURN_WALL = "turn a wall"
OR = ", or "
BOARD_POSTED = "I posted the board for the table."
