from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesBuyingStarted")


@_attrs_define
class CastlesBuyingStarted:
    """
    Attributes:
        order (list[int]):
        type_ (Literal['castles.buying_started']):
    """

    order: list[int]
    type_: Literal["castles.buying_started"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        order = self.order

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "order": order,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order = cast(list[int], d.pop("order"))

        type_ = cast(Literal["castles.buying_started"], d.pop("type"))
        if type_ != "castles.buying_started":
            raise ValueError(f"type must match const 'castles.buying_started', got '{type_}'")

        castles_buying_started = cls(
            order=order,
            type_=type_,
        )

        castles_buying_started.additional_properties = d
        return castles_buying_started

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
