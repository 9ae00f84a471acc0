"""Events (past tense). Each carries the facts the rules derived, so replay never re-runs
rules: resources gained or paid, bid values and winners, battle outcomes, points."""

from __future__ import annotations

from domain._kernel import Event
from domain.three_kingdoms.state import (
    Benefit,
    Delta,
    Occupation,
    Outcome,
    PlayerState,
    ScoreCard,
    Task,
)


class GameSetUp(Event, tag="three_kingdoms.game_set_up"):
    """Reference sheets applied, decks shuffled, cards dealt (decks and other hands are
    redacted during play)."""

    pack: str
    players: tuple[PlayerState, ...]
    general_decks: tuple[tuple[str, ...], ...]
    unification: tuple[str, ...]
    separation: tuple[str, ...]
    deficit_pool: tuple[int, ...] = ()
    """The shuffled pool of valued deficit tokens, in draw order (redacted for everyone
    during play: each value becomes 0). Empty for packs without a valued pool."""


class RoundStarted(Event, tag="three_kingdoms.round_started"):
    round: int


class GeneralsRecruited(Event, tag="three_kingdoms.generals_recruited"):
    seat: int
    generals: tuple[str, ...]


class GeneralsOffered(Event, tag="three_kingdoms.generals_offered"):
    """Recruitment: the top generals of the kingdom's deck, seen only by that kingdom."""

    seat: int
    generals: tuple[str, ...]
    keep: int


class GeneralRecruited(Event, tag="three_kingdoms.general_recruited"):
    seat: int
    general: str


class OfferReturned(Event, tag="three_kingdoms.offer_returned"):
    """The generals not kept go to the bottom of the deck (hidden from the others)."""

    seat: int
    generals: tuple[str, ...]


class RecruitmentFinished(Event, tag="three_kingdoms.recruitment_finished"):
    pass


class AlliancePlaced(Event, tag="three_kingdoms.alliance_placed"):
    seat: int
    space: str
    first_bidder: int


class GeneralPlaced(Event, tag="three_kingdoms.general_placed"):
    seat: int
    general: str
    space: str


class BidRaised(Event, tag="three_kingdoms.bid_raised"):
    seat: int
    token: str
    """bid_token, support, han, or a weapon for a unit (trained army + weapon)."""


class PlacementFinished(Event, tag="three_kingdoms.placement_finished"):
    seat: int
    next_bidder: int
    """-1 when bidding is over."""


class Passed(Event, tag="three_kingdoms.passed"):
    seat: int
    next_bidder: int


class BiddingClosed(Event, tag="three_kingdoms.bidding_closed"):
    """Outcomes per space; losing bids and last round's face-down generals go home;
    bid order re-set by successful bids; the actions to carry out, in order."""

    outcomes: tuple[Outcome, ...]
    successes: tuple[int, ...]
    bid_order: tuple[int, ...]
    action_order: tuple[int, ...]
    tasks: tuple[Task, ...]


class PlayerChanged(Event, tag="three_kingdoms.player_changed"):
    seat: int
    reason: str
    delta: Delta


class ActionStarted(Event, tag="three_kingdoms.action_started"):
    seat: int
    space: str


class ActionStepTaken(Event, tag="three_kingdoms.action_step_taken"):
    seat: int
    step: str
    """trade_rice, trade_weapons, hire_instructors, import_technology, performed."""


class ActionEnded(Event, tag="three_kingdoms.action_ended"):
    seat: int
    space: str
    performed: bool


class DevelopmentDrawn(Event, tag="three_kingdoms.development_drawn"):
    seat: int
    deck: str
    card: str
    """Blank for other viewers."""


class DevelopmentBuilt(Event, tag="three_kingdoms.development_built"):
    seat: int
    card: str


class GeneralFlipped(Event, tag="three_kingdoms.general_flipped"):
    seat: int
    general: str


class BorderOccupied(Event, tag="three_kingdoms.border_occupied"):
    occupation: Occupation
    token_vp: int
    store: str


class ChoiceOffered(Event, tag="three_kingdoms.choice_offered"):
    seat: int
    options: tuple[str, ...]


class ChoiceMade(Event, tag="three_kingdoms.choice_made"):
    seat: int
    item: str


class BenefitsOffered(Event, tag="three_kingdoms.benefits_offered"):
    """The kingdom's end-of-round effects include an optional one or depend on their order:
    the player takes them one at a time in the order it likes (declining optional ones)."""

    seat: int
    benefits: tuple[Benefit, ...]


class BenefitResolved(Event, tag="three_kingdoms.benefit_resolved"):
    """A pending end-of-round effect was taken (its consequences follow) or declined."""

    seat: int
    benefit: Benefit
    taken: bool


class TribeActionTaken(Event, tag="three_kingdoms.tribe_action_taken"):
    seat: int
    mode: str


class StageReached(Event, tag="three_kingdoms.stage_reached"):
    stage: str


class CriteriaFlipped(Event, tag="three_kingdoms.criteria_flipped"):
    flipped: bool


class HanTokenPassed(Event, tag="three_kingdoms.han_token_passed"):
    seat: int


class DeficitTokensDrawn(Event, tag="three_kingdoms.deficit_tokens_drawn"):
    """A kingdom took deficit tokens (their count is in the preceding ``PlayerChanged``):
    the top ``values`` of the face-down pool. Other viewers see each value as 0 during play.
    Fewer values than tokens taken when the pool ran out (those are worth ``deficit_vp``)."""

    seat: int
    values: tuple[int, ...]


class GameEnded(Event, tag="three_kingdoms.game_ended"):
    """Final scores; everything hidden about the kingdoms is revealed with it (by seat): the
    hands of state-development cards and the deficit-token values. Never redacted."""

    reason: str
    scores: tuple[ScoreCard, ...]
    deficit_values: tuple[tuple[int, ...], ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()


TKEvent = (
    GameSetUp
    | RoundStarted
    | GeneralsRecruited
    | GeneralsOffered
    | GeneralRecruited
    | OfferReturned
    | RecruitmentFinished
    | AlliancePlaced
    | GeneralPlaced
    | BidRaised
    | PlacementFinished
    | Passed
    | BiddingClosed
    | PlayerChanged
    | ActionStarted
    | ActionStepTaken
    | ActionEnded
    | DevelopmentDrawn
    | DevelopmentBuilt
    | GeneralFlipped
    | BorderOccupied
    | ChoiceOffered
    | ChoiceMade
    | BenefitsOffered
    | BenefitResolved
    | TribeActionTaken
    | StageReached
    | CriteriaFlipped
    | HanTokenPassed
    | DeficitTokensDrawn
    | GameEnded
)
