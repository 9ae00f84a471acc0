"""The replay and spectator viewer: static pages (``service/api/viewer/``) that read the
public API from the browser. See docs/viewer.md.

Every page is the same ``index.html``; its script reads the path. Besides the files, the
routes serve what each served game ships for the viewer (its ``GameSpec``): the board
script (``/viewer/boards/{slug}.js``; a game without one gets the generic page, its view as
a structured tree) and its printed components (tile edges, room shapes, the board's spaces)
as JSON, derived from the game's own data so that the drawings never copy rules data. No
game is named here."""

from __future__ import annotations

import functools
import uuid
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from litestar import Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.params import Parameter
from litestar.static_files import create_static_files_router

from domain._kernel import DomainError
from domain.registry import GAMES
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


# -- the games: boards and components ---------------------------------------------------------


@get("/games.json", cache_control=CacheControlHeader(no_cache=True))
async def served_games() -> dict[str, Any]:
    """What the page needs to show each served game: its board script (null: the generic
    page, the view as a structured tree), whether it has printed components, and its event
    types (the live stream's event names)."""
    return {
        slug: {
            "title": spec.title,
            "board": f"/viewer/boards/{slug}.js" if spec.viewer_script else None,
            "components": spec.viewer_components is not None,
            "events": [cls.__struct_config__.tag for cls in spec.event_classes],
        }
        for slug, spec in GAMES.items()
    }


@functools.cache
def board_script(game: str) -> bytes | None:
    """The board script a game ships (``GameSpec.viewer_script``: a file of its package)."""
    spec = GAMES.get(game)
    if spec is None or spec.viewer_script is None:
        return None
    package, name = spec.viewer_script
    return resources.files(package).joinpath(name).read_bytes()


@get("/boards/{game:str}", cache_control=CacheControlHeader(no_cache=True))
async def game_board(game: Annotated[str, Parameter()]) -> Response:
    slug, _, suffix = game.rpartition(".")
    script = board_script(slug) if suffix == "js" else None
    if script is None:
        raise not_found("board")
    return Response(script, media_type="text/javascript; charset=utf-8")


@functools.cache
def components(game: str, pack: str) -> dict[str, Any]:
    spec = GAMES[game]
    assert spec.viewer_components is not None
    return spec.viewer_components(pack)


@get("/components/{game:str}", cache_control=CacheControlHeader(max_age=3600))
async def game_components(
    game: Annotated[str, Parameter()],
    pack: Annotated[str, Parameter(pattern="^[a-z0-9][a-z0-9_-]{0,39}$")] = "standard",
) -> dict[str, Any]:
    spec = GAMES.get(game)
    if spec is None or spec.viewer_components is None:
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
            served_games,
            game_board,
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
