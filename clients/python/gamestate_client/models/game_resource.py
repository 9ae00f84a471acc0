from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_resource_origin import GameResourceOrigin
from ..models.game_slug import GameSlug
from ..models.game_status import GameStatus

if TYPE_CHECKING:
    from ..models.azul_view import AzulView
    from ..models.carcassonne_view import CarcassonneView
    from ..models.castles_view import CastlesView
    from ..models.clock_state import ClockState
    from ..models.ending import Ending
    from ..models.game_resource_options import GameResourceOptions
    from ..models.hearts_view import HeartsView
    from ..models.import_info import ImportInfo
    from ..models.result import Result
    from ..models.seat_info import SeatInfo
    from ..models.seat_status import SeatStatus
    from ..models.splendor_view import SplendorView
    from ..models.three_kingdoms_view import ThreeKingdomsView


T = TypeVar("T", bound="GameResource")


@_attrs_define
class GameResource:
    """
    Attributes:
        clock (ClockState | None):
        created_at (datetime.datetime):
        ending (Ending | None):
        game (GameSlug):
        id (UUID):
        imported (ImportInfo | None):
        options (GameResourceOptions):
        origin (GameResourceOrigin):  Default: GameResourceOrigin.PLAYED.
        result (None | Result):
        rules_version (str):
        seat_status (list[SeatStatus]):
        seats (list[SeatInfo]):
        seed (None | str):
        seed_commitment (str):
        state (AzulView | CarcassonneView | CastlesView | HeartsView | SplendorView | ThreeKingdomsView):
        status (GameStatus):
        to_act (list[int]):
        updated_at (datetime.datetime):
        version (int):
        viewer (int | None):
    """

    clock: ClockState | None
    created_at: datetime.datetime
    ending: Ending | None
    game: GameSlug
    id: UUID
    imported: ImportInfo | None
    options: GameResourceOptions
    result: None | Result
    rules_version: str
    seat_status: list[SeatStatus]
    seats: list[SeatInfo]
    seed: None | str
    seed_commitment: str
    state: AzulView | CarcassonneView | CastlesView | HeartsView | SplendorView | ThreeKingdomsView
    status: GameStatus
    to_act: list[int]
    updated_at: datetime.datetime
    version: int
    viewer: int | None
    origin: GameResourceOrigin = GameResourceOrigin.PLAYED
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.azul_view import AzulView  # noqa: PLC0415
        from ..models.carcassonne_view import CarcassonneView  # noqa: PLC0415
        from ..models.castles_view import CastlesView  # noqa: PLC0415
        from ..models.clock_state import ClockState  # noqa: PLC0415
        from ..models.ending import Ending  # noqa: PLC0415
        from ..models.hearts_view import HeartsView  # noqa: PLC0415
        from ..models.import_info import ImportInfo  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.splendor_view import SplendorView  # noqa: PLC0415

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockState):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        created_at = self.created_at.isoformat()

        ending: dict[str, Any] | None
        if isinstance(self.ending, Ending):
            ending = self.ending.to_dict()
        else:
            ending = self.ending

        game = self.game.value

        id = str(self.id)

        imported: dict[str, Any] | None
        if isinstance(self.imported, ImportInfo):
            imported = self.imported.to_dict()
        else:
            imported = self.imported

        options = self.options.to_dict()

        origin = self.origin.value

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        rules_version = self.rules_version

        seat_status = []
        for seat_status_item_data in self.seat_status:
            seat_status_item = seat_status_item_data.to_dict()
            seat_status.append(seat_status_item)

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        seed: None | str
        seed = self.seed

        seed_commitment = self.seed_commitment

        state: dict[str, Any]
        if isinstance(self.state, AzulView):
            state = self.state.to_dict()
        elif isinstance(self.state, CarcassonneView):
            state = self.state.to_dict()
        elif isinstance(self.state, CastlesView):
            state = self.state.to_dict()
        elif isinstance(self.state, HeartsView):
            state = self.state.to_dict()
        elif isinstance(self.state, SplendorView):
            state = self.state.to_dict()
        else:
            state = self.state.to_dict()

        status = self.status.value

        to_act = self.to_act

        updated_at = self.updated_at.isoformat()

        version = self.version

        viewer: int | None
        viewer = self.viewer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clock": clock,
                "created_at": created_at,
                "ending": ending,
                "game": game,
                "id": id,
                "imported": imported,
                "options": options,
                "origin": origin,
                "result": result,
                "rules_version": rules_version,
                "seat_status": seat_status,
                "seats": seats,
                "seed": seed,
                "seed_commitment": seed_commitment,
                "state": state,
                "status": status,
                "to_act": to_act,
                "updated_at": updated_at,
                "version": version,
                "viewer": viewer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.azul_view import AzulView  # noqa: PLC0415
        from ..models.carcassonne_view import CarcassonneView  # noqa: PLC0415
        from ..models.castles_view import CastlesView  # noqa: PLC0415
        from ..models.clock_state import ClockState  # noqa: PLC0415
        from ..models.ending import Ending  # noqa: PLC0415
        from ..models.game_resource_options import GameResourceOptions  # noqa: PLC0415
        from ..models.hearts_view import HeartsView  # noqa: PLC0415
        from ..models.import_info import ImportInfo  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.seat_info import SeatInfo  # noqa: PLC0415
        from ..models.seat_status import SeatStatus  # noqa: PLC0415
        from ..models.splendor_view import SplendorView  # noqa: PLC0415
        from ..models.three_kingdoms_view import ThreeKingdomsView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_clock(data: object) -> ClockState | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = ClockState.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockState | None, data)

        clock = _parse_clock(d.pop("clock"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_ending(data: object) -> Ending | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ending_type_0 = Ending.from_dict(data)

                return ending_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Ending | None, data)

        ending = _parse_ending(d.pop("ending"))

        game = GameSlug(d.pop("game"))

        id = UUID(d.pop("id"))

        def _parse_imported(data: object) -> ImportInfo | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                imported_type_0 = ImportInfo.from_dict(data)

                return imported_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ImportInfo | None, data)

        imported = _parse_imported(d.pop("imported"))

        options = GameResourceOptions.from_dict(d.pop("options"))

        origin = GameResourceOrigin(d.pop("origin"))

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

        rules_version = d.pop("rules_version")

        seat_status = []
        _seat_status = d.pop("seat_status")
        for seat_status_item_data in _seat_status:
            seat_status_item = SeatStatus.from_dict(seat_status_item_data)

            seat_status.append(seat_status_item)

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatInfo.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        seed_commitment = d.pop("seed_commitment")

        def _parse_state(
            data: object,
        ) -> AzulView | CarcassonneView | CastlesView | HeartsView | SplendorView | ThreeKingdomsView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = AzulView.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_1 = CarcassonneView.from_dict(data)

                return state_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_2 = CastlesView.from_dict(data)

                return state_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_3 = HeartsView.from_dict(data)

                return state_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_4 = SplendorView.from_dict(data)

                return state_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            state_type_5 = ThreeKingdomsView.from_dict(data)

            return state_type_5

        state = _parse_state(d.pop("state"))

        status = GameStatus(d.pop("status"))

        to_act = cast(list[int], d.pop("to_act"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))

        game_resource = cls(
            clock=clock,
            created_at=created_at,
            ending=ending,
            game=game,
            id=id,
            imported=imported,
            options=options,
            origin=origin,
            result=result,
            rules_version=rules_version,
            seat_status=seat_status,
            seats=seats,
            seed=seed,
            seed_commitment=seed_commitment,
            state=state,
            status=status,
            to_act=to_act,
            updated_at=updated_at,
            version=version,
            viewer=viewer,
        )

        game_resource.additional_properties = d
        return game_resource

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
