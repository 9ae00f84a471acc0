from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CastlesTilesRevealed")


@_attrs_define
class CastlesTilesRevealed:
    """
    Attributes:
        builder (int):
        cards (list[int]):
        deck_after (list[int]):
        deck_count_after (int):
        from_deck_top (int):
        last_round (bool):
        reshuffled (bool):
        round_ (int):
        tiles (list[int]):
        type_ (Literal['castles.tiles_revealed']):
        used_after (list[int]):
    """

    builder: int
    cards: list[int]
    deck_after: list[int]
    deck_count_after: int
    from_deck_top: int
    last_round: bool
    reshuffled: bool
    round_: int
    tiles: list[int]
    type_: Literal["castles.tiles_revealed"]
    used_after: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        builder = self.builder

        cards = self.cards

        deck_after = self.deck_after

        deck_count_after = self.deck_count_after

        from_deck_top = self.from_deck_top

        last_round = self.last_round

        reshuffled = self.reshuffled

        round_ = self.round_

        tiles = self.tiles

        type_ = self.type_

        used_after = self.used_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "builder": builder,
                "cards": cards,
                "deck_after": deck_after,
                "deck_count_after": deck_count_after,
                "from_deck_top": from_deck_top,
                "last_round": last_round,
                "reshuffled": reshuffled,
                "round": round_,
                "tiles": tiles,
                "type": type_,
                "used_after": used_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        builder = d.pop("builder")

        cards = cast(list[int], d.pop("cards"))

        deck_after = cast(list[int], d.pop("deck_after"))

        deck_count_after = d.pop("deck_count_after")

        from_deck_top = d.pop("from_deck_top")

        last_round = d.pop("last_round")

        reshuffled = d.pop("reshuffled")

        round_ = d.pop("round")

        tiles = cast(list[int], d.pop("tiles"))

        type_ = cast(Literal["castles.tiles_revealed"], d.pop("type"))
        if type_ != "castles.tiles_revealed":
            raise ValueError(f"type must match const 'castles.tiles_revealed', got '{type_}'")

        used_after = cast(list[int], d.pop("used_after"))

        castles_tiles_revealed = cls(
            builder=builder,
            cards=cards,
            deck_after=deck_after,
            deck_count_after=deck_count_after,
            from_deck_top=from_deck_top,
            last_round=last_round,
            reshuffled=reshuffled,
            round_=round_,
            tiles=tiles,
            type_=type_,
            used_after=used_after,
        )

        castles_tiles_revealed.additional_properties = d
        return castles_tiles_revealed

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
