from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug
from ..models.game_status import GameStatus

if TYPE_CHECKING:
    from ..models.azul_view import AzulView
    from ..models.carcassonne_view import CarcassonneView
    from ..models.castles_view import CastlesView
    from ..models.game_resource_options import GameResourceOptions
    from ..models.result import Result
    from ..models.seat_info import SeatInfo
    from ..models.splendor_view import SplendorView
    from ..models.three_kingdoms_view import ThreeKingdomsView


T = TypeVar("T", bound="GameResource")


@_attrs_define
class GameResource:
    """
    Attributes:
        created_at (datetime.datetime):
        game (GameSlug):
        id (UUID):
        options (GameResourceOptions):
        result (None | Result):
        rules_version (str):
        seats (list[SeatInfo]):
        seed (None | str):
        seed_commitment (str):
        state (AzulView | CarcassonneView | CastlesView | SplendorView | ThreeKingdomsView):
        status (GameStatus):
        to_act (list[int]):
        updated_at (datetime.datetime):
        version (int):
        viewer (int | None):
    """

    created_at: datetime.datetime
    game: GameSlug
    id: UUID
    options: GameResourceOptions
    result: None | Result
    rules_version: str
    seats: list[SeatInfo]
    seed: None | str
    seed_commitment: str
    state: AzulView | CarcassonneView | CastlesView | SplendorView | ThreeKingdomsView
    status: GameStatus
    to_act: list[int]
    updated_at: datetime.datetime
    version: int
    viewer: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.azul_view import AzulView  # noqa: PLC0415
        from ..models.carcassonne_view import CarcassonneView  # noqa: PLC0415
        from ..models.castles_view import CastlesView  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.splendor_view import SplendorView  # noqa: PLC0415

        created_at = self.created_at.isoformat()

        game = self.game.value

        id = str(self.id)

        options = self.options.to_dict()

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        rules_version = self.rules_version

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
        elif isinstance(self.state, SplendorView):
            state = self.state.to_dict()
        elif isinstance(self.state, CarcassonneView):
            state = self.state.to_dict()
        elif isinstance(self.state, CastlesView):
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
                "created_at": created_at,
                "game": game,
                "id": id,
                "options": options,
                "result": result,
                "rules_version": rules_version,
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
        from ..models.game_resource_options import GameResourceOptions  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.seat_info import SeatInfo  # noqa: PLC0415
        from ..models.splendor_view import SplendorView  # noqa: PLC0415
        from ..models.three_kingdoms_view import ThreeKingdomsView  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        game = GameSlug(d.pop("game"))

        id = UUID(d.pop("id"))

        options = GameResourceOptions.from_dict(d.pop("options"))

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

        def _parse_state(data: object) -> AzulView | CarcassonneView | CastlesView | SplendorView | ThreeKingdomsView:
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
                state_type_1 = SplendorView.from_dict(data)

                return state_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_2 = CarcassonneView.from_dict(data)

                return state_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_3 = CastlesView.from_dict(data)

                return state_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            state_type_4 = ThreeKingdomsView.from_dict(data)

            return state_type_4

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
            created_at=created_at,
            game=game,
            id=id,
            options=options,
            result=result,
            rules_version=rules_version,
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
