"""The docs UIs, served by the service itself with no CDN: Redoc (the default, at ``/docs``,
``/schema`` and ``/schema/redoc``) and Swagger UI (``/schema/swagger``, for trying requests
out); the document is at ``/schema/openapi.json``. Their files are vendored in
``service/api/docs_assets/`` with their licences (Redoc 2.5.4 and swagger-ui-dist 5.35.0, from
npm; see the README there) and served under ``/docs/assets/`` (routes/docs.py).

Redoc is the default because it renders a tagged union by its ``discriminator``: a command,
event or view shows a selector of its types by tag, each with its own fields, where Swagger
UI lists the members of a ``oneOf`` without their tags."""

from __future__ import annotations

from pathlib import Path

from litestar.openapi.plugins import OpenAPIRenderPlugin, RedocRenderPlugin, SwaggerRenderPlugin

ASSETS = Path(__file__).resolve().with_name("docs_assets")
PREFIX = "/docs/assets"

REDOC = RedocRenderPlugin(
    path=["/", "/redoc"],
    js_url=f"{PREFIX}/redoc/redoc.standalone.js",
    google_fonts=False,
    favicon="",
)
SWAGGER = SwaggerRenderPlugin(
    path="/swagger",
    js_url=f"{PREFIX}/swagger-ui/swagger-ui-bundle.js",
    css_url=f"{PREFIX}/swagger-ui/swagger-ui.css",
    standalone_preset_js_url=f"{PREFIX}/swagger-ui/swagger-ui-standalone-preset.js",
    favicon="",
)


def render_plugins() -> list[OpenAPIRenderPlugin]:
    return [REDOC, SWAGGER]
