from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.seat_auto_played_command import SeatAutoPlayedCommand


T = TypeVar("T", bound="SeatAutoPlayed")


@_attrs_define
class SeatAutoPlayed:
    """
    Attributes:
        command (SeatAutoPlayedCommand):
        reason (str):
        seat (int):
        type_ (Literal['game.seat_auto_played']):
    """

    command: SeatAutoPlayedCommand
    reason: str
    seat: int
    type_: Literal["game.seat_auto_played"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        command = self.command.to_dict()

        reason = self.reason

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "command": command,
                "reason": reason,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_auto_played_command import SeatAutoPlayedCommand  # noqa: PLC0415

        d = dict(src_dict)
        command = SeatAutoPlayedCommand.from_dict(d.pop("command"))

        reason = d.pop("reason")

        seat = d.pop("seat")

        type_ = cast(Literal["game.seat_auto_played"], d.pop("type"))
        if type_ != "game.seat_auto_played":
            raise ValueError(f"type must match const 'game.seat_auto_played', got '{type_}'")

        seat_auto_played = cls(
            command=command,
            reason=reason,
            seat=seat,
            type_=type_,
        )

        seat_auto_played.additional_properties = d
        return seat_auto_played

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
