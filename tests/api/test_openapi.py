"""The committed OpenAPI document is the one the app generates, and it says what msgspec knows."""

from __future__ import annotations

import json
from pathlib import Path

from domain import GAMES
from service.api.app import create_app
from service.api.openapi import component_name, plain_document

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def generated() -> dict:
    return plain_document(create_app("postgresql://unused", admin_key="x"))


def test_the_committed_openapi_document_is_not_stale() -> None:
    assert json.loads(COMMITTED.read_text()) == generated(), (
        "run `make openapi` and commit openapi/openapi.json"
    )


def test_the_served_document_is_the_committed_one(client) -> None:
    assert client.get("/schema/openapi.json").json() == json.loads(COMMITTED.read_text())


def test_tagged_unions_carry_a_discriminator_and_commands_refuse_unknown_fields() -> None:
    doc = generated()
    schemas = doc["components"]["schemas"]
    command = schemas["SubmitCommand"]["properties"]["command"]
    if "oneOf" in command:
        assert command["discriminator"]["propertyName"] == "type"
        assert len(command["discriminator"]["mapping"]) == sum(
            len(s.command_classes) for s in GAMES.values()
        )
    for spec in GAMES.values():
        for cls in spec.command_classes:
            name = component_name(cls)
            assert schemas[name]["additionalProperties"] is False, name
    assert schemas["SubmitCommand"]["additionalProperties"] is False


def test_every_route_of_the_design_is_documented() -> None:
    paths = generated()["paths"]
    for path in (
        "/games/types",
        "/games",
        "/games/{game_id}",
        "/games/{game_id}/legal-commands",
        "/games/{game_id}/commands",
        "/games/{game_id}/events",
        "/games/{game_id}/views/{version}",
        "/games/{game_id}/record",
        "/games/import",
        "/games/{game_id}/audit",
        "/health",
    ):
        assert path in paths, path
