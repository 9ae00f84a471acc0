from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_benefit import ThreeKingdomsBenefit


T = TypeVar("T", bound="ThreeKingdomsPlayerView")


@_attrs_define
class ThreeKingdomsPlayerView:
    """
    Attributes:
        armies (int):
        benefits (list[ThreeKingdomsBenefit]):
        bid_tokens (int):
        boat (int):
        built (list[str]):
        choices (list[list[str]]):
        crossbow (int):
        deficit_values (list[int] | None):
        deficits (int):
        farm_level (int):
        farm_ready (int):
        flipped (list[str]):
        generals (list[str]):
        gold (int):
        granary_borders (list[int]):
        granary_farms (int):
        hand (list[str] | None):
        hand_separation (int):
        hand_unification (int):
        horse (int):
        kingdom (str):
        market_level (int):
        market_ready (int):
        military (int):
        occupying (list[str]):
        offer (list[str] | None):
        offer_size (int):
        office (int):
        passed (bool):
        rice (int):
        seat (int):
        spear (int):
        support (int):
        to_keep (int):
        trained (int):
        treasury_borders (list[int]):
        treasury_markets (int):
        tribe (int):
    """

    armies: int
    benefits: list[ThreeKingdomsBenefit]
    bid_tokens: int
    boat: int
    built: list[str]
    choices: list[list[str]]
    crossbow: int
    deficit_values: list[int] | None
    deficits: int
    farm_level: int
    farm_ready: int
    flipped: list[str]
    generals: list[str]
    gold: int
    granary_borders: list[int]
    granary_farms: int
    hand: list[str] | None
    hand_separation: int
    hand_unification: int
    horse: int
    kingdom: str
    market_level: int
    market_ready: int
    military: int
    occupying: list[str]
    offer: list[str] | None
    offer_size: int
    office: int
    passed: bool
    rice: int
    seat: int
    spear: int
    support: int
    to_keep: int
    trained: int
    treasury_borders: list[int]
    treasury_markets: int
    tribe: int
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

        deficit_values: list[int] | None
        if isinstance(self.deficit_values, list):
            deficit_values = self.deficit_values

        else:
            deficit_values = self.deficit_values

        deficits = self.deficits

        farm_level = self.farm_level

        farm_ready = self.farm_ready

        flipped = self.flipped

        generals = self.generals

        gold = self.gold

        granary_borders = self.granary_borders

        granary_farms = self.granary_farms

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        hand_separation = self.hand_separation

        hand_unification = self.hand_unification

        horse = self.horse

        kingdom = self.kingdom

        market_level = self.market_level

        market_ready = self.market_ready

        military = self.military

        occupying = self.occupying

        offer: list[str] | None
        if isinstance(self.offer, list):
            offer = self.offer

        else:
            offer = self.offer

        offer_size = self.offer_size

        office = self.office

        passed = self.passed

        rice = self.rice

        seat = self.seat

        spear = self.spear

        support = self.support

        to_keep = self.to_keep

        trained = self.trained

        treasury_borders = self.treasury_borders

        treasury_markets = self.treasury_markets

        tribe = self.tribe

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
                "hand_separation": hand_separation,
                "hand_unification": hand_unification,
                "horse": horse,
                "kingdom": kingdom,
                "market_level": market_level,
                "market_ready": market_ready,
                "military": military,
                "occupying": occupying,
                "offer": offer,
                "offer_size": offer_size,
                "office": office,
                "passed": passed,
                "rice": rice,
                "seat": seat,
                "spear": spear,
                "support": support,
                "to_keep": to_keep,
                "trained": trained,
                "treasury_borders": treasury_borders,
                "treasury_markets": treasury_markets,
                "tribe": tribe,
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

        def _parse_deficit_values(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deficit_values_type_0 = cast(list[int], data)

                return deficit_values_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        deficit_values = _parse_deficit_values(d.pop("deficit_values"))

        deficits = d.pop("deficits")

        farm_level = d.pop("farm_level")

        farm_ready = d.pop("farm_ready")

        flipped = cast(list[str], d.pop("flipped"))

        generals = cast(list[str], d.pop("generals"))

        gold = d.pop("gold")

        granary_borders = cast(list[int], d.pop("granary_borders"))

        granary_farms = d.pop("granary_farms")

        def _parse_hand(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        hand = _parse_hand(d.pop("hand"))

        hand_separation = d.pop("hand_separation")

        hand_unification = d.pop("hand_unification")

        horse = d.pop("horse")

        kingdom = d.pop("kingdom")

        market_level = d.pop("market_level")

        market_ready = d.pop("market_ready")

        military = d.pop("military")

        occupying = cast(list[str], d.pop("occupying"))

        def _parse_offer(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                offer_type_0 = cast(list[str], data)

                return offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        offer = _parse_offer(d.pop("offer"))

        offer_size = d.pop("offer_size")

        office = d.pop("office")

        passed = d.pop("passed")

        rice = d.pop("rice")

        seat = d.pop("seat")

        spear = d.pop("spear")

        support = d.pop("support")

        to_keep = d.pop("to_keep")

        trained = d.pop("trained")

        treasury_borders = cast(list[int], d.pop("treasury_borders"))

        treasury_markets = d.pop("treasury_markets")

        tribe = d.pop("tribe")

        three_kingdoms_player_view = cls(
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
            hand_separation=hand_separation,
            hand_unification=hand_unification,
            horse=horse,
            kingdom=kingdom,
            market_level=market_level,
            market_ready=market_ready,
            military=military,
            occupying=occupying,
            offer=offer,
            offer_size=offer_size,
            office=office,
            passed=passed,
            rice=rice,
            seat=seat,
            spear=spear,
            support=support,
            to_keep=to_keep,
            trained=trained,
            treasury_borders=treasury_borders,
            treasury_markets=treasury_markets,
            tribe=tribe,
        )

        three_kingdoms_player_view.additional_properties = d
        return three_kingdoms_player_view

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
