"""Splendor (Marc André, Space Cowboys 2014), base game for 2 to 4 players.

Sources: the Korean rules summary in ``shared/rules/splendor.ko.txt`` (primary), the
published rulebook where the Korean text is silent, and the component lists cross-checked in
six public data sets (``cards.txt``: 90 development cards, ``nobles.txt``: 10 nobles, both
transcribed into this package's own format). ``RULES.md`` holds the full rules as implemented.

Interpretations (details in ``RULES.md``):

- Seat 0 is the first player; the game ends when the turn would return to seat 0 after
  someone reached 15 points, so every seat has had the same number of turns.
- Taking different colours: three while three colours are in the supply; with fewer left,
  one of each colour left, never fewer (rules version 2; version 1, kept for the games
  stored under it, let the player take any 1 or 2 of those colours).
- A buy names, per colour, how many gold tokens replace that colour (default none); the rest
  of what is owed after bonuses is paid with that colour. Gold may be spent even while the
  player holds the colour (published rule). Every valid split is a legal command.
- Over ten tokens after the action: the player returns any tokens (gold included, just-taken
  included) to exactly ten, as a pending decision. The Korean text's "discard some of the
  tokens just taken" is a special case of this.
- Nobles visit at the end of the turn (after any return), not "immediately" as the Korean
  text says; one per turn; the player chooses when several qualify; the others may visit at
  the end of later turns. The Korean house rules for sharing nobles are not used.
- A seat with no possible action must pass. If every seat passes in a row the game can never
  change again and ends (``reason: "stalemate"``), ranked as usual; no rulebook covers this.
- Reserving with no gold left in the supply is allowed and gives no gold.
- ``tie_breaks="official"``: fewer development cards wins a tie on points, further ties are
  shared. ``"tournament"``: fewer cards, more nobles, more tokens left (gold counts), then the
  later seat in turn order.
"""

from __future__ import annotations

from typing import Literal

from domain._kernel import GameSpec, Options
from domain.splendor import bot, display
from domain.splendor.commands import SplendorCommand
from domain.splendor.determinize import determinize
from domain.splendor.events import SplendorEvent
from domain.splendor.provisional import provisional_result
from domain.splendor.rules import decide, legal_commands, start, to_act
from domain.splendor.state import RULES_VERSION, SplendorState, evolve, initial_state
from domain.splendor.view import SplendorView, redact, resample_hidden, result, view


class SplendorOptions(Options, frozen=True):
    tie_breaks: Literal["official", "tournament"] = "official"
    """``official``: fewer development cards wins a points tie, remaining ties are shared.
    ``tournament``: fewer cards, then more nobles, then more tokens left, then the later
    seat in turn order (the Korean championship order)."""


SPEC: GameSpec[SplendorState] = GameSpec(
    slug="splendor",
    title="Splendor",
    rules_version=RULES_VERSION,
    older_rules_versions=("1",),
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
    viewer_script=("domain.splendor", "board.js"),
    viewer_components=display.components,
    tiebreak_labels=display.TIEBREAK_LABELS,
    view_scores=display.view_scores,
    provisional_result=provisional_result,
    max_events=3_000,
    description="Collect gems, buy development cards, attract nobles; first to 15 ends the round.",
    notes="Interpretations of the rules are listed in domain/splendor/RULES.md.",
    variants=(SplendorOptions(tie_breaks="tournament"),),
    determinize=determinize,
    bot_value=bot.value,
    bot_scale=bot.SCALE,
)
