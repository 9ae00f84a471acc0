from __future__ import annotations

from domain._kernel import Options


class AzulOptions(Options, frozen=True):
    grey_wall: bool = False
    """Play on the grey side of the boards: each player chooses the column of every tile."""
