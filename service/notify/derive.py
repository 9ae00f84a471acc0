"""From a game's events to notifications, without I/O.

A game's events come in *steps*: the events one command (or the creation) appended, which
share a ``command_id`` in their metadata. After each step the deriver knows who is to act and
whether the game is over, and this module says what that means for the game's registered
players and its tournament:

- ``game_started``: the step holds version 1 (the set-up events), for every player;
- ``round_paired``: the same step of a tournament's table game, for every player and for the
  tournament;
- ``your_turn``: a player's seat is to act after the step and either was not before it, or
  the step was the seat's own command (a seat that acts again is told so too);
- ``game_ended``: the game is over after the step and was not before, for every player and
  for the tournament.

Each draft has a stable key (kind, game, version and recipient), so deriving the same events
twice yields the same keys and the store keeps one row per key.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

KINDS = ("your_turn", "game_started", "game_ended", "round_paired")


@dataclass(frozen=True)
class After:
    """One event of a game as the deriver saw it: its version, the command it belongs to, the
    seat that sent that command, and who is to act / whether the game is over after it."""

    version: int
    command_id: str | None
    seat: int | None
    to_act: tuple[int, ...]
    over: bool


@dataclass(frozen=True)
class Draft:
    key: str
    kind: str
    version: int
    player_id: uuid.UUID | None
    tournament_id: uuid.UUID | None
    data: dict[str, Any] = field(default_factory=dict)


def steps(events: Sequence[After]) -> list[list[After]]:
    """Consecutive events grouped by command (an event without a command id is a step alone)."""
    grouped: list[list[After]] = []
    for event in events:
        if (
            grouped
            and event.command_id is not None
            and grouped[-1][-1].command_id == event.command_id
        ):
            grouped[-1].append(event)
        else:
            grouped.append([event])
    return grouped


def derive(
    game_id: uuid.UUID,
    game: str,
    before: tuple[tuple[int, ...], bool],
    events: Sequence[After],
    players: Mapping[int, uuid.UUID],
    link: Mapping[str, Any] | None = None,
) -> list[Draft]:
    """The notifications of ``events`` (consecutive, complete steps of one game).

    ``before``: who was to act, and whether the game was over, before the first of them;
    ``players``: seat -> registered player (anonymous seats are absent); ``link``: the game's
    tournament link (``{"tournament": id, "table_id": ...}``) when it is a tournament table."""
    tournament = _tournament_of(link)
    table_id = (link or {}).get("table_id") if tournament else None
    drafts: list[Draft] = []
    to_act_before, over_before = before
    base = {"game": game}
    if tournament is not None:
        base = {**base, "tournament_id": str(tournament), "table_id": table_id}

    def to_players(kind: str, version: int, data: dict[str, Any]) -> None:
        for seat, player in sorted(players.items()):
            drafts.append(
                Draft(
                    f"{kind}:{game_id}:{version}:p:{player}",
                    kind,
                    version,
                    player,
                    None,
                    {**base, **data, "seat": seat},
                )
            )

    def to_tournament(kind: str, version: int, data: dict[str, Any]) -> None:
        if tournament is not None:
            drafts.append(
                Draft(
                    f"{kind}:{game_id}:{version}:t:{tournament}",
                    kind,
                    version,
                    None,
                    tournament,
                    {**base, **data, "seat": None},
                )
            )

    for step in steps(events):
        last = step[-1]
        common = {"to_act": list(last.to_act)}
        if step[0].version == 1:
            to_players("game_started", last.version, common)
            if tournament is not None:
                to_players("round_paired", last.version, common)
                to_tournament("round_paired", last.version, common)
        if last.over and not over_before:
            to_players("game_ended", last.version, {"to_act": []})
            to_tournament("game_ended", last.version, {"to_act": []})
        elif not last.over:
            actor = step[0].seat
            for seat in last.to_act:
                player = players.get(seat)
                if player is None:
                    continue
                if seat in to_act_before and seat != actor and step[0].version != 1:
                    continue
                drafts.append(
                    Draft(
                        f"your_turn:{game_id}:{last.version}:p:{player}",
                        "your_turn",
                        last.version,
                        player,
                        None,
                        {**base, **common, "seat": seat},
                    )
                )
        to_act_before, over_before = last.to_act, last.over
    return drafts


def _tournament_of(link: Mapping[str, Any] | None) -> uuid.UUID | None:
    if not link or "tournament" not in link:
        return None
    try:
        return uuid.UUID(str(link["tournament"]))
    except ValueError:
        return None
