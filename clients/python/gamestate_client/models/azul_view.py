from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.azul_board import AzulBoard
    from ..models.azul_view_lid import AzulViewLid


T = TypeVar("T", bound="AzulView")


@_attrs_define
class AzulView:
    """
    Attributes:
        bag_size (int):
        boards (list[AzulBoard]):
        centre (list[str]):
        factories (list[list[str]]):
        game (Literal['azul']):
        grey_wall (bool):
        lid (AzulViewLid):
        marker_holder (int | None):
        marker_in_centre (bool):
        phase (str):
        players (int):
        round_ (int):
        starter (int):
        to_act (list[int]):
        viewer (int | None):
    """

    bag_size: int
    boards: list[AzulBoard]
    centre: list[str]
    factories: list[list[str]]
    game: Literal["azul"]
    grey_wall: bool
    lid: AzulViewLid
    marker_holder: int | None
    marker_in_centre: bool
    phase: str
    players: int
    round_: int
    starter: int
    to_act: list[int]
    viewer: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bag_size = self.bag_size

        boards = []
        for boards_item_data in self.boards:
            boards_item = boards_item_data.to_dict()
            boards.append(boards_item)

        centre = self.centre

        factories = []
        for factories_item_data in self.factories:
            factories_item = factories_item_data

            factories.append(factories_item)

        game = self.game

        grey_wall = self.grey_wall

        lid = self.lid.to_dict()

        marker_holder: int | None
        marker_holder = self.marker_holder

        marker_in_centre = self.marker_in_centre

        phase = self.phase

        players = self.players

        round_ = self.round_

        starter = self.starter

        to_act = self.to_act

        viewer: int | None
        viewer = self.viewer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bag_size": bag_size,
                "boards": boards,
                "centre": centre,
                "factories": factories,
                "game": game,
                "grey_wall": grey_wall,
                "lid": lid,
                "marker_holder": marker_holder,
                "marker_in_centre": marker_in_centre,
                "phase": phase,
                "players": players,
                "round": round_,
                "starter": starter,
                "to_act": to_act,
                "viewer": viewer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.azul_board import AzulBoard  # noqa: PLC0415
        from ..models.azul_view_lid import AzulViewLid  # noqa: PLC0415

        d = dict(src_dict)
        bag_size = d.pop("bag_size")

        boards = []
        _boards = d.pop("boards")
        for boards_item_data in _boards:
            boards_item = AzulBoard.from_dict(boards_item_data)

            boards.append(boards_item)

        centre = cast(list[str], d.pop("centre"))

        factories = []
        _factories = d.pop("factories")
        for factories_item_data in _factories:
            factories_item = cast(list[str], factories_item_data)

            factories.append(factories_item)

        game = cast(Literal["azul"], d.pop("game"))
        if game != "azul":
            raise ValueError(f"game must match const 'azul', got '{game}'")

        grey_wall = d.pop("grey_wall")

        lid = AzulViewLid.from_dict(d.pop("lid"))

        def _parse_marker_holder(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        marker_holder = _parse_marker_holder(d.pop("marker_holder"))

        marker_in_centre = d.pop("marker_in_centre")

        phase = d.pop("phase")

        players = d.pop("players")

        round_ = d.pop("round")

        starter = d.pop("starter")

        to_act = cast(list[int], d.pop("to_act"))

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))

        azul_view = cls(
            bag_size=bag_size,
            boards=boards,
            centre=centre,
            factories=factories,
            game=game,
            grey_wall=grey_wall,
            lid=lid,
            marker_holder=marker_holder,
            marker_in_centre=marker_in_centre,
            phase=phase,
            players=players,
            round_=round_,
            starter=starter,
            to_act=to_act,
            viewer=viewer,
        )

        azul_view.additional_properties = d
        return azul_view

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
