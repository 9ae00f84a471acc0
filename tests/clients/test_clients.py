"""The committed clients: generated from the committed document without a warning, not stale,
and good enough to play every game. The games are played through the GENERATED Python client
only (and its live-events helper); the TypeScript bot is type-checked with tsc when node and
the pinned packages (``npm ci`` in clients/typescript, done by .ci/run) are there."""

from __future__ import annotations

import filecmp
import random
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from domain.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = ROOT / "clients"
TYPESCRIPT = CLIENTS / "typescript"
TSC = TYPESCRIPT / "node_modules" / ".bin" / "tsc"
IGNORED = {"__pycache__", ".ruff_cache", "gamestate_client.egg-info", "node_modules"}


def _players(slug: str) -> int:
    """A table size every installed game takes: two where it can, else its minimum (a plug-in
    such as Hearts is played like the built-in games)."""
    spec = GAMES[slug]
    return 2 if spec.min_players <= 2 <= spec.max_players else spec.min_players


def _node_ready() -> bool:
    return shutil.which("node") is not None and TSC.exists()


def _generate(tmp_path: Path) -> str:
    command = [sys.executable, str(CLIENTS / "generate.py"), "--python-out", str(tmp_path / "py")]
    if _node_ready():
        command += ["--typescript-out", str(tmp_path / "ts")]
    else:
        command.append("--skip-typescript")
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout + run.stderr


def _differences(committed: Path, fresh: Path) -> list[str]:
    found = []
    compared = filecmp.dircmp(committed, fresh, ignore=list(IGNORED))
    pending = [(compared, Path())]
    while pending:
        node, where = pending.pop()
        found += [f"only committed: {where / n}" for n in node.left_only]
        found += [f"missing: {where / n}" for n in node.right_only]
        found += [f"differs: {where / n}" for n in node.diff_files + node.funny_files]
        pending += [(sub, where / name) for name, sub in node.subdirs.items()]
    return found


def test_the_generators_run_without_warnings_and_the_committed_clients_are_not_stale(
    tmp_path: Path,
) -> None:
    output = _generate(tmp_path)
    # openapi-python-client names every skipped endpoint, response or schema it could not
    # use (and --fail-on-warning makes them fatal); a clean run prints only "Generating".
    lines = [line for line in output.splitlines() if line.strip()]
    unexpected = [
        line
        for line in lines
        if not line.startswith("Generating ")
        and "openapi-typescript" not in line
        and not line.startswith("🚀")
    ]
    assert not unexpected, output
    stale = _differences(CLIENTS / "python", tmp_path / "py")
    assert not stale, f"run `make clients` and commit clients/: {stale}"
    if _node_ready():
        fresh = (tmp_path / "ts" / "schema.d.ts").read_text()
        assert (TYPESCRIPT / "src" / "schema.d.ts").read_text() == fresh, "run `make clients`"


@pytest.mark.skipif(not _node_ready(), reason="needs node and `npm ci` in clients/typescript")
def test_the_typescript_bot_type_checks_strictly() -> None:
    run = subprocess.run(
        [str(TSC), "--strict", "--noEmit", "-p", str(TYPESCRIPT)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=TYPESCRIPT,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_typescript_examples_run_with_a_pinned_runner() -> None:
    """bot.ts and the README say `npx tsx`: tsx is a devDependency pinned to one version,
    locked, so `npm ci` installs it (npx would otherwise fetch whatever is latest)."""
    import json
    import re

    package = json.loads((TYPESCRIPT / "package.json").read_text())
    version = package["devDependencies"]["tsx"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), version
    lock = json.loads((TYPESCRIPT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/tsx"]["version"] == version
    assert lock["packages"][""]["devDependencies"]["tsx"] == version
    for text in ((TYPESCRIPT / "examples" / "bot.ts").read_text(), _readme()):
        assert "npx tsx examples/bot.ts" in text


def _readme() -> str:
    return (TYPESCRIPT / "README.md").read_text()


@pytest.mark.skipif(not _node_ready(), reason="needs node and `npm ci` in clients/typescript")
def test_the_typescript_readme_example_type_checks_strictly(tmp_path: Path) -> None:
    import re

    (block,) = re.findall(r"## Use with openapi-fetch\n\n```ts\n(.*?)```", _readme(), re.S)
    # In the package's own folder, where the example's imports resolve as in a project.
    checked = TYPESCRIPT / "examples" / f"readme_{tmp_path.name}.ts"
    checked.write_text(
        block.replace('"gamestate-client/src/schema"', '"../src/schema"')
        + "\nexport { legal };\nexport type { Command, components };\n"
    )
    try:
        run = subprocess.run(
            [str(TSC), "--strict", "--noEmit", "-p", str(TYPESCRIPT)],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=TYPESCRIPT,
        )
    finally:
        checked.unlink()
    assert run.returncode == 0, run.stdout + run.stderr


# -- one whole game of each kind through the generated Python client ----------------------


def _model(name: str) -> Any:
    import gamestate_client.models as models

    return getattr(models, name)


def _camel(slug: str) -> str:
    return "".join(part.title() for part in slug.split("_"))


class LiveFollower(threading.Thread):
    """Collects a game's live events with the client's helper, in the background. The server
    is asked to end each connection after a second, so a long game also proves that the
    helper resumes with Last-Event-ID (no event lost or repeated)."""

    def __init__(self, client: Any, game_id: Any) -> None:
        super().__init__(daemon=True)
        self.client, self.game_id = client, game_id
        self.versions: list[int] = []
        self.types: list[str] = []
        self.ends: list[str] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        from gamestate_client.live import game_events

        try:
            for event in game_events(
                self.client,
                self.game_id,
                timeout=1,
                on_end=lambda end: self.ends.append(str(end.reason)),
            ):
                self.versions.append(event.version)
                self.types.append(type(event.data).__name__)
        except BaseException as exc:  # reported by the test
            self.error = exc


def _play(base_url: str, slug: str, rng: random.Random) -> dict[str, Any]:
    from gamestate_client import AuthenticatedClient, Client
    from gamestate_client.api.games import (
        create_game,
        get_game,
        get_legal_commands,
        list_events,
        submit_command,
    )
    from gamestate_client.api.records import get_record
    from gamestate_client.models import (
        CommandAccepted,
        EventPage,
        GameCreated,
        GameResource,
        GameStatus,
        LegalCommands,
        Record,
        SeatRequest,
        SubmitCommand,
        SubmitCommandInclude,
    )

    spectator = Client(base_url=base_url, raise_on_unexpected_status=True)
    body = _model(f"Create{_camel(slug)}Game")(
        game=slug, seats=[SeatRequest(name=f"py{i}") for i in range(_players(slug))]
    )
    created = create_game.sync(client=spectator, body=body)
    assert isinstance(created, GameCreated), created
    seats = [
        AuthenticatedClient(base_url=base_url, token=seat.token, raise_on_unexpected_status=True)
        for seat in created.seats
    ]
    follower = LiveFollower(spectator, created.id)
    follower.start()

    view = get_game.sync(created.id, client=spectator)
    assert isinstance(view, GameResource), view
    assert type(view.state).__name__ == f"{_camel(slug)}View"
    version, to_act, status = view.version, list(view.to_act), view.status
    known: tuple[int, int, list[Any]] | None = None  # (seat, version, its legal commands)
    commands = 0
    while status != GameStatus.FINISHED:
        seat = rng.choice(to_act)
        if known is not None and known[:2] == (seat, version) and known[2]:
            legal = known[2]
        else:
            answer = get_legal_commands.sync(created.id, client=seats[seat])
            assert isinstance(answer, LegalCommands), answer
            assert answer.seat == seat and seat in answer.to_act
            version, legal = answer.version, answer.commands
        accepted = submit_command.sync(
            created.id,
            client=seats[seat],
            body=SubmitCommand(command=rng.choice(legal), expected_version=version),
            include=SubmitCommandInclude.LEGAL_COMMANDS,
        )
        assert isinstance(accepted, CommandAccepted), accepted
        assert accepted.version > version and accepted.events
        version, to_act, status = accepted.version, list(accepted.to_act), accepted.status
        assert isinstance(accepted.legal_commands, list)
        known = (seat, version, accepted.legal_commands)
        commands += 1
        assert commands < 5000, "the game did not end"

    final = get_game.sync(created.id, client=spectator)
    assert isinstance(final, GameResource)
    assert final.status == GameStatus.FINISHED and final.version == version
    assert final.result is not None and len(final.result.ranking) == _players(slug)
    assert isinstance(final.seed, str)

    events: list[Any] = []
    while True:
        page = list_events.sync(created.id, client=spectator, after=len(events))
        assert isinstance(page, EventPage)
        events += page.events
        if not page.events or events[-1].version == page.version:
            break
    assert [e.version for e in events] == list(range(1, version + 1))
    prefix = _camel(slug)
    assert all(type(e.data).__name__.startswith(prefix) for e in events)
    assert all(e.type_ == e.data.type_ for e in events)

    record = get_record.sync(created.id, client=spectator)
    assert isinstance(record, Record), record
    assert record.seed == final.seed and record.version == version
    assert [e.hash_ for e in record.events] == [e.hash_ for e in events]

    follower.join(timeout=60)
    assert not follower.is_alive(), "the live stream did not end with the game"
    assert follower.error is None, follower.error
    assert follower.versions == list(range(1, version + 1))
    assert follower.ends[-1] == "finished"
    return {"commands": commands, "events": version, "reconnections": len(follower.ends) - 1}


def test_every_game_plays_to_the_end_through_the_generated_python_client(live_url: str) -> None:
    rng = random.Random(19)
    played = {slug: _play(live_url, slug, rng) for slug in sorted(GAMES)}
    print("played through the generated client:", played)
    assert set(played) == set(GAMES)
    # At least one game outlived a one-second connection: the helper resumed it.
    assert any(p["reconnections"] > 0 for p in played.values()), played
