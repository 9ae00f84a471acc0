"""What happens after the action: returning tokens, nobles, passing, the end and ranking."""

from __future__ import annotations

import msgspec

from domain.splendor.commands import (
    BuyCard,
    ChooseNoble,
    Pass,
    ReserveCard,
    ReturnTokens,
    TakeGems,
)
from domain.splendor.data import CARDS
from domain.splendor.events import (
    GameEnded,
    NobleChoiceOffered,
    NobleVisited,
    Passed,
    ReturnRequired,
    TokensReturned,
    TurnEnded,
)

from .support import (
    SPEC,
    cards_where,
    gems,
    given,
    owns,
    refused,
    reserved,
    set_up,
    turn,
    types,
    when,
)

WHITE = cards_where(1, lambda c: c.bonus == "white")
BLUE = cards_where(1, lambda c: c.bonus == "blue")
BLACK = cards_where(1, lambda c: c.bonus == "black")


# --- token limit ----------------------------------------------------------------------------


def test_return_down_to_ten_including_just_taken_tokens() -> None:
    history = [set_up(), gems(0, white=2, blue=2, green=2, red=2, black=1)]
    state = given(*history)
    events = when(state, 0, TakeGems(white=1, blue=1, black=1))
    assert events[1:] == (ReturnRequired(seat=0, count=2),)
    pending = given(*history, *events)
    assert pending.seats[0].tokens == (3, 3, 2, 2, 2, 0)
    assert SPEC.to_act(pending) == (0,)
    returns = SPEC.legal_commands(pending, 0)
    assert all(isinstance(c, ReturnTokens) for c in returns)
    assert len(returns) == 15  # two tokens out of five colours held, gold none
    assert ReturnTokens(white=2) in returns  # both just-taken white tokens may go back
    assert refused(pending, 0, ReturnTokens(white=1)) == "splendor/return_to_ten"
    assert refused(pending, 0, ReturnTokens(gold=2)) == "splendor/not_held"
    assert refused(pending, 0, TakeGems(green=2)) == "splendor/return_pending"
    assert refused(pending, 1, ReturnTokens(white=2)) == "not_your_turn"
    done = when(pending, 0, ReturnTokens(white=1, black=1))
    assert done == (
        TokensReturned(seat=0, tokens=(1, 0, 0, 0, 1, 0)),
        TurnEnded(seat=0, next_seat=1, final_round=False),
    )
    final = given(*history, *events, *done)
    assert sum(final.seats[0].tokens) == 10
    assert final.supply == (2, 1, 2, 2, 3, 5)


def test_gold_from_a_reserve_counts_towards_the_limit() -> None:
    history = [set_up(), gems(0, white=2, blue=2, green=2, red=2, black=2)]
    events = when(given(*history), 0, ReserveCard(level=1, slot=0))
    assert events[-1] == ReturnRequired(seat=0, count=1)
    pending = given(*history, *events)
    assert ReturnTokens(gold=1) in SPEC.legal_commands(pending, 0)
    assert refused(pending, 0, ReturnTokens()) == "splendor/return_to_ten"


def test_returning_is_refused_when_nothing_is_pending() -> None:
    assert refused(given(set_up()), 0, ReturnTokens()) == "splendor/nothing_to_return"


# --- nobles -------------------------------------------------------------------------------


def _noble_history(board_card: int, nobles=(1, 3, 6)) -> list:
    """Seat 0 owns four white-bonus cards, three blue and four black, and can buy the
    blue-bonus card in level-1 slot 0."""
    owned = [owns(0, c, points=0) for c in (*WHITE[4:8], *BLUE[4:7], *BLACK[4:8])]
    cost = CARDS[board_card].cost
    return [
        set_up(board={1: [board_card, 1, 2, 3]}, nobles=nobles),
        *owned,
        gems(0, **dict(zip(("white", "blue", "green", "red", "black"), cost, strict=True))),
    ]


def test_a_noble_visits_automatically_at_the_end_of_the_turn() -> None:
    state = given(*_noble_history(BLUE[0]))
    events = when(state, 0, BuyCard(level=1, slot=0))
    assert types(events) == ["CardBought", "NobleVisited", "TurnEnded"]
    assert events[1] == NobleVisited(seat=0, noble=1, points=3)
    after = given(*_noble_history(BLUE[0]), *events)
    assert after.seats[0].points == 3 + CARDS[BLUE[0]].points
    assert 1 not in after.nobles and after.seats[0].nobles == (1,)


def test_tokens_never_attract_a_noble() -> None:
    state = given(set_up(nobles=(1, 2, 3)), gems(0, white=4, blue=4))
    assert types(when(state, 0, TakeGems(green=1, red=1, black=1))) == [
        "GemsTaken",
        "ReturnRequired",
    ]
    assert types(when(given(set_up()), 0, TakeGems(green=2))) == ["GemsTaken", "TurnEnded"]


def test_one_noble_per_turn_and_the_player_chooses_among_several() -> None:
    history = _noble_history(BLUE[0], nobles=(1, 2, 6))
    events = when(given(*history), 0, BuyCard(level=1, slot=0))
    assert events[1:] == (NobleChoiceOffered(seat=0, nobles=(1, 2)),)
    history += events
    pending = given(*history)
    assert SPEC.legal_commands(pending, 0) == [ChooseNoble(noble=1), ChooseNoble(noble=2)]
    assert refused(pending, 0, ChooseNoble(noble=6)) == "splendor/noble_not_offered"
    assert refused(pending, 0, TakeGems(green=2)) == "splendor/noble_choice_pending"
    chosen = when(pending, 0, ChooseNoble(noble=2))
    assert chosen == (
        NobleVisited(seat=0, noble=2, points=3),
        TurnEnded(seat=0, next_seat=1, final_round=False),
    )
    history += [*chosen, *when(given(*history, *chosen), 1, TakeGems(green=2))]
    # Still qualifying for noble 1: it visits at the end of seat 0's next turn.
    later = when(given(*history), 0, TakeGems(red=1, green=1, black=1))
    assert later[1] == NobleVisited(seat=0, noble=1, points=3)


def test_choosing_a_noble_is_refused_when_no_choice_is_pending() -> None:
    assert refused(given(set_up()), 0, ChooseNoble(noble=1)) == "splendor/no_noble_choice"


# --- passing ------------------------------------------------------------------------------

COSTLY_L1 = cards_where(1, lambda c: max(c.cost) >= 3)[:4]


def _stuck_history(both: bool) -> list:
    """No gems left, seat 0 (and seat 1 if ``both``) holding three reserved cards, ten
    tokens, no gold, and nothing affordable: every card costs three of some colour."""
    history = [
        set_up(board={1: COSTLY_L1}),
        gems(0, white=2, blue=2, green=2, red=2, black=2),
        gems(1, white=2, blue=2, green=2, red=2, black=2),
        *(reserved(0, card, gold=0) for card in (80, 81, 82)),
    ]
    if both:
        history += [reserved(1, card, gold=0) for card in (83, 84, 85)]
    return history


def test_a_player_with_no_possible_action_passes() -> None:
    state = given(*_stuck_history(both=False))
    assert SPEC.legal_commands(state, 0) == [Pass()]
    assert refused(state, 0, TakeGems(white=1)) == "splendor/colour_exhausted"
    events = when(state, 0, Pass())
    assert events == (Passed(seat=0), TurnEnded(seat=0, next_seat=1, final_round=False))
    assert Pass() not in SPEC.legal_commands(given(*_stuck_history(False), *events), 1)


def test_passing_is_refused_while_an_action_is_possible() -> None:
    assert refused(given(set_up()), 0, Pass()) == "splendor/must_act"


def test_a_full_round_of_passes_ends_the_game() -> None:
    history = _stuck_history(both=True)
    history += when(given(*history), 0, Pass())
    events = when(given(*history), 1, Pass())
    assert events[-1] == GameEnded(reason="stalemate", scores=(0, 0))
    final = given(*history, *events)
    assert SPEC.to_act(final) == ()
    assert [s.place for s in SPEC.result(final).ranking] == [1, 1]


# --- the end ------------------------------------------------------------------------------


def test_reaching_fifteen_finishes_the_round_so_all_have_equal_turns() -> None:
    one_point = cards_where(1, lambda c: c.points == 1)[0]
    cost = dict(zip(("white", "blue", "green", "red", "black"), CARDS[one_point].cost, strict=True))
    history = [
        set_up(board={1: [one_point, 1, 2, 3]}),
        owns(1, 80, points=14),
        gems(1, **cost),
        turn(0, players=3),
    ]
    events = when(given(*history, players=3), 1, BuyCard(level=1, slot=0))
    assert events[-1] == TurnEnded(seat=1, next_seat=2, final_round=True)
    history += events
    state = given(*history, players=3)
    assert SPEC.to_act(state) == (2,) and SPEC.result(state) is None
    last = when(state, 2, TakeGems(white=1, blue=1, green=1))
    assert last[-2:] == (
        TurnEnded(seat=2, next_seat=0, final_round=True),
        GameEnded(reason="points", scores=(0, 15, 0)),
    )
    final = given(*history, *last, players=3)
    assert SPEC.to_act(final) == ()
    assert SPEC.result(final).ranking[0].seat == 1


def test_the_first_player_reaching_fifteen_lets_everyone_else_play() -> None:
    history = [set_up(), owns(0, 80, points=15)]
    events = when(given(*history, players=3), 0, TakeGems(white=1, blue=1, green=1))
    assert events[-1] == TurnEnded(seat=0, next_seat=1, final_round=True)
    history += events
    events = when(given(*history, players=3), 1, TakeGems(white=1, blue=1, green=1))
    assert types(events) == ["GemsTaken", "TurnEnded"]


# --- ranking ------------------------------------------------------------------------------


def _finished(*history, players: int = 2, tie_breaks: str = "official"):
    state = given(set_up(), *history, players=players, tie_breaks=tie_breaks)
    ended = GameEnded(reason="points", scores=tuple(s.points for s in state.seats))
    return SPEC.result(given(set_up(), *history, ended, players=players, tie_breaks=tie_breaks))


def _places(result) -> dict[int, int]:
    return {s.seat: s.place for s in result.ranking}


def test_official_tie_break_fewer_development_cards() -> None:
    history = [owns(0, 80, points=15), owns(1, 81, points=10), owns(1, 82, points=5)]
    result = _finished(*history)
    assert _places(result) == {0: 1, 1: 2}
    assert result.ranking[0].tiebreak == (-1,)


def test_official_tie_break_leaves_equal_card_counts_sharing_the_place() -> None:
    result = _finished(owns(0, 80, points=15), owns(1, 81, points=15), gems(1, red=2))
    assert _places(result) == {0: 1, 1: 1}


def test_points_decide_before_any_tie_break() -> None:
    result = _finished(owns(0, 80, points=15), owns(1, 81, points=10), owns(1, 82, points=6))
    assert _places(result) == {1: 1, 0: 2}


def test_tournament_tie_breaks_cards_then_nobles_then_tokens_then_later_seat() -> None:
    base = [owns(0, 80, points=12), owns(1, 81, points=12)]
    # Fewer cards first.
    fewer = _finished(owns(0, 80, points=15), owns(1, 81, points=14), owns(1, 82, points=1),
                      tie_breaks="tournament")  # fmt: skip
    assert _places(fewer) == {0: 1, 1: 2}
    # Same cards: more nobles.
    noble_tie = _finished(
        owns(0, 80, points=12),
        owns(1, 81, points=15),
        NobleVisited(seat=0, noble=1, points=3),
        tie_breaks="tournament",
    )
    assert _places(noble_tie) == {0: 1, 1: 2}
    # Same cards and nobles: more tokens left.
    tokens = _finished(*base, owns(0, 82, points=3), owns(1, 83, points=3), gems(0, red=1),
                       tie_breaks="tournament")  # fmt: skip
    assert _places(tokens) == {0: 1, 1: 2}
    # Everything equal: the later player in turn order.
    later = _finished(*base, tie_breaks="tournament")
    assert _places(later) == {1: 1, 0: 2}
    assert later.ranking[0].tiebreak == (-1, 0, 0, 1)
    # The same position under the official rule is a shared first place.
    assert _places(_finished(*base)) == {0: 1, 1: 1}


def test_result_encodes() -> None:
    result = _finished(owns(0, 80, points=15))
    assert msgspec.json.decode(msgspec.json.encode(result))["ranking"][0]["seat"] == 0
