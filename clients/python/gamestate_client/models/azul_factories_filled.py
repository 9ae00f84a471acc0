from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulFactoriesFilled")


@_attrs_define
class AzulFactoriesFilled:
    """
    Attributes:
        factories (list[list[str]]):
        round_ (int):
        starter (int):
        type_ (Literal['azul.factories_filled']):
    """

    factories: list[list[str]]
    round_: int
    starter: int
    type_: Literal["azul.factories_filled"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        factories = []
        for factories_item_data in self.factories:
            factories_item = factories_item_data

            factories.append(factories_item)

        round_ = self.round_

        starter = self.starter

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "factories": factories,
                "round": round_,
                "starter": starter,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        factories = []
        _factories = d.pop("factories")
        for factories_item_data in _factories:
            factories_item = cast(list[str], factories_item_data)

            factories.append(factories_item)

        round_ = d.pop("round")

        starter = d.pop("starter")

        type_ = cast(Literal["azul.factories_filled"], d.pop("type"))
        if type_ != "azul.factories_filled":
            raise ValueError(f"type must match const 'azul.factories_filled', got '{type_}'")

        azul_factories_filled = cls(
            factories=factories,
            round_=round_,
            starter=starter,
            type_=type_,
        )

        azul_factories_filled.additional_properties = d
        return azul_factories_filled

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
