from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.azul_line import AzulLine


T = TypeVar("T", bound="AzulBoard")


@_attrs_define
class AzulBoard:
    """
    Attributes:
        floor (list[str]):
        lines (list[AzulLine]):
        score (int):  Default: 0.
        wall (list[list[None | str]]):
    """

    floor: list[str]
    lines: list[AzulLine]
    wall: list[list[None | str]]
    score: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        floor = self.floor

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        score = self.score

        wall = []
        for wall_item_data in self.wall:
            wall_item = []
            for wall_item_item_data in wall_item_data:
                wall_item_item: None | str
                wall_item_item = wall_item_item_data
                wall_item.append(wall_item_item)

            wall.append(wall_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "floor": floor,
                "lines": lines,
                "score": score,
                "wall": wall,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.azul_line import AzulLine  # noqa: PLC0415

        d = dict(src_dict)
        floor = cast(list[str], d.pop("floor"))

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = AzulLine.from_dict(lines_item_data)

            lines.append(lines_item)

        score = d.pop("score")

        wall = []
        _wall = d.pop("wall")
        for wall_item_data in _wall:
            wall_item = []
            _wall_item = wall_item_data
            for wall_item_item_data in _wall_item:

                def _parse_wall_item_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                wall_item_item = _parse_wall_item_item(wall_item_item_data)

                wall_item.append(wall_item_item)

            wall.append(wall_item)

        azul_board = cls(
            floor=floor,
            lines=lines,
            score=score,
            wall=wall,
        )

        azul_board.additional_properties = d
        return azul_board

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
