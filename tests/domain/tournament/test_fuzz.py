"""Arbitrary command sequences: decide either returns events or raises DomainError (never
anything else), and the fold of the events always equals the incremental state."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain._kernel import DomainError, Rng
from domain.tournament import commands as c
from domain.tournament.events import Placement
from tests.domain.tournament.sim import Sim

CONFIGS = {
    "round_robin": {},
    "swiss": dict(rounds=3),
    "swiss_tables": dict(format="swiss", table_size=4, max_players=4, rounds=3),
    "single_elimination": {},
    "double_elimination": {},
    "table_elimination": dict(table_size=3, max_players=4),
    "championship": dict(table_size=4, max_players=4),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@pytest.mark.parametrize("name", sorted(CONFIGS))
@given(data=st.data(), n=st.integers(0, 9))
def test_arbitrary_commands_only_raise_domain_errors(name: str, data, n: int) -> None:
    config = dict(CONFIGS[name])
    config.setdefault("format", name)
    sim = Sim(n, seed="fuzz", **config)
    for step in range(60):
        tables = [t for r in sim.state.rounds for t in r.tables]
        table = data.draw(st.sampled_from(tables)) if tables else None
        table_id = table.table_id if table else "r1t1"
        ids = list(table.players) if table else [1, 2]
        kind = data.draw(st.integers(0, 9))
        rng = Rng("fuzz", step)
        if kind == 0:
            command = c.StartTournament()
        elif kind == 1:
            command = c.WithdrawPlayer(player_id=data.draw(st.integers(-1, n + 1)))
        elif kind == 2:
            command = c.RegisterPlayer(name=data.draw(st.sampled_from(["A", "B", " ", "P1"])))
        elif kind == 3:
            command = c.AttachGame(table_id=table_id, game_id=data.draw(st.sampled_from(["", "g"])))
        else:
            order = rng.shuffled(ids)
            if data.draw(st.booleans()):
                order = order[:-1] or order
            places = [1]
            for _ in order[1:]:
                places.append(data.draw(st.sampled_from([places[-1], len(places) + 1, 0, 7])))
            placements = tuple(
                Placement(player_id=p, place=pl, score=rng.below(9))
                for p, pl in zip(order, places, strict=True)
            )
            if kind <= 6:
                command = c.RecordResult(table_id=table_id, placements=placements)
            elif kind <= 8:
                command = c.CorrectResult(table_id=table_id, placements=placements)
            else:
                command = c.ResolveTable(table_id=table_id, placements=placements, reason="x")
        try:
            sim.do(command)
        except DomainError as err:
            assert err.code.startswith("tournament/")
    assert sim.replayed() == sim.state
