"""``gamestate tournament play``: a bot tournament over HTTP against a server.

The organiser (the admin key) creates the tournament, registers the bots and starts it. Each
bot is a registered player (``POST /players``, one player token) registered in the tournament
by ``registered_player_id``, and acts only when its notification stream
(``GET /players/{id}/events/stream``, docs/notifications.md) says ``your_turn``: the tables'
games are created by the service, ``round_paired`` and ``game_started`` announce them, and
nothing polls the tournament's ``/me`` or the games. The organiser reads the tournament once
per finished game (a ``game_ended`` on the stream) to see whether it is over, and breaks a tie
at an elimination cut in seat order, as the demo does.

``--poll`` plays the same tournament the way ``tests/api/tournament_bots.py`` does, for
comparison: anonymous participants, every participant's ``GET /me`` after each round, and per
decision the game read, the legal commands and the command.

The summary counts the bots' HTTP requests per decision (a stream opened is one request) and
the organiser's requests apart. Exit codes: 0 ok, 1 the tournament or the server failed, 2
usage."""

from __future__ import annotations

import argparse
import os
import random
import secrets
import time
from typing import Any

from service.ops.commands.play import URL_ENV, Failure, PlayerBots, _check
from service.support.config import Settings


class Counted:
    """An httpx client that counts its requests."""

    def __init__(self, url: str) -> None:
        import httpx

        self.requests = 0
        self.client = httpx.Client(
            base_url=url.rstrip("/"), timeout=30, event_hooks={"request": [self._count]}
        )

    def _count(self, _: Any) -> None:
        self.requests += 1


def create_tournament(
    organiser: Any, args: argparse.Namespace, admin: dict[str, str], seed: str
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": args.game,
        "name": f"bots {args.game} {args.format} {seed}",
        "format": args.format,
        "seeding": "random",
    }
    if args.table_size is not None:
        body["table_size"] = args.table_size
    if args.rounds:
        body["rounds"] = args.rounds
    return _check(organiser.post("/tournaments", json=body, headers=admin), "create tournament")


def settle(
    organiser: Any, tournament_id: str, admin: dict[str, str], finished: dict[str, dict]
) -> bool:
    """The organiser's look after a game ended: True when the tournament is over; a finished
    game the format cannot take (a tie across the cut) is resolved in seat order."""
    view = _check(organiser.get(f"/tournaments/{tournament_id}"), "read tournament")["view"]
    if view["status"] == "finished":
        return True
    for table in (t for r in view["rounds"] for t in r["tables"]):
        game = finished.get(table.get("game_id") or "")
        if table["status"] != "open" or game is None:
            continue
        order = sorted(game["result"]["ranking"], key=lambda s: (s["place"], s["seat"]))
        placements = [
            {"player_id": table["players"][s["seat"]], "place": i + 1, "score": s["score"]}
            for i, s in enumerate(order)
        ]
        _check(
            organiser.post(
                f"/tournaments/{tournament_id}/tables/{table['table_id']}/resolve",
                json={"placements": placements, "reason": "tie broken by seat order (bots)"},
                headers=admin,
            ),
            "resolve a tie",
        )
    return False


def play_on_streams(
    bots_http: Any, organiser: Any, args: argparse.Namespace, admin: dict[str, str], seed: str
) -> tuple[dict[str, Any], int, int]:
    """Registered players on their streams; (tournament, games, decisions)."""
    bots = PlayerBots(bots_http, args.players, prefix=f"t{seed[:6]}-")
    try:
        created = create_tournament(organiser, args, admin, seed)
        tournament_id = created["id"]
        for i, (player_id, _) in enumerate(bots.players):
            _check(
                organiser.post(
                    f"/tournaments/{tournament_id}/players",
                    json={
                        "name": f"bot{i}",
                        "registered_player_id": player_id,
                        "rating": args.players - i,
                    },
                    headers=admin,
                ),
                "register a player",
            )
        _check(organiser.post(f"/tournaments/{tournament_id}/start", headers=admin), "start")
        finished: dict[str, dict] = {}

        def on_ended(index: int, note: dict[str, Any]) -> bool:
            game_id = note["game_id"]
            if game_id in finished:
                return False  # the other seats' game_ended of a game already seen
            # Read as one of its seats: a duplicate round's tables are hidden from others.
            finished[game_id] = _check(
                bots_http.get(f"/games/{game_id}", headers=bots.auth(index)), "read game"
            )
            return settle(organiser, tournament_id, admin, finished)

        decisions = bots.serve(
            random.Random(seed),
            want=lambda note: note.get("tournament_id") == tournament_id,
            on_ended=on_ended,
            what=f"tournament {tournament_id}",
        )
    finally:
        bots.close()
    final = _check(organiser.get(f"/tournaments/{tournament_id}"), "read tournament")
    return final, len(finished), decisions


def play_polling(
    bots_http: Any, organiser: Any, args: argparse.Namespace, admin: dict[str, str], seed: str
) -> tuple[dict[str, Any], int, int]:
    """Anonymous participants polling ``/me`` and their games (tests/api/tournament_bots.py)."""
    rng = random.Random(seed)
    created = create_tournament(organiser, args, admin, seed)
    tournament_id = created["id"]
    tokens = []
    for i in range(args.players):
        joined = _check(
            organiser.post(
                f"/tournaments/{tournament_id}/players",
                json={"name": f"bot{i}", "rating": args.players - i},
                headers=admin,
            ),
            "register a participant",
        )
        tokens.append(joined["token"])
    _check(organiser.post(f"/tournaments/{tournament_id}/start", headers=admin), "start")
    finished: dict[str, dict] = {}
    decisions = 0
    for _ in range(1000):
        games: dict[str, dict[int, str]] = {}
        for token in tokens:
            me = bots_http.get(
                f"/tournaments/{tournament_id}/me", headers={"Authorization": f"Bearer {token}"}
            )
            if me.status_code == 403:
                continue  # withdrawn
            me = _check(me, "me")
            if me["game_id"] is not None and me["game_id"] not in finished:
                games.setdefault(me["game_id"], {})[me["seat"]] = me["seat_token"]
        for game_id, seats in games.items():
            view, played = _poll_game(bots_http, game_id, seats, rng)
            finished[game_id] = view
            decisions += played
        if settle(organiser, tournament_id, admin, finished):
            final = _check(organiser.get(f"/tournaments/{tournament_id}"), "read tournament")
            return final, len(finished), decisions
        if not games:
            time.sleep(0.05)  # the next round's games are being created
    raise Failure(f"tournament {tournament_id} did not finish")


def _poll_game(
    http: Any, game_id: str, seats: dict[int, str], rng: random.Random
) -> tuple[dict[str, Any], int]:
    looker = {"Authorization": f"Bearer {seats[min(seats)]}"}
    for decisions in range(100_000):
        view = _check(http.get(f"/games/{game_id}", headers=looker), "read game")
        if view["status"] == "finished":
            return view, decisions
        seat = rng.choice(view["to_act"])
        auth = {"Authorization": f"Bearer {seats[seat]}"}
        legal = _check(http.get(f"/games/{game_id}/legal-commands", headers=auth), "legal")
        _check(
            http.post(
                f"/games/{game_id}/commands",
                json={
                    "command": rng.choice(legal["commands"]),
                    "expected_version": legal["version"],
                },
                headers=auth,
            ),
            f"game {game_id}: command",
        )
    raise Failure(f"game {game_id} did not end")


def run(args: argparse.Namespace, settings: Settings) -> int:
    import httpx

    from domain.registry import GAMES
    from service.ops.environment import stderr

    name = "gamestate tournament play"
    if args.game not in GAMES:
        stderr(f"{name}: unknown game '{args.game}' (one of: {', '.join(sorted(GAMES))})")
        return 2
    if args.players < 2:
        stderr(f"{name}: --players must be at least 2")
        return 2
    if args.rounds and args.format not in args.formats_with_rounds:
        stderr(f"{name}: --rounds applies to {' and '.join(args.formats_with_rounds)} only")
        return 2
    url = args.url or os.environ.get(URL_ENV)
    if not url:
        stderr(f"{name}: give the server: --url (or ${URL_ENV})")
        return 2
    admin_key = args.admin_key or settings.admin_key
    if not admin_key:
        stderr(f"{name}: the organiser needs the admin key (--admin-key or $GAMESTATE_ADMIN_KEY)")
        return 2
    admin = {"Authorization": f"Bearer {admin_key}"}
    seed = args.seed if args.seed is not None else secrets.token_hex(8)
    bots, organiser = Counted(url), Counted(url)
    started = time.monotonic()
    try:
        with bots.client, organiser.client:
            play = play_polling if args.poll else play_on_streams
            final, games, decisions = play(bots.client, organiser.client, args, admin, seed)
    except Failure as exc:
        stderr(f"{name}: {exc}")
        return 1
    except httpx.HTTPError as exc:
        stderr(f"{name}: cannot talk to {url}: {exc}")
        return 1
    elapsed = time.monotonic() - started
    view = final["view"]
    names = {p["player_id"]: p["name"] for p in view["players"]}
    how = "polling /me and the games" if args.poll else "registered players on their streams"
    print(
        f"{args.format} tournament {final['id']} of {args.game} over HTTP at {url}: "
        f"{args.players} players, {len(view['rounds'])} round(s), {games} game(s), "
        f"{decisions} decisions, {elapsed:.2f} s ({how})"
    )
    print()
    for row in view.get("ranking") or view.get("standings") or []:
        print(f"{row['place']:>5}  {names.get(row['player_id'], row['player_id'])!s:<10}"
              f" {row['points']:>6}")  # fmt: skip
    print()
    print(f"bot requests per decision: {bots.requests / max(decisions, 1):.2f}")
    print(f"organiser requests: {organiser.requests}")
    print(f"seed: {seed}")
    return 0


def register(
    sub: argparse._SubParsersAction, formats: tuple[str, ...], with_rounds: tuple[str, ...]
) -> None:
    """The ``play`` subcommand of ``gamestate tournament`` (the formats are given by
    tournament.py, which registers it: no import back)."""
    p = sub.add_parser(
        "play",
        help="run a bot tournament over HTTP; bots are registered players on their streams",
        description="A whole bot tournament against a server: the organiser (admin key)"
        " creates, registers and starts it; each bot is a registered player that acts only"
        " when its notification stream says it is its turn. --poll plays it by polling"
        " instead, for comparison. Standings and requests per decision on stdout.",
        epilog="example:\n"
        "  gamestate tournament play azul --players 6 --format swiss --rounds 2"
        " --url http://127.0.0.1:8000",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="an installed game's slug (GET /games/types lists the served ones)")
    p.add_argument("--players", type=int, required=True, help="number of bots")
    p.add_argument("--format", required=True, choices=formats, help="tournament format")
    p.add_argument("--table-size", type=int, default=None, help="players per table")
    p.add_argument("--rounds", type=int, default=0, help="rounds of round_robin or swiss")
    p.add_argument("--url", default=None, help=f"the server (default ${URL_ENV})")
    p.add_argument(
        "--admin-key", default=None, help="the organiser's key (default $GAMESTATE_ADMIN_KEY)"
    )
    p.add_argument("--seed", default=None, help="seed of the bots' choices (default random)")
    p.add_argument(
        "--poll",
        action="store_true",
        help="anonymous bots polling /me and their games instead of registered players on"
        " streams (for comparison)",
    )
    p.set_defaults(run=run, formats_with_rounds=with_rounds)
