from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentTable")


@_attrs_define
class TournamentTable:
    """
    Attributes:
        bye (bool):  Default: False.
        match (str):  Default: ''.
        players (list[int]):
        seed (str):  Default: ''.
        table_id (str):
    """

    players: list[int]
    table_id: str
    bye: bool = False
    match: str = ""
    seed: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bye = self.bye

        match = self.match

        players = self.players

        seed = self.seed

        table_id = self.table_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bye": bye,
                "match": match,
                "players": players,
                "seed": seed,
                "table_id": table_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bye = d.pop("bye")

        match = d.pop("match")

        players = cast(list[int], d.pop("players"))

        seed = d.pop("seed")

        table_id = d.pop("table_id")

        tournament_table = cls(
            bye=bye,
            match=match,
            players=players,
            seed=seed,
            table_id=table_id,
        )

        tournament_table.additional_properties = d
        return tournament_table

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
