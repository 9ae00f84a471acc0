"""What ``gamestate play`` and ``gamestate tournament`` share: the summary's tally, the
clocks' counts, and reading a game's answer over HTTP (service/ops/commands/play.py)."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

URL_ENV = "GAMESTATE_URL"


class Failure(Exception):
    """Something went wrong that is not the user's typing: exit code 1."""


@dataclass
class Tally:
    """Per seat: outright wins, first places shared with other seats, and the total score."""

    players: int
    games: int = 0
    commands: int = 0
    wins: list[int] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    clocks: Counter = field(default_factory=Counter)
    """Totals of the games' clocks: timeouts, auto-played decisions, zombies, endings."""
    requests: int = 0
    """HTTP requests sent (over HTTP only)."""
    game_ids: list[str] = field(default_factory=list)
    """The stored games played (over HTTP only: in-process games are not stored)."""

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.shared = [0] * self.players
        self.win_share = [0.0] * self.players
        self.scores = [0] * self.players

    def add(
        self,
        ranking: list[dict[str, Any]],
        commands: int,
        clocks: Counter | None = None,
        game_id: str | None = None,
    ) -> None:
        self.games += 1
        if game_id is not None:
            self.game_ids.append(game_id)
        self.commands += commands
        self.clocks.update(clocks or {})
        firsts = sorted({s["seat"] for s in ranking if s["place"] == 1})
        for standing in ranking:
            self.scores[standing["seat"]] += standing["score"]
        for seat in firsts:
            if len(firsts) == 1:
                self.wins[seat] += 1
            else:
                self.shared[seat] += 1
            # A shared first place is a fraction of a win: every game hands out exactly one.
            self.win_share[seat] += 1 / len(firsts)

    def win_percent(self, seat: int) -> float:
        """The seat's share of the games' wins, in percent: 0..100, and 100 over all seats."""
        return 100 * self.win_share[seat] / self.games if self.games else 0.0


def clock_tally(events: list[dict[str, Any]]) -> Counter:
    """What the clocks did in a game, from its events (as JSON)."""
    tally: Counter = Counter()
    for event in events:
        data = event.get("data") or event
        kind = event.get("type")
        if kind == "game.turn_timed_out":
            tally["timeouts"] += 1
            tally["forfeits"] += data.get("outcome") == "forfeit"
            tally["zombies"] += bool(data.get("zombie")) and data.get("outcome") == "auto_play"
        elif kind == "game.seat_auto_played":
            tally["auto-played decisions"] += 1
        elif kind in ("game.ended", "game.abandoned"):
            tally[f"ended: {data.get('reason')}"] += 1
    return tally


def clock_line(game: str, tally: Counter, banks: list[float] | None) -> str:
    parts = [f"{tally.get(k, 0)} {k}" for k in ("timeouts", "auto-played decisions", "zombies")]
    if banks is not None:
        parts.append("banks left " + ", ".join(f"{b:g}s" for b in banks))
    return f"game {game}: " + ", ".join(parts)


def summary(game: str, tally: Tally, seconds: float, where: str) -> str:
    rows = [f"{tally.games} game(s) of {game} with {tally.players} players ({where})", ""]
    rows.append(f"{'seat':>4}  {'wins':>5}  {'shared':>6}  {'win %':>6}  {'avg score':>9}")
    for seat in range(tally.players):
        games = max(tally.games, 1)
        rows.append(
            f"{seat:>4}  {tally.wins[seat]:>5}  {tally.shared[seat]:>6}"
            f"  {tally.win_percent(seat):>5.1f}%  {tally.scores[seat] / games:>9.2f}"
        )
    rows.append("")
    rows.append("win %: wins, with a first place shared by k seats counted as 1/k of a win")
    if tally.clocks:
        rows.append("clocks: " + ", ".join(f"{n} {k}" for k, n in sorted(tally.clocks.items())))
    rows.append(f"commands per game: {tally.commands / max(tally.games, 1):.1f}")
    if tally.requests:
        rows.append(f"requests per decision: {tally.requests / max(tally.commands, 1):.2f}")
    rows.append(f"games per second:  {tally.games / max(seconds, 1e-9):.2f}")
    rows.append(f"elapsed:           {seconds:.2f} s")
    return "\n".join(rows)


def _check(response: Any, what: str) -> Any:
    if response.status_code >= 400:
        raise Failure(f"{what}: HTTP {response.status_code}: {response.text[:300]}")
    return response.json()


def _finished_over_http(
    http: Any, game_id: str, view: dict[str, Any], commands: int
) -> tuple[list[dict[str, Any]], int, Counter, str]:
    if view["result"] is None:
        raise Failure(f"game {game_id} ended without a result ({view.get('ending')})")
    tally: Counter = Counter()
    if view.get("clock") is not None:
        events = _check(http.get(f"/games/{game_id}/events"), "read events")["events"]
        tally = clock_tally(events)
        print(clock_line(game_id, tally, view["clock"]["banks"]), file=sys.stderr)
    return view["result"]["ranking"], commands, tally, game_id
