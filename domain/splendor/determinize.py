"""A full Splendor state from one seat's view (for bots, ``domain/bots``).

Hidden: the order of the three decks, and the blind reserves of the other seats. Per level,
the cards nobody can see are every card of that level minus those in view (the board, every
seat's bought cards, the reserves shown); they are shuffled and dealt to the hidden reserves
of that level, the rest making the deck, so every arrangement the view allows is equally
likely (a uniform sample, cards drawn so far not weighted by what their owner chose).

Not in the view, so assumed: the current rules version (``RULES_VERSION``), and no passes in
a row (``passes`` only ends a game where every seat is stuck; bots see it end when it does)."""

from __future__ import annotations

from msgspec.structs import replace

from domain._kernel import Rng
from domain.splendor.data import CARDS_BY_LEVEL, LEVELS
from domain.splendor.state import RULES_VERSION, Reserved, SeatState, SplendorState
from domain.splendor.view import SplendorView


def determinize(view: SplendorView, seat: int, rng: Rng) -> SplendorState:
    seen = {card.id for row in view.board for card in row if card is not None}
    for s in view.seats:
        seen.update(s.cards)
        seen.update(r.card.id for r in s.reserved if r.card is not None)
    pools = {
        level: rng.fork(f"level{level}").shuffled(
            sorted(c for c in CARDS_BY_LEVEL[level] if c not in seen)
        )
        for level in LEVELS
    }
    seats = []
    for s in view.seats:
        reserved = tuple(
            Reserved(
                card=r.card.id if r.card is not None else pools[r.level].pop(),
                level=r.level,
                blind=r.blind,
            )
            for r in s.reserved
        )
        seats.append(
            SeatState(
                tokens=s.tokens,
                cards=s.cards,
                bonuses=s.bonuses,
                points=s.points,
                nobles=s.nobles,
                reserved=reserved,
            )
        )
    decks = tuple(tuple(pools[level]) for level in LEVELS)
    assert tuple(map(len, decks)) == view.deck_sizes, "the view's cards do not add up"
    state = SplendorState(
        players=view.players,
        rules_version=RULES_VERSION,
        tie_breaks=view.tie_breaks,
        supply=view.supply,
        decks=decks,
        board=tuple(tuple(None if c is None else c.id for c in row) for row in view.board),
        nobles=tuple(n.id for n in view.nobles),
        seats=tuple(seats),
        current=view.current,
        phase=view.phase,  # type: ignore[arg-type]
        must_return=view.must_return,
        offered=view.noble_choice,
        final_round=view.final_round,
    )
    return replace(state, end_reason="ended" if view.phase == "over" else "")
