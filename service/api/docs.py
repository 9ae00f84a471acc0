"""The docs UIs, served by the service itself with no CDN: Redoc (the default, at ``/docs``,
``/schema`` and ``/schema/redoc``) and Swagger UI (``/schema/swagger``, for trying requests
out); the document is at ``/schema/openapi.json``. Their files are vendored in
``service/api/docs_assets/`` with their licences (Redoc 2.5.4 and swagger-ui-dist 5.35.0, from
npm; see the README there) and served under ``/docs/assets/`` (routes/docs.py).

Redoc is the default because it renders a tagged union by its ``discriminator``: a command,
event or view shows a selector of its types by tag, each with its own fields, where Swagger
UI lists the members of a ``oneOf`` without their tags."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from litestar.openapi.plugins import OpenAPIRenderPlugin, RedocRenderPlugin, SwaggerRenderPlugin

ASSETS = Path(__file__).resolve().with_name("docs_assets")
PREFIX = "/docs/assets"
REDOC_SCRIPT = "/docs/redoc.standalone.js"
"""Redoc's bundle as served (:func:`redoc_script`), not the vendored file as is."""
FAVICON = '<link rel="icon" href="/favicon.ico" type="image/svg+xml">'

REDOC = RedocRenderPlugin(
    path=["/", "/redoc"],
    js_url=REDOC_SCRIPT,
    google_fonts=False,
    favicon=FAVICON,
)
SWAGGER = SwaggerRenderPlugin(
    path="/swagger",
    js_url=f"{PREFIX}/swagger-ui/swagger-ui-bundle.js",
    css_url=f"{PREFIX}/swagger-ui/swagger-ui.css",
    standalone_preset_js_url=f"{PREFIX}/swagger-ui/swagger-ui-standalone-preset.js",
    favicon=FAVICON,
)

# The sidebar footer's Redocly logo, an <img> of https://cdn.redoc.ly/redoc/logo-mini.svg: the
# one thing the bundle fetches from another host. Rendered as nothing (the "API docs by
# Redocly" link stays). Minified names differ between builds, hence the pattern.
CDN_LOGO = re.compile(
    rb'\w+\?\w+\.createElement\("img",\{alt:"redocly logo",onError:[^}]*'
    rb'src:"https://cdn\.redoc\.ly/redoc/logo-mini\.svg"\}\):null'
)


@functools.cache
def redoc_script() -> bytes:
    """The vendored bundle (kept as npm ships it) without the CDN logo; fails loudly when an
    update of Redoc no longer matches, rather than fetching from the CDN again."""
    bundle = (ASSETS / "redoc" / "redoc.standalone.js").read_bytes()
    patched, found = CDN_LOGO.subn(b"null", bundle)
    if found != 1 or b"cdn.redoc.ly" in patched:
        raise RuntimeError("Redoc's bundle changed: update CDN_LOGO in service/api/docs.py")
    return patched


def render_plugins() -> list[OpenAPIRenderPlugin]:
    return [REDOC, SWAGGER]
