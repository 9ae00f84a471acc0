"""Games dealt the same seed: the tables of a duplicate-mode tournament round.

Every table of such a round plays from one seed, so the chance outcomes of one table are those
of all (the same shuffles, the same draws). A table further ahead shows what the others will
draw: its seed, its full events, its records and audits, its time-travel ``full_state``, even
its spectator views. So while any table of a group is unfinished, the group is *in play* and:

- nobody but a game's own seats may read it (views, events, live events, time travel): 409
  ``seed_group_in_play`` for spectators, the admin key and every other token;
- a game's own seats read it as they did while it was active, also once it is finished (its
  events redacted for them, no seed, no ``full_state``): what their own table revealed;
- nobody gets its record or audit (409 ``seed_group_in_play``).

Once the last table of the group is finished, each game is public like any finished game.

A game belongs to a group when its stored set-up's ``link`` names one (``seed_group``, set by
the tournament table runner for duplicate tables: a hash of the tournament id and the seed,
which says nothing of the seed). Games created through POST /games with a chosen seed are
not grouped: their creator knows the seed anyway, and anyone could otherwise keep another
game's record withheld by creating a game with its (revealed) seed and never finishing it."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from psycopg import AsyncConnection

from service.support.errors import ApiError

IN_PLAY = "seed_group_in_play"


def group_key(tournament_id: uuid.UUID | str, seed: str) -> str:
    """The group of the games a tournament deals ``seed``."""
    return hashlib.sha256(f"{tournament_id}:{seed}".encode()).hexdigest()[:32]


def group_of(setup: dict[str, Any]) -> str | None:
    link = setup.get("link")
    group = link.get("seed_group") if isinstance(link, dict) else None
    return group if isinstance(group, str) and group else None


async def tables_in_play(store: Any, conn: AsyncConnection, setup: dict[str, Any]) -> int:
    """How many games of this game's seed group are unfinished (0: no group, or all done)."""
    group = group_of(setup)
    if group is None:
        return 0
    return await store.seed_group_in_play(conn, group)


def withheld(in_play: int) -> ApiError:
    tables = "table" if in_play == 1 else "tables"
    return ApiError(
        409,
        IN_PLAY,
        f"this game was dealt the same seed as {in_play} {tables} still playing (a duplicate"
        " tournament round): it is withheld until every table of the round has finished",
    )


async def exposure(
    store: Any, conn: AsyncConnection, setup: dict[str, Any], seat: int | None
) -> bool:
    """Whether a reader may see what a finished game reveals (seed, full events, full state):
    True when the game is in no group in play. Refuses (409) a reader who is not a seat of
    the game while its group is in play; a seat gets False (read it as during play)."""
    in_play = await tables_in_play(store, conn, setup)
    if in_play == 0:
        return True
    if seat is None:
        raise withheld(in_play)
    return False
