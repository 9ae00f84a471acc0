from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tournament_placement import TournamentPlacement


T = TypeVar("T", bound="TournamentTableState")


@_attrs_define
class TournamentTableState:
    """
    Attributes:
        bye (bool):  Default: False.
        game_id (str):  Default: ''.
        match (str):  Default: ''.
        placements (list[TournamentPlacement]):
        players (list[int]):
        round_ (int):
        seed (str):  Default: ''.
        source (str):  Default: ''.
        status (str):  Default: 'open'.
        table_id (str):
    """

    placements: list[TournamentPlacement]
    players: list[int]
    round_: int
    table_id: str
    bye: bool = False
    game_id: str = ""
    match: str = ""
    seed: str = ""
    source: str = ""
    status: str = "open"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bye = self.bye

        game_id = self.game_id

        match = self.match

        placements = []
        for placements_item_data in self.placements:
            placements_item = placements_item_data.to_dict()
            placements.append(placements_item)

        players = self.players

        round_ = self.round_

        seed = self.seed

        source = self.source

        status = self.status

        table_id = self.table_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bye": bye,
                "game_id": game_id,
                "match": match,
                "placements": placements,
                "players": players,
                "round": round_,
                "seed": seed,
                "source": source,
                "status": status,
                "table_id": table_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_placement import TournamentPlacement  # noqa: PLC0415

        d = dict(src_dict)
        bye = d.pop("bye")

        game_id = d.pop("game_id")

        match = d.pop("match")

        placements = []
        _placements = d.pop("placements")
        for placements_item_data in _placements:
            placements_item = TournamentPlacement.from_dict(placements_item_data)

            placements.append(placements_item)

        players = cast(list[int], d.pop("players"))

        round_ = d.pop("round")

        seed = d.pop("seed")

        source = d.pop("source")

        status = d.pop("status")

        table_id = d.pop("table_id")

        tournament_table_state = cls(
            bye=bye,
            game_id=game_id,
            match=match,
            placements=placements,
            players=players,
            round_=round_,
            seed=seed,
            source=source,
            status=status,
            table_id=table_id,
        )

        tournament_table_state.additional_properties = d
        return tournament_table_state

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
