from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorNobleChoiceOffered")


@_attrs_define
class SplendorNobleChoiceOffered:
    """
    Attributes:
        nobles (list[int]):
        seat (int):
        type_ (Literal['splendor.noble_choice_offered']):
    """

    nobles: list[int]
    seat: int
    type_: Literal["splendor.noble_choice_offered"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nobles = self.nobles

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "nobles": nobles,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nobles = cast(list[int], d.pop("nobles"))

        seat = d.pop("seat")

        type_ = cast(Literal["splendor.noble_choice_offered"], d.pop("type"))
        if type_ != "splendor.noble_choice_offered":
            raise ValueError(f"type must match const 'splendor.noble_choice_offered', got '{type_}'")

        splendor_noble_choice_offered = cls(
            nobles=nobles,
            seat=seat,
            type_=type_,
        )

        splendor_noble_choice_offered.additional_properties = d
        return splendor_noble_choice_offered

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
