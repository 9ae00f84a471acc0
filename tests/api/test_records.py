"""Records over HTTP: export a finished game, import it as a new game, audit both; forged and
damaged records are refused with the check that failed."""

from __future__ import annotations

import asyncio
import copy
import uuid

import msgspec
import pytest

from domain.registry import GAMES
from service.games.audit import commitment
from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY
from tests.recordkit import alter_some_int, play_finished, players_for, rehash

ADMIN = auth(ADMIN_KEY)  # imports need the admin key or an import key


@pytest.fixture(scope="module")
def finished(client) -> dict[str, dict]:
    """One finished game per registered game, played once for the module."""
    return {slug: play_finished(client, slug, f"records-{slug}") for slug in sorted(GAMES)}


def _record(client, game_id: str) -> dict:
    answer = client.get(f"/games/{game_id}/record")
    assert answer.status_code == 200, answer.text
    return answer.json()


def _refused(client, record: dict) -> dict:
    answer = client.post("/games/import", json=record, headers=ADMIN)
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"].startswith("application/problem+json")
    return answer.json()


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_finished_game_round_trips_through_record_import_and_audit(
    client, finished, slug: str
) -> None:
    created = finished[slug]
    record = _record(client, created["id"])
    assert record["format"] == "gamestate-record/1"
    assert record["game"] == slug
    assert record["game_id"] == created["id"]
    assert record["rules_version"] == GAMES[slug].rules_version
    assert (record["content"], record["content_note"]) == GAMES[slug].content()
    assert [p["name"] for p in record["players"]] == [s["name"] for s in created["seats"]]
    assert record["seed"] == f"records-{slug}"
    assert record["seed_commitment"] == created["seed_commitment"] == commitment(record["seed"])
    assert record["version"] == record["events"][-1]["version"] == len(record["events"])
    assert record["result"] is not None
    for command in record["commands"]:
        first = record["events"][command["at_version"]]
        assert first["metadata"]["command"] == command["command"]
        assert first["metadata"]["seat"] == command["seat"]

    audit = client.get(f"/games/{created['id']}/audit").json()
    assert audit["ok"], audit
    assert {c["name"]: c["status"] for c in audit["checks"]} == {
        "game": "passed",
        "rules_version": "passed",
        "hash_chain": "passed",
        "seed_commitment": "passed",
        "commands": "passed",
        "clock": "passed",
        "replay": "passed",
        "result": "passed",
    }

    answer = client.post("/games/import", json=record, headers=ADMIN)
    assert answer.status_code == 201, answer.text
    imported = answer.json()
    assert imported["id"] != created["id"]
    assert imported["imported_from"]["id"] == created["id"]
    assert imported["audit"]["ok"]

    game = client.get(f"/games/{imported['id']}").json()
    assert game["status"] == "finished"
    assert game["seed"] == record["seed"]
    assert [s["name"] for s in game["seats"]] == [p["name"] for p in record["players"]]
    assert game["result"] == record["result"]
    assert client.get(f"/games/{imported['id']}/audit").json()["ok"]

    again = _record(client, imported["id"])
    assert again["imported_from"]["id"] == created["id"]
    assert [(e["type"], e["data"], e["metadata"]) for e in again["events"]] == [
        (e["type"], e["data"], e["metadata"]) for e in record["events"]
    ]
    # The chain covers the game id, so the new game has its own hashes.
    assert again["events"][0]["hash"] != record["events"][0]["hash"]


def test_a_long_record_is_imported_past_the_default_body_limit(client) -> None:
    game = play_finished(client, "three_kingdoms", "records-long")
    record = _record(client, game["id"])
    assert len(msgspec.json.encode(record)) > 65536
    assert client.post("/games/import", json=record, headers=ADMIN).status_code == 201
    # Other routes keep the small default.
    big = {"game": "azul", "seats": [{"name": "x" * 60}] * 2, "seed": "s", "pad": "y" * 70000}
    assert client.post("/games", json=big).status_code == 413


def test_an_active_game_has_no_record_and_is_audited_by_its_hash_chain_only(client) -> None:
    created = create(client, "azul", 2)
    answer = client.get(f"/games/{created['id']}/record")
    assert answer.status_code == 409
    assert answer.json()["code"] == "game_not_finished"
    audit = client.get(f"/games/{created['id']}/audit").json()
    assert audit["ok"] and audit["status"] == "active"
    checks = {c["name"]: c for c in audit["checks"]}
    assert checks["hash_chain"]["status"] == "passed"
    assert checks["replay"]["status"] == "skipped"
    assert checks["replay"]["detail"] == "skipped (seed secret while active)"
    assert checks["seed_commitment"]["status"] == "skipped"


def test_unknown_games_are_404(client) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    assert client.get(f"/games/{missing}/record").status_code == 404
    assert client.get(f"/games/{missing}/audit").status_code == 404


def test_time_travel_shows_the_full_state_only_once_the_game_is_finished(client, finished) -> None:
    active = create(client, "splendor", 2)
    during = client.get(f"/games/{active['id']}/views/1").json()
    assert during["full_state"] is None

    game_id = finished["splendor"]["id"]
    after = client.get(f"/games/{game_id}/views/3").json()
    assert isinstance(after["full_state"], dict) and after["full_state"]
    assert after["version"] == 3
    assert after["state"]["game"] == "splendor"  # the viewer's view is still there


# -- forged and damaged records ------------------------------------------------------------


@pytest.fixture
def azul_record(client, finished) -> dict:
    return copy.deepcopy(_record(client, finished["azul"]["id"]))


def test_an_edited_event_is_refused_by_its_hash(client, azul_record) -> None:
    version = alter_some_int(azul_record)
    problem = _refused(client, azul_record)
    assert problem["code"] == "record_hash_mismatch"
    assert f"version {version}" in problem["detail"]


def test_an_edited_command_is_refused(client, azul_record) -> None:
    azul_record["commands"][3]["seat"] = 1 - azul_record["commands"][3]["seat"]
    problem = _refused(client, azul_record)
    assert problem["code"] == "record_command_mismatch"
    assert f"version {azul_record['commands'][3]['at_version']}" in problem["detail"]


def test_events_that_do_not_follow_from_the_commands_are_refused_even_with_sound_hashes(
    client, azul_record
) -> None:
    version = alter_some_int(azul_record)
    problem = _refused(client, rehash(azul_record))
    assert problem["code"] == "record_replay_mismatch"
    assert f"version {version}" in problem["detail"]


def test_a_seed_that_does_not_match_its_commitment_is_refused(client, azul_record) -> None:
    azul_record["seed"] = "another-seed"
    problem = _refused(client, azul_record)
    assert problem["code"] == "record_seed_mismatch"


def test_another_seed_with_its_own_commitment_does_not_replay(client, azul_record) -> None:
    azul_record["seed"] = "another-seed"
    azul_record["seed_commitment"] = commitment("another-seed")
    problem = _refused(client, azul_record)
    assert problem["code"] == "record_replay_mismatch"
    assert "version 1" in problem["detail"]


def test_a_truncated_record_is_refused_as_unfinished(client, azul_record) -> None:
    last = azul_record["commands"].pop()
    azul_record["events"] = azul_record["events"][: last["at_version"]]
    azul_record["version"] = last["at_version"]
    problem = _refused(client, azul_record)
    assert problem["code"] == "record_result_mismatch"
    assert "not finished" in problem["detail"]


def test_unknown_games_and_other_rules_versions_are_refused(client, azul_record) -> None:
    unknown = {**azul_record, "game": "chess"}
    assert _refused(client, unknown)["code"] == "record_unknown_game"
    other_rules = {**azul_record, "rules_version": "0-ancient"}
    problem = _refused(client, other_rules)
    assert problem["code"] == "record_rules_version"
    assert "0-ancient" in problem["detail"]


def test_malformed_records_are_400(client, azul_record) -> None:
    assert (
        client.post("/games/import", json={**azul_record, "extra": 1}, headers=ADMIN).status_code
        == 400
    )
    assert (
        client.post(
            "/games/import", json={**azul_record, "format": "x/2"}, headers=ADMIN
        ).status_code
        == 400
    )
    azul_record["events"][0]["version"] = "1"
    assert client.post("/games/import", json=azul_record, headers=ADMIN).status_code == 400


def test_a_record_holding_nul_is_refused_not_stored(client, azul_record) -> None:
    # Metadata is not re-decided: a forger could recompute the hashes around anything there.
    azul_record["events"][-1]["metadata"]["note"] = "a\u0000b"
    problem = _refused(client, rehash(azul_record))
    assert problem["code"] == "record_malformed"


@pytest.mark.parametrize("depth", [400, 5000])
def test_absurdly_nested_bodies_are_400_not_500(client, azul_record, depth: int) -> None:
    nested = "[" * depth + "]" * depth
    body = msgspec.json.encode(azul_record).replace(
        b'"options":{', b'"options":{"x":' + nested.encode() + b",", 1
    )
    answer = client.post(
        "/games/import", content=body, headers={**ADMIN, "content-type": "application/json"}
    )
    assert answer.status_code in (400, 422), answer.text
    game = b'{"game":"azul","seats":[{"name":"a"},{"name":"b"}],"options":' + nested.encode() + b"}"
    answer = client.post("/games", content=game, headers={"content-type": "application/json"})
    assert answer.status_code == 400, answer.text


def test_a_record_for_more_players_than_the_game_takes_is_refused(client, azul_record) -> None:
    azul_record["players"] = [{"seat": i, "name": f"p{i}"} for i in range(9)]
    problem = _refused(client, azul_record)
    assert problem["code"] == "record_replay_mismatch"
    assert players_for("azul") == 2


async def _built_in_memory(database_url: str, game_id: str) -> bytes:
    """The record as the route answered before it was streamed: built whole, then encoded
    by the app's serializer."""
    from litestar.serialization import encode_json
    from psycopg import AsyncConnection

    from service.games import records
    from service.store.events import EventStore

    async with await AsyncConnection.connect(database_url, autocommit=True) as conn:
        record = await records.export(EventStore(None), conn, uuid.UUID(game_id))
    return encode_json(record)


@pytest.mark.parametrize("page", [500, 7])
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_streamed_record_is_byte_for_byte_the_record_built_in_memory(
    client, finished, database_url, monkeypatch, slug: str, page: int
) -> None:
    from service.games import records

    monkeypatch.setattr(records, "RECORD_PAGE", page)  # several pages of events and commands
    game_id = finished[slug]["id"]
    answer = client.get(f"/games/{game_id}/record")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.content == asyncio.run(_built_in_memory(database_url, game_id))
    record = msgspec.json.decode(answer.content, type=records.Record)
    assert len(record.events) == record.version
    assert page == 500 or record.version > 2 * page  # read in several pages
    etag = answer.headers["etag"]
    assert etag == f'"{record.version}"'
    assert (
        client.get(f"/games/{game_id}/record", headers={"If-None-Match": etag}).status_code == 304
    )


async def _audit_in_memory(database_url: str, game_id: str) -> dict:
    from psycopg import AsyncConnection

    from service.games import records
    from service.games.audit import audit
    from service.store.events import EventStore

    async with await AsyncConnection.connect(database_url, autocommit=True) as conn:
        record, status = await records.load_record(
            EventStore(None), conn, uuid.UUID(game_id), with_secret=False
        )
    report = audit(record, status=status, seed_secret=status != "finished")
    return msgspec.to_builtins(report)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_an_audit_read_a_page_at_a_time_is_the_audit_of_the_record_in_memory(
    client, finished, database_url, monkeypatch, slug: str
) -> None:
    from service.games import records

    monkeypatch.setattr(records, "AUDIT_IN_MEMORY", 0)
    monkeypatch.setattr(records, "RECORD_PAGE", 7)
    game_id = finished[slug]["id"]
    paged = client.get(f"/games/{game_id}/audit")
    assert paged.status_code == 200
    assert paged.json()["ok"] is True
    assert paged.json() == asyncio.run(_audit_in_memory(database_url, game_id))
    # An active game too (its hash chain only).
    active = create(client, "azul", 2)
    answer = client.get(f"/games/{active['id']}/audit").json()
    assert answer == asyncio.run(_audit_in_memory(database_url, active["id"]))
