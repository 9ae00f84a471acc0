"""The game packages of this repository (plugins/*: Hearts) are installed and served by
default like the built-in games: `make install` / `make install-run` and the image install
each one, and pytest runs each one's tests."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.parent for p in (ROOT / "plugins").glob("*/pyproject.toml"))


def test_there_are_game_packages() -> None:
    assert "hearts" in {p.name for p in PACKAGES}


def test_make_installs_every_game_package_for_running_and_for_testing() -> None:
    makefile = (ROOT / "Makefile").read_text()
    (listed,) = re.findall(r"^PLUGINS := (.+)$", makefile, re.M)
    assert sorted(listed.split()) == [f"plugins/{p.name}" for p in PACKAGES]
    for stamp in ("$(RUN_STAMP):", "$(TEST_STAMP):"):
        rule = makefile[makefile.index(stamp) :].split("\n\n")[0]
        assert "$(PLUGINS:%=-e %)" in rule and "$(PLUGINS:=/pyproject.toml)" in rule, stamp


def test_the_image_builds_every_game_package() -> None:
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    (wheel,) = re.findall(r"^RUN pip wheel .+$", dockerfile, re.M)
    assert "COPY plugins ./plugins" in dockerfile
    for package in PACKAGES:
        assert f"./plugins/{package.name}" in wheel.split()


def test_pytest_runs_every_game_packages_tests() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    testpaths = config["tool"]["pytest"]["ini_options"]["testpaths"]
    for package in PACKAGES:
        assert f"plugins/{package.name}/tests" in testpaths


def test_every_game_package_is_installed_with_its_entry_point() -> None:
    for package in PACKAGES:
        project = tomllib.loads((package / "pyproject.toml").read_text())["project"]
        games = project["entry-points"]["gamestate.games"]
        installed = metadata.distribution(project["name"]).entry_points
        assert {e.name: e.value for e in installed if e.group == "gamestate.games"} == games
