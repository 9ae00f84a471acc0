from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.three_kingdoms_player_state import ThreeKingdomsPlayerState


T = TypeVar("T", bound="ThreeKingdomsGameSetUp")


@_attrs_define
class ThreeKingdomsGameSetUp:
    """
    Attributes:
        deficit_pool (list[int]):
        general_decks (list[list[str]]):
        pack (str):
        players (list[ThreeKingdomsPlayerState]):
        separation (list[str]):
        type_ (Literal['three_kingdoms.game_set_up']):
        unification (list[str]):
    """

    deficit_pool: list[int]
    general_decks: list[list[str]]
    pack: str
    players: list[ThreeKingdomsPlayerState]
    separation: list[str]
    type_: Literal["three_kingdoms.game_set_up"]
    unification: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deficit_pool = self.deficit_pool

        general_decks = []
        for general_decks_item_data in self.general_decks:
            general_decks_item = general_decks_item_data

            general_decks.append(general_decks_item)

        pack = self.pack

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        separation = self.separation

        type_ = self.type_

        unification = self.unification

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deficit_pool": deficit_pool,
                "general_decks": general_decks,
                "pack": pack,
                "players": players,
                "separation": separation,
                "type": type_,
                "unification": unification,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.three_kingdoms_player_state import ThreeKingdomsPlayerState  # noqa: PLC0415

        d = dict(src_dict)
        deficit_pool = cast(list[int], d.pop("deficit_pool"))

        general_decks = []
        _general_decks = d.pop("general_decks")
        for general_decks_item_data in _general_decks:
            general_decks_item = cast(list[str], general_decks_item_data)

            general_decks.append(general_decks_item)

        pack = d.pop("pack")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ThreeKingdomsPlayerState.from_dict(players_item_data)

            players.append(players_item)

        separation = cast(list[str], d.pop("separation"))

        type_ = cast(Literal["three_kingdoms.game_set_up"], d.pop("type"))
        if type_ != "three_kingdoms.game_set_up":
            raise ValueError(f"type must match const 'three_kingdoms.game_set_up', got '{type_}'")

        unification = cast(list[str], d.pop("unification"))

        three_kingdoms_game_set_up = cls(
            deficit_pool=deficit_pool,
            general_decks=general_decks,
            pack=pack,
            players=players,
            separation=separation,
            type_=type_,
            unification=unification,
        )

        three_kingdoms_game_set_up.additional_properties = d
        return three_kingdoms_game_set_up

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
