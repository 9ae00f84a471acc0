"""The command line says where things are (issue 36, item 3): the games `play` stored and
their pages, the default number of players, ratings and leaderboards, the start-up banner."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.cli.support import ROOT, gamestate
from tests.conftest import ADMIN_KEY, _free_port, fresh_database

UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


def test_play_over_http_lists_each_game_with_its_viewer_record_and_audit(live_url: str) -> None:
    run = gamestate("play", "azul", "--games", "2", "--url", live_url, "--seed", "where1")
    assert run.returncode == 0, run.stderr
    assert "2 game(s) of azul with 2 players" in run.stdout  # --players left out: 2
    ids = re.findall(rf"(?m)^  ({UUID})  viewer {re.escape(live_url)}/viewer/games/\1$", run.stdout)
    assert len(set(ids)) == 2, run.stdout
    for game_id in ids:
        record = f"{live_url}/games/{game_id}/record"
        audit = f"{live_url}/games/{game_id}/audit"
        assert f"record {record}  audit {audit}" in run.stdout
        assert httpx.get(record).status_code == 200
        assert httpx.get(audit).json()["ok"] is True
        assert httpx.get(f"{live_url}/viewer/games/{game_id}").status_code == 200
        assert httpx.get(f"{live_url}/games/{game_id}").json()["seats"][0]["name"] == "bot0"


def test_play_in_process_says_its_games_are_not_stored() -> None:
    run = gamestate("play", "azul", "--games", "2", "--seed", "where2", "--in-process")
    assert run.returncode == 0, run.stderr
    assert "2 game(s) of azul with 2 players (in-process" in run.stdout
    assert "not stored" in run.stdout and "--url" in run.stdout
    assert not re.search(UUID, run.stdout)


def test_players_default_to_two_where_the_game_allows_it_else_its_minimum() -> None:
    from domain.registry import GAMES
    from service.ops.commands.play import default_players

    for spec in GAMES.values():
        expected = 2 if spec.min_players <= 2 <= spec.max_players else spec.min_players
        assert default_players(spec) == expected, spec.slug
    help_run = gamestate("play", "--help")
    assert "default 2 where the game allows it, else its minimum" in " ".join(
        help_run.stdout.split()
    )


# -- ratings and leaderboards ----------------------------------------------------------------


@contextlib.contextmanager
def _server(url: str) -> Iterator[str]:
    import uvicorn

    from service.api.app import create_app

    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(url, admin_key=ADMIN_KEY, background=False),
            host="127.0.0.1",
            port=port,
            log_level="warning",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "test server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def rated(pg_server: str) -> Iterator[tuple[str, dict[str, uuid.UUID]]]:
    """A database of its own with known ratings: three established players of Splendor
    (Ada best), one provisional (too few games), one revoked."""
    from service.store.database import migrate

    with fresh_database(pg_server) as url:
        migrate(url)
        ids = {name: uuid.uuid4() for name in ("Ada", "Bob", "Cy", "Newbie", "Gone")}
        game = uuid.uuid4()
        ratings = {
            "Ada": (30.0, 3.0, 12),
            "Bob": (27.0, 3.5, 9),
            "Cy": (22.0, 4.0, 7),
            "Newbie": (40.0, 6.0, 1),
            "Gone": (50.0, 2.0, 20),
        }
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'game', 'splendor', '1', '{}', 'finished')",
                (game,),
            )
            for name, (mu, sigma, games) in ratings.items():
                conn.execute(
                    "INSERT INTO players (id, name, token_hash, revoked_at) VALUES"
                    " (%s, %s, %s, CASE WHEN %s THEN now() END)",
                    (ids[name], name, uuid.uuid4().hex, name == "Gone"),
                )
                conn.execute(
                    "INSERT INTO player_ratings (player_id, game, mu, sigma, ordinal, games,"
                    " last_position, last_game) VALUES (%s, 'splendor', %s, %s, %s, %s, 1, %s)",
                    (ids[name], mu, sigma, mu - 3 * sigma, games, game),
                )
            conn.execute(
                "INSERT INTO player_ratings (player_id, game, mu, sigma, ordinal, games,"
                " last_position, last_game) VALUES (%s, 'azul', 25, 5, 10, 6, 1, %s)",
                (ids["Ada"], game),
            )
        yield url, ids


def _rows(stdout: str) -> list[str]:
    """The player names of a leaderboard table, in order."""
    return re.findall(r"(?m)^\W*\d+\W+([A-Za-z]+)\W+-?\d+\.\d\d", stdout)


def test_the_leaderboard_from_the_database_and_from_the_api_agree(rated) -> None:
    url, ids = rated
    local = gamestate("leaderboard", "splendor", DATABASE_URL=url)
    assert local.returncode == 0, local.stderr
    # The API's rules: five rated games at least, not provisional, not revoked.
    assert _rows(local.stdout) == ["Ada", "Bob", "Cy"], local.stdout
    # rank, name, ordinal (30 - 3 x 3), rated games, the whole id (what `ratings show` takes)
    assert re.search(rf"(?m)^\W*1\W+Ada\W+21\.00\W+12\W+{ids['Ada']}\W*$", local.stdout)
    assert "from the database" in local.stdout
    assert "\x1b" not in local.stdout, "no colour codes when not a terminal"
    with _server(url) as base:
        remote = gamestate("leaderboard", "splendor", "--url", base, "--limit", "2")
        assert remote.returncode == 0, remote.stderr
        assert _rows(remote.stdout) == ["Ada", "Bob"], remote.stdout
        assert f"from {base}" in remote.stdout
        shown = gamestate("ratings", "show", str(ids["Ada"]), "--url", base)
    assert shown.returncode == 0, shown.stderr
    local_show = gamestate("ratings", "show", str(ids["Ada"]), DATABASE_URL=url)
    assert local_show.returncode == 0, local_show.stderr
    for run in (shown, local_show):
        assert "Ada" in run.stdout
        assert re.search(r"(?m)^\W*azul\W+10\.00\W+25\.00\W+5\.00\W+6\W*$", run.stdout), run.stdout
        assert re.search(r"(?m)^\W*splendor\W+21\.00\W+30\.00\W+3\.00\W+12\W*$", run.stdout)


def test_ratings_and_leaderboard_refusals(rated) -> None:
    url, _ = rated
    assert gamestate("leaderboard", "chess", DATABASE_URL=url).returncode == 2
    assert gamestate("ratings", "show", "not-a-uuid", DATABASE_URL=url).returncode == 2
    unknown = gamestate("ratings", "show", str(uuid.uuid4()), DATABASE_URL=url)
    assert unknown.returncode == 1 and "no player" in unknown.stderr
    empty = gamestate("leaderboard", "castles", DATABASE_URL=url)
    assert empty.returncode == 0 and "nobody on the leaderboard yet" in empty.stdout
    down = gamestate("leaderboard", "azul", "--url", f"http://127.0.0.1:{_free_port()}")
    assert down.returncode == 1 and "cannot talk to" in down.stderr


# -- the start-up banner ---------------------------------------------------------------------


def test_serve_names_the_api_reference_the_viewer_and_the_guide(
    database_url: str, tmp_path: Path
) -> None:
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": database_url,
        "GAMESTATE_ADMIN_KEY": ADMIN_KEY,
        "GAMESTATE_DATA_DIR": str(tmp_path),
        "GAMESTATE_WORKERS": "1",
        "GAMESTATE_STREAM_WORKERS": "0",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        banner = []
        assert process.stderr is not None
        for line in process.stderr:
            banner.append(line.rstrip("\n"))
            if "guide" in line:
                break
        text = "\n".join(banner)
        base = f"http://127.0.0.1:{port}"
        assert f"serving on {base}" in text, text
        assert f"API reference  {base}/docs" in text
        assert f"viewer         {base}/viewer/" in text
        assert "guide          docs/" in text
        assert "/schema" not in text
        deadline = time.monotonic() + 30
        while True:
            try:
                index = httpx.get(f"{base}/", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "gamestate serve did not answer"
                time.sleep(0.1)
        assert index.json()["links"]["docs"] == "/docs"
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
