"""schemathesis over the whole documented API with all checks, against the real HTTP stack.

Path parameters are drawn mostly from real games (a schemathesis dictionary), so the checks
reach views, legal commands and command handling instead of only 404s. A schema-valid
command can still be illegal in the current position (422): the schema cannot state game
rules, so 422 is an expected answer to schema-valid data. Live streams are asked to end at
once (``until_version=1``) so that every answer is finite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from domain.registry import GAMES
from tests.conftest import ADMIN_KEY

# Deeper local hunts: GAMESTATE_SCHEMATHESIS_EXAMPLES=200 GAMESTATE_SCHEMATHESIS_SEED=123 pytest ...
EXAMPLES = os.environ.get("GAMESTATE_SCHEMATHESIS_EXAMPLES", "40")
SEED = os.environ.get("GAMESTATE_SCHEMATHESIS_SEED", "7")

CONFIG = """
# NUL is refused by the validation layer (400) rather than by a pattern on every string.
[generation]
allow-x00 = false

[dictionaries.games]
values = {ids}

[dictionaries.tournaments]
values = {tournaments}

[parameters]
"path.game_id" = {{ dictionary = "games", probability = 0.8 }}
"path.tournament_id" = {{ dictionary = "tournaments", probability = 0.8 }}

# Live streams stay open while a game is active; asking them to end at version 1 (already
# reached by every game) makes each one a finite answer the runner can read to its end.
[[operations]]
include-path-regex = "/events/stream$"
parameters = {{ "query.until_version" = 1, "path.game_id" = {{ dictionary = "games", probability = 0.8 }} }}

[checks.positive_data_acceptance]
expected-statuses = ["2xx", "401", "403", "404", "409", "422"]
"""


def _tournaments(live_url: str) -> list[str]:
    """A running tournament and one in registration, so tournament routes get past 404."""
    ids = []
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    with httpx.Client(base_url=live_url, headers=admin) as http:
        for started in (True, False):
            body = {"game": "azul", "name": "Fuzzed", "format": "swiss"}
            tid = http.post("/tournaments", json=body).raise_for_status().json()["id"]
            for name in ("fa", "fb", "fc"):
                http.post(f"/tournaments/{tid}/players", json={"name": name}).raise_for_status()
            if started:
                http.post(f"/tournaments/{tid}/start").raise_for_status()
            ids.append(tid)
    return ids


def _games(live_url: str) -> tuple[list[str], str]:
    ids, token = [], ""
    with httpx.Client(base_url=live_url) as http:
        for slug, spec in sorted(GAMES.items()):
            body = {"game": slug, "seats": [{"name": f"st{i}"} for i in range(spec.min_players)]}
            created = http.post("/games", json=body).raise_for_status().json()
            ids.append(created["id"])
            token = token or created["seats"][0]["token"]
    return ids, token


def _listed(ids: list[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in ids) + "]"


@pytest.mark.parametrize("as_seat", [False, True], ids=["spectator", "seat"])
def test_schemathesis_all_checks_pass(live_url: str, tmp_path: Path, as_seat: bool) -> None:
    ids, token = _games(live_url)
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.format(ids=_listed(ids), tournaments=_listed(_tournaments(live_url))))
    command = [
        sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
        f"{live_url}/schema/openapi.json", "--checks", "all", "--max-examples", EXAMPLES, "--seed", SEED, "--no-color",
    ]  # fmt: skip
    if as_seat:
        command += ["-H", f"Authorization: Bearer {token}"]
    run = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
