"""Helpers for record tests: finished games played fast (the bot runs the domain locally in
lockstep with the server, one request per command) and records edited like a forger would."""

from __future__ import annotations

import copy
import datetime as dt
import uuid
from typing import Any

import msgspec

from domain._kernel import playout
from domain.registry import GAMES
from service.games.audit import RECORD_FORMAT, Record, commitment
from service.store.chain import GENESIS, event_hash
from tests.api.helpers import auth, create


def players_for(slug: str) -> int:
    return max(2, GAMES[slug].min_players)


def play_finished(client: Any, slug: str, seed: str, players: int | None = None) -> dict:
    """Create a game with a known seed and finish it with the commands the domain's random
    bot picks for that seed; returns the creation answer."""
    spec = GAMES[slug]
    players = players or players_for(slug)
    created = create(client, slug, players, seed=seed)
    tokens = [s["token"] for s in created["seats"]]
    version = created["version"]

    def send(state: Any, seat: int, command: Any, events: tuple) -> None:
        nonlocal version
        answer = client.post(
            f"/games/{created['id']}/commands",
            json={"command": msgspec.to_builtins(command), "expected_version": version},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
        version += len(events)
        assert answer.json()["version"] == version

    playout(spec, spec.new_setup(players), seed, on_step=send)
    return created


def record_from_playout(slug: str, seed: str, players: int | None = None) -> dict:
    """A record built without any server, as another implementation would write it."""
    spec = GAMES[slug]
    players = players or players_for(slug)
    setup = spec.new_setup(players)
    game_id = str(uuid.uuid4())
    batches: list[tuple[int | None, Any, tuple]] = []
    state, log = playout(
        spec, setup, seed, on_step=lambda st, seat, c, ev: batches.append((seat, c, ev))
    )
    setup_count = len(log) - sum(len(b[2]) for b in batches)
    now = dt.datetime.now(dt.UTC).isoformat()
    events: list[dict] = []
    commands: list[dict] = []

    def add(event: Any, metadata: dict) -> None:
        events.append(
            {
                "version": len(events) + 1,
                "type": type(event).__struct_config__.tag,
                "data": msgspec.to_builtins(event),
                "metadata": metadata,
                "recorded_at": now,
                "prev_hash": "",
                "hash": "",
            }
        )

    setup_id = str(uuid.uuid4())
    for event in log[:setup_count]:
        add(event, {"seat": None, "command_id": setup_id, "command": None})
    for seat, command, batch in batches:
        command_id = str(uuid.uuid4())
        built = msgspec.to_builtins(command)
        commands.append(
            {"at_version": len(events), "seat": seat, "command": built, "command_id": command_id}
        )
        for index, event in enumerate(batch):
            metadata: dict[str, Any] = {"seat": seat, "command_id": command_id}
            if index == 0:
                metadata["command"] = built
            add(event, metadata)
    record = {
        "format": RECORD_FORMAT,
        "game_id": game_id,
        "game": slug,
        "rules_version": spec.rules_version,
        "options": msgspec.to_builtins(setup.options),
        "players": [{"seat": i, "name": f"p{i}"} for i in range(players)],
        "seed": seed,
        "seed_commitment": commitment(seed),
        "created_at": now,
        "finished_at": now,
        "version": len(events),
        "result": msgspec.to_builtins(spec.result(state)),
        "commands": commands,
        "events": events,
    }
    return rehash(record)


def rehash(record: dict) -> dict:
    """Recompute every hash, as a forger who knows the format would."""
    record = copy.deepcopy(record)
    prev = GENESIS
    for event in record["events"]:
        event["prev_hash"] = prev
        event["hash"] = prev = event_hash(
            prev,
            record["game_id"],
            event["version"],
            event["type"],
            event["data"],
            event["metadata"],
        )
    return record


def as_record(data: dict) -> Record:
    return msgspec.convert(data, Record)


def first_with_int(data: Any, skip: str = "type") -> tuple[list, Any] | None:
    """A path to some int inside event data (to alter it), or None."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == skip:
                continue
            if isinstance(value, int) and not isinstance(value, bool):
                return [key], value
            found = first_with_int(value, skip)
            if found:
                return [key, *found[0]], found[1]
    if isinstance(data, list):
        for index, value in enumerate(data):
            if isinstance(value, int) and not isinstance(value, bool):
                return [index], value
            found = first_with_int(value, skip)
            if found:
                return [index, *found[0]], found[1]
    return None


def alter_some_int(record: dict) -> int:
    """Change one number in the data of a command's event; returns the version changed."""
    for event in record["events"]:
        if event["metadata"].get("command") is None:
            continue
        found = first_with_int(event["data"])
        if found is None:
            continue
        path, value = found
        target = event["data"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value + 1
        return event["version"]
    raise AssertionError("no event with a number to alter")
