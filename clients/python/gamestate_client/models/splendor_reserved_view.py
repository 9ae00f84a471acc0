from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.splendor_card_view import SplendorCardView


T = TypeVar("T", bound="SplendorReservedView")


@_attrs_define
class SplendorReservedView:
    """
    Attributes:
        blind (bool):
        card (None | SplendorCardView):
        level (int):
    """

    blind: bool
    card: None | SplendorCardView
    level: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.splendor_card_view import SplendorCardView  # noqa: PLC0415

        blind = self.blind

        card: dict[str, Any] | None
        if isinstance(self.card, SplendorCardView):
            card = self.card.to_dict()
        else:
            card = self.card

        level = self.level

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "blind": blind,
                "card": card,
                "level": level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.splendor_card_view import SplendorCardView  # noqa: PLC0415

        d = dict(src_dict)
        blind = d.pop("blind")

        def _parse_card(data: object) -> None | SplendorCardView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                card_type_0 = SplendorCardView.from_dict(data)

                return card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SplendorCardView, data)

        card = _parse_card(d.pop("card"))

        level = d.pop("level")

        splendor_reserved_view = cls(
            blind=blind,
            card=card,
            level=level,
        )

        splendor_reserved_view.additional_properties = d
        return splendor_reserved_view

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
