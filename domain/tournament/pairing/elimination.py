"""Single and double elimination brackets (head-to-head).

The bracket is drawn once at the start as static slots (:class:`BracketMatch`) whose players
come from a seed, or the winner or loser of an earlier match. Who plays where is always
*computed* from the seeding and the live (not voided) tables, never stored, which is what
makes corrections safe: after a result changes, every table whose players no longer match
the computed slot is voided (with everything that depended on it) and the slot is opened
again in the next round.

- Size: the next power of two ``P``; seeds beyond the field are nobody, so byes go to the top
  seeds (standard seed order 1-8, 4-5, 2-7, 3-6...).
- A match with one player is a walkover (a bye table, a win); with none it is empty.
- Withdrawn players are nobody in every match not yet opened: their opponents get walkovers.
- Double elimination: the losers of winners-bracket round ``r`` drop into the losers bracket
  (round 1: losers of W1 against each other; round ``2j``: survivors against the losers of
  W``j+1``, in alternating order to postpone rematches; round ``2j+1``: survivors against each
  other). The grand final ``GF`` is winners champion against losers champion; with
  ``grand_final_reset`` a second final ``GF2`` is played when the losers champion wins ``GF``,
  so nobody is ever eliminated by a single loss.
- Rounds are waves: a round opens every slot whose players are known (a player sits at most
  once per round; a walkover is a bye table of its own), so winners-bracket and
  losers-bracket matches are played side by side.
- Ranking: champion, runner-up, then by how deep the player went (the bracket round of the
  elimination), ties sharing a place (single elimination: both semi-final losers are 3rd).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain._kernel import Rng
from domain.tournament.events import BracketMatch, StandingRow
from domain.tournament.pairing import (
    Finish,
    NewTable,
    NextRound,
    Plan,
    balance_first_seat,
    first_seats,
)
from domain.tournament.standings import player_stats, ranked_rows
from domain.tournament.state import TableState, TournamentState, live_tables

NOBODY = 0
UNKNOWN = -1


def bracket_size(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return max(size, 2)


def seed_positions(size: int) -> list[int]:
    """Seeds in bracket order: 1, 8, 4, 5, 2, 7, 3, 6 for eight."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def build_bracket(n: int, double: bool, reset: bool) -> tuple[BracketMatch, ...]:
    size = bracket_size(n)
    k = size.bit_length() - 1
    matches = _winners_bracket(size)
    if not double:
        return tuple(matches)
    losers, lb_champion = _losers_bracket(size)
    matches += losers
    matches.append(
        BracketMatch(match_id="GF", bracket="GF", round=1, a=f"winner:W{k}-1", b=lb_champion)
    )
    if reset:
        matches.append(
            BracketMatch(match_id="GF2", bracket="GF", round=2, a="reset:GF", b="reset:GF")
        )
    return tuple(matches)


def _winners_bracket(size: int) -> list[BracketMatch]:
    k = size.bit_length() - 1
    pos = seed_positions(size)
    matches: list[BracketMatch] = []
    for i in range(size // 2):
        matches.append(
            BracketMatch(
                match_id=f"W1-{i + 1}",
                bracket="W",
                round=1,
                a=f"seed:{pos[2 * i]}",
                b=f"seed:{pos[2 * i + 1]}",
            )
        )
    for r in range(2, k + 1):
        for i in range(1, size // 2**r + 1):
            matches.append(
                BracketMatch(
                    match_id=f"W{r}-{i}",
                    bracket="W",
                    round=r,
                    a=f"winner:W{r - 1}-{2 * i - 1}",
                    b=f"winner:W{r - 1}-{2 * i}",
                )
            )
    return matches


def _losers_bracket(size: int) -> tuple[list[BracketMatch], str]:
    """The losers-bracket matches and where its champion comes from (with a bracket of two,
    the loser of the only winners-bracket match, without a match)."""
    k = size.bit_length() - 1
    if k == 1:
        return [], "loser:W1-1"
    matches: list[BracketMatch] = []
    for i in range(1, size // 4 + 1):
        matches.append(
            BracketMatch(
                match_id=f"L1-{i}",
                bracket="L",
                round=1,
                a=f"loser:W1-{2 * i - 1}",
                b=f"loser:W1-{2 * i}",
            )
        )
    for j in range(1, k):
        count = size // 2 ** (j + 1)
        for i in range(1, count + 1):
            drop = count + 1 - i if j % 2 == 1 else i
            matches.append(
                BracketMatch(
                    match_id=f"L{2 * j}-{i}",
                    bracket="L",
                    round=2 * j,
                    a=f"winner:L{2 * j - 1}-{i}",
                    b=f"loser:W{j + 1}-{drop}",
                )
            )
        if j < k - 1:
            for i in range(1, size // 2 ** (j + 2) + 1):
                matches.append(
                    BracketMatch(
                        match_id=f"L{2 * j + 1}-{i}",
                        bracket="L",
                        round=2 * j + 1,
                        a=f"winner:L{2 * j}-{2 * i - 1}",
                        b=f"winner:L{2 * j}-{2 * i}",
                    )
                )
    return matches, f"winner:L{2 * (k - 1)}-1"


@dataclass
class Slot:
    match: BracketMatch
    a: int
    b: int
    players: tuple[int, ...]
    """Players actually present (withdrawn ones removed); only meaningful when known."""
    known: bool
    winner: int
    loser: int
    table: TableState | None


def _absent(state: TournamentState, pid: int, round_number: int) -> bool:
    withdrawn = state.players[pid - 1].withdrawn_after
    return withdrawn is not None and withdrawn < round_number


def resolve(state: TournamentState, excluded: frozenset[str] = frozenset()) -> dict[str, Slot]:
    """Every slot's players and outcome, from the seeding and the live tables."""
    tables = {t.match: t for t in live_tables(state) if t.match and t.table_id not in excluded}
    next_round = len(state.rounds) + 1
    out: dict[str, Slot] = {}

    def source(text: str) -> int:
        kind, _, ref = text.partition(":")
        if kind == "seed":
            i = int(ref)
            return state.seeding[i - 1] if i <= len(state.seeding) else NOBODY
        if kind == "winner":
            return out[ref].winner
        if kind == "loser":
            return out[ref].loser
        return NOBODY

    for m in state.bracket:
        if m.a.startswith("reset:"):
            gf = out[m.a.partition(":")[2]]
            if gf.winner == UNKNOWN:
                a = b = UNKNOWN
            elif len(gf.players) == 2 and gf.winner == gf.b:
                a, b = gf.a, gf.b
            else:
                a = b = NOBODY
        else:
            a, b = source(m.a), source(m.b)
        table = tables.get(m.match_id)
        if UNKNOWN in (a, b):
            out[m.match_id] = Slot(m, a, b, (), False, UNKNOWN, UNKNOWN, table)
            continue
        round_number = table.round if table else next_round
        players = tuple(p for p in (a, b) if p > 0 and not _absent(state, p, round_number))
        winner, loser = UNKNOWN, UNKNOWN
        if not players:
            winner, loser = NOBODY, NOBODY
        elif len(players) == 1:
            winner, loser = players[0], NOBODY
        elif (
            table is not None
            and table.status == "done"
            and not table.bye
            and set(table.players) == set(players)
        ):
            first = [p.player_id for p in table.placements if p.place == 1]
            winner = first[0]
            loser = players[1] if players[0] == winner else players[0]
        out[m.match_id] = Slot(m, a, b, players, True, winner, loser, table)
    return out


def _mismatched(slot: Slot) -> bool:
    t = slot.table
    if t is None:
        return False
    if not slot.known:
        return True
    if t.bye:
        return len(slot.players) != 1 or t.players[0] != slot.players[0]
    return len(slot.players) != 2 or set(t.players) != set(slot.players)


def tables_to_void(state: TournamentState) -> list[str]:
    """Live tables whose players no longer match their slot (after a correction), together
    with every table that depended on them."""
    excluded: set[str] = set()
    while True:
        slots = resolve(state, frozenset(excluded))
        bad = [
            s.table.table_id
            for s in slots.values()
            if s.table is not None and s.table.table_id not in excluded and _mismatched(s)
        ]
        if not bad:
            return [t.table_id for t in live_tables(state) if t.table_id in excluded]
        excluded.update(bad)


def champion(state: TournamentState, slots: dict[str, Slot]) -> int:
    if not state.bracket:
        return UNKNOWN
    last = state.bracket[-1]
    if last.match_id == "GF2":
        gf2 = slots["GF2"]
        if gf2.known and not gf2.players:
            return slots["GF"].winner
        return gf2.winner
    return slots[last.match_id].winner


def _depth(m: BracketMatch, double: bool) -> int:
    if m.bracket == "GF":
        return 1000 + m.round
    if m.bracket == "L":
        return m.round
    return 2 * (m.round - 1) if double else m.round


def eliminated(state: TournamentState, slots: dict[str, Slot]) -> set[int]:
    double = any(m.bracket == "L" for m in state.bracket)
    out: set[int] = set()
    for s in slots.values():
        if len(s.players) != 2 or s.loser <= 0:
            continue
        m = s.match
        if (
            not double
            or m.bracket == "L"
            or m.match_id == "GF2"
            or (m.match_id == "GF" and (s.winner == s.a or "GF2" not in slots))
        ):
            out.add(s.loser)
    return out


def standings(state: TournamentState) -> tuple[StandingRow, ...]:
    slots = resolve(state)
    double = any(m.bracket == "L" for m in state.bracket)
    champ = champion(state, slots)
    out = eliminated(state, slots)
    stats = player_stats(state)
    depth: dict[int, int] = {pid: 0 for pid in state.seeding}
    for s in slots.values():
        if s.known:
            for p in s.players:
                depth[p] = max(depth[p], _depth(s.match, double))
    seeds = {pid: i for i, pid in enumerate(state.seeding)}

    def tier(pid: int) -> int:
        if pid == champ:
            return 2
        return 1 if depth[pid] >= 1000 and pid in out else 0

    def status(pid: int) -> str:
        if pid == champ:
            return "champion"
        if pid in out:
            return "eliminated"
        if state.players[pid - 1].withdrawn_after is not None:
            return "withdrawn"
        return "active"

    return ranked_rows(
        state.seeding,
        lambda pid: (tier(pid), int(status(pid) == "active"), depth[pid]),
        stats,
        seeds,
        {},
        status,
    )


def label(tables: list[NewTable], bracket: dict[str, BracketMatch]) -> str:
    names = []
    for t in tables:
        m = bracket[t.match]
        name = "GF" if m.bracket == "GF" and m.round == 1 else m.match_id.split("-")[0]
        if name not in names:
            names.append(name)
    return " ".join(names)


def next_round(state: TournamentState, rng: Rng) -> Plan:
    slots = resolve(state)
    tables = []
    busy: set[int] = set()
    firsts = first_seats(live_tables(state))
    for s in slots.values():
        if s.table is None and s.known and s.players and busy.isdisjoint(s.players):
            players = balance_first_seat(s.players, firsts)
            tables.append(NewTable(players, bye=len(players) == 1, match=s.match.match_id))
            busy.update(s.players)
    # Once decided, walkovers still unwritten (withdrawals) get their bye tables first.
    if champion(state, slots) != UNKNOWN and not tables:
        return Finish(standings(state))
    return NextRound(tables, label(tables, {m.match_id: m for m in state.bracket}))
