from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_summary import TournamentSummary


T = TypeVar("T", bound="TournamentPage")


@_attrs_define
class TournamentPage:
    """
    Attributes:
        items (list[TournamentSummary]):
        limit (int):
        next_ (None | str):
        offset (int):
        total (int):
    """

    items: list[TournamentSummary]
    limit: int
    next_: None | str
    offset: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        limit = self.limit

        next_: None | str
        next_ = self.next_

        offset = self.offset

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "limit": limit,
                "next": next_,
                "offset": offset,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_summary import TournamentSummary  # noqa: PLC0415

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = TournamentSummary.from_dict(items_item_data)

            items.append(items_item)

        limit = d.pop("limit")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        offset = d.pop("offset")

        total = d.pop("total")

        tournament_page = cls(
            items=items,
            limit=limit,
            next_=next_,
            offset=offset,
            total=total,
        )

        tournament_page.additional_properties = d
        return tournament_page

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
