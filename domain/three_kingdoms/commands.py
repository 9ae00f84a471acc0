"""Commands (imperative). Every int field is validated: a near miss is refused."""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta

from domain._kernel import Command

Ident = Annotated[str, Meta(pattern="^[a-z0-9_]{1,64}$", description="An id from the content pack")]
Direction = Literal["buy", "sell"]
Weapon = Literal["spear", "horse", "crossbow", "boat"]
Store = Literal["granary", "treasury"]


class RecruitGeneral(Command, tag="three_kingdoms.recruit_general"):
    general: Ident
    """One of the generals offered to you this recruitment."""


class PlaceAlliance(Command, tag="three_kingdoms.place_alliance"):
    space: Ident


class PlaceGeneral(Command, tag="three_kingdoms.place_general"):
    general: Ident
    space: str


class AddBidToken(Command, tag="three_kingdoms.add_bid_token"):
    pass


class AddSupport(Command, tag="three_kingdoms.add_support"):
    pass


class AddHanToken(Command, tag="three_kingdoms.add_han_token"):
    pass


class AddUnit(Command, tag="three_kingdoms.add_unit"):
    weapon: Weapon


class FinishPlacement(Command, tag="three_kingdoms.finish_placement"):
    pass


class Pass(Command, tag="three_kingdoms.pass"):
    pass


class DevelopFarm(Command, tag="three_kingdoms.develop_farm"):
    pass


class Harvest(Command, tag="three_kingdoms.harvest"):
    keep: int = 0
    """Developed farm tokens moved to the granary; the others are cashed in for rice."""


class DevelopMarket(Command, tag="three_kingdoms.develop_market"):
    pass


class CollectTaxes(Command, tag="three_kingdoms.collect_taxes"):
    keep: int = 0
    """Developed market tokens moved to the treasury; the others are cashed in for gold."""


class TradeRice(Command, tag="three_kingdoms.trade_rice"):
    direction: Direction
    """"buy" or "sell" one lot."""


class TradeWeapons(Command, tag="three_kingdoms.trade_weapons"):
    direction: Direction
    spear: int = 0
    horse: int = 0
    crossbow: int = 0
    boat: int = 0


class BuildDevelopment(Command, tag="three_kingdoms.build_development"):
    card: Ident


class HireInstructors(Command, tag="three_kingdoms.hire_instructors"):
    pass


class ImportTechnology(Command, tag="three_kingdoms.import_technology"):
    deck: Ident


class ProduceWeapons(Command, tag="three_kingdoms.produce_weapons"):
    spear: int = 0
    horse: int = 0
    crossbow: int = 0
    boat: int = 0


class DemandTribute(Command, tag="three_kingdoms.demand_tribute"):
    rice: int = 0
    gold: int = 0
    armies: int = 0


class ManipulateEmperor(Command, tag="three_kingdoms.manipulate_emperor"):
    general: Ident
    """The general of this bid to flip face down."""


class Occupy(Command, tag="three_kingdoms.occupy"):
    general: Ident
    units: int
    region: int
    store: Store
    """"granary" or "treasury": where the border token goes."""


class SuppressTribe(Command, tag="three_kingdoms.suppress_tribe"):
    pass


class BribeTribe(Command, tag="three_kingdoms.bribe_tribe"):
    pass


class ChooseGain(Command, tag="three_kingdoms.choose_gain"):
    item: Ident


class TakeBenefit(Command, tag="three_kingdoms.take_benefit"):
    """Apply one of your pending end-of-round effects now (you choose the order)."""

    source: Ident
    """The general or state-development card the effect belongs to."""
    ability: int = 0
    effect: int = 0


class DeclineBenefit(Command, tag="three_kingdoms.decline_benefit"):
    """Decline one of your pending optional ("may") end-of-round effects."""

    source: Ident
    ability: int = 0
    effect: int = 0


class EndAction(Command, tag="three_kingdoms.end_action"):
    """Finish the current action (or decline it if nothing was done)."""


class ChooseNextAction(Command, tag="three_kingdoms.choose_next_action"):
    """Carry out this one of your won actions next (you choose the order of your actions;
    with only one left it starts by itself)."""

    space: Ident
    """The space of a won action of yours not carried out yet."""


TKCommand = (
    RecruitGeneral
    | PlaceAlliance
    | PlaceGeneral
    | AddBidToken
    | AddSupport
    | AddHanToken
    | AddUnit
    | FinishPlacement
    | Pass
    | DevelopFarm
    | Harvest
    | DevelopMarket
    | CollectTaxes
    | TradeRice
    | TradeWeapons
    | BuildDevelopment
    | HireInstructors
    | ImportTechnology
    | ProduceWeapons
    | DemandTribute
    | ManipulateEmperor
    | Occupy
    | SuppressTribe
    | BribeTribe
    | ChooseGain
    | TakeBenefit
    | DeclineBenefit
    | EndAction
    | ChooseNextAction
)
