"""Carcassonne (base game, optionally with The River), as an event-sourced Decider.

Sources: the Korean rules summary in ``shared/rules/carcassonne.ko.txt`` (primary) and the
published Hans im Glück rulebook (3rd edition scoring) where it is silent. Tile facts were
transcribed into ``tiles.txt`` (own format) from the project's reference data.

Interpretations (see also RULES.md):

- Seat 0 starts ("choose the first player freely"); play goes clockwise = increasing seat.
- The start tile (type D) is placed at (0, 0) unrotated and is not in the pile, which holds
  the other 71 tiles. With ``river`` the spring is placed at (0, 0) instead of it, the 10
  river tiles are drawn first in random order, then the lake, then the same 71 land tiles:
  the start tile has the river tiles' dark back, so it is set aside, not a land tile
  (rules version 2; version 1 shuffled it into the land tiles).
- Every draw is revealed to all. A tile that fits nowhere is removed from the game
  (``TileDiscarded``) and the next one is drawn, for the same seat.
- One command per turn: ``PlaceTile(x, y, rotation, follower)``. Rotations that look the
  same as a smaller one (same edges, features and field borders) are refused with
  ``carcassonne/redundant_rotation``; only the smallest is listed, so legal commands have
  no duplicate placements. Follower ids are segment names of the tile type ("city0",
  "road1", "field0", "monastery"), unchanged by rotation.
- River tiles must be placed against the river's open end, continuing it, and no river tile
  may bend the same way as the river tile just before it: that immediate U-turn is what the
  rules forbid (Hans im Glück's answer: only immediate U-turns); a straight in between
  allows the same bend again (rules version 2; version 1 also forbade bend, straights, bend
  the same way). Followers may go on a river tile's land features, never on the river (the
  river is not a segment).
- Completed cities score 2 per tile and 2 per shield, also for a 2-tile city (3rd edition).
  A completed feature with no follower is still recorded as scored (zero points) so that
  completion is a fact in the log.
- Farms (3rd edition): 3 points per completed city bordering the field, each city once per
  field, to every seat with the most farmers there. Farmers stay on the board.
- The game ends when the last tile is placed or removed; final scoring then emits incomplete
  features (followers stay) and farms, then ``GameEnded``. Ties share the place.
- Options: ``river`` (default off) and ``farmers`` (default on; off forbids followers in
  fields and skips farm scoring).
"""

from __future__ import annotations

from domain._kernel import GameSpec
from domain.carcassonne import bot, display
from domain.carcassonne.commands import CarcassonneCommand
from domain.carcassonne.determinize import determinize
from domain.carcassonne.events import CarcassonneEvent
from domain.carcassonne.provisional import provisional_result
from domain.carcassonne.rules import (
    decide,
    evolve,
    initial_state,
    legal_commands,
    result,
    start,
    to_act,
)
from domain.carcassonne.state import RULES_VERSION, CarcassonneOptions, CarcassonneState
from domain.carcassonne.view import CarcassonneView, redact, resample_hidden, view

SPEC: GameSpec[CarcassonneState] = GameSpec(
    slug="carcassonne",
    title="Carcassonne",
    rules_version=RULES_VERSION,
    older_rules_versions=("1",),
    min_players=2,
    max_players=5,
    options_type=CarcassonneOptions,
    command_type=CarcassonneCommand,
    event_type=CarcassonneEvent,
    state_type=CarcassonneState,
    view_type=CarcassonneView,
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
    viewer_script=("domain.carcassonne", "board.js"),
    viewer_components=display.components,
    tiebreak_labels=display.TIEBREAK_LABELS,
    view_scores=display.view_scores,
    provisional_result=provisional_result,
    max_events=2_000,
    description="Place tiles to build cities, roads, monasteries and farms; optional River.",
    notes="Options: river (The River expansion), farmers (off: no followers in fields, no farm scoring). Interpretations: domain/carcassonne/RULES.md.",
    variants=(CarcassonneOptions(river=True), CarcassonneOptions(river=True, farmers=False)),
    determinize=determinize,
    bot_value=bot.value,
    bot_values=bot.values,
    bot_estimate=bot.estimates,
    bot_prior_weight=bot.PRIOR_WEIGHT,
    bot_scale=bot.SCALE,
)
