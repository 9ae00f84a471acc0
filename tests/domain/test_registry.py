"""Games are found through the ``gamestate.games`` entry points; a broken one is refused with
one line naming it."""

from __future__ import annotations

import dataclasses
from importlib import metadata

import pytest

from domain import registry
from domain.registry import RegistryError, check, installed, load
from tests.domain.toy import game as toy

BUILT_IN = {"azul", "splendor", "carcassonne", "castles", "three_kingdoms"}


class Entry:
    """An entry point as importlib.metadata gives it."""

    def __init__(self, name: str, value: object, error: Exception | None = None) -> None:
        self.name, self.value, self._value, self._error, self.dist = (
            name,
            "pkg:SPEC",
            value,
            error,
            None,
        )

    def load(self) -> object:
        if self._error is not None:
            raise self._error
        return self._value


def test_the_built_in_games_are_registered_as_entry_points() -> None:
    entries = {e.name: e.value for e in metadata.entry_points(group=registry.GROUP)}
    assert {name: entries.get(name) for name in BUILT_IN} == {
        name: f"domain.{name}:SPEC" for name in BUILT_IN
    }
    assert set(installed()) >= BUILT_IN


def test_importing_domain_imports_no_game() -> None:
    import subprocess
    import sys

    code = "import sys, domain; print(sorted(m for m in sys.modules if m.startswith('domain.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['domain._kernel']"


def test_a_plug_in_is_loaded() -> None:
    assert installed([Entry("toy", toy.SPEC)]) == {"toy": toy.SPEC}


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        (Entry("toy", None, ModuleNotFoundError("No module named 'toy'")), "cannot be loaded"),
        (Entry("toy", object()), "not a domain.GameSpec"),
        (Entry("other", toy.SPEC), "names the game 'toy', not 'other'"),
    ],
)
def test_a_broken_entry_point_is_one_line_naming_it(entry: Entry, words: str) -> None:
    with pytest.raises(RegistryError) as refused:
        installed([entry])
    message = str(refused.value)
    assert words in message and "\n" not in message
    assert message.startswith(f"entry point {entry.name} = pkg:SPEC")


def test_two_games_may_not_share_a_slug_or_a_tag() -> None:
    with pytest.raises(RegistryError, match="registered twice"):
        check([toy.SPEC, toy.SPEC])
    renamed = dataclasses.replace(toy.SPEC, slug="toy2")  # same classes, so same tags
    with pytest.raises(RegistryError, match="its view is tagged 'toy'"):
        check([renamed])
    with pytest.raises(RegistryError, match="slug is"):
        check([dataclasses.replace(toy.SPEC, slug="Bad Slug")])


def test_nothing_installed_is_an_error() -> None:
    with pytest.raises(RegistryError, match="no game is installed"):
        installed([])


def test_the_setting_chooses_among_the_installed_games_and_loads_only_those() -> None:
    broken = Entry("broken", None, ImportError("never loaded unless served"))
    entries = [Entry("toy", toy.SPEC), broken]
    assert load((), [Entry("toy", toy.SPEC)]) == {"toy": toy.SPEC}
    assert load(("toy",), entries) == {"toy": toy.SPEC}  # the broken one is not imported
    with pytest.raises(RegistryError, match="cannot be loaded"):
        load((), entries)  # serving everything installed includes it
    with pytest.raises(
        RegistryError,
        match=r"GAMESTATE_GAMES names 'chess', which is not installed \(installed: broken, toy\)",
    ):
        load(("toy", "chess"), entries)
