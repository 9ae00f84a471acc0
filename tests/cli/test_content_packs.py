"""Content packs from files (docs/content-packs.md): ``gamestate check-pack`` says what is
wrong with a file, and ``GAMESTATE_CONTENT_PACKS`` loads a folder of packs (one sub-folder
per game) before any command runs; a pack that does not validate stops it with the file and
the reason."""

from __future__ import annotations

import json

import pytest

from domain.three_kingdoms.data import forget_pack
from service.ops.packs import ContentPackError, load_content_packs
from tests.domain.three_kingdoms.test_content_pack import official_doc

from .support import gamestate


@pytest.fixture
def packs(tmp_path):
    folder = tmp_path / "packs"
    (folder / "three_kingdoms").mkdir(parents=True)
    (folder / "three_kingdoms" / "official.json").write_text(json.dumps(official_doc("cli-pack")))
    yield folder
    forget_pack("cli-pack")


def test_check_pack_accepts_a_valid_file_and_says_its_content_status(packs):
    done = gamestate(
        "check-pack", "three_kingdoms", str(packs / "three_kingdoms" / "official.json")
    )
    assert done.returncode == 0, done.stderr
    assert "content pack 'cli-pack', official" in done.stdout


def test_check_pack_names_the_file_and_what_is_wrong(tmp_path):
    doc = official_doc("bad-pack")
    doc["prices"]["rice"]["buy_gold"] = 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    done = gamestate("check-pack", "three_kingdoms", str(bad))
    assert done.returncode == 1
    assert done.stdout.startswith(f"INVALID {bad}:")
    assert "three_kingdoms/content_pack_invalid" in done.stdout


def test_the_content_pack_folder_loads_packs_by_game(packs):
    loaded = load_content_packs(packs)
    assert loaded == [
        f"three_kingdoms content pack 'cli-pack' from {packs / 'three_kingdoms' / 'official.json'}"
        " (official)"
    ]


def test_a_pack_outside_a_game_folder_or_for_a_game_without_packs_is_refused(tmp_path):
    loose = tmp_path / "loose"
    loose.mkdir()
    (loose / "pack.json").write_text("{}")
    with pytest.raises(ContentPackError, match="sub-folder of its game"):
        load_content_packs(loose)
    azul = tmp_path / "azul-packs"
    (azul / "azul").mkdir(parents=True)
    (azul / "azul" / "pack.json").write_text("{}")
    with pytest.raises(ContentPackError, match="takes no content packs"):
        load_content_packs(azul)


def test_an_invalid_pack_in_the_folder_stops_every_command(tmp_path):
    folder = tmp_path / "packs"
    (folder / "three_kingdoms").mkdir(parents=True)
    (folder / "three_kingdoms" / "broken.json").write_text("{not json")
    done = gamestate(
        "openapi", "--output", str(tmp_path / "o.json"), GAMESTATE_CONTENT_PACKS=str(folder)
    )
    assert done.returncode == 1
    assert "broken.json" in done.stderr and "not a valid pack document" in done.stderr
