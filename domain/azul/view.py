"""What a seat sees. Only the bag's contents are hidden (its size is shown).

In Azul the bag's composition can always be worked out from public information (100 tiles,
20 per colour, everything else on the table or on the lid is visible), and no event names
the order in which the bag will be drawn (draws happen in ``decide`` with the game's Rng).
So no event needs blanking and re-drawing the hidden part cannot change anything: the only
bag consistent with a view is the real one, and its order does not exist in the state."""

from __future__ import annotations

from domain._kernel import Rng, View
from domain.azul.data import COLOURS
from domain.azul.events import AzulEvent
from domain.azul.rules import to_act
from domain.azul.state import AzulState, Board


class AzulView(View, tag="azul"):
    viewer: int | None
    players: int
    grey_wall: bool
    phase: str
    round: int
    to_act: tuple[int, ...]
    starter: int
    factories: tuple[tuple[str, ...], ...]
    centre: tuple[str, ...]
    marker_in_centre: bool
    marker_holder: int | None
    bag_size: int
    lid: dict[str, int]
    boards: tuple[Board, ...]


def view(state: AzulState, viewer: int | None) -> AzulView:
    return AzulView(
        viewer=viewer,
        players=state.players,
        grey_wall=state.grey_wall,
        phase=state.phase,
        round=state.round,
        to_act=to_act(state),
        starter=state.starter,
        factories=state.factories,
        centre=state.centre,
        marker_in_centre=state.marker_in_centre,
        marker_holder=state.marker_holder,
        bag_size=sum(state.bag),
        lid=dict(zip(COLOURS, state.lid, strict=True)),
        boards=state.boards,
    )


def redact(event: AzulEvent, viewer: int | None) -> AzulEvent:
    return event


def resample_hidden(state: AzulState, viewer: int | None, rng: Rng) -> AzulState:
    return state
