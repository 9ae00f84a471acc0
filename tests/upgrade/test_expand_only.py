"""Online migrations (docs/operations.md, "Upgrades"): every migration after the latest
release is expand-only, so it can run while that release still serves. Checked at each step
from the release's revision to head, against the release's schema and the statements its
code sends (recorded by make_fixture.py):

- every table and column the release has is still there, with its type; none became
  NOT NULL; a column added to one of its tables is nullable or has a default;
- a new constraint or unique index on one of its tables involves only columns added after
  the release (the release never writes them), or is listed in ALLOWED with the reason the
  release's writes always pass it;
- its triggers (the append-only guards) are still there;
- every statement the release's code sends still PREPAREs (parses and plans) on the schema.

Contracting (dropping or renaming what the release used) is a later migration, after every
process runs a version that no longer needs it: docs/operations.md says when."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory

from service.store.database import MIGRATIONS, migrate
from tests.conftest import fresh_database

FIXTURES = Path(__file__).resolve().parent / "fixtures"

ALLOWED = {
    "seats_token_or_player": "0007: a seat has a token or a player; the release writes a token"
    " for every seat",
    "seats_one_per_player": "0007: unique on (stream_id, player_id) where player_id is set;"
    " the release never sets player_id",
    "tournament_participants_once": "0007: unique on registered_player_id where set; the"
    " release never sets it",
}


def latest_release() -> dict[str, Any]:
    manifests = [json.loads(p.read_text()) for p in FIXTURES.glob("v*.json")]
    return max(manifests, key=lambda m: tuple(int(x) for x in m["version"].split(".")))


def revisions_after(revision: str) -> list[str]:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(config)
    order = [r.revision for r in reversed(list(script.walk_revisions("base", "heads")))]
    return order[order.index(revision) + 1 :]


def schema(url: str) -> dict[str, Any]:
    with psycopg.connect(url) as conn:
        columns = conn.execute(
            "SELECT table_name, column_name, data_type, is_nullable = 'YES', column_default"
            " FROM information_schema.columns WHERE table_schema = 'public'"
        ).fetchall()
        constraints = conn.execute(
            """SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid),
                      array(SELECT attname FROM pg_attribute
                            WHERE attrelid = c.conrelid AND attnum = ANY(c.conkey))
               FROM pg_constraint c
               WHERE c.connamespace = 'public'::regnamespace AND c.contype <> 'n'"""
        ).fetchall()
        unique_indexes = conn.execute(
            """SELECT i.indrelid::regclass::text, x.relname, pg_get_indexdef(i.indexrelid),
                      array(SELECT attname FROM pg_attribute
                            WHERE attrelid = i.indrelid AND attnum = ANY(i.indkey))
               FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid
               WHERE i.indisunique AND NOT i.indisprimary
               AND x.relnamespace = 'public'::regnamespace
               AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)"""
        ).fetchall()
        triggers = conn.execute(
            "SELECT tgrelid::regclass::text, tgname FROM pg_trigger WHERE NOT tgisinternal"
        ).fetchall()
    return {
        "columns": {(t, c): (kind, nullable, default) for t, c, kind, nullable, default in columns},
        "tables": {t for t, *_ in columns},
        "constraints": {name: (t, d, cols) for t, name, d, cols in [*constraints, *unique_indexes]},
        "triggers": set(triggers),
    }


def contractions(release: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """What in ``now`` could break the release's code still serving (the rules above)."""
    found = []
    for table in release["tables"] - now["tables"]:
        found.append(f"table {table} dropped or renamed")
    for (table, column), (kind, nullable, _) in release["columns"].items():
        if table not in now["tables"]:
            continue
        if (table, column) not in now["columns"]:
            found.append(f"column {table}.{column} dropped or renamed")
            continue
        new_kind, new_nullable, _ = now["columns"][(table, column)]
        if new_kind != kind:
            found.append(f"column {table}.{column} changed type {kind} -> {new_kind}")
        if nullable and not new_nullable:
            found.append(f"column {table}.{column} became NOT NULL")
    for (table, column), (_, nullable, default) in now["columns"].items():
        added = table in release["tables"] and (table, column) not in release["columns"]
        if added and not nullable and default is None:
            found.append(f"column {table}.{column} added NOT NULL without a default")
    for name, (table, definition, columns) in now["constraints"].items():
        if table not in release["tables"] or name in ALLOWED:
            continue
        old = release["constraints"].get(name)
        if old is not None:
            if old[1] != definition:
                found.append(f"constraint {name} on {table} changed: {definition}")
            continue
        if any((table, column) in release["columns"] for column in columns):
            found.append(f"constraint {name} on {table} binds the release's columns {columns}")
    for table, trigger in release["triggers"] - now["triggers"]:
        found.append(f"trigger {trigger} on {table} dropped")
    return found


def unpreparable(url: str, statements: list[str]) -> list[str]:
    failed = []
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            try:
                conn.execute(f"PREPARE release_statement AS {statement}")
                conn.execute("DEALLOCATE release_statement")
            except psycopg.Error as exc:
                failed.append(f"{statement[:120]}: {str(exc).splitlines()[0]}")
    return failed


@pytest.fixture(scope="module")
def release() -> dict[str, Any]:
    manifest = latest_release()
    assert len(manifest["statements"]) >= 25, "the fixture records the release's statements"
    return manifest


def test_every_migration_after_the_latest_release_is_expand_only(
    pg_server: str, release: dict[str, Any]
) -> None:
    steps = revisions_after(release["revision"])
    with fresh_database(pg_server) as url:
        migrate(url, release["revision"])
        before = schema(url)
        assert unpreparable(url, release["statements"]) == []
        for revision in steps:
            migrate(url, revision)
            now = schema(url)
            assert contractions(before, now) == [], f"migration {revision} contracts"
            assert unpreparable(url, release["statements"]) == [], f"migration {revision}"


def test_the_checks_see_a_contracting_migration(pg_server: str, release: dict[str, Any]) -> None:
    """The same checks on changes that would break the release while it serves."""
    with fresh_database(pg_server) as url:
        migrate(url)
        head = schema(url)
        with fresh_database(pg_server) as old:
            migrate(old, release["revision"])
            before = schema(old)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ALTER TABLE streams RENAME COLUMN seed_commitment TO commitment")
            conn.execute("ALTER TABLE events ADD COLUMN shard int NOT NULL DEFAULT 0")
            conn.execute("ALTER TABLE events ALTER COLUMN shard DROP DEFAULT")
            conn.execute("ALTER TABLE secrets ADD CONSTRAINT short_seeds CHECK (length(seed) < 9)")
            conn.execute("ALTER TABLE game_deadlines ALTER COLUMN seat TYPE bigint")
        found = contractions(before, schema(url))
        assert contractions(before, head) == []
        assert any("streams.seed_commitment dropped or renamed" in f for f in found), found
        assert any("events.shard added NOT NULL without a default" in f for f in found), found
        assert any("short_seeds" in f for f in found), found
        assert any("game_deadlines.seat changed type" in f for f in found), found
        failed = unpreparable(url, release["statements"])
        assert any("seed_commitment" in f for f in failed), failed
