"""The ranking of a Three Kingdoms game as it stands, for endings outside the rules: the
end-of-game score cards computed now, with the final result's tie-breaks (gold + rice, then
Shu, Wu, Wei)."""

from __future__ import annotations

from domain._kernel import Result, rank
from domain.three_kingdoms.rules.scoring import score_cards
from domain.three_kingdoms.state import GameState


def provisional_ranking(state: GameState) -> Result:
    """Before the end (``result`` answers once the game is over)."""
    entries = [(card.seat, card.total, (card.gold_rice, card.seat)) for card in score_cards(state)]
    return Result(ranking=rank(entries), summary="provisional: score cards computed now")
