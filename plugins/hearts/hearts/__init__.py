"""Hearts, the classic trick-taking card game, for 3 to 5 players (4 is the classic game).

Built on the gamestate game SDK alone, as any outside author would: this package is installed
beside the service and found through its ``gamestate.games`` entry point.

Sources: the published rules as given by pagat.org ("Hearts", John McLeod) and Hoyle's
rules of games; where they offer choices, the choice made is an option or an interpretation
below. ``RULES.md`` holds the full rules as implemented.

Interpretations (details in ``RULES.md``):

- Seats are numbered clockwise; play goes clockwise (to the left). The pack is shuffled and
  dealt one card at a time from seat 0 for every hand.
- Passing is simultaneous: every seat still to pass may act; the exchange happens when the
  last seat passes. A seat sees its own pass at once and what it received after the
  exchange. Cards are passed in any order (a pass is the set of three cards).
- Rotation ``standard``: left, right, across, hold; with 3 or 5 players there is no across:
  left, right, hold.
- The holder of the lowest club in play (2♣; 3♣ with five players, where 2♣ is removed)
  leads it to the first trick.
- No points on the first trick: a seat that cannot follow clubs may not play a heart or the
  queen of spades, unless its hand holds nothing else; then it may play any of them. The
  jack of diamonds (option) is not a point card for this rule.
- Hearts may not be led until a heart has been played to an earlier trick (option: or the
  queen of spades), unless the leader holds only hearts. A heart led that way breaks them.
- Shooting the moon is taking all 13 hearts and the queen of spades. With the jack of
  diamonds option, the jack still counts -10 to whoever took it, shooter included.
- The game ends after the hand in which a seat reaches or passes the target (100); the
  lowest total wins; equal totals share the place (no tie-break, no extra hand). A ranking's
  ``score`` is minus the total, since the SDK reads a higher score as better.
- 3 players: 2♦ removed, 17 cards each. 5 players: 2♣ and 2♦ removed, 10 cards each.
"""

from __future__ import annotations

from domain import GameSpec
from hearts import display
from hearts.commands import HeartsCommand
from hearts.events import HeartsEvent
from hearts.hidden import determinize, resample_hidden
from hearts.options import HeartsOptions
from hearts.rules import decide, legal_commands, start, to_act
from hearts.state import RULES_VERSION, HeartsState, evolve, initial_state
from hearts.view import HeartsView, provisional_result, redact, result, view

SPEC: GameSpec[HeartsState] = GameSpec(
    slug="hearts",
    title="Hearts",
    rules_version=RULES_VERSION,
    min_players=3,
    max_players=5,
    options_type=HeartsOptions,
    command_type=HeartsCommand,
    event_type=HeartsEvent,
    state_type=HeartsState,
    view_type=HeartsView,
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
    provisional_result=provisional_result,
    # A whole state from a seat's view, so that the service's mcts bot plays Hearts too.
    determinize=determinize,
    # A hand is at most 1 deal + 5 passes + 1 exchange + 1 start + 52 plays + 17 tricks
    # + 1 score = 78 events (69 with five players). A 500-point game with the jack of
    # diamonds adds at least 16 points a hand, so someone reaches 500 within 125 hands of
    # four (~9 800 events) or 156 of five (~10 800); with the shooter subtracting 26 totals
    # can fall, and the cap ends such a game.
    max_events=25_000,
    description="Pass three, follow suit, avoid hearts and the queen of spades; lowest wins.",
    notes="Interpretations of the rules are listed in the hearts package's RULES.md.",
    viewer_script=("hearts", "board.js"),
    view_scores=display.view_scores,
    variants=(
        HeartsOptions(moon="shooter_subtracts", jack_of_diamonds=True, target_score=50),
        HeartsOptions(
            pass_rotation="no_hold", points_on_first_trick=True, queen_breaks_hearts=True
        ),
        HeartsOptions(pass_rotation="none", moon="off", target_score=30),
    ),
)

__all__ = ["SPEC", "HeartsOptions"]
