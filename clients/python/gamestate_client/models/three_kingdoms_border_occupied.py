from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_occupation import ThreeKingdomsOccupation


T = TypeVar("T", bound="ThreeKingdomsBorderOccupied")


@_attrs_define
class ThreeKingdomsBorderOccupied:
    """
    Attributes:
        occupation (ThreeKingdomsOccupation):
        store (str):
        token_vp (int):
        type_ (Literal['three_kingdoms.border_occupied']):
    """

    occupation: ThreeKingdomsOccupation
    store: str
    token_vp: int
    type_: Literal["three_kingdoms.border_occupied"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        occupation = self.occupation.to_dict()

        store = self.store

        token_vp = self.token_vp

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "occupation": occupation,
                "store": store,
                "token_vp": token_vp,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_occupation import ThreeKingdomsOccupation  # noqa: PLC0415

        d = dict(src_dict)
        occupation = ThreeKingdomsOccupation.from_dict(d.pop("occupation"))

        store = d.pop("store")

        token_vp = d.pop("token_vp")

        type_ = cast(Literal["three_kingdoms.border_occupied"], d.pop("type"))
        if type_ != "three_kingdoms.border_occupied":
            raise ValueError(f"type must match const 'three_kingdoms.border_occupied', got '{type_}'")

        three_kingdoms_border_occupied = cls(
            occupation=occupation,
            store=store,
            token_vp=token_vp,
            type_=type_,
        )

        three_kingdoms_border_occupied.additional_properties = d
        return three_kingdoms_border_occupied

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
