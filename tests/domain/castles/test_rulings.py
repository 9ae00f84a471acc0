"""Rulings the engine makes where the rulebook is silent (RULES.md, "Rulings where the
rulebook is silent"), one test each: the foyer as a corridor for rewards, favours and bonus
cards; completed corridor pieces are not completed rooms; the free corridor is compulsory
when it can be placed. The stalemate ending has its own file (test_stalemate.py); its
ranking is pinned here."""

from msgspec.structs import replace

from domain.castles import SPEC, data
from domain.castles.commands import Pass, PlaceFreeCorridor
from domain.castles.events import (
    GameEnded,
    RewardForfeited,
    RewardQueued,
    RoomCompleted,
)
from domain.castles.rules.endgame import bonus_points, completed_rooms, favor_metric
from domain.castles.rules.placement import castle_of
from domain.castles.state import Placed, Seat

from .helpers import at_buying, buy, grow, joining, of_type, then_state, when

CORRIDOR_COUNT = next(
    i for i, f in data.FAVORS.items() if f["kind"] == "type_count" and f["type"] == "corridor"
)
CORRIDOR_AREA = next(
    i for i, f in data.FAVORS.items() if f["kind"] == "type_area" and f["type"] == "corridor"
)
COMPLETED = next(i for i, f in data.FAVORS.items() if f["kind"] == "completed")
INCOMPLETE = next(i for i, f in data.FAVORS.items() if f["kind"] == "incomplete")
PER_CORRIDOR = 6
EVERY_TYPE = 19
PER_COMPLETED_ROOM = 25


def _foyer_all_but_one_entrance_joined():
    """Two hallways on the foyer: one foyer entrance left open."""
    state = at_buying(2, castles=grow(1, [(data.HALLWAY, 0), (data.HALLWAY, 0)]))
    assert not castle_of(state.seats[1].castle).complete(0)
    return state


def _completing_the_foyer(state, room: int) -> Placed:
    for p in joining(state, 1, room, 0):
        if castle_of((*state.seats[1].castle, p)).complete(0):
            return p
    raise AssertionError("no placement completes the foyer")


def test_ruling_the_foyer_is_a_corridor_room_and_its_completion_gives_the_corridor_reward():
    """Seed: "복도, 홀, 계단, 로비는 통로 공간" (hallways, halls, stairs and the foyer are
    corridor rooms), and a room is complete when all its entrances are joined: the foyer
    completes like any room and rewards like a corridor (a free stairs or hallway)."""
    state = _foyer_all_but_one_entrance_joined()
    out = buy(state, 1, 0, _completing_the_foyer(state, 4))
    assert RoomCompleted(seat=1, index=0, room_type="corridor", downstairs_count=0) in out
    assert RewardQueued(seat=1, kind="corridor", source=0) in out


def _seat(*pieces: int) -> Seat:
    castle = (Placed(data.FOYER, 0, 0, 0), *(Placed(p, 0, 0, 0) for p in pieces))
    return Seat(castle=castle)


def seat_ids(seat: Seat) -> list[int]:
    return [p.piece for p in seat.castle[1:]]


def test_ruling_king_s_favors_do_not_count_the_foyer_as_a_corridor():
    """Every castle has a foyer from the start, so counting it would hand every seat the
    corridor favors' first place for nothing: the corridor favors count stairs and hallways."""
    assert favor_metric(data.FAVORS[CORRIDOR_COUNT], _seat()) == 0
    assert favor_metric(data.FAVORS[CORRIDOR_AREA], _seat()) == 0
    assert favor_metric(data.FAVORS[CORRIDOR_COUNT], _seat(data.STAIRS, data.HALLWAY)) == 2


def test_ruling_bonus_cards_do_not_count_the_foyer_as_a_corridor():
    """Same reason: "1 per corridor" and "a room of every type" need stairs or a hallway."""
    assert bonus_points(data.BONUS_CARDS[PER_CORRIDOR], _seat()) == 0
    assert bonus_points(data.BONUS_CARDS[PER_CORRIDOR], _seat(data.HALLWAY)) == 1
    one_of_each_but_corridor = [
        next(p for p in data.PIECES.values() if p.is_room and p.type == t)
        for t in data.TYPES
        if t != "corridor"
    ]
    seat = _seat(*(p.id for p in one_of_each_but_corridor))
    assert bonus_points(data.BONUS_CARDS[EVERY_TYPE], seat) == 0
    assert bonus_points(data.BONUS_CARDS[EVERY_TYPE], _seat(*seat_ids(seat), data.STAIRS)) == 7


def test_ruling_completed_corridor_pieces_are_not_completed_rooms():
    """The completed-room favor and bonus card count room tiles (the 75 rooms): a completed
    foyer, stairs or hallway is a completed corridor piece, not a completed room (the seed's
    small-room favor leaves corridor pieces out in the same way: "계단/복도/로비는 포함하지
    않습니다"). Incomplete corridor pieces are not incomplete rooms either."""
    state = _foyer_all_but_one_entrance_joined()
    out = buy(state, 1, 3, _completing_the_foyer(state, 7))  # Powder Room: one entrance
    seat = then_state(state, out).seats[1]
    castle = castle_of(seat.castle)
    assert castle.complete(0)  # the foyer
    assert not castle.complete(1) and not castle.complete(2)  # the open hallways
    assert completed_rooms(seat) == 1  # the Powder Room only
    assert favor_metric(data.FAVORS[COMPLETED], seat) == 1
    assert favor_metric(data.FAVORS[INCOMPLETE], seat) == 0
    assert bonus_points(data.BONUS_CARDS[PER_COMPLETED_ROOM], seat) == 1


def _corridor_reward_waiting():
    builds = grow(1, [(data.STAIRS, 0)])  # stairs: light end on the foyer, dark end open
    state = at_buying(2, board=(13, 5, 6, 4, 8), castles=builds)
    for p in joining(state, 1, 13, 1):
        if castle_of((*state.seats[1].castle, p)).complete(1):
            return then_state(state, buy(state, 1, 0, p))
    raise AssertionError("no completing placement")


def test_ruling_the_free_corridor_is_compulsory_when_it_can_be_placed():
    """The seed says the player takes a free stairs or hallway and places it at once ("비용
    지불 없이 가져와 즉시 자기성에 놓습니다"), with no "may": while one can be placed, the
    only legal commands are its placements (no pass, no decline)."""
    state = _corridor_reward_waiting()
    legal = SPEC.legal_commands(state, 1)
    assert legal and all(isinstance(c, PlaceFreeCorridor) for c in legal)
    assert Pass() not in legal


def test_ruling_the_free_corridor_is_forfeited_when_none_can_be_placed():
    """Nothing to place (none left, or no legal spot): the reward is forfeited, not owed."""
    builds = grow(1, [(data.STAIRS, 0)])
    state = at_buying(2, board=(13, 5, 6, 4, 8), castles=builds, stairs=0, hallways=0)
    for p in joining(state, 1, 13, 1):
        if castle_of((*state.seats[1].castle, p)).complete(1):
            out = buy(state, 1, 0, p)
            break
    forfeited = of_type(out, RewardForfeited)
    assert forfeited and forfeited[0].kind == "corridor"
    assert not then_state(state, out).pending


def test_ruling_a_stalemate_ends_the_round_and_ranks_as_a_normal_end():
    """RULES.md, "Stalemate": at the end of a round that is not the last, with every price
    slot filled and no seat able to place any room on offer nor any stairs or hallway left,
    the game ends (reason "stalemate") and is scored and ranked exactly as a normal end:
    favors, exhausted stacks, bonus cards, marks, then the larger castle breaks a tie."""
    downstairs = (13, 14, 15, 58, 66)
    state = at_buying(2, board=downstairs, stairs=0, hallways=0, castles=grow(0, [(70, 0)]))
    for seat in (1, 0):
        out = when(state, seat, Pass())
        state = then_state(state, out)
    ended = of_type(out, GameEnded)[0]
    assert ended.reason == "stalemate"
    tied = replace(state, final=tuple(replace(f, total=50) for f in state.final))
    result = SPEC.result(tied)
    assert result.summary.startswith("stalemate")
    assert [s.seat for s in result.ranking] == [0, 1]  # seat 0's castle is larger
    assert result.ranking[0].place == 1 and result.ranking[1].place == 2


def test_ruling_the_foyer_counts_as_a_corridor_room_for_centre_symbols():
    """Same seed line: for placement scoring the foyer is a corridor room, so the Gallery of
    Mirrors (+2 per connected corridor room) joined to the foyer scores it."""
    from domain.castles.events import PlacementScored

    state = at_buying(2, board=(50, 5, 6, 7, 8))
    p = joining(state, 1, 50, 0)[0]
    scored = of_type(buy(state, 1, 0, p), PlacementScored)[0]
    assert ("Gallery of Mirrors: connected Foyer", 2) in [
        (x.reason, x.points) for x in scored.lines
    ]
