"""Loading content packs shipped in ``packs/`` (read with importlib.resources, cached)."""

from __future__ import annotations

import functools
import importlib.resources
import re

from domain._kernel import DomainError
from domain.three_kingdoms.content import Pack
from domain.three_kingdoms.validation import parse_pack

PACK_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


@functools.lru_cache(maxsize=16)
def load_pack(name: str) -> Pack:
    """The validated pack ``packs/<name>.json``; ``DomainError`` if unknown or invalid."""
    if not PACK_NAME.match(name):
        raise DomainError(
            "three_kingdoms/content_pack_invalid",
            f"pack name {name!r} must be 1-40 lowercase letters, digits, '_' or '-'",
        )
    resource = importlib.resources.files(__package__).joinpath(f"packs/{name}.json")
    if not resource.is_file():
        raise DomainError("three_kingdoms/content_pack_unknown", f"no content pack named {name!r}")
    pack = parse_pack(resource.read_bytes())
    return pack


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
