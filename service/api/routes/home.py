"""The service's front door: ``GET /`` says where everything is (JSON, so a program can follow
the links too, and nothing a browser runs: no CSP question), and ``/favicon.ico`` answers
with the viewer's icon, so no page of the service asks for a file that is not there."""

from __future__ import annotations

import msgspec
from litestar import Response, get

from service.api.routes.viewer import FILES, HEADERS


class ServiceLinks(msgspec.Struct, kw_only=True):
    docs: str
    """The API reference (Redoc; Swagger UI at ``/schema/swagger``)."""
    openapi: str
    """The OpenAPI document itself."""
    viewer: str
    """Replays and live games in a browser."""
    game_types: str
    """The games this service serves, with their options."""
    health: str
    """Liveness (``/health/ready``: readiness)."""


class ServiceIndex(msgspec.Struct, kw_only=True):
    """Where things are."""

    service: str
    links: ServiceLinks
    guide: str
    """Where the guide is: the docs/ folder of the source tree."""


INDEX = ServiceIndex(
    service="gamestate: an event-sourced board-game state service",
    links=ServiceLinks(
        docs="/docs",
        openapi="/schema/openapi.json",
        viewer="/viewer/",
        game_types="/games/types",
        health="/health",
    ),
    guide="docs/ in the source tree (Markdown pages: live streams, tournaments, players, ...)",
)


@get(
    "/",
    operation_id="getServiceIndex",
    tags=["operations"],
    summary="Where things are: the API reference, the viewer, the game catalogue, health",
    sync_to_thread=False,
)
def index() -> ServiceIndex:
    return INDEX


@get("/favicon.ico", include_in_schema=False, sync_to_thread=False)
def favicon() -> Response[bytes]:
    # An SVG under the name browsers ask for by default; the pages also link it by its type.
    return Response(
        (FILES / "favicon.svg").read_bytes(),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400", **HEADERS},
    )


ROUTES = [index, favicon]
