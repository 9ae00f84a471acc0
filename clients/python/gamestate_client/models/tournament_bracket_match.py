from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentBracketMatch")


@_attrs_define
class TournamentBracketMatch:
    """
    Attributes:
        a (str):
        b (str):
        bracket (str):
        match_id (str):
        round_ (int):
    """

    a: str
    b: str
    bracket: str
    match_id: str
    round_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b = self.b

        bracket = self.bracket

        match_id = self.match_id

        round_ = self.round_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "b": b,
                "bracket": bracket,
                "match_id": match_id,
                "round": round_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        bracket = d.pop("bracket")

        match_id = d.pop("match_id")

        round_ = d.pop("round")

        tournament_bracket_match = cls(
            a=a,
            b=b,
            bracket=bracket,
            match_id=match_id,
            round_=round_,
        )

        tournament_bracket_match.additional_properties = d
        return tournament_bracket_match

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
