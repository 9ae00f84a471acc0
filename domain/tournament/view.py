"""What the service shows: rounds with their tables and games, standings with tie-breaks,
each player's current table, and the tables that still need a game. One view for everybody;
the only secret is a duplicate-mode game seed, hidden until its round is completed."""

from __future__ import annotations

import msgspec

from domain._kernel import Event
from domain.tournament.events import RoundStarted, StandingRow, TournamentConfig
from domain.tournament.rules import standings
from domain.tournament.state import RoundState, TableState, TournamentState


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    player_id: int
    name: str
    rating: int
    status: str
    """``registered``, ``active``, ``eliminated``, ``withdrawn``, ``champion`` or (once the
    tournament is over) ``finished``."""
    current_table: str | None = None
    """The table the player sits at now (open, waiting for a result), if any."""
    current_game: str | None = None


class TournamentView(msgspec.Struct, frozen=True, kw_only=True):
    """Everything public. Duplicate-mode seeds are blanked until their round is completed
    (they are the games' secret seeds); the service reads them from the state to create
    the games."""

    status: str
    config: TournamentConfig | None
    players: tuple[PlayerView, ...]
    seeding: tuple[int, ...]
    rounds: tuple[RoundState, ...]
    current_round: int
    standings: tuple[StandingRow, ...]
    ranking: tuple[StandingRow, ...]
    awaiting_game: tuple[str, ...]
    """Open tables with no game attached yet: the service creates these games."""
    clocks_paused: bool = False
    """The director paused every table's clock."""


def tables_awaiting_game(state: TournamentState) -> tuple[TableState, ...]:
    return tuple(
        t
        for r in state.rounds
        for t in r.tables
        if t.status == "open" and not t.bye and not t.game_id
    )


def current_table(state: TournamentState, player_id: int) -> TableState | None:
    """The open table where the player is expected now."""
    for r in reversed(state.rounds):
        for t in r.tables:
            if t.status == "open" and player_id in t.players:
                return t
    return None


def _hide_seeds(r: RoundState) -> RoundState:
    """A duplicate-mode seed is the game's secret seed: shown only once the round is over."""
    if r.completed or not any(t.seed for t in r.tables):
        return r
    return msgspec.structs.replace(
        r, tables=tuple(msgspec.structs.replace(t, seed="") for t in r.tables)
    )


def redact(event: Event) -> Event:
    """An event as the public may see it: duplicate-mode seeds blanked (reveal them with the
    round's results, e.g. from the view once the round is completed)."""
    if isinstance(event, RoundStarted) and any(t.seed for t in event.tables):
        return msgspec.structs.replace(
            event, tables=tuple(msgspec.structs.replace(t, seed="") for t in event.tables)
        )
    return event


def settled(rows: tuple[StandingRow, ...], finished: bool) -> tuple[StandingRow, ...]:
    """Once the tournament is over nobody is still ``active``: the formats that rank by
    points (round robin, Swiss) never say who won, so a finished tournament's players still
    in are ``champion`` (first place, shared on a tie) or ``finished`` (played to the end,
    ranked at their place). Done here, on read, so tournaments finished before keep no
    stale status either."""
    if not finished:
        return rows
    return tuple(
        msgspec.structs.replace(r, status="champion" if r.place == 1 else "finished")
        if r.status == "active"
        else r
        for r in rows
    )


def view(state: TournamentState) -> TournamentView:
    finished = state.status == "finished"
    rows = settled(standings(state), finished)
    ranking = settled(state.ranking, finished)
    status_by_id = {r.player_id: r.status for r in (ranking or rows)}
    players = []
    for p in state.players:
        table = current_table(state, p.player_id)
        status = status_by_id.get(p.player_id, "registered")
        if p.withdrawn_after is not None:
            status = "withdrawn"
        players.append(
            PlayerView(
                player_id=p.player_id,
                name=p.name,
                rating=p.rating,
                status=status,
                current_table=table.table_id if table else None,
                current_game=(table.game_id or None) if table else None,
            )
        )
    return TournamentView(
        status=state.status,
        config=state.config,
        players=tuple(players),
        seeding=state.seeding,
        rounds=tuple(_hide_seeds(r) for r in state.rounds),
        current_round=len(state.rounds),
        standings=rows,
        ranking=ranking,
        awaiting_game=tuple(t.table_id for t in tables_awaiting_game(state)),
        clocks_paused=state.clocks_paused,
    )
