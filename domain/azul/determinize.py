"""A full Azul state from one seat's view (for bots, ``domain/bots``).

Only the bag is hidden, and only as its contents: 20 tiles of each colour exist, and every
tile outside the bag is on the table or on the lid, in plain view. So the bag is what is left
over, exactly, and the sample is the one state the view allows: the draw order is not part
of any state (``decide`` draws it with the game's Rng when the factories are refilled)."""

from __future__ import annotations

from itertools import chain

from domain._kernel import Rng
from domain.azul.data import COLOURS, TILES_PER_COLOUR
from domain.azul.state import AzulState, counts_of
from domain.azul.view import AzulView


def determinize(view: AzulView, seat: int, rng: Rng) -> AzulState:
    outside = [*chain.from_iterable(view.factories), *view.centre]
    for board in view.boards:
        outside.extend(board.floor)
        outside.extend(tile for row in board.wall for tile in row if tile is not None)
        for line in board.lines:
            if line.colour is not None:
                outside.extend([line.colour] * line.count)
    lid = tuple(view.lid[colour] for colour in COLOURS)
    seen = counts_of(outside)  # the first-player marker is no colour: not counted
    bag = tuple(TILES_PER_COLOUR - s - d for s, d in zip(seen, lid, strict=True))
    return AzulState(
        players=view.players,
        grey_wall=view.grey_wall,
        phase=view.phase,
        round=view.round,
        starter=view.starter,
        # Drafting names one seat to act; in the other phases ``current`` is not read.
        current=view.to_act[0] if view.to_act else view.starter,
        bag=bag,
        lid=lid,
        factories=view.factories,
        centre=view.centre,
        marker_in_centre=view.marker_in_centre,
        marker_holder=view.marker_holder,
        boards=view.boards,
        end_reason="" if view.phase != "over" else "ended",
    )
