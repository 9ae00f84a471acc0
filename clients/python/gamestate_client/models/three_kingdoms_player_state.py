from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_benefit import ThreeKingdomsBenefit


T = TypeVar("T", bound="ThreeKingdomsPlayerState")


@_attrs_define
class ThreeKingdomsPlayerState:
    """
    Attributes:
        armies (int):  Default: 0.
        benefits (list[ThreeKingdomsBenefit]):
        bid_tokens (int):  Default: 0.
        boat (int):  Default: 0.
        built (list[str]):
        choices (list[list[str]]):
        crossbow (int):  Default: 0.
        deficit_values (list[int]):
        deficits (int):  Default: 0.
        farm_level (int):  Default: 0.
        farm_ready (int):  Default: 0.
        flipped (list[str]):
        generals (list[str]):
        gold (int):  Default: 0.
        granary_borders (list[int]):
        granary_farms (int):  Default: 0.
        hand (list[str]):
        horse (int):  Default: 0.
        last_border (str):  Default: ''.
        market_level (int):  Default: 0.
        market_ready (int):  Default: 0.
        military (int):  Default: 0.
        occupying (list[str]):
        offer (list[str]):
        office (int):  Default: 0.
        passed (bool):  Default: False.
        rice (int):  Default: 0.
        spear (int):  Default: 0.
        successes (int):  Default: 0.
        support (int):  Default: 0.
        to_keep (int):  Default: 0.
        train_later (int):  Default: 0.
        trained (int):  Default: 0.
        treasury_borders (list[int]):
        treasury_markets (int):  Default: 0.
        tribe (int):  Default: 0.
        tribe_done (bool):  Default: False.
    """

    benefits: list[ThreeKingdomsBenefit]
    built: list[str]
    choices: list[list[str]]
    deficit_values: list[int]
    flipped: list[str]
    generals: list[str]
    granary_borders: list[int]
    hand: list[str]
    occupying: list[str]
    offer: list[str]
    treasury_borders: list[int]
    armies: int = 0
    bid_tokens: int = 0
    boat: int = 0
    crossbow: int = 0
    deficits: int = 0
    farm_level: int = 0
    farm_ready: int = 0
    gold: int = 0
    granary_farms: int = 0
    horse: int = 0
    last_border: str = ""
    market_level: int = 0
    market_ready: int = 0
    military: int = 0
    office: int = 0
    passed: bool = False
    rice: int = 0
    spear: int = 0
    successes: int = 0
    support: int = 0
    to_keep: int = 0
    train_later: int = 0
    trained: int = 0
    treasury_markets: int = 0
    tribe: int = 0
    tribe_done: bool = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        armies = self.armies

        benefits = []
        for benefits_item_data in self.benefits:
            benefits_item = benefits_item_data.to_dict()
            benefits.append(benefits_item)

        bid_tokens = self.bid_tokens

        boat = self.boat

        built = self.built

        choices = []
        for choices_item_data in self.choices:
            choices_item = choices_item_data

            choices.append(choices_item)

        crossbow = self.crossbow

        deficit_values = self.deficit_values

        deficits = self.deficits

        farm_level = self.farm_level

        farm_ready = self.farm_ready

        flipped = self.flipped

        generals = self.generals

        gold = self.gold

        granary_borders = self.granary_borders

        granary_farms = self.granary_farms

        hand = self.hand

        horse = self.horse

        last_border = self.last_border

        market_level = self.market_level

        market_ready = self.market_ready

        military = self.military

        occupying = self.occupying

        offer = self.offer

        office = self.office

        passed = self.passed

        rice = self.rice

        spear = self.spear

        successes = self.successes

        support = self.support

        to_keep = self.to_keep

        train_later = self.train_later

        trained = self.trained

        treasury_borders = self.treasury_borders

        treasury_markets = self.treasury_markets

        tribe = self.tribe

        tribe_done = self.tribe_done

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "armies": armies,
                "benefits": benefits,
                "bid_tokens": bid_tokens,
                "boat": boat,
                "built": built,
                "choices": choices,
                "crossbow": crossbow,
                "deficit_values": deficit_values,
                "deficits": deficits,
                "farm_level": farm_level,
                "farm_ready": farm_ready,
                "flipped": flipped,
                "generals": generals,
                "gold": gold,
                "granary_borders": granary_borders,
                "granary_farms": granary_farms,
                "hand": hand,
                "horse": horse,
                "last_border": last_border,
                "market_level": market_level,
                "market_ready": market_ready,
                "military": military,
                "occupying": occupying,
                "offer": offer,
                "office": office,
                "passed": passed,
                "rice": rice,
                "spear": spear,
                "successes": successes,
                "support": support,
                "to_keep": to_keep,
                "train_later": train_later,
                "trained": trained,
                "treasury_borders": treasury_borders,
                "treasury_markets": treasury_markets,
                "tribe": tribe,
                "tribe_done": tribe_done,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_benefit import ThreeKingdomsBenefit  # noqa: PLC0415

        d = dict(src_dict)
        armies = d.pop("armies")

        benefits = []
        _benefits = d.pop("benefits")
        for benefits_item_data in _benefits:
            benefits_item = ThreeKingdomsBenefit.from_dict(benefits_item_data)

            benefits.append(benefits_item)

        bid_tokens = d.pop("bid_tokens")

        boat = d.pop("boat")

        built = cast(list[str], d.pop("built"))

        choices = []
        _choices = d.pop("choices")
        for choices_item_data in _choices:
            choices_item = cast(list[str], choices_item_data)

            choices.append(choices_item)

        crossbow = d.pop("crossbow")

        deficit_values = cast(list[int], d.pop("deficit_values"))

        deficits = d.pop("deficits")

        farm_level = d.pop("farm_level")

        farm_ready = d.pop("farm_ready")

        flipped = cast(list[str], d.pop("flipped"))

        generals = cast(list[str], d.pop("generals"))

        gold = d.pop("gold")

        granary_borders = cast(list[int], d.pop("granary_borders"))

        granary_farms = d.pop("granary_farms")

        hand = cast(list[str], d.pop("hand"))

        horse = d.pop("horse")

        last_border = d.pop("last_border")

        market_level = d.pop("market_level")

        market_ready = d.pop("market_ready")

        military = d.pop("military")

        occupying = cast(list[str], d.pop("occupying"))

        offer = cast(list[str], d.pop("offer"))

        office = d.pop("office")

        passed = d.pop("passed")

        rice = d.pop("rice")

        spear = d.pop("spear")

        successes = d.pop("successes")

        support = d.pop("support")

        to_keep = d.pop("to_keep")

        train_later = d.pop("train_later")

        trained = d.pop("trained")

        treasury_borders = cast(list[int], d.pop("treasury_borders"))

        treasury_markets = d.pop("treasury_markets")

        tribe = d.pop("tribe")

        tribe_done = d.pop("tribe_done")

        three_kingdoms_player_state = cls(
            armies=armies,
            benefits=benefits,
            bid_tokens=bid_tokens,
            boat=boat,
            built=built,
            choices=choices,
            crossbow=crossbow,
            deficit_values=deficit_values,
            deficits=deficits,
            farm_level=farm_level,
            farm_ready=farm_ready,
            flipped=flipped,
            generals=generals,
            gold=gold,
            granary_borders=granary_borders,
            granary_farms=granary_farms,
            hand=hand,
            horse=horse,
            last_border=last_border,
            market_level=market_level,
            market_ready=market_ready,
            military=military,
            occupying=occupying,
            offer=offer,
            office=office,
            passed=passed,
            rice=rice,
            spear=spear,
            successes=successes,
            support=support,
            to_keep=to_keep,
            train_later=train_later,
            trained=trained,
            treasury_borders=treasury_borders,
            treasury_markets=treasury_markets,
            tribe=tribe,
            tribe_done=tribe_done,
        )

        three_kingdoms_player_state.additional_properties = d
        return three_kingdoms_player_state

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
