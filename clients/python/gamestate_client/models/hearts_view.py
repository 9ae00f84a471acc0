from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.hearts_play import HeartsPlay
    from ..models.hearts_seat_view import HeartsSeatView
    from ..models.hearts_trick import HeartsTrick
    from ..models.result import Result


T = TypeVar("T", bound="HeartsView")


@_attrs_define
class HeartsView:
    """
    Attributes:
        current (int | None):
        game (Literal['hearts']):
        hand (list[str] | None):
        hand_number (int):
        hearts_broken (bool):
        jack_of_diamonds (bool):
        moon (str):
        moons (list[int | None]):
        pass_direction (str):
        passed (list[str]):
        passed_to (int | None):
        phase (str):
        players (int):
        points_on_first_trick (bool):
        queen_breaks_hearts (bool):
        received (list[str]):
        received_from (int | None):
        result (None | Result):
        scores (list[list[int]]):
        seats (list[HeartsSeatView]):
        target_score (int):
        to_act (list[int]):
        trick (list[HeartsPlay]):
        tricks (list[HeartsTrick]):
        viewer (int | None):
    """

    current: int | None
    game: Literal["hearts"]
    hand: list[str] | None
    hand_number: int
    hearts_broken: bool
    jack_of_diamonds: bool
    moon: str
    moons: list[int | None]
    pass_direction: str
    passed: list[str]
    passed_to: int | None
    phase: str
    players: int
    points_on_first_trick: bool
    queen_breaks_hearts: bool
    received: list[str]
    received_from: int | None
    result: None | Result
    scores: list[list[int]]
    seats: list[HeartsSeatView]
    target_score: int
    to_act: list[int]
    trick: list[HeartsPlay]
    tricks: list[HeartsTrick]
    viewer: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.result import Result  # noqa: PLC0415

        current: int | None
        current = self.current

        game = self.game

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        hand_number = self.hand_number

        hearts_broken = self.hearts_broken

        jack_of_diamonds = self.jack_of_diamonds

        moon = self.moon

        moons = []
        for moons_item_data in self.moons:
            moons_item: int | None
            moons_item = moons_item_data
            moons.append(moons_item)

        pass_direction = self.pass_direction

        passed = self.passed

        passed_to: int | None
        passed_to = self.passed_to

        phase = self.phase

        players = self.players

        points_on_first_trick = self.points_on_first_trick

        queen_breaks_hearts = self.queen_breaks_hearts

        received = self.received

        received_from: int | None
        received_from = self.received_from

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        scores = []
        for scores_item_data in self.scores:
            scores_item = scores_item_data

            scores.append(scores_item)

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        target_score = self.target_score

        to_act = self.to_act

        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        viewer: int | None
        viewer = self.viewer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current": current,
                "game": game,
                "hand": hand,
                "hand_number": hand_number,
                "hearts_broken": hearts_broken,
                "jack_of_diamonds": jack_of_diamonds,
                "moon": moon,
                "moons": moons,
                "pass_direction": pass_direction,
                "passed": passed,
                "passed_to": passed_to,
                "phase": phase,
                "players": players,
                "points_on_first_trick": points_on_first_trick,
                "queen_breaks_hearts": queen_breaks_hearts,
                "received": received,
                "received_from": received_from,
                "result": result,
                "scores": scores,
                "seats": seats,
                "target_score": target_score,
                "to_act": to_act,
                "trick": trick,
                "tricks": tricks,
                "viewer": viewer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hearts_play import HeartsPlay  # noqa: PLC0415
        from ..models.hearts_seat_view import HeartsSeatView  # noqa: PLC0415
        from ..models.hearts_trick import HeartsTrick  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_current(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        current = _parse_current(d.pop("current"))

        game = cast(Literal["hearts"], d.pop("game"))
        if game != "hearts":
            raise ValueError(f"game must match const 'hearts', got '{game}'")

        def _parse_hand(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        hand = _parse_hand(d.pop("hand"))

        hand_number = d.pop("hand_number")

        hearts_broken = d.pop("hearts_broken")

        jack_of_diamonds = d.pop("jack_of_diamonds")

        moon = d.pop("moon")

        moons = []
        _moons = d.pop("moons")
        for moons_item_data in _moons:

            def _parse_moons_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            moons_item = _parse_moons_item(moons_item_data)

            moons.append(moons_item)

        pass_direction = d.pop("pass_direction")

        passed = cast(list[str], d.pop("passed"))

        def _parse_passed_to(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        passed_to = _parse_passed_to(d.pop("passed_to"))

        phase = d.pop("phase")

        players = d.pop("players")

        points_on_first_trick = d.pop("points_on_first_trick")

        queen_breaks_hearts = d.pop("queen_breaks_hearts")

        received = cast(list[str], d.pop("received"))

        def _parse_received_from(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        received_from = _parse_received_from(d.pop("received_from"))

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

        scores = []
        _scores = d.pop("scores")
        for scores_item_data in _scores:
            scores_item = cast(list[int], scores_item_data)

            scores.append(scores_item)

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = HeartsSeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        target_score = d.pop("target_score")

        to_act = cast(list[int], d.pop("to_act"))

        trick = []
        _trick = d.pop("trick")
        for trick_item_data in _trick:
            trick_item = HeartsPlay.from_dict(trick_item_data)

            trick.append(trick_item)

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = HeartsTrick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))

        hearts_view = cls(
            current=current,
            game=game,
            hand=hand,
            hand_number=hand_number,
            hearts_broken=hearts_broken,
            jack_of_diamonds=jack_of_diamonds,
            moon=moon,
            moons=moons,
            pass_direction=pass_direction,
            passed=passed,
            passed_to=passed_to,
            phase=phase,
            players=players,
            points_on_first_trick=points_on_first_trick,
            queen_breaks_hearts=queen_breaks_hearts,
            received=received,
            received_from=received_from,
            result=result,
            scores=scores,
            seats=seats,
            target_score=target_score,
            to_act=to_act,
            trick=trick,
            tricks=tricks,
            viewer=viewer,
        )

        hearts_view.additional_properties = d
        return hearts_view

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
