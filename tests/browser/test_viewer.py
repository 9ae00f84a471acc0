"""The viewer in a real browser, for every game: what it draws is what the API says, the
timeline and keyboard move through versions (and the URL follows), a live game moves by
itself, the audit panel checks a finished game, and nothing is fetched from another host."""

from __future__ import annotations

import base64
import itertools
import os
import random
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY

PLAYERS = {
    "azul": 3,
    "splendor": 3,
    "carcassonne": 3,
    "castles": 3,
    "three_kingdoms": 3,
    "hearts": 4,
}
COMMANDS = {
    "azul": 60,
    "splendor": 80,
    "carcassonne": 60,
    "castles": 120,
    "three_kingdoms": 700,  # past version 1000: the log must show four-digit numbers whole
    "hearts": 90,
}
OPTIONS = {"carcassonne": {"river": True}}
NAMES = ["Ada", "Bob", "Cy", "Dee"]
# VIEWER_SCREENSHOTS=docs/viewer also writes each game's board there (the README's pictures).
SCREENSHOTS = os.environ.get("VIEWER_SCREENSHOTS")


def play(api, created: dict[str, Any], rng: random.Random, commands: int | None) -> dict:
    """Random legal commands through the API (all of them: to the end); the final view."""
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(commands if commands is not None else 100_000):
        view = api.get(f"/games/{game_id}").json()
        if view["status"] == "finished":
            return view
        seat = rng.choice(view["to_act"])
        legal = api.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])).json()
        answer = api.post(
            f"/games/{game_id}/commands",
            json={"command": rng.choice(legal["commands"])},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
    return api.get(f"/games/{game_id}").json()


def scores(slug: str, state: dict) -> list:
    match slug:
        case "azul":
            return [b["score"] for b in state["boards"]]
        case "splendor":
            return [p["points"] for p in state["seats"]]
        case "carcassonne":
            return list(state["scores"])
        case "castles":
            return [p["score"] for p in state["seats"]]
        case "hearts":
            return [p["total"] for p in state["seats"]]
        case _:
            totals = {s["seat"]: s["total"] for s in state["scores"]}
            return [totals.get(seat) for seat in range(len(state["players"]))]


def counted(slug: str, state: dict) -> dict[str, int]:
    """CSS selector -> how many of it the board must show, from the API's view."""
    match slug:
        case "azul":
            return {
                ".wall-tile": sum(
                    c is not None for b in state["boards"] for row in b["wall"] for c in row
                ),
                ".factory-tile": sum(len(f) for f in state["factories"]),
                ".centre-tile": len(state["centre"]),
                ".line-tile": sum(line["count"] for b in state["boards"] for line in b["lines"]),
                ".floor-tile": sum(len(b["floor"]) for b in state["boards"]),
            }
        case "splendor":
            reserved = [r for p in state["seats"] for r in p["reserved"]]
            return {
                ".market-card": sum(c is not None for row in state["board"] for c in row),
                ".noble": len(state["nobles"]),
                ".reserved": len(reserved),
                ".reserved-hidden": sum(r["card"] is None for r in reserved),
            }
        case "carcassonne":
            return {".map .tile": len(state["tiles"]), ".map .meeple": len(state["followers"])}
        case "castles":
            return {
                ".castle .room": sum(len(p["castle"]) for p in state["seats"]),
                ".market-room": sum(o["room"] > 0 for o in state["slots"] + state["pool"]),
            }
        case "hearts":  # the trick on the table, else the last one taken; no hand (spectator)
            shown = state["trick"] or (state["tricks"][-1]["plays"] if state["tricks"] else [])
            return {".trick .card": len(shown), ".hand .card": 0, ".player": len(state["seats"])}
        case _:
            return {
                ".placement": len(state["placements"]),
                ".occupation": len(state["occupations"]),
                ".kingdom .general": sum(len(p["generals"]) for p in state["players"]),
            }


def distinct_colours(page, png: bytes) -> int:
    """Decoded by the browser itself on a blank page: no image library needed."""
    blank = page.context.new_page()
    try:
        return blank.evaluate(
            """async (data) => {
                const img = new Image();
                img.src = "data:image/png;base64," + data;
                await img.decode();
                const canvas = document.createElement("canvas");
                [canvas.width, canvas.height] = [img.width, img.height];
                const ctx = canvas.getContext("2d");
                ctx.drawImage(img, 0, 0);
                const px = ctx.getImageData(0, 0, img.width, img.height).data;
                const seen = new Set();
                for (let i = 0; i < px.length; i += 4) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
                return seen.size;
            }""",
            base64.b64encode(png).decode(),
        )
    finally:
        blank.close()


def expect_version(watched, api, game_id: str, slug: str, version: int) -> None:
    """The board shows `version`, as the API's spectator view of it says."""
    page = watched.page
    page.wait_for_selector(f"#board[data-version='{version}']")
    view = api.get(f"/games/{game_id}/views/{version}").json()
    state = view["state"]
    for selector, count in counted(slug, state).items():
        assert page.locator(f"#board {selector}").count() == count, (selector, version)
    rows = page.locator("#scores tr[data-seat]")
    shown = [rows.nth(i).get_attribute("data-score") for i in range(rows.count())]
    assert shown == ["" if s is None else str(s) for s in scores(slug, state)], version
    to_act = [int(v) for v in page.locator("#board").get_attribute("data-to-act").split()]
    assert to_act == view["to_act"]
    marked = page.locator("#scores tr[data-to-act='true']")
    assert [int(marked.nth(i).get_attribute("data-seat")) for i in range(marked.count())] == sorted(
        view["to_act"]
    )
    assert f"v={version}" in page.url
    log = page.locator("#log li.current")
    if version:
        assert log.get_attribute("data-version") == str(version)
        assert log.inner_text().strip()


@pytest.fixture(scope="module")
def played(live_url: str) -> dict[str, tuple[str, dict]]:
    import httpx

    out = {}
    with httpx.Client(base_url=live_url, timeout=30) as api:
        for slug, players in PLAYERS.items():
            body = {
                "game": slug,
                "seats": [{"name": name} for name in NAMES[:players]],
                "seed": f"viewer-{slug}",
                "options": OPTIONS.get(slug, {}),
            }
            created = api.post("/games", json=body).json()
            final = play(api, created, random.Random(slug), COMMANDS[slug])
            out[slug] = (created["id"], final)
    return out


@pytest.mark.parametrize("slug", list(PLAYERS))
def test_the_board_is_the_apis_view_at_every_version_shown(
    watched, api, played, slug, tmp_path
) -> None:
    game_id, final = played[slug]
    last = final["version"]
    page = watched.page
    for version in (1, last // 2, last):
        watched.goto(f"/viewer/games/{game_id}?v={version}")
        expect_version(watched, api, game_id, slug, version)
    # The keyboard steps and jumps; the URL follows.
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowLeft")
    expect_version(watched, api, game_id, slug, last - 1)
    page.keyboard.press("ArrowRight")
    expect_version(watched, api, game_id, slug, last)
    page.keyboard.press("Home")
    page.wait_for_selector("#board[data-version='0']")
    page.keyboard.press("ArrowRight")
    expect_version(watched, api, game_id, slug, 1)
    page.keyboard.press("End")
    expect_version(watched, api, game_id, slug, last)
    # The buttons and the slider do the same.
    page.click("button[data-action=prev]")
    expect_version(watched, api, game_id, slug, last - 1)
    page.locator(".timeline input[type=range]").fill(str(last // 3))
    expect_version(watched, api, game_id, slug, last // 3)
    page.click("button[data-action=end]")
    page.wait_for_selector(f"#board[data-version='{last}']")
    # A link keeps the position: reloading shows the same version.
    page.reload()
    page.wait_for_selector(f"#board[data-version='{last}']")
    png = page.screenshot(path=str(tmp_path / f"{slug}.png"))
    assert distinct_colours(page, png) > 60, "the board looks blank"
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / f"{slug}.png", Path(SCREENSHOTS) / f"{slug}.png")


def test_playing_back_moves_through_the_versions(watched, api, played) -> None:
    game_id, _ = played["azul"]
    page = watched.page
    watched.goto(f"/viewer/games/{game_id}?v=0")
    page.wait_for_selector("#board[data-version='0']")
    page.select_option(".timeline select", "16")
    page.click("button[data-action=toggle]")
    page.wait_for_function("() => Number(document.querySelector('#board').dataset.version) >= 5")
    page.click("button[data-action=toggle]")  # pause
    slider = page.locator(".timeline input[type=range]")
    paused = slider.input_value()
    time.sleep(0.5)
    assert slider.input_value() == paused
    page.wait_for_selector(f"#board[data-version='{paused}']")


def test_a_live_game_moves_by_itself_and_says_when_it_ended(watched, api) -> None:
    created = create(api, "azul", 2, seed="viewer-live")
    rng = random.Random("live")
    play(api, created, rng, 3)
    game_id = created["id"]
    page = watched.page
    watched.goto(f"/viewer/games/{game_id}")
    page.wait_for_selector("#board[data-version]")
    page.wait_for_selector("#live:not([hidden])")
    before = int(page.locator("#board").get_attribute("data-version"))
    view = play(api, created, rng, 1)
    assert view["version"] > before
    expect_version(watched, api, game_id, "azul", view["version"])
    final = play(api, created, rng, None)
    assert final["status"] == "finished"
    page.wait_for_selector("#game-status:has-text('finished')")
    page.wait_for_selector(f"#board[data-version='{final['version']}']")
    assert "ended" in page.locator("#banner").inner_text()
    assert page.locator("#live").is_hidden()


def test_the_audit_panel_checks_a_finished_game_and_offers_its_record(watched, api) -> None:
    created = create(api, "azul", 2, seed="viewer-audit")
    final = play(api, created, random.Random("audit"), None)
    page = watched.page
    watched.goto(f"/viewer/games/{created['id']}")
    page.click("#audit summary")
    for check in ("hash_chain", "seed_commitment", "replay", "rules_version"):
        page.wait_for_selector(f"[data-check={check}][data-status=passed]")
    page.wait_for_selector("[data-browser-check=passed]")
    assert final["seed"] in page.locator("#seed").inner_text()
    assert created["seed_commitment"] in page.locator("#audit").inner_text()
    link = page.locator("#record a")
    assert link.get_attribute("href") == f"/games/{created['id']}/record"
    page.wait_for_selector("#record:has-text('commands')")


def test_the_audit_panel_of_an_active_game_keeps_the_seed_secret(watched, played) -> None:
    game_id, _ = played["splendor"]
    page = watched.page
    watched.goto(f"/viewer/games/{game_id}")
    page.click("#audit summary")
    page.wait_for_selector("[data-check=hash_chain][data-status=passed]")
    page.wait_for_selector("[data-check=replay][data-status=skipped]")
    assert "secret" in page.locator("#seed").inner_text()
    assert page.locator("#record a").count() == 0


def test_a_seat_token_is_sent_as_a_bearer_token_and_kept_nowhere(watched, api) -> None:
    created = create(api, "splendor", 2, seed="viewer-seat")
    play(api, created, random.Random("seat"), 6)
    token = created["seats"][1]["token"]
    page = watched.page
    watched.goto(f"/viewer/games/{created['id']}")
    page.wait_for_selector("#board[data-version]")
    page.fill("input[name=token]", token)
    page.click("text=View as seat")
    page.wait_for_selector("#seat-info:has-text('as seat 1')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#board[data-version]")
    assert any(a.endswith(f"Bearer {token}") for a in watched.authorizations)
    assert token not in page.url and all(token not in u for u in watched.requests)
    stored = page.evaluate("() => JSON.stringify([localStorage, sessionStorage, document.cookie])")
    assert token not in stored
    assert page.locator("input[name=token]").input_value() == ""
    page.click("text=Spectator")
    page.wait_for_selector("#seat-info:has-text('spectator')")


def test_the_list_filters_and_pages_games(watched, api) -> None:
    player = f"pager{random.randrange(10**9)}"
    ids = [
        api.post(
            "/games", json={"game": "azul", "seats": [{"name": player}, {"name": "x"}]}
        ).json()["id"]
        for _ in range(22)
    ]
    page = watched.page
    watched.goto(f"/viewer/?player={player}")
    page.wait_for_selector(".pager:has-text('1-20 of 22')")
    assert page.locator("#games tr[data-game-id]").count() == 20
    page.click("#games button[data-page=next]")
    page.wait_for_selector(".pager:has-text('21-22 of 22')")
    shown = page.locator("#games tr[data-game-id]")
    assert shown.count() == 2
    assert {shown.nth(i).get_attribute("data-game-id") for i in range(2)} <= set(ids)
    page.select_option("select[name=game]", "splendor")
    page.wait_for_selector("#games:has-text('No games match')")
    page.select_option("select[name=game]", "azul")
    page.select_option("select[name=status]", "active")
    page.wait_for_selector(".pager:has-text('1-20 of 22')")
    assert "game=azul" in page.url and "status=active" in page.url
    page.locator("#games tr[data-game-id] a").first.click()
    page.wait_for_selector("#board[data-version]")


def test_a_tournament_page_shows_standings_and_links_its_games(watched, api) -> None:
    admin = auth(ADMIN_KEY)
    tournament = api.post(
        "/tournaments",
        headers=admin,
        json={"game": "azul", "name": "Viewer Cup", "format": "round_robin"},
    ).json()
    for name in ("Ada", "Bob", "Cy", "Dee"):
        api.post(f"/tournaments/{tournament['id']}/players", headers=admin, json={"name": name})
    api.post(f"/tournaments/{tournament['id']}/start", headers=admin)
    page = watched.page
    watched.goto("/viewer/")
    page.click(f"tr[data-tournament-id='{tournament['id']}'] a")
    page.wait_for_selector("#standings")
    assert page.locator("#standings tr[data-player]").count() == 4
    links = page.locator("a[data-game-link]")
    assert links.count() == 2
    links.first.click()
    page.wait_for_selector("#board[data-version]")
    assert "/viewer/games/" in page.url


def test_the_result_shows_at_the_last_version_only(watched, api) -> None:
    created = create(api, "azul", 2, seed="viewer-banner")
    final = play(api, created, random.Random("banner"), None)
    game_id = created["id"]
    assert final["status"] == "finished"
    page = watched.page
    banner = page.locator("#banner")
    watched.goto(f"/viewer/games/{game_id}?v=1")
    page.wait_for_selector("#board[data-version='1']")
    assert "to act" in page.locator("#status").inner_text()
    assert banner.is_hidden()  # a replay's early version: somebody is still to act
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("End")
    page.wait_for_selector(f"#board[data-version='{final['version']}']")
    page.wait_for_selector("#banner:has-text('The game has ended')")
    assert banner.is_visible()
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / "finished.png"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#board[data-version='{final['version'] - 1}']")
    assert banner.is_hidden()


def test_four_digit_event_numbers_are_shown_whole(watched, played) -> None:
    game_id, final = played["three_kingdoms"]
    assert final["version"] >= 1000, final["version"]
    page = watched.page
    watched.goto(f"/viewer/games/{game_id}?v={final['version']}")
    page.wait_for_selector(f"#log li.current[data-version='{final['version']}']")
    numbers = page.evaluate(
        """() => {
            const log = document.querySelector("#log").getBoundingClientRect();
            return [...document.querySelectorAll("#log li:not(.future) .n")].map((n) => {
                const box = n.getBoundingClientRect();
                return [n.textContent, box.left >= log.left, n.scrollWidth <= n.clientWidth + 1,
                    box.right <= n.nextElementSibling.getBoundingClientRect().left + 0.5];
            });
        }"""
    )
    assert len(numbers) == final["version"]
    assert numbers[-1][0] == f"{final['version']}."
    clipped = [n for n in numbers if not all(n[1:])]
    assert not clipped, clipped[:5]


def _offices(page) -> list[dict]:
    return page.evaluate(
        """() => [...document.querySelectorAll("[data-track=Office] .track-cell")].map((cell) => {
            const c = cell.querySelector("rect").getBoundingClientRect();
            const l = cell.querySelector(".track-label").getBoundingClientRect();
            return {title: cell.querySelector("title").textContent,
                    label: cell.querySelector(".track-label").textContent,
                    cell: [c.left, c.right], text: [l.left, l.right, l.top, l.bottom]};
        })"""
    )


def test_the_office_labels_stay_in_their_cells(watched, played) -> None:
    game_id, final = played["three_kingdoms"]
    page = watched.page
    watched.goto(f"/viewer/games/{game_id}?v={final['version']}")
    page.wait_for_selector("[data-track=Office] .track-label")
    offices = _offices(page)
    assert len(offices) >= 2
    for office in offices:
        left, right = office["cell"]
        assert left <= office["text"][0] and office["text"][1] <= right, office
        assert office["title"].replace(" ", "").startswith(office["label"].replace(" ", "")[:3])
    for a, b in itertools.pairwise(offices):
        assert a["text"][1] <= b["text"][0], (a, b)  # no label runs into the next


def test_castles_room_names_are_readable_and_the_stacks_labelled(watched, api, played) -> None:
    game_id, final = played["castles"]
    page = watched.page
    watched.goto(f"/viewer/games/{game_id}?v={final['version']}")
    page.wait_for_selector(".castle .room .room-name")
    labels = page.evaluate(
        """() => [...document.querySelectorAll(".castle .room")].flatMap((room) => {
            const name = room.querySelector(".room-name");
            if (!name) return [];
            const m = name.getScreenCTM(); // rotated names too: the scale is |(a, b)|
            const size = Number(name.getAttribute("font-size")) * Math.hypot(m.a, m.b);
            return [{shown: name.textContent, name: name.dataset.name, px: size,
                     title: room.querySelector("title").textContent}];
        })"""
    )
    assert labels
    # At the test's 1280 x 830 window the board is drawn at about 0.6: 11 board pixels are
    # about 6.5 on screen (narrow rooms had 2-3 before).
    small = [label for label in labels if label["px"] < 6]
    assert not small, small
    for label in labels:
        assert label["title"].startswith(label["name"])  # the tooltip names the room in full
        shown = label["shown"].rstrip("…")
        assert (
            label["name"].startswith(shown)
            or shown == "".join(w[0] for w in label["name"].split())[: len(shown)]
        ), label
    state = api.get(f"/games/{game_id}/views/{final['version']}").json()["state"]
    sizes = api.get("/viewer/components/castles").json()["sizes"]
    stacks = page.locator(".stacks .stack")
    assert [
        (
            int(stacks.nth(i).get_attribute("data-size")),
            int(stacks.nth(i).get_attribute("data-count")),
        )
        for i in range(stacks.count())
    ] == list(zip(sizes, state["stack_counts"], strict=True))
    assert "sq ft" in page.locator(".stacks").text_content()
    assert [stacks.nth(i).text_content() for i in range(stacks.count())] == [
        f"{size}: {count}" for size, count in zip(sizes, state["stack_counts"], strict=True)
    ]


def _tournament(api, names: list[str], **body) -> str:
    """A started Azul tournament of `names`: its id."""
    admin = auth(ADMIN_KEY)
    created = api.post(
        "/tournaments", headers=admin, json={"game": "azul", "name": "Viewer Cup", **body}
    )
    assert created.status_code == 201, created.text
    tid = created.json()["id"]
    for name in names:
        answer = api.post(f"/tournaments/{tid}/players", headers=admin, json={"name": name})
        assert answer.status_code == 201, answer.text
    assert api.post(f"/tournaments/{tid}/start", headers=admin).status_code == 200
    return tid


def test_the_standings_table_has_a_header(watched, api) -> None:
    tid = _tournament(api, ["Ada", "Bob", "Cy", "Dee"], format="round_robin")
    page = watched.page
    watched.goto(f"/viewer/tournaments/{tid}")
    page.wait_for_selector("#standings tbody tr[data-player]")
    columns = page.locator("#standings thead th[scope=col]")
    assert [columns.nth(i).inner_text() for i in range(columns.count())][:3] == [
        "#",
        "player",
        "points",
    ]
    assert columns.count() == 8
    assert page.locator("#standings tbody th[scope=row]").count() == 4


def test_a_finished_tournament_says_who_won_and_that_the_rest_finished(watched, api) -> None:
    tid = _tournament(api, ["Ada", "Bob", "Cy", "Dee"], format="swiss", rounds=1)
    view = api.get(f"/tournaments/{tid}").json()["view"]
    for table in view["rounds"][0]["tables"]:  # decided by the organiser: no need to play
        placements = [
            {"player_id": p, "place": i + 1, "score": 10 - i}
            for i, p in enumerate(table["players"])
        ]
        answer = api.post(
            f"/tournaments/{tid}/tables/{table['table_id']}/resolve",
            headers=auth(ADMIN_KEY),
            json={"placements": placements, "reason": "viewer test"},
        )
        assert answer.status_code == 200, answer.text
    view = api.get(f"/tournaments/{tid}").json()["view"]
    assert view["status"] == "finished"
    page = watched.page
    watched.goto(f"/viewer/tournaments/{tid}")
    page.wait_for_selector("#standings tbody tr[data-player]")
    rows = page.locator("#standings tbody tr[data-player]")
    shown = {
        int(rows.nth(i).get_attribute("data-player")): rows.nth(i).get_attribute("data-status")
        for i in range(rows.count())
    }
    places = {r["player_id"]: r["place"] for r in view["ranking"]}
    assert shown == {pid: "champion" if place == 1 else "finished" for pid, place in places.items()}
    assert "active" not in page.locator("#standings").inner_text()
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / "tournament.png"))
    assert {p["status"] for p in view["players"]} == {"champion", "finished"}


def test_a_tournament_game_names_its_players_as_the_standings_do(watched, api) -> None:
    admin = auth(ADMIN_KEY)
    tid = api.post(
        "/tournaments",
        headers=admin,
        json={"game": "azul", "name": "Named Cup", "format": "swiss", "rounds": 1},
    ).json()["id"]
    suffix = random.randrange(10**9)
    for i, name in enumerate(["Ada", "Bob"]):
        # A registered player under its own name, signed up under another.
        player = api.post("/players", json={"name": f"t{suffix}-{i}"}).json()
        answer = api.post(
            f"/tournaments/{tid}/players",
            headers=admin,
            json={"name": name, "registered_player_id": player["id"]},
        )
        assert answer.status_code == 201, answer.text
    assert api.post(f"/tournaments/{tid}/start", headers=admin).status_code == 200
    page = watched.page
    watched.goto(f"/viewer/tournaments/{tid}")
    page.wait_for_selector("#standings tbody tr[data-player]")
    standing = page.locator("#standings tbody th[scope=row]")
    standings = {standing.nth(i).inner_text() for i in range(standing.count())}
    assert standings == {"Ada", "Bob"}
    page.locator("a[data-game-link]").first.click()
    page.wait_for_selector("#board[data-version]")
    seats = page.locator("#scores tr[data-seat] td:nth-child(2)")
    assert {seats.nth(i).inner_text() for i in range(seats.count())} == standings
    assert set(page.locator(".game-head .names").inner_text().split(" · ")) == standings


def test_the_log_names_the_bot_that_played_each_move(watched, api) -> None:
    """An event a bot seat's move caused says which bot played it (``played_by``)."""
    body = {"game": "azul", "seats": [{"bot": "greedy", "level": 1}, {"bot": "random", "level": 1}]}
    created = api.post("/games", json=body, headers=auth(ADMIN_KEY))
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    deadline = time.monotonic() + 120
    while api.get(f"/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)
    events = api.get(f"/games/{game_id}/events").json()["events"]
    expected = [e["played_by"]["policy"] if e["played_by"] else None for e in events]
    assert {"greedy", "random"} <= set(expected)
    page = watched.page
    watched.goto(f"/viewer/games/{game_id}")
    page.wait_for_selector(f"#log li[data-version='{len(events)}']", state="attached")
    shown = page.evaluate(
        """() => [...document.querySelectorAll("#log li")].map(
            (li) => li.querySelector(".bot")?.dataset.bot ?? null)"""
    )
    assert shown == expected
