"""The committed OpenAPI document is the one the app generates, and it says what msgspec knows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import msgspec

from domain.registry import GAMES
from service.api.app import create_app
from service.api.openapi import component_name, plain_document
from tests.conftest import ADMIN_KEY

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


def _operations(doc: dict) -> list[tuple[str, str, dict]]:
    return [
        (path, method, operation)
        for path, operations in doc["paths"].items()
        for method, operation in operations.items()
    ]


def test_component_names_and_titles_are_unique_and_the_same() -> None:
    schemas = generated()["components"]["schemas"]
    titles = [schema.get("title") for schema in schemas.values()]
    assert titles == list(schemas)
    assert len(set(titles)) == len(titles)
    for name in ("AzulPlaceTile", "CarcassonnePlaceTile", "SplendorGameEnded", "CastlesSeatView"):
        assert name in schemas, name
    assert not [name for name in schemas if "_" in name]


def test_every_union_of_refs_is_tagged_with_a_mapping() -> None:
    untagged = []

    def walk(node, where):
        if isinstance(node, dict):
            members = node.get("oneOf")
            if isinstance(members, list) and sum("$ref" in m for m in members) > 1:
                mapping = node.get("discriminator", {}).get("mapping", {})
                refs = {m["$ref"] for m in members if "$ref" in m}
                if set(mapping.values()) != refs:
                    untagged.append(where)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(generated(), "")
    # A live stream's data is an event or the final `end`: the SSE `event:` field tells them
    # apart, not a property of the data.
    assert not [where for where in untagged if not where.endswith("/data/contentSchema")]


def test_answers_always_carry_their_fields_and_closed_sets_are_enums() -> None:
    schemas = generated()["components"]["schemas"]
    accepted = schemas["CommandAccepted"]
    assert {"to_act", "status", "version", "events", "legal_commands"} <= set(accepted["required"])
    assert accepted["properties"]["status"] == {"$ref": "#/components/schemas/GameStatus"}
    assert schemas["GameStatus"]["enum"] == ["waiting", "active", "finished", "cancelled"]
    assert schemas["GameSlug"]["enum"] == list(GAMES)
    for name in ("GameResource", "GameSummary", "GameCreated"):
        assert schemas[name]["properties"]["game"] == {"$ref": "#/components/schemas/GameSlug"}
    assert "format" in schemas["TournamentSummary"]["required"]
    # No blanket pattern on strings (NUL is refused by the validation layer instead).
    assert "^[^\\x00]*$" not in json.dumps(generated())


def test_operations_have_short_ids_and_known_tags() -> None:
    doc = generated()
    ids = [operation["operationId"] for _, _, operation in _operations(doc)]
    assert len(set(ids)) == len(ids)
    for expected in (
        "createGame", "listGames", "getGame", "submitCommand", "getLegalCommands", "listEvents",
        "streamEvents", "getViewAt", "getRecord", "importRecord", "auditGame", "createTournament",
        "resignSeat", "rejoinSeat", "abandonGame", "pauseTournamentClocks",
        "resumeTournamentClocks", "createPlayer", "getPlayer", "rotatePlayerToken",
        "revokePlayer", "streamPlayerNotifications", "registerPlayerWebhook",
        "listPlayerWebhookDeliveries", "registerTournamentWebhook",
    ):  # fmt: skip
        assert expected in ids, expected
    tags = {tag["name"] for tag in doc["tags"]}
    assert tags == {
        "games", "tournaments", "records", "live", "operations", "lifecycle", "players",
        "notifications", "lobby",
    }  # fmt: skip
    for _, _, operation in _operations(doc):
        assert operation["operationId"][0].islower() and "_" not in operation["operationId"]
        assert set(operation["tags"]) <= tags
    assert doc["servers"] and doc["info"]["version"].count(".") == 2


def _handlers() -> dict:
    app = create_app("postgresql://unused", admin_key="x")
    return {
        handler.operation_id: handler
        for route in app.routes
        for handler in getattr(route, "route_handlers", [])
        if isinstance(handler.operation_id, str)
    }


def test_every_request_body_has_an_example_its_route_and_its_schema_accept() -> None:
    doc = generated()
    handlers = _handlers()
    validator_for = jsonschema.Draft202012Validator
    for _, _, operation in _operations(doc):
        if "requestBody" not in operation:
            continue
        media = operation["requestBody"]["content"]["application/json"]
        assert "example" in media, operation["operationId"]
        example = media["example"]
        body_type = handlers[operation["operationId"]].opt["body"]
        msgspec.json.decode(json.dumps(example).encode(), type=body_type, strict=True)
        schema = {**media["schema"], "components": doc["components"]}
        errors = list(validator_for(schema).iter_errors(example))
        assert not errors, (operation["operationId"], errors[0].message)


def test_the_record_example_is_a_real_record_that_imports(client) -> None:
    record = json.loads(COMMITTED.read_text())["paths"]["/games/import"]["post"]["requestBody"]
    answer = client.post(
        "/games/import",
        json=record["content"]["application/json"]["example"],
        headers={"Authorization": f"Bearer {ADMIN_KEY}"},  # imports need a key
    )
    assert answer.status_code == 201, answer.text


def test_nul_is_refused_with_400_although_no_schema_says_so(client) -> None:
    body = {"game": "azul", "seats": [{"name": "a\u0000b"}, {"name": "bob"}]}
    answer = client.post("/games", json=body)
    assert answer.status_code == 400
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["code"] == "malformed_request"


def test_the_docs_load_nothing_from_another_host(client) -> None:
    for path in ("/docs", "/schema", "/schema/redoc", "/schema/swagger"):
        page = client.get(path)
        assert page.status_code == 200, path
        html = page.text
        assert "text/html" in page.headers["content-type"]
        # Any absolute URL in an attribute (src, href) or a protocol-relative one.
        external = re.findall(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//[^"'\s>]+""", html)
        assert not external, (path, external)
        for asset in re.findall(r"""(?:src|href)\s*=\s*["'](/[^"']+)""", html):
            served = client.get(asset)
            assert served.status_code == 200, asset
            if asset.endswith((".js", ".css")):
                # Nothing the script or style would load: an image, a script, a style, a
                # font from an absolute URL (links a person may click are fine).
                fetched = re.findall(
                    rb"""(?:\bsrc\s*[:=]|\burl\(|@import)\s*["']?(?:https?:)?//[^"'\s)]+""",
                    served.content,
                )
                assert not fetched, (asset, fetched[:5])
                assert b"cdn." not in served.content, asset
    redoc = client.get("/docs").text
    assert "/docs/assets/redoc/redoc.standalone.js" in redoc


def test_an_optional_parameter_is_absent_or_a_value_never_null(client) -> None:
    for path in ("/games", "/tournaments"):
        assert client.get(path).status_code == 200
        assert client.get(path, params={"status": "null"}).status_code == 400
    assert client.get("/games", params={"status": "active", "game": "azul"}).status_code == 200
    assert client.get("/games", params={"game": "chess"}).status_code == 400
    # Every parameter, not a list per route: schemathesis found `timeout=null` on live streams.
    game = client.post("/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]})
    stream = f"/games/{game.json()['id']}/events/stream"
    # Each with a bound, so that a stream wrongly accepted ends at once and the test fails.
    for params in (
        {"timeout": "null", "until_version": 1},
        {"until_version": "null", "timeout": 1},
        {"after": "null", "timeout": 1},
    ):
        assert client.get(stream, params=params).status_code == 400, params
    # A player may be called "null": free text is taken as it is.
    assert client.get("/games", params={"player": "null"}).status_code == 200
