"""``gamestate new-game``: the package it writes passes the conformance kit as generated, is
served and playable over HTTP, and (slow) is found through its entry point once installed
from outside the repository. Also: the GAMESTATE_GAMES setting and a broken plug-in stop the
command line with one line and exit 2."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from domain.testing import check_game
from service.ops.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("serve_new_game.py")


def _generate(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    assert main(["new-game", name, "--dir", str(folder)]) == 0
    return folder


def test_the_generated_package_passes_the_kit(tmp_path: Path) -> None:
    folder = _generate(tmp_path, "scaffolded_kit")
    assert {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()} == {
        "pyproject.toml",
        "README.md",
        "scaffolded_kit/__init__.py",
        "scaffolded_kit/commands.py",
        "scaffolded_kit/events.py",
        "scaffolded_kit/state.py",
        "scaffolded_kit/rules.py",
        "scaffolded_kit/view.py",
        "tests/test_kit.py",
    }
    pyproject = (folder / "pyproject.toml").read_text()
    assert 'scaffolded_kit = "scaffolded_kit:SPEC"' in pyproject
    assert 'dependencies = ["gamestate"]' in pyproject
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.import_module("scaffolded_kit").SPEC
        check_game(spec)
        assert spec.slug == "scaffolded_kit"
        # Its own test file, as the author runs it.
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(folder / "tests")],
            cwd=folder,
            env={**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}"},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, run.stdout + run.stderr
    finally:
        sys.path.remove(str(folder))
        for module in [m for m in sys.modules if m.split(".")[0] == "scaffolded_kit"]:
            del sys.modules[module]


@pytest.mark.parametrize("name", ["Hearts", "9lives", "class", "with-dash", "domain", "x" * 33])
def test_a_name_that_cannot_be_a_slug_is_refused(tmp_path: Path, name: str, capsys) -> None:
    assert main(["new-game", name, "--dir", str(tmp_path / "out")]) == 2
    assert "gamestate new-game:" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_folder_that_is_not_empty_is_left_alone(tmp_path: Path, capsys) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    assert main(["new-game", "fresh", "--dir", str(tmp_path)]) == 2
    assert "is not empty" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def _serve(python: str, database_url: str, slug: str, folder: Path | None) -> dict:
    run = subprocess.run(
        [python, str(SCRIPT), database_url, slug, *([str(folder)] if folder else [])],
        cwd=SCRIPT.parent.parent.parent if folder else "/",
        env={**os.environ, "GAMESTATE_LOG_JSON": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def _check_served(answer: dict, slug: str) -> None:
    assert slug in answer["listed"]
    assert answer["status"] == "finished"
    assert answer["winner"] in (0, 1)
    assert answer["refused"] == [422, f"{slug}/bad_amount"]
    prefix = "".join(word.title() for word in slug.split("_"))
    assert {f"{prefix}Add", f"{prefix}Added", f"{prefix}View", f"{prefix}Options"} <= set(
        answer["schemas"]
    )
    assert answer["viewer"] == 200
    # No board script of its own: the viewer's generic page shows it (its view as a tree).
    assert answer["viewer_game"]["board"] is None
    assert answer["viewer_game"]["components"] is False
    assert f"{slug}.added" in answer["viewer_game"]["events"]
    assert answer["board"] == 404
    assert answer["generic"] == 200
    assert answer["audit"] is True


def test_the_generated_game_is_served_and_playable_over_http(
    tmp_path: Path, database_url: str
) -> None:
    folder = _generate(tmp_path, "scaffolded_http")
    answer = _serve(sys.executable, database_url, "scaffolded_http", folder)
    _check_served(answer, "scaffolded_http")
    assert "scaffolded_http" not in answer["entry_points"]  # served explicitly, not installed


@pytest.mark.slow
def test_a_package_installed_from_outside_the_repository_is_served(
    tmp_path: Path, database_url: str
) -> None:
    """Built in a temporary folder and pip-installed into a fresh virtual environment that
    sees this one's packages: the service finds it by its entry point alone."""
    folder = _generate(tmp_path, "outside_game")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # This environment's packages (gamestate included, with its .pth files) underneath.
    ours = sysconfig.get_paths()["purelib"]
    Path(purelib, "zz_gamestate_env.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    install = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", str(folder)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    answer = _serve(python, database_url, "outside_game", None)
    assert "outside_game" in answer["entry_points"]
    _check_served(answer, "outside_game")


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.ops.cli", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_gamestate_games_must_name_installed_games() -> None:
    run = _cli({"GAMESTATE_GAMES": "azul,chess"}, "check-pack", "azul", "none.json")
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("gamestate: GAMESTATE_GAMES names 'chess', which is not installed")


def test_a_broken_plug_in_stops_the_start_with_one_line(tmp_path: Path) -> None:
    dist = tmp_path / "broken_game-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[gamestate.games]\nbroken = no_such_module:SPEC\n")
    run = _cli({"PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}, "check-pack", "azul", "x.json")
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith(
        "gamestate: entry point broken = no_such_module:SPEC (package broken-game 0.1):"
        " cannot be loaded: ModuleNotFoundError"
    )


def test_gamestate_games_chooses_what_the_api_serves(tmp_path: Path) -> None:
    out = tmp_path / "openapi.json"
    run = _cli({"GAMESTATE_GAMES": "splendor,azul"}, "openapi", "--output", str(out))
    assert run.returncode == 0, run.stderr
    schemas = json.loads(out.read_text())["components"]["schemas"]
    assert schemas["GameSlug"]["enum"] == ["splendor", "azul"]
    others = ("Carcassonne", "Castles", "ThreeKingdoms")
    assert not [name for name in schemas if name.startswith(others)]
    assert {"SplendorTakeGems", "AzulView"} <= set(schemas)
