"""Upgrades from every released API version: a database made by the release's own code
(tests/upgrade/fixtures, built by make_fixture.py from the tagged commit) is migrated by
`gamestate migrate` of this tree, and then every game replays and audits, every game in play
continues to its end, tournaments finish, the newer features work on the old data, and what
the release promised its clients still holds."""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from jsonschema import Draft202012Validator

from tests.api.openapi_compat import breaking_changes
from tests.conftest import fresh_database
from tests.upgrade.drive import auth, create, ok, play, play_tournament, seat_statuses

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELEASES = sorted(p.name.removesuffix(".sql.gz") for p in FIXTURES.glob("v*.sql.gz"))


def load_dump(url: str, dump: Path) -> None:
    """Plain SQL from pg_dump, run through psycopg (no psql needed): one simple-protocol
    script, so the dump's own SET and COPY-free INSERTs apply as written."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(gzip.decompress(dump.read_bytes()).decode())


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def promised_version(release: str) -> str:
    """What the API still promises the clients of ``release``: its own document within the
    served major version; for an older major (1.0.0: 2.0.0 broke its record format, and its
    answers now carry properties its closed schemas did not allow), the latest release of
    the served major, which its clients had to move to. The data is kept either way."""
    served = json.loads((ROOT / "openapi" / "openapi.json").read_text())["info"]["version"]
    if _version(release)[0] == _version(served)[0]:
        return release
    same_major = [
        p.stem
        for p in (ROOT / "openapi" / "releases").glob("*.json")
        if _version(p.stem)[0] == _version(served)[0]
    ]
    return max(same_major, key=_version)


def manifest_of(release: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{release}.json").read_text())


def validator(document: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    """A validator of ``schema`` whose $refs resolve in the release's own document."""
    return Draft202012Validator({**schema, "components": document["components"]})


class Release:
    """The release's OpenAPI document: checks an answer against what it promised."""

    def __init__(self, version: str) -> None:
        self.document = json.loads((ROOT / "openapi" / "releases" / f"{version}.json").read_text())

    def game_slugs(self) -> set[str]:
        """The games the release served (the enum of its catalogue's slugs)."""
        return set(self.document["components"]["schemas"]["GameSlug"]["enum"])

    def check(self, method: str, path: str, answer: Any, keep: Any = None) -> Any:
        """``keep``: for a list answer, the items the release's promise covers."""
        operation = self.document["paths"][path][method]
        status = str(answer.status_code)
        assert status in operation["responses"], f"{method} {path}: {status} not promised"
        content = operation["responses"][status].get("content", {})
        body = answer.json()
        if keep is not None:
            body = [item for item in body if keep(item)]
        for media in ("application/json", "application/problem+json"):
            if media in content:
                errors = list(validator(self.document, content[media]["schema"]).iter_errors(body))
                assert not errors, f"{method} {path}: {[e.message[:200] for e in errors[:3]]}"
        return body


@pytest.fixture(params=RELEASES)
def upgraded(request: pytest.FixtureRequest, pg_server: str) -> Iterator[tuple[str, str]]:
    release = request.param
    with fresh_database(pg_server) as url:
        load_dump(url, FIXTURES / f"{release}.sql.gz")
        with psycopg.connect(url) as conn:
            before = conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
        assert before == manifest_of(release)["revision"]
        run = subprocess.run(
            [sys.executable, "-m", "service.ops.cli", "migrate"],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": url},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, run.stderr
        yield release, url


def play_with_the_generated_client(client: Any, game: dict[str, Any], moves: int) -> int:
    """Up to ``moves`` turns of an old game through clients/python (generated from the
    document of this major version), typed: every answer parses into the client's models.
    Returns the turns played."""
    from gamestate_client import AuthenticatedClient, Client
    from gamestate_client.api.games import get_game, get_legal_commands, submit_command
    from gamestate_client.api.records import audit_game, get_view_at
    from gamestate_client.models import (
        AuditReport,
        CommandAccepted,
        GameResource,
        LegalCommands,
        SubmitCommand,
        VersionedView,
    )

    # The generated clients speak to the in-process app through the test client's transport.
    def seat_client(token: str) -> AuthenticatedClient:
        return AuthenticatedClient(
            base_url=str(client.base_url),
            token=token,
            raise_on_unexpected_status=True,
            httpx_args={"transport": client._transport},
        )

    spectator = Client(
        base_url=str(client.base_url),
        raise_on_unexpected_status=True,
        httpx_args={"transport": client._transport},
    )
    seats = {int(seat): seat_client(token) for seat, token in game["tokens"].items()}
    gid = uuid.UUID(game["id"])
    rng = random.Random(game["id"])
    played = 0
    for _ in range(moves):
        view = get_game.sync(gid, client=spectator)
        assert isinstance(view, GameResource), view
        if view.status != "active":
            break
        seat = rng.choice(list(view.to_act))
        legal = get_legal_commands.sync(gid, client=seats[seat])
        assert isinstance(legal, LegalCommands), legal
        accepted = submit_command.sync(
            gid,
            client=seats[seat],
            body=SubmitCommand(command=rng.choice(legal.commands), expected_version=legal.version),
        )
        assert isinstance(accepted, CommandAccepted), accepted
        played += 1
    assert isinstance(get_view_at.sync(gid, 1, client=seats[0]), VersionedView)
    assert isinstance(audit_game.sync(gid, client=spectator), AuditReport)
    return played


def test_the_fixtures_cover_every_release() -> None:
    """Every released API version has its fixture (a new release needs one: make_fixture.py,
    docs/operations.md), made by the commit its tag names."""
    released = sorted(p.stem for p in (ROOT / "openapi" / "releases").glob("*.json"))
    assert sorted(f"v{v}" for v in released) == RELEASES
    for release in RELEASES:
        manifest = manifest_of(release)
        assert manifest["version"] == release.removeprefix("v")
        assert len(manifest["commit"]) == 40


def test_an_upgraded_database_keeps_every_game_and_what_the_release_promised(
    upgraded: tuple[str, str],
) -> None:
    from litestar.testing import TestClient

    from service.api.app import create_app
    from service.notify.settings import NotifySettings
    from tests.notify.receiver import Receiver

    release, url = upgraded
    manifest = manifest_of(release)
    promised = Release(promised_version(manifest["version"]))
    admin = auth(manifest["admin_key"])
    rng = random.Random(7)
    notify = NotifySettings(allow_local=True, poll=0.1, retry_base=0.05, retry_cap=0.2)
    app = create_app(url, admin_key=manifest["admin_key"], notify=notify)
    with TestClient(app, raise_server_exceptions=True) as client:
        # The release's clock left a deadline behind that has passed: this code fires it.
        for zombie in (g for g in manifest["games"] if g["state"] == "zombie_seat"):
            deadline = time.monotonic() + 20
            while ok(client.get(f"/games/{zombie['id']}"))["version"] == zombie["version"]:
                assert time.monotonic() < deadline, "the old game's passed deadline did not fire"
                time.sleep(0.1)

        # A release's client, generated from its document, drives old games as it did.
        for game in manifest["games"]:
            if game["state"] in ("in_play", "clocked"):
                assert play_with_the_generated_client(client, game, moves=5) == 5

        for game in manifest["games"]:
            gid = game["id"]
            path = "/games/{game_id}"
            view = promised.check("get", path, client.get(f"/games/{gid}"))
            assert view["version"] >= game["version"]
            if game["status"] == "finished":
                assert (view["status"], view["version"]) == ("finished", game["version"]), gid
                assert view["result"] == game["result"], f"{gid}: the result changed"
            promised.check("get", path + "/events", client.get(f"/games/{gid}/events"))
            # Time travel: the old stream folds again at seventeen versions spread over it
            # (three_kingdoms streams are 1200 events long), the last one included.
            step = max(1, game["version"] // 16)
            for version in [*range(0, game["version"], step), game["version"]]:
                promised.check(
                    "get", path + "/views/{version}", client.get(f"/games/{gid}/views/{version}")
                )
            tokens = {int(seat): token for seat, token in game["tokens"].items()}
            if view["status"] == "active":
                if "zombie" in seat_statuses(view).values():
                    seat = next(s for s, st in seat_statuses(view).items() if st == "zombie")
                    rejoined = client.post(f"/games/{gid}/join", headers=auth(tokens[seat]))
                    assert rejoined.status_code in (200, 409, 422), rejoined.text
                    if rejoined.status_code == 200:
                        promised.check("post", path + "/join", rejoined)
                legal = client.get(f"/games/{gid}/legal-commands", headers=auth(tokens[0]))
                promised.check("get", path + "/legal-commands", legal)
                final = play(client, gid, tokens, rng)
                assert final["status"] == "finished", f"{gid} ({game['state']}) did not finish"
            audit = promised.check("get", path + "/audit", client.get(f"/games/{gid}/audit"))
            assert audit["ok"], f"{game['game']} {game['state']} {gid}: {audit['checks']}"
            if game["state"] != "imported":
                record = promised.check("get", path + "/record", client.get(f"/games/{gid}/record"))
                assert record["events"], gid

        for tournament in manifest["tournaments"]:
            tid = tournament["id"]
            participants = {int(k): v for k, v in tournament["tokens"].items()}
            for token in participants.values():
                promised.check(
                    "get",
                    "/tournaments/{tournament_id}/me",
                    client.get(f"/tournaments/{tid}/me", headers=auth(token)),
                )
            status = play_tournament(client, tid, participants, rng, admin)
            assert status == "finished", f"tournament {tournament['state']} did not finish"
            standings = client.get(f"/tournaments/{tid}/standings")
            promised.check("get", "/tournaments/{tournament_id}/standings", standings)
            promised.check("get", "/tournaments/{tournament_id}", client.get(f"/tournaments/{tid}"))

        # What came after the release works on the upgraded data: a registered player seated
        # in a new game, its webhook delivered, the game played out and audited; a game created
        # as the release's clients create one.
        promised.check("get", "/games", client.get("/games", params={"status": "finished"}))
        # Games installed since the release (Hearts, any plug-in) are added to the catalogue:
        # what the release promised holds for the games it knew, and those are all still there.
        types = client.get("/games/types")
        known = promised.game_slugs()
        assert known <= {entry["game"] for entry in types.json()}
        promised.check("get", "/games/types", types, keep=lambda e: e["game"] in known)
        old_style = create(client, "splendor", "after-upgrade")
        ann = ok(client.post("/players", json={"name": "ann-after-upgrade"}), 201)
        receiver = Receiver().start()
        try:
            hook = client.post(
                f"/players/{ann['id']}/webhooks",
                json={"url": receiver.url},
                headers=auth(ann["token"]),
            )
            assert hook.status_code == 201, hook.text
            body = {"game": "azul", "seats": [{"player_id": ann["id"]}, {"name": "bob"}]}
            seated = ok(client.post("/games", json=body, headers=auth(ann["token"])), 201)
            deadline = time.monotonic() + 20
            while not receiver.received:
                assert time.monotonic() < deadline, "no webhook delivery"
                time.sleep(0.05)
        finally:
            receiver.stop()
        tokens = {s["seat"]: s["token"] or ann["token"] for s in seated["seats"]}
        assert play(client, seated["id"], tokens, rng)["status"] == "finished"
        assert ok(client.get(f"/games/{seated['id']}/audit"))["ok"]
        tokens = {s["seat"]: s["token"] for s in old_style["seats"]}
        assert play(client, old_style["id"], tokens, rng)["status"] == "finished"

        # The API this code serves breaks nothing the release promised (same major version).
        served = client.get("/schema/openapi.json").json()
    assert breaking_changes(promised.document, served) == []


def _schema(url: str) -> dict[str, list]:
    with psycopg.connect(url) as conn:
        return {
            "columns": conn.execute(
                "SELECT table_name, column_name, data_type, is_nullable, column_default"
                " FROM information_schema.columns WHERE table_schema = 'public'"
                " ORDER BY 1, 2"
            ).fetchall(),
            "indexes": conn.execute(
                "SELECT tablename, indexname, indexdef FROM pg_indexes"
                " WHERE schemaname = 'public' ORDER BY 1, 2"
            ).fetchall(),
            "constraints": conn.execute(
                "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)"
                " FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2"
            ).fetchall(),
            "triggers": conn.execute(
                "SELECT tgrelid::regclass::text, tgname FROM pg_trigger"
                " WHERE NOT tgisinternal ORDER BY 1, 2"
            ).fetchall(),
        }


def test_an_upgraded_schema_is_the_schema_of_a_new_database(
    upgraded: tuple[str, str], pg_server: str
) -> None:
    """Migrating a release's database ends where a new database starts: same columns,
    defaults, indexes, constraints and triggers (the append-only guards among them)."""
    from service.store.database import migrate

    _, url = upgraded
    with fresh_database(pg_server) as new:
        migrate(new)
        assert _schema(url) == _schema(new)
