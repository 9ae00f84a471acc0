"""The read side of games: the caller's view, legal commands, events, time travel and the
list. A read checks the stored version first, unless it names a version the caller already
knows (``min_version``) and this process's cache holds that version or a later one."""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from collections.abc import Callable
from typing import Any

import msgspec
from psycopg import AsyncConnection

from domain.lifecycle.clock import due
from service.games import schemas as s
from service.games.imports import import_info
from service.games.model import (
    Loaded,
    Viewer,
    decode_event,
    event_out,
    legal_now,
    seat_required,
    spec_for,
)
from service.games.repository import GameRepository
from service.games.seed_groups import exposure, group_of
from service.store.connections import Connect, reusing
from service.support import cursor
from service.support.errors import ApiError, not_found
from service.support.heavy import Lease


def legal_answer(loaded: Loaded, seat: int) -> s.LegalCommands:
    return s.LegalCommands(
        version=loaded.version,
        seat=seat,
        commands=legal_now(loaded.spec, loaded.state, seat),
        to_act=list(loaded.spec.to_act(loaded.state)),
    )


def _time(ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC)


def clock_of(state: Any) -> s.ClockState | None:
    """The clock of a game's match state, as the view shows it (None without a clock)."""
    life = state.life
    clock = life.terms.clock
    if clock is None:
        return None
    to_act = []
    for seat, seat_life in enumerate(life.seats):
        if seat_life.since_ms is None:
            continue
        since = seat_life.since_ms
        to_act.append(
            s.SeatClock(
                seat=seat,
                since=_time(since),
                turn_ends=_time(since + clock.turn_ms),
                deadline=_time(due(life.terms, seat_life.zombie, since, seat_life.bank_ms)),
                bank_seconds=seat_life.bank_ms / 1000,
            )
        )
    return s.ClockState(
        turn_seconds=clock.turn_ms / 1000,
        bank_seconds=clock.bank_ms / 1000,
        on_timeout=clock.on_timeout,
        zombie_after=clock.zombie_after,
        paused=life.paused,
        banks=[seat.bank_ms / 1000 for seat in life.seats],
        to_act=to_act,
    )


def seat_status(state: Any) -> list[s.SeatStatus]:
    return [
        s.SeatStatus(
            seat=index,
            status=seat.left or ("zombie" if seat.zombie else "playing"),  # type: ignore[arg-type]
            timeouts_in_a_row=seat.timeouts,
        )
        for index, seat in enumerate(state.life.seats)
    ]


def ending_of(state: Any) -> s.Ending | None:
    ending = state.life.ending
    return s.Ending(how=ending.how, reason=ending.reason) if ending is not None else None


def resource_answer(
    game_id: uuid.UUID,
    loaded: Loaded,
    seats: list[s.SeatInfo],
    seat: int | None,
    seed: str | None,
    imported: s.ImportInfo | None = None,
) -> s.GameResource:
    stream, spec, state = loaded.stream, loaded.spec, loaded.state
    return s.GameResource(
        id=game_id,
        game=spec.slug,
        rules_version=stream.rules_version,
        version=stream.version,
        status=stream.status,
        to_act=list(spec.to_act(state)),
        seats=with_bots(seats, stream.setup),
        viewer=seat,
        options=stream.setup.get("options") or {},
        state=spec.view(state, seat),
        result=spec.result(state),
        seed_commitment=stream.seed_commitment or "",
        seed=seed,
        created_at=stream.created_at,
        updated_at=stream.updated_at,
        clock=clock_of(state),
        seat_status=seat_status(state),
        ending=ending_of(state),
        origin="imported" if "imported" in stream.setup else "played",
        imported=imported,
    )


async def imports_of(
    store: Any, conn: AsyncConnection, streams: list[Any]
) -> dict[uuid.UUID, s.ImportInfo]:
    """What is known of the imported games among these (no query when there are none)."""
    ids = [stream.id for stream in streams if "imported" in stream.setup]
    found = await store.imports_for(conn, ids) if ids else {}
    setups = {stream.id: stream.setup for stream in streams}
    return {
        game_id: import_info(at, by, setups[game_id], checks)
        for game_id, (at, by, checks) in found.items()
    }


log = logging.getLogger("gamestate.games")


class GameReads:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    async def exposed(self, conn: AsyncConnection, stream: Any, seat: int | None) -> bool:
        """Whether this reader may see what a finished game reveals; refuses a reader who is
        not a seat of a game whose seed group is in play (service/games/seed_groups.py)."""
        if group_of(stream.setup) is None:
            return True
        if seat is not None and stream.status != "finished":
            return False  # its own seat, during play: the view is the seat's anyway
        return await exposure(self.repo.store, conn, stream.setup, seat)

    async def resource(
        self, conn: AsyncConnection, game_id: uuid.UUID, viewer: Viewer
    ) -> s.GameResource:
        seat = viewer.seat_in(game_id)
        loaded = await self.repo.load(conn, game_id)
        shown = await self.exposed(conn, loaded.stream, seat)
        seats = await self.repo.seat_names(conn, game_id)
        seed = None
        if loaded.stream.status == "finished" and shown:
            seed_row = await self.repo.store.seed(conn, game_id)
            seed = seed_row[0] if seed_row else None
        imported = await imports_of(self.repo.store, conn, [loaded.stream])
        return resource_answer(game_id, loaded, seats, seat, seed, imported.get(game_id))

    def resource_from_cache(
        self, game_id: uuid.UUID, viewer: Viewer, min_version: int
    ) -> s.GameResource | None:
        """The caller's view from this process's cache, as :meth:`legal_from_cache`: when the
        cached game is at ``min_version`` or later and still active (a finished game's view
        shows its seed, which is read from the database); None otherwise."""
        seat = viewer.seat_in(game_id)
        loaded = self.repo.cache.get(game_id)
        seats = self.repo.seats.get(game_id)
        if (
            loaded is None
            or seats is None
            or loaded.version < min_version
            or loaded.stream.status == "finished"
            or (seat is None and group_of(loaded.stream.setup) is not None)
        ):
            return None
        return resource_answer(game_id, loaded, seats, seat, None)

    async def legal(
        self, conn: AsyncConnection, game_id: uuid.UUID, viewer: Viewer
    ) -> s.LegalCommands:
        seat = seat_required(viewer, game_id)
        return legal_answer(await self.repo.load(conn, game_id), seat)

    def legal_from_cache(
        self, game_id: uuid.UUID, viewer: Viewer, min_version: int
    ) -> s.LegalCommands | None:
        """The seat's legal commands from this process's cache, without asking the database,
        when the cached game is at ``min_version`` or later (a version the caller already
        knows, e.g. from its last command's answer); None otherwise. Such an answer may be
        behind a command another process accepted since; its ``version`` says which state
        it is of, and a command sent with that ``expected_version`` is refused (409) if the
        game moved on."""
        seat = seat_required(viewer, game_id)
        loaded = self.repo.cache.get(game_id)
        if loaded is None or loaded.version < min_version:
            return None
        return legal_answer(loaded, seat)

    async def events(
        self, conn: AsyncConnection, game_id: uuid.UUID, viewer: Viewer, after: int, limit: int
    ) -> s.EventPage:
        seat = viewer.seat_in(game_id)
        stream = await self.repo.store.get_stream(conn, game_id)
        if stream is None or stream.kind != "game":
            raise not_found()
        spec = spec_for(stream.game)
        shown = await self.exposed(conn, stream, seat)
        stored = await self.repo.store.read(conn, game_id, after=after, limit=limit)
        finished = stream.status == "finished" and shown
        return s.EventPage(
            version=stream.version,
            events=[event_out(spec, e, decode_event(spec, e), seat, finished) for e in stored],
        )

    async def view_at(
        self,
        conn: AsyncConnection,
        game_id: uuid.UUID,
        viewer: Viewer,
        version: int,
        lease: Callable[[], Lease] | None = None,
    ) -> s.VersionedView:
        """Time travel on ``conn``; ``lease``: see :meth:`GameRepository.fold_past`."""
        return await self.view_at_connecting(reusing(conn), game_id, viewer, version, lease)

    async def view_at_connecting(
        self,
        connect: Connect,
        game_id: uuid.UUID,
        viewer: Viewer,
        version: int,
        lease: Callable[[], Lease] | None = None,
    ) -> s.VersionedView:
        """Time travel with connections checked out through ``connect``: a long fold holds
        none while it folds a page (the route's way: no connection held for a whole fold)."""
        seat = viewer.seat_in(game_id)
        async with connect() as conn:
            stream = await self.repo.store.get_stream(conn, game_id)
            if stream is None or stream.kind != "game":
                raise not_found()
            if version > stream.version:
                raise ApiError(404, "version_not_found", f"the game is at version {stream.version}")
            shown = await self.exposed(conn, stream, seat)
            spec = spec_for(stream.game)
            if version == stream.version:
                # The latest version is what the state cache holds: no replay.
                state = (await self.repo.load(conn, game_id, stream)).state
            else:
                base = await self.repo.past_base(conn, stream, spec, version)
        if version != stream.version:
            state = await self.repo.fold_past(connect, stream, spec, base, version, lease)
        return s.VersionedView(
            id=game_id,
            game=spec.slug,
            version=version,
            viewer=seat,
            to_act=list(spec.to_act(state)) if version else [],
            state=spec.view(state, seat),
            result=spec.result(state),
            full_state=msgspec.to_builtins(state)
            if stream.status == "finished" and shown
            else None,
        )

    async def list(
        self,
        conn: AsyncConnection,
        *,
        game: str | None,
        status: str | None,
        player: str | None,
        limit: int,
        offset: int = 0,
        after: str | None = None,
    ) -> s.GamePage:
        streams, total = await self.repo.store.list_streams(
            conn, kind="game", game=game, status=status, player=player, limit=limit,
            offset=offset, after=cursor.decode(after) if after else None,
        )  # fmt: skip
        seats_by_game = await self.repo.store.seats_for(conn, [stream.id for stream in streams])
        imported = await imports_of(self.repo.store, conn, streams)
        items = []
        for stream in streams:
            seats = seats_by_game.get(stream.id, [])
            items.append(
                s.GameSummary(
                    id=stream.id,
                    game=stream.game,
                    status=stream.status,
                    version=stream.version,
                    seats=[s.SeatInfo(seat=i, name=n, player_id=p) for i, n, p in seats],
                    result=stored_result(stream.id, stream.result),
                    created_at=stream.created_at,
                    updated_at=stream.updated_at,
                    origin="imported" if "imported" in stream.setup else "played",
                    imported=imported.get(stream.id),
                )
            )
        return s.GamePage(
            items=items, total=total, limit=limit, offset=offset, next=_next(streams, limit)
        )


def stored_result(game_id: object, raw: object) -> s.Result | None:
    """A listed game's stored result, or None when the stored row does not hold a valid one
    (damaged by hand or by an older writer): one bad row must not fail a whole page."""
    if not raw:
        return None
    try:
        return msgspec.convert(raw, s.Result)
    except msgspec.ValidationError as exc:
        log.warning("game %s: stored result is not valid (%s); listed as null", game_id, exc)
        return None


def _next(streams: list, limit: int) -> str | None:
    """The cursor after a full page's last stream (a short page is the last one)."""
    if len(streams) < limit:
        return None
    return cursor.encode(streams[-1].created_at, streams[-1].id)


def with_bots(seats: list[s.SeatInfo], setup: dict[str, Any]) -> list[s.SeatInfo]:
    """The seats, the bot seats with their policy (service/games/bots.py)."""
    bots = setup.get("bots")
    if not bots:
        return list(seats)
    return [
        msgspec.structs.replace(info, bot=bots[str(info.seat)]["policy"])
        if str(info.seat) in bots
        else info
        for info in seats
    ]
