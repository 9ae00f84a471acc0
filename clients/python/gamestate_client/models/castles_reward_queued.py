from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesRewardQueued")


@_attrs_define
class CastlesRewardQueued:
    """
    Attributes:
        cards (list[int]):
        kind (str):
        seat (int):
        source (int):
        type_ (Literal['castles.reward_queued']):
    """

    cards: list[int]
    kind: str
    seat: int
    source: int
    type_: Literal["castles.reward_queued"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        kind = self.kind

        seat = self.seat

        source = self.source

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "kind": kind,
                "seat": seat,
                "source": source,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[int], d.pop("cards"))

        kind = d.pop("kind")

        seat = d.pop("seat")

        source = d.pop("source")

        type_ = cast(Literal["castles.reward_queued"], d.pop("type"))
        if type_ != "castles.reward_queued":
            raise ValueError(f"type must match const 'castles.reward_queued', got '{type_}'")

        castles_reward_queued = cls(
            cards=cards,
            kind=kind,
            seat=seat,
            source=source,
            type_=type_,
        )

        castles_reward_queued.additional_properties = d
        return castles_reward_queued

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
