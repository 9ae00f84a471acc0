from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.placement_in import PlacementIn


T = TypeVar("T", bound="Resolution")


@_attrs_define
class Resolution:
    """
    Attributes:
        placements (list[PlacementIn]):
        reason (str):
    """

    placements: list[PlacementIn]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        placements = []
        for placements_item_data in self.placements:
            placements_item = placements_item_data.to_dict()
            placements.append(placements_item)

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "placements": placements,
                "reason": reason,
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

        reason = d.pop("reason")

        resolution = cls(
            placements=placements,
            reason=reason,
        )

        return resolution
