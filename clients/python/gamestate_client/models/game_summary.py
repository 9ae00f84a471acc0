from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_slug import GameSlug
from ..models.game_status import GameStatus
from ..models.game_summary_origin import GameSummaryOrigin

if TYPE_CHECKING:
    from ..models.import_info import ImportInfo
    from ..models.result import Result
    from ..models.seat_info import SeatInfo


T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    """
    Attributes:
        created_at (datetime.datetime):
        game (GameSlug):
        id (UUID):
        imported (ImportInfo | None):
        origin (GameSummaryOrigin):  Default: GameSummaryOrigin.PLAYED.
        result (None | Result):
        seats (list[SeatInfo]):
        status (GameStatus):
        updated_at (datetime.datetime):
        version (int):
    """

    created_at: datetime.datetime
    game: GameSlug
    id: UUID
    imported: ImportInfo | None
    result: None | Result
    seats: list[SeatInfo]
    status: GameStatus
    updated_at: datetime.datetime
    version: int
    origin: GameSummaryOrigin = GameSummaryOrigin.PLAYED
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.import_info import ImportInfo  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        created_at = self.created_at.isoformat()

        game = self.game.value

        id = str(self.id)

        imported: dict[str, Any] | None
        if isinstance(self.imported, ImportInfo):
            imported = self.imported.to_dict()
        else:
            imported = self.imported

        origin = self.origin.value

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        status = self.status.value

        updated_at = self.updated_at.isoformat()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "game": game,
                "id": id,
                "imported": imported,
                "origin": origin,
                "result": result,
                "seats": seats,
                "status": status,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_info import ImportInfo  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415
        from ..models.seat_info import SeatInfo  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        origin = GameSummaryOrigin(d.pop("origin"))

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
            seats_item = SeatInfo.from_dict(seats_item_data)

            seats.append(seats_item)

        status = GameStatus(d.pop("status"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        version = d.pop("version")

        game_summary = cls(
            created_at=created_at,
            game=game,
            id=id,
            imported=imported,
            origin=origin,
            result=result,
            seats=seats,
            status=status,
            updated_at=updated_at,
            version=version,
        )

        game_summary.additional_properties = d
        return game_summary

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
