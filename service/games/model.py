"""The vocabulary of the game application layer: who asks (``Viewer``), a loaded game
(``Loaded``), tokens and seed commitments, and the conversions between stored events, domain
events and the answers' event bodies. Nothing here does I/O.

Every game is driven through its :class:`~domain.lifecycle.Match` (the game's rules plus the
kernel's lifecycle: clocks, resignations, abandonment, the event cap), so a loaded game's
state is a ``MatchState`` and its events may be ``game.*`` events."""

from __future__ import annotations

import hashlib
import time
import uuid
from dataclasses import dataclass
from typing import Any

import msgspec

from domain._kernel import Setup
from domain.lifecycle import MATCHES, Match, Terms
from service.games import schemas as s
from service.store.chain import StoredEvent, Stream, canonical
from service.support.errors import ApiError


def now_ms() -> int:
    """The time a decision is taken at, as the domain takes it (ms since the epoch, UTC)."""
    return int(time.time() * 1000)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seed_commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass(frozen=True)
class Viewer:
    """Who is asking: a seat of one game, the organiser (admin), or nobody (spectator).

    A registered player's token is resolved per game (service/players): ``player_id`` is
    set, and ``game_id``/``seat`` are the seat the player holds in the game asked about, or
    None (the player watches that game as a spectator)."""

    game_id: uuid.UUID | None = None
    seat: int | None = None
    admin: bool = False
    player_id: uuid.UUID | None = None

    def seat_in(self, game_id: uuid.UUID) -> int | None:
        if self.game_id is None:
            return None
        if self.game_id != game_id:
            raise ApiError(403, "token_for_another_game", "this token belongs to another game")
        return self.seat


class Loaded(msgspec.Struct, frozen=True):
    """A game as of ``stream.version``: its stream row, rules, setup, folded state and the
    hash of its last event (what the next append chains to)."""

    stream: Stream
    spec: Match
    setup: Setup
    state: Any
    last_hash: str

    @property
    def version(self) -> int:
        return self.stream.version


def spec_for(slug: str) -> Match:
    spec = MATCHES.get(slug)
    if spec is None:
        raise ApiError(422, "unknown_game", f"no game '{slug}'; see GET /games/types")
    return spec


def setup_of(spec: Match, stream_setup: dict[str, Any], rules_version: str) -> Setup:
    """The set-up of a stored game: players, options and its terms (clock, event cap; none
    for games created before them), under the rules version stored with it (a game keeps the
    rules it was created under; see ``GameSpec.older_rules_versions``)."""
    options = msgspec.convert(stream_setup.get("options") or {}, spec.options_type)
    terms = stream_setup.get("terms")
    return Setup(
        players=stream_setup["players"],
        options=options,
        rules_version=rules_version,
        terms=msgspec.convert(terms, Terms) if terms is not None else None,
    )


def decode_event(spec: Match, stored: StoredEvent) -> Any:
    return msgspec.convert(stored.data, spec.event_type)


def encode_event(event: Any) -> bytes:
    # String keys: a mapping keyed by numbers would sort as numbers here and as strings once
    # decoded, and the chain's hash is taken over these bytes (service/store/chain.py).
    return canonical(msgspec.to_builtins(event, str_keys=True))


def status_of(spec: Match, state: Any) -> str:
    return "finished" if spec.is_over(state) else "active"


def legal_now(spec: Match, state: Any, seat: int) -> list[Any]:
    """The seat's legal commands, none when it may not act."""
    return spec.legal_commands(state, seat)


def seat_required(viewer: Viewer, game_id: uuid.UUID) -> int:
    seat = viewer.seat_in(game_id)
    if seat is None and viewer.player_id is not None:
        raise ApiError(
            403, "player_not_seated", "the player holds no seat in this game", game_id=str(game_id)
        )
    if seat is None:
        raise ApiError(
            401,
            "seat_token_required",
            "send the seat's bearer token",
            {"WWW-Authenticate": "Bearer"},
        )
    return seat


def event_out(
    spec: Match, stored: StoredEvent, event: Any, viewer_seat: int | None, finished: bool
) -> s.EventOut:
    shown = event if finished else spec.redact(event, viewer_seat)
    return s.EventOut(
        version=stored.version,
        type=stored.type,
        data=shown,
        seat=stored.metadata.get("seat"),
        recorded_at=stored.recorded_at,
        hash=stored.hash,
        played_by=played_by(stored.metadata),
    )


def played_by(metadata: dict[str, Any]) -> s.PlayedBy | None:
    """The bot named in an event's metadata, if any: a bot seat's (service/clocks/bots.py)
    or the kernel's auto-play of a timed-out or zombie seat (no level; commands.py)."""
    bot = metadata.get("bot")
    if not bot:
        return None
    return s.PlayedBy(policy=bot["policy"], level=bot.get("level"), version=bot["version"])
