"""Issue 35 item 1: a base backup plus the archived WAL restore the embedded PostgreSQL to a
chosen time, and the service carries on from there.

Games of all five kinds and a tournament are played on an embedded server that archives its
WAL (GAMESTATE_WAL_ARCHIVE); ``gamestate backup`` takes a base backup while the app serves;
more is played; a time T is noted; more is played; ``gamestate restore --to T`` recovers into
a new data folder. On it: exactly the streams and events committed up to T, every finished
game audits, and every game (and the tournament) unfinished at T continues to its end.

The games are the domain's own random playouts for known seeds, sent one request per command
(tests/recordkit.py): a game's commands after T are known in advance, so a game can be
continued after the restore from wherever T left it."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest

from domain._kernel import playout
from domain.registry import GAMES
from service.store.backup import switch_wal
from service.store.database import embedded_postgres, migrate
from tests.api.helpers import auth, create
from tests.api.tournament_bots import create_tournament, play_out, play_round, register, start
from tests.cli.support import ROOT
from tests.conftest import ADMIN_KEY
from tests.recordkit import players_for

pytestmark = pytest.mark.slow


class Game:
    """One game played by the domain's random bot for a known seed, a step at a time."""

    def __init__(self, client: Any, slug: str, seed: str) -> None:
        spec = GAMES[slug]
        players = players_for(slug)
        self.steps: list[tuple[int, Any, int]] = []
        playout(
            spec,
            spec.new_setup(players),
            seed,
            on_step=lambda st, seat, command, events: self.steps.append(
                (seat, msgspec.to_builtins(command), len(events))
            ),
        )
        created = create(client, slug, players, seed=seed)
        self.id = created["id"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.version = created["version"]
        self.sent = 0

    def play(self, client: Any, count: int | None = None) -> None:
        """Send the next ``count`` commands (None: to the end)."""
        end = len(self.steps) if count is None else min(len(self.steps), self.sent + count)
        for seat, command, events in self.steps[self.sent : end]:
            answer = client.post(
                f"/games/{self.id}/commands",
                json={"command": command, "expected_version": self.version},
                headers=auth(self.tokens[seat]),
            )
            assert answer.status_code == 200, answer.text
            self.version += events
            assert answer.json()["version"] == self.version
        self.sent = end

    @property
    def finished(self) -> bool:
        return self.sent == len(self.steps)


def _cli(data_dir: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(
        PYTHONPATH=str(ROOT),
        GAMESTATE_DATA_DIR=str(data_dir),
        GAMESTATE_WAL_ARCHIVE=str(data_dir / "archive"),
        GAMESTATE_LOG_JSON="0",
    )
    run = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def _quiet(url: str) -> None:
    """Wait until no event has been appended for half a second (the tournament's own work,
    done in the background after a table's game ends, included)."""
    with psycopg.connect(url, autocommit=True) as conn:
        last, since = None, time.monotonic()
        while time.monotonic() - since < 0.5:
            row = conn.execute("SELECT max(position), count(*) FROM events").fetchone()
            if row != last:
                last, since = row, time.monotonic()
            time.sleep(0.05)


def _contents(url: str) -> tuple[set, set]:
    with psycopg.connect(url) as conn:
        streams = set(conn.execute("SELECT id, kind, version, status FROM streams").fetchall())
        events = set(conn.execute("SELECT stream_id, version, hash FROM events").fetchall())
    return streams, events


def _app(url: str) -> Any:
    from service.api.app import create_app
    from service.lobby.tables import LobbyLimits

    return create_app(
        url, admin_key=ADMIN_KEY, lobby_limits=LobbyLimits(max_waiting_per_caller=1000)
    )


@pytest.fixture
def folders() -> Iterator[Path]:
    # Short paths: the servers' sockets live in their data folders.
    parent = Path(tempfile.mkdtemp(prefix="gs-pitr-"))
    try:
        yield parent
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def test_point_in_time_restore_keeps_exactly_what_was_committed_and_play_goes_on(
    folders: Path,
) -> None:
    from litestar.testing import TestClient

    source, restored = folders / "source", folders / "restored"
    kinds = sorted(GAMES)
    rng = random.Random(35)
    with embedded_postgres(source / "pg", delete=True, archive=source / "archive") as url:
        migrate(url)
        with TestClient(_app(url), raise_server_exceptions=False) as client:
            # Before the base backup: a finished game and a game under way of every kind,
            # and a tournament that has started.
            early = {k: Game(client, k, f"early-{k}") for k in kinds}
            going = {k: Game(client, k, f"going-{k}") for k in kinds}
            for k in kinds:
                early[k].play(client)
                going[k].play(client, len(going[k].steps) // 3)
            tournament = create_tournament(
                client, name="Backup cup", game="azul", format="round_robin"
            )
            tid = tournament["id"]
            entrants = register(client, tid, ["ann", "bob", "cy"])
            start(client, tid)

            backup = Path(_cli(source, "backup").strip())
            assert (backup / "backup_manifest").exists()

            # After the backup, before T: the games under way move on, new games are made
            # and finished, and the tournament plays a round.
            late = {k: Game(client, k, f"late-{k}") for k in kinds}
            for k in kinds:
                going[k].play(client, len(going[k].steps) // 3)
                late[k].play(client)
            fresh = Game(client, "azul", "fresh-azul")
            fresh.play(client, 5)
            play_round(client, tid, entrants, rng)

            _quiet(url)
            with psycopg.connect(url, autocommit=True) as conn:
                row = conn.execute("SELECT clock_timestamp()").fetchone()
                assert row is not None
                moment = row[0]
            at_moment = _contents(url)
            at = {g.id: g.sent for g in [*going.values(), fresh]}
            time.sleep(0.3)

            # After T: all of this must be gone after the restore.
            after = {k: Game(client, k, f"after-{k}") for k in kinds}
            for k in kinds:
                after[k].play(client, 4)
                going[k].play(client, 3)
            fresh.play(client)
            play_round(client, tid, entrants, rng)
            later = _contents(url)
            assert later[1] > at_moment[1]
            assert {s[0] for s in later[0]} > {s[0] for s in at_moment[0]}
            switch_wal(url)  # what archive_timeout would do a minute later

        _cli(source, "restore", "--to", moment.isoformat(), "--into", str(restored / "pg"))

    with embedded_postgres(restored / "pg", delete=True) as url:
        assert _contents(url) == at_moment
        migrate(url)
        with TestClient(_app(url), raise_server_exceptions=False) as client:
            finished = [
                stream_id
                for stream_id, kind, _, status in at_moment[0]
                if kind == "game" and status == "finished"
            ]
            assert len(finished) >= 2 * len(kinds)
            for game_id in finished:
                report = client.get(f"/games/{game_id}/audit").json()
                assert report["ok"], report

            for game in [*going.values(), fresh]:
                game.sent = at[game.id]
                game.version = client.get(f"/games/{game.id}").json()["version"]
                assert not game.finished
                game.play(client)
                assert client.get(f"/games/{game.id}").json()["status"] == "finished"
                assert client.get(f"/games/{game.id}/audit").json()["ok"]
            for game in after.values():
                assert client.get(f"/games/{game.id}").status_code == 404

            final, _ = play_out(client, tid, entrants, rng)
            assert final["view"]["status"] == "finished"


def test_a_time_the_archive_does_not_reach_is_refused_and_leaves_no_folder(
    folders: Path,
) -> None:
    import datetime as dt

    from service.store.backup import BackupError, base_backup, restore

    with embedded_postgres(
        folders / "pg", delete=True, archive=folders / "archive", archive_timeout=60
    ) as url:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE kept (n int)")
        backup = base_backup(url, folders / "backups")
        switch_wal(url)
        later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
        with pytest.raises(BackupError, match="recovery target"):
            restore(backup, folders / "archive", folders / "restored", later)
        assert not (folders / "restored").exists()


def test_restore_wants_a_time_with_its_zone_and_an_archive(
    folders: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from service.ops.cli import main

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("GAMESTATE_DATA_DIR", str(folders))
    monkeypatch.delenv("GAMESTATE_WAL_ARCHIVE", raising=False)
    assert main(["restore", "--to", "2026-11-27T10:15:00Z"]) == 2
    assert "no WAL archive" in capsys.readouterr().err
    monkeypatch.setenv("GAMESTATE_WAL_ARCHIVE", str(folders / "archive"))
    assert main(["restore", "--to", "2026-11-27 10:15"]) == 2
    assert "time zone" in capsys.readouterr().err
    assert main(["restore", "--to", "2026-11-27T10:15:00Z"]) == 1
    assert "no base backup that ended before" in capsys.readouterr().err
