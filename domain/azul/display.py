"""What the viewer and the command line need to show Azul: the printed components (for
board.js) and the running scores of a view."""

from __future__ import annotations

from typing import Any

from domain.azul import data


def components(pack: str) -> dict[str, Any]:
    return {
        "colours": data.COLOURS,
        "wall": data.WALL_PATTERN,
        "floor_penalties": data.FLOOR_PENALTIES,
    }


def view_scores(view: dict[str, Any], players: int) -> list[int | None]:
    return [board.get("score") for board in view.get("boards", ())]


TIEBREAK_LABELS = (("complete wall rows", False),)
