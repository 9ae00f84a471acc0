from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LobbySeat")


@_attrs_define
class LobbySeat:
    """
    Attributes:
        name (None | str):
        open_ (bool):
        reserved (bool):  Default: False.
        seat (int):
    """

    name: None | str
    open_: bool
    seat: int
    reserved: bool = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name: None | str
        name = self.name

        open_ = self.open_

        reserved = self.reserved

        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "open": open_,
                "reserved": reserved,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        open_ = d.pop("open")

        reserved = d.pop("reserved")

        seat = d.pop("seat")

        lobby_seat = cls(
            name=name,
            open_=open_,
            reserved=reserved,
            seat=seat,
        )

        lobby_seat.additional_properties = d
        return lobby_seat

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
