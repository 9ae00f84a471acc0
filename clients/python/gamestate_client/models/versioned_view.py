from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug

if TYPE_CHECKING:
    from ..models.azul_view import AzulView
    from ..models.carcassonne_view import CarcassonneView
    from ..models.castles_view import CastlesView
    from ..models.hearts_view import HeartsView
    from ..models.result import Result
    from ..models.splendor_view import SplendorView
    from ..models.three_kingdoms_view import ThreeKingdomsView
    from ..models.versioned_view_full_state_type_0 import VersionedViewFullStateType0


T = TypeVar("T", bound="VersionedView")


@_attrs_define
class VersionedView:
    """
    Attributes:
        full_state (None | VersionedViewFullStateType0):
        game (GameSlug):
        id (UUID):
        result (None | Result):
        state (AzulView | CarcassonneView | CastlesView | HeartsView | SplendorView | ThreeKingdomsView):
        to_act (list[int]):
        version (int):
        viewer (int | None):
    """

    full_state: None | VersionedViewFullStateType0
    game: GameSlug
    id: UUID
    result: None | Result
    state: AzulView | CarcassonneView | CastlesView | HeartsView | SplendorView | ThreeKingdomsView
    to_act: list[int]
    version: int
    viewer: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.azul_view import AzulView  # noqa: PLC0415
        from ..models.carcassonne_view import CarcassonneView  # noqa: PLC0415
        from ..models.castles_view import CastlesView  # noqa: PLC0415
        from ..models.hearts_view import HeartsView  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.splendor_view import SplendorView  # noqa: PLC0415
        from ..models.versioned_view_full_state_type_0 import VersionedViewFullStateType0  # noqa: PLC0415

        full_state: dict[str, Any] | None
        if isinstance(self.full_state, VersionedViewFullStateType0):
            full_state = self.full_state.to_dict()
        else:
            full_state = self.full_state

        game = self.game.value

        id = str(self.id)

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

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

        to_act = self.to_act

        version = self.version

        viewer: int | None
        viewer = self.viewer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "full_state": full_state,
                "game": game,
                "id": id,
                "result": result,
                "state": state,
                "to_act": to_act,
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
        from ..models.hearts_view import HeartsView  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.splendor_view import SplendorView  # noqa: PLC0415
        from ..models.three_kingdoms_view import ThreeKingdomsView  # noqa: PLC0415
        from ..models.versioned_view_full_state_type_0 import VersionedViewFullStateType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_full_state(data: object) -> None | VersionedViewFullStateType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                full_state_type_0 = VersionedViewFullStateType0.from_dict(data)

                return full_state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VersionedViewFullStateType0, data)

        full_state = _parse_full_state(d.pop("full_state"))

        game = GameSlug(d.pop("game"))

        id = UUID(d.pop("id"))

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

        to_act = cast(list[int], d.pop("to_act"))

        version = d.pop("version")

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))

        versioned_view = cls(
            full_state=full_state,
            game=game,
            id=id,
            result=result,
            state=state,
            to_act=to_act,
            version=version,
            viewer=viewer,
        )

        versioned_view.additional_properties = d
        return versioned_view

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
