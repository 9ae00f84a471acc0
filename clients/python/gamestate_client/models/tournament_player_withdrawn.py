from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentPlayerWithdrawn")


@_attrs_define
class TournamentPlayerWithdrawn:
    """
    Attributes:
        after_round (int):
        player_id (int):
        type_ (Literal['tournament.player_withdrawn']):
    """

    after_round: int
    player_id: int
    type_: Literal["tournament.player_withdrawn"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        after_round = self.after_round

        player_id = self.player_id

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "after_round": after_round,
                "player_id": player_id,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after_round = d.pop("after_round")

        player_id = d.pop("player_id")

        type_ = cast(Literal["tournament.player_withdrawn"], d.pop("type"))
        if type_ != "tournament.player_withdrawn":
            raise ValueError(f"type must match const 'tournament.player_withdrawn', got '{type_}'")

        tournament_player_withdrawn = cls(
            after_round=after_round,
            player_id=player_id,
            type_=type_,
        )

        tournament_player_withdrawn.additional_properties = d
        return tournament_player_withdrawn

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
