"""The default docs page at ``/docs`` and the docs UIs' own files (see service/api/docs.py).

Redoc's bundle is served at its usual path (``/docs/assets/redoc/redoc.standalone.js``) by
:func:`redoc_bundle`, ahead of the static files, less the one thing it would load from
another host: its sidebar's Redocly logo, an ``<img>`` of ``cdn.redoc.ly``. The vendored file
stays as npm ships it (docs_assets/README.md)."""

from __future__ import annotations

import functools
import re

from litestar import Request, Response, get
from litestar._openapi.plugin import OpenAPIPlugin  # pinned to litestar 2.x
from litestar.static_files import create_static_files_router

from service.api.docs import ASSETS, PREFIX, REDOC

REDOC_BUNDLE = "redoc/redoc.standalone.js"
CDN_LOGO = re.compile(
    rb'\w+\?\w+\.createElement\("img",\{alt:"redocly logo",onError:[^}]*'
    rb'src:"https://cdn\.redoc\.ly/redoc/logo-mini\.svg"\}\):null'
)
"""The logo's element, rendered as nothing instead (the "API docs by Redocly" link stays).
Minified names differ between builds, hence a pattern."""


@functools.cache
def redoc_script() -> bytes:
    """The vendored bundle without the CDN logo; fails loudly when an update of Redoc no
    longer matches, rather than loading from the CDN again."""
    bundle = (ASSETS / REDOC_BUNDLE).read_bytes()
    patched, found = CDN_LOGO.subn(b"null", bundle)
    if found != 1 or b"cdn.redoc.ly" in patched:
        raise RuntimeError("Redoc's bundle changed: update CDN_LOGO in service/api/routes/docs.py")
    return patched


@get("/docs", include_in_schema=False, media_type="text/html", sync_to_thread=False)
def docs_page(request: Request) -> Response[bytes]:
    """The default docs UI: the same page as ``/schema``."""
    document = request.app.plugins.get(OpenAPIPlugin).provide_openapi_schema()
    return Response(
        REDOC.render(request, document),
        media_type="text/html",
        headers={"Cache-Control": "no-cache"},
    )


@get(f"{PREFIX}/{REDOC_BUNDLE}", include_in_schema=False, sync_to_thread=False)
def redoc_bundle() -> Response[bytes]:
    return Response(
        redoc_script(),
        media_type="text/javascript",
        headers={"Cache-Control": "public, max-age=3600"},
    )


assets = create_static_files_router(
    path=PREFIX, directories=[ASSETS], include_in_schema=False, name="docs_assets"
)

ROUTES = [docs_page, redoc_bundle, assets]
