"""The default docs page at ``/docs`` and the docs UIs' own files (see service/api/docs.py)."""

from __future__ import annotations

from litestar import Request, Response, get
from litestar._openapi.plugin import OpenAPIPlugin  # pinned to litestar 2.x
from litestar.static_files import create_static_files_router

from service.api.docs import ASSETS, PREFIX, REDOC, REDOC_SCRIPT, redoc_script


@get("/docs", include_in_schema=False, media_type="text/html", sync_to_thread=False)
def docs_page(request: Request) -> Response[bytes]:
    """The default docs UI: the same page as ``/schema``."""
    document = request.app.plugins.get(OpenAPIPlugin).provide_openapi_schema()
    return Response(
        REDOC.render(request, document),
        media_type="text/html",
        headers={"Cache-Control": "no-cache"},
    )


@get(REDOC_SCRIPT, include_in_schema=False, sync_to_thread=False)
def redoc_bundle() -> Response[bytes]:
    """Redoc, with nothing in it that fetches from another host (service/api/docs.py)."""
    return Response(
        redoc_script(),
        media_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "public, max-age=3600"},
    )


assets = create_static_files_router(
    path=PREFIX, directories=[ASSETS], include_in_schema=False, name="docs_assets"
)

ROUTES = [docs_page, redoc_bundle, assets]
