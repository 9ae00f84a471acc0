"""The conformance kit (domain/testing/) on every installed game, one case per game and
player count so that a failure names them; hypothesis picks the seeds.

The kit plays random legal games to the end, checking at each step that inputs are never
mutated, commands and events round-trip through JSON, legal commands are accepted and
near-misses outside the list are refused, seats not to act are refused, and views do not
change when hidden information is re-drawn; at the end, that replay equals the incremental
state, the result ranks every seat, and the same seed gives the same game.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.registry import GAMES
from domain.testing import check_declaration, check_playout, check_same_seed

CASES = [
    (slug, n)
    for slug, spec in sorted(GAMES.items())
    for n in range(spec.min_players, spec.max_players + 1)
]
CASE_IDS = [f"{slug}-{n}p" for slug, n in CASES]

seeds = st.text(alphabet="0123456789abcdef", min_size=4, max_size=16)


@pytest.mark.parametrize(("slug", "players"), CASES, ids=CASE_IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=seeds)
def test_random_playout_honours_the_contract(slug: str, players: int, seed: str) -> None:
    check_playout(GAMES[slug], players, seed)


VARIANT_CASES = [
    (slug, n, index)
    for slug, spec in sorted(GAMES.items())
    for index in range(len(spec.variants))
    for n in range(spec.min_players, spec.max_players + 1)
]


@pytest.mark.parametrize(
    ("slug", "players", "index"),
    VARIANT_CASES,
    ids=[f"{slug}-{n}p-variant{i}" for slug, n, i in VARIANT_CASES],
)
def test_declared_option_variants_honour_the_contract(slug: str, players: int, index: int) -> None:
    spec = GAMES[slug]
    check_playout(spec, players, f"variant-{index}-{players}", spec.variants[index])


OLD_RULES_CASES = [
    (slug, n, version)
    for slug, spec in sorted(GAMES.items())
    for version in spec.older_rules_versions
    for n in range(spec.min_players, spec.max_players + 1)
]


@pytest.mark.parametrize(
    ("slug", "players", "version"),
    OLD_RULES_CASES,
    ids=[f"{slug}-{n}p-rules{v}" for slug, n, v in OLD_RULES_CASES],
)
def test_older_rules_versions_still_honour_the_contract(
    slug: str, players: int, version: str
) -> None:
    """A game stored under an older rules version is still played by those rules."""
    spec = GAMES[slug]
    check_playout(spec, players, f"rules-{version}-{players}", rules_version=version)
    for options in spec.variants:
        check_playout(spec, players, f"rules-{version}-{players}-v", options, version)


@pytest.mark.parametrize(("slug", "players"), CASES, ids=CASE_IDS)
def test_same_seed_same_game(slug: str, players: int) -> None:
    check_same_seed(GAMES[slug], players)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_tags_options_and_player_counts(slug: str) -> None:
    check_declaration(GAMES[slug])


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_ranks_provisionally_and_caps_its_length(slug: str) -> None:
    spec = GAMES[slug]
    assert spec.provisional_result is not None, "needed for resignation, abandonment, the cap"
    assert 500 <= spec.max_events <= 100_000


def test_the_built_in_games_are_installed() -> None:
    assert {"azul", "splendor", "carcassonne", "castles", "three_kingdoms"} <= set(GAMES)
