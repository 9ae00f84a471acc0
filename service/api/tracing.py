"""OpenTelemetry tracing, off unless configured: ``OTEL_EXPORTER_OTLP_ENDPOINT`` (or
``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``) is set, or ``GAMESTATE_TRACING=1``
(``Settings.tracing``, service/support/config.py).

When on, every HTTP request is a server span (the standard ASGI instrumentation,
``opentelemetry-instrumentation-asgi``, outermost, so incoming ``traceparent`` headers are
honoured), named ``METHOD /route/{template}`` with the request id as an attribute, and every
SQL statement run while handling it is a child span (``opentelemetry-instrumentation-psycopg``):
a request can be followed into the database. Spans go to an OTLP/HTTP exporter configured by
the standard ``OTEL_*`` variables (endpoint, headers, ``OTEL_SERVICE_NAME``, sampling with
``OTEL_TRACES_SAMPLER``). Nothing of OpenTelemetry is imported while tracing is off."""

from __future__ import annotations

import os
from typing import Any

from litestar.types import ASGIApp, Message, Receive, Scope, Send

SERVICE_NAME = "gamestate"
EXCLUDED_URLS = "/health,/metrics"
"""Probes and scrapes are not traced (comma-separated regular expressions, as the ASGI
instrumentation takes them)."""


def tracer_provider_from_env() -> Any:
    """A tracer provider exporting over OTLP/HTTP in batches, as the ``OTEL_*`` variables
    say; also made the global provider."""
    from opentelemetry import trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    resource = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", SERVICE_NAME)})
    provider = TracerProvider(resource=resource)
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)
    return provider


def instrument_psycopg(provider: Any) -> None:
    """Every psycopg connection opened from now on traces its statements."""
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor

    instrumentor = PsycopgInstrumentor()
    if not instrumentor.is_instrumented_by_opentelemetry:
        instrumentor.instrument(tracer_provider=provider)


def uninstrument_psycopg() -> None:
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor

    instrumentor = PsycopgInstrumentor()
    if instrumentor.is_instrumented_by_opentelemetry:
        instrumentor.uninstrument()


class _RouteName:
    """Inside the server span: when the response starts (the app has routed the request by
    then), the span is named after the route template (bounded cardinality, like the
    metrics) and given the request id. A request with no recording span (probes and scrapes,
    or not sampled) runs with instrumentation suppressed, so its SQL makes no root spans."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        from opentelemetry import trace
        from opentelemetry.instrumentation.utils import suppress_instrumentation

        span = trace.get_current_span()
        if not span.is_recording():
            with suppress_instrumentation():
                await self.app(scope, receive, send)
            return

        async def named(message: Message) -> None:
            if message["type"] == "http.response.start":
                template = scope.get("path_template")
                if template:
                    span.update_name(f"{scope['method']} {template}")
                    span.set_attribute("http.route", template)
                request_id = next((v for k, v in scope["headers"] if k == b"x-request-id"), None)
                if request_id is not None:
                    span.set_attribute("gamestate.request_id", request_id.decode())
            await send(message)

        await self.app(scope, receive, named)


def traced(app: ASGIApp, provider: Any) -> ASGIApp:
    """``app`` inside the standard OpenTelemetry ASGI middleware."""
    from opentelemetry.instrumentation.asgi import OpenTelemetryMiddleware

    return OpenTelemetryMiddleware(
        _RouteName(app),
        tracer_provider=provider,
        excluded_urls=EXCLUDED_URLS,
        exclude_spans=["receive", "send"],  # one span per request, not one per ASGI message
    )
