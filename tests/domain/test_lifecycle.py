"""Endings outside the rules, for every game alike (the lifecycle kernel, domain/lifecycle/):
timeouts with auto-play and zombies, forfeits with two and more seats, resignation,
abandonment, the event cap, paused clocks. Every case also checks what the shared suite
checks of any stream: events round-trip through JSON, replay equals the incremental state,
and the same inputs give the same events (the audit re-decides from the record)."""

from __future__ import annotations

import collections

import msgspec
import pytest

from domain._kernel import DomainError, Rng
from domain.lifecycle import MATCHES, Clock, Match, MatchState, Terms
from domain.lifecycle import commands as c
from domain.lifecycle import events as e
from domain.lifecycle.playout import playout
from domain.registry import GAMES

SLUGS = sorted(GAMES)
START = 1_700_000_000_000
TURN = 1_000


def _many(match: Match) -> int:
    """A player count above two when the game has one (four at most)."""
    return min(match.max_players, 4) if match.max_players > 2 else match.max_players


def _two(match: Match) -> int:
    return 2 if match.min_players <= 2 <= match.max_players else match.min_players


def _setup(match: Match, players: int, **clock: object):
    terms = Terms(
        clock=Clock(turn_ms=TURN, **clock) if clock.get("turn_ms", 1) else None,
        started_ms=START,
        max_events=match.max_events,
    )
    return match.new_setup(players, terms=terms)


def stops(seat: int, after_ms: int = 20_000):
    """Every seat thinks up to 0.9 s; ``seat`` never acts again ``after_ms`` into the game."""

    def think(s: int, since: int) -> int | None:
        if s == seat and since - START >= after_ms:
            return None
        return Rng("think", since, str(s)).below(900)

    return think


def _kinds(events: list) -> collections.Counter:
    return collections.Counter(type(ev).__struct_config__.tag for ev in events)


def _check_stream(match: Match, setup, events: list, final: MatchState) -> None:
    wire = [msgspec.json.encode(ev) for ev in events]
    decoded = [msgspec.json.decode(w, type=match.event_type) for w in wire]
    assert decoded == events
    state = match.initial_state(setup)
    for ev in decoded:
        state = match.evolve(state, ev)
    assert msgspec.msgpack.encode(state) == msgspec.msgpack.encode(final)
    assert final.life.version == len(events)


def _play(match: Match, setup, think, seed: str = "life"):
    final, events = playout(match, setup, seed, think)
    _check_stream(match, setup, events, final)
    again = playout(match, setup, seed, think)[1]
    assert msgspec.json.encode(again) == msgspec.json.encode(events)
    return final, events


@pytest.mark.parametrize("slug", SLUGS)
def test_timeouts_auto_play_then_the_seat_is_a_zombie_until_the_game_ends(slug: str) -> None:
    match = MATCHES[slug]
    setup = _setup(match, _two(match), on_timeout="auto_play", zombie_after=3)
    final, events = _play(match, setup, stops(1))
    timeouts = [ev for ev in events if isinstance(ev, e.TurnTimedOut) and ev.seat == 1]
    # Seat 1 timed out exactly three times in a row, the third made it a zombie.
    assert [t.in_a_row for t in timeouts[-3:]] == [1, 2, 3]
    assert [t.zombie for t in timeouts[-3:]] == [False, False, True]
    assert all(t.at >= t.deadline and t.outcome == "auto_play" for t in timeouts)
    # Every timeout is followed by the bot's decision for that seat, then the game's events.
    for index, ev in enumerate(events):
        if isinstance(ev, e.TurnTimedOut):
            played = events[index + 1]
            assert isinstance(played, e.SeatAutoPlayed) and played.reason == "timeout"
            assert played.seat == ev.seat
            msgspec.convert(played.command, match.game.command_type)
    zombie_plays = [
        ev for ev in events if isinstance(ev, e.SeatAutoPlayed) and ev.reason == "zombie"
    ]
    assert zombie_plays and {ev.seat for ev in zombie_plays} == {1}
    # The game ended by its own rules, every seat ranked.
    assert final.life.ending is None
    assert match.game.result(final.rules) is not None
    assert sorted(s.seat for s in match.result(final).ranking) == list(range(setup.players))
    assert final.life.seats[1].zombie and not final.life.seats[1].left


@pytest.mark.parametrize("slug", SLUGS)
def test_a_zombie_that_rejoins_decides_for_itself_again(slug: str) -> None:
    match = MATCHES[slug]
    setup = _setup(match, _two(match), zombie_after=1)
    state = match.initial_state(setup)
    for ev in match.start(setup, Rng("z", 0)):
        state = match.evolve(state, ev)
    # Seat 1 times out (once is enough here), the others act in time.
    now = START
    while not state.life.seats[1].zombie:
        seat = match.to_act(state)[0]
        now = state.life.seats[seat].since_ms + TURN
        if seat == 1:
            new = match.decide(state, None, c.TimeOut(seat=seat), Rng("z", 1), now)
        else:
            command = match.legal_commands(state, seat)[0]
            new = match.decide(state, seat, command, Rng("z", 1), now)
        for ev in new:
            state = match.evolve(state, ev)
    assert not match.is_over(state)
    with pytest.raises(DomainError) as refused:
        match.decide(state, 1, c.Rejoin(), Rng("z", 2), None)
    assert refused.value.code == "game/time_required"
    assert 1 not in match.to_act(state)
    events = match.decide(state, 1, c.Rejoin(), Rng("z", 2), now + 5)
    assert isinstance(events[0], e.SeatRejoined)
    for ev in events:
        state = match.evolve(state, ev)
    assert not state.life.seats[1].zombie
    with pytest.raises(DomainError) as again:
        match.decide(state, 1, c.Rejoin(), Rng("z", 3), now + 6)
    assert again.value.code == "game/not_a_zombie"


@pytest.mark.parametrize("slug", SLUGS)
def test_forfeit_with_two_seats_the_other_wins(slug: str) -> None:
    match = MATCHES[slug]
    if _two(match) != 2:
        pytest.skip(f"{slug} has no two-player game")
    setup = _setup(match, 2, on_timeout="forfeit")
    final, events = _play(match, setup, stops(1, after_ms=5_000))
    assert _kinds(events)["game.turn_timed_out"] >= 1
    ended = events[-1]
    assert isinstance(ended, e.GameEnded) and ended.reason == "forfeited"
    result = match.result(final)
    assert result == ended.result
    places = {s.seat: s.place for s in result.ranking}
    loser = next(ev.seat for ev in events if isinstance(ev, e.TurnTimedOut))
    assert places[loser] == 2 and places[1 - loser] == 1
    assert match.to_act(final) == () and match.is_over(final)


@pytest.mark.parametrize("slug", SLUGS)
def test_forfeit_with_more_seats_ranks_last_and_the_rest_finish(slug: str) -> None:
    match = MATCHES[slug]
    players = _many(match)
    if players < 3:
        pytest.skip(f"{slug} has no game of three or more")
    setup = _setup(match, players, on_timeout="forfeit")

    def think(seat: int, since: int) -> int | None:
        if seat == 1 and since - START >= 10_000:
            return None
        return Rng("think", since, str(seat)).below(TURN)  # the others are always in time

    final, events = _play(match, setup, think)
    forfeits = [ev for ev in events if isinstance(ev, e.TurnTimedOut)]
    assert [(f.seat, f.outcome) for f in forfeits] == [(1, "forfeit")]
    # The forfeiting seat went on as a zombie and the game ended by its rules.
    assert any(isinstance(ev, e.SeatAutoPlayed) and ev.seat == 1 for ev in events)
    assert final.life.ending is None and match.game.result(final.rules) is not None
    ranking = match.result(final).ranking
    assert {s.seat: s.place for s in ranking}[1] == players
    assert sorted(s.place for s in ranking)[-1] == players


@pytest.mark.parametrize("slug", SLUGS)
def test_resigning_ranks_below_every_seat_that_stayed(slug: str) -> None:
    match = MATCHES[slug]
    for players in sorted({_two(match), _many(match)}):
        setup = match.new_setup(players, terms=Terms(max_events=match.max_events))
        state = match.initial_state(setup)
        events = list(match.start(setup, Rng("r", 0)))
        for ev in events:
            state = match.evolve(state, ev)
        new = match.decide(state, 0, c.Resign(reason="enough"), Rng("r", len(events)), START)
        assert isinstance(new[0], e.SeatResigned) and new[0].seat == 0
        for ev in new:
            state = match.evolve(state, ev)
        if players == 2 or players == 1:
            assert isinstance(new[-1], e.GameEnded) and match.is_over(state)
            assert {s.seat: s.place for s in match.result(state).ranking}[0] == players
            continue
        # More seats: the game goes on without seat 0, which is auto-played when to act.
        assert not match.is_over(state)
        assert 0 not in match.to_act(state)
        with pytest.raises(DomainError) as refused:
            match.decide(state, 0, c.Resign(), Rng("r", 9), START)
        assert refused.value.code == "game/seat_resigned"
        # Everyone else resigns in turn: the last seat standing wins.
        for seat in range(1, players - 1):
            for ev in match.decide(state, seat, c.Resign(), Rng("r", seat), START + seat):
                state = match.evolve(state, ev)
        ranking = {s.seat: s.place for s in match.result(state).ranking}
        assert ranking[players - 1] == 1 and ranking[0] == players
        assert ranking == {seat: players - seat for seat in range(players)}


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("with_result", [False, True])
def test_abandoning_ends_the_game_with_or_without_the_provisional_ranking(
    slug: str, with_result: bool
) -> None:
    match = MATCHES[slug]
    setup = _setup(match, _two(match))
    state = match.initial_state(setup)
    for ev in match.start(setup, Rng("a", 0)):
        state = match.evolve(state, ev)
    events = match.decide(
        state, None, c.Abandon(reason="server moved", with_result=with_result), Rng("a", 1), START
    )
    assert [type(ev) for ev in events] == [e.GameAbandoned]
    state = match.evolve(state, events[0])
    assert match.is_over(state) and match.to_act(state) == ()
    result = match.result(state)
    if with_result:
        assert result == match.game.provisional_result(state.rules)
    else:
        assert result is None
    with pytest.raises(DomainError) as over:
        match.decide(state, None, c.Abandon(reason="again"), Rng("a", 2), START)
    assert over.value.code == "game_over"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_event_cap_ends_a_game_with_the_provisional_ranking(slug: str) -> None:
    match = MATCHES[slug]
    setup = match.new_setup(_two(match), terms=Terms(max_events=60))
    final, events = _play(match, setup, lambda seat, since: 10)
    assert isinstance(events[-1], e.GameAbandoned)
    assert events[-1].reason == "event_cap" and events[-1].by == "kernel"
    assert 60 <= len(events) < 60 + 40  # one decision's events past the cap at most
    assert match.result(final) == events[-1].result is not None


@pytest.mark.parametrize("slug", SLUGS)
def test_a_timeout_before_the_deadline_is_refused(slug: str) -> None:
    match = MATCHES[slug]
    setup = _setup(match, _two(match), bank_ms=500)
    state = match.initial_state(setup)
    for ev in match.start(setup, Rng("t", 0)):
        state = match.evolve(state, ev)
    seat = match.to_act(state)[0]
    due = START + TURN + 500
    with pytest.raises(DomainError) as early:
        match.decide(state, None, c.TimeOut(seat=seat), Rng("t", 1), due - 1)
    assert early.value.code == "game/timeout_before_deadline"
    waiting = [s for s in range(setup.players) if s not in match.to_act(state)]
    for other in waiting:  # (some games start with every seat to act)
        with pytest.raises(DomainError) as idle:
            match.decide(state, None, c.TimeOut(seat=other), Rng("t", 1), due + 10_000)
        assert idle.value.code == "game/not_deciding"
    events = match.decide(state, None, c.TimeOut(seat=seat), Rng("t", 1), due)
    assert events[0] == e.TurnTimedOut(
        seat=seat, deadline=due, at=due, outcome="auto_play", in_a_row=1, zombie=False
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_paused_clocks_have_no_deadline_and_resume_with_a_fresh_turn(slug: str) -> None:
    match = MATCHES[slug]
    setup = _setup(match, _two(match), bank_ms=2_000)
    state = match.initial_state(setup)
    for ev in match.start(setup, Rng("p", 0)):
        state = match.evolve(state, ev)
    seat = match.to_act(state)[0]
    paused = match.decide(state, None, c.PauseClocks(reason="lunch"), Rng("p", 1), START + 500)
    assert isinstance(paused[0], e.ClocksPaused) and paused[-1].deciding == ()
    for ev in paused:
        state = match.evolve(state, ev)
    with pytest.raises(DomainError) as refused:
        match.decide(state, None, c.TimeOut(seat=seat), Rng("p", 2), START + 99_000)
    assert refused.value.code == "game/clocks_paused"
    resumed = match.decide(state, None, c.ResumeClocks(), Rng("p", 3), START + 60_000)
    assert resumed[-1].deciding == tuple(
        e.Deciding(seat=s, since=START + 60_000, deadline=START + 60_000 + TURN + 2_000)
        for s in match.to_act(state)
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_the_bank_pays_for_time_over_the_turn(slug: str) -> None:
    match = MATCHES[slug]
    setup = _setup(match, _two(match), bank_ms=3_000)
    state = match.initial_state(setup)
    for ev in match.start(setup, Rng("b", 0)):
        state = match.evolve(state, ev)
    seat = match.to_act(state)[0]
    command = match.legal_commands(state, seat)[0]
    events = match.decide(state, seat, command, Rng("b", 1), START + TURN + 1_200)
    clocks = events[-1]
    assert isinstance(clocks, e.ClocksSet) and clocks.acted == seat
    assert clocks.banks[seat] == 1_800
    assert all(bank == 3_000 for other, bank in enumerate(clocks.banks) if other != seat)


def _first_timeout(match: Match, auto_play: str):
    """A fresh clocked game whose first seat times out: (state, seat, due, the events)."""
    terms = Terms(clock=Clock(turn_ms=TURN), started_ms=START, auto_play=auto_play)
    setup = match.new_setup(_two(match), terms=terms)
    state = match.initial_state(setup)
    for ev in match.start(setup, Rng("auto", 0)):
        state = match.evolve(state, ev)
    seat = match.to_act(state)[0]
    due = START + TURN
    return state, seat, match.decide(state, None, c.TimeOut(seat=seat), Rng("auto", 1), due)


@pytest.mark.parametrize("slug", SLUGS)
def test_auto_play_plays_the_terms_policy_from_the_seats_view(slug: str) -> None:
    from domain.bots import Budget, decide_for

    match = MATCHES[slug]
    state, seat, events = _first_timeout(match, "greedy")
    played = events[1]
    assert isinstance(played, e.SeatAutoPlayed) and played.seat == seat
    bot_rng = Rng("auto", 1).fork("timeout").fork("bot")
    expected = decide_for("greedy", match.game, state.rules, seat, bot_rng, Budget())
    assert played.command == msgspec.to_builtins(expected)
    # Deterministic: the audit re-decides the same command.
    again = match.decide(state, None, c.TimeOut(seat=seat), Rng("auto", 1), START + TURN)
    assert msgspec.json.encode(again) == msgspec.json.encode(events)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_game_from_before_auto_play_policies_keeps_its_uniform_random_pick(slug: str) -> None:
    """Terms without ``auto_play`` (every game stored before policies): the same uniform pick
    as then, so old records replay and audit as they were."""
    match = MATCHES[slug]
    state, seat, events = _first_timeout(match, "")
    legal = match.game.legal_commands(state.rules, seat)
    expected = Rng("auto", 1).fork("timeout").fork("bot").choice(legal)
    assert events[1].command == msgspec.to_builtins(expected)
    # The terms as stored then decode to the old behaviour.
    stored = msgspec.json.encode(state.life.terms)
    assert b'"auto_play":' not in stored
    assert msgspec.json.decode(stored, type=Terms).auto_play == ""


def test_auto_play_is_only_a_cheap_policy() -> None:
    match = MATCHES[SLUGS[0]]
    with pytest.raises(DomainError):
        match.new_setup(_two(match), terms=Terms(auto_play="mcts"))


def test_auto_played_marks_the_events_the_kernels_bot_played() -> None:
    """For ``played_by``: a batch's ``game.seat_auto_played`` events and the game's events
    after each, not the person's move before nor the lifecycle's events around them."""
    from tests.domain.toy import game as toy

    timeout = e.TurnTimedOut(seat=1, deadline=5, at=6, outcome="auto_play", in_a_row=1)
    batch = [
        toy.Passed(seat=0),  # a person's move
        timeout,
        e.SeatAutoPlayed(seat=1, reason="timeout", command={"type": "toy.draw"}),
        toy.CardDrawn(seat=1, card=3),
        e.SeatAutoPlayed(seat=0, reason="zombie", command={"type": "toy.pass"}),
        toy.Passed(seat=0),
        e.ClocksSet(at=6, banks=(0, 0)),
    ]
    assert e.auto_played(batch) == [False, False, True, True, True, True, False]
    assert e.auto_played([]) == []
