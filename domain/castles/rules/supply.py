"""What the supply still holds for sale besides the rooms on the board: stairs and hallways.

Buying, the free-corridor reward and the stalemate check all ask it, so it sits below all
three (``flow`` must not import ``buying``, which hands its turn back to ``flow``)."""

from __future__ import annotations

from domain.castles import data
from domain.castles.state import CastlesState


def corridor_pieces(state: CastlesState) -> list[int]:
    """Stairs while any remain; a hallway with either face up while any remain (RULES.md:
    both faces come from the one hallway stack)."""
    out = []
    if state.stairs > 0:
        out.append(data.STAIRS)
    if state.hallways > 0:
        out += [data.HALLWAY, data.DARK_HALLWAY]
    return out
