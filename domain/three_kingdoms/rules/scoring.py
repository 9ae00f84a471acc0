"""End conditions and final scoring."""

from __future__ import annotations

from domain.three_kingdoms.rules.common import cat_of, metric
from domain.three_kingdoms.state import GameState, ScoreCard


def end_reason(state: GameState) -> str:
    """Why the game ends after this round's resolution, or "" if it goes on."""
    pack = cat_of(state).pack
    top = pack.tracks.development_max
    players = state.players
    if any(p.office >= len(pack.tracks.offices) - 1 for p in players):
        return "emperor"
    if any(p.farm_level >= top and p.market_level >= top for p in players):
        return "development"
    if any(len(p.occupying) >= 5 for p in players):
        return "fifth_general"
    if state.round >= pack.rounds:
        return "last_round"
    return ""


def rank_points(values: list[int], seat: int, table: tuple[int, ...]) -> int:
    """sole 1st, shared 1st, sole 2nd, shared 2nd, 3rd (5/3/2/1/0 in the standard pack)."""
    mine = values[seat]
    above = sum(1 for v in values if v > mine)
    shared = sum(1 for v in values if v == mine) > 1
    if above == 0:
        return table[1] if shared else table[0]
    if above == 1:
        return table[3] if shared else table[2]
    return table[4]


def border_points(results: list[str], table: tuple[int, ...]) -> int:
    """Two border results (w/d/l) -> points: 2 wins, win+draw, win+loss or 2 draws,
    draw+loss, 2 losses."""
    wins, draws = results.count("w"), results.count("d")
    if wins == 2:
        return table[0]
    if wins == 1 and draws == 1:
        return table[1]
    if (wins == 1) or draws == 2:
        return table[2]
    if draws == 1:
        return table[3]
    return table[4]


def border_results(state: GameState, seat: int) -> list[str]:
    cat = cat_of(state)
    results = []
    for border in cat.borders_of[seat]:
        a, b = cat.border_seats[border]
        other = b if a == seat else a
        mine = sum(1 for o in state.occupations if o.border == border and o.seat == seat)
        theirs = sum(1 for o in state.occupations if o.border == border and o.seat == other)
        results.append("w" if mine > theirs else "d" if mine == theirs else "l")
    return results


def development_points(state: GameState, seat: int) -> int:
    cat = cat_of(state)
    total = 0
    for card_id in state.players[seat].built:
        card = cat.developments[card_id]
        total += card.vp
        bonus = card.end_bonus
        if bonus is not None:
            value = metric(state, seat, bonus.metric)
            if bonus.mode == "threshold":
                total += bonus.vp if value >= bonus.threshold else 0
            else:
                gained = value * bonus.vp
                total += min(gained, bonus.cap) if bonus.cap else gained
    return total


def deficit_points(state: GameState, seat: int) -> int:
    """Scoring line 9: the sum of the values of the seat's deficit tokens. Tokens drawn from
    the valued pool count their value; any others (no pool in the pack, or the pool ran out)
    are worth the pack's ``deficit_vp``."""
    player = state.players[seat]
    unvalued = max(player.deficits - len(player.deficit_values), 0)
    return sum(player.deficit_values) + unvalued * cat_of(state).pack.tracks.deficit_vp


def score_cards(state: GameState) -> tuple[ScoreCard, ...]:
    pack = cat_of(state).pack
    tracks = pack.tracks
    players = state.players
    seats = range(len(players))
    development = [p.farm_level + p.market_level for p in players]
    tribe_support = [p.tribe + p.support for p in players]
    offices = [p.office for p in players]
    cards = []
    for seat in seats:
        p = players[seat]
        tribe_vp = max((t.vp for t in tracks.tribe_vp if p.tribe >= t.level), default=0)
        card = ScoreCard(
            seat=seat,
            military=p.military,
            borders=border_points(border_results(state, seat), tracks.border_vp),
            border_tokens=sum(p.granary_borders) + sum(p.treasury_borders),
            development=rank_points(development, seat, tracks.rank_vp),
            tribe=tribe_vp,
            tribe_rank=rank_points(tribe_support, seat, tracks.rank_vp),
            office=tracks.offices[p.office].vp,
            office_rank=rank_points(offices, seat, tracks.rank_vp),
            han_token=tracks.han_token_vp if state.han_holder == seat else 0,
            developments=development_points(state, seat),
            deficits=deficit_points(state, seat),
            gold_rice=p.gold + p.rice,
        )
        total = (
            card.military
            + card.borders
            + card.border_tokens
            + card.development
            + card.tribe
            + card.tribe_rank
            + card.office
            + card.office_rank
            + card.han_token
            + card.developments
            + card.deficits
        )
        cards.append(ScoreCard(**{**_fields(card), "total": total}))
    return tuple(cards)


def _fields(card: ScoreCard) -> dict:
    return {name: getattr(card, name) for name in card.__struct_fields__}
