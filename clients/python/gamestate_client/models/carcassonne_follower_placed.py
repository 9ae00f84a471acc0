from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CarcassonneFollowerPlaced")


@_attrs_define
class CarcassonneFollowerPlaced:
    """
    Attributes:
        node (int):
        seat (int):
        segment (str):
        type_ (Literal['carcassonne.follower_placed']):
        x (int):
        y (int):
    """

    node: int
    seat: int
    segment: str
    type_: Literal["carcassonne.follower_placed"]
    x: int
    y: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        node = self.node

        seat = self.seat

        segment = self.segment

        type_ = self.type_

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "node": node,
                "seat": seat,
                "segment": segment,
                "type": type_,
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        node = d.pop("node")

        seat = d.pop("seat")

        segment = d.pop("segment")

        type_ = cast(Literal["carcassonne.follower_placed"], d.pop("type"))
        if type_ != "carcassonne.follower_placed":
            raise ValueError(f"type must match const 'carcassonne.follower_placed', got '{type_}'")

        x = d.pop("x")

        y = d.pop("y")

        carcassonne_follower_placed = cls(
            node=node,
            seat=seat,
            segment=segment,
            type_=type_,
            x=x,
            y=y,
        )

        carcassonne_follower_placed.additional_properties = d
        return carcassonne_follower_placed

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
