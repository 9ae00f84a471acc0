from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.carcassonne_follower_view import CarcassonneFollowerView
    from ..models.carcassonne_placed_tile_view import CarcassonnePlacedTileView


T = TypeVar("T", bound="CarcassonneView")


@_attrs_define
class CarcassonneView:
    """
    Attributes:
        current (None | str):
        discarded (list[str]):
        farmers (bool):
        followers (list[CarcassonneFollowerView]):
        game (Literal['carcassonne']):
        over (bool):
        pile (int):
        pile_contents (list[list[int | str]]):
        players (int):
        river (bool):
        scores (list[int]):
        supply (list[int]):
        tiles (list[CarcassonnePlacedTileView]):
        turn (int | None):
    """

    current: None | str
    discarded: list[str]
    farmers: bool
    followers: list[CarcassonneFollowerView]
    game: Literal["carcassonne"]
    over: bool
    pile: int
    pile_contents: list[list[int | str]]
    players: int
    river: bool
    scores: list[int]
    supply: list[int]
    tiles: list[CarcassonnePlacedTileView]
    turn: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current: None | str
        current = self.current

        discarded = self.discarded

        farmers = self.farmers

        followers = []
        for followers_item_data in self.followers:
            followers_item = followers_item_data.to_dict()
            followers.append(followers_item)

        game = self.game

        over = self.over

        pile = self.pile

        pile_contents = []
        for pile_contents_item_data in self.pile_contents:
            pile_contents_item = []
            for pile_contents_item_item_data in pile_contents_item_data:
                pile_contents_item_item: int | str
                pile_contents_item_item = pile_contents_item_item_data
                pile_contents_item.append(pile_contents_item_item)

            pile_contents.append(pile_contents_item)

        players = self.players

        river = self.river

        scores = self.scores

        supply = self.supply

        tiles = []
        for tiles_item_data in self.tiles:
            tiles_item = tiles_item_data.to_dict()
            tiles.append(tiles_item)

        turn: int | None
        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current": current,
                "discarded": discarded,
                "farmers": farmers,
                "followers": followers,
                "game": game,
                "over": over,
                "pile": pile,
                "pile_contents": pile_contents,
                "players": players,
                "river": river,
                "scores": scores,
                "supply": supply,
                "tiles": tiles,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.carcassonne_follower_view import CarcassonneFollowerView  # noqa: PLC0415
        from ..models.carcassonne_placed_tile_view import CarcassonnePlacedTileView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_current(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        current = _parse_current(d.pop("current"))

        discarded = cast(list[str], d.pop("discarded"))

        farmers = d.pop("farmers")

        followers = []
        _followers = d.pop("followers")
        for followers_item_data in _followers:
            followers_item = CarcassonneFollowerView.from_dict(followers_item_data)

            followers.append(followers_item)

        game = cast(Literal["carcassonne"], d.pop("game"))
        if game != "carcassonne":
            raise ValueError(f"game must match const 'carcassonne', got '{game}'")

        over = d.pop("over")

        pile = d.pop("pile")

        pile_contents = []
        _pile_contents = d.pop("pile_contents")
        for pile_contents_item_data in _pile_contents:
            pile_contents_item = []
            _pile_contents_item = pile_contents_item_data
            for pile_contents_item_item_data in _pile_contents_item:

                def _parse_pile_contents_item_item(data: object) -> int | str:
                    return cast(int | str, data)

                pile_contents_item_item = _parse_pile_contents_item_item(pile_contents_item_item_data)

                pile_contents_item.append(pile_contents_item_item)

            pile_contents.append(pile_contents_item)

        players = d.pop("players")

        river = d.pop("river")

        scores = cast(list[int], d.pop("scores"))

        supply = cast(list[int], d.pop("supply"))

        tiles = []
        _tiles = d.pop("tiles")
        for tiles_item_data in _tiles:
            tiles_item = CarcassonnePlacedTileView.from_dict(tiles_item_data)

            tiles.append(tiles_item)

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        carcassonne_view = cls(
            current=current,
            discarded=discarded,
            farmers=farmers,
            followers=followers,
            game=game,
            over=over,
            pile=pile,
            pile_contents=pile_contents,
            players=players,
            river=river,
            scores=scores,
            supply=supply,
            tiles=tiles,
            turn=turn,
        )

        carcassonne_view.additional_properties = d
        return carcassonne_view

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
