from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deciding import Deciding


T = TypeVar("T", bound="ClocksSet")


@_attrs_define
class ClocksSet:
    """
    Attributes:
        acted (int | None):
        at (int):
        banks (list[int]):
        deciding (list[Deciding]):
        type_ (Literal['game.clocks_set']):
    """

    acted: int | None
    at: int
    banks: list[int]
    deciding: list[Deciding]
    type_: Literal["game.clocks_set"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        acted: int | None
        acted = self.acted

        at = self.at

        banks = self.banks

        deciding = []
        for deciding_item_data in self.deciding:
            deciding_item = deciding_item_data.to_dict()
            deciding.append(deciding_item)

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "acted": acted,
                "at": at,
                "banks": banks,
                "deciding": deciding,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deciding import Deciding  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_acted(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        acted = _parse_acted(d.pop("acted"))

        at = d.pop("at")

        banks = cast(list[int], d.pop("banks"))

        deciding = []
        _deciding = d.pop("deciding")
        for deciding_item_data in _deciding:
            deciding_item = Deciding.from_dict(deciding_item_data)

            deciding.append(deciding_item)

        type_ = cast(Literal["game.clocks_set"], d.pop("type"))
        if type_ != "game.clocks_set":
            raise ValueError(f"type must match const 'game.clocks_set', got '{type_}'")

        clocks_set = cls(
            acted=acted,
            at=at,
            banks=banks,
            deciding=deciding,
            type_=type_,
        )

        clocks_set.additional_properties = d
        return clocks_set

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
