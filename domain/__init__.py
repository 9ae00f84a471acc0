"""Pure game logic. ``GAMES`` maps each game's slug to its :class:`~domain._kernel.GameSpec`.

Nothing per game lives outside its own package: the service and the tests discover games here.
Rule sources are cited as ``shared/rules/...`` and ``shared/reference/...``: the folder
``shared`` next to the repository, which holds the rules summaries and the reference data.
"""

from domain._kernel import GameSpec
from domain.azul import SPEC as _azul
from domain.carcassonne import SPEC as _carcassonne
from domain.castles import SPEC as _castles
from domain.splendor import SPEC as _splendor
from domain.three_kingdoms import SPEC as _three_kingdoms

GAMES: dict[str, GameSpec] = {
    spec.slug: spec
    for spec in (
        _azul,
        _splendor,
        _carcassonne,
        _castles,
        _three_kingdoms,
    )
}
