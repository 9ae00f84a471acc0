"""Creating games: a new game's stream, secret seed, seats (their tokens hashed) and set-up
events in one statement, with the terms it is played under (its clock and event cap), which
the first event's metadata records so that a record carries them, hashed. A mixin of
``GameCommands`` (service/games/commands.py): creation shares its repository and settings."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from typing import Any

import msgspec
from psycopg import AsyncConnection

from domain._kernel import DomainError, Rng, fold
from domain.lifecycle import Clock, Terms
from domain.lifecycle.terms import AUTO_PLAY_BATCH, AUTO_PLAY_COMMANDS
from service.games import schemas as s
from service.games.bots import bot_entry, bot_name
from service.games.clocked import ClockLimits
from service.games.model import (
    Loaded,
    encode_event,
    now_ms,
    seed_commitment,
    spec_for,
    status_of,
    token_hash,
)
from service.games.repository import GameRepository
from service.store.chain import NewEvent, StoredEvent, Stream, commits_on_its_own
from service.support.errors import ApiError
from service.support.ids import new_command_id

AUTO_PLAY_DEFAULT = "greedy"
"""The policy that plays a new game's timed-out and zombie seats unless its clock names one."""
MAX_GAME_EVENTS = 10_000
"""The hard cap on a game's events (``GAMESTATE_MAX_GAME_EVENTS``); each game's own cap
(``GameSpec.max_events``) applies when lower. Recorded in the game's terms at creation."""


class GameCreation:
    repo: GameRepository
    max_game_events: int
    clock_limits: ClockLimits = ClockLimits()
    """Limits on clocked games (service/games/clocked.py); the app's settings replace them."""
    committed_hooks: list[Callable[[uuid.UUID, Loaded], None]]

    def _committed(self, game_id: uuid.UUID, loaded: Loaded) -> None:
        for hook in self.committed_hooks:
            hook(game_id, loaded)

    async def created(self, conn: AsyncConnection, game_id: uuid.UUID) -> None:
        """A game created inside a caller's transaction has committed: tell the committed
        hooks (its first deadline), as a game created on its own does at once."""
        if self.committed_hooks:
            self._committed(game_id, await self.repo.load(conn, game_id))

    async def create(
        self,
        conn: AsyncConnection,
        request: Any,
        *,
        link: dict[str, Any] | None = None,
        players: dict[int, tuple[uuid.UUID, str]] | None = None,
        creator: str | None = None,
    ) -> s.GameCreated:
        """Create a game from a ``CreateXGame`` body. ``link`` (e.g. the tournament table a
        game belongs to) is kept in the stored setup and handed to the finished hooks.
        ``players``: seat -> (player id, name) of the seats the body gives to registered
        players by ``player_id``, checked by the caller (service/players/seating.py).
        ``creator``: the owner key of a clocked game's creator (service/games/clocked.py),
        whose limits the caller checked."""
        if has_open_seats(request):
            raise ApiError(422, "game/open_seats", "a game with open seats is created by the lobby")
        players = players or {}
        spec = spec_for(type(request).__struct_config__.tag)
        bots = bot_seats(spec, request.seats)
        for i, seat in enumerate(request.seats):
            if i in bots:
                continue
            if (seat.name is None) == (seat.player_id is None) or (
                seat.player_id is not None and players.get(i, (None,))[0] != seat.player_id
            ):
                raise ApiError(
                    422, "seat_name_or_player", f"seat {i}: give either a name or a player_id"
                )
        options = request.options if request.options is not None else spec.options_type()
        seed = request.seed or secrets.token_hex(32)
        terms = self.terms_for(spec.max_events, getattr(request, "clock", None))
        try:
            setup = spec.new_setup(len(request.seats), options, terms=terms)
            events = spec.start(setup, Rng(seed, 0))
        except DomainError as exc:
            raise ApiError(422, exc.code, exc.detail) from exc
        game_id = uuid.uuid4()
        tokens: list[str | None] = [
            None if i in players else secrets.token_urlsafe(32) for i in range(len(request.seats))
        ]
        names = [
            players[i][1] if i in players else seat.name or bot_name(bots.get(i, {}))
            for i, seat in enumerate(request.seats)
        ]
        state = fold(spec, setup, events)
        stored_setup = {
            "players": setup.players,
            "options": msgspec.to_builtins(options),
            "terms": msgspec.to_builtins(terms),
            **({"link": link} if link else {}),
            # Only a practice game says so: every game before ratings existed is rateable.
            **({"rated": False} if getattr(request, "rated", None) is False else {}),
            **({"creator": creator} if creator and terms.clock is not None else {}),
            # Its presence is what the bot_turns trigger tests (migration 0014).
            **({"bots": {str(i): entry for i, entry in bots.items()}} if bots else {}),
        }
        stream = Stream(
            id=game_id,
            kind="game",
            game=spec.slug,
            rules_version=spec.rules_version,
            setup=stored_setup,
            version=0,
            status=status_of(spec, state),
            seed_commitment=seed_commitment(seed),
            result=None,
            created_at=None,
            updated_at=None,
        )
        stored = await self._start(conn, stream, seed, names, tokens, players, events, terms)
        # The stream row as stored: both timestamps are the transaction's now(), as is every
        # event's recorded_at.
        stream = msgspec.structs.replace(
            stream,
            version=stored[-1].version,
            created_at=stored[-1].recorded_at,
            updated_at=stored[-1].recorded_at,
        )
        if commits_on_its_own(conn):
            # Committed (not part of a caller's transaction, which may still roll back): the
            # game is hot from the start, its first command and view need no database read.
            loaded = Loaded(stream, spec, setup, state, stored[-1].hash)
            held = [players.get(i, (None,))[0] for i in range(len(names))]
            self.repo.remember(loaded, seed, names, held)
            self._committed(game_id, loaded)
        return s.GameCreated(
            id=game_id,
            game=spec.slug,
            rules_version=spec.rules_version,
            version=stream.version,
            seats=[
                s.SeatCredential(
                    seat=i,
                    name=name,
                    # A bot seat's token is never handed out: the service plays it.
                    token="" if i in bots else token or "",
                    player_id=players.get(i, (None,))[0],
                    bot=bots[i]["policy"] if i in bots else None,
                    level=bots[i]["level"] if i in bots else None,
                )
                for i, (name, token) in enumerate(zip(names, tokens, strict=True))
            ],
            seed_commitment=stream.seed_commitment,
        )

    def terms_for(self, game_cap: int, clock: s.ClockRequest | None) -> Terms:
        """A new game's terms: its clock (seconds on the wire, ms in the domain), the time it
        starts, its event cap (the game's own, or the service's hard cap when lower) and its
        auto-play policy with the cap on the commands that policy values inline."""
        return Terms(
            clock=clock_from(clock),
            started_ms=now_ms(),
            max_events=min(game_cap, self.max_game_events),
            auto_play=clock.auto_play_policy if clock is not None else AUTO_PLAY_DEFAULT,
            auto_play_commands=AUTO_PLAY_COMMANDS,
            auto_play_batch=AUTO_PLAY_BATCH,
        )

    async def _start(
        self,
        conn: AsyncConnection,
        stream: Stream,
        seed: str,
        names: list[str],
        tokens: list[str | None],
        players: dict[int, tuple[uuid.UUID, str]],
        events: tuple[Any, ...],
        terms: Terms,
    ) -> list[StoredEvent]:
        """One statement: the stream, its secret, seats and set-up events, or nothing. The
        first event's metadata holds the terms, so that records carry them, hashed."""
        return await self.repo.store.start_stream(
            conn,
            stream_id=stream.id,
            kind="game",
            game=stream.game,
            rules_version=stream.rules_version,
            setup=stream.setup,
            status=stream.status,
            seed=seed,
            seed_commitment=stream.seed_commitment,
            seats=[
                (i, name, None, players[i][0])
                if token is None
                else (i, name, token_hash(token), None)
                for i, (name, token) in enumerate(zip(names, tokens, strict=True))
            ],
            events=setup_events(events, terms),
        )


def setup_events(events: tuple[Any, ...], terms: Terms) -> list[NewEvent]:
    """A game's set-up events as stored: no seat, one command id, and the first event's
    metadata holds the terms, so that records carry them, hashed."""
    command_id = new_command_id()
    metadata = [{"seat": None, "command_id": command_id, "command": None}] * len(events)
    metadata[0] = {**metadata[0], "terms": msgspec.to_builtins(terms)}
    return [
        NewEvent(type(e).__struct_config__.tag, encode_event(e), meta)
        for e, meta in zip(events, metadata, strict=True)
    ]


def bot_seats(spec: Any, seats: Any) -> dict[int, dict[str, Any]]:
    """Seat -> ``{"policy", "level"}`` of a create body's bot seats (service/games/bots.py)."""
    if isinstance(seats, int):
        return {}
    found = {}
    for i, seat in enumerate(seats):
        if seat.bot is None:
            if seat.level is not None:
                raise ApiError(422, "bot/level_without_bot", f"seat {i}: a level is a bot's")
            continue
        if seat.player_id is not None or seat.open:
            raise ApiError(
                422, "seat_name_or_player", f"seat {i}: a bot seat has no player_id and is not open"
            )
        found[i] = bot_entry(spec, seat.bot, seat.level, f"seat {i}")
    return found


def has_open_seats(request: Any) -> bool:
    """A create body with open seats (a number of seats, or a seat without a name): the
    lobby creates it (service/lobby/tables.py)."""
    seats = request.seats
    return isinstance(seats, int) or any(seat.open for seat in seats)


def clock_from(clock: s.ClockRequest | None) -> Clock | None:
    """A clock as the domain keeps it (ms), from the request's seconds."""
    if clock is None:
        return None
    if not 0 <= clock.bank_seconds <= s.MONTH:
        raise ApiError(422, "game/invalid_clock", "bank_seconds: 0 to 30 days")
    return Clock(
        turn_ms=max(1, round(clock.turn_seconds * 1000)),
        bank_ms=round(clock.bank_seconds * 1000),
        on_timeout=clock.on_timeout,
        zombie_after=clock.zombie_after,
    )


def clock_request(clock: Clock | None) -> s.ClockRequest | None:
    """The request that gives ``clock`` (a tournament's, for its tables' games)."""
    if clock is None:
        return None
    return s.ClockRequest(
        turn_seconds=clock.turn_ms / 1000,
        bank_seconds=clock.bank_ms / 1000,
        on_timeout=clock.on_timeout,
        zombie_after=clock.zombie_after,
    )
