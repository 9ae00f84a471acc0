from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesBonusCardKept")


@_attrs_define
class CastlesBonusCardKept:
    """
    Attributes:
        kept (int):
        returned (int):
        seat (int):
        source (int):
        type_ (Literal['castles.bonus_card_kept']):
    """

    kept: int
    returned: int
    seat: int
    source: int
    type_: Literal["castles.bonus_card_kept"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kept = self.kept

        returned = self.returned

        seat = self.seat

        source = self.source

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kept": kept,
                "returned": returned,
                "seat": seat,
                "source": source,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kept = d.pop("kept")

        returned = d.pop("returned")

        seat = d.pop("seat")

        source = d.pop("source")

        type_ = cast(Literal["castles.bonus_card_kept"], d.pop("type"))
        if type_ != "castles.bonus_card_kept":
            raise ValueError(f"type must match const 'castles.bonus_card_kept', got '{type_}'")

        castles_bonus_card_kept = cls(
            kept=kept,
            returned=returned,
            seat=seat,
            source=source,
            type_=type_,
        )

        castles_bonus_card_kept.additional_properties = d
        return castles_bonus_card_kept

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
