from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentTableVoided")


@_attrs_define
class TournamentTableVoided:
    """
    Attributes:
        reason (str):  Default: ''.
        table_id (str):
        type_ (Literal['tournament.table_voided']):
    """

    table_id: str
    type_: Literal["tournament.table_voided"]
    reason: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        table_id = self.table_id

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "table_id": table_id,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        table_id = d.pop("table_id")

        type_ = cast(Literal["tournament.table_voided"], d.pop("type"))
        if type_ != "tournament.table_voided":
            raise ValueError(f"type must match const 'tournament.table_voided', got '{type_}'")

        tournament_table_voided = cls(
            reason=reason,
            table_id=table_id,
            type_=type_,
        )

        tournament_table_voided.additional_properties = d
        return tournament_table_voided

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
