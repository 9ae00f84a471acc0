"""The game SDK: the API a game package implements (docs/writing-a-game.md).

A game is a :class:`GameSpec` of pure functions over msgspec Structs (commands, events,
state, view), registered under its slug in the ``gamestate.games`` entry-point group; the
service serves whatever is installed (``domain.registry``), the five games of this
repository included. ``domain.testing.check_game`` is the conformance kit a game passes.

Importing this package imports no game. Rule sources are cited as ``shared/rules/...`` and
``shared/reference/...``: the folder ``shared`` next to the repository, which holds the
rules summaries and the reference data.
"""

from domain._kernel import (
    Command,
    DomainError,
    Event,
    GameSpec,
    Options,
    Result,
    Rng,
    Setup,
    Standing,
    View,
    decide,
    fold,
    playout,
    rank,
    start,
)

__all__ = [
    "Command",
    "DomainError",
    "Event",
    "GameSpec",
    "Options",
    "Result",
    "Rng",
    "Setup",
    "Standing",
    "View",
    "decide",
    "fold",
    "playout",
    "rank",
    "start",
]
