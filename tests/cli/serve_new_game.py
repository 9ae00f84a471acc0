"""Serve a game package and play it to the end over HTTP; run as a script by
tests/cli/test_new_game.py, in a process of its own (the served games are fixed per process).

    python serve_new_game.py DATABASE_URL SLUG [PACKAGE_FOLDER]

With PACKAGE_FOLDER the game is imported from there and served explicitly beside the
installed games (``registry.use``); without it, it must be installed (its entry point found
like any other). Prints one JSON line: what the service said."""

from __future__ import annotations

import importlib
import json
import sys
from importlib import metadata

from litestar.testing import TestClient

from domain import registry


def main(database_url: str, slug: str, folder: str | None) -> dict:
    if folder is not None:
        sys.path.insert(0, folder)
        spec = importlib.import_module(slug).SPEC
        registry.use([*registry.installed().values(), spec])
    entry_points = sorted(e.name for e in metadata.entry_points(group=registry.GROUP))
    from service.api.app import create_app

    app = create_app(database_url, admin_key="serve-new-game-key")
    with TestClient(app) as client:
        listed = [t["game"] for t in client.get("/games/types").json()]
        created = client.post(
            "/games", json={"game": slug, "seats": [{"name": "a"}, {"name": "b"}]}
        )
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        tokens = [seat["token"] for seat in created.json()["seats"]]
        refused = None
        for _ in range(500):
            game = client.get(f"/games/{game_id}").json()
            if game["status"] != "active":
                break
            seat = game["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            if refused is None:  # a rule violation is a 422 with the game's stable code
                bad = client.post(
                    f"/games/{game_id}/commands",
                    json={"command": {"type": f"{slug}.add", "amount": 3}},
                    headers=auth,
                )
                refused = [bad.status_code, bad.json().get("code")]
            legal = client.get(f"/games/{game_id}/legal-commands", headers=auth).json()
            answer = client.post(
                f"/games/{game_id}/commands", json={"command": legal["commands"][-1]}, headers=auth
            )
            assert answer.status_code in (200, 201), answer.text
        schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]
        prefix = "".join(word.title() for word in slug.split("_"))
        return {
            "entry_points": entry_points,
            "listed": listed,
            "status": game["status"],
            "winner": game["result"]["ranking"][0]["seat"] if game["result"] else None,
            "refused": refused,
            "schemas": sorted(n for n in schemas if n.startswith(prefix)),
            "viewer": client.get(f"/viewer/games/{game_id}").status_code,
            "viewer_game": client.get("/viewer/games.json").json()[slug],
            "board": client.get(f"/viewer/boards/{slug}.js").status_code,
            "generic": client.get("/viewer/static/games/generic.js").status_code,
            "audit": client.get(f"/games/{game_id}/audit").json().get("ok"),
        }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)))
