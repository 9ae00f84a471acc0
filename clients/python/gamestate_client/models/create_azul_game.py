from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.azul_options import AzulOptions
    from ..models.clock_request import ClockRequest
    from ..models.seat_request import SeatRequest


T = TypeVar("T", bound="CreateAzulGame")


@_attrs_define
class CreateAzulGame:
    """
    Attributes:
        game (Literal['azul']):
        seats (list[SeatRequest]): 2 to 4 seats, in turn order
        clock (ClockRequest | None | Unset):
        options (AzulOptions | None | Unset):
        rated (bool | None | Unset):
        seed (None | str | Unset): Printable ASCII
    """

    game: Literal["azul"]
    seats: list[SeatRequest]
    clock: ClockRequest | None | Unset = UNSET
    options: AzulOptions | None | Unset = UNSET
    rated: bool | None | Unset = UNSET
    seed: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.azul_options import AzulOptions  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415

        game = self.game

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

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
        elif isinstance(self.options, AzulOptions):
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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.azul_options import AzulOptions  # noqa: PLC0415
        from ..models.clock_request import ClockRequest  # noqa: PLC0415
        from ..models.seat_request import SeatRequest  # noqa: PLC0415

        d = dict(src_dict)
        game = cast(Literal["azul"], d.pop("game"))
        if game != "azul":
            raise ValueError(f"game must match const 'azul', got '{game}'")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatRequest.from_dict(seats_item_data)

            seats.append(seats_item)

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

        def _parse_options(data: object) -> AzulOptions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                options_type_0 = AzulOptions.from_dict(data)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AzulOptions | None | Unset, data)

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

        create_azul_game = cls(
            game=game,
            seats=seats,
            clock=clock,
            options=options,
            rated=rated,
            seed=seed,
        )

        return create_azul_game
