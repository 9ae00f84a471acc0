"""What the viewer and the command line need to show Splendor: the printed components (for
board.js) and the running scores of a view."""

from __future__ import annotations

from typing import Any

from domain.splendor import data


def components(pack: str) -> dict[str, Any]:
    return {"colours": [*data.COLOURS, data.GOLD]}


def view_scores(view: dict[str, Any], players: int) -> list[int | None]:
    return [seat.get("points") for seat in view.get("seats", ())]


TIEBREAK_LABELS = (
    ("development cards, fewer wins", True),
    ("nobles", False),
    ("tokens", False),
    ("seat, later wins", False),
)
