from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CastlesInspectStack")


@_attrs_define
class CastlesInspectStack:
    """
    Attributes:
        size (int):
        type_ (Literal['castles.inspect_stack']):
    """

    size: int
    type_: Literal["castles.inspect_stack"]

    def to_dict(self) -> dict[str, Any]:
        size = self.size

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "size": size,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        size = d.pop("size")

        type_ = cast(Literal["castles.inspect_stack"], d.pop("type"))
        if type_ != "castles.inspect_stack":
            raise ValueError(f"type must match const 'castles.inspect_stack', got '{type_}'")

        castles_inspect_stack = cls(
            size=size,
            type_=type_,
        )

        return castles_inspect_stack
