"""Splendor (Marc André, Space Cowboys 2014), base game for 2 to 4 players.

Sources: the Korean rules summary in ``/work/shared/rules/splendor.ko.txt`` (primary), the
published rulebook where the Korean text is silent, and the component lists cross-checked in
six public data sets (``cards.txt``: 90 development cards, ``nobles.txt``: 10 nobles, both
transcribed into this package's own format). Full list of interpretations: ``RULES.md``.
"""

from __future__ import annotations

from typing import Literal

from domain._kernel import GameSpec, Options
from domain.splendor.commands import SplendorCommand
from domain.splendor.events import SplendorEvent
from domain.splendor.rules import decide, legal_commands, start, to_act
from domain.splendor.state import SplendorState, evolve, initial_state
from domain.splendor.view import SplendorView, redact, resample_hidden, result, view


class SplendorOptions(Options, frozen=True):
    tie_breaks: Literal["official", "tournament"] = "official"
    """``official``: fewer development cards wins a points tie, remaining ties are shared.
    ``tournament``: fewer cards, then more nobles, then more tokens left, then the later
    seat in turn order (the Korean championship order)."""


SPEC: GameSpec[SplendorState] = GameSpec(
    slug="splendor",
    title="Splendor",
    rules_version="1",
    min_players=2,
    max_players=4,
    options_type=SplendorOptions,
    command_type=SplendorCommand,
    event_type=SplendorEvent,
    state_type=SplendorState,
    view_type=SplendorView,
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
    description="Collect gems, buy development cards, attract nobles; first to 15 ends the round.",
)
