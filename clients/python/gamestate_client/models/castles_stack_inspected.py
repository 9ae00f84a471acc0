from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesStackInspected")


@_attrs_define
class CastlesStackInspected:
    """
    Attributes:
        seat (int):
        size (int):
        source (int):
        type_ (Literal['castles.stack_inspected']):
    """

    seat: int
    size: int
    source: int
    type_: Literal["castles.stack_inspected"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        size = self.size

        source = self.source

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "size": size,
                "source": source,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        size = d.pop("size")

        source = d.pop("source")

        type_ = cast(Literal["castles.stack_inspected"], d.pop("type"))
        if type_ != "castles.stack_inspected":
            raise ValueError(f"type must match const 'castles.stack_inspected', got '{type_}'")

        castles_stack_inspected = cls(
            seat=seat,
            size=size,
            source=source,
            type_=type_,
        )

        castles_stack_inspected.additional_properties = d
        return castles_stack_inspected

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
