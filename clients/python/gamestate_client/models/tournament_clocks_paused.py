from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentClocksPaused")


@_attrs_define
class TournamentClocksPaused:
    """
    Attributes:
        reason (str):  Default: ''.
        type_ (Literal['tournament.clocks_paused']):
    """

    type_: Literal["tournament.clocks_paused"]
    reason: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = d.pop("reason")

        type_ = cast(Literal["tournament.clocks_paused"], d.pop("type"))
        if type_ != "tournament.clocks_paused":
            raise ValueError(f"type must match const 'tournament.clocks_paused', got '{type_}'")

        tournament_clocks_paused = cls(
            reason=reason,
            type_=type_,
        )

        tournament_clocks_paused.additional_properties = d
        return tournament_clocks_paused

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
