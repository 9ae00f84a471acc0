from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.result import Result
    from ..models.splendor_card_view import SplendorCardView
    from ..models.splendor_noble_view import SplendorNobleView
    from ..models.splendor_seat_view import SplendorSeatView


T = TypeVar("T", bound="SplendorView")


@_attrs_define
class SplendorView:
    """
    Attributes:
        board (list[list[None | SplendorCardView]]):
        current (int):
        deck_sizes (list[int]):
        final_round (bool):
        game (Literal['splendor']):
        must_return (int):
        noble_choice (list[int]):
        nobles (list[SplendorNobleView]):
        phase (str):
        players (int):
        result (None | Result):
        seats (list[SplendorSeatView]):
        supply (list[int]):
        tie_breaks (str):
        to_act (list[int]):
        viewer (int | None):
    """

    board: list[list[None | SplendorCardView]]
    current: int
    deck_sizes: list[int]
    final_round: bool
    game: Literal["splendor"]
    must_return: int
    noble_choice: list[int]
    nobles: list[SplendorNobleView]
    phase: str
    players: int
    result: None | Result
    seats: list[SplendorSeatView]
    supply: list[int]
    tie_breaks: str
    to_act: list[int]
    viewer: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.result import Result  # noqa: PLC0415
        from ..models.splendor_card_view import SplendorCardView  # noqa: PLC0415

        board = []
        for board_item_data in self.board:
            board_item = []
            for board_item_item_data in board_item_data:
                board_item_item: dict[str, Any] | None
                if isinstance(board_item_item_data, SplendorCardView):
                    board_item_item = board_item_item_data.to_dict()
                else:
                    board_item_item = board_item_item_data
                board_item.append(board_item_item)

            board.append(board_item)

        current = self.current

        deck_sizes = self.deck_sizes

        final_round = self.final_round

        game = self.game

        must_return = self.must_return

        noble_choice = self.noble_choice

        nobles = []
        for nobles_item_data in self.nobles:
            nobles_item = nobles_item_data.to_dict()
            nobles.append(nobles_item)

        phase = self.phase

        players = self.players

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        supply = self.supply

        tie_breaks = self.tie_breaks

        to_act = self.to_act

        viewer: int | None
        viewer = self.viewer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "board": board,
                "current": current,
                "deck_sizes": deck_sizes,
                "final_round": final_round,
                "game": game,
                "must_return": must_return,
                "noble_choice": noble_choice,
                "nobles": nobles,
                "phase": phase,
                "players": players,
                "result": result,
                "seats": seats,
                "supply": supply,
                "tie_breaks": tie_breaks,
                "to_act": to_act,
                "viewer": viewer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.result import Result  # noqa: PLC0415
        from ..models.splendor_card_view import SplendorCardView  # noqa: PLC0415
        from ..models.splendor_noble_view import SplendorNobleView  # noqa: PLC0415
        from ..models.splendor_seat_view import SplendorSeatView  # noqa: PLC0415

        d = dict(src_dict)
        board = []
        _board = d.pop("board")
        for board_item_data in _board:
            board_item = []
            _board_item = board_item_data
            for board_item_item_data in _board_item:

                def _parse_board_item_item(data: object) -> None | SplendorCardView:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        board_item_item_type_0 = SplendorCardView.from_dict(data)

                        return board_item_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(None | SplendorCardView, data)

                board_item_item = _parse_board_item_item(board_item_item_data)

                board_item.append(board_item_item)

            board.append(board_item)

        current = d.pop("current")

        deck_sizes = cast(list[int], d.pop("deck_sizes"))

        final_round = d.pop("final_round")

        game = cast(Literal["splendor"], d.pop("game"))
        if game != "splendor":
            raise ValueError(f"game must match const 'splendor', got '{game}'")

        must_return = d.pop("must_return")

        noble_choice = cast(list[int], d.pop("noble_choice"))

        nobles = []
        _nobles = d.pop("nobles")
        for nobles_item_data in _nobles:
            nobles_item = SplendorNobleView.from_dict(nobles_item_data)

            nobles.append(nobles_item)

        phase = d.pop("phase")

        players = d.pop("players")

        def _parse_result(data: object) -> None | Result:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Result.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Result, data)

        result = _parse_result(d.pop("result"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SplendorSeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        supply = cast(list[int], d.pop("supply"))

        tie_breaks = d.pop("tie_breaks")

        to_act = cast(list[int], d.pop("to_act"))

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))

        splendor_view = cls(
            board=board,
            current=current,
            deck_sizes=deck_sizes,
            final_round=final_round,
            game=game,
            must_return=must_return,
            noble_choice=noble_choice,
            nobles=nobles,
            phase=phase,
            players=players,
            result=result,
            seats=seats,
            supply=supply,
            tie_breaks=tie_breaks,
            to_act=to_act,
            viewer=viewer,
        )

        splendor_view.additional_properties = d
        return splendor_view

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
