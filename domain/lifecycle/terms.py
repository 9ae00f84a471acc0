"""What a game is played under besides its rules, fixed when it is created: the clock and
the event cap. Times are integer milliseconds since the Unix epoch (UTC): the domain has no
clock of its own, times arrive as data with each decision."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain._kernel import DomainError

OnTimeout = Literal["auto_play", "forfeit"]

MAX_TURN_MS = 30 * 24 * 3600 * 1000
"""A month: longer turns are a mistake, not a clock."""


class Clock(msgspec.Struct, frozen=True, kw_only=True):
    """Per decision, a seat has ``turn_ms``; once that is gone it spends its ``bank_ms``
    (a reserve per seat for the whole game, never refilled); when both are spent, the
    clock may time the seat out and ``on_timeout`` says what follows: a deterministic bot
    decides for the seat (``auto_play``; after ``zombie_after`` timeouts in a row the seat is
    a zombie, auto-played at once until it rejoins) or the seat loses (``forfeit``).

    Stored in events (a tournament's config) and metadata (a game's terms): unknown fields
    are tolerated on decode, like every event's."""

    turn_ms: int
    bank_ms: int = 0
    on_timeout: OnTimeout = "auto_play"
    zombie_after: int = 3


AUTO_PLAY_POLICIES = ("random", "greedy")
"""Policies of ``domain.bots`` that may play a timed-out or zombie seat: cheap ones, since
the kernel decides them inline (``mcts`` is a bot seat's, thought off the event loop)."""

AUTO_PLAY_COMMANDS = 24
"""New games' cap on the commands the auto-play policy values for one decision (greedy applies
and scores each): the kernel decides it inline, in the request or the clock's tick, with no
clock to stop it, and one ply of a wide Castles choice valued all 60-odd commands in 0.3-0.8 s.
Drawn from the seed, so the audit re-decides the same move (bench.auto_play measures it)."""

AUTO_PLAY_BATCH = 8
"""New games' cap on the zombie decisions auto-played after one decision: with every seat a
zombie the rest of a game played itself in one batch, 0.3-2.3 s of one worker's loop
(bench.auto_play). A clocked game's zombie left to act is due at once: the clock's next tick
plays on, under its creator's timeout budget."""

MAX_AUTO_PLAY_COMMANDS = 1000


class Terms(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """``clock`` (none: no deadlines), ``started_ms`` (creation time: the first decisions'
    start), ``max_events`` (the cap on the stream's length; 0 for games created before
    caps, which replay as they were) and ``auto_play``: the ``domain.bots`` policy that plays
    a timed-out or zombie seat from its view. Empty for games created before auto-play
    policies (lifecycle terms version 1): they keep the uniform random pick they were played
    with, so they replay and audit as they were. ``auto_play_commands``: at most that many
    commands valued per auto-played decision (``AUTO_PLAY_COMMANDS`` for new games) and
    ``auto_play_batch``: in a clocked game, at most that many zombie decisions after one
    decision, the next zombie to act being due at once (``AUTO_PLAY_BATCH``). Both 0 for games
    created before the caps (terms version 2): they play and replay as they did."""

    clock: Clock | None = None
    started_ms: int = 0
    max_events: int = 0
    auto_play: str = ""
    auto_play_commands: int = 0
    auto_play_batch: int = 0


def check_terms(terms: Terms) -> None:
    """Refuse terms no game can be played under (the service's body schema already bounds
    them; stored records are checked again here)."""
    clock = terms.clock
    if clock is not None:
        if not 1 <= clock.turn_ms <= MAX_TURN_MS:
            raise DomainError(
                "game/invalid_clock", "turn time must be positive and at most 30 days"
            )
        if not 0 <= clock.bank_ms <= MAX_TURN_MS:
            raise DomainError("game/invalid_clock", "bank time must be between 0 and 30 days")
        if clock.on_timeout not in ("auto_play", "forfeit"):
            raise DomainError("game/invalid_clock", "on_timeout is 'auto_play' or 'forfeit'")
        if not 1 <= clock.zombie_after <= 1000:
            raise DomainError("game/invalid_clock", "zombie_after must be between 1 and 1000")
    if terms.auto_play and terms.auto_play not in AUTO_PLAY_POLICIES:
        raise DomainError(
            "game/invalid_terms", f"auto_play is one of {', '.join(AUTO_PLAY_POLICIES)}"
        )
    if not 0 <= terms.auto_play_commands <= MAX_AUTO_PLAY_COMMANDS:
        raise DomainError(
            "game/invalid_terms",
            f"auto_play_commands must be between 0 and {MAX_AUTO_PLAY_COMMANDS}",
        )
    if not 0 <= terms.auto_play_batch <= MAX_AUTO_PLAY_COMMANDS:
        raise DomainError(
            "game/invalid_terms",
            f"auto_play_batch must be between 0 and {MAX_AUTO_PLAY_COMMANDS}",
        )
    if terms.max_events < 0:
        raise DomainError("game/invalid_terms", "max_events cannot be negative")
