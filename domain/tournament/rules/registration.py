"""Before the first round: creating the tournament, registering and withdrawing players,
and starting it (seeding, the bracket, the first round)."""

from __future__ import annotations

from domain._kernel import DomainError, Event, Rng
from domain.tournament import commands as c
from domain.tournament import events as e
from domain.tournament.pairing import elimination
from domain.tournament.rules.checks import validate_config
from domain.tournament.rules.formats import BRACKETS
from domain.tournament.rules.rounds import Emitter, advance
from domain.tournament.state import TournamentState, min_table


def create(state: TournamentState, command: c.CreateTournament) -> tuple[Event, ...]:
    if state.status != "new":
        raise DomainError("tournament/already_created", "the tournament exists")
    config = e.TournamentConfig(
        **{f: getattr(command, f) for f in e.TournamentConfig.__struct_fields__}
    )
    validate_config(config)
    return (e.TournamentCreated(config=config),)


def register(out: Emitter, command: c.RegisterPlayer) -> None:
    state = out.state
    if state.status != "registration":
        raise DomainError("tournament/registration_closed", "registration is closed")
    name = command.name.strip()
    if not name:
        raise DomainError("tournament/invalid_name", "a player needs a name")
    if any(p.name == name and p.withdrawn_after is None for p in state.players):
        raise DomainError("tournament/duplicate_name", f"{name} is already registered")
    out.emit(e.PlayerRegistered(player_id=len(state.players) + 1, name=name, rating=command.rating))


def withdraw(out: Emitter, command: c.WithdrawPlayer) -> None:
    state = out.state
    pid = command.player_id
    if state.status == "finished":
        raise DomainError("tournament/finished", "the tournament is over")
    if not 1 <= pid <= len(state.players):
        raise DomainError("tournament/unknown_player", f"no player {pid}")
    if state.players[pid - 1].withdrawn_after is not None:
        raise DomainError("tournament/already_withdrawn", f"player {pid} withdrew")
    out.emit(e.PlayerWithdrawn(player_id=pid, after_round=len(state.rounds)))


def start(out: Emitter, rng: Rng) -> None:
    state = out.state
    config = state.config
    assert config is not None
    if state.status != "registration":
        raise DomainError("tournament/already_started", "the tournament has started")
    active = [p for p in state.players if p.withdrawn_after is None]
    needed = 2 if config.table_size == 2 else min_table(config)
    if len(active) < needed:
        raise DomainError("tournament/not_enough_players", f"at least {needed} players are needed")
    ranked = sorted(active, key=lambda p: (-p.rating, p.player_id))
    seeding = [p.player_id for p in ranked]
    if config.seeding == "random":
        seeding = rng.fork("seeding").shuffled(seeding)
    bracket: tuple[e.BracketMatch, ...] = ()
    if config.format in BRACKETS:
        bracket = elimination.build_bracket(
            len(seeding),
            config.format == "double_elimination",
            config.grand_final_reset,
        )
    out.emit(e.TournamentStarted(seeding=tuple(seeding), bracket=bracket))
    advance(out, rng)
