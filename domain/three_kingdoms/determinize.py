"""A full Three Kingdoms Redux state from one seat's view (for bots, ``domain/bots``).

Hidden from the seat: the order and make-up of the development decks and of each kingdom's
general deck, the other kingdoms' hands (how many cards of each deck they hold is public)
and recruitment offers (their size is public), the deficit pool and the values of the other
kingdoms' deficit tokens. Each is drawn at random from what the seat has not seen (the
pack's cards and tokens minus those in view: built cards, generals in play, its own hand,
offer and tokens); what is left over is out of the game.

A few bookkeeping fields are not in any view and are worked out from what is: the seat to
bid (``to_act``), whether a placement is still open (the seat's own legal command tags when
it is the one bidding; otherwise whether the latest placement is the bidder's), the bid
clock (the latest placement's tick: only the order of ticks matters), each kingdom's last
border (its latest occupation), its successes (the spaces it won this round), whether it
took its tribe action this round (a carried-out tribe task of its own), and the
end-of-round stage (the benefits of the kingdom to act next). ``train_later`` (training an
effect owes until the kingdom's choices are made) is hidden in every view and taken as 0.

Not in the view, so assumed: the current rules version (``RULES_VERSION``)."""

from __future__ import annotations

from domain._kernel import Rng
from domain.three_kingdoms.data import catalog
from domain.three_kingdoms.rules.flow import BENEFITS_FROM
from domain.three_kingdoms.state import RULES_VERSION, GameState, PlayerState
from domain.three_kingdoms.view import ThreeKingdomsView

_COPIED = tuple(
    name
    for name in PlayerState.__struct_fields__
    if name not in ("hand", "offer", "deficit_values", "last_border", "tribe_done", "successes")
    and name != "train_later"
)


def determinize(view: ThreeKingdomsView, seat: int, rng: Rng) -> GameState:
    cat = catalog(view.content_pack)
    pack = cat.pack
    over = view.phase == "over"
    players_view = view.players
    # Development cards.
    seen_cards = {c for p in players_view for c in (*p.built, *(p.hand or ()))}
    piles = {
        deck: rng.fork(deck).shuffled(
            sorted(d.id for d in pack.developments if d.deck == deck and d.id not in seen_cards)
        )
        for deck in ("unification", "separation")
    }
    hands: list[tuple[str, ...]] = []
    for p in players_view:
        if p.hand is not None:
            hands.append(p.hand)
            continue
        hands.append(
            tuple(piles["unification"].pop() for _ in range(p.hand_unification))
            + tuple(piles["separation"].pop() for _ in range(p.hand_separation))
        )
    unification = tuple(piles["unification"][: view.unification_left])
    separation = tuple(piles["separation"][: view.separation_left])
    # Generals: each kingdom's deck holds its own generals not in play.
    offers: list[tuple[str, ...]] = []
    general_decks = []
    for index, (kingdom, p) in enumerate(zip(cat.kingdom_ids, players_view, strict=True)):
        shown = {*p.generals, *(p.offer or ())}
        pool = rng.fork(f"generals{index}").shuffled(
            sorted(
                g.id
                for g in pack.generals
                if g.kingdom == kingdom and not g.leader and g.id not in shown
            )
        )
        offer = p.offer if p.offer is not None else tuple(pool.pop() for _ in range(p.offer_size))
        offers.append(offer)
        general_decks.append(tuple(pool[: view.generals_left[index]]))
    # Deficit tokens.
    tokens = sorted(t.value for t in pack.tracks.deficit_tokens for _ in range(t.count))
    for p in players_view:
        for value in p.deficit_values or ():
            tokens.remove(value)
    tokens = rng.fork("deficits").shuffled(tokens)
    values: list[tuple[int, ...]] = []
    for p in players_view:
        if p.deficit_values is not None:
            values.append(p.deficit_values)
            continue
        # While the pool lasts every token comes from it; once empty, tokens are unvalued.
        take = min(p.deficits, max(0, len(tokens) - view.deficit_pool_left))
        values.append(tuple(tokens.pop() for _ in range(take)))
    deficit_pool = tuple(tokens[: view.deficit_pool_left])
    # Bookkeeping that no view shows, worked out from what it does show.
    acting = view.to_act[0] if view.to_act else -1
    current = acting if view.phase == "bidding" else -1
    open_placement = False
    if view.phase == "bidding" and acting >= 0:
        if acting == seat:
            open_placement = "three_kingdoms.finish_placement" in view.legal_commands
        else:
            open_placement = bool(view.placements) and view.placements[-1].seat == acting
    stage = ""
    if view.phase == "resolution" and view.task_index >= len(view.tasks):
        stage = "benefits"
        if view.progress is None and acting in view.action_order:
            following = view.action_order.index(acting) + 1
            if following < len(view.action_order):
                stage = f"{BENEFITS_FROM}{following}"
    done = view.tasks[: view.task_index]
    players = []
    for index, p in enumerate(players_view):
        fields = {name: getattr(p, name) for name in _COPIED}
        borders = [o.border for o in view.occupations if o.seat == index]
        players.append(
            PlayerState(
                **fields,
                hand=hands[index] if over or p.hand is None else p.hand,
                offer=offers[index],
                deficit_values=values[index],
                last_border=borders[-1] if borders else "",
                tribe_done=any(t.seat == index and t.space.startswith("tribe_") for t in done),
                successes=sum(1 for o in view.outcomes if index in o.winners),
            )
        )
    state = GameState(
        players_count=len(players_view),
        rules_version=RULES_VERSION,
        pack=view.content_pack,
        round=view.round,
        phase=view.phase,
        bid_order=view.bid_order,
        action_order=view.action_order,
        alliance_space=view.alliance_space,
        last_alliance=view.last_alliance,
        criteria_flipped=view.criteria_flipped,
        han_holder=view.han_holder,
        han_on_board=view.han_on_board,
        players=tuple(players),
        general_decks=tuple(general_decks),
        unification=unification,
        separation=separation,
        deficit_pool=deficit_pool,
        placements=view.placements,
        tick=max((p.tick for p in view.placements), default=0),
        current=current,
        open_placement=open_placement,
        outcomes=view.outcomes,
        tasks=view.tasks,
        task_index=view.task_index,
        progress=view.progress,
        stage=stage,
        occupations=view.occupations,
        ended=view.ended,
        scores=view.scores,
    )
    return state
