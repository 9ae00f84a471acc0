"""Taking different colours when fewer than three colours are left (RULES.md, "A turn",
1. Take gems; rules version 2): one of each colour left, never fewer; the 10-token limit
still applies afterwards. Rules version 1 (any 1 or 2 of the colours left) is kept for the
games stored under it."""

from __future__ import annotations

from domain.splendor.commands import ReturnTokens, TakeGems
from domain.splendor.events import GemsTaken, ReturnRequired, TokensReturned

from .support import SPEC, gems, given, refused, set_up, types, when, wire


def takes(state, seat: int = 0) -> set[bytes]:
    return {wire(c) for c in SPEC.legal_commands(state, seat) if isinstance(c, TakeGems)}


def only_red_and_black_left(players: int = 2, **held: int):
    """Seat 1 holds every white, blue and green gem; seat 0 holds ``held``."""
    count = {2: 4, 3: 5, 4: 7}[players]
    return given(
        set_up(),
        gems(1, white=count, blue=count, green=count),
        gems(0, **held),
        players=players,
    )


def test_rulebook_take_gems_with_two_colours_left_takes_both() -> None:
    state = only_red_and_black_left()
    assert takes(state) == {
        wire(TakeGems(red=1, black=1)),
        wire(TakeGems(red=2)),
        wire(TakeGems(black=2)),
    }
    assert when(state, 0, TakeGems(red=1, black=1))[0] == GemsTaken(seat=0, gems=(0, 0, 0, 1, 1))
    assert refused(state, 0, TakeGems(red=1)) == "splendor/take_every_colour_left"
    assert refused(state, 0, TakeGems(black=1)) == "splendor/take_every_colour_left"


def test_rulebook_take_gems_with_one_colour_left_takes_that_one() -> None:
    # Red gone too: only black is left, 4 of it (so two alike are possible as well).
    state = only_red_and_black_left(red=4)
    assert takes(state) == {wire(TakeGems(black=1)), wire(TakeGems(black=2))}
    assert when(state, 0, TakeGems(black=1))[0] == GemsTaken(seat=0, gems=(0, 0, 0, 0, 1))
    # With only 3 black left, the single black gem is the only take.
    fewer = only_red_and_black_left(red=4, black=1)
    assert takes(fewer) == {wire(TakeGems(black=1))}


def test_rulebook_take_gems_with_no_colour_left_offers_no_take() -> None:
    state = only_red_and_black_left(red=4, black=4)
    assert state.supply[:5] == (0, 0, 0, 0, 0)
    assert takes(state) == set()
    assert refused(state, 0, TakeGems(red=1)) == "splendor/colour_exhausted"


def test_rulebook_token_limit_after_taking_every_colour_left() -> None:
    """Holding 9 with two colours left: both are taken (11), then one token goes back; a
    take is never cut short to stay within ten."""
    state = only_red_and_black_left(players=4, red=5, black=4)
    assert sum(state.seats[0].tokens) == 9
    assert wire(TakeGems(red=1)) not in takes(state)
    events = when(state, 0, TakeGems(red=1, black=1))
    assert types(events) == ["GemsTaken", "ReturnRequired"]
    assert events[1] == ReturnRequired(seat=0, count=1)


def test_rulebook_token_limit_may_return_the_gems_just_taken() -> None:
    state = only_red_and_black_left(players=4, red=5, black=5)
    assert sum(state.seats[0].tokens) == 10
    taken = when(state, 0, TakeGems(red=1, black=1))
    after = given(
        set_up(),
        gems(1, white=7, blue=7, green=7),
        gems(0, red=5, black=5),
        *taken,
        players=4,
    )
    assert after.must_return == 2
    back = when(after, 0, ReturnTokens(red=1, black=1))
    assert back[0] == TokensReturned(seat=0, tokens=(0, 0, 0, 1, 1, 0))


def test_rules_version_1_games_keep_taking_fewer_colours() -> None:
    """Games stored under rules version 1 keep its reading: any 1 or 2 of the colours left."""
    state = given(set_up(), gems(1, white=4, blue=4, green=4), rules_version="1")
    assert state.rules_version == "1"
    assert takes(state) == {
        wire(TakeGems(red=1)),
        wire(TakeGems(black=1)),
        wire(TakeGems(red=1, black=1)),
        wire(TakeGems(red=2)),
        wire(TakeGems(black=2)),
    }
    assert when(state, 0, TakeGems(black=1))[0] == GemsTaken(seat=0, gems=(0, 0, 0, 0, 1))
    assert given(set_up()).rules_version == SPEC.rules_version == "2"
