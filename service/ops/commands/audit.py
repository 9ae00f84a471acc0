"""audit: verify games straight from the database, one line per game."""

from __future__ import annotations

import argparse
import asyncio
import uuid

from service.ops.environment import database, stderr
from service.support.config import Settings


def _line(report) -> str:
    failed = [f"{c.name}: {c.detail}" for c in report.checks if not c.ok]
    skipped = [c.name for c in report.checks if c.status == "skipped"]
    verdict = "ok" if report.ok else "FAILED"
    line = f"{report.id} {report.game} v{report.version} {report.status} {verdict}"
    if skipped:
        line += f" (skipped: {', '.join(skipped)})"
    if failed:
        line += " -- " + "; ".join(failed)
    return line


async def _audit(url: str, game_ids: list[uuid.UUID] | None) -> int:
    from psycopg import AsyncConnection

    from service.games.records import audit_stored
    from service.store.events import EventStore
    from service.support.errors import ApiError

    store = EventStore(None)  # type: ignore[arg-type]  # only its connection-taking methods
    failures = 0
    async with await AsyncConnection.connect(url, autocommit=True) as conn:
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
    if failures:
        stderr(f"gamestate: {failures} of {len(game_ids)} games failed the audit")
    return 1 if failures else 0


def run(args: argparse.Namespace, settings: Settings) -> int:
    if (args.game_id is None) == (not args.all):
        stderr("gamestate audit: give a GAME_ID or --all")
        return 2
    with database(settings) as url:
        return asyncio.run(_audit(url, None if args.all else [args.game_id]))


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "audit",
        help="verify games from the database: hash chain, seed commitment, re-decided events",
        description="Exits 1 if any game fails a check. Active games are checked by their"
        " hash chain only (their seed stays secret).",
    )
    p.add_argument("game_id", nargs="?", type=uuid.UUID, default=None, metavar="GAME_ID")
    p.add_argument("--all", action="store_true", help="every finished game")
    p.set_defaults(run=run)
