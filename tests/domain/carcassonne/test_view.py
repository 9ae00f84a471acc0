"""What players see: everything but the draw order."""

from domain._kernel import Rng
from domain.carcassonne import SPEC
from domain.carcassonne.events import DeckShuffled, TileDrawn
from domain.carcassonne.view import FollowerView, PlacedTileView

from .support import BLUE, RED, Given


def test_draw_order_is_redacted_for_every_viewer_and_draws_are_public():
    events = SPEC.start(SPEC.new_setup(3), Rng("seed", 0))
    for viewer in (None, 0, 1, 2):
        assert SPEC.redact(events[0], viewer) == DeckShuffled(tiles=())
        assert SPEC.redact(events[-1], viewer) == events[-1]
    assert isinstance(events[-1], TileDrawn)


def test_view_shows_board_followers_and_what_remains_but_not_the_order():
    state = Given().tile("F", 0, -1, 1, (RED, "city0")).drawn("E", seat=BLUE, rest=("B", "U", "B"))
    seen = SPEC.view(state, RED)
    assert seen.tiles == (PlacedTileView(0, 0, "D", 0), PlacedTileView(0, -1, "F", 1))
    assert seen.followers == (FollowerView(RED, 0, -1, "city0", "city"),)
    assert (seen.current, seen.turn, seen.pile) == ("E", BLUE, 3)
    assert seen.pile_contents == (("B", 2), ("U", 1))
    assert seen.supply == (6, 7)
    other = SPEC.resample_hidden(state, RED, Rng("x", 1))
    assert SPEC.view(other, RED) == seen
