"""OpenTelemetry tracing: off unless configured; when on, a request is a server span named
after its route, and the SQL it runs are child spans in the same trace (in-memory exporter)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from service.support.config import tracing_enabled
from tests.conftest import ADMIN_KEY


@pytest.mark.parametrize(
    ("environ", "enabled"),
    [
        ({}, False),
        ({"GAMESTATE_TRACING": "1"}, True),
        ({"GAMESTATE_TRACING": "true"}, True),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"}, True),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://collector:4318/v1/traces"}, True),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318", "GAMESTATE_TRACING": "0"}, False),
        ({"GAMESTATE_TRACING": ""}, False),
    ],
)
def test_tracing_is_off_unless_configured(environ: dict[str, str], enabled: bool) -> None:
    assert tracing_enabled(environ) is enabled


def test_without_a_tracer_provider_the_app_is_not_instrumented() -> None:
    from opentelemetry.instrumentation.asgi import OpenTelemetryMiddleware
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor

    from service.api.app import create_app
    from service.api.observability import Observability

    app = create_app("postgresql://unused", admin_key="k")
    assert isinstance(app.asgi_handler, Observability)
    assert not isinstance(app.asgi_handler, OpenTelemetryMiddleware)
    assert not PsycopgInstrumentor().is_instrumented_by_opentelemetry


@pytest.fixture
def traced(database_url: str) -> Iterator[tuple[Any, Any]]:
    from litestar.testing import TestClient
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from service.api.app import create_app
    from service.api.tracing import uninstrument_psycopg

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    app = create_app(database_url, admin_key=ADMIN_KEY, tracer_provider=provider)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client, exporter
    finally:
        uninstrument_psycopg()
        provider.shutdown()


def _server_span(exporter: Any, name: str) -> Any:
    from opentelemetry.trace import SpanKind

    found = [
        s for s in exporter.get_finished_spans() if s.kind == SpanKind.SERVER and s.name == name
    ]
    assert found, [s.name for s in exporter.get_finished_spans()]
    return found[-1]


def _descendants(exporter: Any, root: Any) -> list[Any]:
    spans = [
        s for s in exporter.get_finished_spans() if s.context.trace_id == root.context.trace_id
    ]
    by_parent: dict[int, list[Any]] = {}
    for span in spans:
        if span.parent is not None:
            by_parent.setdefault(span.parent.span_id, []).append(span)
    out, todo = [], [root.context.span_id]
    while todo:
        for child in by_parent.get(todo.pop(), []):
            out.append(child)
            todo.append(child.context.span_id)
    return out


def test_a_request_is_followed_into_the_database(traced: tuple[Any, Any]) -> None:
    client, exporter = traced
    created = client.post(
        "/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}], "seed": "t"}
    )
    assert created.status_code == 201
    exporter.clear()
    game_id = created.json()["id"]
    answer = client.get(f"/games/{game_id}", headers={"X-Request-ID": "trace-me-1"})
    assert answer.status_code == 200
    server = _server_span(exporter, "GET /games/{game_id}")
    assert server.attributes["http.route"] == "/games/{game_id}"
    assert server.attributes["http.status_code"] == 200
    assert server.attributes["gamestate.request_id"] == "trace-me-1"
    database = [
        s for s in _descendants(exporter, server) if s.attributes.get("db.system") == "postgresql"
    ]
    assert database, "the request's SQL statements are spans of its trace"


def test_an_incoming_traceparent_is_continued(traced: tuple[Any, Any]) -> None:
    client, exporter = traced
    trace_id = "4bf92f3577b34da6a3ce929d0e0e4736"
    answer = client.get(
        "/games/types", headers={"traceparent": f"00-{trace_id}-00f067aa0ba902b7-01"}
    )
    assert answer.status_code == 200
    server = _server_span(exporter, "GET /games/types")
    assert f"{server.context.trace_id:032x}" == trace_id


def test_probes_and_scrapes_are_not_traced(traced: tuple[Any, Any]) -> None:
    """No server span for /health and /metrics, and the SQL they run (the active games count
    of /metrics) makes no span either. (Background work, such as the start-up reconciliation
    of tournaments or the live listener, has root spans of its own.)"""
    from opentelemetry.trace import SpanKind

    client, exporter = traced
    exporter.clear()
    assert client.get("/health").status_code == 200
    assert client.get("/metrics").status_code == 200
    spans = exporter.get_finished_spans()
    assert not [s.name for s in spans if s.kind == SpanKind.SERVER]
    statements = [str(s.attributes.get("db.statement", "")) for s in spans]
    assert not [q for q in statements if "count(*) FROM streams" in q], statements
