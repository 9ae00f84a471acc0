"""``gamestate leaderboard GAME`` and ``gamestate ratings show PLAYER_ID``: the ratings, read
from the database (DATABASE_URL, or the embedded one in the data folder) or, with ``--url``,
from a running service's API (``GET /leaderboards/{game}``, ``GET /players/{id}``), shown as
tables on stdout. Both read the same rows the API serves: the leaderboard keeps the API's
rules (``GAMESTATE_LEADERBOARD_MIN_GAMES`` rated games at least, not provisional, not
revoked: docs/players.md); a player's ratings list every game it is rated in."""

from __future__ import annotations

import argparse
import asyncio
import sys
import uuid
from collections.abc import Callable
from typing import Any

from service.ops.environment import database, stderr
from service.support.config import Settings

LIMIT = 20


class Unavailable(Exception):
    """The ratings cannot be read (no database, server unreachable or refusing): exit 1."""


# -- reading ------------------------------------------------------------------------------


def _http(url: str, path: str, params: dict[str, Any] | None = None) -> Any:
    import httpx

    try:
        answer = httpx.get(url.rstrip("/") + path, params=params, timeout=30)
    except httpx.HTTPError as exc:
        raise Unavailable(f"cannot talk to {url}: {exc}") from None
    if answer.status_code != 200:
        try:
            detail = answer.json().get("detail", answer.text)
        except ValueError:
            detail = answer.text[:300]
        raise Unavailable(f"{path}: HTTP {answer.status_code}: {detail}")
    return answer.json()


def _from_database(settings: Settings, read: Callable[[Any], Any]) -> Any:
    if not settings.database_url and not (settings.data_dir / "pg").exists():
        raise Unavailable("no DATABASE_URL and no embedded database in the data folder (--url?)")

    async def run(url: str) -> Any:
        import psycopg

        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            return await read(conn)

    with database(settings) as url:
        return asyncio.run(run(url))


def leaderboard(settings: Settings, game: str, limit: int, url: str | None) -> dict[str, Any]:
    if url:
        return _http(url, f"/leaderboards/{game}", {"limit": limit})

    async def read(conn: Any) -> Any:
        import msgspec

        from service.players import reads

        board = await reads.leaderboard(
            conn,
            game,
            settings.leaderboard_min_games,
            limit,
            None,
            max_sigma=settings.rating_provisional_sigma,
        )
        return msgspec.to_builtins(board)

    return _from_database(settings, read)


def player(settings: Settings, player_id: uuid.UUID, url: str | None) -> dict[str, Any]:
    if url:
        return _http(url, f"/players/{player_id}")

    async def read(conn: Any) -> Any:
        import msgspec

        from service.players import reads

        cur = await conn.execute(
            "SELECT name, revoked_at IS NOT NULL FROM players WHERE id = %s", (player_id,)
        )
        row = await cur.fetchone()
        if row is None:
            raise Unavailable(f"no player {player_id}")
        ratings = msgspec.to_builtins(await reads.ratings_of(conn, player_id))
        return {"id": str(player_id), "name": row[0], "revoked": row[1], "ratings": ratings}

    return _from_database(settings, read)


# -- showing ------------------------------------------------------------------------------


def _console() -> Any:
    from rich.console import Console

    console = Console(file=sys.stdout, highlight=False)
    if console.is_terminal:
        return console
    # A pipe, a file, a test: no colour codes (rich's own choice), and no 80-column cut of
    # the ids someone will copy.
    return Console(file=sys.stdout, highlight=False, width=200)


def show_leaderboard(board: dict[str, Any], where: str) -> None:
    from rich.table import Table

    table = Table(
        title=f"{board['game']} leaderboard ({where})",
        caption=f"at least {board['min_games']} rated game(s); ordinal: mu - 3 sigma"
        " (`gamestate ratings show ID`: mu and sigma)",
    )
    for name, justify in (
        ("rank", "right"),
        ("player", "left"),
        ("ordinal", "right"),
        ("games", "right"),
        ("player id", "left"),
    ):
        # The id is what `gamestate ratings show` takes: never cut.
        wide = {"min_width": 36, "no_wrap": True} if name == "player id" else {}
        table.add_column(name, justify=justify, **wide)  # type: ignore[arg-type]
    for row in board["items"]:
        table.add_row(
            str(row["rank"]),
            row["name"],
            f"{row['ordinal']:.2f}",
            str(row["games"]),
            str(row["player_id"]),
        )
    console = _console()
    if not board["items"]:
        console.print(f"{board['game']}: nobody on the leaderboard yet ({where}): it lists")
        console.print(f"players with at least {board['min_games']} rated game(s)")
        return
    console.print(table)


def show_player(profile: dict[str, Any], where: str) -> None:
    from rich.table import Table

    revoked = " (revoked)" if profile.get("revoked") else ""
    table = Table(title=f"{profile['name']}{revoked}: ratings ({where})")
    for name in ("game", "ordinal", "mu", "sigma", "games"):
        table.add_column(name, justify="left" if name == "game" else "right")
    for r in profile["ratings"]:
        table.add_row(
            r["game"], f"{r['ordinal']:.2f}", f"{r['mu']:.2f}", f"{r['sigma']:.2f}", str(r["games"])
        )
    console = _console()
    if not profile["ratings"]:
        console.print(f"{profile['name']}{revoked}: no rated game yet ({where})")
        return
    console.print(table)


# -- commands -----------------------------------------------------------------------------


def _where(url: str | None) -> str:
    return f"from {url}" if url else "from the database"


def run_leaderboard(args: argparse.Namespace, settings: Settings) -> int:
    from domain.registry import GAMES

    if args.game not in GAMES:
        stderr(
            f"gamestate leaderboard: unknown game '{args.game}'"
            f" (one of: {', '.join(sorted(GAMES))})"
        )
        return 2
    if not 1 <= args.limit <= 200:
        stderr("gamestate leaderboard: --limit is between 1 and 200")
        return 2
    try:
        board = leaderboard(settings, args.game, args.limit, args.url)
    except Unavailable as exc:
        stderr(f"gamestate leaderboard: {exc}")
        return 1
    show_leaderboard(board, _where(args.url))
    return 0


def run_show(args: argparse.Namespace, settings: Settings) -> int:
    try:
        player_id = uuid.UUID(args.player or "")
    except ValueError:
        stderr("gamestate ratings show: give a player id (a UUID; `gamestate leaderboard GAME`"
               " lists them)")  # fmt: skip
        return 2
    try:
        profile = player(settings, player_id, args.url)
    except Unavailable as exc:
        stderr(f"gamestate ratings show: {exc}")
        return 1
    show_player(profile, _where(args.url))
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "leaderboard",
        help="a game's leaderboard (from the database, or a server with --url)",
        description="The players with the best ratings in GAME, as GET /leaderboards/{game}"
        " serves them: at least GAMESTATE_LEADERBOARD_MIN_GAMES rated games, not"
        " provisional, not revoked. Read from the database (DATABASE_URL, or the embedded one"
        " in the data folder) or, with --url, from a running service.",
        epilog="examples:\n"
        "  gamestate leaderboard azul\n"
        "  gamestate leaderboard splendor --limit 50 --url http://127.0.0.1:8000\n"
        "  gamestate ratings show PLAYER_ID    one player's ratings in every game",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="an installed game's slug")
    p.add_argument("--limit", type=int, default=LIMIT, help=f"rows (default {LIMIT}, at most 200)")
    p.add_argument("--url", default=None, help="read from this server instead of the database")
    p.set_defaults(run=run_leaderboard)
