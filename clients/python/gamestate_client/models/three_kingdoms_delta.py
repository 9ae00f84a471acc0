from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsDelta")


@_attrs_define
class ThreeKingdomsDelta:
    """
    Attributes:
        armies (int):  Default: 0.
        bid_tokens (int):  Default: 0.
        boat (int):  Default: 0.
        crossbow (int):  Default: 0.
        deficits (int):  Default: 0.
        farm_level (int):  Default: 0.
        farm_ready (int):  Default: 0.
        gold (int):  Default: 0.
        granary_farms (int):  Default: 0.
        horse (int):  Default: 0.
        market_level (int):  Default: 0.
        market_ready (int):  Default: 0.
        military (int):  Default: 0.
        office (int):  Default: 0.
        rice (int):  Default: 0.
        spear (int):  Default: 0.
        support (int):  Default: 0.
        train_later (int):  Default: 0.
        trained (int):  Default: 0.
        treasury_markets (int):  Default: 0.
        tribe (int):  Default: 0.
    """

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
    market_level: int = 0
    market_ready: int = 0
    military: int = 0
    office: int = 0
    rice: int = 0
    spear: int = 0
    support: int = 0
    train_later: int = 0
    trained: int = 0
    treasury_markets: int = 0
    tribe: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        armies = self.armies

        bid_tokens = self.bid_tokens

        boat = self.boat

        crossbow = self.crossbow

        deficits = self.deficits

        farm_level = self.farm_level

        farm_ready = self.farm_ready

        gold = self.gold

        granary_farms = self.granary_farms

        horse = self.horse

        market_level = self.market_level

        market_ready = self.market_ready

        military = self.military

        office = self.office

        rice = self.rice

        spear = self.spear

        support = self.support

        train_later = self.train_later

        trained = self.trained

        treasury_markets = self.treasury_markets

        tribe = self.tribe

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "armies": armies,
                "bid_tokens": bid_tokens,
                "boat": boat,
                "crossbow": crossbow,
                "deficits": deficits,
                "farm_level": farm_level,
                "farm_ready": farm_ready,
                "gold": gold,
                "granary_farms": granary_farms,
                "horse": horse,
                "market_level": market_level,
                "market_ready": market_ready,
                "military": military,
                "office": office,
                "rice": rice,
                "spear": spear,
                "support": support,
                "train_later": train_later,
                "trained": trained,
                "treasury_markets": treasury_markets,
                "tribe": tribe,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        armies = d.pop("armies")

        bid_tokens = d.pop("bid_tokens")

        boat = d.pop("boat")

        crossbow = d.pop("crossbow")

        deficits = d.pop("deficits")

        farm_level = d.pop("farm_level")

        farm_ready = d.pop("farm_ready")

        gold = d.pop("gold")

        granary_farms = d.pop("granary_farms")

        horse = d.pop("horse")

        market_level = d.pop("market_level")

        market_ready = d.pop("market_ready")

        military = d.pop("military")

        office = d.pop("office")

        rice = d.pop("rice")

        spear = d.pop("spear")

        support = d.pop("support")

        train_later = d.pop("train_later")

        trained = d.pop("trained")

        treasury_markets = d.pop("treasury_markets")

        tribe = d.pop("tribe")

        three_kingdoms_delta = cls(
            armies=armies,
            bid_tokens=bid_tokens,
            boat=boat,
            crossbow=crossbow,
            deficits=deficits,
            farm_level=farm_level,
            farm_ready=farm_ready,
            gold=gold,
            granary_farms=granary_farms,
            horse=horse,
            market_level=market_level,
            market_ready=market_ready,
            military=military,
            office=office,
            rice=rice,
            spear=spear,
            support=support,
            train_later=train_later,
            trained=trained,
            treasury_markets=treasury_markets,
            tribe=tribe,
        )

        three_kingdoms_delta.additional_properties = d
        return three_kingdoms_delta

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
