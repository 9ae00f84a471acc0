"""Write service/api/examples.json: the request-body examples of the OpenAPI document, taken
from games played here (fixed seeds, random legal commands), so each one is a body the
service really accepted. Run ``make examples`` (then ``make openapi clients``); the tests check
that every request body has an example and that each one is accepted by its route's body type
(and that the record example imports).

Uses TEST_DATABASE_URL's server when set, else a throwaway embedded PostgreSQL."""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY, _server_url, fresh_database

OUTPUT = Path(__file__).resolve().parents[2] / "service" / "api" / "examples.json"


def _played(client: Any) -> dict[str, Any]:
    rng = random.Random(19)
    create = {"game": "azul", "seats": [{"name": "ann"}, {"name": "bob"}], "seed": "example-19"}
    created = client.post("/games", json=create).json()
    tokens = [seat["token"] for seat in created["seats"]]
    game = created["id"]
    view = client.get(f"/games/{game}").json()
    seat = view["to_act"][0]
    legal = client.get(f"/games/{game}/legal-commands", headers=auth(tokens[seat])).json()
    submit = {"command": rng.choice(legal["commands"]), "expected_version": legal["version"]}
    assert client.post(
        f"/games/{game}/commands", json=submit, headers=auth(tokens[seat])
    ).is_success

    # The shortest whole game: Castles solo; its record is the import example.
    solo = client.post(
        "/games", json={"game": "castles", "seats": [{"name": "ann"}], "seed": "example-19"}
    ).json()
    token = solo["seats"][0]["token"]
    while client.get(f"/games/{solo['id']}").json()["status"] != "finished":
        legal = client.get(f"/games/{solo['id']}/legal-commands", headers=auth(token)).json()
        body = {"command": rng.choice(legal["commands"]), "expected_version": legal["version"]}
        answer = client.post(f"/games/{solo['id']}/commands", json=body, headers=auth(token))
        assert answer.is_success, answer.text
    record = client.get(f"/games/{solo['id']}/record").json()

    admin = auth(ADMIN_KEY)
    tournament = {"game": "azul", "name": "Friday Cup", "format": "swiss", "rounds": 3}
    cup = client.post("/tournaments", json=tournament, headers=admin).json()
    for name in ("ann", "bob", "cyd", "dee"):
        body = {"name": name, "rating": 1500}
        assert client.post(f"/tournaments/{cup['id']}/players", json=body, headers=admin)
    started = client.post(f"/tournaments/{cup['id']}/start", headers=admin).json()
    table = started["view"]["rounds"][0]["tables"][0]
    placements = [
        {"player_id": player, "place": place, "score": 60 - 10 * place}
        for place, player in enumerate(table["players"], start=1)
    ]
    result = {"table_id": table["table_id"], "placements": placements}
    assert client.post(f"/tournaments/{cup['id']}/results", json=result, headers=admin).is_success
    swapped = [
        {**p, "place": 3 - p["place"], "score": 60 - 10 * (3 - p["place"])} for p in placements
    ]
    reason = "scores were entered the wrong way round"

    # Lifecycle: a seat resigns, the organiser abandons a game, the director pauses clocks.
    resign = {"reason": "I have to go"}
    resigned = client.post(f"/games/{game}/resign", json=resign, headers=auth(tokens[1 - seat]))
    assert resigned.is_success, resigned.text
    other = client.post("/games", json={**create, "seed": "example-20"}).json()
    abandon = {"reason": "the venue closed", "result": "provisional"}
    abandoned = client.post(f"/games/{other['id']}/abandon", json=abandon, headers=admin)
    assert abandoned.is_success, abandoned.text
    clocked = {**tournament, "name": "Clocked Cup", "clock": {"turn_seconds": 60}}
    timed = client.post("/tournaments", json=clocked, headers=admin).json()
    for name in ("ann", "bob"):
        body = {"name": name, "rating": 1500}
        assert client.post(f"/tournaments/{timed['id']}/players", json=body, headers=admin)
    assert client.post(f"/tournaments/{timed['id']}/start", headers=admin).is_success
    pause = {"reason": "fire drill"}
    paused = client.post(f"/tournaments/{timed['id']}/clocks/pause", json=pause, headers=admin)
    assert paused.is_success, paused.text
    player = {"name": "ann", "contact": "https://bots.example.org/ann"}
    assert client.post("/players", json=player).status_code == 201
    return {
        "createPlayer": player,
        "resignSeat": resign,
        "abandonGame": abandon,
        "pauseTournamentClocks": pause,
        "createGame": create,
        "submitCommand": submit,
        "importRecord": record,
        "createTournament": tournament,
        "registerPlayer": {"name": "ann", "rating": 1500},
        "recordResult": result,
        "correctResult": {**result, "placements": swapped, "reason": reason},
        "resolveTable": {"placements": swapped, "reason": "bob withdrew during the game"},
    }


def main() -> None:
    from litestar.testing import TestClient

    from service.api.app import create_app
    from service.store.database import migrate

    with contextlib.ExitStack() as stack:
        server = stack.enter_context(_server_url(tempfile.mkdtemp(prefix="examples-")))
        url = stack.enter_context(fresh_database(server))
        migrate(url)
        client = stack.enter_context(TestClient(create_app(url, admin_key=ADMIN_KEY)))
        examples = _played(client)
    OUTPUT.write_text(json.dumps(examples, indent=2, sort_keys=True) + "\n")
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
