from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulBagRefilled")


@_attrs_define
class AzulBagRefilled:
    """
    Attributes:
        tiles (list[int]):
        type_ (Literal['azul.bag_refilled']):
    """

    tiles: list[int]
    type_: Literal["azul.bag_refilled"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tiles = self.tiles

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tiles": tiles,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tiles = cast(list[int], d.pop("tiles"))

        type_ = cast(Literal["azul.bag_refilled"], d.pop("type"))
        if type_ != "azul.bag_refilled":
            raise ValueError(f"type must match const 'azul.bag_refilled', got '{type_}'")

        azul_bag_refilled = cls(
            tiles=tiles,
            type_=type_,
        )

        azul_bag_refilled.additional_properties = d
        return azul_bag_refilled

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
