"""Bot seats (docs/bots.md, "Bot seats"): a seat the service plays itself with a policy of
``domain.bots`` at a level. Which seats are bots is kept in the game's stored set-up
(``setup["bots"]``: seat -> ``{"policy", "level"}``), fixed at creation (or when a lobby seat
is filled by a bot); its presence is what the ``bot_turns`` trigger (migration 0014) tests,
so a game without bots costs nothing more per command.

Levels are budgets: what a policy may spend on one move. ``random`` and ``greedy`` spend
almost nothing at any level; ``mcts`` searches more with each level, always under the
service's per-move CPU cap (``GAMESTATE_BOT_CPU_MS``)."""

from __future__ import annotations

import secrets
from typing import Any

from domain.bots import VERSION, policies_for
from service.support.errors import ApiError

LEVELS: dict[int, tuple[int, float]] = {1: (40, 40.0), 2: (150, 120.0), 3: (600, 250.0)}
"""Level -> (MCTS playouts, CPU ms) at most per move; the CPU cap applies on top."""
DEFAULT_LEVEL = 2
MAX_LEVEL = max(LEVELS)


def budget_of(level: int, cpu_cap_ms: float) -> tuple[int, float]:
    """(playouts, CPU ms) of a level, under the service's per-move CPU cap."""
    playouts, cpu_ms = LEVELS[level]
    return playouts, min(cpu_ms, cpu_cap_ms)


def bot_entry(spec: Any, policy: str, level: int | None, where: str) -> dict[str, Any]:
    """The stored ``{"policy", "level"}`` of a bot seat, or 422 ``bot/unknown_policy``."""
    game = getattr(spec, "game", spec)
    available = policies_for(game)
    if policy not in available:
        raise ApiError(
            422,
            "bot/unknown_policy",
            f"{where}: {spec.slug} has no {policy!r} bot (it has {', '.join(available)})",
        )
    level = DEFAULT_LEVEL if level is None else level
    if level not in LEVELS:
        raise ApiError(422, "bot/unknown_level", f"{where}: level is 1 to {MAX_LEVEL}")
    return {"policy": policy, "level": level}


def bot_name(entry: dict[str, Any]) -> str:
    return f"{entry['policy']} bot (level {entry['level']})"


def bot_token() -> str:
    """A bot seat's token: never handed out (the service plays the seat); its hash fills the
    seat row like any anonymous seat's."""
    return secrets.token_urlsafe(32)


def bots_of(setup: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Seat -> ``{"policy", "level"}`` of a stored set-up's bot seats."""
    return {int(seat): entry for seat, entry in (setup.get("bots") or {}).items()}


def auto_play_metadata(policy: str) -> dict[str, Any]:
    """What the events of the kernel's auto-play of a timed-out or zombie seat record
    (``bot``), from the terms' ``auto_play`` policy. Games created before policies name none:
    theirs is the uniform pick among the legal commands, the ``random`` policy's pick. No
    level: the kernel decides with its own fixed budget, not a bot seat's level."""
    return {"policy": policy or "random", "level": None, "version": VERSION}


def bot_metadata(entry: dict[str, Any], seed: str) -> dict[str, Any]:
    """What a bot's command records in each of its events' metadata (``bot``): who played."""
    return {
        "policy": entry["policy"],
        "level": entry["level"],
        "version": VERSION,
        "seed": seed,
    }
