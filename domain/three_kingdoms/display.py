"""What the viewer and the command line need to show Three Kingdoms Redux: the printed
components of a content pack (the board's spaces, for board.js) and the running scores of a
view."""

from __future__ import annotations

from typing import Any

from domain.three_kingdoms import data
from domain.three_kingdoms.rules.common import all_spaces, criterion
from domain.three_kingdoms.state import GameState


def components(pack: str) -> dict[str, Any]:
    """Raises DomainError for a pack that is not loaded."""
    cat = data.catalog(pack)
    printed = cat.pack
    state = GameState(pack=pack)
    return {
        "kingdoms": [{"id": k.id, "name": k.name, "tribe": k.tribe} for k in printed.kingdoms],
        "borders": [
            {"id": b.id, "kingdoms": b.kingdoms, "regions": b.regions} for b in printed.borders
        ],
        "spaces": [{"id": s, "criterion": criterion(state, s)} for s in all_spaces(cat)],
        "offices": [o.name for o in printed.tracks.offices],
        "tribe": [printed.tracks.tribe_min, printed.tracks.tribe_max],
    }


def view_scores(view: dict[str, Any], players: int) -> list[int | None]:
    # Filled in by the final scoring only.
    cards = {card.get("seat"): card.get("total") for card in view.get("scores", ())}
    return [cards.get(seat) for seat in range(players)]


TIEBREAK_LABELS = (
    ("gold + rice", False),
    ("seat, Shu (2) before Wu (1) before Wei (0)", False),
)
