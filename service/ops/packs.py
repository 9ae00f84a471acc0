"""Content packs from files: ``GAMESTATE_CONTENT_PACKS`` names a folder with one sub-folder per
game that takes packs (``three_kingdoms/official.json``). Every process loads them before it
serves or replays a game (the domain validates them and does no I/O itself); a pack that does
not validate stops the start with the file and what is wrong (docs/content-packs.md)."""

from __future__ import annotations

from pathlib import Path

from domain._kernel import DomainError
from domain.registry import GAMES


class ContentPackError(Exception):
    """A content-pack file or folder that cannot be loaded; the message says which and why."""


def taking_packs() -> list[str]:
    return sorted(slug for slug, spec in GAMES.items() if spec.load_content is not None)


def load_file(game: str, path: Path) -> tuple[str, str, str]:
    """Load one pack file for ``game``: (name, status, note)."""
    spec = GAMES.get(game)
    if spec is None or spec.load_content is None:
        raise ContentPackError(
            f"{path}: the game {game!r} takes no content packs (games that do:"
            f" {', '.join(taking_packs())})"
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentPackError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        return spec.load_content(raw)
    except DomainError as exc:
        raise ContentPackError(f"{path}: {exc.detail} ({exc.code})") from None


def load_content_packs(folder: Path | None) -> list[str]:
    """Load every ``<folder>/<game>/*.json``; one line per pack loaded."""
    if folder is None:
        return []
    if not folder.is_dir():
        raise ContentPackError(f"GAMESTATE_CONTENT_PACKS={folder} is not a folder")
    loaded = []
    for entry in sorted(folder.iterdir()):
        if not entry.is_dir():
            if entry.suffix == ".json":
                raise ContentPackError(
                    f"{entry}: put a pack in the sub-folder of its game, e.g."
                    f" {folder / taking_packs()[0] / entry.name}"
                )
            continue
        for path in sorted(entry.glob("*.json")):
            name, status, _ = load_file(entry.name, path)
            loaded.append(f"{entry.name} content pack {name!r} from {path} ({status})")
    return loaded
