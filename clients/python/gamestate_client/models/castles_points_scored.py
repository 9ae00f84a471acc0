from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.castles_score_line import CastlesScoreLine


T = TypeVar("T", bound="CastlesPointsScored")


@_attrs_define
class CastlesPointsScored:
    """
    Attributes:
        lines (list[CastlesScoreLine]):
        seat (int):
        total (int):
        type_ (Literal['castles.points_scored']):
    """

    lines: list[CastlesScoreLine]
    seat: int
    total: int
    type_: Literal["castles.points_scored"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        seat = self.seat

        total = self.total

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lines": lines,
                "seat": seat,
                "total": total,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.castles_score_line import CastlesScoreLine  # noqa: PLC0415

        d = dict(src_dict)
        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = CastlesScoreLine.from_dict(lines_item_data)

            lines.append(lines_item)

        seat = d.pop("seat")

        total = d.pop("total")

        type_ = cast(Literal["castles.points_scored"], d.pop("type"))
        if type_ != "castles.points_scored":
            raise ValueError(f"type must match const 'castles.points_scored', got '{type_}'")

        castles_points_scored = cls(
            lines=lines,
            seat=seat,
            total=total,
            type_=type_,
        )

        castles_points_scored.additional_properties = d
        return castles_points_scored

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
