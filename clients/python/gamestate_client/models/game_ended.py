from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.result import Result


T = TypeVar("T", bound="GameEnded")


@_attrs_define
class GameEnded:
    """
    Attributes:
        at (int):
        reason (str):
        result (Result):
        type_ (Literal['game.ended']):
    """

    at: int
    reason: str
    result: Result
    type_: Literal["game.ended"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        reason = self.reason

        result = self.result.to_dict()

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "reason": reason,
                "result": result,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.result import Result  # noqa: PLC0415

        d = dict(src_dict)
        at = d.pop("at")

        reason = d.pop("reason")

        result = Result.from_dict(d.pop("result"))

        type_ = cast(Literal["game.ended"], d.pop("type"))
        if type_ != "game.ended":
            raise ValueError(f"type must match const 'game.ended', got '{type_}'")

        game_ended = cls(
            at=at,
            reason=reason,
            result=result,
            type_=type_,
        )

        game_ended.additional_properties = d
        return game_ended

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
