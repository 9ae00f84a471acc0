"""Azul (Michael Kiesling, Next Move / Plan B Games, 2017) for 2 to 4 players.

Sources: the Korean rules summary ``shared/rules/azul.ko.txt`` (primary) and the component
facts compiled in ``shared/reference/azul`` (azul_components.json, SOURCES.md), which agree
with the published English rulebook. Facts are transcribed in ``data.py``.

Model
-----
Colours are ``blue yellow red black white`` (white = the light-blue snowflake tile). Seats are
0-based; seat 0 starts the first round. ``TakeTiles(factory, colour, line)`` uses
``factory=-1`` for the centre and ``line=-1`` for the floor line; pattern lines are 0 (one
tile) to 4 (five tiles). ``PlaceTile(line, column)`` exists only with ``grey_wall=True``.
Every automatic consequence of a command (end of drafting, tiling, floor penalties, refill,
next round or game end) is emitted by the same ``decide``.

Interpretations (where the Korean text is silent or loose; the published rulebook decides)
-----------------------------------------------------------------------------------------
1. A pattern line that is already full refuses more tiles (``azul/pattern_line_full``) even
   of its colour; sending them all to the floor is the legal way to do that.
2. The first-player marker taken from the centre takes the leftmost free floor slot before
   the excess tiles. If the floor line is already full the taker still holds the marker
   (and starts the next round) but it costs nothing; the marker never goes to the lid.
3. Tiles that find no floor slot go to the lid and cost nothing.
4. If nobody took from the centre in a round (possible when every factory held a single
   colour), the marker never left the centre and the round's starter starts again.
5. Refill: the bag is drawn empty before the lid is poured in, so a round's tiles are the
   whole rest of the bag plus a random draw from the lid. The ``BagRefilled`` event is
   logged before ``FactoriesFilled`` (the resulting state is the same as tile by tile).
   With bag and lid both empty the factories are filled in order and the rest stay short
   or empty.
6. If a round could not start because no tile is left in the bag nor in the lid (only
   possible with 4 players, every tile on the boards), the game ends after that tiling
   phase as if a row had been completed: otherwise it could never progress.
7. Hidden information: only the bag is hidden, shown as its size. Its composition follows
   from public information (the lid is public) and the draw order is not in the state, so
   ``redact`` and ``resample_hidden`` are identities (see ``view.py``).
8. Grey wall: tiling is done by the players, all seats at once (``to_act`` lists every seat
   with a complete line still to place), each seat top to bottom as in the rulebook: only
   the topmost complete line may be placed, in any empty space of its row whose column does
   not already hold that colour (the row never holds it: drafting forbids that). When the
   topmost complete line fits no column, all its tiles go to the floor line (overflow to
   the lid) automatically and are penalised with the floor. Floor penalties, the end
   check and the refill follow once no seat has a choice left. Drafting is not restricted
   by future column conflicts (the rulebook does not restrict it).
9. A colour bonus (10) is for five tiles of one colour on the wall; on the grey wall they
   are necessarily in five different rows and columns.
10. Ranking: score, then complete wall rows; still tied players share the place.
"""

from __future__ import annotations

from domain._kernel import GameSpec
from domain.azul import bot, display
from domain.azul.commands import AzulCommand
from domain.azul.data import MAX_PLAYERS, MIN_PLAYERS
from domain.azul.determinize import determinize
from domain.azul.events import AzulEvent
from domain.azul.options import AzulOptions
from domain.azul.provisional import provisional_result
from domain.azul.rules import decide, legal_commands, result, start, to_act
from domain.azul.state import AzulState, evolve, initial_state
from domain.azul.view import AzulView, redact, resample_hidden, view

SPEC: GameSpec[AzulState] = GameSpec(
    slug="azul",
    title="Azul",
    rules_version="1",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options_type=AzulOptions,
    command_type=AzulCommand,
    event_type=AzulEvent,
    state_type=AzulState,
    view_type=AzulView,
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
    viewer_script=("domain.azul", "board.js"),
    viewer_components=display.components,
    tiebreak_labels=display.TIEBREAK_LABELS,
    view_scores=display.view_scores,
    provisional_result=provisional_result,
    max_events=2_000,
    description="Draft tiles from factories, tile your wall, score adjacency.",
    notes="Option grey_wall: players choose each tile's column (no colour twice per column).",
    variants=(AzulOptions(grey_wall=True),),
    determinize=determinize,
    bot_value=bot.value,
    bot_scale=bot.SCALE,
)
