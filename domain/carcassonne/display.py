"""What the viewer and the command line need to show Carcassonne: the printed components
(tile edges and segments, for board.js) and the running scores of a view."""

from __future__ import annotations

from typing import Any

from domain.carcassonne import data


def _oriented(o: data.Oriented) -> dict[str, Any]:
    segments = [
        {"kind": s.kind, "name": s.name, "ports": s.ports, "shield": s.shield} for s in o.segments
    ]
    return {"edges": o.edges, "river": o.river, "segments": segments}


def components(pack: str) -> dict[str, Any]:
    return {
        "tiles": {
            code: {"set": t.set, "rotations": [_oriented(o) for o in t.rotations]}
            for code, t in data.TILES.items()
        }
    }


def view_scores(view: dict[str, Any], players: int) -> list[int | None]:
    return list(view.get("scores", ()))


TIEBREAK_LABELS: tuple[tuple[str, bool], ...] = ()
