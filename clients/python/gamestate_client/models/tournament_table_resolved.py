from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_placement import TournamentPlacement


T = TypeVar("T", bound="TournamentTableResolved")


@_attrs_define
class TournamentTableResolved:
    """
    Attributes:
        placements (list[TournamentPlacement]):
        reason (str):  Default: ''.
        table_id (str):
        type_ (Literal['tournament.table_resolved']):
    """

    placements: list[TournamentPlacement]
    table_id: str
    type_: Literal["tournament.table_resolved"]
    reason: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        placements = []
        for placements_item_data in self.placements:
            placements_item = placements_item_data.to_dict()
            placements.append(placements_item)

        reason = self.reason

        table_id = self.table_id

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "placements": placements,
                "reason": reason,
                "table_id": table_id,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_placement import TournamentPlacement  # noqa: PLC0415

        d = dict(src_dict)
        placements = []
        _placements = d.pop("placements")
        for placements_item_data in _placements:
            placements_item = TournamentPlacement.from_dict(placements_item_data)

            placements.append(placements_item)

        reason = d.pop("reason")

        table_id = d.pop("table_id")

        type_ = cast(Literal["tournament.table_resolved"], d.pop("type"))
        if type_ != "tournament.table_resolved":
            raise ValueError(f"type must match const 'tournament.table_resolved', got '{type_}'")

        tournament_table_resolved = cls(
            placements=placements,
            reason=reason,
            table_id=table_id,
            type_=type_,
        )

        tournament_table_resolved.additional_properties = d
        return tournament_table_resolved

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
