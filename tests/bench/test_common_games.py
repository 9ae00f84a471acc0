"""Comparisons of checkouts play the games every checkout serves (bench/_common.py)."""

from pathlib import Path

from bench._common import REPO, common_games, games_of
from domain.registry import GAMES


def _old_tree(root: Path, games: list[str]) -> Path:
    # The layout before domain/registry.py: GAMES in domain/__init__.py.
    (root / "domain").mkdir()
    (root / "domain" / "__init__.py").write_text(f"GAMES = dict.fromkeys({games!r})\n")
    return root


def test_a_checkout_answers_with_its_own_registry(tmp_path):
    assert games_of(REPO) == set(GAMES)
    assert games_of(_old_tree(tmp_path, ["azul", "chess"])) == {"azul", "chess"}


def test_a_game_one_tree_lacks_is_left_out_of_the_comparison(tmp_path):
    # 268919e had no Hearts: its creations failed and its clients played the other games.
    old = _old_tree(tmp_path, sorted(set(GAMES) - {"hearts"}))
    assert "hearts" in GAMES
    assert common_games([old, REPO]) == sorted(set(GAMES) - {"hearts"})
    assert common_games([REPO]) == sorted(GAMES)
