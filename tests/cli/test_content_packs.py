"""Content packs from files (docs/content-packs.md): ``gamestate check-pack`` says what is
wrong with a file, and ``GAMESTATE_CONTENT_PACKS`` loads a folder of packs (one sub-folder
per game) before any command runs; a pack that does not validate stops it with the file and
the reason."""

from __future__ import annotations

import json
import os

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
    assert done.returncode == 2
    assert "broken.json" in done.stderr and "not a valid pack document" in done.stderr


# Issue #31, item 10: a hostile pack folder. A symlink to /dev/zero ended the start with a
# MemoryError traceback, /dev/urandom or a FIFO hung it, starting rice of 10**18 was taken.
# Now each is one line on stderr and exit 2, within the test's timeout.


def _folder_with(tmp_path, make) -> str:
    folder = tmp_path / "packs"
    (folder / "three_kingdoms").mkdir(parents=True)
    make(folder / "three_kingdoms" / "hostile.json")
    return str(folder)


def _refused_start(tmp_path, folder: str, **env: str) -> str:
    done = gamestate(
        "openapi",
        "--output",
        str(tmp_path / "o.json"),
        timeout=60,
        GAMESTATE_CONTENT_PACKS=folder,
        **env,
    )
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("gamestate: content pack: ") and "hostile.json" in lines[0]
    assert not (tmp_path / "o.json").exists()  # the command did not run
    return lines[0]


@pytest.mark.parametrize(
    ("target", "kind"),
    [("/dev/zero", "a character device"), ("/dev/urandom", "a character device")],
)
def test_a_symlink_to_a_device_is_refused(tmp_path, target: str, kind: str) -> None:
    if not os.path.exists(target):
        pytest.skip(f"no {target} here")
    folder = _folder_with(tmp_path, lambda path: path.symlink_to(target))
    assert f"not a regular file ({kind})" in _refused_start(tmp_path, folder)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path) -> None:
    folder = _folder_with(tmp_path, lambda path: os.mkfifo(path))
    assert "not a regular file (a FIFO)" in _refused_start(tmp_path, folder)


def test_a_folder_named_like_a_pack_is_refused(tmp_path) -> None:
    folder = _folder_with(tmp_path, lambda path: path.mkdir())
    assert "not a regular file (a folder)" in _refused_start(tmp_path, folder)


def test_an_oversized_file_is_refused_unread(tmp_path) -> None:
    def big(path) -> None:
        with path.open("wb") as file:
            file.truncate(2000)  # sparse: the size is what is refused, not the bytes

    folder = _folder_with(tmp_path, big)
    line = _refused_start(tmp_path, folder, GAMESTATE_CONTENT_PACK_MAX_BYTES="1000")
    assert "2000 bytes, over the 1000 bytes" in line
    default = _folder_with(tmp_path / "default", lambda path: path.write_bytes(b" " * (2**20 + 1)))
    assert "over the 1048576 bytes" in _refused_start(tmp_path, default)


def test_a_number_out_of_its_range_is_refused(tmp_path) -> None:
    doc = official_doc("rich-pack")
    doc["kingdoms"][0]["start"]["rice"] = 10**18
    folder = _folder_with(tmp_path, lambda path: path.write_text(json.dumps(doc)))
    line = _refused_start(tmp_path, folder)
    assert "kingdoms[0].start.rice is 1000000000000000000, outside its range 0..99" in line
    done = gamestate(
        "check-pack", "three_kingdoms", str(tmp_path / "packs" / "three_kingdoms" / "hostile.json")
    )
    assert done.returncode == 1 and "outside its range" in done.stdout


def test_check_pack_refuses_a_hostile_file_on_one_line(tmp_path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    done = gamestate("check-pack", "three_kingdoms", str(fifo), "/dev/zero", timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.splitlines() == [
        f"INVALID {fifo}: not a regular file (a FIFO)",
        "INVALID /dev/zero: not a regular file (a character device)",
    ]
