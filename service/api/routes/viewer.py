"""The replay and spectator viewer: static pages (``service/api/viewer/``) that read the
public API from the browser. See docs/viewer.md.

Every page is the same ``index.html``; its script reads the path. Besides the files, one
route serves each game's printed components (tile edges, room shapes, the board's spaces)
as JSON, derived from ``domain`` so that the drawings never copy rules data. It holds no
game state: what a game's view names by id, this says how to draw."""

from __future__ import annotations

import functools
import uuid
from pathlib import Path
from typing import Annotated, Any

from litestar import Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.params import Parameter
from litestar.static_files import create_static_files_router

from domain._kernel import DomainError
from domain.azul import data as azul
from domain.carcassonne import data as carcassonne
from domain.castles import data as castles
from domain.splendor import data as splendor
from domain.three_kingdoms import data as three_kingdoms
from domain.three_kingdoms.rules.common import all_spaces, criterion
from domain.three_kingdoms.state import GameState
from service.support.errors import not_found

FILES = Path(__file__).resolve().parent.parent / "viewer"

# Nothing from another origin, no inline script or style, no plugins, no framing.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self';"
    " frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _secure(response: Response) -> Response:
    response.headers.update(HEADERS)
    return response


def _page() -> Response:
    index = (FILES / "index.html").read_bytes()
    return Response(index, media_type="text/html", headers={"Cache-Control": "no-cache"})


@get("/")
async def list_page() -> Response:
    return _page()


@get("/games/{game_id:uuid}")
async def game_page(game_id: Annotated[uuid.UUID, Parameter()]) -> Response:
    return _page()


@get("/tournaments/{tournament_id:uuid}")
async def tournament_page(tournament_id: Annotated[uuid.UUID, Parameter()]) -> Response:
    return _page()


# -- components ------------------------------------------------------------------------------


def _azul() -> dict[str, Any]:
    return {
        "colours": azul.COLOURS,
        "wall": azul.WALL_PATTERN,
        "floor_penalties": azul.FLOOR_PENALTIES,
    }


def _splendor() -> dict[str, Any]:
    return {"colours": [*splendor.COLOURS, splendor.GOLD]}


def _carcassonne() -> dict[str, Any]:
    def oriented(o: carcassonne.Oriented) -> dict[str, Any]:
        segments = [
            {"kind": s.kind, "name": s.name, "ports": s.ports, "shield": s.shield}
            for s in o.segments
        ]
        return {"edges": o.edges, "river": o.river, "segments": segments}

    return {
        "tiles": {
            code: {"set": t.set, "rotations": [oriented(o) for o in t.rotations]}
            for code, t in carcassonne.TILES.items()
        }
    }


def _castles() -> dict[str, Any]:
    k = castles.K

    def shape(s: castles.Shape) -> dict[str, Any]:
        # Unpack the packed cells and wall segments (see domain/castles/data.py).
        return {
            "width": s.width,
            "height": s.height,
            "cells": [(c % k, c // k) for c in s.cells],
            "corners": [(c % k, c // k, corner) for c, corner, _ in s.corners],
            "walls": [(w % 4, w // 4 % k, w // 4 // k) for w in s.walls],
            "doors": [d.rel for d in s.doors],
        }

    return {
        "sizes": castles.SIZES,
        "favors": castles.COMPONENTS["favors"],
        "pieces": {
            p.id: {
                "name": p.name,
                "type": p.type,
                "size": p.size,
                "points": p.points,
                "floor": p.floor,
                "rotations": [shape(s) for s in p.rotations],
            }
            for p in castles.PIECES.values()
        },
    }


def _three_kingdoms(pack_name: str) -> dict[str, Any]:
    cat = three_kingdoms.catalog(pack_name)
    pack = cat.pack
    state = GameState(pack=pack_name)
    return {
        "kingdoms": [{"id": k.id, "name": k.name, "tribe": k.tribe} for k in pack.kingdoms],
        "borders": [
            {"id": b.id, "kingdoms": b.kingdoms, "regions": b.regions} for b in pack.borders
        ],
        "spaces": [{"id": s, "criterion": criterion(state, s)} for s in all_spaces(cat)],
        "offices": [o.name for o in pack.tracks.offices],
        "tribe": [pack.tracks.tribe_min, pack.tracks.tribe_max],
    }


COMPONENTS = {
    "azul": _azul,
    "splendor": _splendor,
    "carcassonne": _carcassonne,
    "castles": _castles,
}


@functools.cache
def components(game: str, pack: str) -> dict[str, Any]:
    if game == "three_kingdoms":
        return _three_kingdoms(pack)
    return COMPONENTS[game]()


@get("/components/{game:str}", cache_control=CacheControlHeader(max_age=3600))
async def game_components(
    game: Annotated[str, Parameter()],
    pack: Annotated[str, Parameter(pattern="^[a-z0-9][a-z0-9_-]{0,39}$")] = "standard",
) -> dict[str, Any]:
    if game not in COMPONENTS and game != "three_kingdoms":
        raise not_found("component")
    try:
        return components(game, pack)
    except DomainError:  # an unknown content pack
        raise not_found("component") from None


ROUTES = [
    Router(
        "/viewer",
        route_handlers=[
            list_page,
            game_page,
            tournament_page,
            game_components,
            create_static_files_router(
                "/static",
                directories=[FILES],
                cache_control=CacheControlHeader(no_cache=True),
                include_in_schema=False,
            ),
        ],
        after_request=_secure,
        include_in_schema=False,
    )
]
