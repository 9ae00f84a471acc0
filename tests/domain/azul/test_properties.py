"""Properties over random playouts, both walls: tiles are conserved after every event, the
shared contract holds on the grey wall too, and views hide only the bag."""

from __future__ import annotations

import time

import msgspec
import pytest

from domain._kernel import Rng, playout
from domain.azul import SPEC
from domain.azul.data import COLOURS, LINE_CAPACITIES, MARKER, TILES_PER_COLOUR
from domain.azul.events import GameEnded, LineDropped
from domain.azul.options import AzulOptions
from domain.azul.state import AzulState, add, counts_of
from domain.testing import Checker

PLAYERS = (2, 3, 4)
SEEDS = [f"azul-{i}" for i in range(8)]


def tile_counts(state: AzulState) -> tuple[int, ...]:
    total = add(state.bag, state.lid)
    loose = [t for f in state.factories for t in f] + list(state.centre)
    for board in state.boards:
        loose += [t for row in board.wall for t in row if t is not None]
        loose += [line.colour for line in board.lines for _ in range(line.count)]
        loose += [t for t in board.floor if t != MARKER]
    return add(total, counts_of(loose))


def check_board_shapes(state: AzulState) -> None:
    for board in state.boards:
        assert len(board.floor) <= 7
        assert board.score >= 0
        for capacity, line in zip(LINE_CAPACITIES, board.lines, strict=True):
            assert 0 <= line.count <= capacity
    markers = sum(MARKER in b.floor for b in state.boards)
    assert markers <= 1 and not (markers and state.marker_in_centre)


@pytest.mark.parametrize("grey_wall", [False, True], ids=["coloured", "grey"])
@pytest.mark.parametrize("players", PLAYERS)
def test_every_event_conserves_twenty_tiles_of_each_colour(players, grey_wall):
    setup = SPEC.new_setup(players, AzulOptions(grey_wall=grey_wall))
    for seed in SEEDS:

        def on_step(state, seat, command, events):
            for event in events:
                state = SPEC.evolve(state, event)
                assert tile_counts(state) == (TILES_PER_COLOUR,) * len(COLOURS), event
                check_board_shapes(state)

        final, _ = playout(SPEC, setup, seed, on_step=on_step)
        assert final.phase == "over"


@pytest.mark.parametrize("players", PLAYERS)
def test_grey_wall_random_games_honour_the_shared_contract(players):
    setup = SPEC.new_setup(players, AzulOptions(grey_wall=True))
    for seed in SEEDS[:4]:
        checker = Checker(SPEC, players, seed, deep_every=3)
        final, events = playout(SPEC, setup, seed, on_step=checker)
        assert SPEC.result(final) is not None and SPEC.to_act(final) == ()
        assert any(isinstance(e, GameEnded) for e in events)
        for viewer in (None, *range(players)):
            msgspec.json.encode(SPEC.view(final, viewer))


def test_grey_wall_games_never_repeat_a_colour_in_a_row_or_column():
    dropped = 0
    for players in PLAYERS:
        for seed in SEEDS:
            setup = SPEC.new_setup(players, AzulOptions(grey_wall=True))
            final, events = playout(SPEC, setup, seed)
            dropped += sum(isinstance(e, LineDropped) for e in events)
            for board in final.boards:
                for line in (*board.wall, *zip(*board.wall, strict=True)):
                    placed = [t for t in line if t is not None]
                    assert len(placed) == len(set(placed))
    assert dropped, "random grey games should exercise unplaceable lines"


def test_the_view_shows_the_bag_size_but_not_its_contents():
    state = SPEC.initial_state(SPEC.new_setup(2))
    for event in SPEC.start(SPEC.new_setup(2), Rng("view", 0)):
        state = SPEC.evolve(state, event)
    view = msgspec.to_builtins(SPEC.view(state, 0))
    assert view["bag_size"] == 80
    assert "bag" not in view
    assert view["game"] == "azul"
    assert len(view["factories"]) == 5 and view["lid"] == dict.fromkeys(COLOURS, 0)


def test_random_playouts_are_fast():
    started = time.perf_counter()
    for seed in SEEDS:
        playout(SPEC, SPEC.new_setup(4, AzulOptions(grey_wall=True)), seed)
    assert (time.perf_counter() - started) / len(SEEDS) < 0.5


def test_the_bag_is_determined_by_public_information_so_nothing_needs_redacting():
    def on_step(state, seat, command, events):
        view = SPEC.view(state, None)
        visible = [t for f in view.factories for t in f] + list(view.centre)
        for board in view.boards:
            visible += [t for row in board.wall for t in row if t is not None]
            visible += [line.colour for line in board.lines for _ in range(line.count)]
            visible += [t for t in board.floor if t != MARKER]
        on_lid = tuple(view.lid[c] for c in COLOURS)
        deduced = tuple(TILES_PER_COLOUR - n for n in add(counts_of(visible), on_lid))
        assert deduced == state.bag and sum(deduced) == view.bag_size
        for event in events:
            assert SPEC.redact(event, 0) == event
        assert SPEC.resample_hidden(state, 0, Rng("r", 0)) == state

    playout(SPEC, SPEC.new_setup(3, AzulOptions(grey_wall=True)), "deduce", on_step=on_step)
