from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_table_state import TournamentTableState


T = TypeVar("T", bound="TournamentRoundState")


@_attrs_define
class TournamentRoundState:
    """
    Attributes:
        completed (bool):  Default: False.
        label (str):  Default: ''.
        number (int):
        tables (list[TournamentTableState]):
    """

    number: int
    tables: list[TournamentTableState]
    completed: bool = False
    label: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        completed = self.completed

        label = self.label

        number = self.number

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "completed": completed,
                "label": label,
                "number": number,
                "tables": tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_table_state import TournamentTableState  # noqa: PLC0415

        d = dict(src_dict)
        completed = d.pop("completed")

        label = d.pop("label")

        number = d.pop("number")

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = TournamentTableState.from_dict(tables_item_data)

            tables.append(tables_item)

        tournament_round_state = cls(
            completed=completed,
            label=label,
            number=number,
            tables=tables,
        )

        tournament_round_state.additional_properties = d
        return tournament_round_state

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
