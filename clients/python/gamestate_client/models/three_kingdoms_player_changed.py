from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_delta import ThreeKingdomsDelta


T = TypeVar("T", bound="ThreeKingdomsPlayerChanged")


@_attrs_define
class ThreeKingdomsPlayerChanged:
    """
    Attributes:
        delta (ThreeKingdomsDelta):
        reason (str):
        seat (int):
        type_ (Literal['three_kingdoms.player_changed']):
    """

    delta: ThreeKingdomsDelta
    reason: str
    seat: int
    type_: Literal["three_kingdoms.player_changed"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        delta = self.delta.to_dict()

        reason = self.reason

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "delta": delta,
                "reason": reason,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_delta import ThreeKingdomsDelta  # noqa: PLC0415

        d = dict(src_dict)
        delta = ThreeKingdomsDelta.from_dict(d.pop("delta"))

        reason = d.pop("reason")

        seat = d.pop("seat")

        type_ = cast(Literal["three_kingdoms.player_changed"], d.pop("type"))
        if type_ != "three_kingdoms.player_changed":
            raise ValueError(f"type must match const 'three_kingdoms.player_changed', got '{type_}'")

        three_kingdoms_player_changed = cls(
            delta=delta,
            reason=reason,
            seat=seat,
            type_=type_,
        )

        three_kingdoms_player_changed.additional_properties = d
        return three_kingdoms_player_changed

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
