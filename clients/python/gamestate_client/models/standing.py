from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        place (int):
        score (int):
        seat (int):
        tiebreak (list[int] | Unset):
    """

    place: int
    score: int
    seat: int
    tiebreak: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        place = self.place

        score = self.score

        seat = self.seat

        tiebreak: list[int] | Unset = UNSET
        if not isinstance(self.tiebreak, Unset):
            tiebreak = self.tiebreak

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "place": place,
                "score": score,
                "seat": seat,
            }
        )
        if tiebreak is not UNSET:
            field_dict["tiebreak"] = tiebreak

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        place = d.pop("place")

        score = d.pop("score")

        seat = d.pop("seat")

        tiebreak = cast(list[int], d.pop("tiebreak", UNSET))

        standing = cls(
            place=place,
            score=score,
            seat=seat,
            tiebreak=tiebreak,
        )

        standing.additional_properties = d
        return standing

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
