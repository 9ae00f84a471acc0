from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CastlesStopPicking")


@_attrs_define
class CastlesStopPicking:
    """
    Attributes:
        type_ (Literal['castles.stop_picking']):
    """

    type_: Literal["castles.stop_picking"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["castles.stop_picking"], d.pop("type"))
        if type_ != "castles.stop_picking":
            raise ValueError(f"type must match const 'castles.stop_picking', got '{type_}'")

        castles_stop_picking = cls(
            type_=type_,
        )

        return castles_stop_picking
