"""What the viewer and the command line need to show Castles of Mad King Ludwig: the printed
components (room shapes, for board.js) and the running scores of a view."""

from __future__ import annotations

from typing import Any

from domain.castles import data


def _shape(s: data.Shape) -> dict[str, Any]:
    k = data.K
    # Unpack the packed cells and wall segments (see domain/castles/data.py).
    return {
        "width": s.width,
        "height": s.height,
        "cells": [(c % k, c // k) for c in s.cells],
        "corners": [(c % k, c // k, corner) for c, corner, _ in s.corners],
        "walls": [(w % 4, w // 4 % k, w // 4 // k) for w in s.walls],
        "doors": [d.rel for d in s.doors],
    }


def components(pack: str) -> dict[str, Any]:
    return {
        "sizes": data.SIZES,
        "favors": data.COMPONENTS["favors"],
        "pieces": {
            p.id: {
                "name": p.name,
                "type": p.type,
                "size": p.size,
                "points": p.points,
                "floor": p.floor,
                "rotations": [_shape(s) for s in p.rotations],
            }
            for p in data.PIECES.values()
        },
    }


def view_scores(view: dict[str, Any], players: int) -> list[int | None]:
    return [seat.get("score") for seat in view.get("seats", ())]


TIEBREAK_LABELS = (("castle size in square feet", False),)
