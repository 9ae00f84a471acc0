"""audit: verify games, one line per game, from the service's database or from a running
service over HTTP (``--url``: each finished game's record, ``GET /games/{id}/record``, is
verified here by the same code as the service's own audit, service/games/audit.py)."""

from __future__ import annotations

import argparse
import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

from service.ops.environment import database, stderr
from service.support.config import Settings


class CannotAudit(Exception):
    """The games cannot be read at all (no database, no schema, no server): exit 1."""


def _line(report: Any, suffix: str = "") -> str:
    failed = [f"{c.name}: {c.detail}" for c in report.checks if not c.ok]
    skipped = [c.name for c in report.checks if c.status == "skipped"]
    verdict = "ok" if report.ok else "FAILED"
    line = f"{report.id} {report.game} v{report.version} {report.status} {verdict}"
    if skipped:
        line += f" (skipped: {', '.join(skipped)})"
    if suffix:
        line += f" {suffix}"
    if failed:
        line += " -- " + "; ".join(failed)
    return line


def _finish(failures: int, total: int) -> int:
    if failures:
        stderr(f"gamestate: {failures} of {total} games failed the audit")
    return 1 if failures else 0


# -- from the database --------------------------------------------------------------------


async def _audit(url: str, game_ids: list[uuid.UUID] | None) -> int:
    from psycopg import AsyncConnection, errors

    from service.games.records import audit_stored
    from service.store.events import EventStore
    from service.support.errors import ApiError

    store = EventStore(None)  # type: ignore[arg-type]  # only its connection-taking methods
    failures = 0
    try:
        conn = await AsyncConnection.connect(url, autocommit=True)
    except errors.OperationalError as exc:
        raise CannotAudit(f"cannot connect to the database: {exc}".strip()) from exc
    async with conn:
        try:
            if game_ids is None:
                cur = await conn.execute(
                    "SELECT id FROM streams WHERE kind = 'game' AND status = 'finished'"
                    " ORDER BY created_at, id"
                )
                game_ids = [row[0] for row in await cur.fetchall()]
            for game_id in game_ids:
                try:
                    # The operator reads the database anyway: no game is withheld from this.
                    report = await audit_stored(store, conn, game_id, withhold=False)
                except ApiError as exc:
                    print(f"{game_id} - FAILED -- {exc.detail}", flush=True)
                    failures += 1
                    continue
                print(_line(report), flush=True)
                failures += not report.ok
        except errors.UndefinedTable as exc:
            raise CannotAudit(
                "this database has no gamestate tables (it is not the service's database, or"
                " it was never migrated). Set DATABASE_URL to the service's database, run the"
                " command where the service keeps its data (GAMESTATE_DATA_DIR), or audit a"
                " running service with --url URL"
            ) from exc
    return _finish(failures, len(game_ids))


def _local(settings: Settings, game_ids: list[uuid.UUID] | None) -> int:
    if not settings.database_url and not (settings.data_dir / "pg").exists():
        # Starting an embedded server here would create an empty database to audit.
        raise CannotAudit(
            f"no DATABASE_URL, and no embedded database in {settings.data_dir / 'pg'}: run the"
            " command where the service keeps its data (or set GAMESTATE_DATA_DIR or"
            " DATABASE_URL), or audit a running service with --url URL"
        )
    with database(settings) as url:
        return asyncio.run(_audit(url, game_ids))


# -- over HTTP ----------------------------------------------------------------------------


def _finished_ids(http: Any) -> Iterator[uuid.UUID]:
    offset = 0
    while True:
        page = _json(
            http.get("/games", params={"status": "finished", "limit": 200, "offset": offset})
        )
        for item in page["items"]:
            yield uuid.UUID(item["id"])
        offset += len(page["items"])
        if not page["items"] or offset >= page["total"]:
            return


def _json(response: Any) -> Any:
    if response.status_code >= 400:
        raise CannotAudit(
            f"{response.request.method} {response.request.url}: HTTP {response.status_code}:"
            f" {response.text[:300]}"
        )
    return response.json()


def audit_remote(http: Any, game_id: uuid.UUID) -> tuple[str, bool]:
    """One game of a remote service: its record verified here; an active game (no record
    yet: its seed is secret) by the service's own report, which says so. (line, ok)"""
    import msgspec

    from service.games.audit import AuditReport, Record, audit

    response = http.get(f"/games/{game_id}/record")
    if response.status_code == 404:
        return f"{game_id} - FAILED -- no such game", False
    if response.status_code == 409:
        report = msgspec.convert(_json(http.get(f"/games/{game_id}/audit")), AuditReport)
        return _line(report, "(active: checked by the server)"), report.ok
    if response.status_code >= 400:
        _json(response)
    try:
        record = msgspec.json.decode(response.content, type=Record)
    except msgspec.ValidationError as exc:
        return f"{game_id} - FAILED -- the record is malformed: {exc}", False
    report = audit(record)
    return _line(report), report.ok


def _remote(url: str, game_ids: list[uuid.UUID] | None) -> int:
    import httpx

    failures = total = 0
    try:
        with httpx.Client(base_url=url.rstrip("/"), timeout=60) as http:
            for game_id in game_ids if game_ids is not None else _finished_ids(http):
                line, ok = audit_remote(http, game_id)
                print(line, flush=True)
                total += 1
                failures += not ok
    except httpx.HTTPError as exc:
        raise CannotAudit(f"cannot talk to {url}: {exc}") from exc
    return _finish(failures, total)


def run(args: argparse.Namespace, settings: Settings) -> int:
    if (args.game_id is None) == (not args.all):
        stderr("gamestate audit: give a GAME_ID or --all")
        return 2
    game_ids = None if args.all else [args.game_id]
    try:
        return _remote(args.url, game_ids) if args.url else _local(settings, game_ids)
    except CannotAudit as exc:
        stderr(f"gamestate audit: {exc}")
        return 1


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "audit",
        help="verify games: hash chain, seed commitment, re-decided events",
        description="Verify games, one line per game; exit 1 if any game fails a check. From"
        " the service's database (DATABASE_URL, or the embedded database in the data folder),"
        " or from a running service with --url: each finished game's record is downloaded"
        " and verified here. Active games are checked by their hash chain only (their seed"
        " stays secret until the end).",
        epilog="examples:\n"
        "  gamestate audit --all\n"
        "  gamestate audit 107eeb54-0000-4000-8000-000000000000 --url https://games.example",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game_id", nargs="?", type=uuid.UUID, default=None, metavar="GAME_ID")
    p.add_argument("--all", action="store_true", help="every finished game")
    p.add_argument(
        "--url",
        default=None,
        help="audit the games of the service at this URL, over HTTP, instead of a database",
    )
    p.set_defaults(run=run)
