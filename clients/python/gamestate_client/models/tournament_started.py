from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_bracket_match import TournamentBracketMatch


T = TypeVar("T", bound="TournamentStarted")


@_attrs_define
class TournamentStarted:
    """
    Attributes:
        bracket (list[TournamentBracketMatch]):
        seeding (list[int]):
        type_ (Literal['tournament.started']):
    """

    bracket: list[TournamentBracketMatch]
    seeding: list[int]
    type_: Literal["tournament.started"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bracket = []
        for bracket_item_data in self.bracket:
            bracket_item = bracket_item_data.to_dict()
            bracket.append(bracket_item)

        seeding = self.seeding

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bracket": bracket,
                "seeding": seeding,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_bracket_match import TournamentBracketMatch  # noqa: PLC0415

        d = dict(src_dict)
        bracket = []
        _bracket = d.pop("bracket")
        for bracket_item_data in _bracket:
            bracket_item = TournamentBracketMatch.from_dict(bracket_item_data)

            bracket.append(bracket_item)

        seeding = cast(list[int], d.pop("seeding"))

        type_ = cast(Literal["tournament.started"], d.pop("type"))
        if type_ != "tournament.started":
            raise ValueError(f"type must match const 'tournament.started', got '{type_}'")

        tournament_started = cls(
            bracket=bracket,
            seeding=seeding,
            type_=type_,
        )

        tournament_started.additional_properties = d
        return tournament_started

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
