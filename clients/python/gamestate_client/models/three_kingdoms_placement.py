from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreeKingdomsPlacement")


@_attrs_define
class ThreeKingdomsPlacement:
    """
    Attributes:
        bid_tokens (int):  Default: 0.
        general (str):
        han (int):  Default: 0.
        seat (int):
        space (str):
        support (int):  Default: 0.
        tick (int):  Default: 0.
        units (list[str]):
    """

    general: str
    seat: int
    space: str
    units: list[str]
    bid_tokens: int = 0
    han: int = 0
    support: int = 0
    tick: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bid_tokens = self.bid_tokens

        general = self.general

        han = self.han

        seat = self.seat

        space = self.space

        support = self.support

        tick = self.tick

        units = self.units

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bid_tokens": bid_tokens,
                "general": general,
                "han": han,
                "seat": seat,
                "space": space,
                "support": support,
                "tick": tick,
                "units": units,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bid_tokens = d.pop("bid_tokens")

        general = d.pop("general")

        han = d.pop("han")

        seat = d.pop("seat")

        space = d.pop("space")

        support = d.pop("support")

        tick = d.pop("tick")

        units = cast(list[str], d.pop("units"))

        three_kingdoms_placement = cls(
            bid_tokens=bid_tokens,
            general=general,
            han=han,
            seat=seat,
            space=space,
            support=support,
            tick=tick,
            units=units,
        )

        three_kingdoms_placement.additional_properties = d
        return three_kingdoms_placement

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
