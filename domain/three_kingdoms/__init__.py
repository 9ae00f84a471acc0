"""Three Kingdoms Redux (3 players: Wei, Wu, Shu), event-sourced.

Seats 0, 1, 2 are Wei, Wu, Shu. Each round: recruitment (rounds 3, 5, 9: a private draft
from the kingdom's own general deck, keep 1 or 2 of one more offered), the third in bid
order places the alliance token, bidding one general at a time (tokens added one at a time),
then resolution (losing bids return, new bid order, won actions kingdom by kingdom in action
order, each kingdom choosing the order of its own, tribe decay, end-of-round benefits), then
upkeep unless the game ends. Interpretations of the garbled
rules text are listed in RULES.md; the main ones:

- Trade prices read without arbitrage: sell 4 rice for 3 gold or buy 4 for 5; sell 3
  weapons for 5 gold or buy 3 for 7 (prices live in the content pack; a pack whose buy
  price does not exceed its sell price is rejected).
- Won actions run kingdom by kingdom in action order (3.2.2 step 3); a kingdom with two or
  more left chooses the next (``choose_next_action``), the last starts by itself. The
  allies of the alliance space each act in their own turn; both act only if each placed at
  least one general there. (Rules version 1: space by space in board order.)
- Harvest/tax: choose how many developed tokens go to the granary/treasury; the rest are
  cashed in (5 rice / 4 gold each). The development level never goes down.
- Battles: one battle space per border, open to both neighbours; a kingdom's next
  occupation must be on the other of its two borders (it may still bid to defend).
- Tribe spaces are private to each kingdom: suppress (+1) or bribe (3 gold, +2), still
  offered at 12 (raising nothing) so that the kingdom does not decay (3.2.2 step 4).
- Deficit tokens are valued: a face-down pool from the content pack (standard pack:
  provisional 18 x -1, 8 x -2, 4 x -3), shuffled at set-up and drawn in order; the owner
  sees its values, the others only the count, everyone at the end; scoring sums the values
  (a pack without a pool, or an exhausted pool: ``deficit_vp``, -1, per token). The upkeep
  text duplicated under military points is read once.
- At the end of the game every hand of state-development cards and every deficit-token
  value is revealed (in ``game_ended`` and in every view).
- Bidding turn = place one general, add tokens/units one at a time, finish; passing ends
  your bidding for the round. Ties go to the side that reached the value first (Cao Cao
  wins ties). Every won action may be declined.
- Effects triggered together whose order matters (a ``per`` multiplier whose metric another
  may change, or an own loss, among several) are pending decisions: the kingdom takes them
  in the order it likes (Compendium principle 1); end-of-round effects marked ``optional``
  may also be declined. Otherwise they apply gains, then choices, then training, an order
  no other beats (RULES.md explains why).
- Every card, reference sheet and border layout in the standard pack is provisional
  (marked ``provisional: true``); the official card list is not public. Card skills are
  data in a small effect vocabulary (content.py, checked by validation.py) interpreted by
  rules/effects.py.
"""

from __future__ import annotations

from domain._kernel import GameSpec, Options, Result, rank
from domain.three_kingdoms import bot, display
from domain.three_kingdoms.commands import TKCommand
from domain.three_kingdoms.data import content_status, load_pack, register_pack
from domain.three_kingdoms.determinize import determinize
from domain.three_kingdoms.events import TKEvent
from domain.three_kingdoms.evolve import evolve
from domain.three_kingdoms.provisional import provisional_ranking
from domain.three_kingdoms.rules import decide, initial_state, legal_commands, start, to_act
from domain.three_kingdoms.state import RULES_VERSION, GameState
from domain.three_kingdoms.view import ThreeKingdomsView, redact, resample_hidden, view


class ThreeKingdomsOptions(Options, frozen=True):
    content_pack: str = "standard"
    """The content pack by name: ``standard`` (shipped, provisional) or a pack the service
    loaded from its content-pack folder (docs/content-packs.md); validated when the game
    starts."""


def content_of(options: ThreeKingdomsOptions) -> tuple[str, str]:
    """The content status of a game played with these options: that of its pack."""
    return content_status(load_pack(options.content_pack))


def load_content(raw: bytes) -> tuple[str, str, str]:
    """A content pack from a file (``data.register_pack``): (name, status, note)."""
    pack = register_pack(raw)
    return (pack.name, *content_status(pack))


CONTENT_STATUS, CONTENT_NOTE = content_status(load_pack("standard"))


def result(state: GameState) -> Result | None:
    if state.phase != "over":
        return None
    # Ties: most gold + rice, then Shu, Wu, Wei (seat 2, 1, 0).
    entries = [(card.seat, card.total, (card.gold_rice, card.seat)) for card in state.scores]
    summary = f"game over ({state.ended}): " + ", ".join(
        f"{('Wei', 'Wu', 'Shu')[c.seat]} {c.total}" for c in state.scores
    )
    return Result(ranking=rank(entries), summary=summary)


def provisional_result(state: GameState) -> Result:
    return result(state) or provisional_ranking(state)


SPEC = GameSpec(
    slug="three_kingdoms",
    title="Three Kingdoms Redux",
    rules_version=RULES_VERSION,
    older_rules_versions=("1",),
    min_players=3,
    max_players=3,
    options_type=ThreeKingdomsOptions,
    command_type=TKCommand,
    event_type=TKEvent,
    state_type=GameState,
    view_type=ThreeKingdomsView,
    initial_state=initial_state,
    start=start,
    decide=decide,
    evolve=evolve,
    legal_commands=legal_commands,
    to_act=to_act,
    view=view,
    redact=redact,
    result=result,
    resample_hidden=resample_hidden,
    viewer_script=("domain.three_kingdoms", "board.js"),
    viewer_components=display.components,
    tiebreak_labels=display.TIEBREAK_LABELS,
    view_scores=display.view_scores,
    provisional_result=provisional_result,
    max_events=12_000,
    content_status=CONTENT_STATUS,
    content_note=CONTENT_NOTE,
    content_of=content_of,
    load_content=load_content,
    description=(
        "Three Kingdoms Redux for exactly 3 players (Wei, Wu, Shu): bid generals for actions, "
        "with the 2nd and 3rd in bid order allied on one space; develop farms and markets, "
        "trade, build state developments, arm and occupy borders, court the tribes and the "
        "Han emperor over up to 12 rounds."
    ),
    notes=(
        "The content pack contains provisional cards: the official general and "
        "state-development list, reference sheets, border layout and deficit-token values "
        "are not public, so the standard pack fills them with clearly marked provisional "
        "data (provisional: true). "
        "Owners of the physical game can supply the official cards as another pack, loaded "
        "from a file without code changes (docs/content-packs.md; option content_pack). "
        "Trade prices use the reading without "
        "arbitrage; see RULES.md for every interpretation."
    ),
    determinize=determinize,
    bot_value=bot.value,
    bot_values=bot.values,
    bot_prior_weight=bot.PRIOR_WEIGHT,
    bot_scale=bot.SCALE,
)
