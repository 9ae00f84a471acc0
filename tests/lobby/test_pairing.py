"""The matchmaking queue's grouping (service/lobby/pairing.py), on its own."""

from __future__ import annotations

import uuid

from hypothesis import given
from hypothesis import strategies as st

from service.lobby.pairing import Waiting, Window, groups


def waiting(rating: float, waited: float = 0.0, player: uuid.UUID | None = None) -> Waiting:
    return Waiting(uuid.uuid4(), player or uuid.uuid4(), rating, waited)


def test_the_window_widens_with_the_wait_up_to_its_cap() -> None:
    window = Window(base=5, growth=1, cap=20)
    assert [window.of(t) for t in (0, 10, 100)] == [5, 15, 20]


def test_close_ratings_are_seated_together_and_far_ones_wait() -> None:
    a, b, c, d = waiting(25), waiting(26), waiting(60), waiting(61)
    tables = groups([a, b, c, d], 2, Window(base=5, growth=0, cap=5))
    assert sorted(sorted(w.rating for w in t) for t in tables) == [[25, 26], [60, 61]]
    lone = waiting(100)
    assert groups([a, lone], 2, Window(base=5, growth=0, cap=5)) == []


def test_a_long_wait_widens_the_window_enough() -> None:
    near, far = waiting(25), waiting(40, waited=120)
    assert groups([near, far], 2, Window(base=5, growth=0.1, cap=25)) != []
    assert groups([near, waiting(40)], 2, Window(base=5, growth=0.1, cap=25)) == []


def test_the_longest_waiting_is_seated_first() -> None:
    old, new1, new2 = waiting(25, waited=30), waiting(25), waiting(25)
    tables = groups([new1, new2, old], 2, Window())
    assert tables[0][0] is old


@given(
    st.lists(st.tuples(st.floats(0, 50), st.floats(0, 600), st.integers(0, 5)), max_size=40),
    st.integers(1, 5),
)
def test_nobody_twice_and_nobody_left_when_a_table_is_possible(tickets, size) -> None:
    players = [uuid.uuid4() for _ in range(6)]
    queue = [Waiting(uuid.uuid4(), players[p], r, w) for r, w, p in tickets]
    # Every rating within every window: any `size` distinct players make a table.
    tables = groups(queue, size, Window(base=100, growth=0, cap=100))
    seated = [w.ticket for t in tables for w in t]
    assert len(seated) == len(set(seated))
    assert all(len(t) == size and len({w.player for w in t}) == size for t in tables)
    left = [w for w in queue if w.ticket not in set(seated)]
    assert len({w.player for w in left}) < size
