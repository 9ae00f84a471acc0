"""The conformance kit: the whole game API contract, as every game served must honour it."""

from __future__ import annotations

from hearts import SPEC

try:
    from domain.testing import check_game
except ImportError:  # an SDK without the kit: the shared suite's checks, which it grew from
    check_game = None


def test_conformance() -> None:
    if check_game is not None:
        check_game(SPEC)
        return
    from tests.domain import test_all_games as suite

    suite.check_tags(SPEC)
    for players in range(SPEC.min_players, SPEC.max_players + 1):
        suite.check_same_seed(SPEC, players)
        suite.check_playout(SPEC, players, f"kit-{players}")
        for index, options in enumerate(SPEC.variants):
            suite.check_playout(SPEC, players, f"kit-{players}-{index}", options)
