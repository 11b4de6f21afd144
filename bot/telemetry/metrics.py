"""The bot's Prometheus metrics, in a registry of its own (several bots in one process never clash).

The service counts moves; the Discord layer counts interactions, Discord's
HTTP answers, boards posted, images, reminders and deadlines; the games by
status and the image queue are read when ``/metrics`` is asked for. The text
format is ``prometheus_client``'s (``exposition``).
"""
from __future__ import annotations

from typing import Callable, Mapping

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

#: What ``exposition`` returns, for the HTTP answer's Content-Type.
CONTENT_TYPE = CONTENT_TYPE_LATEST

# Discord allows 3 s to acknowledge an interaction; the buckets are finest below that.
ANSWER_BUCKETS = (0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
IMAGE_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.2, 0.35, 0.5, 1.0, 2.0, 5.0, 10.0)


class Metrics:
    """Every metric of one bot. ``registry`` is what ``/metrics`` shows."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.moves = Counter("alcazar_moves", "Moves played (forced passes left out), by game and by who chose them",
                             ["game", "player"], registry=registry)
        self.interaction_answer = Histogram(
            "alcazar_interaction_answer_seconds",
            "From an interaction's creation (its id's time) to the bot's first answer, the acknowledgement",
            buckets=ANSWER_BUCKETS, registry=registry)
        self.board_posted = Histogram(
            "alcazar_move_to_board_seconds", "From a move accepted by the game service to its board posted",
            buckets=ANSWER_BUCKETS, registry=registry)
        self.render = Histogram("alcazar_image_render_seconds",
                                "Drawing an image in a worker process, the wait for a free worker included",
                                ["image"], buckets=IMAGE_BUCKETS, registry=registry)
        self.reminders = Counter("alcazar_reminders_sent", "Reminders sent to the player a table waits for",
                                 registry=registry)
        self.deadlines = Counter("alcazar_deadlines_acted_on", "Missed turn deadlines acted on", registry=registry)
        self.http_responses = Counter("alcazar_discord_http_responses",
                                      "Discord's HTTP responses (429s included), by status code, method and route",
                                      ["status", "method", "route"], registry=registry)
        self.discord_requests = Counter(
            "alcazar_discord_requests", "Requests sent to Discord (retries after a 429 included), by what caused them "
            "and by bucket: Discord's global one, or exempt (interaction callbacks, webhooks)",
            ["cause", "bucket"], registry=registry)
        self.discord_rate_limited = Counter("alcazar_discord_rate_limited",
                                            "Discord's 429 answers, by what caused the request", ["cause"],
                                            registry=registry)
        # The same counts as plain numbers, for tests and benches: (cause, bucket) -> requests.
        self.requests_by_cause: dict[tuple[str, str], int] = {}
        self.rate_limited_by_cause: dict[str, int] = {}
        self.games = Gauge("alcazar_games", "Games in the database, by status", ["status"], registry=registry)
        self.image_queue = Gauge("alcazar_image_queue",
                                 "Work handed to the worker processes (images, computer moves) and not yet done",
                                 registry=registry)

    # -- counted by the game service -------------------------------------------------------
    def move_played(self, game_kind: str, *, by_computer: bool) -> None:
        self.moves.labels(game_kind, "computer" if by_computer else "human").inc()

    # -- counted by the Discord layer -------------------------------------------------------
    def interaction_answered(self, seconds: float) -> None:
        self.interaction_answer.observe(max(0.0, seconds))

    def board_posted_after(self, seconds: float) -> None:
        self.board_posted.observe(seconds)

    def image_drawn(self, image: str, seconds: float) -> None:
        self.render.labels(image).observe(seconds)

    def reminder_sent(self) -> None:
        self.reminders.inc()

    def deadline_acted_on(self) -> None:
        self.deadlines.inc()

    def http_response(self, status: int, method: str, route: str) -> None:
        self.http_responses.labels(str(status), method, route).inc()

    def request_sent(self, cause: str, bucket: str) -> None:
        """A request about to go to Discord, put down to ``cause``, in ``bucket`` (``global`` or ``exempt``)."""
        self.discord_requests.labels(cause, bucket).inc()
        self.requests_by_cause[cause, bucket] = self.requests_by_cause.get((cause, bucket), 0) + 1

    def rate_limited(self, cause: str) -> None:
        self.discord_rate_limited.labels(cause).inc()
        self.rate_limited_by_cause[cause] = self.rate_limited_by_cause.get(cause, 0) + 1

    # -- read when asked for ----------------------------------------------------------------
    def count_games(self, by_status: Mapping[str, int]) -> None:
        for status, count in by_status.items():
            self.games.labels(status).set(count)

    def queue_from(self, queued: Callable[[], float]) -> None:
        """Read the image workers' queue from ``queued`` at every scrape."""
        self.image_queue.set_function(queued)

    def exposition(self) -> bytes:
        """Every metric in Prometheus' text format (``CONTENT_TYPE``)."""
        return generate_latest(self.registry)
