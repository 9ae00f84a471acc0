from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock_request import ClockRequest
    from ..models.hearts_options import HeartsOptions
    from ..models.seat_request import SeatRequest


T = TypeVar("T", bound="CreateHeartsGame")


@_attrs_define
class CreateHeartsGame:
    """
    Attributes:
        game (Literal['hearts']):
        seats (int | list[SeatRequest]):
        clock (ClockRequest | None | Unset):
        options (HeartsOptions | None | Unset):
        rated (bool | None | Unset):
        seed (None | str | Unset): Printable ASCII
        wait_seconds (int | None | Unset): With open seats: how long the table waits for players before it is cancelled
            (at most the service's GAMESTATE_LOBBY_WAIT_SECONDS, its default)
    """

    game: Literal["hearts"]
    seats: int | list[SeatRequest]
    clock: ClockRequest | None | Unset = UNSET
    options: HeartsOptions | None | Unset = UNSET
    rated: bool | None | Unset = UNSET
    seed: None | str | Unset = UNSET
    wait_seconds: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_request import ClockRequest  # noqa: PLC0415
        from ..models.hearts_options import HeartsOptions  # noqa: PLC0415

        game = self.game

        seats: int | list[dict[str, Any]]
        if isinstance(self.seats, list):
            seats = []
            for seats_type_0_item_data in self.seats:
                seats_type_0_item = seats_type_0_item_data.to_dict()
                seats.append(seats_type_0_item)

        else:
            seats = self.seats

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, ClockRequest):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        options: dict[str, Any] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, HeartsOptions):
            options = self.options.to_dict()
        else:
            options = self.options

        rated: bool | None | Unset
        if isinstance(self.rated, Unset):
            rated = UNSET
        else:
            rated = self.rated

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        wait_seconds: int | None | Unset
        if isinstance(self.wait_seconds, Unset):
            wait_seconds = UNSET
        else:
            wait_seconds = self.wait_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "seats": seats,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if options is not UNSET:
            field_dict["options"] = options
        if rated is not UNSET:
            field_dict["rated"] = rated
        if seed is not UNSET:
            field_dict["seed"] = seed
        if wait_seconds is not UNSET:
            field_dict["wait_seconds"] = wait_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_request import ClockRequest  # noqa: PLC0415
        from ..models.hearts_options import HeartsOptions  # noqa: PLC0415
        from ..models.seat_request import SeatRequest  # noqa: PLC0415

        d = dict(src_dict)
        game = cast(Literal["hearts"], d.pop("game"))
        if game != "hearts":
            raise ValueError(f"game must match const 'hearts', got '{game}'")

        def _parse_seats(data: object) -> int | list[SeatRequest]:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seats_type_0 = []
                _seats_type_0 = data
                for seats_type_0_item_data in _seats_type_0:
                    seats_type_0_item = SeatRequest.from_dict(seats_type_0_item_data)

                    seats_type_0.append(seats_type_0_item)

                return seats_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | list[SeatRequest], data)

        seats = _parse_seats(d.pop("seats"))

        def _parse_clock(data: object) -> ClockRequest | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = ClockRequest.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockRequest | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        def _parse_options(data: object) -> HeartsOptions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                options_type_0 = HeartsOptions.from_dict(data)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HeartsOptions | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))

        def _parse_rated(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        rated = _parse_rated(d.pop("rated", UNSET))

        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_wait_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        wait_seconds = _parse_wait_seconds(d.pop("wait_seconds", UNSET))

        create_hearts_game = cls(
            game=game,
            seats=seats,
            clock=clock,
            options=options,
            rated=rated,
            seed=seed,
            wait_seconds=wait_seconds,
        )

        return create_hearts_game
