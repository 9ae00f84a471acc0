"""The command line: play, replay, tournament demo, help and exit codes."""

from __future__ import annotations

import datetime as dt
import re

import httpx
import pytest

from tests.api.helpers import create, play_to_the_end
from tests.cli.support import gamestate
from tests.conftest import ADMIN_KEY


def test_help_lists_every_command_and_exits_0() -> None:
    run = gamestate("--help")
    assert run.returncode == 0
    for command in ("serve", "migrate", "play", "replay", "tournament", "audit"):
        assert re.search(rf"(?m)^    {command}\b", run.stdout), command
    assert "examples:" in run.stdout
    # `openapi` is a developer's tool (make openapi): it works but is not listed.
    assert "openapi" not in run.stdout
    assert gamestate("openapi", "--help").returncode == 0
    for command in (("play",), ("audit",), ("tournament", "demo")):
        help_run = gamestate(*command, "--help")
        assert help_run.returncode == 0 and "examples:" in help_run.stdout
        assert "domain." not in help_run.stdout, "no implementation details in --help"


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("play", "no_such_game", "--players", "2"),
        ("play", "azul", "--players", "9"),
        ("replay", "not-a-uuid"),
        ("tournament", "demo", "azul", "--players", "4", "--format", "nope"),
        (
            "tournament",
            "demo",
            "three_kingdoms",
            "--players",
            "6",
            "--format",
            "single_elimination",
        ),
        # --rounds means nothing to an elimination bracket: refused, not ignored.
        ("tournament", "demo", "azul", "--players", "5", "--format", "single_elimination",
         "--rounds", "2"),
        ("play", "azul", "--players", "2", "--url", "http://x", "--in-process"),
    ],
)  # fmt: skip
def test_usage_errors_exit_2_with_a_message_on_stderr(args: tuple[str, ...]) -> None:
    run = gamestate(*args)
    assert run.returncode == 2, run.stderr
    assert run.stderr.strip()
    assert run.stdout == ""


def test_play_in_process_prints_a_summary_table() -> None:
    run = gamestate("play", "azul", "--players", "3", "--games", "4", "--seed", "t1")
    assert run.returncode == 0, run.stderr
    assert "4 game(s) of azul with 3 players (in-process" in run.stdout
    seats = [line.split() for line in run.stdout.splitlines() if re.match(r"^\s+\d\s+\d+\s", line)]
    assert [row[0] for row in seats] == ["0", "1", "2"]
    # seat, wins, shared, win %, avg score: every game hands out exactly one win
    assert sum(int(row[1]) for row in seats) + min(1, sum(int(row[2]) for row in seats)) >= 1
    assert abs(sum(float(row[3].rstrip("%")) for row in seats) - 100) < 0.2
    assert "games per second:" in run.stdout
    # Not a terminal: whole lines, no carriage returns or escape codes.
    assert "4/4" in run.stderr.splitlines()[-1]
    assert "\r" not in run.stderr and "\x1b" not in run.stderr
    again = gamestate("play", "azul", "--players", "3", "--games", "4", "--seed", "t1")
    assert [line for line in again.stdout.splitlines() if re.match(r"^\s+\d\s", line)] == [
        line for line in run.stdout.splitlines() if re.match(r"^\s+\d\s", line)
    ], "the same seed plays the same games"


def test_play_over_http_finishes_games_on_the_server(live_url: str) -> None:
    run = gamestate(
        "play", "splendor", "--players", "2", "--games", "2", "--url", live_url, "--seed", "h1"
    )
    assert run.returncode == 0, run.stderr
    assert f"2 game(s) of splendor with 2 players (over HTTP at {live_url})" in run.stdout
    listed = httpx.get(f"{live_url}/games", params={"player": "bot0", "status": "finished"})
    assert listed.status_code == 200


def test_play_as_registered_players_waits_on_the_player_stream(live_url: str) -> None:
    polling = gamestate(
        "play", "splendor", "--players", "2", "--games", "1", "--url", live_url, "--seed", "p1"
    )  # fmt: skip
    players = gamestate(
        "play", "splendor", "--players", "2", "--games", "1", "--url", live_url, "--seed", "p1",
        "--as-players", GAMESTATE_ADMIN_KEY=ADMIN_KEY,
    )  # fmt: skip
    assert players.returncode == 0, players.stderr
    assert "1 game(s) of splendor with 2 players" in players.stdout

    def per_decision(run) -> float:
        return float(re.search(r"requests per decision: ([0-9.]+)", run.stdout).group(1))

    # Polling reads the game, the legal commands and sends one: three requests a decision;
    # a player on its stream asks its legal commands and sends one, or only sends one when
    # it acts again (a stream opened counts once).
    assert per_decision(polling) >= 3
    assert per_decision(players) < 2.2
    # Without the admin key: an open table that each bot joins with its own player token.
    started = dt.datetime.now(dt.UTC)
    joined = gamestate(
        "play", "splendor", "--players", "2", "--games", "2", "--url", live_url, "--seed", "p2",
        "--as-players", GAMESTATE_ADMIN_KEY="",
    )  # fmt: skip
    assert joined.returncode == 0, joined.stderr
    assert "2 game(s) of splendor with 2 players" in joined.stdout
    assert per_decision(joined) < 2.2
    # Every table it opened was filled and dealt: no game created since it started is left
    # waiting (newest first, so they are all on the first page; older waiting games of other
    # tests come and go as the lobby expires them).
    assert not [
        game["id"]
        for game in _games(live_url, "waiting")
        if dt.datetime.fromisoformat(game["created_at"]) >= started
    ]


def _games(url: str, status: str) -> list[dict]:
    listed = httpx.get(f"{url}/games", params={"status": status, "limit": 100})
    assert listed.status_code == 200, listed.text
    return listed.json()["items"]


def _tournament_run(url: str, *extra: str, **env: str):
    run = gamestate(
        "tournament", "play", "azul", "--players", "5", "--format", "swiss", "--rounds", "2",
        "--url", url, "--seed", "tp1", *extra, timeout=300, **env,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    tournament_id = re.search(r"swiss tournament (\S+) of azul", run.stdout).group(1)
    per_decision = float(re.search(r"bot requests per decision: ([0-9.]+)", run.stdout).group(1))
    return run, tournament_id, per_decision


def test_tournament_over_http_with_registered_players_on_their_streams(live_url: str) -> None:
    run, tournament_id, on_streams = _tournament_run(live_url, GAMESTATE_ADMIN_KEY=ADMIN_KEY)
    assert "registered players on their streams" in run.stdout
    resource = httpx.get(f"{live_url}/tournaments/{tournament_id}").json()
    view = resource["view"]
    assert view["status"] == "finished"
    assert len(view["rounds"]) == 2
    tables = [t for r in view["rounds"] for t in r["tables"] if not t["bye"]]
    assert len(tables) == 4 and all(t["status"] == "done" for t in tables)
    assert all(t["source"] == "game" for t in tables)
    rows = [line.split() for line in run.stdout.splitlines() if re.match(r"^\s+\d+\s+bot", line)]
    assert sorted(row[1] for row in rows) == [f"bot{i}" for i in range(5)]
    # The same tournament by polling /me and the games costs a request more per decision.
    polled, _, polling = _tournament_run(live_url, "--poll", "--admin-key", ADMIN_KEY)
    assert "polling /me and the games" in polled.stdout
    assert polling >= 3
    assert on_streams < 2.2


def test_tournament_play_needs_a_server_and_the_admin_key(live_url: str) -> None:
    no_url = gamestate(
        "tournament", "play", "azul", "--players", "4", "--format", "swiss", GAMESTATE_URL=""
    )
    assert no_url.returncode == 2 and "--url" in no_url.stderr
    no_key = gamestate(
        "tournament", "play", "azul", "--players", "4", "--format", "swiss", "--url", live_url,
        GAMESTATE_ADMIN_KEY="",
    )  # fmt: skip
    assert no_key.returncode == 2 and "admin key" in no_key.stderr


def test_play_on_a_clock_shows_the_clocks_in_process_and_over_http(live_url: str) -> None:
    local = gamestate(
        "play", "carcassonne", "--players", "2", "--games", "2", "--seed", "c1",
        "--turn-seconds", "2", "--idle-seat", "1",
    )  # fmt: skip
    assert local.returncode == 0, local.stderr
    assert re.search(r"game c1-0: \d+ timeouts, \d+ auto-played decisions, 1 zombies", local.stderr)
    assert re.search(r"^clocks: .*\d+ timeouts", local.stdout, re.M)
    remote = gamestate(
        "play", "azul", "--players", "2", "--url", live_url, "--seed", "c2",
        "--turn-seconds", "0.2", "--idle-seat", "0",
    )  # fmt: skip
    assert remote.returncode == 0, remote.stderr
    assert re.search(r"game [0-9a-f-]{36}: \d+ timeouts, .* zombies, banks left", remote.stderr)
    assert re.search(r"^clocks: .*[1-9]\d* timeouts", remote.stdout, re.M)
    assert gamestate("play", "azul", "--players", "2", "--turn-seconds", "0").returncode == 2


def test_tournament_demo_on_a_clock_shows_the_clocks() -> None:
    run = gamestate(
        "tournament", "demo", "azul", "--players", "4", "--format", "single_elimination",
        "--turn-seconds", "30", "--idle-player", "3", "--seed", "d1",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert re.search(r"^clocks: 30 s per decision, auto_play: .*\d+ timeouts", run.stdout, re.M)


def test_play_uses_gamestate_url_unless_told_to_play_in_process(live_url: str) -> None:
    run = gamestate("play", "azul", "--players", "2", "--seed", "env1", GAMESTATE_URL=live_url)
    assert run.returncode == 0, run.stderr
    assert f"(over HTTP at {live_url})" in run.stdout
    local = gamestate(
        "play", "azul", "--players", "2", "--in-process", GAMESTATE_URL="http://127.0.0.1:9"
    )
    assert local.returncode == 0, local.stderr
    assert "(in-process, domain only)" in local.stdout


def test_win_percentages_split_shared_wins_and_never_exceed_100() -> None:
    from service.ops.commands.play import Tally

    def ranking(*places: int) -> list[dict]:
        return [{"seat": seat, "score": 10, "place": p} for seat, p in enumerate(places)]

    tally = Tally(3)
    tally.add(ranking(1, 1, 1), 10)  # a three-way tie
    tally.add(ranking(1, 2, 3), 10)
    tally.add(ranking(1, 1, 3), 10)
    tally.add(ranking(2, 1, 3), 10)
    assert tally.wins == [1, 1, 0] and tally.shared == [2, 2, 1]
    percents = [tally.win_percent(seat) for seat in range(3)]
    assert all(0 <= p <= 100 for p in percents)
    assert abs(sum(percents) - 100) < 1e-9
    assert percents == pytest.approx(
        [100 * (1 / 3 + 1 + 1 / 2) / 4, 100 * (1 / 3 + 1 / 2 + 1) / 4, 100 / 3 / 4]
    )
    solo = Tally(1)
    for _ in range(3):
        solo.add(ranking(1), 5)
    assert solo.win_percent(0) == 100


def test_play_against_an_unreachable_server_exits_1() -> None:
    run = gamestate("play", "azul", "--players", "2", "--url", "http://127.0.0.1:9")
    assert run.returncode == 1
    assert "cannot talk to" in run.stderr


def test_replay_shows_every_event_with_running_scores_and_the_result(live_url: str) -> None:
    import random

    with httpx.Client(base_url=live_url) as http:
        created = create(http, "azul", 2, seed="replay-seed")
        final = play_to_the_end(http, created, random.Random(3))
    run = gamestate("replay", created["id"], "--url", live_url)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    events = [line for line in lines if re.match(r"^\s+\d+\s+(\d+\s+)?[a-z_]+\.[a-z_]+\s", line)]
    assert len(events) == final["version"]
    assert events[0].split()[0] == "1"
    assert events[-1].split()[0] == str(final["version"])
    ranking = final["result"]["ranking"]
    scores = " ".join(str(s["score"]) for s in sorted(ranking, key=lambda s: s["seat"]))
    assert f"[{scores}]" in events[-1]
    assert "final ranking:" in run.stdout
    assert re.search(r"(?m)^place\s+seat\s+player\s+score\s+tie-break$", run.stdout)
    assert "tie-break: complete wall rows" in run.stdout
    assert "seed (revealed): replay-seed" in run.stdout


@pytest.mark.parametrize("game", ["azul", "splendor", "carcassonne", "castles", "three_kingdoms"])
def test_every_game_ends_with_the_same_result_table(game: str) -> None:
    """One format for all five games: the ranking with a tie-break column, a legend naming the
    game's tie-breaks, the winners; nothing game-specific around it."""
    import msgspec

    from domain._kernel import playout
    from domain.registry import GAMES
    from service.ops.console import result_table, tiebreaks

    spec = GAMES[game]
    state, _ = playout(spec, spec.new_setup(spec.max_players if game != "castles" else 2), "t")
    ranking = msgspec.to_builtins(spec.result(state).ranking)
    names = {s["seat"]: f"p{s['seat']}" for s in ranking}
    lines = result_table(game, ranking, names).splitlines()
    assert lines[0].split() == ["place", "seat", "player", "score", "tie-break"]
    assert len(lines) == len(ranking) + 3
    legend = lines[-2]
    assert legend.startswith("tie-break: ")
    width = max(len(s["tiebreak"]) for s in ranking)
    assert width <= len(tiebreaks(game)), "every tie-break value has a label"
    for label, _ in tiebreaks(game)[:width]:
        assert label in legend
    assert lines[-1].startswith(("winner: seat ", "shared win: seat "))
    for row, standing in zip(lines[1:-2], ranking, strict=True):
        cells = row.split(None, 4)
        assert [int(cells[0]), int(cells[1]), cells[2], int(cells[3])] == [
            standing["place"], standing["seat"], names[standing["seat"]], standing["score"]
        ]  # fmt: skip
        assert cells[4] == ("-" if not standing["tiebreak"] else cells[4])


def test_replay_of_an_unknown_game_exits_1(live_url: str) -> None:
    run = gamestate("replay", "00000000-0000-4000-8000-000000000000", "--url", live_url)
    assert run.returncode == 1
    assert "not found" in run.stderr


@pytest.mark.parametrize(
    ("game", "players", "format", "extra"),
    [
        ("azul", 6, "swiss", ()),
        ("splendor", 5, "double_elimination", ()),
        ("carcassonne", 7, "table_elimination", ("--table-size", "3")),
        ("three_kingdoms", 7, "championship", ()),
    ],
)
def test_tournament_demo_runs_to_the_end_and_prints_standings(
    game: str, players: int, format: str, extra: tuple[str, ...]
) -> None:
    run = gamestate(
        "tournament", "demo", game, "--players", str(players), "--format", format,
        "--seed", "demo", *extra,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"{format} tournament of {game}: {players} players")
    rows = [line.split() for line in run.stdout.splitlines() if re.match(r"^\s+\d+\s+bot", line)]
    assert len(rows) == players
    assert rows[0][0] == "1"
    assert sorted(row[1] for row in rows) == sorted(f"bot{i + 1}" for i in range(players))
    # Progress on stderr, not a terminal: whole lines only.
    assert run.stderr.endswith("\n") and "\r" not in run.stderr
    assert all(
        line.startswith(f"{format} tournament of {game}: ") for line in run.stderr.splitlines()
    )
