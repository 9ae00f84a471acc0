from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_benefit import ThreeKingdomsBenefit


T = TypeVar("T", bound="ThreeKingdomsBenefitResolved")


@_attrs_define
class ThreeKingdomsBenefitResolved:
    """
    Attributes:
        benefit (ThreeKingdomsBenefit):
        seat (int):
        taken (bool):
        type_ (Literal['three_kingdoms.benefit_resolved']):
    """

    benefit: ThreeKingdomsBenefit
    seat: int
    taken: bool
    type_: Literal["three_kingdoms.benefit_resolved"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        benefit = self.benefit.to_dict()

        seat = self.seat

        taken = self.taken

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "benefit": benefit,
                "seat": seat,
                "taken": taken,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_benefit import ThreeKingdomsBenefit  # noqa: PLC0415

        d = dict(src_dict)
        benefit = ThreeKingdomsBenefit.from_dict(d.pop("benefit"))

        seat = d.pop("seat")

        taken = d.pop("taken")

        type_ = cast(Literal["three_kingdoms.benefit_resolved"], d.pop("type"))
        if type_ != "three_kingdoms.benefit_resolved":
            raise ValueError(f"type must match const 'three_kingdoms.benefit_resolved', got '{type_}'")

        three_kingdoms_benefit_resolved = cls(
            benefit=benefit,
            seat=seat,
            taken=taken,
            type_=type_,
        )

        three_kingdoms_benefit_resolved.additional_properties = d
        return three_kingdoms_benefit_resolved

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
