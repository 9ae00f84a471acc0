from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsPassCompleted")


@_attrs_define
class HeartsPassCompleted:
    """
    Attributes:
        received (list[list[str]]):
        type_ (Literal['hearts.pass_completed']):
    """

    received: list[list[str]]
    type_: Literal["hearts.pass_completed"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        received = []
        for received_item_data in self.received:
            received_item = received_item_data

            received.append(received_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "received": received,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        received = []
        _received = d.pop("received")
        for received_item_data in _received:
            received_item = cast(list[str], received_item_data)

            received.append(received_item)

        type_ = cast(Literal["hearts.pass_completed"], d.pop("type"))
        if type_ != "hearts.pass_completed":
            raise ValueError(f"type must match const 'hearts.pass_completed', got '{type_}'")

        hearts_pass_completed = cls(
            received=received,
            type_=type_,
        )

        hearts_pass_completed.additional_properties = d
        return hearts_pass_completed

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
