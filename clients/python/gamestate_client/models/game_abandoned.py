from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.result import Result


T = TypeVar("T", bound="GameAbandoned")


@_attrs_define
class GameAbandoned:
    """
    Attributes:
        at (int):
        by (str):
        reason (str):
        result (None | Result):
        type_ (Literal['game.abandoned']):
    """

    at: int
    by: str
    reason: str
    result: None | Result
    type_: Literal["game.abandoned"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.result import Result  # noqa: PLC0415

        at = self.at

        by = self.by

        reason = self.reason

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "by": by,
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

        by = d.pop("by")

        reason = d.pop("reason")

        def _parse_result(data: object) -> None | Result:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Result.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Result, data)

        result = _parse_result(d.pop("result"))

        type_ = cast(Literal["game.abandoned"], d.pop("type"))
        if type_ != "game.abandoned":
            raise ValueError(f"type must match const 'game.abandoned', got '{type_}'")

        game_abandoned = cls(
            at=at,
            by=by,
            reason=reason,
            result=result,
            type_=type_,
        )

        game_abandoned.additional_properties = d
        return game_abandoned

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
