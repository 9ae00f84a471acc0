from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TurnTimedOut")


@_attrs_define
class TurnTimedOut:
    """
    Attributes:
        at (int):
        deadline (int):
        in_a_row (int):
        outcome (str):
        seat (int):
        type_ (Literal['game.turn_timed_out']):
        zombie (bool):  Default: False.
    """

    at: int
    deadline: int
    in_a_row: int
    outcome: str
    seat: int
    type_: Literal["game.turn_timed_out"]
    zombie: bool = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        deadline = self.deadline

        in_a_row = self.in_a_row

        outcome = self.outcome

        seat = self.seat

        type_ = self.type_

        zombie = self.zombie

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "deadline": deadline,
                "in_a_row": in_a_row,
                "outcome": outcome,
                "seat": seat,
                "type": type_,
                "zombie": zombie,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = d.pop("at")

        deadline = d.pop("deadline")

        in_a_row = d.pop("in_a_row")

        outcome = d.pop("outcome")

        seat = d.pop("seat")

        type_ = cast(Literal["game.turn_timed_out"], d.pop("type"))
        if type_ != "game.turn_timed_out":
            raise ValueError(f"type must match const 'game.turn_timed_out', got '{type_}'")

        zombie = d.pop("zombie")

        turn_timed_out = cls(
            at=at,
            deadline=deadline,
            in_a_row=in_a_row,
            outcome=outcome,
            seat=seat,
            type_=type_,
            zombie=zombie,
        )

        turn_timed_out.additional_properties = d
        return turn_timed_out

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
