from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_table import TournamentTable


T = TypeVar("T", bound="TournamentRoundStarted")


@_attrs_define
class TournamentRoundStarted:
    """
    Attributes:
        label (str):  Default: ''.
        round_ (int):
        tables (list[TournamentTable]):
        type_ (Literal['tournament.round_started']):
    """

    round_: int
    tables: list[TournamentTable]
    type_: Literal["tournament.round_started"]
    label: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        round_ = self.round_

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "round": round_,
                "tables": tables,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_table import TournamentTable  # noqa: PLC0415

        d = dict(src_dict)
        label = d.pop("label")

        round_ = d.pop("round")

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = TournamentTable.from_dict(tables_item_data)

            tables.append(tables_item)

        type_ = cast(Literal["tournament.round_started"], d.pop("type"))
        if type_ != "tournament.round_started":
            raise ValueError(f"type must match const 'tournament.round_started', got '{type_}'")

        tournament_round_started = cls(
            label=label,
            round_=round_,
            tables=tables,
            type_=type_,
        )

        tournament_round_started.additional_properties = d
        return tournament_round_started

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
