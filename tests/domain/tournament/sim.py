"""A driver that plays tournaments in the domain, as the service would."""

from __future__ import annotations

import msgspec

from domain._kernel import Rng
from domain.tournament import TOURNAMENT
from domain.tournament import commands as c
from domain.tournament.events import Placement, TournamentEvent
from domain.tournament.state import TableState, TournamentState

DECODER = msgspec.json.Decoder(TournamentEvent)


class Sim:
    def __init__(self, players: int = 0, seed: str = "sim", **config: object) -> None:
        self.seed = seed
        self.state: TournamentState = TOURNAMENT.initial_state()
        self.events: list = []
        config.setdefault("name", "Test cup")
        config.setdefault("game", "toy")
        self.do(c.CreateTournament(**config))
        for i in range(players):
            self.do(c.RegisterPlayer(name=f"P{i + 1}", rating=1000 - i))

    def do(self, command) -> tuple:
        before = msgspec.json.encode(self.state)
        new = TOURNAMENT.decide(self.state, command, Rng(self.seed, len(self.events)))
        assert msgspec.json.encode(self.state) == before, "decide mutated its input"
        for event in new:
            self.state = TOURNAMENT.evolve(self.state, event)
        self.events.extend(new)
        return new

    def open_tables(self) -> list[TableState]:
        return [t for r in self.state.rounds for t in r.tables if t.status == "open"]

    def random_placements(self, table: TableState, rng: Rng, ties: bool = False):
        order = rng.shuffled(table.players)
        placements = []
        for i, pid in enumerate(order):
            place = i + 1
            if ties and i > 0 and rng.below(4) == 0:
                place = placements[-1].place
            placements.append(Placement(player_id=pid, place=place, score=rng.below(20)))
        return tuple(placements)

    def play(self, rng: Rng, ties: bool = False, max_rounds: int = 200) -> None:
        """Attach games and record random results until the tournament is over."""
        for _ in range(10_000):
            if self.state.status != "running":
                return
            assert len(self.state.rounds) <= max_rounds
            for table in TOURNAMENT.tables_awaiting_game(self.state):
                self.do(c.AttachGame(table_id=table.table_id, game_id=f"g-{table.table_id}"))
            table = self.open_tables()[0]
            self.do(
                c.RecordResult(
                    table_id=table.table_id, placements=self.random_placements(table, rng, ties)
                )
            )
        raise AssertionError("tournament did not end")

    def replayed(self) -> TournamentState:
        state = TOURNAMENT.initial_state()
        for event in self.events:
            state = TOURNAMENT.evolve(state, DECODER.decode(msgspec.json.encode(event)))
        return state
