from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SplendorGameSetUp")


@_attrs_define
class SplendorGameSetUp:
    """
    Attributes:
        board (list[list[int]]):
        deck_sizes (list[int]):
        decks (list[list[int]]):
        nobles (list[int]):
        type_ (Literal['splendor.game_set_up']):
    """

    board: list[list[int]]
    deck_sizes: list[int]
    decks: list[list[int]]
    nobles: list[int]
    type_: Literal["splendor.game_set_up"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        board = []
        for board_item_data in self.board:
            board_item = board_item_data

            board.append(board_item)

        deck_sizes = self.deck_sizes

        decks = []
        for decks_item_data in self.decks:
            decks_item = decks_item_data

            decks.append(decks_item)

        nobles = self.nobles

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "board": board,
                "deck_sizes": deck_sizes,
                "decks": decks,
                "nobles": nobles,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        board = []
        _board = d.pop("board")
        for board_item_data in _board:
            board_item = cast(list[int], board_item_data)

            board.append(board_item)

        deck_sizes = cast(list[int], d.pop("deck_sizes"))

        decks = []
        _decks = d.pop("decks")
        for decks_item_data in _decks:
            decks_item = cast(list[int], decks_item_data)

            decks.append(decks_item)

        nobles = cast(list[int], d.pop("nobles"))

        type_ = cast(Literal["splendor.game_set_up"], d.pop("type"))
        if type_ != "splendor.game_set_up":
            raise ValueError(f"type must match const 'splendor.game_set_up', got '{type_}'")

        splendor_game_set_up = cls(
            board=board,
            deck_sizes=deck_sizes,
            decks=decks,
            nobles=nobles,
            type_=type_,
        )

        splendor_game_set_up.additional_properties = d
        return splendor_game_set_up

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
