"""Content packs from files: ``GAMESTATE_CONTENT_PACKS`` names a folder with one sub-folder per
game that takes packs (``three_kingdoms/official.json``). Every process loads them before it
serves or replays a game (the domain validates them and does no I/O itself); a pack that does
not validate stops the start with the file and what is wrong (docs/content-packs.md).

A pack folder is trusted no more than any file: only regular files are read (a symlink is
followed, to a regular file only: no device, FIFO or folder), at most ``max_bytes`` of them;
anything else is one line saying which file and why, never a traceback or a hang."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from domain._kernel import DomainError
from domain.registry import GAMES


class ContentPackError(Exception):
    """A content-pack file or folder that cannot be loaded; the message says which and why."""


def taking_packs() -> list[str]:
    return sorted(slug for slug, spec in GAMES.items() if spec.load_content is not None)


MAX_BYTES = 1024 * 1024
"""GAMESTATE_CONTENT_PACK_MAX_BYTES: the largest pack file read (the standard pack is 57 KB)."""


def read_regular(path: Path, max_bytes: int) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``max_bytes``. Opened without
    blocking (a FIFO would wait for a writer forever) and checked on the open file itself
    (no window between a check and the open); read no further than the cap (/dev/zero and
    /dev/urandom never end)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise ContentPackError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ContentPackError(f"{path}: not a regular file ({_kind(info.st_mode)})")
        if info.st_size > max_bytes:
            raise ContentPackError(
                f"{path}: {info.st_size} bytes, over the {max_bytes} bytes a pack may have"
                " (GAMESTATE_CONTENT_PACK_MAX_BYTES)"
            )
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(65536, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:  # grew while read
            raise ContentPackError(
                f"{path}: over the {max_bytes} bytes a pack may have"
                " (GAMESTATE_CONTENT_PACK_MAX_BYTES)"
            )
        return b"".join(chunks)
    except OSError as exc:
        if exc.errno == errno.EAGAIN:
            raise ContentPackError(f"{path}: not a regular file") from None
        raise ContentPackError(f"{path}: cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a file"


def load_file(game: str, path: Path, max_bytes: int = MAX_BYTES) -> tuple[str, str, str]:
    """Load one pack file for ``game``: (name, status, note)."""
    spec = GAMES.get(game)
    if spec is None or spec.load_content is None:
        raise ContentPackError(
            f"{path}: the game {game!r} takes no content packs (games that do:"
            f" {', '.join(taking_packs())})"
        )
    raw = read_regular(path, max_bytes)
    try:
        return spec.load_content(raw)
    except DomainError as exc:
        raise ContentPackError(f"{path}: {exc.detail} ({exc.code})") from None
    except Exception as exc:  # whatever a hostile file does to a game's loader: one line
        raise ContentPackError(
            f"{path}: cannot be loaded ({type(exc).__name__}: {str(exc)[:200]})"
        ) from None


def load_content_packs(folder: Path | None, max_bytes: int = MAX_BYTES) -> list[str]:
    """Load every ``<folder>/<game>/*.json``; one line per pack loaded."""
    if folder is None:
        return []
    if not folder.is_dir():
        raise ContentPackError(f"GAMESTATE_CONTENT_PACKS={folder} is not a folder")
    loaded = []
    try:
        entries = sorted(folder.iterdir())
        for entry in entries:
            if not entry.is_dir():
                if entry.suffix == ".json":
                    raise ContentPackError(
                        f"{entry}: put a pack in the sub-folder of its game, e.g."
                        f" {folder / taking_packs()[0] / entry.name}"
                    )
                continue
            for path in sorted(entry.glob("*.json")):
                name, status, _ = load_file(entry.name, path, max_bytes)
                loaded.append(f"{entry.name} content pack {name!r} from {path} ({status})")
    except OSError as exc:  # a folder that cannot be listed
        raise ContentPackError(
            f"{exc.filename or folder}: cannot be read ({exc.strerror})"
        ) from None
    return loaded


def one_line(message: object) -> str:
    """``message`` on one line: control characters (a file name may hold a newline) shown
    escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(message))
