"""Castles of Mad King Ludwig (base game, 1-4 players).

See RULES.md in this package for every rule interpretation and uncertain component value.
"""

from __future__ import annotations

from domain._kernel import GameSpec, Options
from domain.castles.commands import CastlesCommand
from domain.castles.events import CastlesEvent
from domain.castles.evolve import evolve
from domain.castles.rules import decide, legal_commands, to_act
from domain.castles.rules.setup import initial_state, start
from domain.castles.state import CastlesState
from domain.castles.view import CastlesView, redact, resample_hidden, result, view


class CastlesOptions(Options, frozen=True):
    """No options yet."""


SPEC = GameSpec(
    slug="castles",
    title="Castles of Mad King Ludwig",
    rules_version="1",
    min_players=1,
    max_players=4,
    options_type=CastlesOptions,
    command_type=CastlesCommand,
    event_type=CastlesEvent,
    state_type=CastlesState,
    view_type=CastlesView,
    initial_state=initial_state,
    start=start,
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    to_act=to_act,
    view=view,
    redact=redact,
    result=result,
    resample_hidden=resample_hidden,
    description="Build the castle that best pleases the mad king, one priced room at a time.",
)
