"""What the service's viewer and command line need to show Hearts besides the view: the board
script (``board.js``, a file of this package) and the running totals of a view."""

from __future__ import annotations

from typing import Any


def view_scores(view: dict[str, Any], players: int) -> list[int | None]:
    """Each seat's total so far (lower is better), for ``gamestate replay``."""
    return [seat.get("total") for seat in view.get("seats", ())]
