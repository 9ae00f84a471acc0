"""Which games exist: the ``gamestate.games`` entry points of the installed packages.

A game package registers its :class:`~domain._kernel.GameSpec` under its slug::

    [project.entry-points."gamestate.games"]
    hearts = "hearts:SPEC"

The five built-in games are registered the same way by this project's own pyproject.toml.

This is the one module of ``domain`` that reads anything outside its arguments: the installed
packages' metadata (``importlib.metadata``), once per process. It reads no environment: the
service's setting ``GAMESTATE_GAMES`` arrives as the ``names`` of :func:`select`.

The games are fixed for a process when first used (the HTTP bodies, the OpenAPI document and
the tagged unions are types built from them at import), so :func:`select` and :func:`use` come
before the first use of :data:`GAMES` and may not change it afterwards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import metadata
from typing import Any

from domain._kernel import GameSpec

GROUP = "gamestate.games"
SLUG = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
"""A slug is a URL path segment, a tag prefix and an identifier: lower case, at most 32."""


class RegistryError(Exception):
    """A game that cannot be served; the message is one line naming the entry point."""


def _origin(entry: Any) -> str:
    dist = getattr(entry, "dist", None)
    where = f" (package {dist.name} {dist.version})" if dist is not None else ""
    return f"entry point {entry.name} = {entry.value}{where}"


def load_entry(entry: Any) -> GameSpec:
    """The GameSpec an entry point names, checked against its name."""
    try:
        spec = entry.load()
    except Exception as exc:  # any import-time failure of a plug-in is reported the same way
        raise RegistryError(f"{_origin(entry)}: cannot be loaded: {exc!r}") from exc
    if not isinstance(spec, GameSpec):
        raise RegistryError(f"{_origin(entry)}: is a {type(spec).__name__}, not a domain.GameSpec")
    if spec.slug != entry.name:
        raise RegistryError(f"{_origin(entry)}: names the game {spec.slug!r}, not {entry.name!r}")
    return spec


def check(specs: Iterable[GameSpec]) -> dict[str, GameSpec]:
    """The games by slug, refused when they cannot be served side by side: a malformed or
    repeated slug, a tag that is not ``<slug>.<name>`` or that two classes share (a stored
    event or an HTTP command must name its game by itself), a view not tagged by its slug."""
    games: dict[str, GameSpec] = {}
    tags: dict[str, str] = {}
    for spec in specs:
        if not SLUG.match(spec.slug):
            raise RegistryError(f"game {spec.slug!r}: a slug is [a-z][a-z0-9_]*, 32 at most")
        if spec.slug in games:
            raise RegistryError(f"game {spec.slug!r} is registered twice")
        games[spec.slug] = spec
        view_tag = spec.view_type.__struct_config__.tag
        if view_tag != spec.slug:
            raise RegistryError(f"game {spec.slug!r}: its view is tagged {view_tag!r}")
        for cls in (*spec.command_classes, *spec.event_classes):
            tag = cls.__struct_config__.tag
            if not (isinstance(tag, str) and tag.startswith(f"{spec.slug}.")):
                raise RegistryError(
                    f"game {spec.slug!r}: {cls.__qualname__} is tagged {tag!r},"
                    f" not {spec.slug}.<name>"
                )
            if tag in tags:
                raise RegistryError(
                    f"game {spec.slug!r}: the tag {tag!r} of {cls.__qualname__} is taken"
                    f" (by {tags[tag]})"
                )
            tags[tag] = f"{spec.slug}: {cls.__qualname__}"
    return games


def load(names: Sequence[str] = (), entries: Iterable[Any] | None = None) -> dict[str, GameSpec]:
    """The installed games ``names`` asks for, in that order (none: every installed game, by
    slug), loaded and checked. Only those are imported: a game that is installed but not
    served is never loaded (``entries``: the entry points to read instead, for tests)."""
    found = list(metadata.entry_points(group=GROUP) if entries is None else entries)
    if names:
        unknown = [name for name in names if not any(e.name == name for e in found)]
        if unknown:
            installed = ", ".join(sorted({e.name for e in found})) or "none"
            raise RegistryError(
                f"GAMESTATE_GAMES names {', '.join(map(repr, unknown))}, which is not installed"
                f" (installed: {installed})"
            )
        order = {name: index for index, name in enumerate(dict.fromkeys(names))}
        found = sorted((e for e in found if e.name in order), key=lambda e: order[e.name])
    else:
        found = sorted(found, key=lambda e: e.name)
    games = check(load_entry(entry) for entry in found)
    if not games:
        raise RegistryError(
            f"no game is installed: no package registers a {GROUP!r} entry point"
            " (in a checkout, `pip install -e .` registers the built-in games)"
        )
    return games


def installed(entries: Iterable[Any] | None = None) -> dict[str, GameSpec]:
    """Every installed game, loaded and checked."""
    return load((), entries)


class _Served(Mapping[str, GameSpec]):
    """The games this process serves, resolved on first use."""

    def __init__(self) -> None:
        self._games: dict[str, GameSpec] | None = None
        self._names: tuple[str, ...] = ()

    def _resolve(self) -> dict[str, GameSpec]:
        if self._games is None:
            self._games = load(self._names)
        return self._games

    def __getitem__(self, slug: str) -> GameSpec:
        return self._resolve()[slug]

    def __iter__(self) -> Iterator[str]:
        return iter(self._resolve())

    def __len__(self) -> int:
        return len(self._resolve())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self._resolve())})"


GAMES: Mapping[str, GameSpec] = _Served()
"""The games this process serves, by slug, in the order they were chosen."""


def select(names: Sequence[str] | None) -> Mapping[str, GameSpec]:
    """Serve the installed games ``names`` (none: every installed one). Loads and checks them
    now, so that a broken plug-in stops the start-up with one line (RegistryError)."""
    served: Any = GAMES
    wanted = tuple(names or ())
    if served._games is None:
        served._names = wanted
        served._resolve()
    elif wanted != served._names:
        raise RegistryError("the served games are fixed once used; select them first")
    return GAMES


def use(specs: Iterable[GameSpec]) -> Mapping[str, GameSpec]:
    """Serve exactly these games, installed or not (an embedding program, a test that serves
    a game it just generated). Only before the games are first used."""
    served: Any = GAMES
    games = check(specs)
    if served._games is not None and served._games != games:
        raise RegistryError("the served games are fixed once used; choose them first")
    served._games = games
    return GAMES
