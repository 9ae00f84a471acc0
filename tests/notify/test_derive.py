"""What a game's events mean for its registered players (service/notify/derive.py), without
a database."""

from __future__ import annotations

import uuid

from service.notify.derive import After, derive, steps

GAME = uuid.uuid4()
ANN, BOB = uuid.uuid4(), uuid.uuid4()
PLAYERS = {0: ANN, 1: BOB}


def kinds(drafts):
    return [(d.kind, d.version, d.player_id or d.tournament_id) for d in drafts]


def test_creation_starts_the_game_and_tells_the_first_seat_its_turn():
    events = [After(1, "c0", None, (0,), False), After(2, "c0", None, (0,), False)]
    drafts = derive(GAME, "azul", ((), False), events, PLAYERS)
    assert kinds(drafts) == [
        ("game_started", 2, ANN),
        ("game_started", 2, BOB),
        ("your_turn", 2, ANN),
    ]
    assert drafts[-1].data == {"game": "azul", "to_act": [0], "seat": 0}


def test_a_move_passes_the_turn_once_per_command():
    events = [
        After(3, "c1", 0, (0,), False),
        After(4, "c1", 0, (1,), False),
        After(5, "c2", 1, (0,), False),
    ]
    drafts = derive(GAME, "azul", ((0,), False), events, PLAYERS)
    assert kinds(drafts) == [("your_turn", 4, BOB), ("your_turn", 5, ANN)]


def test_a_seat_that_acts_again_is_told_but_a_waiting_seat_is_not_told_twice():
    # Seats 0 and 1 both to act (simultaneous); seat 0 acts and stays to act.
    events = [After(7, "c", 0, (0, 1), False)]
    drafts = derive(GAME, "azul", ((0, 1), False), events, PLAYERS)
    assert kinds(drafts) == [("your_turn", 7, ANN)]


def test_the_end_goes_to_every_player_and_the_tournament_and_no_turn_after_it():
    tournament = uuid.uuid4()
    link = {"tournament": str(tournament), "table_id": "r1t1"}
    events = [After(9, "c", 1, (), True)]
    drafts = derive(GAME, "azul", ((1,), False), events, PLAYERS, link)
    assert kinds(drafts) == [
        ("game_ended", 9, ANN),
        ("game_ended", 9, BOB),
        ("game_ended", 9, tournament),
    ]
    assert drafts[-1].data["table_id"] == "r1t1"
    # Already over before: nothing again.
    assert derive(GAME, "azul", ((), True), [After(10, "d", None, (), True)], PLAYERS) == []


def test_a_tournament_table_is_a_round_paired_for_its_players_and_the_tournament():
    tournament = uuid.uuid4()
    link = {"tournament": str(tournament), "table_id": "r2t3"}
    drafts = derive(GAME, "azul", ((), False), [After(1, "c", None, (1,), False)], {1: BOB}, link)
    assert kinds(drafts) == [
        ("game_started", 1, BOB),
        ("round_paired", 1, BOB),
        ("round_paired", 1, tournament),
        ("your_turn", 1, BOB),
    ]


def test_anonymous_seats_get_nothing_and_keys_are_stable():
    events = [After(1, "c", None, (0,), False), After(2, "d", 0, (1,), False)]
    assert derive(GAME, "azul", ((), False), events, {}) == []
    first = derive(GAME, "azul", ((), False), events, PLAYERS)
    again = derive(GAME, "azul", ((), False), events, PLAYERS)
    assert [d.key for d in first] == [d.key for d in again]
    assert len({d.key for d in first}) == len(first)


def test_steps_group_by_command():
    events = [
        After(1, "a", None, (), False),
        After(2, "a", None, (), False),
        After(3, None, None, (), False),
        After(4, None, None, (), False),
        After(5, "b", 0, (), False),
    ]
    assert [[e.version for e in step] for step in steps(events)] == [[1, 2], [3], [4], [5]]
