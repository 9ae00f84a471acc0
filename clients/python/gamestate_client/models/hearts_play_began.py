from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeartsPlayBegan")


@_attrs_define
class HeartsPlayBegan:
    """
    Attributes:
        leader (int):
        type_ (Literal['hearts.play_began']):
    """

    leader: int
    type_: Literal["hearts.play_began"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        leader = self.leader

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "leader": leader,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        leader = d.pop("leader")

        type_ = cast(Literal["hearts.play_began"], d.pop("type"))
        if type_ != "hearts.play_began":
            raise ValueError(f"type must match const 'hearts.play_began', got '{type_}'")

        hearts_play_began = cls(
            leader=leader,
            type_=type_,
        )

        hearts_play_began.additional_properties = d
        return hearts_play_began

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
