"""``gamestate replay``: step through a stored game in the terminal, from the HTTP API.

Reads ``GET /games/{id}`` (seats, status, result), the events page by page
(``GET /games/{id}/events?after=N``) and, for every version, the view as it was then
(``GET /games/{id}/views/{version}``), and prints one event per line with the running
scores. Events are shown as the caller may see them: redacted for a spectator while the game
is running (pass a seat token or the admin key with ``--token``), complete once it is over.

Running scores: what the game's ``view_scores`` reads from the view at that version (a game
installed here; ``-`` where it shows none), and for any game once finished, the result's.

Exit codes: 0 ok, 1 the game is unknown or the server cannot be reached, 2 usage."""

from __future__ import annotations

import argparse
import json
import os
import uuid
from typing import Any

from domain.registry import GAMES
from service.ops.console import result_table
from service.support.config import Settings

URL_ENV = "GAMESTATE_URL"
DEFAULT_URL = "http://127.0.0.1:8000"


class Failure(Exception):
    pass


def scores_of(game: str, view: dict[str, Any], players: int) -> list[int | None]:
    """The running scores a view shows, per seat (None where the view has none yet)."""
    result = view.get("result")
    if result:
        by_seat: dict[int, int] = {s["seat"]: s["score"] for s in result["ranking"]}
        return [by_seat.get(seat) for seat in range(players)]
    spec = GAMES.get(game)
    shown = spec.view_scores if spec is not None else None
    values: list[Any] = shown(view.get("state") or {}, players) if shown is not None else []
    return [values[seat] if seat < len(values) else None for seat in range(players)]


def _short(data: Any, limit: int = 90) -> str:
    fields = {k: v for k, v in (data or {}).items() if k != "type"}
    text = json.dumps(fields, separators=(",", ":"), sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _get(http: Any, path: str, **params: Any) -> Any:
    response = http.get(path, params=params or None)
    if response.status_code == 404:
        raise Failure(f"not found: {path}")
    if response.status_code >= 400:
        raise Failure(f"{path}: HTTP {response.status_code}: {response.text[:300]}")
    return response.json()


def replay(http: Any, game_id: uuid.UUID, out: Any) -> None:
    game = _get(http, f"/games/{game_id}")
    slug, seats = game["game"], game["seats"]
    players = len(seats)
    names = ", ".join(f"{s['seat']}={s['name']}" for s in seats)
    print(f"{slug} game {game_id} (rules {game['rules_version']}), seats: {names}", file=out)
    print(f"{'version':>7}  {'seat':>4}  {'event':<34} scores", file=out)
    after = 0
    while True:
        page = _get(http, f"/games/{game_id}/events", after=after, limit=500)
        for event in page["events"]:
            view = _get(http, f"/games/{game_id}/views/{event['version']}")
            scores = " ".join("-" if v is None else str(v) for v in scores_of(slug, view, players))
            seat = "" if event["seat"] is None else str(event["seat"])
            print(
                f"{event['version']:>7}  {seat:>4}  {event['type']:<34} [{scores}]"
                f"  {_short(event['data'])}",
                file=out,
            )
            after = event["version"]
        if not page["events"] or after >= page["version"]:
            break
    print("", file=out)
    print(f"status: {game['status']} at version {game['version']}", file=out)
    result = game.get("result")
    if result:
        names = {s["seat"]: s["name"] for s in seats}
        print("final ranking:", file=out)
        print(result_table(slug, result["ranking"], names), file=out)
    else:
        scores = scores_of(slug, game, players)
        print(f"to act: {game['to_act']}; scores so far: {scores}", file=out)
    print(f"seed commitment: {game['seed_commitment']}", file=out)
    if game.get("seed"):
        print(f"seed (revealed): {game['seed']}", file=out)


def run(args: argparse.Namespace, settings: Settings) -> int:
    import sys

    import httpx

    from service.ops.environment import stderr

    try:
        game_id = uuid.UUID(args.game_id)
    except ValueError:
        stderr(f"gamestate replay: '{args.game_id}' is not a game id (a UUID)")
        return 2
    url = (args.url or os.environ.get(URL_ENV) or DEFAULT_URL).rstrip("/")
    headers = {"Authorization": f"Bearer {args.token}"} if args.token else {}
    try:
        with httpx.Client(base_url=url, timeout=30, headers=headers) as http:
            replay(http, game_id, sys.stdout)
    except Failure as exc:
        stderr(f"gamestate replay: {exc}")
        return 1
    except httpx.HTTPError as exc:
        stderr(f"gamestate replay: cannot talk to {url}: {exc}")
        return 1
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "replay",
        help="step through a game from the HTTP API, one event per line with scores",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    p.add_argument("game_id", metavar="GAME_ID", help="the game's id")
    p.add_argument("--url", default=None, help=f"server (default ${URL_ENV} or {DEFAULT_URL})")
    p.add_argument(
        "--token",
        default=os.environ.get("GAMESTATE_TOKEN"),
        help="a seat token or the admin key (default $GAMESTATE_TOKEN; none = spectator)",
    )
    p.set_defaults(run=run)
