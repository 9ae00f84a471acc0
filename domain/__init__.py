"""Pure game logic. ``GAMES`` maps each game's slug to its :class:`~domain._kernel.GameSpec`.

Nothing per game lives outside its own package: the service and the tests discover games here.
"""

from domain._kernel import GameSpec
from domain.three_kingdoms import SPEC as _three_kingdoms

GAMES: dict[str, GameSpec] = {s.slug: s for s in (_three_kingdoms,)}
