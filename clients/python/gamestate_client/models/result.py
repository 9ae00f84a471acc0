from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="Result")


@_attrs_define
class Result:
    """
    Attributes:
        ranking (list[Standing]):
        summary (str | Unset):  Default: ''.
    """

    ranking: list[Standing]
    summary: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ranking = []
        for ranking_item_data in self.ranking:
            ranking_item = ranking_item_data.to_dict()
            ranking.append(ranking_item)

        summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ranking": ranking,
            }
        )
        if summary is not UNSET:
            field_dict["summary"] = summary

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        ranking = []
        _ranking = d.pop("ranking")
        for ranking_item_data in _ranking:
            ranking_item = Standing.from_dict(ranking_item_data)

            ranking.append(ranking_item)

        summary = d.pop("summary", UNSET)

        result = cls(
            ranking=ranking,
            summary=summary,
        )

        result.additional_properties = d
        return result

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
