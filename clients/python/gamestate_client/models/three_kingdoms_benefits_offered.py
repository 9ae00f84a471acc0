from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_benefit import ThreeKingdomsBenefit


T = TypeVar("T", bound="ThreeKingdomsBenefitsOffered")


@_attrs_define
class ThreeKingdomsBenefitsOffered:
    """
    Attributes:
        benefits (list[ThreeKingdomsBenefit]):
        seat (int):
        type_ (Literal['three_kingdoms.benefits_offered']):
    """

    benefits: list[ThreeKingdomsBenefit]
    seat: int
    type_: Literal["three_kingdoms.benefits_offered"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        benefits = []
        for benefits_item_data in self.benefits:
            benefits_item = benefits_item_data.to_dict()
            benefits.append(benefits_item)

        seat = self.seat

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "benefits": benefits,
                "seat": seat,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_benefit import ThreeKingdomsBenefit  # noqa: PLC0415

        d = dict(src_dict)
        benefits = []
        _benefits = d.pop("benefits")
        for benefits_item_data in _benefits:
            benefits_item = ThreeKingdomsBenefit.from_dict(benefits_item_data)

            benefits.append(benefits_item)

        seat = d.pop("seat")

        type_ = cast(Literal["three_kingdoms.benefits_offered"], d.pop("type"))
        if type_ != "three_kingdoms.benefits_offered":
            raise ValueError(f"type must match const 'three_kingdoms.benefits_offered', got '{type_}'")

        three_kingdoms_benefits_offered = cls(
            benefits=benefits,
            seat=seat,
            type_=type_,
        )

        three_kingdoms_benefits_offered.additional_properties = d
        return three_kingdoms_benefits_offered

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
