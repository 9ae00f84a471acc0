"""The docs UIs, served by the service itself with no CDN: Redoc (the default, at ``/docs``,
``/schema`` and ``/schema/redoc``) and Swagger UI (``/schema/swagger``, for trying requests
out); the document is at ``/schema/openapi.json``. Their files are vendored in
``service/api/docs_assets/`` with their licences (Redoc 2.5.4 and swagger-ui-dist 5.35.0, from
npm; see the README there) and served under ``/docs/assets/`` (routes/docs.py).

Redoc is the default because it renders a tagged union by its ``discriminator``: a command,
event or view shows a selector of its types by tag, each with its own fields, where Swagger
UI lists the members of a ``oneOf`` without their tags.

The pages are Litestar's, rewritten without inline script or style (their start-up is in
``docs_assets/gamestate/``, and they load the document from ``/schema/openapi.json``), so
that they are sent with as strict a Content-Security-Policy as the viewer's
(:class:`DocsHeaders`). What the policy allows beyond the viewer's, and why:
``style-src 'nonce-…'``, a nonce drawn per page for the ``<style>`` elements Redoc writes
(it is given the nonce and puts it on them); ``worker-src blob:``, Redoc's search index,
which runs in a worker made from a script in its bundle. Nothing from another host."""

from __future__ import annotations

import html
import secrets
from pathlib import Path
from typing import Any

from litestar import Request, Router
from litestar.openapi.plugins import OpenAPIRenderPlugin, RedocRenderPlugin, SwaggerRenderPlugin
from litestar.types import ASGIApp, Message, Receive, Scope, Send

ASSETS = Path(__file__).resolve().with_name("docs_assets")
PREFIX = "/docs/assets"
SPEC_URL = "/schema/openapi.json"
NONCE = "gamestate.csp_nonce"
"""The scope key of a docs page's nonce (set by :class:`DocsHeaders`, used by the pages)."""


REDOC_STYLES = (
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",
)
"""The two ``<style>`` elements Redoc's bundle writes as it loads, before it is given the
nonce (an empty one, and its scrollbar's rules): allowed by their hashes, which Chromium
names when it blocks them. They change only with the vendored Redoc."""


def csp(nonce: str) -> str:
    return (
        "default-src 'self'; script-src 'self';"
        f" style-src 'self' 'nonce-{nonce}' {' '.join(REDOC_STYLES)};"
        " img-src 'self' data:; connect-src 'self'; worker-src blob:; object-src 'none';"
        " base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def _page(request: Request, title: str, head: str, body: str) -> bytes:
    nonce = request.scope.get(NONCE, "")  # type: ignore[call-overload]
    return (
        "<!DOCTYPE html><html><head>"
        f'<title>{html.escape(title)}</title><meta charset="utf-8"/>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="stylesheet" href="{PREFIX}/gamestate/docs.css">{head}</head>'
        f"<body>{body.replace('{nonce}', html.escape(nonce))}</body></html>"
    ).encode()


class Redoc(RedocRenderPlugin):
    def render(self, request: Request, openapi_schema: dict[str, Any]) -> bytes:
        return _page(
            request,
            openapi_schema["info"]["title"],
            f'<script src="{self.js_url}"></script>',
            '<div id="redoc-container"></div>'
            f'<script src="{PREFIX}/gamestate/redoc-init.js" nonce="{{nonce}}"'
            f' data-spec="{SPEC_URL}"></script>',
        )


class Swagger(SwaggerRenderPlugin):
    def render(self, request: Request, openapi_schema: dict[str, Any]) -> bytes:
        return _page(
            request,
            openapi_schema["info"]["title"],
            f'<link rel="stylesheet" href="{self.css_url}">'
            f'<script src="{self.js_url}"></script>'
            f'<script src="{self.standalone_preset_js_url}"></script>',
            '<div id="swagger-container"></div>'
            f'<script src="{PREFIX}/gamestate/swagger-init.js" data-spec="{SPEC_URL}"></script>',
        )

    def receive_router(self, router: Router) -> None:
        """No ``/schema/oauth2-redirect.html`` (Swagger UI's OAuth2 sign-in page, an inline
        script): the service signs nobody in with OAuth2, callers send bearer tokens."""


REDOC = Redoc(
    path=["/", "/redoc"],
    js_url=f"{PREFIX}/redoc/redoc.standalone.js",
    google_fonts=False,
    favicon="",
)
SWAGGER = Swagger(
    path="/swagger",
    js_url=f"{PREFIX}/swagger-ui/swagger-ui-bundle.js",
    css_url=f"{PREFIX}/swagger-ui/swagger-ui.css",
    standalone_preset_js_url=f"{PREFIX}/swagger-ui/swagger-ui-standalone-preset.js",
    favicon="",
)


def _is_docs(path: str) -> bool:
    return path in ("/docs", "/schema") or path.startswith(("/docs/", "/schema/"))


class DocsHeaders:
    """ASGI middleware: every answer under ``/docs`` and ``/schema`` (pages, assets, the
    document, their 404s) carries the docs' Content-Security-Policy with a fresh nonce,
    ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``, as the
    viewer's pages do (service/api/routes/viewer.py)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_docs(scope["path"]):
            await self.app(scope, receive, send)
            return
        nonce = secrets.token_urlsafe(16)
        scope[NONCE] = nonce  # type: ignore[literal-required]
        headers = [
            (b"content-security-policy", csp(nonce).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in {name for name, _ in headers}
                ]
                message["headers"] = [*kept, *headers]
            await send(message)

        await self.app(scope, receive, sending)


def render_plugins() -> list[OpenAPIRenderPlugin]:
    return [REDOC, SWAGGER]
