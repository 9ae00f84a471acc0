from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.placement_in import PlacementIn


T = TypeVar("T", bound="ManualResult")


@_attrs_define
class ManualResult:
    """
    Attributes:
        placements (list[PlacementIn]):
        table_id (str): e.g. r2t1
    """

    placements: list[PlacementIn]
    table_id: str

    def to_dict(self) -> dict[str, Any]:
        placements = []
        for placements_item_data in self.placements:
            placements_item = placements_item_data.to_dict()
            placements.append(placements_item)

        table_id = self.table_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "placements": placements,
                "table_id": table_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.placement_in import PlacementIn  # noqa: PLC0415

        d = dict(src_dict)
        placements = []
        _placements = d.pop("placements")
        for placements_item_data in _placements:
            placements_item = PlacementIn.from_dict(placements_item_data)

            placements.append(placements_item)

        table_id = d.pop("table_id")

        manual_result = cls(
            placements=placements,
            table_id=table_id,
        )

        return manual_result
