"""Pure game logic. ``GAMES`` maps each game's slug to its :class:`~domain._kernel.GameSpec`.

Nothing per game lives outside its own package: the service and the tests discover games here.
"""

from domain._kernel import GameSpec
from domain.castles import SPEC as _castles

GAMES: dict[str, GameSpec] = {s.slug: s for s in (_castles,)}
