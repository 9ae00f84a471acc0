"""Content packs: the ones shipped in ``packs/`` (read with importlib.resources, cached) and
the ones loaded from outside (``register_pack``: the service hands over the bytes of each
file in its content-pack folder at start-up; the domain does no I/O). A game names its pack
by ``content_pack``; docs/content-packs.md explains how to write and load one."""

from __future__ import annotations

import functools
import importlib.resources
import re

from domain._kernel import DomainError
from domain.three_kingdoms.content import Pack
from domain.three_kingdoms.validation import parse_pack

PACK_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")

_LOADED: dict[str, Pack] = {}
"""Packs loaded with ``register_pack``, by name."""


def _check_name(name: str) -> None:
    if not PACK_NAME.match(name):
        raise DomainError(
            "three_kingdoms/content_pack_invalid",
            f"pack name {name!r} must be 1-40 lowercase letters, digits, '_' or '-'",
        )


def _shipped(name: str):
    return importlib.resources.files(__package__).joinpath(f"packs/{name}.json")


@functools.lru_cache(maxsize=16)
def _shipped_pack(name: str) -> Pack:
    resource = _shipped(name)
    if not resource.is_file():
        raise DomainError("three_kingdoms/content_pack_unknown", f"no content pack named {name!r}")
    return parse_pack(resource.read_bytes())


def load_pack(name: str) -> Pack:
    """The validated pack named ``name`` (loaded, or ``packs/<name>.json``); ``DomainError``
    if unknown or invalid."""
    _check_name(name)
    loaded = _LOADED.get(name)
    return loaded if loaded is not None else _shipped_pack(name)


def register_pack(raw: bytes) -> Pack:
    """Validate a pack document (the bytes of a JSON file) and make it playable under its
    ``name``. Loading the same pack again is harmless. Refused with
    ``three_kingdoms/content_pack_invalid`` saying what is wrong: an invalid document, a bad
    name, the name of a pack shipped with the game, or a name already loaded with other
    content (a game replays with the pack it names, so a name cannot change its content)."""
    pack = parse_pack(raw)
    _check_name(pack.name)
    if _shipped(pack.name).is_file():
        raise DomainError(
            "three_kingdoms/content_pack_invalid",
            f"pack name {pack.name!r} is taken by a pack shipped with the game; choose another",
        )
    known = _LOADED.get(pack.name)
    if known is not None and known != pack:
        raise DomainError(
            "three_kingdoms/content_pack_invalid",
            f"another pack named {pack.name!r} is already loaded; a pack's name must not"
            " change its content (give a new version a new name)",
        )
    _LOADED[pack.name] = pack
    return pack


def forget_pack(name: str) -> None:
    """Drop a pack loaded with ``register_pack`` (tests)."""
    _LOADED.pop(name, None)
    catalog.cache_clear()


def content_status(pack: Pack) -> tuple[str, str]:
    """("official" | "provisional", one line saying why) for a pack: provisional when any
    of its cards or numbers is marked ``provisional``."""
    parts = []
    generals = sum(g.provisional for g in pack.generals)
    if generals:
        parts.append(f"{generals} of {len(pack.generals)} generals")
    cards = sum(d.provisional for d in pack.developments)
    if cards:
        parts.append(f"{cards} of {len(pack.developments)} state-development cards")
    if any(k.provisional for k in pack.kingdoms):
        parts.append("the reference sheets (starting amounts, recruits)")
    if any(b.provisional for b in pack.borders):
        parts.append("the border layout")
    if pack.tribe_action.provisional:
        parts.append("the tribe-action costs")
    if any(t.provisional for t in pack.tracks.deficit_tokens):
        parts.append("the deficit-token values")
    if not parts:
        return (
            "official",
            f"content pack {pack.name!r} (version {pack.version}) marks nothing provisional",
        )
    listed = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    return (
        "provisional",
        f"content pack {pack.name!r}: {listed} are provisional stand-ins (the official lists"
        " are not public); an official pack loads from a file, see docs/content-packs.md",
    )


class Catalog:
    """Lookups derived once from a pack."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.generals = {g.id: g for g in pack.generals}
        self.developments = {d.id: d for d in pack.developments}
        self.borders = {b.id: b for b in pack.borders}
        self.kingdom_ids = tuple(k.id for k in pack.kingdoms)
        self.seat_of = {k: i for i, k in enumerate(self.kingdom_ids)}
        # Border ids each seat touches, in pack order.
        self.borders_of = tuple(
            tuple(b.id for b in pack.borders if k in b.kingdoms) for k in self.kingdom_ids
        )
        self.border_seats = {
            b.id: (self.seat_of[b.kingdoms[0]], self.seat_of[b.kingdoms[1]]) for b in pack.borders
        }


@functools.lru_cache(maxsize=16)
def catalog(name: str) -> Catalog:
    return Catalog(load_pack(name))
