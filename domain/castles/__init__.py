"""Castles of Mad King Ludwig (base game, 1-4 players, solo included).

Each round the Master Builder reveals rooms and prices them; everyone buys one room (placed at
once with ``BuyRoom(slot, x, y, rotation)``), stairs or a hallway, or passes for 5,000. Rooms
score on placement and reward their completion; at the end King's Favors, exhausted stacks,
bonus cards and marks score. Layout: ``data.py`` (+ ``pieces.json``, ``components.json``),
``state.py``, ``commands.py``, ``events.py``, ``evolve.py``, ``rules/`` (setup, pricing,
buying, placement geometry, scoring, rewards, flow, endgame, supply) and ``view.py``.

RULES.md in this package lists every interpretation and uncertain value; in short:

- Uncertain data: room cards per size (5 each, a guess), large stacks for 2/3 players (4/5, a
  guess), bonus-card wording and the favor list (single source), price slots (single source).
- Geometry: 5-ft grid, quarter turns; corner cells of round/octagonal tiles may be shared by
  depth; entrance contacts must join one floor (refused otherwise); stairs are placed light
  end first; fences touch nothing; an unjoined entrance with nothing beyond it must remain.
- Foyer, stairs and hallways are corridor rooms for symbols and complete like rooms; favors
  and bonus cards ignore the foyer.
- Non-decision rewards apply at once; decision rewards wait and the player answers them in any
  order; the corridor reward is compulsory when placeable.
- The first Master Builder is drawn at random at set-up. Round 1's rooms are revealed during
  set-up, before the bonus-card choice; solo reveals none during set-up (seed), so its round
  1 begins after the choice (rules version 2; version 1 revealed them first in solo too).
- Stalemate (no rulebook covers it): a full board reveals no cards, so when no seat can place any
  room on the board nor any stairs or hallway left, the deck can never run out and every seat
  could only pass forever. The game then ends at the end of that round (``GameEnded.reason``
  ``"stalemate"``) and is scored as usual, as Splendor does when nothing can change any more.
"""

from __future__ import annotations

from domain._kernel import GameSpec, Options
from domain.castles import display
from domain.castles.commands import CastlesCommand
from domain.castles.determinize import determinize
from domain.castles.events import CastlesEvent
from domain.castles.evolve import evolve
from domain.castles.provisional import provisional_result
from domain.castles.rules import decide, legal_commands, to_act
from domain.castles.rules.setup import initial_state, start
from domain.castles.state import RULES_VERSION, CastlesState
from domain.castles.view import CastlesView, redact, resample_hidden, result, view


class CastlesOptions(Options, frozen=True):
    """No options yet."""


SPEC = GameSpec(
    slug="castles",
    title="Castles of Mad King Ludwig",
    rules_version=RULES_VERSION,
    older_rules_versions=("1",),
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
    viewer_script=("domain.castles", "board.js"),
    viewer_components=display.components,
    tiebreak_labels=display.TIEBREAK_LABELS,
    view_scores=display.view_scores,
    provisional_result=provisional_result,
    max_events=3_000,
    content_status="provisional",
    content_note=(
        "Two counts are documented guesses (not public): the room cards per size (5 of each) "
        "and the large-room stacks for 2 and 3 players; the rooms, favors and bonus cards are "
        "the published ones (domain/castles/RULES.md)."
    ),
    description="Build the castle that best pleases the mad king, one priced room at a time.",
    notes=(
        "1 player plays the solo mode (the title for the score is in result.summary). Some "
        "component counts are not public and are documented guesses (room cards per size, "
        "large stacks for 2-3 players): see domain/castles/RULES.md."
    ),
    determinize=determinize,
    bot_scale=12.0,
    # Common deals judged each of a wide choice on the same one or two deals: 86 of 100
    # against random with them, 95 without (bench.arena, --seed arena4; domain/bots/mcts.py).
    bot_common_deals=False,
)
