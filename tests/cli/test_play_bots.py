"""``gamestate play --bots``: the service's bot policies play seats, in-process and against a
server (docs/bots.md)."""

from __future__ import annotations

import re

import httpx

from tests.cli.support import gamestate
from tests.conftest import ADMIN_KEY


def test_play_with_bots_in_process_prints_each_outcome() -> None:
    run = gamestate(
        "play", "azul", "--players", "2", "--bots", "mcts,random", "--level", "1",
        "--games", "2", "--seed", "b1",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    outcomes = [line for line in run.stderr.splitlines() if line.startswith("game b1-")]
    assert len(outcomes) == 2 and all("(mcts)" in line and "(random)" in line for line in outcomes)
    assert "2 game(s) of azul with 2 players (in-process" in run.stdout


def test_play_with_an_unknown_bot_is_a_usage_error() -> None:
    run = gamestate("play", "azul", "--players", "2", "--bots", "alphazero")
    assert run.returncode == 2 and "alphazero" in run.stderr


def test_play_with_bots_over_http_names_the_games_and_the_server_plays_them(
    live_url: str,
) -> None:
    run = gamestate(
        "play", "azul", "--players", "2", "--bots", "greedy,random", "--level", "1",
        "--url", live_url, "--admin-key", ADMIN_KEY, "--seed", "b2",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    [game_id] = re.findall(r"(?m)^game ([0-9a-f-]{36})$", run.stderr)
    assert f"game {game_id}: 1. seat" in run.stderr
    record = httpx.get(f"{live_url}/games/{game_id}/record").json()
    bots = {e["metadata"]["seat"] for e in record["events"] if e["metadata"].get("bot")}
    assert bots == {0, 1}
    # One bot, one seat of the command's random client.
    mixed = gamestate(
        "play", "azul", "--players", "2", "--bots", "mcts", "--level", "1",
        "--url", live_url, "--seed", "b3",
    )  # fmt: skip
    assert mixed.returncode == 0, mixed.stderr
    assert "(random client)" in mixed.stderr
