from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.record_command_command import RecordCommandCommand


T = TypeVar("T", bound="RecordCommand")


@_attrs_define
class RecordCommand:
    """
    Attributes:
        at_version (int):
        command (RecordCommandCommand):
        command_id (str):
        seat (int | None):
    """

    at_version: int
    command: RecordCommandCommand
    command_id: str
    seat: int | None

    def to_dict(self) -> dict[str, Any]:
        at_version = self.at_version

        command = self.command.to_dict()

        command_id = self.command_id

        seat: int | None
        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at_version": at_version,
                "command": command,
                "command_id": command_id,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_command_command import RecordCommandCommand  # noqa: PLC0415

        d = dict(src_dict)
        at_version = d.pop("at_version")

        command = RecordCommandCommand.from_dict(d.pop("command"))

        command_id = d.pop("command_id")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        record_command = cls(
            at_version=at_version,
            command=command,
            command_id=command_id,
            seat=seat,
        )

        return record_command
