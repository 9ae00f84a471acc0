from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AzulFloorScored")


@_attrs_define
class AzulFloorScored:
    """
    Attributes:
        penalty (int):
        score (int):
        seat (int):
        to_lid (list[int]):
        type_ (Literal['azul.floor_scored']):
    """

    penalty: int
    score: int
    seat: int
    to_lid: list[int]
    type_: Literal["azul.floor_scored"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        penalty = self.penalty

        score = self.score

        seat = self.seat

        to_lid = self.to_lid

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "penalty": penalty,
                "score": score,
                "seat": seat,
                "to_lid": to_lid,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        penalty = d.pop("penalty")

        score = d.pop("score")

        seat = d.pop("seat")

        to_lid = cast(list[int], d.pop("to_lid"))

        type_ = cast(Literal["azul.floor_scored"], d.pop("type"))
        if type_ != "azul.floor_scored":
            raise ValueError(f"type must match const 'azul.floor_scored', got '{type_}'")

        azul_floor_scored = cls(
            penalty=penalty,
            score=score,
            seat=seat,
            to_lid=to_lid,
            type_=type_,
        )

        azul_floor_scored.additional_properties = d
        return azul_floor_scored

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
