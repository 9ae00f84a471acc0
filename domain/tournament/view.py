"""What the service shows: rounds with their tables and games, standings with tie-breaks,
each player's current table, and the tables that still need a game. Tournaments hold no
hidden information, so there is one view for everybody."""

from __future__ import annotations

import msgspec

from domain.tournament.events import StandingRow, TournamentConfig
from domain.tournament.rules import standings
from domain.tournament.state import RoundState, TableState, TournamentState


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    player_id: int
    name: str
    rating: int
    status: str
    """``registered``, ``active``, ``eliminated``, ``withdrawn`` or ``champion``."""
    current_table: str | None = None
    """The table the player sits at now (open, waiting for a result), if any."""
    current_game: str | None = None


class TournamentView(msgspec.Struct, frozen=True, kw_only=True):
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


def view(state: TournamentState) -> TournamentView:
    rows = standings(state)
    status_by_id = {r.player_id: r.status for r in (state.ranking or rows)}
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
        rounds=state.rounds,
        current_round=len(state.rounds),
        standings=rows,
        ranking=state.ranking,
        awaiting_game=tuple(t.table_id for t in tables_awaiting_game(state)),
    )
