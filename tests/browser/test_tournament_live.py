"""The viewer's tournament page follows the tournament's event stream (issue 36, item 9)."""

from __future__ import annotations

import random

from tests.api.helpers import auth
from tests.browser.test_viewer import play
from tests.conftest import ADMIN_KEY


def test_a_tournament_page_follows_the_tournament_live(watched, api) -> None:
    """Opened before the start, the page shows the round's tables when the tournament
    starts, and a table's result when its game ends, without being reloaded."""
    admin = auth(ADMIN_KEY)
    tid = api.post(
        "/tournaments",
        headers=admin,
        json={"game": "azul", "name": "Live Cup", "format": "round_robin"},
    ).json()["id"]
    tokens = [
        api.post(f"/tournaments/{tid}/players", headers=admin, json={"name": n}).json()["token"]
        for n in ("Ada", "Bob")
    ]
    page = watched.page
    watched.goto(f"/viewer/tournaments/{tid}")
    page.wait_for_selector("text=Not started yet.")
    page.evaluate("() => { window.notReloaded = true; }")
    assert api.post(f"/tournaments/{tid}/start", headers=admin).status_code == 200
    page.wait_for_selector("a[data-game-link]")
    # Both participants' seats in the table's game, then the game played to its end.
    seats = [api.get(f"/tournaments/{tid}/me", headers=auth(t)).json() for t in tokens]
    game_id = seats[0]["game_id"]
    by_seat = sorted(seats, key=lambda s: s["seat"])
    play(api, {"id": game_id, "seats": [{"token": s["seat_token"]} for s in by_seat]},
         random.Random("live-cup"), None)  # fmt: skip
    page.wait_for_selector("tr[data-table] td:has-text('1. ')", timeout=30_000)
    assert page.evaluate("() => window.notReloaded") is True
    assert page.locator("#standings tr[data-player]").count() == 2
