"""The audit: pure checks over records written without the server, and stored games damaged
behind the service's back (as the database owner, past the append-only trigger)."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import psycopg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.registry import GAMES
from service.games.audit import audit, first_failure
from tests.conftest import ADMIN_KEY, fresh_database
from tests.recordkit import alter_some_int, as_record, play_finished, record_from_playout, rehash

# -- pure: records from a local playout ---------------------------------------------------


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_record_written_without_the_server_passes_every_check(slug: str) -> None:
    report = audit(as_record(record_from_playout(slug, f"pure-{slug}")))
    assert report.ok, [c for c in report.checks if not c.ok]
    assert all(c.status == "passed" for c in report.checks)


@pytest.fixture(scope="module")
def splendor_record() -> dict:
    return record_from_playout("splendor", "pure-forgery")


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_any_single_changed_event_is_caught(splendor_record: dict, data: st.DataObject) -> None:
    record = rehash(splendor_record)
    index = data.draw(st.integers(0, len(record["events"]) - 1), label="event")
    event = record["events"][index]
    event["type"] = data.draw(
        st.sampled_from([e.__struct_config__.tag for e in GAMES["splendor"].event_classes])
    )
    event["data"] = {**event["data"], "forged": data.draw(st.integers())}
    recompute = data.draw(st.booleans(), label="forger recomputes hashes")
    if recompute:
        record = rehash(record)
    failure = first_failure(audit(as_record(record)))
    assert failure is not None
    code, detail = failure
    if recompute:
        assert code == "record_replay_mismatch"
    else:
        assert code == "record_hash_mismatch"
    assert f"version {index + 1}" in detail


def test_an_active_games_audit_checks_the_chain_only(splendor_record: dict) -> None:
    report = audit(as_record(splendor_record), status="active", seed_secret=True)
    assert report.ok
    skipped = {c.name for c in report.checks if c.status == "skipped"}
    assert skipped == {"seed_commitment", "replay"}


def test_a_record_whose_events_outrun_the_commands_fails_the_replay(
    splendor_record: dict,
) -> None:
    record = rehash(splendor_record)
    record["commands"].pop()
    report = audit(as_record(record))
    assert not report.ok
    # The metadata still names the last command, so the listed commands disagree first.
    assert first_failure(report)[0] == "record_command_mismatch"


# -- stored games damaged in the database -------------------------------------------------


@pytest.fixture(scope="module")
def own_db(pg_server: str) -> Iterator[tuple[str, object]]:
    """A database of its own: the games damaged here must not fail other tests' audits."""
    from litestar.testing import TestClient

    from service.api.app import create_app
    from service.store.database import migrate

    with fresh_database(pg_server) as url:
        migrate(url)
        with TestClient(create_app(url, admin_key=ADMIN_KEY), raise_server_exceptions=False) as c:
            yield url, c


def _as_owner(url: str, *statements: tuple[str, tuple]) -> None:
    # The trigger is what refuses UPDATE; only the table's owner can switch it off, and only
    # inside this transaction's view of the world until commit.
    with psycopg.connect(url) as conn, conn.transaction():
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete")
        for sql, params in statements:
            conn.execute(sql, params)
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete")


def _checks(client, game_id: str) -> tuple[bool, dict[str, dict]]:
    report = client.get(f"/games/{game_id}/audit").json()
    return report["ok"], {c["name"]: c for c in report["checks"]}


def test_an_event_changed_in_the_database_breaks_the_hash_chain(own_db) -> None:
    url, client = own_db
    game_id = play_finished(client, "azul", "tamper-event")["id"]
    assert _checks(client, game_id)[0]

    with psycopg.connect(url) as conn, pytest.raises(psycopg.errors.RestrictViolation):
        conn.execute("UPDATE events SET data = data WHERE stream_id = %s", (game_id,))

    _as_owner(
        url,
        (
            "UPDATE events SET data = jsonb_set(data, '{forged}', 'true')"
            " WHERE stream_id = %s AND version = 7",
            (game_id,),
        ),
    )
    ok, checks = _checks(client, game_id)
    assert not ok
    assert not checks["hash_chain"]["ok"]
    assert "version 7" in checks["hash_chain"]["detail"]
    assert not checks["replay"]["ok"]
    assert "version 7" in checks["replay"]["detail"]


def test_a_rewritten_seed_fails_the_commitment(own_db) -> None:
    url, client = own_db
    game_id = play_finished(client, "splendor", "tamper-seed")["id"]
    with psycopg.connect(url) as conn:
        conn.execute("UPDATE secrets SET seed = 'not-the-seed' WHERE stream_id = %s", (game_id,))
    ok, checks = _checks(client, game_id)
    assert not ok
    assert not checks["seed_commitment"]["ok"]
    assert checks["hash_chain"]["ok"]


def test_a_stream_version_past_its_last_event_is_caught(own_db) -> None:
    url, client = own_db
    game_id = play_finished(client, "azul", "tamper-version")["id"]
    with psycopg.connect(url) as conn:
        conn.execute("UPDATE streams SET version = version + 1 WHERE id = %s", (game_id,))
    ok, checks = _checks(client, game_id)
    assert not ok
    assert "last event" in checks["hash_chain"]["detail"]


def test_an_event_in_an_active_game_changed_in_the_database_is_caught(own_db) -> None:
    url, client = own_db
    created = client.post(
        "/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
    ).json()
    _as_owner(
        url,
        (
            "UPDATE events SET metadata = metadata || '{\"seat\": 1}'"
            " WHERE stream_id = %s AND version = 1",
            (created["id"],),
        ),
    )
    ok, checks = _checks(client, created["id"])
    assert not ok
    assert "version 1" in checks["hash_chain"]["detail"]
    assert checks["replay"]["status"] == "skipped"


def test_an_exported_record_altered_then_imported_is_refused(own_db) -> None:
    _, client = own_db
    game_id = play_finished(client, "splendor", "tamper-record")["id"]
    record = client.get(f"/games/{game_id}/record").json()
    version = alter_some_int(record)
    answer = client.post(
        "/games/import", json=record, headers={"Authorization": f"Bearer {ADMIN_KEY}"}
    )
    assert answer.status_code == 422
    assert answer.json()["code"] == "record_hash_mismatch"
    assert f"version {version}" in answer.json()["detail"]


def test_an_event_passed_off_as_another_seats_doing_is_caught(splendor_record: dict) -> None:
    record = rehash(splendor_record)
    second = record["commands"][1]
    event = record["events"][second["at_version"] + 1]  # second event of that command, if any
    if event["metadata"].get("command") is not None:
        pytest.skip("that command caused a single event")
    event["metadata"]["seat"] = 1 - second["seat"]
    code, detail = first_failure(audit(as_record(rehash(record))))
    assert code == "record_command_mismatch"
    assert f"version {event['version']}" in detail


# -- a game stored under an older rules version -----------------------------------------------


def _record_from_fixture(name: str) -> dict:
    """A record of a finished game recorded under rules version 1 (tests/domain/fixtures)."""
    import datetime as dt
    import json
    import uuid
    from pathlib import Path

    from service.games.audit import RECORD_FORMAT, commitment

    doc = json.loads((Path(__file__).parents[1] / "domain" / "fixtures" / name).read_text())
    spec = GAMES[doc["game"]]
    now = dt.datetime.now(dt.UTC).isoformat()
    starts = {c["at_version"]: c for c in doc["commands"]}
    events, commands, current = [], [], None
    for version, data in enumerate(doc["events"], start=1):
        if version - 1 in starts:
            current = starts[version - 1]
            command_id = str(uuid.uuid4())
            current = {**current, "command_id": command_id}
            commands.append(current)
            metadata = {
                "seat": current["seat"],
                "command_id": command_id,
                "command": current["command"],
            }
        elif current is None:
            metadata = {"seat": None, "command_id": "setup", "command": None}
        else:
            metadata = {"seat": current["seat"], "command_id": current["command_id"]}
        events.append(
            {
                "version": version,
                "type": data["type"],
                "data": data,
                "metadata": metadata,
                "recorded_at": now,
                "prev_hash": "",
                "hash": "",
            }
        )
    options = msgspec.convert(doc["options"], spec.options_type)
    state = spec.initial_state(spec.new_setup(doc["players"], options, doc["rules_version"]))
    for data in doc["events"]:
        state = spec.evolve(state, msgspec.convert(data, spec.event_type))
    return rehash(
        {
            "format": RECORD_FORMAT,
            "game_id": str(uuid.uuid4()),
            "game": doc["game"],
            "rules_version": doc["rules_version"],
            "options": doc["options"],
            "players": [{"seat": i, "name": f"p{i}"} for i in range(doc["players"])],
            "seed": doc["seed"],
            "seed_commitment": commitment(doc["seed"]),
            "created_at": now,
            "finished_at": now,
            "version": len(events),
            "result": msgspec.to_builtins(spec.result(state)),
            "commands": [
                {k: c[k] for k in ("at_version", "seat", "command", "command_id")} for c in commands
            ],
            "events": events,
        }
    )


@pytest.mark.parametrize("name", ["splendor_v1.json", "carcassonne_v1.json", "castles_v1.json"])
def test_a_record_of_an_older_rules_version_is_re_decided_by_that_version(name: str) -> None:
    record = _record_from_fixture(name)
    assert record["rules_version"] == "1" != GAMES[record["game"]].rules_version
    report = audit(as_record(record))
    assert report.ok, [c for c in report.checks if not c.ok]
    claimed_new = rehash({**record, "rules_version": GAMES[record["game"]].rules_version})
    failure = first_failure(audit(as_record(claimed_new)))
    assert failure is not None and failure[0] == "record_replay_mismatch"


def test_a_stored_game_is_loaded_under_the_rules_version_stored_with_it() -> None:
    """The repository sets a stored game up with its stream's rules version (model.setup_of):
    an active Splendor game stored under version 1 still offers version 1's takes."""
    import json
    from pathlib import Path

    from service.games.model import setup_of

    doc = json.loads(
        (Path(__file__).parents[1] / "domain" / "fixtures" / "splendor_v1.json").read_text()
    )
    spec = GAMES["splendor"]
    setup = setup_of(spec, {"players": doc["players"], "options": doc["options"]}, "1")
    assert setup.rules_version == "1"
    state = spec.initial_state(setup)
    for data in doc["events"]:
        state = spec.evolve(state, msgspec.convert(data, spec.event_type))
    assert state.rules_version == "1"
    current = setup_of(spec, {"players": 2}, spec.rules_version)
    assert spec.initial_state(current).rules_version == spec.rules_version
