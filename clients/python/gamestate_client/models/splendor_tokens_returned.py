from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorTokensReturned")


@_attrs_define
class SplendorTokensReturned:
    """
    Attributes:
        seat (int):
        tokens (list[int]):
        type_ (Literal['splendor.tokens_returned']):
    """

    seat: int
    tokens: list[int]
    type_: Literal["splendor.tokens_returned"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        tokens = self.tokens

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "tokens": tokens,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        tokens = cast(list[int], d.pop("tokens"))

        type_ = cast(Literal["splendor.tokens_returned"], d.pop("type"))
        if type_ != "splendor.tokens_returned":
            raise ValueError(f"type must match const 'splendor.tokens_returned', got '{type_}'")

        splendor_tokens_returned = cls(
            seat=seat,
            tokens=tokens,
            type_=type_,
        )

        splendor_tokens_returned.additional_properties = d
        return splendor_tokens_returned

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
