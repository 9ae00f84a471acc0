from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_placement import TournamentPlacement


T = TypeVar("T", bound="TournamentResultRecorded")


@_attrs_define
class TournamentResultRecorded:
    """
    Attributes:
        placements (list[TournamentPlacement]):
        source (str):  Default: 'game'.
        table_id (str):
        type_ (Literal['tournament.result_recorded']):
    """

    placements: list[TournamentPlacement]
    table_id: str
    type_: Literal["tournament.result_recorded"]
    source: str = "game"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        placements = []
        for placements_item_data in self.placements:
            placements_item = placements_item_data.to_dict()
            placements.append(placements_item)

        source = self.source

        table_id = self.table_id

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "placements": placements,
                "source": source,
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

        source = d.pop("source")

        table_id = d.pop("table_id")

        type_ = cast(Literal["tournament.result_recorded"], d.pop("type"))
        if type_ != "tournament.result_recorded":
            raise ValueError(f"type must match const 'tournament.result_recorded', got '{type_}'")

        tournament_result_recorded = cls(
            placements=placements,
            source=source,
            table_id=table_id,
            type_=type_,
        )

        tournament_result_recorded.additional_properties = d
        return tournament_result_recorded

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
