"""The database schema as numbered migrations, tracked by ``PRAGMA user_version``.

Migration *n* brings a database from ``user_version`` n-1 to n. Each runs in
its own transaction together with the new ``user_version``, so a database is
never left between two versions. Append new migrations; never edit a shipped one.

Migrations are written in SQLite's dialect; ``bot.store.postgres`` runs the
same list on PostgreSQL after ``postgres_ddl`` maps the types (64-bit
integers, double precision times, identity keys). Keep to plain SQL
(``CREATE TABLE``/``INDEX``, ``ALTER TABLE … ADD COLUMN``, ``INSERT … SELECT``,
``DROP TABLE``) so both can run it.
"""
from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[str, ...] = (
    # 1: games, their players, the move log, snapshots, results, reminders,
    #    muted games and undo requests.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,           -- a channel or a thread
        kind        TEXT    NOT NULL,           -- engine name: alcazar, alcazar1978
        status      TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        host_id     INTEGER NOT NULL,
        settings    TEXT    NOT NULL,           -- JSON
        seed        INTEGER NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0, -- bumped by every change of the board
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL,
        turn_seat   INTEGER,                    -- the seat to act, NULL unless active
        turn_since  REAL                        -- when that turn began
    );
    -- One live game (lobby or active) per channel or thread.
    CREATE UNIQUE INDEX games_live_in_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);

    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id   INTEGER NOT NULL,
        joined_at REAL    NOT NULL,
        seat      INTEGER,                      -- NULL until the game starts
        resigned  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id),
        UNIQUE (game_id, seat)
    ) WITHOUT ROWID;
    CREATE INDEX seats_by_user ON seats (user_id);

    -- Append-only: an undo marks lines as undone instead of deleting them.
    CREATE TABLE moves (
        id        INTEGER PRIMARY KEY,
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply       INTEGER NOT NULL,
        seat      INTEGER NOT NULL,
        kind      TEXT    NOT NULL CHECK (kind IN ('move', 'skip', 'retire')),
        notation  TEXT    NOT NULL,
        words     TEXT    NOT NULL,
        forced    INTEGER NOT NULL DEFAULT 0,
        played_at REAL    NOT NULL,
        undone_at REAL
    );
    CREATE UNIQUE INDEX moves_live_ply ON moves (game_id, ply) WHERE undone_at IS NULL;

    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        ply     INTEGER NOT NULL,
        state   TEXT    NOT NULL                -- compact JSON of the engine state
    );

    CREATE TABLE results (
        game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        winners     TEXT    NOT NULL,           -- JSON list of seats
        reason      TEXT    NOT NULL,
        outcome     TEXT    NOT NULL,           -- JSON Outcome.to_dict()
        finished_at REAL    NOT NULL
    );

    -- Reminders sent for the turn that began at games.version = version; a row
    -- of an older version is a past turn and counts as nothing sent.
    CREATE TABLE reminders (
        game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        version      INTEGER NOT NULL,
        sent         INTEGER NOT NULL,
        last_sent_at REAL    NOT NULL
    );

    CREATE TABLE muted_games (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) WITHOUT ROWID;

    -- A request made at an older version than the game's is void.
    CREATE TABLE undo_requests (
        game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        requester_id INTEGER NOT NULL,
        version      INTEGER NOT NULL,
        requested_at REAL    NOT NULL,
        approved_by  TEXT    NOT NULL           -- JSON list of user ids
    );
    """,
    # 2: offers of a draw by agreement (Alcazar 1978).
    """
    -- An offer made at an older version than the game's is void.
    CREATE TABLE draw_offers (
        game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        offered_by INTEGER NOT NULL,
        version    INTEGER NOT NULL,
        offered_at REAL    NOT NULL
    );
    """,
    # 3: players already told in a game's channel that the bot cannot DM them (said once per game).
    """
    CREATE TABLE dm_closed_notes (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  INTEGER NOT NULL,
        noted_at REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) WITHOUT ROWID;
    """,
    # 4: the bot's own messages that it edits later instead of posting anew: a game's lobby,
    #    its newest board, each player's hand DM and an open question to the table.
    """
    CREATE TABLE posted_messages (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        role       TEXT    NOT NULL
                   CHECK (role IN ('lobby', 'board', 'hand', 'question')),
        user_id    INTEGER NOT NULL DEFAULT 0,  -- a hand's owner; 0 for channel messages
        channel_id INTEGER NOT NULL,            -- a channel, a thread or a DM channel
        message_id INTEGER NOT NULL,
        version    INTEGER NOT NULL,            -- the game version the message shows
        detail     TEXT    NOT NULL DEFAULT '', -- JSON: what the message showed (a hand's cards)
        PRIMARY KEY (game_id, role, user_id)
    ) WITHOUT ROWID;
    """,
    # 5: computer players. A move the stand-in played for an absent player is marked in
    #    the log (and a seat it took over on a resignation has seats.resigned = 2); a
    #    computer's turn is claimed (game and version) by the one process that
    #    thinks about it, for a lease, so it is played once and resumed after a crash.
    """
    ALTER TABLE moves ADD COLUMN by_stand_in INTEGER NOT NULL DEFAULT 0;

    CREATE TABLE computer_claims (
        game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,            -- the turn (game version) being thought about
        claimed_at REAL    NOT NULL
    );
    """,
    # 6: each user's language at their last interaction, for the DMs the bot sends them unasked.
    """
    CREATE TABLE user_languages (
        user_id  INTEGER PRIMARY KEY,
        language TEXT    NOT NULL,
        seen_at  REAL    NOT NULL
    );
    """,
    # 7: claims on scheduled work (reminders, deadlines) by the bot processes sharing the database.
    """
    CREATE TABLE claims (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        task        TEXT    NOT NULL,           -- 'reminder' or 'deadline'
        version     INTEGER NOT NULL,           -- the turn: the game's version when it began
        number      INTEGER NOT NULL,           -- the reminder's number in the turn; 0 for a deadline
        owner       TEXT    NOT NULL,           -- the process that claimed it
        lease_until REAL    NOT NULL,           -- after this, an undone claim may be taken again
        done_at     REAL,
        PRIMARY KEY (game_id, task)
    ) WITHOUT ROWID;
    """,
    # 8: what a player keeps across games: ratings and their history, times away and
    #    quiet hours (the newest board of a game, for links to it, is in posted_messages).
    """
    -- One rating per player, server and game kind (openskill: mu and sigma).
    CREATE TABLE ratings (
        guild_id   INTEGER NOT NULL,
        kind       TEXT    NOT NULL,
        user_id    INTEGER NOT NULL,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL,
        games      INTEGER NOT NULL,
        updated_at REAL    NOT NULL,
        PRIMARY KEY (guild_id, kind, user_id)
    ) WITHOUT ROWID;

    -- Each rated game's change for each of its players, written with the result.
    CREATE TABLE rating_changes (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id      INTEGER NOT NULL,
        guild_id     INTEGER NOT NULL,
        kind         TEXT    NOT NULL,
        place        INTEGER NOT NULL,          -- 1 for the winner(s); equal places tie
        mu_before    REAL    NOT NULL,
        sigma_before REAL    NOT NULL,
        mu_after     REAL    NOT NULL,
        sigma_after  REAL    NOT NULL,
        rated_at     REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, kind, user_id, rated_at);

    -- Periods a player is away (deadlines paused, no reminders); an early return
    -- shortens ends_at. Kept for the yearly limit.
    CREATE TABLE away_periods (
        id         INTEGER PRIMARY KEY,
        user_id    INTEGER NOT NULL,
        starts_at  REAL    NOT NULL,
        ends_at    REAL    NOT NULL
    );
    CREATE INDEX away_periods_by_user ON away_periods (user_id, ends_at);

    -- Hours of a player's day when reminders wait (local time of the zone).
    CREATE TABLE quiet_hours (
        user_id    INTEGER PRIMARY KEY,
        time_zone  TEXT    NOT NULL,            -- an IANA name, e.g. Europe/Budapest
        start_hour INTEGER NOT NULL CHECK (start_hour BETWEEN 0 AND 23),
        end_hour   INTEGER NOT NULL CHECK (end_hour BETWEEN 0 AND 23)
    );
    """,
    # 9: undo requests and draw offers become one question to the table, at most one open
    #    per game. Only the current ones are carried over (a game with both keeps its undo
    #    request). A request or offer of an older version than its game's is void, yet the
    #    old tables kept it; carried over, a void undo request took the game's one place and
    #    hid a current draw offer. Fixed in place, as a shipped migration is not otherwise
    #    edited: a database that ran the first wording lost only that offer, which no later
    #    migration could bring back, and one still at schema 8 now keeps it.
    """
    CREATE TABLE questions (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        question  TEXT    NOT NULL CHECK (question IN ('undo', 'draw')),
        asked_by  INTEGER NOT NULL,
        version   INTEGER NOT NULL,           -- void once the game has moved past this version
        asked_at  REAL    NOT NULL,
        agreed_by TEXT    NOT NULL DEFAULT '[]',  -- JSON list of the user ids who said yes
        PRIMARY KEY (game_id)
    );
    INSERT INTO questions (game_id, question, asked_by, version, asked_at, agreed_by)
        SELECT u.game_id, 'undo', u.requester_id, u.version, u.requested_at, u.approved_by
        FROM undo_requests u JOIN games g ON g.id = u.game_id AND g.version = u.version;
    INSERT INTO questions (game_id, question, asked_by, version, asked_at)
        SELECT d.game_id, 'draw', d.offered_by, d.version, d.offered_at
        FROM draw_offers d JOIN games g ON g.id = d.game_id AND g.version = d.version
        WHERE d.game_id NOT IN (SELECT game_id FROM questions);
    DROP TABLE undo_requests;
    DROP TABLE draw_offers;
    """,
    # 10: a computer's turn is claimed like other scheduled work, as task 'computer' in claims
    #     (one mechanism, with the same lease and the process named); running claims carry over.
    #     Only claims that can still matter: the turn of a game still in play. Fixed in place
    #     like 9: a claim on a past turn or an ended game only sat there, so a database that
    #     carried one over has nothing wrong to mend.
    """
    INSERT INTO claims (game_id, task, version, number, owner, lease_until, done_at)
        SELECT c.game_id, 'computer', c.version, 0, 'before migration 10', c.claimed_at + 120, NULL
        FROM computer_claims c
        JOIN games g ON g.id = c.game_id AND g.version = c.version AND g.status = 'active';
    DROP TABLE computer_claims;
    """,
    # 11: tournaments and leagues the bot runs: their settings, entrants, rounds, and which game
    #     is played at which table of which round. A tournament's row version guards every change
    #     (pairing a round among them), so several processes never pair one round twice.
    """
    CREATE TABLE tournaments (
        id           INTEGER PRIMARY KEY,
        guild_id     INTEGER NOT NULL,
        channel_id   INTEGER NOT NULL,            -- where it was announced; its games' threads hang here
        game         TEXT    NOT NULL,            -- engine name: alcazar, alcazar1978
        format       TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin')),
        rounds       INTEGER NOT NULL,            -- Swiss: as set; a league: its schedule's length once started
        table_size   INTEGER NOT NULL,
        double_round INTEGER NOT NULL DEFAULT 0,  -- a league played twice, once with each colour (1978)
        clock        TEXT    NOT NULL DEFAULT '{}',  -- JSON: the game settings each of its games gets
        host_id      INTEGER NOT NULL,
        status       TEXT    NOT NULL
                     CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        seed         INTEGER NOT NULL,
        version      INTEGER NOT NULL DEFAULT 0,
        signup_message INTEGER,                   -- the sign-up message the bot edits, once posted
        created_at   REAL    NOT NULL,
        started_at   REAL,
        ended_at     REAL
    );
    -- One tournament signing up or running per channel.
    CREATE UNIQUE INDEX tournaments_live_in_channel
        ON tournaments (channel_id) WHERE status IN ('signup', 'running');

    CREATE TABLE tournament_entrants (
        tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id        INTEGER NOT NULL,
        entry          INTEGER NOT NULL,          -- joining order, from 1
        joined_at      REAL    NOT NULL,
        rating         INTEGER,                   -- the rating before the tournament, set at its start
        withdrawn_at   REAL,
        withdrawn_why  TEXT CHECK (withdrawn_why IN ('withdrew', 'lost_on_time')),
        losses_on_time INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, user_id)
    ) WITHOUT ROWID;

    CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        number        INTEGER NOT NULL,
        bye           INTEGER,                    -- the player with the bye, if any
        paired_at     REAL    NOT NULL,
        ended_at      REAL,
        PRIMARY KEY (tournament_id, number)
    ) WITHOUT ROWID;

    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        number        INTEGER NOT NULL,           -- the table's place in its round, from 0
        seats         TEXT    NOT NULL,           -- JSON list of user ids in seat order
        game_id       INTEGER REFERENCES games (id),  -- NULL until its game is opened
        result        TEXT,                       -- JSON bot.tournament Result, once its game ended
        PRIMARY KEY (tournament_id, round, number)
    );
    CREATE UNIQUE INDEX tournament_tables_by_game ON tournament_tables (game_id);
    """,
    # 12: time banks. One row per ended turn: how long it took (time away taken off when counted) and, with a
    #     time bank, what the seat had left after it, the increment added. A seat's bank is that of
    #     its newest row (none yet: the full bank); an undo deletes the rows of the plies it takes
    #     back, so their cost is given back. And who lost a game on time (a bank run out or, in
    #     Alcazar 1978, a missed deadline), for the players' records.
    """
    CREATE TABLE turn_times (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,              -- the log line that ended the turn
        seat     INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        used     REAL    NOT NULL,              -- seconds of the turn, time away included (taken off when counted)
        bank     REAL,                          -- seconds left after it; NULL without a time bank
        ended_at REAL    NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX turn_times_by_user ON turn_times (user_id);
    CREATE TABLE out_of_time (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        at      REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 13: each user's DM channel with the bot, learnt from the first DM: a reminder then
    #     costs one request (the message), not two (opening the channel first).
    """
    CREATE TABLE dm_channels (
        user_id    INTEGER NOT NULL,        -- a Discord id, not a row number
        channel_id INTEGER NOT NULL,
        PRIMARY KEY (user_id)
    );
    """,
    # 14: the web board. The key its links and sessions are signed with, made by the first process
    #     that needs it (insert if missing, then read: processes racing to make it agree on one),
    #     and when each user last ended all their links: a link or session issued until then is void.
    """
    CREATE TABLE web_keys (
        name       TEXT NOT NULL,           -- what the key signs: 'board'
        secret     TEXT NOT NULL,           -- hex of random bytes; never leaves the database and the bot
        created_at REAL NOT NULL,
        PRIMARY KEY (name)
    );
    CREATE TABLE web_links_ended (
        user_id  INTEGER NOT NULL,          -- a Discord id, not a row number
        ended_at REAL    NOT NULL,          -- links and sessions issued at or before it are void
        PRIMARY KEY (user_id)
    );
    """,
    # 15: the board as a Discord Activity. Discord's launch of an Activity carries no payload, so the
    #     bot keeps which game a user's Open board meant, per user and channel (a newer launch
    #     replaces it); the page opening inside Discord moments later, in any process, reads it.
    """
    CREATE TABLE activity_launches (
        user_id     INTEGER NOT NULL,       -- Discord ids, not row numbers
        channel_id  INTEGER NOT NULL,
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        launched_at REAL    NOT NULL,
        PRIMARY KEY (user_id, channel_id)
    );
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The database was written by a newer version of the bot."""


def apply_migrations(conn: sqlite3.Connection) -> int:
    """Bring the database up to ``SCHEMA_VERSION``; return the version it had before.

    Runs on a plain ``sqlite3`` connection in autocommit mode (isolation_level None).
    """
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"the database has schema version {found}, this bot knows up to {SCHEMA_VERSION}"
        )
    for number in range(found + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in split_statements(MIGRATIONS[number - 1]):
                conn.execute(statement)
            # PRAGMA takes no parameters; number is an int from our own range.
            conn.execute(f"PRAGMA user_version = {int(number)}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return found


def split_statements(script: str) -> list[str]:
    """Split a migration into statements (``executescript`` would commit on its own)."""
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        statements.append(pending.strip())
    return [s for s in statements if _has_sql(s)]


def _has_sql(statement: str) -> bool:
    return any(line.strip() and not line.strip().startswith("--") for line in statement.splitlines())
